"""Persistence with SQLAlchemy: SQLite by default, PostgreSQL (or anything SQLAlchemy
speaks) by URL.  Every accepted move is committed here before it is acknowledged.

Fencing: a table row carries ``version`` (moves stored) and ``seats_version``.  A move is
stored only if the row is still at the version the move was checked against, in the same
transaction (``UPDATE ... WHERE version = ply``); otherwise :class:`Conflict`.  So however
many server instances or workers hold a table, one move per version is ever stored.

Writes never run on the server's event loop: :meth:`Store.write` hands them to one writer
thread, which commits whatever has queued up meanwhile in a single transaction (group
commit) and answers each caller only once that transaction is committed.  If a group fails,
its writes are retried one by one, so one bad write never takes the others with it — unless
the database failed it (locked, its disk full, out of reach: :func:`unreachable`): then every
write of the group fails at once, to be tried again by its caller.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import queue
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from sqlalchemy import (
    JSON,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    and_,
    create_engine,
    event,
    func,
    inspect,
    not_,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

log = logging.getLogger("pentarena.server")

GROUP_LIMIT = 200
"""Most writes committed in one transaction."""

SCHEMA = 1
"""The layout of the database this code writes, stored in it (table ``pentarena``, key
``schema``).  Raise it when a change would keep an older release from working on a
database this one wrote (a column older code must fill, a meaning changed); columns older
code may ignore need no new number.  A database whose number is higher than this is
refused at start, with a sentence, rather than written to."""


LAYOUT_KEY = 0x50454E544153  # "PENTAS"
"""The PostgreSQL advisory lock (transaction-level) held while a store lays out the
database (:meth:`Store._lay_out`): instances starting together take turns.  Not
:data:`.startup.ADVISORY_KEY`, which servers hold shared for as long as they run."""

LAYOUT_WAIT = 600
"""Seconds a starting store waits for another's layout (and its own may take) at most."""

SQLITE_BUSY_MS = 5000
"""Milliseconds a SQLite write waits for the file's lock once the store has started."""


def default_database_url() -> str:
    """``sqlite:///<data dir>/pentarena.sqlite3`` (``$PENTARENA_DATA`` or
    ``~/.local/share/pentarena``)."""
    # expanded: a service manager's Environment=PENTARENA_DATA=~/… is no shell's
    base = Path(os.environ.get("PENTARENA_DATA") or "~/.local/share/pentarena").expanduser()
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'pentarena.sqlite3'}"


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seats: Mapped[list] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)  # playing | finished
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float, index=True)  # the lobby: latest first
    imported: Mapped[bool] = mapped_column(default=False)
    private: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    # the table its players went on to (Play again): older releases ignore it
    next_table: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """What no client may see before the game ends: a secret deal, the creator's key."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Moves stored (the fence for the next one)."""
    seats_version: Mapped[int] = mapped_column(Integer, default=0)
    analysis: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    """The finished game's analysis, once made (any instance's): older releases ignore it."""


class MetaRow(Base):
    """Facts about the database itself: ``schema`` (see :data:`SCHEMA`)."""

    __tablename__ = "pentarena"

    key: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class MoveRow(Base):
    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("table_id", "ply"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    ply: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(200))
    at: Mapped[float] = mapped_column(Float)


@dataclass
class StoredTable:
    id: str
    game: str
    options: dict[str, Any]
    seed: int | None
    seats: list[dict[str, Any]]
    status: str
    created: float
    updated: float
    imported: bool
    moves: list[str]
    private: dict[str, Any] = field(default_factory=dict)
    seats_version: int = 0
    next_table: str | None = None


class Conflict(Exception):
    """Someone else changed the table first: its version (or seats) moved on."""


class Refused(Exception):
    """The store refuses writes for a reason of its own (:meth:`Store.refusal`): what it
    would write would be lost, or would not be this server's to write."""


class Stamp(NamedTuple):
    """How far a stored table is: its moves, its seats' changes, its next game."""

    version: int
    seats_version: int
    next_table: str | None


@dataclass
class Unreadable:
    """A stored table that could not be read back, and why."""

    id: str
    reason: str


# -- the writes (each runs inside the writer's transaction) ------------------------------
def _create_table(s: Session, t: StoredTable) -> None:
    s.add(TableRow(id=t.id, game=t.game, options=t.options, seed=t.seed, seats=t.seats,
                   status=t.status, created=t.created, updated=t.updated,
                   imported=t.imported, private=t.private or None, version=len(t.moves),
                   seats_version=t.seats_version, next_table=t.next_table))
    s.flush()
    for ply, move in enumerate(t.moves):
        s.add(MoveRow(table_id=t.id, ply=ply, seat=-1, text=move, at=t.created))


def _add_move(s: Session, table_id: str, ply: int, seat: int, move: str, status: str) -> None:
    now = time.time()
    # (not after a resignation, stored by another instance meanwhile: the game is over)
    moved = s.execute(update(TableRow).where(TableRow.id == table_id, TableRow.version == ply,
                                             TableRow.status != "finished")
                      .values(version=ply + 1, status=status, updated=now))
    if moved.rowcount != 1:
        raise Conflict(f"table {table_id} is no longer at move {ply}")
    s.add(MoveRow(table_id=table_id, ply=ply, seat=seat, text=move, at=now))


def _create_next(s: Session, source_id: str, t: StoredTable, done: list[str | None]) -> None:
    won = s.execute(update(TableRow).where(TableRow.id == source_id,
                                           TableRow.next_table.is_(None))
                    .values(next_table=t.id)).rowcount == 1
    if won:  # the first Play again of the finished game (any instance's) makes the table
        _create_table(s, t)
    done.append(s.scalar(select(TableRow.next_table).where(TableRow.id == source_id)))


def _touch(s: Session) -> None:
    """A write that changes nothing (:meth:`Store.writable`'s test of writes)."""
    s.execute(update(MetaRow).where(MetaRow.key == "schema").values(value=MetaRow.value))


def _set_private(s: Session, table_id: str, private: dict[str, Any]) -> None:
    s.execute(update(TableRow).where(TableRow.id == table_id)
              .values(private=json.loads(json.dumps(private)) or None))


def _set_analysis(s: Session, table_id: str, analysis: dict[str, Any]) -> None:
    s.execute(update(TableRow).where(TableRow.id == table_id).values(analysis=analysis))


def _update_seats(s: Session, table_id: str, seats: list[dict[str, Any]], expected: int,
                  status: str | None = None) -> None:
    also = {} if status is None else {"status": status}  # a resignation ends the game
    changed = s.execute(update(TableRow)
                        .where(TableRow.id == table_id, TableRow.seats_version == expected)
                        .values(seats=json.loads(json.dumps(seats)), seats_version=expected + 1,
                                updated=time.time(), **also))
    if changed.rowcount != 1:
        raise Conflict(f"the seats of table {table_id} changed meanwhile")


# libpq's connection settings for PostgreSQL (psycopg passes them on)
POSTGRES_CONNECT_ARGS = {"connect_timeout": 10, "keepalives": 1, "keepalives_idle": 30,
                         "keepalives_interval": 10, "keepalives_count": 3,
                         "options": "-c statement_timeout=30000"}


def unreachable(exc: BaseException) -> bool:
    """Does ``exc`` say the database did not answer (down, out of reach, no connection to
    be had), as opposed to a request it refused?"""
    from sqlalchemy.exc import InterfaceError, OperationalError
    from sqlalchemy.exc import TimeoutError as PoolTimeout

    return isinstance(exc, (OperationalError, InterfaceError, PoolTimeout))


def in_memory(url: str) -> bool:
    """Is ``url`` an SQLite database in memory (``sqlite://``, ``sqlite:///:memory:``)?"""
    parsed = make_url(url)
    return parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:")


class Store:
    """All database access of the server."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        self.scratch = None  # the folder of an in-memory database's file (deleted with it)
        if in_memory(self.url):
            # each thread would have a database of its own (SQLAlchemy's pool for them),
            # the tables made in one and missing in the others: a file of its own instead,
            # deleted when the store is (at the latest when the process ends)
            self.scratch = tempfile.TemporaryDirectory(prefix="pentarena-memory-")
            self.url = f"sqlite:///{self.scratch.name}/pentarena.sqlite3"
        # hide_parameters: an error logged never shows a row's values (a Pentic deal)
        kwargs: dict[str, Any] = {"hide_parameters": True}
        if self.url.startswith("sqlite"):
            # (a connection waits as long as another store's layout of the file may take:
            # the start's reads and the switch to WAL; then 5 s, _sqlite_pragmas)
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": LAYOUT_WAIT}
        elif self.url.startswith("postgresql"):
            # a database that does not answer, or a connection left half-open by the
            # network, ends in an error (the store's writer retries, moves get
            # 'store-failed') instead of a write that waits for ever: a connection is
            # tested before use, made within 10 s, and TCP keepalives notice a dead peer in
            # about a minute; a statement runs at most 30 s
            kwargs["pool_pre_ping"] = True
            kwargs["connect_args"] = POSTGRES_CONNECT_ARGS
        self.engine = create_engine(self.url, **kwargs)
        # read before anything is written: a database this release must not serve is left
        # as it was (no table, column or index added, no journal mode changed)
        self._check_layout()
        self.engine.dispose()  # the connections it opened had no pragmas
        if self.url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._lay_out()
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        self._file = _file_of(self.url)  # an SQLite file as the store opened it
        self._refused_for_good: str | None = None  # why writes are refused (refuse)
        self._refusing: str | None = None  # the refusal the log said last
        self._queue: queue.SimpleQueue[tuple[Callable, tuple, Future] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._answering = True  # as the last ping found it (ping logs the changes)
        self._unanswered = [0.0, 0]  # when the next such line may be logged; held back
        self._said = threading.Lock()
        self.failing = 0
        """Writes the database failed (:func:`unreachable`) since the last one committed."""
        self._failing_said = [0.0, 0]  # as _unanswered, for those

    def _writer(self) -> None:
        """Start the writer thread if it is not running (again, after :meth:`close`)."""
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._write_loop, daemon=True,
                                                name="pentarena-store")
                self._thread.start()

    def _check_layout(self) -> None:
        """Refuse, changing nothing, a database whose layout this release does not know: a
        newer release's (:data:`SCHEMA`), or one whose ``tables`` or ``moves`` lack what
        every release's had (another program's database, or a damaged one)."""
        from .startup import StartupError, shown_url

        found = inspect(self.engine)
        names = set(found.get_table_names())
        if "pentarena" in names:
            with self.engine.connect() as conn:
                stored = conn.scalar(select(MetaRow.value).where(MetaRow.key == "schema"))
            _refuse_newer(self.url, stored)
        for name, needed in FIRST_COLUMNS.items():
            if name not in names:
                continue
            missing = needed - {c["name"] for c in found.get_columns(name)}
            if missing:
                raise StartupError(
                    f"{shown_url(self.url)} is not a Pentarena database, or a damaged one: "
                    f"its table {name!r} has no column {', '.join(sorted(missing))}; give "
                    "the server a database of its own (--database-url, $PENTARENA_DATA) "
                    "or restore a backup; nothing was changed in it")

    def _lay_out(self) -> None:
        """Make the database this release's: refuse a newer release's layout, create the
        tables, add the columns and indexes earlier releases lacked, record :data:`SCHEMA`.

        All of it in one transaction holding a lock, so that instances (servers, workers)
        starting together on one database take turns: the first lays it out, the others
        wait for its commit and find it done.  Unlocked, each looked at the database,
        then changed it: both created the same table (PostgreSQL: 'duplicate key value
        violates unique constraint "pg_type_typname_nsp_index"'; SQLite: 'table tables
        already exists'), added the same column ('column "private" of relation "tables"
        already exists'), or deadlocked, and all but one failed to start.  The lock:
        PostgreSQL's transaction-level advisory lock :data:`LAYOUT_KEY`; SQLite's write
        lock (``BEGIN IMMEDIATE``), which also makes SQLite's ALTER TABLEs one
        transaction with the UPDATE that fills ``version`` (never a column added and
        left at 0).  The write (the marker, every start) also makes a database this
        process cannot write to (a read-only file, a read-only replica) stop the start,
        with the database's reason, instead of failing every move afterwards."""
        from sqlalchemy.exc import IntegrityError

        for attempt in (1, 2):  # an older release (no lock) may insert the marker first
            try:
                with self.engine.connect() as conn:
                    if self.engine.dialect.name == "sqlite":
                        # wait for another process's layout as long as it takes (the
                        # store's 5 s are for moves), then hold the file's write lock
                        conn.exec_driver_sql(f"PRAGMA busy_timeout = {LAYOUT_WAIT * 1000}")
                        conn.exec_driver_sql("BEGIN IMMEDIATE")
                    elif self.engine.dialect.name == "postgresql":
                        # (the 30 s for a statement would end a wait for a long layout)
                        conn.execute(text(f"SET LOCAL statement_timeout = "
                                          f"{LAYOUT_WAIT * 1000}"))
                        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                     {"key": LAYOUT_KEY})
                    self._lay_out_in(conn)
                    conn.commit()
                    if self.engine.dialect.name == "sqlite":
                        conn.exec_driver_sql(f"PRAGMA busy_timeout = {SQLITE_BUSY_MS}")
                return
            except IntegrityError:
                if attempt == 2:
                    raise

    def _lay_out_in(self, conn: Any) -> None:
        """:meth:`_lay_out`'s changes, on ``conn``, in its transaction, the lock held."""
        stored = None
        if inspect(conn).has_table("pentarena"):
            stored = conn.scalar(select(MetaRow.value).where(MetaRow.key == "schema"))
        # (a newer release started meanwhile: refused before anything is changed)
        _refuse_newer(self.url, stored)
        Base.metadata.create_all(conn)
        have = {c["name"] for c in inspect(conn).get_columns("tables")}
        conn.execute(text("CREATE INDEX IF NOT EXISTS ix_tables_updated ON tables (updated)"))
        if "private" not in have:
            conn.execute(text("ALTER TABLE tables ADD COLUMN private JSON"))
        if "next_table" not in have:
            conn.execute(text("ALTER TABLE tables ADD COLUMN next_table VARCHAR(32)"))
        if "analysis" not in have:
            conn.execute(text("ALTER TABLE tables ADD COLUMN analysis JSON"))
        for column in ("version", "seats_version"):
            if column not in have:
                conn.execute(text(f"ALTER TABLE tables ADD COLUMN {column} INTEGER "
                                  "NOT NULL DEFAULT 0"))
        if "version" not in have:
            conn.execute(text("UPDATE tables SET version = (SELECT COUNT(*) FROM moves "
                              "WHERE moves.table_id = tables.id)"))
        if stored is None:
            conn.execute(MetaRow.__table__.insert().values(key="schema", value=str(SCHEMA)))
        else:
            conn.execute(update(MetaRow).where(MetaRow.key == "schema")
                         .values(value=str(SCHEMA)))

    def session(self) -> Session:
        return self._session()

    # -- writing ------------------------------------------------------------------------
    async def write(self, fn: Callable[..., None], *args: Any) -> None:
        """Run ``fn(session, *args)`` in the writer thread; returns once committed."""
        fut: Future = Future()
        self._writer()
        self._queue.put((fn, args, fut))
        await asyncio.wrap_future(fut)

    def write_now(self, fn: Callable[..., None], *args: Any) -> None:
        """:meth:`write` for code outside the event loop (tools, tests)."""
        fut: Future = Future()
        self._writer()
        self._queue.put((fn, args, fut))
        fut.result()

    async def create_table(self, t: StoredTable) -> None:
        await self.write(_create_table, t)

    async def add_move(self, table_id: str, ply: int, seat: int, move: str, status: str) -> None:
        """Commit one accepted move (and the table's new status)."""
        await self.write(_add_move, table_id, ply, seat, move, status)

    async def update_seats(self, table_id: str, seats: list[dict[str, Any]],
                           expected: int, status: str | None = None) -> None:
        """Store new seats if the stored ones are still at ``expected`` (else Conflict),
        and the table's ``status`` with them if given."""
        await self.write(_update_seats, table_id, seats, expected, status)

    async def create_next(self, source_id: str, t: StoredTable) -> str | None:
        """Store ``t`` as the table a finished game's players go on to, unless one is
        recorded already (the first *Play again* wins, and only its table is stored);
        returns the one recorded."""
        done: list[str | None] = []
        await self.write(_create_next, source_id, t, done)
        return done[-1] if done else None  # (a batch retried one by one runs it again)

    async def set_private(self, table_id: str, private: dict[str, Any]) -> None:
        """Store a table's private data anew (:meth:`Table.private`)."""
        await self.write(_set_private, table_id, private)

    async def set_analysis(self, table_id: str, analysis: dict[str, Any]) -> None:
        """Keep a finished game's analysis (:meth:`analysis` reads it back)."""
        await self.write(_set_analysis, table_id, json.loads(json.dumps(analysis)))

    def analysis(self, table_id: str) -> dict[str, Any] | None:
        """The analysis kept for this table, if any (by this instance or another)."""
        with self.session() as s:
            return s.scalar(select(TableRow.analysis).where(TableRow.id == table_id))

    def _batches(self) -> Iterator[list[tuple[Callable, tuple, Future]]]:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < GROUP_LIMIT:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    self._queue.put(None)  # finish this batch, then stop
                    break
                batch.append(nxt)
            yield batch

    def refuse(self, reason: str) -> None:
        """Refuse every write from now on (the server stops: :func:`.app.serve`)."""
        self._refused_for_good = reason

    def refusal(self) -> str | None:
        """Why writes are refused now, if they are: :meth:`refuse`'s reason, or the
        SQLite file the store writes to no longer at its path (deleted, its folder
        removed or moved, another file put in its place: SQLite would go on writing to
        the file it has open, and what it wrote would be gone at the next start).  The
        log says so as it starts, and as it ends (the file put back)."""
        why = self._refused_for_good or _file_gone(self._file)
        with self._said:  # (the writer and a health check may both see it change: once)
            if why == self._refusing:
                return why
            said, self._refusing = self._refusing, why
        if why is not None:
            log.error("database writes refused: %s; what needs one is answered "
                      "store-failed (nothing changed)", why)
        elif said is not None:
            log.warning("database writes accepted again: the file is back at %s",
                        self._file[0] if self._file else self.url)
        return why

    def _write_loop(self) -> None:
        for batch in self._batches():
            batch = [job for job in batch if job[2].set_running_or_notify_cancel()]
            why = self.refusal()  # (a stat of the file: a few microseconds a group)
            if why is not None:
                for _, _, fut in batch:
                    fut.set_exception(Refused(why))
                continue
            try:
                self._commit(batch)
            except Exception as exc:
                if len(batch) == 1 or unreachable(exc):
                    # (the database's failure, not one write's — locked, its disk full,
                    # gone: each tried again on its own would wait as long again, the
                    # last of N writes N + 1 times as long, and fail all the same)
                    for job in batch:
                        self._fail(job, exc)
                    continue
                for job in batch:  # find the bad one: each on its own
                    try:
                        self._commit([job])
                    except Exception as exc1:
                        self._fail(job, exc1)
                    else:
                        self._committed([job])
                        job[2].set_result(None)
                continue
            self._committed(batch)
            for _, _, fut in batch:
                fut.set_result(None)

    def _commit(self, batch: list[tuple[Callable, tuple, Future]]) -> None:
        with self.session() as s, s.begin():
            for fn, args, _ in batch:
                fn(s, *args)

    def _fail(self, job: tuple[Callable, tuple, Future], exc: Exception) -> None:
        fn, _, fut = job
        if unreachable(exc):
            if fn is not _touch:  # (health's test write: not a write anyone waits for)
                self._refused(exc)
        elif not isinstance(exc, Conflict):  # a conflict is a normal answer, not a failure
            log.error("a database write failed: %s", exc)
        fut.set_exception(exc)

    def _refused(self, exc: Exception) -> None:
        """A write the database failed (locked, its disk full, out of reach): logged as the
        writes start failing, then one line a minute at most while they go on failing
        (every move tried again would write one), saying how many it held back."""
        now = time.monotonic()
        with self._said:
            self.failing += 1
            if self.failing > 1 and now < self._failing_said[0]:
                self._failing_said[1] += 1
                return
            held = self._failing_said[1]
            self._failing_said[:] = [now + 60.0, 0]
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        log.error("database writes fail%s: %s; what needs one is answered store-failed "
                  "(nothing changed; the computer's moves are tried again) until they work "
                  "again%s", " still" if self.failing > 1 else "",
                  reason[0] if reason else type(exc).__name__,
                  f" ({held} more failed since the last such line)" if held else "")

    def _committed(self, batch: list[tuple[Callable, tuple, Future]]) -> None:
        """Writes committed: if writes had been failing, say they work again (not for
        health's test write alone: a small write may pass on a disk too full for a move)."""
        if self.failing and any(fn is not _touch for fn, _, _ in batch):
            with self._said:
                failed, self.failing = self.failing, 0
                self._failing_said[:] = [0.0, 0]
            log.warning("database writes work again (%d failed meanwhile)", failed)

    async def writable(self) -> bool:
        """Do writes work?  True unless the last ones failed for the database's reason;
        then a small write (the layout's marker, rewritten as it is) is tried now, which
        tells when they work again even while nobody plays (the next write that commits
        says so in the log)."""
        if self.refusal() is not None:
            return False
        if not self.failing:
            return True
        try:
            await self.write(_touch)
        except Exception:  # noqa: BLE001 - any failure is the answer
            return False
        return True

    # -- reading ------------------------------------------------------------------------
    def _stored(self, s: Session, row: TableRow) -> StoredTable:
        # only the moves the row counts: one stored meanwhile (after the row was read) is
        # the next version's, and must not be mistaken for a broken table
        moves = s.scalars(
            select(MoveRow.text).where(MoveRow.table_id == row.id, MoveRow.ply < row.version)
            .order_by(MoveRow.ply)
        ).all()
        if not isinstance(row.options, dict):
            raise ValueError("its options are not a JSON object")
        if not isinstance(row.seats, list) or not all(isinstance(x, dict) for x in row.seats):
            raise ValueError("its seats are not a list of objects")
        private = row.private if row.private is not None else {}
        if not isinstance(private, dict):
            raise ValueError("its private data is not a JSON object")
        if len(moves) != row.version:
            raise ValueError(f"{len(moves)} moves stored but its version says {row.version}")
        return StoredTable(row.id, row.game, dict(row.options), row.seed, list(row.seats),
                           row.status, row.created, row.updated, bool(row.imported),
                           list(moves), dict(private), row.seats_version or 0,
                           row.next_table)

    def load(self, table_id: str) -> StoredTable | None:
        with self.session() as s:
            row = s.get(TableRow, table_id)
            return self._stored(s, row) if row else None

    def versions(self, table_ids: list[str]) -> dict[str, Stamp]:
        """How far each of these tables is (:class:`Stamp`)."""
        if not table_ids:
            return {}
        with self.session() as s:
            rows = s.execute(select(TableRow.id, TableRow.version, TableRow.seats_version,
                                    TableRow.next_table)
                             .where(TableRow.id.in_(table_ids))).all()
        return {r.id: Stamp(r.version, r.seats_version, r.next_table) for r in rows}

    @staticmethod
    def _quiet(since: float | None, begun_since: float | None):
        """The tables a listing leaves out: updated before ``since``, or never begun (at
        most one move) and updated before ``begun_since``; None if it leaves none out."""
        quiet = []
        if since is not None:
            quiet.append(TableRow.updated < since)
        if begun_since is not None:
            quiet.append(and_(TableRow.version <= 1, TableRow.updated < begun_since))
        return or_(*quiet) if quiet else None

    def recent(self, limit: int, status: str | None = None, since: float | None = None,
               begun_since: float | None = None) -> list[str]:
        """The ids of the ``limit`` tables updated last (``status``; updated since
        ``since``; if never begun, updated since ``begun_since``), the latest first."""
        where = [TableRow.status == status] if status else []
        quiet = self._quiet(since, begun_since)
        if quiet is not None:
            where.append(not_(quiet))
        with self.session() as s:
            q = (select(TableRow.id).where(*where).order_by(TableRow.updated.desc())
                 .limit(limit))
            return list(s.scalars(q).all())

    def count(self, status: str | None = None, before: float | None = None,
              begun_before: float | None = None) -> int:
        """How many tables (``status``) :meth:`recent` leaves out given ``since=before``
        and ``begun_since=begun_before``."""
        where = [TableRow.status == status] if status else []
        quiet = self._quiet(before, begun_before)
        if quiet is None:
            return 0
        with self.session() as s:
            q = select(func.count()).select_from(TableRow).where(*where, quiet)
            return int(s.scalar(q) or 0)

    def load_all(self, status: str | None = None, limit: int | None = None,
                 ) -> tuple[list[StoredTable], list[Unreadable]]:
        """Every table (the ``limit`` updated last) that reads back, and those that do
        not (with the reason)."""
        with self.session() as s:
            q = select(TableRow.id).order_by(TableRow.updated.desc())
            if status:
                q = q.where(TableRow.status == status)
            ids = list(s.scalars(q.limit(limit)).all())
        good: list[StoredTable] = []
        bad: list[Unreadable] = []
        for table_id in ids:
            try:
                with self.session() as s:
                    good.append(self._stored(s, s.get(TableRow, table_id)))
            except Exception as exc:  # one bad row must not stop the others loading
                bad.append(Unreadable(str(table_id), f"{type(exc).__name__}: {exc}"))
        return good, bad

    def ping(self) -> bool:
        """Does the database answer (a ``SELECT 1``)?  Logged as it stops and as it starts
        again, not at every ask (a load balancer asks every few seconds)."""
        try:
            with self.engine.connect() as conn:
                conn.execute(text("SELECT 1"))
        except Exception as exc:  # any failure to answer is the answer
            if self._answering:
                log.error("the database does not answer: %s", exc)
            self._answering = False
            return False
        if not self._answering:
            log.warning("the database answers again")
        self._answering = True
        return True

    def unanswered(self, what: str, exc: BaseException) -> None:
        """Log that the database did not answer ``what``: one line a minute at most (in
        an outage every request would write one), saying how many it held back."""
        now = time.monotonic()
        with self._said:
            if now < self._unanswered[0]:
                self._unanswered[1] += 1
                return
            held = self._unanswered[1]
            self._unanswered[:] = [now + 60.0, 0]
        log.error("the database did not answer %s: %s%s", what,
                  getattr(exc, "orig", None) or exc,
                  f" ({held} more since the last such line)" if held else "")

    def close(self) -> None:
        """Finish the queued writes and stop the writer (a later write starts it again)."""
        with self._lock:
            if self._thread is not None:
                self._queue.put(None)
                self._thread.join(10)
                self._thread = None
        self.engine.dispose()


FIRST_COLUMNS = {
    "tables": {"id", "game", "options", "seed", "seats", "status", "created", "updated",
               "imported"},
    "moves": {"id", "table_id", "ply", "seat", "text", "at"},
}
"""The columns of the first release's database, which every later one keeps."""


def unknown_layout(where: str, stored: str | None, backup: bool = False) -> str | None:
    """Why a database whose ``schema`` marker is ``stored`` is not one this release
    knows — a higher number than :data:`SCHEMA` (a newer release's), or not a number at
    all (damaged, another program's) — and what to do; None if it is one.  ``where``
    names it; ``backup``: it is a backup given to ``pentarena restore``, not the
    server's database."""
    if stored is None or (stored.isdigit() and int(stored) <= SCHEMA):
        return None
    if stored.isdigit():
        remedy = ("restore it with that release or a later one" if backup else
                  "run that release or a later one, or restore a backup taken before the "
                  "upgrade; nothing was changed in it")
        return (f"{where} was written by a newer Pentarena (its layout is version "
                f"{stored}; this release knows up to {SCHEMA}): {remedy}")
    remedy = "restore another backup" if backup else "restore a backup; nothing was changed in it"
    return (f"{where} records a layout this release cannot read (schema {stored[:40]!r}, "
            f"where a version number up to {SCHEMA} belongs): it is damaged, or was "
            f"written by another program; {remedy}")


def _refuse_newer(url: str, stored: str | None) -> None:
    """StartupError if ``stored`` (the database's ``schema``) is not a layout this
    release knows (:func:`unknown_layout`)."""
    from .startup import StartupError, shown_url

    said = unknown_layout(shown_url(url), stored)
    if said is not None:
        raise StartupError(said)


class FileId(NamedTuple):
    """An SQLite database's file: its path and the file found there (device, inode)."""

    path: str
    device: int
    inode: int


def _file_of(url: str) -> FileId | None:
    """The file of an SQLite database (None: not SQLite), as it is now."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database:
        return None
    path = os.path.abspath(parsed.database)
    found = os.stat(path)
    return FileId(path, found.st_dev, found.st_ino)


def _file_gone(file: FileId | None) -> str | None:
    """Why the store's SQLite file is no longer the one at its path, if it is not."""
    if file is None:
        return None
    try:
        found = os.stat(file.path)
    except FileNotFoundError:
        return (f"the database file {file.path} was deleted (or its folder removed or "
                "moved) while the server ran, and what it wrote since would be lost at "
                "the next start: move it back, or stop the server and restore a backup "
                "(docs/deploy.md)")
    except OSError:  # (its folder no longer searchable, say: the writes will tell)
        return None
    if (found.st_dev, found.st_ino) != (file.device, file.inode):
        return (f"another file was put in place of the database file {file.path} while "
                "the server ran (the server writes to the one it opened, which would be "
                "lost): stop the server before restoring or moving the file "
                "(docs/deploy.md)")
    return None


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    """WAL: readers never wait for the writer; a commit is durable once acknowledged."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # (waits for a store laying the file out)
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_MS}")  # a move waits 5 s at most
    cur.close()
