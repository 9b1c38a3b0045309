"""The server's live side: tables in memory, their connections, computer seats.

Every move — a person's or a computer's — goes through :meth:`Hub.submit`: validated by the
table, committed to the store, then broadcast, each connection receiving only its own view.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import defaultdict
from concurrent.futures import Executor
from typing import Any, Protocol

from ..record import GameRecord
from .ai_worker import think
from .protocol import ProtocolError
from .store import Store
from .tables import Table

log = logging.getLogger("pentarena.server")

THINK_TIMEOUT = 10.0
"""Seconds beyond three times the move time after which a computer seat's search is
given up and a random legal move played instead."""


class Connection(Protocol):
    async def send_json(self, data: Any) -> None: ...


class Hub:
    def __init__(self, store: Store, executor: Executor, ai_time_limit: float | None = None):
        self.store = store
        self.executor = executor
        self.ai_time_limit = ai_time_limit
        self.tables: dict[str, Table] = {}
        self.connections: dict[str, dict[Connection, int | None]] = defaultdict(dict)
        self.locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.tasks: set[asyncio.Task] = set()
        self.counts: dict[tuple[str, str], Any] = {}

    # -- lifecycle ------------------------------------------------------------------
    def restore(self) -> int:
        """Load every table from the store; returns how many are unfinished."""
        unfinished = 0
        for stored in self.store.load_all():
            try:
                table = Table.from_stored(stored)
            except ValueError as exc:  # a table that no longer replays is skipped, not fatal
                log.error("table %s cannot be restored: %s", stored.id, exc)
                continue
            self.tables[table.id] = table
            unfinished += table.status == "playing"
        return unfinished

    def start_computers(self) -> None:
        for table in self.tables.values():
            self.schedule_computer(table)

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)

    # -- tables ---------------------------------------------------------------------
    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise ProtocolError("unknown-table", f"there is no table {table_id!r}")
        return table

    def create(self, game: str, options: dict, seats: list, name: str = "",
               seed: int | None = None) -> tuple[Table, dict[int, str]]:
        table, tokens = Table.create(game, options, seats, seed=seed, name=name)
        self.store.create_table(table.stored())
        self.tables[table.id] = table
        self.schedule_computer(table)
        return table, tokens

    def import_record(self, record: GameRecord) -> Table:
        table = Table.from_record(record)
        self.store.create_table(table.stored())
        self.tables[table.id] = table
        return table

    async def seats_changed(self, table: Table) -> None:
        self.store.update_seats(table.id, table.stored().seats)
        await self.broadcast(table)

    # -- connections ----------------------------------------------------------------
    def connected_seats(self, table_id: str) -> set[int]:
        return {s for s in self.connections[table_id].values() if s is not None}

    async def join(self, table: Table, conn: Connection, seat: int | None) -> None:
        self.connections[table.id][conn] = seat
        await self.broadcast(table)

    async def leave(self, table: Table, conn: Connection) -> None:
        self.connections[table.id].pop(conn, None)
        await self.broadcast(table)

    async def send_state(self, table: Table, conn: Connection, seat: int | None) -> None:
        await conn.send_json(table.payload(seat, self.connected_seats(table.id)))

    async def broadcast(self, table: Table) -> None:
        connected = self.connected_seats(table.id)
        for conn, seat in list(self.connections[table.id].items()):
            try:
                await conn.send_json(table.payload(seat, connected))
            except Exception:  # a dead connection is dropped; the others still get it
                self.connections[table.id].pop(conn, None)

    async def broadcast_event(self, table: Table, event: dict[str, Any]) -> None:
        for conn in list(self.connections[table.id]):
            try:
                await conn.send_json(event)
            except Exception:
                self.connections[table.id].pop(conn, None)

    # -- moves ----------------------------------------------------------------------
    async def submit(self, table: Table, seat: int | None, text: str,
                     version: int | None) -> str:
        """Validate, commit, then broadcast one move; returns its canonical text."""
        async with self.locks[table.id]:
            canonical = table.check_move(seat, text, version)
            ply = table.version
            table.apply_checked(canonical)
            try:
                self.store.add_move(table.id, ply, seat, canonical, table.status)
            except Exception:
                # Not persisted: take the move back so memory and database agree.
                table.state = table.state_at(ply)
                log.exception("could not store a move on table %s", table.id)
                raise ProtocolError("store-failed", "the move could not be saved; try again")
        await self.broadcast(table)
        self.schedule_computer(table)
        return canonical

    def _solo_turn(self, table: Table, seat: int | None) -> None:
        if not table.solo:
            raise ProtocolError("not-a-puzzle", "hints and solving are for puzzles")
        if seat is None or seat != table.state.current_player:
            raise ProtocolError("not-your-turn", "only the puzzle's player can ask for that")

    async def hint(self, table: Table, seat: int | None) -> str:
        """A move that leads to a solution from here (puzzles)."""
        self._solo_turn(table, seat)
        loop = asyncio.get_running_loop()
        state = table.state.clone()
        move = await loop.run_in_executor(None, state.hint)
        return str(move)

    async def solve(self, table: Table, seat: int | None) -> None:
        """Play hints until the puzzle is solved; every move is stored and broadcast."""
        self._solo_turn(table, seat)
        while not table.state.is_terminal():
            await self.submit(table, seat, await self.hint(table, seat), table.version)

    async def count_solutions(self, table: Table):
        """Count a puzzle's solutions (cached per region and pieces)."""
        key = (table.game.region, table.game.pieces)
        if key not in self.counts:
            loop = asyncio.get_running_loop()
            self.counts[key] = await loop.run_in_executor(None, table.game.count_solutions)
        return self.counts[key]

    def schedule_computer(self, table: Table) -> None:
        seat = table.computer_to_move()
        if seat is None or table.thinking is not None:
            return
        table.thinking = seat
        task = asyncio.get_event_loop().create_task(self._computer_move(table, seat))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _computer_move(self, table: Table, seat: int) -> None:
        version = table.version
        try:
            await self.broadcast_event(table, {"type": "thinking", "seat": seat})
            await self.broadcast(table)
            view = table.state.view(seat).to_json()
            level = table.seats[seat].level or "medium"
            loop = asyncio.get_running_loop()
            thinking = loop.run_in_executor(
                self.executor, think, table.game.name, dict(table.game.options), view,
                level, (table.seed or 0) + version, self.ai_time_limit)
            # bots keep to their time limits; this is only a watchdog
            text = await asyncio.wait_for(thinking, THINK_TIMEOUT + 3 * (self.ai_time_limit or 5))
        except asyncio.CancelledError:
            table.thinking = None
            raise
        except Exception:  # includes the watchdog's TimeoutError
            # The engine never fails to list a move: fall back on a random legal one.
            log.exception("computer seat %s on table %s failed; playing a random move",
                          seat, table.id)
            text = str(table.state.random_move(random.Random(version)))
        table.thinking = None
        try:
            await self.submit(table, seat, text, version)
        except ProtocolError as exc:
            log.error("computer move %r on table %s refused: %s", text, table.id, exc.message)
            await self.broadcast(table)
