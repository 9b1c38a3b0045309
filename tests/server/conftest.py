"""A real ``pentarena serve`` process on loopback, for what only a real server shows
(protocol limits, worker processes, signals)."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests import services
from tests.e2e.conftest import Server


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


@pytest.fixture(scope="session")
def postgres_url():
    """A throwaway PostgreSQL cluster on loopback (see :func:`tests.services.postgres`)."""
    try:
        with services.postgres() as url:
            yield url
    except services.ServiceError as exc:  # missing binaries, or it did not start
        pytest.fail(str(exc))


@pytest.fixture(scope="session")
def redis_url():
    """A throwaway redis-server on loopback (Debian's package, installed by make test)."""
    try:
        with services.redis() as url:
            yield url
    except services.ServiceError as exc:  # missing binaries, or it did not start
        pytest.fail(str(exc))
