"""A real ``pentarena serve`` process on loopback, for what only a real server shows
(protocol limits, worker processes, signals)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from tests.e2e.conftest import Server, free_port


class LiveServer(Server):
    @property
    def ws(self) -> str:
        return self.url.replace("http://", "ws://")

    def create(self, body: dict) -> dict:
        req = urllib.request.Request(self.url + "/api/tables", method="POST",
                                     data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        return json.loads(urllib.request.urlopen(req, timeout=30).read())

    def get(self, path: str) -> dict:
        return json.loads(urllib.request.urlopen(self.url + path, timeout=30).read())


@pytest.fixture
def server_process(tmp_path):
    srv = LiveServer(tmp_path / "live.sqlite3")
    srv.start()
    yield srv
    srv.stop()


PG_BIN = next((str(p) for p in sorted(Path("/usr/lib/postgresql").glob("*/bin"))), None)


def _as_postgres(args: list[str]) -> list[str]:
    # initdb refuses to run as root: run the server tools as the 'postgres' user then.
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


@pytest.fixture(scope="session")
def postgres_url():
    if PG_BIN is None:
        pytest.fail("PostgreSQL server binaries are missing: run 'make test' (it installs them)")
    # Not under pytest's private tmp folder: the 'postgres' user must be able to enter it.
    base = Path(tempfile.mkdtemp(prefix="pentarena-pg-"))
    data, sock = base / "data", base / "sock"
    sock.mkdir()
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
        shutil.chown(sock, "postgres")
    port = free_port()
    subprocess.run(_as_postgres([f"{PG_BIN}/initdb", "-D", str(data), "-U", "pentarena",
                                 "--auth=trust", "-E", "UTF8"]),
                   check=True, capture_output=True)
    subprocess.run(_as_postgres([f"{PG_BIN}/pg_ctl", "-D", str(data), "-w", "-l",
                                 str(base / "log"), "-o",
                                 f"-p {port} -k {sock} -c listen_addresses=127.0.0.1", "start"]),
                   check=True, capture_output=True)
    try:
        subprocess.run(_as_postgres([f"{PG_BIN}/createdb", "-h", "127.0.0.1", "-p", str(port),
                                     "-U", "pentarena", "pentarena"]),
                       check=True, capture_output=True)
        yield f"postgresql+psycopg://pentarena@127.0.0.1:{port}/pentarena"
    finally:
        subprocess.run(_as_postgres([f"{PG_BIN}/pg_ctl", "-D", str(data), "-m", "fast",
                                     "stop"]), capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"


@pytest.fixture(scope="session")
def redis_url():
    """A throwaway redis-server on loopback (Debian's package, installed by make test)."""
    if not Path(REDIS).exists():
        pytest.fail("redis-server is missing: run 'make test' (it installs it)")
    port = free_port()
    base = Path(tempfile.mkdtemp(prefix="pentarena-redis-"))
    proc = subprocess.Popen([REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--dir", str(base)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
            proc.kill()
            pytest.fail("redis-server did not start")
        time.sleep(0.05)
    yield f"redis://127.0.0.1:{port}/0"
    proc.kill()
    proc.wait(10)
    shutil.rmtree(base, ignore_errors=True)
