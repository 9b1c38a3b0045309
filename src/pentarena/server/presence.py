"""Since when each seat has been away, by the server's clock (never a client's).

A seat is *away* while no connection holds it (here or, as last reported, on another
instance).  How long it has been away counts from the last moment it was seen: its last
connection closing, another instance's report naming it, its being taken (a person who
takes a seat and never connects is away from then) — or, for a seat not seen since the
table came into this server's memory (a restart), from that moment.  The count may come
out shorter than the truth, never longer: a seat is never freed too early.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Iterable


class LastSeen:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.seen: defaultdict[str, dict[int, float]] = defaultdict(dict)
        """Per table, per seat: when it was last seen."""
        self.known: dict[str, float] = {}
        """Per table: when this server first held it in memory."""
        self.turns: dict[str, tuple[int, float]] = {}
        """Per table: the number of moves of its position, and when it was first seen."""

    def table_known(self, table_id: str) -> None:
        self.known.setdefault(table_id, self.clock())

    def mark(self, table_id: str, seats: Iterable[int]) -> None:
        """These seats are seen now (connected, closing, taken)."""
        now = self.clock()
        for seat in seats:
            self.seen[table_id][seat] = now

    def away(self, table_id: str, seat: int, connected: set[int]) -> float | None:
        """Seconds the seat has been away, or None while it is connected."""
        if seat in connected:
            return None
        now = self.clock()
        since = self.seen.get(table_id, {}).get(seat, self.known.get(table_id, now))
        return max(0.0, now - since)

    def turn(self, table_id: str, version: int) -> float:
        """Seconds the position after ``version`` moves has stood (from when this server
        first saw it: a move, or the table loaded)."""
        now = self.clock()
        seen = self.turns.get(table_id)
        if seen is None or seen[0] != version:
            self.turns[table_id] = (version, now)
            return 0.0
        return max(0.0, now - seen[1])

    def forget(self, table_id: str) -> None:
        self.seen.pop(table_id, None)
        self.known.pop(table_id, None)
        self.turns.pop(table_id, None)
