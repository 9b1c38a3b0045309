"""Several instances starting at once on one database (a rolling restart; a deploy that
starts three servers and a worker together), on an empty database and on one an older
release wrote: each lays out what is missing, so unlocked they all tried to, and all but
one failed to start — PostgreSQL's 'duplicate key value violates unique constraint
"pg_type_typname_nsp_index"' (two CREATE TABLEs), 'column "private" of relation "tables"
already exists', 'deadlock detected'; SQLite's 'table tables already exists',
'duplicate column name: next_table'.  Now one lays the database out and the others wait
for it, then find it done (store.py, Store._lay_out)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from pentarena.server.store import SCHEMA, Store

from .test_upgrades import copied_to_postgres, empty_postgres, old_database

STARTS = 4
"""Stores started together (three servers and a worker)."""
ROUNDS = 4
"""Times the start is raced, each on a new database: the race is narrow."""


def started_together(url: str) -> list[str]:
    """Start :data:`STARTS` stores on ``url`` at once (threads released by one barrier,
    each store with its own engine and connections: to the database, so many processes);
    what each start raised ('' if none)."""
    go = threading.Barrier(STARTS)
    said = [""] * STARTS

    def start(i: int) -> None:
        go.wait()
        try:
            Store(url).close()
        except Exception as exc:
            said[i] = f"{type(exc).__name__}: {getattr(exc, 'orig', None) or exc}"

    threads = [threading.Thread(target=start, args=(i,)) for i in range(STARTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not any(t.is_alive() for t in threads), "a start never ended"
    return said


def laid_out(url: str) -> tuple[set[str], set[str], list, dict[str, int]]:
    """The database's columns of ``tables``, its indexes, its marker, and each table's
    ``version``."""
    engine = create_engine(url)
    try:
        found = inspect(engine)
        columns = {c["name"] for c in found.get_columns("tables")}
        indexes = {i["name"] for i in found.get_indexes("tables")}
        with engine.connect() as conn:
            marker = [tuple(r) for r in conn.execute(text("SELECT key, value FROM pentarena"))]
            versions = dict(conn.execute(text("SELECT id, version FROM tables")).all())
    finally:
        engine.dispose()
    return columns, indexes, marker, versions


EVERY_COLUMN = {"id", "game", "options", "seed", "seats", "status", "created", "updated",
                "imported", "private", "next_table", "version", "seats_version", "analysis"}


def moves_counted(sqlite_path: Path) -> dict[str, int]:
    with sqlite3.connect(sqlite_path) as db:
        counts = dict(db.execute("SELECT tables.id, COUNT(moves.id) FROM tables LEFT JOIN "
                                 "moves ON moves.table_id = tables.id GROUP BY tables.id"))
    db.close()
    return counts


def test_instances_starting_together_on_an_empty_postgresql_all_start(postgres_url):
    for round_ in range(ROUNDS):
        url = empty_postgres(postgres_url, f"together_{round_}")
        assert started_together(url) == [""] * STARTS, round_
        columns, indexes, marker, _ = laid_out(url)
        assert columns == EVERY_COLUMN and {"ix_tables_updated", "ix_tables_status"} <= indexes
        assert marker == [("schema", str(SCHEMA))]


@pytest.mark.parametrize("commit", ["21eaa6f", "edf09e6"])
def test_instances_starting_together_on_an_old_postgresql_database_all_start(
        tmp_path, postgres_url, commit):
    """The first release's layout (no private, version, seats_version, no marker, no
    index on updated: version counted from the moves) and the 300th commit's (no marker,
    next_table, analysis)."""
    path = old_database(tmp_path / "old.sqlite3", commit)
    counts = moves_counted(path)
    for round_ in range(ROUNDS):
        url = copied_to_postgres(path, postgres_url, f"together_{commit}_{round_}")
        engine = create_engine(url)
        with engine.begin() as conn:  # the first release had none (create_all makes it)
            if commit == "21eaa6f":
                conn.execute(text("DROP INDEX ix_tables_updated"))
        engine.dispose()
        assert started_together(url) == [""] * STARTS, round_
        columns, indexes, marker, versions = laid_out(url)
        assert columns == EVERY_COLUMN and "ix_tables_updated" in indexes
        assert marker == [("schema", str(SCHEMA))]
        assert versions == counts  # counted once, from the moves, whoever counted


@pytest.mark.parametrize("commit", [None, "21eaa6f", "edf09e6"])
def test_stores_starting_together_on_one_sqlite_file_all_start(tmp_path, commit):
    """Servers sharing --redis-url may share one SQLite file (and their worker with
    them); the file's write lock orders their starts as PostgreSQL's advisory lock does."""
    for round_ in range(ROUNDS):
        path = tmp_path / f"{round_}.sqlite3"
        if commit:
            old_database(path, commit)
        counts = moves_counted(path) if commit else {}
        url = f"sqlite:///{path}"
        assert started_together(url) == [""] * STARTS, round_
        columns, indexes, marker, versions = laid_out(url)
        assert columns == EVERY_COLUMN and "ix_tables_updated" in indexes
        assert marker == [("schema", str(SCHEMA))]
        assert versions == counts
