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

from .quietlog import Outage, redis_unreachable

log = logging.getLogger("pentarena.server")

CHANNEL = "pentarena:tables"
SERVER_DOWN = ("moves are still accepted and stored, and players on other instances get them "
               "from the database within a few seconds; computer moves wait until Redis "
               "answers (trying again meanwhile)")
SERVER_BACK = "table events and computer moves go through Redis again"
Handler = Callable[[dict[str, Any]], Awaitable[None]]


class LocalBus:
    """One process: nobody else to tell."""

    distributed = False
    outage: Outage | None = None

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
    """Redis pub/sub; events from this instance itself are not handled twice.  Redis out
    of reach is said once in the log, when it is back once more, by ``outage`` (one per
    process: the instance's computer-move queue tells it too)."""

    distributed = True

    def __init__(self, url: str, outage: Outage | None = None) -> None:
        super().__init__()
        import redis.asyncio as redis

        self.url = url
        self.redis = redis.from_url(url)
        self.outage = outage or Outage(log, SERVER_DOWN, SERVER_BACK)
        self._task: asyncio.Task | None = None

    async def start(self, handler: Handler) -> None:
        self._task = asyncio.get_running_loop().create_task(self._listen(handler))

    async def _listen(self, handler: Handler) -> None:
        delay = 0.1
        while True:
            try:
                async with self.redis.pubsub() as pubsub:
                    await pubsub.subscribe(CHANNEL)
                    async for message in pubsub.listen():
                        if message.get("type") == "subscribe":  # (Redis answered)
                            delay = 0.1
                            self.outage.ok()
                        if message.get("type") != "message":
                            continue
                        await self._handle(handler, message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis went away: retry, the store check covers the gap
                if redis_unreachable(exc):
                    self.outage.failed(exc)
                else:
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
            if redis_unreachable(exc):
                self.outage.failed(exc)
            else:
                log.warning("event bus: could not publish %s: %s", event.get("kind"), exc)
        else:
            self.outage.ok()

    async def ping(self) -> bool:
        """Does Redis answer?  (Any failure counts as out of reach: the health check and
        the worker ask every few seconds, and the outage is said once.)"""
        try:
            answered = bool(await self.redis.ping())
        except Exception as exc:
            self.outage.failed(exc)
            return False
        self.outage.ok()
        return answered

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
