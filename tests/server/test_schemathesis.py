"""Every endpoint of the OpenAPI document, fuzzed by schemathesis: no answer is a 500.

Half of the generated requests are pointed at real tables (of every game), so the fuzzing
reaches past "unknown table" into the endpoints' own checks."""

from __future__ import annotations

import tempfile
import zlib

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.testclient import TestClient

from pentarena.server.app import create_app

_DB = tempfile.mkdtemp(prefix="pentarena-fuzz-")
APP = create_app(f"sqlite:///{_DB}/fuzz.sqlite3", ai="thread", ai_time_limit=0.01)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


def _tables() -> list[str]:
    client = TestClient(APP)
    bodies = [{"game": "pentago", "seats": [{"kind": "me"}, {"kind": "invite"}]},
              {"game": "pentic", "seats": [{"kind": "me"}, {"kind": "open"}]},
              {"game": "pentomino-puzzle", "options": {"region": "3x20"}},
              {"game": "pentup", "options": {"players": 3}}]
    return [client.post("/api/tables", json=b).json()["id"] for b in bodies]


TABLES = _tables()


@schema.parametrize()
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_no_endpoint_answers_500(case):
    params = case.path_parameters or {}
    pick = zlib.crc32(repr((params, case.body, case.query)).encode())
    if "table_id" in params and pick % 2:
        params["table_id"] = TABLES[pick // 2 % len(TABLES)]
    case.call_and_validate(checks=[not_a_server_error, status_code_conformance,
                                   response_schema_conformance])
