"""Table events between server instances and workers.

One ``pentarena serve`` needs nothing here: :class:`LocalBus` delivers nothing anywhere.
With ``--redis-url``, :class:`RedisBus` publishes every change of a table (a move stored,
seats changed, a table created, a computer thinking, who is connected here) on one Redis
pub/sub channel, and each instance applies what the others did to its own copy of the
table and tells its own connections.  The store stays the truth: an instance that misses an
event notices the gap (or its periodic check does) and reloads the table from the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("pentarena.server")

CHANNEL = "pentarena:tables"
Handler = Callable[[dict[str, Any]], Awaitable[None]]


class LocalBus:
    """One process: nobody else to tell."""

    distributed = False

    def __init__(self) -> None:
        self.instance = secrets.token_hex(4)

    async def start(self, handler: Handler) -> None:
        pass

    async def publish(self, event: dict[str, Any]) -> None:
        pass

    async def close(self) -> None:
        pass

    async def ping(self) -> bool:
        return True


class RedisBus(LocalBus):
    """Redis pub/sub; events from this instance itself are not handled twice."""

    distributed = True

    def __init__(self, url: str) -> None:
        super().__init__()
        import redis.asyncio as redis

        self.url = url
        self.redis = redis.from_url(url)
        self._task: asyncio.Task | None = None

    async def start(self, handler: Handler) -> None:
        self._task = asyncio.get_running_loop().create_task(self._listen(handler))

    async def _listen(self, handler: Handler) -> None:
        delay = 0.1
        while True:
            try:
                async with self.redis.pubsub() as pubsub:
                    await pubsub.subscribe(CHANNEL)
                    delay = 0.1
                    async for message in pubsub.listen():
                        if message.get("type") != "message":
                            continue
                        await self._handle(handler, message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis went away: retry, the store check covers the gap
                log.warning("event bus: %s; reconnecting in %.1f s", exc, delay)
                await asyncio.sleep(delay)
                delay = min(2 * delay, 5.0)

    async def _handle(self, handler: Handler, data: bytes | str) -> None:
        try:
            event = json.loads(data)
        except (ValueError, TypeError):
            log.warning("event bus: ignored a message that is not JSON")
            return
        if not isinstance(event, dict) or event.get("instance") == self.instance:
            return
        try:
            await handler(event)
        except Exception:  # one bad event must not stop the listener
            log.exception("event bus: handling %s failed", event.get("kind"))

    async def publish(self, event: dict[str, Any]) -> None:
        try:
            await self.redis.publish(CHANNEL, json.dumps({**event, "instance": self.instance}))
        except Exception as exc:  # the move is stored; others catch up from the store
            log.warning("event bus: could not publish %s: %s", event.get("kind"), exc)

    async def ping(self) -> bool:
        try:
            return bool(await self.redis.ping())
        except Exception:
            return False

    async def stop(self) -> None:
        """Stop listening (:meth:`start` listens again)."""
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def close(self) -> None:
        await self.stop()
        await self.redis.aclose()


def make_bus(redis_url: str | None) -> LocalBus:
    return RedisBus(redis_url) if redis_url else LocalBus()
