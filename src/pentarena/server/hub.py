"""The server's live side: tables in memory, their connections, computer seats.

Every move — a person's or a computer's — goes through :meth:`Hub.submit`: validated by the
table, committed to the store (off the event loop, fenced by version), then taken by the
table and broadcast, each connection receiving only its own view.  Sending never waits on a
client (see :mod:`.connections`); thinking never runs on the event loop (see
:mod:`.workers`, or :mod:`.cluster` when computer moves go to a Redis queue).

Several instances may share one store: each keeps its own copy of the tables, tells the
others what it changed through the event bus (:mod:`.bus`) and applies what they changed;
a conflict (another instance moved first) or a gap reloads the table from the store.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from collections import Counter, OrderedDict, defaultdict, deque
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

from ..core.errors import shown
from ..record import GameRecord
from .bus import LocalBus
from .connections import Client
from .advice import Advice
from .pacing import MESSAGE_BURST, MESSAGES_PER_SECOND
from .jobs import ANALYSIS_MOVE_SECONDS, HINT_LEVEL, HINT_SECONDS, think, warm
from .presence import LastSeen
from .protocol import ProtocolError, database_unavailable
from .quietlog import redis_unreachable
from .store import Conflict, Refused, Stamp, Store, Unreadable, unreachable
from .tables import AWAY_SECONDS, HEARTBEAT_SECONDS, IDLE_SECONDS, MOVE_REFUSALS, Seat, Table
from .workers import (NOBODY_PLAYS, PEOPLE_AWAY, PEOPLE_WAITING, THINK_TIMEOUT, JobDropped,
                      JobFailed, PoolClosed, WorkerPool)

T = TypeVar("T")

log = logging.getLogger("pentarena.server")

STORE_RETRY_MAX = 5.0
"""Longest wait between a computer seat's attempts to store its move."""
RESYNC_SECONDS = 2.0
"""With other instances: how often tables watched here are checked against the store (and
their computer moves' jobs against loss: see :meth:`Hub._requeue_lost`)."""
ENQUEUE_RETRY_MAX = 5.0
"""Longest wait between attempts to queue a computer move while Redis refuses."""
PRESENCE_TTL = 30.0
"""Seconds another instance's report of who is connected there stays valid."""
PRESENCE_INTERVAL = 0.25
"""Seconds between two presence events of a table at least: a change meanwhile goes out
once that time is up, saying how things stand then."""
UNUSED_SECONDS = 60.0
"""A table unused for this long (and not in use: see :meth:`Hub._in_use`) may be dropped
from memory when there are more than ``Limits.tables_in_memory``."""
MAX_LISTED_HELD = 50
"""Most tables a browser's cookies name that a lobby listing reads."""
WATCHED_AFTER_LEAVING = 10.0
"""Seconds a computer-only table's search under way goes on after its last watcher left: a
reload of its page, or a connection dropped and made again, keeps it going (it was stopped
and begun again each time); nobody back by then, it is stopped.  No other search begins
while nobody watches (the move found meanwhile is played: the next waits)."""


@dataclass(frozen=True)
class Limits:
    """What one client or table may ask of the server."""

    computer_only_tables: int = 3
    """Computer-only tables one creator may have playing at once."""
    tables_per_minute: int = 60
    """Tables one creator (an address) may create in any minute."""
    seat_changes_per_minute: int = 60
    """Seat changes (taking, leaving, freeing a seat) one address may make in any minute:
    each is stored and sent to every connection of its table."""
    count_seconds: float = 60.0
    """Time cap of one puzzle solution count."""
    hint_seconds: float = 30.0
    hints_per_address: int = 4
    """Hints one address (its connections, at any tables) may have being worked out at
    once (besides one at a time per seat)."""
    hints_cached: int = 512
    """Hints answered kept, by table, version and seat: asked again, they are sent again."""
    counts_cached: int = 256
    advice_level: str = HINT_LEVEL
    """The computer level that suggests a move when a player asks for a hint in a game."""
    advice_seconds: float = HINT_SECONDS
    """Search time of one such hint (the job is stopped after ``hint_seconds``)."""
    analysis_move_seconds: float = ANALYSIS_MOVE_SECONDS
    """Post-game analysis: the most time spent judging one move (a hint is checked as
    this budget judges it) ..."""
    analysis_seconds: float = 120.0
    """... and for a whole game (long games get less per move)."""
    analyses_cached: int = 64
    analyses_at_once: int = 8
    """Post-game analyses computed at once, in all: a new one past it is refused (429
    ``too-many-analyses``, with Retry-After) until one ends ..."""
    analyses_per_address: int = 2
    """... and for the address that asks."""
    away_seconds: float = AWAY_SECONDS
    """How long a person's seat must have had no connection before another player of the
    table may free it (for a fresh invite)."""
    idle_seconds: float = IDLE_SECONDS
    """... or its player must have had the turn without moving, connected or not."""
    heartbeat_seconds: float = HEARTBEAT_SECONDS
    """How often the server pings each WebSocket (a protocol ping) and how long it waits
    for the answer before it closes a connection gone silent (a half-open one: a Wi-Fi
    that died, a NAT that forgot it), its seat then away; said to pages in every presence
    event (``heartbeat``), which ping the server as often: a page cannot see the
    protocol's pings, and needs its own to find a silent connection."""
    messages_per_second: float = MESSAGES_PER_SECOND
    """Messages one WebSocket connection may send a second, over time ..."""
    message_burst: int = MESSAGE_BURST
    """... and at once (see :mod:`.pacing`)."""
    tables_in_memory: int = 2000
    """Tables kept in memory besides those in use: the ones used last (a restart loads
    these; any other is read from the store when asked for)."""


def quiet(table: Table, since: float | None, begun_since: float | None) -> bool:
    """Whether a listing leaves ``table`` out: updated before ``since``, or never begun
    (at most one move) and updated before ``begun_since`` (the store's filter)."""
    return ((since is not None and table.updated < since)
            or (begun_since is not None and table.version <= 1 and table.updated < begun_since))


class Hub(Advice):
    def __init__(self, store: Store, pool: WorkerPool, ai_time_limit: float | None = None,
                 limits: Limits | None = None, bus: LocalBus | None = None,
                 computer_queue=None) -> None:
        super().__init__()
        self.store = store
        self.pool = pool
        self.ai_time_limit = ai_time_limit
        self.limits = limits or Limits()
        self.bus = bus or LocalBus()
        self.queue = computer_queue  # a cluster.ComputerQueue: computer moves on Redis
        self.remote_presence: dict[str, dict[str, tuple[float, frozenset[int]]]] = defaultdict(dict)
        self.tables: OrderedDict[str, Table] = OrderedDict()
        """The tables in memory, the one used longest ago first (see :meth:`_trim`)."""
        self.used: dict[str, float] = {}
        self.reading: dict[str, asyncio.Future] = {}
        """Tables being read from the store (one read per table, however many ask)."""
        self.unreadable: list[Unreadable] = []
        self.clients: dict[str, set[Client]] = defaultdict(set)
        self.unwatched_at: dict[str, float] = {}
        """When each table's last connection here closed (none open since)."""
        self.last_seen = LastSeen()
        """Since when each seat has been away (a seat away long enough may be freed)."""
        self.locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.thinking: dict[str, asyncio.Task] = {}
        self.queued: dict[str, tuple[int, float]] = {}
        """Queue mode: per table, the version whose computer move was last queued from here
        and when (``time.monotonic``): a move that does not come is queued again."""
        self.tasks: set[asyncio.Task] = set()
        self.created: defaultdict[str, deque[float]] = defaultdict(deque)
        """Per creator, when it created its tables of the last minute."""
        self.seat_changes: defaultdict[str, deque[float]] = defaultdict(deque)
        """Per address, when it changed seats in the last minute."""
        self.creating: Counter[str | None] = Counter()
        """Per creator, its computer-only tables being stored (not yet in ``tables``)."""
        self._texts: dict[str, tuple[tuple, dict[Any, str]]] = {}
        self._presence_sent: dict[str, list[int]] = {}
        """Per table, the connected seats its last presence event told (see :meth:`presence`)."""
        self._presence_at: dict[str, float] = {}
        """Per table, when (the loop's clock) its last presence event went out."""
        self._presence_due: dict[str, asyncio.TimerHandle] = {}
        """Per table, the presence event held back until :data:`PRESENCE_INTERVAL` is up."""

    # -- lifecycle ------------------------------------------------------------------
    def restore(self) -> int:
        """Load the tables used last (``Limits.tables_in_memory``) from the store; returns
        how many are unfinished.  A table that cannot be read back is set aside (logged,
        listed by /api/health), not fatal."""
        stored, self.unreadable = self.store.load_all(limit=self.limits.tables_in_memory)
        for t in stored:
            try:
                table = Table.from_stored(t)
            except Exception as exc:  # noqa: BLE001 - any bad row is set aside
                self.unreadable.append(Unreadable(t.id, f"{type(exc).__name__}: {exc}"))
                continue
            self._keep(table)
        self.tables = OrderedDict(reversed(self.tables.items()))  # read latest first
        for bad in self.unreadable:
            log.error("table %s set aside: it cannot be restored: %s", bad.id, bad.reason)
        return sum(t.status == "playing" for t in self.tables.values())

    async def start(self) -> None:
        """Start thinking for restored computer seats; with other instances, listen to
        them and keep checking the watched tables against the store."""
        self.pool.open()
        await self.bus.start(self.on_event)
        if self.queue is not None:
            await self.queue.connect()
        if self.bus.distributed or self.queue is not None:
            self.spawn(self._resync_loop())
        self.spawn(self._warm_up())
        for table in list(self.tables.values()):
            self.schedule_computer(table)

    async def _warm_up(self) -> None:
        """Start the worker processes and load the engines and the solver in them now,
        so that the first hint or computer move does not wait for it."""
        for _ in range(self.pool.size):
            try:
                await self.pool.run(warm, timeout=120, priority=NOBODY_PLAYS + 1)
            except JobFailed as exc:
                log.warning("warming up a worker failed: %s", exc)

    async def close(self, code: int = 1001) -> None:
        """Stop: close every connection (``code`` 1012 tells browsers to come back, to this
        or another instance), stop thinking, finish the queued writes."""
        for task in list(self.tasks):
            task.cancel()
        for clients in list(self.clients.values()):
            for client in list(clients):
                await client.close(code, "the server is restarting")
        self.pool.close()
        await self.bus.close()
        if self.queue is not None:
            await self.queue.close()

    def spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # -- tables ---------------------------------------------------------------------
    async def get(self, table_id: str, fresh: bool = False) -> Table:
        """The table (loaded from the store if this instance has not seen it yet).  With
        other instances and ``fresh``, first checked against the store: an instance that
        died between storing a move and telling the others leaves no stale answer."""
        table = self.tables.get(table_id)
        if table is None:
            table = await self._load(table_id)
        else:
            self._keep(table)
            if fresh and self.bus.distributed:
                try:
                    stored = await asyncio.to_thread(self.store.versions, [table_id])
                except Exception as exc:  # the database out of reach: the copy held here
                    log.warning("table %s not checked against the store: %s", table_id, exc)
                    stored = {}
                if table_id in stored:
                    await self._catch_up(table, stored[table_id])
        if table is None:
            raise ProtocolError("unknown-table", f"there is no table {shown(table_id)}")
        return table

    async def _load(self, table_id: str, again: bool = False) -> Table | None:
        """Read one table from the store into memory (replacing what was there, unless
        what was there is newer).  Reads of a table share one read, but for ``again``:
        a read of its own, started now."""
        if len(table_id) > 32:
            return None
        reading = None if again else self.reading.get(table_id)
        if reading is None:
            reading = asyncio.ensure_future(asyncio.to_thread(self._read, table_id))
            self.reading[table_id] = reading
            reading.add_done_callback(
                lambda done: self.reading.get(table_id) is done and self.reading.pop(table_id))
        table = await asyncio.shield(reading)
        if table is None:
            return None
        old = self.tables.get(table_id)
        if old is not None and (table.version < old.version
                                or table.seats_version < old.seats_version):
            self._keep(old)  # read before a move or a seat change taken here meanwhile
            return old
        if old is not None and old is not table:
            old.state, old.seats, old.seats_version = table.state, table.seats, table.seats_version
            old.next_table = table.next_table or old.next_table
            old.solved_from = table.solved_from if table.solved_from is not None else old.solved_from
            old.updated, old.revision = table.updated, old.revision + 1
            self._keep(old)
            return old
        self._keep(table)
        self._trim()
        return table

    def _read(self, table_id: str) -> Table | None:
        """The table as stored, or None (none, or it does not read back: logged).  Runs
        in a thread: replaying the moves takes a while."""
        try:
            stored = self.store.load(table_id)
            return Table.from_stored(stored) if stored else None
        except Exception as exc:  # noqa: BLE001 - an unreadable row is not a table
            if unreachable(exc):  # the database did not answer: not "no such table"
                self.store.unanswered(f"reading table {table_id}", exc)
                raise database_unavailable() from None
            log.error("table %s cannot be loaded: %s", table_id, exc)
            return None

    async def listing(self, limit: int, status: str | None = None, since: float | None = None,
                      also: list[str] = (), begun_since: float | None = None,
                      ) -> tuple[list[Table], int]:
        """The tables updated last (at most ``limit``; ``status``, updated at or after
        ``since``, and if never begun — at most one move — at or after ``begun_since``),
        preceded by those of ``also`` that fit the same filter, and how many tables the
        filter leaves out — from the store, so that every table counts, whether in memory
        here or not."""
        ids = await asyncio.to_thread(self.store.recent, limit, status, since, begun_since)
        hidden = await asyncio.to_thread(self.store.count, status, since, begun_since)
        tables = []
        for table_id in dict.fromkeys([*also[:MAX_LISTED_HELD], *ids]):
            table = self.tables.get(table_id) or await self._load(table_id)
            if table is not None and (not status or table.status == status) and not quiet(
                    table, since, begun_since):
                tables.append(table)
        return tables, hidden

    # -- tables in memory ---------------------------------------------------------------
    def _keep(self, table: Table) -> None:
        """Hold ``table`` in memory, as the one used last."""
        self.tables[table.id] = table
        self.tables.move_to_end(table.id)
        self.used[table.id] = time.monotonic()
        self.last_seen.table_known(table.id)

    def _in_use(self, table_id: str) -> bool:
        """Whether anything here needs the table in memory: a connection, the computer's
        move, a hint, a count, an analysis, a move being stored."""
        lock = self.locks.get(table_id)
        return bool(self.clients.get(table_id) or table_id in self.thinking
                    or table_id in self.analysing or table_id in self.counting
                    or table_id in self.solving
                    or (lock is not None and lock.locked())
                    or any(key[0] == table_id for key in self.hinting))

    def _trim(self) -> None:
        """Past ``tables_in_memory`` tables, forget those used longest ago — not in use,
        unused for ``UNUSED_SECONDS`` — until there are no more than that (a table
        forgotten is read from the store again when asked for)."""
        excess = len(self.tables) - self.limits.tables_in_memory
        now = time.monotonic()
        for table_id in list(self.tables):
            if excess <= 0 or now - self.used.get(table_id, 0.0) < UNUSED_SECONDS:
                break  # the tables after it were used later still
            if not self._in_use(table_id):
                del self.tables[table_id]
                for held in (self.used, self.locks, self._texts, self._presence_sent,
                             self._presence_at, self.remote_presence, self.clients,
                             self.queued, self.unwatched_at):
                    held.pop(table_id, None)
                due = self._presence_due.pop(table_id, None)
                if due is not None:
                    due.cancel()
                self.last_seen.forget(table_id)
                excess -= 1

    async def reload(self, table: Table) -> None:
        """Catch up with the store (after a conflict, a gap, or a missed event)."""
        async with self.locks[table.id]:
            await self._load(table.id, again=True)
        await self.reseat(table)
        self.broadcast(table)
        self.schedule_computer(table)

    async def create(self, game: str, options: dict, seats: list | None, name: str = "",
                     seed: int | None = None, creator: str | None = None,
                     hints: bool | None = None) -> tuple[Table, dict[int, str]]:
        """A new game's table (:meth:`Table.create`), stored and started."""
        made = Table.create(game, options, seats, seed=seed, name=name, creator=creator,
                            hints=hints)
        return await self._add_table(made, creator)

    async def rematch(self, source: Table, seats: list | None, name: str = "",
                      creator: str | None = None) -> tuple[Table, dict[int, str]]:
        """The rematch of the finished game at ``source`` at a new table."""
        made = Table.seated(source.rematch_start(), seats, name, creator, hints=source.hints)
        return await self._add_table(made, creator)

    async def again(self, source: Table, held: frozenset[int],
                    creator: str | None = None) -> tuple[Table, dict[int, str]]:
        """*Play again*: the same game with the same players at a new table (a fresh deal
        or seed), each other person's seat kept for them (:meth:`Table.again_seats`), and
        the finished table pointing its players there.  Once it points somewhere, a second
        *Play again* (another player's, pressed before the first was seen) is refused with
        that table's id (``next-exists``, fact ``next``): its seats are taken there with
        ``follow``."""
        specs, heirs = source.again_seats(held)
        async with self.locks[source.id]:  # two players' presses: one next game
            if source.next_table is not None:
                raise self._next_exists(source.next_table)
            made = Table.create(source.game.name, dict(source.game.options), specs,
                                creator=creator, heirs=heirs, hints=source.hints)
            made[0].follows = source.id
            # a seat kept for another player is theirs (follow): its invite goes to nobody
            made = (made[0], {i: t for i, t in made[1].items() if i not in heirs})
            result = await self._add_table(made, creator, after=source)
            self._points_to(source, made[0].id)
            await self.bus.publish({"kind": "next", "table": source.id, "next": made[0].id})
        return result

    @staticmethod
    def _next_exists(next_id: str) -> ProtocolError:
        return ProtocolError("next-exists", "the next game has begun already (someone pressed "
                             f"Play again): join it at table {next_id}", next=next_id)

    def _points_to(self, source: Table, next_id: str) -> None:
        """The finished table ``source`` now points its players to table ``next_id``."""
        if source.next_table != next_id:
            source.next_table = next_id
            source.revision += 1
            self.broadcast(source)

    async def _add_table(self, made: tuple[Table, dict[int, str]], creator: str | None,
                         after: Table | None = None) -> tuple[Table, dict[int, str]]:
        """Count, store and start a table just made, within the creator's limits; with
        ``after``, as the next game of that finished table, stored only if no other is
        (another instance's *Play again* may have been first: ``next-exists``)."""
        table, tokens = made
        if creator is not None:
            self._count_creation(creator)
        if table.computer_only:
            mine = sum(1 for t in self.tables.values() if t.computer_only and t.creator == creator
                       and t.status == "playing") + self.creating[creator]
            if mine >= self.limits.computer_only_tables:
                raise ProtocolError("too-many-tables", f"you already have {mine} tables where "
                                    "only computers play; wait for one to finish (they play "
                                    "only while someone watches: open one to let it go on)")
        self.creating[creator] += table.computer_only  # counted while it is being stored
        try:
            if after is None:
                await self._store(self.store.create_table(table.stored()))
            else:
                recorded = await self._store(self.store.create_next(after.id, table.stored()))
                if recorded is None:  # (the finished table is not in the database)
                    raise ProtocolError("unknown-table", f"table {after.id} is not stored: "
                                        "its next game cannot be made")
                if recorded != table.id:  # another instance's press, not heard yet
                    self._points_to(after, recorded)
                    raise self._next_exists(recorded)
            self._keep(table)
        finally:
            self.creating[creator] -= table.computer_only
            if not self.creating[creator]:
                del self.creating[creator]
        self._trim()
        await self.bus.publish({"kind": "created", "table": table.id})
        self.schedule_computer(table)
        return table, tokens

    def _count_creation(self, creator: str) -> None:
        """Count a new table of ``creator``; too-many-tables past the limit a minute."""
        recent = self._count(self.created, creator, self.limits.tables_per_minute)
        if recent is not None:
            wait = max(1, round(self.created[creator][0] + 60 - time.monotonic()))
            raise ProtocolError("too-many-tables", f"you have created {recent} tables "
                                f"in the last minute; try again in {wait} s",
                                retry_after=wait)

    @staticmethod
    def _count(counts: defaultdict[str, deque[float]], key: str, limit: int) -> int | None:
        """Count one more of ``key``'s actions in ``counts`` (per address, the times of the
        last minute's); past ``limit`` a minute, count nothing and return how many."""
        now = time.monotonic()
        if len(counts) > 10_000:  # many addresses: forget those quiet for a minute
            for old in [k for k, times in counts.items() if not times or times[-1] < now - 60]:
                del counts[old]
        recent = counts[key]
        while recent and recent[0] < now - 60:
            recent.popleft()
        if len(recent) >= limit:
            return len(recent)
        recent.append(now)
        return None

    async def import_record(self, record: GameRecord, creator: str | None = None) -> Table:
        table = Table.from_record(record)
        if creator is not None:
            self._count_creation(creator)  # an imported record is a new table too
            table.creator = creator  # its analysis shares the worker pool fairly
        await self._store(self.store.create_table(table.stored()))
        self._keep(table)
        self._trim()
        return table

    async def change_seats(self, table: Table,
                           change: Callable[[Table], tuple[T, list[Seat] | None]],
                           owner: str | None = None) -> T:
        """Change the seats: ``change`` is given the table and returns what to answer and
        the new seats (None: nothing to change).  It runs under the table's lock, so two
        changes at once (two people using one invite, a leave and a join) each see the
        seats the other left, and the loser gets its own refusal instead of undoing the
        winner.  Then the seats are stored, seated and told to every connection."""
        try:
            async with self.locks[table.id]:
                result, seats = change(table)
                if seats is None:
                    return result
                for old, new in zip(table.seats, seats):
                    new.handed_over(old, table.version)
                self._count_seat_change(owner)
                ends = any(s.resigned for s in seats) and table.resigned is None
                await self._store(self.store.update_seats(
                    table.id, [asdict(s) for s in seats], table.seats_version,
                    "finished" if ends else None))
                taken = [i for i, (old, new) in enumerate(zip(table.seats, seats))
                         if new.token_hash and new.token_hash != old.token_hash]
                table.set_seats(seats)
                self.last_seen.mark(table.id, taken)  # away from now on until they connect
        except Conflict:
            await self.reload(table)
            raise ProtocolError("seats-changed", "the seats changed meanwhile: look again "
                                "and try again") from None
        # (and what a worker thinking for the table needs: whether the computer still
        # has the move — a seat taken and left by a stranger must not restart its search)
        await self.bus.publish({"kind": "seats", "table": table.id,
                                "seats_version": table.seats_version,
                                "version": table.version,
                                "computer": table.computer_to_move()})
        await self.reseat(table)
        self.broadcast(table)
        self.schedule_computer(table)  # a seat the computer took over, to move now
        return result

    def _count_seat_change(self, owner: str | None) -> None:
        """Count a seat change of ``owner`` (an address); too-many-seat-changes past the
        limit a minute (taking and leaving a seat in a loop would store and send the
        table to all its connections as fast as it is asked)."""
        if owner is None:
            return
        recent = self._count(self.seat_changes, owner, self.limits.seat_changes_per_minute)
        if recent is not None:
            wait = max(1, round(self.seat_changes[owner][0] + 60 - time.monotonic()))
            raise ProtocolError("too-many-seat-changes", f"you have changed seats {recent} "
                                f"times in the last minute; try again in {wait} s",
                                retry_after=wait)

    async def reseat(self, table: Table) -> None:
        """The seats changed: each connection keeps only the seats its tokens still hold
        (a token retired by leaving no longer plays, nor sees, its old seat)."""
        changed = False
        for client in self.clients.get(table.id, ()):
            held = table.seats_of(list(client.tokens))
            if held != client.seats:
                client.seats, changed = held, True
        if changed:
            await self.seats_present(table)

    @staticmethod
    async def _store(write) -> Any:
        """Await a store write (its answer); a failure is a clear, retryable error
        (nothing changed).  A :class:`Conflict` (someone else changed the table first)
        passes through."""
        try:
            return await asyncio.shield(write)
        except (asyncio.CancelledError, Conflict):
            raise
        except Refused:  # (not soon: the operator must act; the log says why)
            raise ProtocolError("store-failed", "the server cannot save anything now (its "
                                "log says why); nothing changed") from None
        except Exception:  # (the store has logged it)
            raise ProtocolError("store-failed", "the server could not save that just now; "
                                "nothing changed, please try again") from None

    # -- connections ----------------------------------------------------------------
    def local_seats(self, table_id: str) -> set[int]:
        return {s for c in self.clients.get(table_id, ()) for s in c.seats}

    def connected_seats(self, table_id: str) -> set[int]:
        """Seats connected here or (as last reported) on another instance."""
        seats = self.local_seats(table_id)
        remote = self.remote_presence.get(table_id)
        if remote:
            now = time.monotonic()
            for instance, (at, held) in list(remote.items()):
                if now - at > PRESENCE_TTL:
                    del remote[instance]
                else:
                    seats |= held
        return seats

    def away(self, table_id: str, seat: int) -> float | None:
        """Seconds since ``seat`` was last connected (the server's clock), None if it is."""
        return self.last_seen.away(table_id, seat, self.connected_seats(table_id))

    async def resign(self, table: Table, tokens: list[str], owner: str | None = None,
                     seat: int | None = None) -> int:
        """The holder of ``tokens`` resigns (:meth:`Table.resign`): the game ends, the
        other side wins; a computer thinking meanwhile plays nothing.  The seat."""
        return await self.change_seats(table, lambda t: t.resign(tokens, seat), owner)

    async def free_seat(self, table: Table, seat: int, tokens: list[str],
                        owner: str | None = None) -> str | None:
        """A player (``tokens``) frees the seat of a person away long enough; returns the
        seat's fresh invite (None: the computer plays it, in a game with hidden cards)."""
        return await self.change_seats(table, lambda t: t.free(
            seat, tokens, self.away(t.id, seat), self.limits.away_seconds,
            self.idle(t, seat), self.limits.idle_seconds), owner)

    def idle(self, table: Table, seat: int) -> float | None:
        """Seconds ``seat`` has had the turn without moving (None: not its turn)."""
        if table.over or table.state.current_player != seat:
            return None
        return self.last_seen.turn(table.id, table.version)

    async def join(self, table: Table, client: Client) -> None:
        self.last_seen.mark(table.id, client.seats)
        self.clients[table.id].add(client)
        self.unwatched_at.pop(table.id, None)
        self.send_state(table, client)
        told = self._presence_sent.get(table.id)
        if client.seats:
            await self.seats_present(table)
        if self._presence_sent.get(table.id) is told:  # not told everyone just now: this one
            # how long the others have been away, as of now (the state's text may be older)
            client.send(json.dumps(self._presence_event(
                table, sorted(self.connected_seats(table.id)))))
        self.schedule_computer(table)  # a computer-only table waits for a watcher

    async def leave(self, table: Table, client: Client) -> None:
        # seen until now, marked before the connection goes: a request to free the seat
        # that comes while it closes finds its player just left, not away since it joined
        self.last_seen.mark(table.id, client.seats)
        self.clients[table.id].discard(client)
        if not self.clients[table.id]:
            self.clients.pop(table.id, None)
            self.unwatched_at[table.id] = time.monotonic()
        await client.aclose()
        if client.seats:
            await self.seats_present(table)

    async def seats_present(self, table: Table) -> None:
        """Who sits here changed: tell this instance's connections and the others."""
        self.presence(table)
        await self.bus.publish({"kind": "presence", "table": table.id,
                                "seats": sorted(self.local_seats(table.id))})

    def presence(self, table: Table, held_back: bool = False) -> None:
        """Tell everyone which seats are connected (a small event, not the whole state),
        when that changed: a player opening and closing connections while another of theirs
        stays (a reload, a second tab, a client reconnecting in a loop) sends nothing to
        the table's watchers."""
        if table.id in self._presence_due:  # one is held back: it tells what is then
            return
        connected = sorted(self.connected_seats(table.id))
        # (one held back goes out anyway: a seat that came and went meanwhile is away
        # from a later moment, which a page counting down to Free seat must hear)
        if self._presence_sent.get(table.id) == connected and not held_back:
            return
        # at most one every PRESENCE_INTERVAL: a player opening and closing their only
        # connection in a loop (hundreds a second) would send each watcher two per loop
        loop = asyncio.get_running_loop()
        wait = self._presence_at.get(table.id, -PRESENCE_INTERVAL) + PRESENCE_INTERVAL - loop.time()
        if wait > 0:
            self._presence_due[table.id] = loop.call_later(wait, self._presence_later, table)
            return
        self._presence_at[table.id] = loop.time()
        self._presence_sent[table.id] = connected
        self._texts.pop(table.id, None)
        event = json.dumps(self._presence_event(table, connected))
        for client in list(self.clients.get(table.id, ())):
            client.send(event)

    def _presence_later(self, table: Table) -> None:
        self._presence_due.pop(table.id, None)
        if self.tables.get(table.id) is table:  # (not forgotten meanwhile)
            self.presence(table, held_back=True)

    def _presence_event(self, table: Table, connected: list[int]) -> dict[str, Any]:
        """Which seats are connected, and for how long (by the server's clock) each
        player's seat has had no connection, with how long a seat must be away before it
        may be freed: a page counts down to its *Free seat* from these."""
        # (an imported record: nobody plays it, nobody is away from it nor has the turn)
        away = {str(i): round(self.away(table.id, i) or 0.0, 1) for i, s in enumerate(table.seats)
                if s.kind == "human" and (s.claimed or s.kept) and i not in connected
                and not table.imported}
        # the person to move: how long they have had the turn (a page counts down to its
        # Free seat from this too, and from each move)
        to_move = table.state.current_player
        idle = self.idle(table, to_move) if to_move is not None and not table.solo and \
            not table.imported and \
            table.seats[to_move].kind == "human" and table.seats[to_move].claimed else None
        return {"type": "presence", "connected": connected, "away": away,
                "away_limit": self.limits.away_seconds,
                "idle": {} if idle is None else {str(to_move): round(idle, 1)},
                "idle_limit": self.limits.idle_seconds,
                "heartbeat": self.limits.heartbeat_seconds}

    def _state_text(self, table: Table, seat: int | None, yours: tuple[int, ...]) -> str:
        """The state event for ``seat`` of the seats ``yours`` as JSON text, made once per
        change and seat."""
        key = (table.revision, table.thinking)
        cached = self._texts.get(table.id)
        if cached is None or cached[0] != key:
            cached = (key, {})
            self._texts[table.id] = cached
        texts = cached[1]
        if (seat, yours) not in texts:
            texts[seat, yours] = json.dumps(table.payload(seat, self.connected_seats(table.id),
                                                          yours=yours))
        return texts[seat, yours]

    def send_state(self, table: Table, client: Client) -> None:
        client.send(self._state_text(table, client.seat_for(table.state.current_player),
                                     tuple(sorted(client.seats))))

    def broadcast(self, table: Table) -> None:
        self.last_seen.turn(table.id, table.version)  # a move: the next turn starts now
        for client in list(self.clients.get(table.id, ())):
            self.send_state(table, client)

    def broadcast_event(self, table: Table, event: dict[str, Any]) -> None:
        text = json.dumps(event)
        for client in list(self.clients.get(table.id, ())):
            client.send(text)

    # -- moves ----------------------------------------------------------------------
    async def submit(self, table: Table, seat: int | None, text: str,
                     version: int | None, client: Client | None = None) -> str:
        """Validate, commit, then broadcast one move; returns its canonical text.
        ``client``: the connection that sent it — its seat is read again from its tokens
        under the table's lock, so that a seat left (or taken over) while the move waited
        for the lock is no longer played by it."""
        if isinstance(version, int) and version > table.version and self.bus.distributed:
            await self.reload(table)  # moves another instance took that this one has not heard of
        try:
            async with self.locks[table.id]:
                if client is not None:
                    seat = client.seat_for(table.state.current_player,
                                           table.seats_of(list(client.tokens)))
                canonical = table.check_move(seat, text, version)
                after = table.after(canonical)
                await self._store(self.store.add_move(table.id, table.version, seat, canonical,
                                                      table.status_of(after)))
                table.accept(after)
        except Conflict:  # another instance (or a worker) stored a move here first
            await self.reload(table)
            raise ProtocolError("stale", "the game has moved on; your view has been "
                                "refreshed") from None
        self.broadcast(table)
        await self.bus.publish({"kind": "moved", "table": table.id, "version": table.version,
                                "move": canonical, "seat": seat,
                                "solved_from": table.solved_from})
        self.schedule_computer(table)
        return canonical

    # -- computer seats ---------------------------------------------------------------
    def _priority(self, table: Table) -> int:
        if table.computer_only:
            return NOBODY_PLAYS
        return PEOPLE_WAITING if self.connected_seats(table.id) else PEOPLE_AWAY

    def _computer_to_think(self, table: Table, left_within: float = 0.0) -> int | None:
        """The computer seat to think for now, if any: one is to move, and the table is
        watched here if only computers play at it (or was, ``left_within`` seconds ago).  A
        move is thought for while this says its seat at its version, watched or left within
        :data:`WATCHED_AFTER_LEAVING` (else its job is dropped, or stopped:
        :meth:`_computer_move`), and :meth:`schedule_computer` starts one whenever it says a
        seat again, watched."""
        seat = table.computer_to_move()
        if seat is None or table.computer_only and not self._watched(table.id, left_within):
            return None
        return seat

    def _watched(self, table_id: str, left_within: float = 0.0) -> bool:
        left = self.unwatched_at.get(table_id)
        return bool(self.clients.get(table_id)) or (
            left is not None and time.monotonic() - left < left_within)

    def schedule_computer(self, table: Table) -> None:
        """Start the computer's move if one is to move.  Tables where only computers play
        wait while nobody watches them."""
        seat = self._computer_to_think(table)
        if seat is None or table.id in self.thinking:
            return
        if self.queue is not None:
            task = self.spawn(self._enqueue_computer(table, seat))
        else:
            task = self.spawn(self._computer_move(table, seat))
        self.thinking[table.id] = task
        task.add_done_callback(lambda done: self._computer_done(table, done))

    def _computer_done(self, table: Table, task: asyncio.Task) -> None:
        if self.thinking.get(table.id) is task:
            del self.thinking[table.id]
        if task.cancelled():
            return
        if task.exception() is not None:
            log.error("computer seat on table %s failed", table.id, exc_info=task.exception())
            return
        if self.queue is None:
            self.schedule_computer(table)  # the next seat may be a computer too

    async def _enqueue_computer(self, table: Table, seat: int) -> None:
        """Queue mode: a worker plays the move; it arrives as a ``moved`` event.  While
        Redis refuses, the move is queued again and again (backing off) until it is queued
        or the table has moved on."""
        version = table.version
        delay, failures = 0.2, 0
        outage = self.bus.outage
        while True:
            try:
                new = await self.queue.enqueue(table.id, version, not table.computer_only,
                                               self.ai_time_limit)
                break
            except Exception as exc:
                if outage is not None and redis_unreachable(exc):
                    outage.failed(exc)  # (said once for the process, not once per table)
                else:
                    failures += 1
                    if failures == 1:
                        log.error("could not queue the computer's move on table %s (trying "
                                  "again until it is queued): %s", table.id, exc)
                await asyncio.sleep(delay)
                delay = min(2 * delay, ENQUEUE_RETRY_MAX)
                if table.version != version or table.computer_to_move() != seat:
                    return
        if outage is not None:
            outage.ok()
        if failures:
            log.warning("queued the computer's move on table %s after %d failed attempts",
                        table.id, failures)
        self.queued[table.id] = (version, time.monotonic())
        if table.version == version and (new or table.thinking != seat):
            table.thinking = seat
            self.broadcast_event(table, {"type": "thinking", "seat": seat})
            await self.bus.publish({"kind": "thinking", "table": table.id, "seat": seat,
                                    "version": version})

    async def _computer_move(self, table: Table, seat: int) -> None:
        version = table.version
        table.thinking = seat
        self.broadcast_event(table, {"type": "thinking", "seat": seat})
        level = table.seats[seat].level or "medium"
        time_limit = self.ai_time_limit
        try:
            text = await self.pool.run(
                think, table.game.name, dict(table.game.options),
                table.state.view(seat).to_json(), level, secrets.randbits(63), time_limit,
                timeout=THINK_TIMEOUT + 3 * (time_limit or 5), priority=self._priority(table),
                owner=table.creator,
                wanted=lambda: table.version == version
                and self._computer_to_think(table, WATCHED_AFTER_LEAVING) == seat)
        except PoolClosed:
            table.thinking = None
            return  # shutting down: the restarted server thinks again from here
        except JobDropped:  # resigned, left unwatched, moved on: nothing to play (when it
            table.thinking = None  # is to move again, _computer_done schedules it again)
            self.broadcast(table)
            return
        except JobFailed as exc:
            # The engine never fails to list a move: fall back on a random legal one.
            log.warning("computer seat %s on table %s: %s; playing a random move",
                        seat, table.id, exc)
            text = str(table.state.random_move(random.Random(secrets.randbits(64))))
        finally:
            table.thinking = None
        await self._play_for_computer(table, seat, version, text)

    async def _play_for_computer(self, table: Table, seat: int, version: int, text: str) -> None:
        """Submit the computer's move; retry while the store fails, and replace a move
        refused as a move by a random legal one, once.  Any other refusal (the table's
        move limit, the game over) ends the turn: nothing the computer plays would pass."""
        delay = 0.1
        replaced = False
        while (table.version == version and table.state.current_player == seat
               and not table.over):
            try:
                await self.submit(table, seat, text, version)
                return
            except ProtocolError as exc:
                if exc.code == "store-failed":
                    await asyncio.sleep(delay)  # back off while the database recovers
                    delay = min(2 * delay, STORE_RETRY_MAX)
                    continue
                if table.resigned is not None:  # its opponent resigned while it thought
                    break
                log.error("computer move %r on table %s refused: %s", text, table.id, exc.message)
                if exc.code not in MOVE_REFUSALS or replaced:
                    break
                replaced = True
                text = str(table.state.random_move(random.Random(secrets.randbits(64))))
        self.broadcast(table)

    # -- other instances ----------------------------------------------------------------
    async def on_event(self, event: dict[str, Any]) -> None:
        """Apply what another instance (or a worker) did."""
        kind, table_id = event.get("kind"), event.get("table")
        if not isinstance(table_id, str):
            return
        table = self.tables.get(table_id)
        if table is None:  # read from the store (as it is then) if it is asked for here
            return
        if kind == "presence":
            seats = event.get("seats")
            if isinstance(seats, list):
                held = frozenset(s for s in seats if isinstance(s, int))
                instance = str(event.get("instance"))
                self.remote_presence[table_id][instance] = (time.monotonic(), held)
                self.last_seen.mark(table_id, held)
                self.presence(table)
            return
        if kind == "moved":
            await self._moved_elsewhere(table, event)
        elif kind == "seats":
            if event.get("seats_version") != table.seats_version:
                await self.reload(table)
        elif kind == "next" and isinstance(event.get("next"), str):
            self._points_to(table, event["next"])
        elif kind == "thinking" and event.get("version") == table.version:
            table.thinking = event.get("seat")
            self.broadcast_event(table, {"type": "thinking", "seat": table.thinking})

    async def _moved_elsewhere(self, table: Table, event: dict[str, Any]) -> None:
        version, move = event.get("version"), event.get("move")
        if not isinstance(version, int) or version <= table.version:
            return  # known already
        if version == table.version + 1 and isinstance(move, str):
            async with self.locks[table.id]:
                if table.version + 1 == version:
                    try:
                        table.accept(table.after(move))
                    except ValueError:
                        pass
                    else:
                        table.thinking = None
                        if type(event.get("solved_from")) is int:  # a Solve there
                            table.solved_from = event["solved_from"]
            if table.version == version:
                self.broadcast(table)
                if self.clients.get(table.id):
                    self.schedule_computer(table)
                return
        await self.reload(table)  # a gap: the store knows

    async def _resync_loop(self) -> None:
        """Check the tables watched here against the store now and then (an event may be
        lost while Redis reconnects, or an instance may die between storing and telling),
        and queue again the computer moves that do not come.  Whatever goes wrong with one
        check is logged; the loop goes on."""
        while True:
            await asyncio.sleep(RESYNC_SECONDS)
            try:
                await self._resync()
            except Exception:
                log.exception("checking the tables against the store failed")

    async def _resync(self) -> None:
        watched = [t for t in self.clients if t in self.tables]
        try:
            stored = await asyncio.to_thread(self.store.versions, watched)
        except Exception as exc:
            log.warning("checking tables against the store failed: %s", exc)
            stored = {}
        for table_id, stamp in stored.items():
            table = self.tables.get(table_id)
            if table:
                try:
                    await self._catch_up(table, stamp)
                except Exception:  # one table's trouble must not hold up the others
                    log.exception("table %s could not be reloaded from the store", table_id)
        for table_id in watched:
            table = self.tables.get(table_id)
            if table is not None:
                self._requeue_lost(table)
        for table_id in watched:  # tell the others who is here (their reports expire)
            if self.local_seats(table_id):
                await self.bus.publish({"kind": "presence", "table": table_id,
                                        "seats": sorted(self.local_seats(table_id))})

    async def _catch_up(self, table: Table, stored: Stamp) -> None:
        """Bring the table held here up to the store's (``stored``): the news of another
        instance may not have come (Redis away, or the instance died before telling)."""
        if (stored.version, stored.seats_version) != (table.version, table.seats_version):
            await self.reload(table)
        elif stored.next_table is not None:
            self._points_to(table, stored.next_table)

    def _requeue_lost(self, table: Table) -> None:
        """Queue mode: a computer to move whose move was queued from here
        ``queue.lost_after`` seconds ago (or not at this version) and has not come is
        queued again — its job may be lost (Redis restarted or flushed: it keeps nothing),
        or have failed for good after its retries.  A job still waiting or running is not
        duplicated (jobs are keyed by table and version); one that ended is run again and
        only announces the move it stored."""
        if self.queue is None or table.id in self.thinking or table.computer_to_move() is None:
            return
        queued = self.queued.get(table.id)
        if (queued is None or queued[0] != table.version
                or time.monotonic() - queued[1] >= self.queue.lost_after(self.ai_time_limit)):
            self.schedule_computer(table)
