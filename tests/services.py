"""Throwaway PostgreSQL and redis-server on loopback, for the tests and the benchmarks.

``postgres()`` makes a new PostgreSQL cluster (initdb, pg_ctl) in a temporary folder and
yields a SQLAlchemy URL to its empty ``pentarena`` database; ``redis()`` starts a
redis-server without persistence and yields its URL.  Both stop what they started and
remove their folder when the ``with`` block ends, whatever ends it.  Neither needs pytest.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

PG_BIN = next((str(p) for p in sorted(Path("/usr/lib/postgresql").glob("*/bin"))), None)
REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"


class ServiceError(RuntimeError):
    """A service's binaries are missing, or it did not start."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_postgres(args: list[str]) -> list[str]:
    # initdb refuses to run as root: run the server tools as the 'postgres' user then.
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


@contextlib.contextmanager
def postgres(port: int | None = None) -> Iterator[str]:
    """A new PostgreSQL cluster on a loopback port, ``port`` or else a free one (trust
    authentication, user and database ``pentarena``); yields
    ``postgresql+psycopg://pentarena@127.0.0.1:PORT/pentarena``."""
    if PG_BIN is None:
        raise ServiceError("PostgreSQL server binaries are missing: run 'make test' "
                           "(it installs them)")
    # Not under pytest's private tmp folder: the 'postgres' user must be able to enter it.
    base = Path(tempfile.mkdtemp(prefix="pentarena-pg-"))
    data, sock = base / "data", base / "sock"
    started = False
    try:
        sock.mkdir()
        if os.geteuid() == 0:
            shutil.chown(base, "postgres")
            shutil.chown(sock, "postgres")
        port = port or free_port()
        subprocess.run(_as_postgres([f"{PG_BIN}/initdb", "-D", str(data), "-U", "pentarena",
                                     "--auth=trust", "-E", "UTF8"]),
                       check=True, capture_output=True)
        started = True  # pg_ctl may fail after the server started: stop it in any case
        subprocess.run(_as_postgres([f"{PG_BIN}/pg_ctl", "-D", str(data), "-w", "-l",
                                     str(base / "log"), "-o",
                                     f"-p {port} -k {sock} -c listen_addresses=127.0.0.1",
                                     "start"]),
                       check=True, capture_output=True)
        subprocess.run(_as_postgres([f"{PG_BIN}/createdb", "-h", "127.0.0.1", "-p", str(port),
                                     "-U", "pentarena", "pentarena"]),
                       check=True, capture_output=True)
        yield f"postgresql+psycopg://pentarena@127.0.0.1:{port}/pentarena"
    finally:
        if started:
            # pg_ctl detaches the server into its own session: only pg_ctl stops it
            for mode in ("fast", "immediate"):
                stop = subprocess.run(_as_postgres([f"{PG_BIN}/pg_ctl", "-D", str(data), "-m",
                                                    mode, "-t", "30", "stop"]),
                                      capture_output=True)
                if stop.returncode == 0 or not (data / "postmaster.pid").exists():
                    break
        shutil.rmtree(base, ignore_errors=True)


@contextlib.contextmanager
def redis(port: int | None = None) -> Iterator[str]:
    """A redis-server on a free loopback port, nothing saved to disk (Debian's package);
    yields ``redis://127.0.0.1:PORT/0``."""
    if not Path(REDIS).exists():
        raise ServiceError("redis-server is missing: run 'make test' (it installs it)")
    port = port or free_port()
    base = Path(tempfile.mkdtemp(prefix="pentarena-redis-"))
    proc = None
    try:
        # its own session, as pg_ctl's server: a Ctrl-C at the terminal reaches the caller
        # only, who stops its clients before the service
        proc = subprocess.Popen([REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                 "--appendonly", "no", "--dir", str(base)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                pass
            if time.monotonic() > deadline or proc.poll() is not None:
                raise ServiceError("redis-server did not start")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
        shutil.rmtree(base, ignore_errors=True)
