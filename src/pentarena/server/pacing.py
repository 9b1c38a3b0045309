"""How fast the server reads one WebSocket connection: a token bucket per connection.

A page sends a move, a hint request or a keepalive ping now and then, a burst at most (a
page connecting again: its sync, its ping, a move), far under the bucket.  A client that
sends faster is read no faster than the pace: its messages wait unread in its own
connection (the network's flow control holds the rest at the sender), none is lost or
refused, and a flood costs the server nothing while it waits — no table's moves queue
behind it.  A client that sends on without end stops reading its keepalive pings' answers
in time and is closed by the WebSocket layer.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

MESSAGES_PER_SECOND = 20.0
"""Messages read from a connection a second, over time ..."""
MESSAGE_BURST = 40
"""... and at once (the bucket's size)."""


class Pace:
    """When the next message of one connection may be read: ``rate`` a second over time,
    ``burst`` at once."""

    def __init__(self, rate: float = MESSAGES_PER_SECOND, burst: int = MESSAGE_BURST,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.sleep = sleep
        self.tokens = float(burst)
        self.at = clock()

    def take(self) -> float:
        """Count one message read now: the seconds to wait before reading it (0: at once)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate) - 1
        self.at = now
        return 0.0 if self.tokens > -1e-9 else -self.tokens / self.rate  # (rounding)

    async def next(self) -> None:
        """Wait until one more message may be read."""
        wait = self.take()
        if wait > 0:
            await self.sleep(wait)
