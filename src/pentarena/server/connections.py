"""One WebSocket connection as the hub sees it: the seats it holds and a bounded send queue.

Sending never waits on the client.  :meth:`Client.send` puts the text in the connection's
own queue and returns; a writer task per connection drains it.  A client that does not read
fast enough to keep its queue under :data:`SEND_QUEUE` messages is disconnected (close code
1013, "try again later"), so one stalled reader can never slow a table down.  A client's own
requests wait for room instead (:meth:`Client.room`): one that sends many at once (pings,
syncs) is answered as fast as it reads, not dropped for the answers it has not read yet.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any, Protocol

log = logging.getLogger("pentarena.server")

SEND_QUEUE = 64
"""Messages a connection may have waiting before it is considered stalled."""
CLOSE_TIMEOUT = 5.0
TOO_SLOW = 1013


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...
    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Client:
    """A connection to one table: its socket, its seats, and its outgoing queue."""

    def __init__(self, socket: Socket, seats: frozenset[int] = frozenset(),
                 queue_size: int = SEND_QUEUE, tokens: tuple[str, ...] = (),
                 owner: str | None = None) -> None:
        self.socket = socket
        self.seats = seats
        self.tokens = tokens
        """The seat tokens it came with: its seats are those they still hold."""
        self.owner = owner
        """Who it is as far as limits per address go (its address, hashed): the work it
        asks of the worker pool (hints) counts as theirs."""
        self.queue: asyncio.Queue[str] = asyncio.Queue(queue_size)
        self.closed = asyncio.Event()
        self.sent = asyncio.Event()
        """Set when a message has gone out (or the connection ended): room may be free."""
        self.dropped = False
        self._writer = asyncio.get_running_loop().create_task(self._write())

    def seat_for(self, to_move: int | None, seats: frozenset[int] | None = None) -> int | None:
        """The seat this connection acts and sees as: the seat to move if it holds it
        (several seats: hot-seat play at one screen), else its lowest seat.  ``seats``:
        the seats it holds, when known better than :attr:`seats` (read from the table)."""
        seats = self.seats if seats is None else seats
        if to_move in seats:
            return to_move
        return min(seats) if seats else None

    def send(self, message: dict[str, Any] | str) -> bool:
        """Queue a message (a dict, or JSON text already encoded); False if the client was
        dropped for falling behind."""
        if self.closed.is_set():
            return False
        text = message if isinstance(message, str) else json.dumps(message)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.drop()
            return False
        return True

    def drop(self) -> None:
        """Disconnect a client that stopped reading; the others never wait for it."""
        if self.closed.is_set():
            return
        self.dropped = True
        log.info("dropping a connection that stopped reading (%d messages waiting)",
                 self.queue.qsize())
        self._finish()
        loop = asyncio.get_running_loop()
        loop.create_task(self._close(TOO_SLOW, "too slow: messages were piling up"))

    async def room(self) -> None:
        """Wait while half the send queue is taken (the client reads slower than it asks),
        or until the connection ends.  The reader calls it before each request, so the
        answers to a burst of requests never fill the queue by themselves."""
        while self.queue.qsize() > self.queue.maxsize // 2 and not self.closed.is_set():
            self.sent.clear()
            await self.sent.wait()

    def _finish(self) -> None:
        self.closed.set()
        self.sent.set()
        self._writer.cancel()

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.socket.close(code, reason), CLOSE_TIMEOUT)

    async def _write(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                await self.socket.send_text(text)
                self.sent.set()
        except asyncio.CancelledError:
            pass
        except Exception:  # the socket is gone; the receive side notices and leaves
            self.closed.set()
            self.sent.set()

    async def aclose(self) -> None:
        """Stop the writer (after the connection ended)."""
        self._finish()
        with contextlib.suppress(asyncio.CancelledError):
            await self._writer

    async def close(self, code: int, reason: str) -> None:
        """End the connection from the server's side (shutting down)."""
        if self.closed.is_set():
            return
        await self.aclose()
        await self._close(code, reason)
