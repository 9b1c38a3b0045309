"""The server on PostgreSQL (by --database-url): a throwaway cluster on loopback."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pentarena.server.app import create_app

from .test_api import first_move_against_the_computer

PG_BIN = next((str(p) for p in sorted(Path("/usr/lib/postgresql").glob("*/bin"))), None)


def _as_postgres(args: list[str]) -> list[str]:
    # initdb refuses to run as root: run the server tools as the 'postgres' user then.
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


@pytest.fixture(scope="module")
def postgres_url():
    if PG_BIN is None:
        pytest.fail("PostgreSQL server binaries are missing: run 'make test' (it installs them)")
    from tests.e2e.conftest import free_port

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


def test_tables_and_moves_survive_a_restart_on_postgres(postgres_url):
    t, _, history = first_move_against_the_computer(postgres_url)
    with TestClient(create_app(postgres_url, ai="thread", ai_time_limit=0.2)) as c2:
        assert c2.get(f"/api/tables/{t['id']}").json()["history"] == history
        assert c2.app.state.hub.store.url.startswith("postgresql")
