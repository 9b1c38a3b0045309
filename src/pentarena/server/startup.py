"""What stops a server or a worker from starting, said in a sentence: an optional package
that is not installed (and the extra that brings it) or a database that cannot be opened,
instead of a traceback of the library that found it."""
from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

log = logging.getLogger("pentarena.server")

# the module a failed import names → the extra of pyproject.toml that installs it
EXTRAS = {"psycopg": "postgres", "redis": "cluster", "saq": "cluster"}


class StartupError(ValueError):
    """The server or worker cannot start; the message says why and what to do."""


def shown_url(url: str) -> str:
    """A database or Redis URL with its password (if it has one) as ``***``: what may be
    printed or logged."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:  # not a URL (a bad port, say): nothing to hide in it that parses
        return url
    if not password:
        return url
    user = parts.username or ""
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


@contextlib.contextmanager
def startup_errors(database_url: str | None) -> Iterator[None]:
    """Turn a missing optional package or a database that cannot be opened, raised from
    the block, into a :class:`StartupError` that names the remedy."""
    from sqlalchemy.exc import ArgumentError, DBAPIError

    try:
        yield
    except ModuleNotFoundError as exc:
        root = (exc.name or "").split(".")[0]
        if root == "psycopg2":  # SQLAlchemy's driver for a bare postgresql:// URL
            raise StartupError("a postgresql:// URL asks for the psycopg2 driver, which is not "
                               "installed; write postgresql+psycopg://… (pip install "
                               "'pentarena[postgres]')") from exc
        if root not in EXTRAS:  # a driver of a database Pentarena does not work with
            raise StartupError(f"the Python package {root} is not installed (the database "
                               f"URL asks for it?); Pentarena works with SQLite and "
                               f"PostgreSQL: --database-url postgresql+psycopg://user:pass@"
                               f"host/db") from exc
        raise StartupError(f"the Python package {root} is not installed; it comes with "
                           f"pip install 'pentarena[{EXTRAS[root]}]'") from exc
    except (ArgumentError, DBAPIError) as exc:
        orig = getattr(exc, "orig", None)
        why = str(orig if orig is not None else exc).strip().splitlines()
        from .store import default_database_url

        where = shown_url(database_url or default_database_url())
        hint = ("; write postgresql+psycopg://… (SQLAlchemy does not read postgres://)"
                if where.startswith("postgres://") else "")
        raise StartupError(f"cannot open {where}: {why[0] if why else type(exc).__name__}"
                           f"{hint}") from exc
    except Exception as exc:  # saq's refusals of a Redis URL (its own error classes)
        if not type(exc).__module__.startswith("saq"):
            raise
        raise StartupError(f"--redis-url: {exc}; write redis://host:6379/0") from exc


ADVISORY_KEY = 0x50454E544152  # "PENTAR": the PostgreSQL advisory lock of a database's servers
LOCK_TRIES = 5
"""Tries at the PostgreSQL lock, a second apart, before another server is said to hold it."""

LOCK_CHECK_SECONDS = 2.0
"""How often a running server checks that it still holds its database (:meth:`Held.watch`)."""


class Held:
    """A database held by this server (:func:`hold_database`) until :meth:`close`.  The
    hold can be lost while the server runs — PostgreSQL restarted, or the lock's backend
    ended, takes the advisory lock with its connection; the SQLite lock file deleted —
    and a second server could then start on the database: :meth:`check` finds it lost
    and takes it again, or says that another server took it meanwhile."""

    def __init__(self, database: str, how: str, shared: bool) -> None:
        self.database, self.how, self.shared = database, how, shared
        self.lost: str | None = None
        """Why the hold was lost for good (another server took it), once it was."""
        self._stop = threading.Event()
        self._watcher: threading.Thread | None = None

    def _holds(self) -> bool:
        """Is the hold still in place?"""
        raise NotImplementedError

    def _take(self) -> bool | None:
        """Take it again: True, taken; False, another process holds it; None, cannot be
        tried now (the database does not answer: nobody else can take it either)."""
        raise NotImplementedError

    def _let_go(self) -> None:
        raise NotImplementedError

    def check(self) -> str | None:
        """None while this server holds the database (taken again if it had been lost);
        else why not: another server holds it now."""
        if self.lost is not None or self._holds():
            return self.lost
        taken = self._take()
        if taken is None:
            return None
        if taken:
            log.warning("this server had lost its hold on %s (%s), which keeps a second "
                        "server off it: it holds it again", self.database, self.how)
            return None
        self.lost = (f"another server took {self.database} ({self.how}) while this one's "
                     "hold on it was lost (PostgreSQL restarted, or the lock file was "
                     "deleted?)" if not self.shared else
                     f"a server without --redis-url took {self.database} ({self.how}) "
                     "while this one's hold on it was lost")
        return self.lost

    def watch(self, lost: Callable[[str], object],
              every: float = LOCK_CHECK_SECONDS) -> None:
        """:meth:`check` every ``every`` seconds in a thread of its own, until
        :meth:`close`; ``lost(why)`` once the hold is lost to another server."""
        def run() -> None:
            while not self._stop.wait(every):
                try:
                    why = self.check()
                except Exception:  # noqa: BLE001 - the watch must go on
                    log.exception("checking the hold on %s failed", self.database)
                    continue
                if why is not None:
                    lost(why)
                    return

        self._watcher = threading.Thread(target=run, daemon=True, name="pentarena-hold")
        self._watcher.start()

    def close(self) -> None:
        self._stop.set()
        if self._watcher is not None and self._watcher is not threading.current_thread():
            self._watcher.join(30)
        self._let_go()


class _FileHold(Held):
    """SQLite's hold: ``flock`` on ``<file>.lock``.  The lock file deleted (or replaced),
    a new one at the path would let a second server in: one is made and locked again."""

    def __init__(self, database: str, path: Path, shared: bool) -> None:
        super().__init__(database, f"it holds {path}", shared)
        self.path = path
        self.mode = (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB
        self.file: Any = None

    def _holds(self) -> bool:
        try:
            return os.path.samestat(os.stat(self.path), os.fstat(self.file.fileno()))
        except (FileNotFoundError, ValueError):  # (ValueError: closed)
            return False

    def _take(self) -> bool | None:
        try:
            return self._lock()
        except OSError:  # its folder is gone (and the database with it: writes refused)
            return None

    def _lock(self) -> bool:
        file = self.path.open("ab")
        try:
            fcntl.flock(file, self.mode)
        except BlockingIOError:
            file.close()
            return False
        old, self.file = self.file, file
        if old is not None:
            old.close()
        return True

    def _let_go(self) -> None:
        if self.file is not None:
            self.file.close()


class _PostgresHold(Held):
    """PostgreSQL's hold: a session advisory lock on a connection of its own, which
    goes with the connection (a restart of PostgreSQL, ``pg_terminate_backend``)."""

    def __init__(self, database_url: str, shared: bool) -> None:
        from sqlalchemy import create_engine, text
        from sqlalchemy.pool import NullPool

        from .store import POSTGRES_CONNECT_ARGS

        super().__init__(shown_url(database_url),
                         f"it holds the database's advisory lock {ADVISORY_KEY}", shared)
        self.engine = create_engine(database_url, poolclass=NullPool,
                                    connect_args=POSTGRES_CONNECT_ARGS,
                                    isolation_level="AUTOCOMMIT")  # no transaction held
        self.take = text("SELECT pg_try_advisory_lock_shared(:key)" if shared else
                         "SELECT pg_try_advisory_lock(:key)")
        self.conn: Any = None

    def _holds(self) -> bool:
        if self.conn is None:
            return False
        try:
            self.conn.exec_driver_sql("SELECT 1")  # the session lives: its lock with it
            return True
        except Exception:  # noqa: BLE001 - the connection is gone, and the lock with it
            self._let_go()
            return False

    def _take(self) -> bool | None:
        try:
            conn = self.engine.connect()
        except Exception:  # noqa: BLE001 - it does not answer (yet): tried again later
            return None
        try:
            taken = bool(conn.scalar(self.take, {"key": ADVISORY_KEY}))
        except Exception:  # noqa: BLE001
            conn.close()
            return None
        if not taken:
            conn.close()
            return False
        self.conn = conn
        return True

    def _let_go(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.close()
            self.conn = None

    def close(self) -> None:
        super().close()
        self.engine.dispose()


def hold_database(database_url: str, shared: bool = False) -> Held | None:
    """One server per database, unless they share Redis: without it nothing tells a server
    of another's moves, so a second one would serve stale copies of the tables.  A server
    without Redis holds the database alone; servers with Redis (``shared``) hold it
    together, and keep out one without.  SQLite: a lock on ``<file>.lock``; PostgreSQL:
    an advisory lock on a connection of its own.  Either goes with the process, however
    it ends.  Another process holding it is a :class:`StartupError` that says what to do.
    A running server watches its hold (:meth:`Held.watch`)."""
    from sqlalchemy.engine import make_url

    url = make_url(database_url)
    if url.get_backend_name() == "postgresql":
        return _hold_postgres(database_url, shared)
    if url.get_backend_name() != "sqlite":
        return None
    if url.database in (None, "", ":memory:"):  # the store's own temporary file
        if shared:
            not_in_memory(database_url)
        return None
    path = Path(f"{Path(url.database).resolve()}.lock")  # a symlink: its target's
    held = _FileHold(url.database, path, shared)
    if not held._lock():
        raise StartupError(_in_use(url.database, f"it holds {path}", shared))
    return held


def not_in_memory(database_url: str | None) -> None:
    """Refuse an SQLite database in memory where other processes must reach the same one
    (servers sharing Redis, a worker): each process would have a database of its own."""
    from .store import in_memory

    if database_url and in_memory(database_url):
        raise StartupError(f"{database_url} is a database in one process's memory, which no "
                           "other server or worker can reach: servers that share "
                           "--redis-url and their workers need one database they all reach "
                           "(PostgreSQL)")


def _in_use(database: str, how: str, shared: bool) -> str:
    if shared:
        return (f"a server without --redis-url is using {database} ({how}): it keeps its "
                "tables to itself, so instances sharing them cannot start beside it: stop "
                "it, or start it again with their --redis-url")
    return (f"another server is using {database} ({how}): stop it first, or give this one a "
            "database of its own (--database-url or $PENTARENA_DATA); instances that share "
            "tables need --redis-url, every one of them (docs/deploy.md)")


def _hold_postgres(database_url: str, shared: bool) -> Held:
    held = _PostgresHold(database_url, shared)
    # A server that stopped a moment ago (a restart) holds it until PostgreSQL has seen
    # its connection close, which it does on its own time: a few tries, a second apart.
    for attempt in range(LOCK_TRIES):
        held.conn = held.engine.connect()  # (cannot connect: said by startup_errors)
        if held.conn.scalar(held.take, {"key": ADVISORY_KEY}):
            return held
        held._let_go()
        if attempt < LOCK_TRIES - 1:
            time.sleep(1.0)
    held.close()
    raise StartupError(_in_use(held.database, f"it holds the database's advisory lock "
                               f"{ADVISORY_KEY}", shared))
