"""``pentarena backup FILE``: a copy of the server's SQLite database that is whole even
while the server writes to it.

SQLite in WAL mode (the store's) keeps the latest commits in ``pentarena.sqlite3-wal``
until a checkpoint folds them into the main file: copying the main file alone while the
server runs gives a database without them (without any table at all, early on).  SQLite's
online backup copies what is committed, wherever it lies, and the copy is one
self-contained file (rollback journal, no ``-wal``) that a stopped server can be given
back."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy.engine import make_url

from .startup import shown_url
from .store import default_database_url


def sqlite_path(database_url: str | None) -> Path:
    """The file of a SQLite URL (default: the server's database); a sentence for others."""
    url = make_url(database_url or default_database_url())
    if url.get_backend_name() != "sqlite":
        raise ValueError(f"pentarena backup copies SQLite databases, and "
                         f"{shown_url(str(database_url))} is not one: back up PostgreSQL with "
                         "pg_dump (pg_dump -Fc -f pentarena.dump DATABASE), which is "
                         "consistent while the servers run")
    if not url.database or url.database == ":memory:":
        raise ValueError(f"{database_url} is not a database file")
    return Path(url.database)


def backup(database_url: str | None, target: str | Path) -> int:
    """Copy the database to ``target`` (a new file) and return how many tables it holds."""
    source, target = sqlite_path(database_url), Path(target)
    if not source.is_file():
        raise ValueError(f"there is no database at {source} (is --database-url or "
                         "$PENTARENA_DATA the server's?)")
    if target.exists():
        raise ValueError(f"{target} exists already: name a new file (a backup never "
                         "overwrites one)")
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
            return int(dst.execute("SELECT COUNT(*) FROM tables").fetchone()[0])
        finally:
            dst.close()
    finally:
        src.close()
