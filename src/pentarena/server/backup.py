"""``pentarena backup FILE``: a copy of the server's SQLite database that is whole even
while the server writes to it; ``pentarena restore FILE``: such a copy given back to a
stopped server, the database it replaces kept beside it.

SQLite in WAL mode (the store's) keeps the latest commits in ``pentarena.sqlite3-wal``
until a checkpoint folds them into the main file: copying the main file alone while the
server runs gives a database without them (without any table at all, early on).  SQLite's
online backup copies what is committed, wherever it lies, and the copy is one
self-contained file (rollback journal, no ``-wal``) that a stopped server can be given
back."""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import time
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from .startup import StartupError, hold_database, shown_url
from .store import default_database_url, unknown_layout


def sqlite_path(database_url: str | None, command: str = "backup") -> Path:
    """The file of a SQLite URL (default: the server's database); a sentence for others."""
    try:
        url = make_url(database_url or default_database_url())
    except ArgumentError:
        raise ValueError(f"{shown_url(str(database_url))} is not a database URL: write "
                         f"sqlite:///path/to/pentarena.sqlite3 (or leave --database-url out "
                         f"for the server's own database)") from None
    if url.get_backend_name() not in ("sqlite", "postgresql", "postgres"):
        raise ValueError(f"pentarena {command} works on SQLite databases, and "
                         f"{shown_url(str(database_url))} is neither SQLite nor PostgreSQL "
                         f"(the two databases the server runs on)")
    if url.get_backend_name() != "sqlite":
        tool = ("back up PostgreSQL with pg_dump (pg_dump -Fc -f pentarena.dump DATABASE), "
                "which is consistent while the servers run" if command == "backup" else
                "restore PostgreSQL with pg_restore (pg_restore --clean -d DATABASE "
                "pentarena.dump), the servers stopped")
        raise ValueError(f"pentarena {command} works on SQLite databases, and "
                         f"{shown_url(str(database_url))} is not one: {tool}")
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
    if not target.parent.is_dir():
        raise ValueError(f"the folder {str(target.parent)!r} does not exist: make it first, "
                         "or name a file in a folder that does")
    if not os.access(target.parent, os.W_OK | os.X_OK):
        raise ValueError(f"this user may not write in the folder {str(target.parent)!r}: "
                         "name a file in a folder of yours")
    partial = target.with_name(f"{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:  # written beside it, then renamed: a failure leaves no file a retry refuses
        _copy(source, partial)
        with contextlib.closing(sqlite3.connect(partial)) as db:
            tables = int(db.execute("SELECT COUNT(*) FROM tables").fetchone()[0])
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as exc:
        raise ValueError(f"the backup could not be written to {target}: {_why(exc)}; "
                         "nothing was left behind") from None
    finally:
        partial.unlink(missing_ok=True)
    return tables


def _why(exc: Exception) -> str:
    """A failed copy's reason, with what to do about the usual one."""
    said = str(exc.strerror if isinstance(exc, OSError) and exc.strerror else exc)
    if "full" in said.lower() or getattr(exc, "errno", None) == errno.ENOSPC:
        return f"{said} (free some space, or name a file on another disk)"
    return said


def _tables_of_backup(path: Path) -> int:
    """How many tables the Pentarena backup at ``path`` holds; a sentence if it is not
    one this release can serve (not SQLite, damaged, another program's, a newer layout)."""
    if not path.is_file():
        raise ValueError(f"there is no file at {path}")
    with path.open("rb") as f:
        if f.read(16) != b"SQLite format 3\x00":
            raise ValueError(f"{path} is not a SQLite database (a backup is the file "
                             "pentarena backup wrote)")
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        try:
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            names = {r[0] for r in db.execute("SELECT name FROM sqlite_master "
                                               "WHERE type = 'table'")}
        except sqlite3.DatabaseError as exc:
            raise ValueError(f"{path} cannot be read as a database: {exc}") from None
        if check != "ok":
            raise ValueError(f"{path} is damaged (SQLite's check: {check})")
        if not {"tables", "moves"} <= names:
            raise ValueError(f"{path} is a SQLite database but not Pentarena's (it has no "
                             "tables and moves)")
        if "pentarena" in names:
            row = db.execute("SELECT value FROM pentarena WHERE key = 'schema'").fetchone()
            said = unknown_layout(str(path), None if row is None or row[0] is None
                                  else str(row[0]), backup=True)
            if said is not None:
                raise ValueError(said)
        return int(db.execute("SELECT COUNT(*) FROM tables").fetchone()[0])
    finally:
        db.close()


def restore(database_url: str | None, source: str | Path) -> tuple[int, Path | None]:
    """Make the backup ``source`` the server's database, the server stopped.  Returns the
    tables restored and where the database it replaced was kept (one self-contained file
    beside it, the newest moves of its ``-wal`` included), or None if there was none.

    Nothing is changed unless the backup is one this release can serve and no server
    holds the database.  The ``-wal`` and ``-shm`` files of the replaced database go with
    it: a stale ``-wal`` left beside the restored file would be applied to it."""
    source = Path(source)
    target = sqlite_path(database_url, "restore")
    tables = _tables_of_backup(source)
    if source.resolve() == target.resolve():
        raise ValueError(f"{source} is the server's database itself: name a backup")
    try:
        held = hold_database(f"sqlite:///{target}")
    except StartupError:
        raise ValueError(f"a server is using {target}: stop it first (a restore replaces "
                         "the database under it)") from None
    try:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kept = target.with_name(f"{target.stem}.replaced-{stamp}{target.suffix}")
        if kept.exists():
            raise ValueError(f"{kept} exists already: try again in a second")
        fresh = target.with_name(f"{target.name}.restoring")
        fresh.unlink(missing_ok=True)
        try:  # the copies first, beside the database: a failure there changes nothing
            _copy(source, fresh)
            if target.exists():
                _copy(target, kept, read_only=False)  # its -wal's commits included
            else:
                kept = None
        except (sqlite3.Error, OSError) as exc:
            for partial in (fresh, kept):
                if partial is not None:
                    partial.unlink(missing_ok=True)
            raise ValueError(f"the restore could not write beside {target}: {_why(exc)}; "
                             "nothing was changed") from None
        except BaseException:
            fresh.unlink(missing_ok=True)
            raise
        for leftover in ("-wal", "-shm"):
            Path(f"{target}{leftover}").unlink(missing_ok=True)
        os.replace(fresh, target)
        return tables, kept
    finally:
        if held is not None:
            held.close()


def _copy(source: Path, target: Path, read_only: bool = True) -> None:
    """SQLite's online backup of ``source`` into the new file ``target``, as one file (no
    ``-wal`` beside it).  ``read_only=False`` for a database nobody else has open, which
    a crash may have left with a ``-wal`` and no ``-shm``."""
    mode = "ro" if read_only else "rw"
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode={mode}", uri=True, timeout=30)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
    finally:
        src.close()
