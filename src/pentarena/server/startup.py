"""What stops a server or a worker from starting, said in a sentence: an optional package
that is not installed (and the extra that brings it) or a database that cannot be opened,
instead of a traceback of the library that found it."""
from __future__ import annotations

import contextlib
import fcntl
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

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


class Held:
    """A database held by this server (:func:`hold_database`) until :meth:`close`."""

    def __init__(self, close: Callable[[], object]) -> None:
        self._close: Callable[[], object] | None = close

    def close(self) -> None:
        if self._close is not None:
            self._close()
            self._close = None


def hold_database(database_url: str, shared: bool = False) -> Held | None:
    """One server per database, unless they share Redis: without it nothing tells a server
    of another's moves, so a second one would serve stale copies of the tables.  A server
    without Redis holds the database alone; servers with Redis (``shared``) hold it
    together, and keep out one without.  SQLite: a lock on ``<file>.lock``; PostgreSQL:
    an advisory lock on a connection of its own.  Either goes with the process, however
    it ends.  Another process holding it is a :class:`StartupError` that says what to do."""
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
    held = path.open("ab")
    try:
        fcntl.flock(held, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
    except BlockingIOError:
        held.close()
        raise StartupError(_in_use(url.database, f"it holds {path}", shared)) from None
    return Held(held.close)


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
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool

    from .store import POSTGRES_CONNECT_ARGS

    engine = create_engine(database_url, poolclass=NullPool, connect_args=POSTGRES_CONNECT_ARGS)
    conn = engine.connect()
    take = text("SELECT pg_try_advisory_lock_shared(:key)" if shared else
                "SELECT pg_try_advisory_lock(:key)")
    # A server that stopped a moment ago (a restart) holds it until PostgreSQL has seen
    # its connection close, which it does on its own time: a few tries, a second apart.
    for attempt in range(LOCK_TRIES):
        if conn.scalar(take, {"key": ADVISORY_KEY}):
            break
        if attempt == LOCK_TRIES - 1:
            conn.close()
            engine.dispose()
            raise StartupError(_in_use(shown_url(database_url), "it holds the database's "
                                       f"advisory lock {ADVISORY_KEY}", shared))
        conn.rollback()
        time.sleep(1.0)
    conn.commit()  # the lock is the session's: no transaction left open beside it

    def close() -> None:
        conn.close()
        engine.dispose()
    return Held(close)
