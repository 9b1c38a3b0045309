"""The OpenAPI document (/docs) says what the lobby API answers: every answer of a walk
through the API — each route's success and a refusal of each kind — is checked against
the schema the document gives for its route and status, and that status is one the
document lists."""

from __future__ import annotations

import jsonschema_rs
import pytest
from fastapi.testclient import TestClient

from pentarena.server.app import create_app

from .test_api import invite_of


@pytest.fixture
def api(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite3'}", ai="thread", ai_time_limit=0.01)
    with TestClient(app) as client:
        spec = client.get("/openapi.json").json()
        checked: list[tuple[str, str, int]] = []

        def call(who: TestClient, method: str, route: str, path: str, **kwargs):
            response = who.request(method, path, **kwargs)
            answers = spec["paths"][route][method.lower()]["responses"]
            status = str(response.status_code)
            assert status in answers, f"{method} {route} answered {status}, not documented"
            checked.append((method, route, response.status_code))
            if response.status_code == 204:   # no content: nothing to check but that
                assert response.content == b"" and "content" not in answers[status]
                return response
            schema = answers[status].get("content", {}).get("application/json", {}).get("schema")
            assert schema, f"{method} {route} {status}: no schema documented"
            validator = jsonschema_rs.validator_for({**schema, "components": spec["components"]})
            errors = [f"{'/'.join(map(str, e.instance_path))}: {e.message}"
                      for e in validator.iter_errors(response.json())]
            assert not errors, f"{method} {route} {status}: {errors}\n{response.json()}"
            return response

        call.client = client
        call.app = app
        call.checked = checked
        call.spec = spec
        yield call


def finish(api, table_id: str) -> None:
    """Play the table's game to its end (its first legal move each time)."""
    table = api.app.state.hub.tables[table_id]
    while not table.state.is_terminal():
        table.apply_checked(str(table.state.legal_moves()[0]))


def test_every_route_answers_as_documented(api):
    ann = api.client
    now = [1000.0]   # the clock that says how long a seat has been away
    api.app.state.hub.last_seen.clock = lambda: now[0]
    with TestClient(api.app) as bob, TestClient(api.app) as cat, TestClient(api.app) as dan:
        api(ann, "GET", "/api/health", "/api/health")
        api(ann, "GET", "/api/games", "/api/games")
        made = api(ann, "POST", "/api/tables", "/api/tables", json={
            "game": "pentago", "seats": [{"kind": "me"}, {"kind": "invite"}]}).json()
        tid = made["id"]
        t = "/api/tables/{table_id}"
        api(bob, "POST", t + "/join", f"/api/tables/{tid}/join",
            json={"token": invite_of(made), "name": "Bob"})
        api(ann, "POST", t + "/name", f"/api/tables/{tid}/name", json={"name": "Ann"})
        api(ann, "GET", "/api/tables", "/api/tables")
        api(cat, "GET", t, f"/api/tables/{tid}")
        api(cat, "GET", t + "/at/{ply}", f"/api/tables/{tid}/at/0")
        api(cat, "GET", t + "/record", f"/api/tables/{tid}/record")
        api(ann, "POST", t + "/free", f"/api/tables/{tid}/free", json={"seat": 1})  # too soon
        api(ann, "POST", t + "/resign", f"/api/tables/{tid}/resign", json={})
        api(cat, "GET", t + "/analysis", f"/api/tables/{tid}/analysis?start=false")  # 204
        api(cat, "GET", t + "/analysis", f"/api/tables/{tid}/analysis")              # 202
        record = api(cat, "GET", t + "/record", f"/api/tables/{tid}/record").json()
        api(cat, "POST", "/api/records", "/api/records", json=record)
        again = api(ann, "POST", t + "/again", f"/api/tables/{tid}/again", json={}).json()
        api(bob, "POST", t + "/follow", f"/api/tables/{again['id']}/follow", json={})
        api(ann, "POST", t + "/again", f"/api/tables/{tid}/again", json={})  # next-exists

        # an open seat taken from the lobby, left again (the computer takes a hidden hand)
        pentic = api(cat, "POST", "/api/tables", "/api/tables", json={
            "game": "pentic", "seats": [{"kind": "me"}, {"kind": "open"}]}).json()["id"]
        api(dan, "POST", t + "/sit", f"/api/tables/{pentic}/sit", json={"seat": 1})
        api(dan, "POST", t + "/leave", f"/api/tables/{pentic}/leave", json={})
        api(cat, "POST", t + "/free", f"/api/tables/{pentic}/free", json={"seat": 1})
        # seats freed once their players are away long enough: a fresh invite; in a game
        # of hidden cards the computer
        for game in ("pentago", "pentic"):
            made = api(cat, "POST", "/api/tables", "/api/tables", json={
                "game": game, "seats": [{"kind": "me"}, {"kind": "invite"}]}).json()
            api(dan, "POST", t + "/join", f"/api/tables/{made['id']}/join",
                json={"token": invite_of(made)})
            now[0] += 121
            freed = api(cat, "POST", t + "/free", f"/api/tables/{made['id']}/free",
                        json={"seat": 1})
            assert freed.status_code == 201 and (freed.json()["invite"] is None) == (
                game == "pentic"), freed.json()

        puzzle = api(dan, "POST", "/api/tables", "/api/tables", json={
            "game": "pentomino-puzzle", "options": {"region": "3x20"}}).json()["id"]
        api(dan, "POST", t + "/count", f"/api/tables/{puzzle}/count", json={})
        api(dan, "GET", t + "/analysis", f"/api/tables/{puzzle}/analysis")  # no analysis

        draft = api(ann, "POST", "/api/tables", "/api/tables", json={
            "game": "pentomino", "options": {"variant": "draft"}}).json()["id"]
        api(ann, "POST", t + "/rematch", f"/api/tables/{draft}/rematch", json={})  # not over
        finish(api, draft)
        api(ann, "POST", t + "/rematch", f"/api/tables/{draft}/rematch", json={})

        # refusals: a body of the wrong type, an unknown table, a bad query, too big, a
        # page of another site
        api(ann, "POST", "/api/tables", "/api/tables", json={"game": 3})
        api(ann, "GET", t, "/api/tables/nosuchtable")
        api(ann, "GET", "/api/tables", "/api/tables?limit=0")
        api(ann, "POST", "/api/tables", "/api/tables", content=b"{" + b" " * 70_000 + b"}",
            headers={"content-type": "application/json"})
        api(ann, "POST", "/api/tables", "/api/tables", json={"game": "pentago"},
            headers={"origin": "http://elsewhere.example"})
        api(bob, "POST", t + "/join", f"/api/tables/{tid}/join", json={"token": "x" * 20})

    routes = {(method, route) for method, route, _ in api.checked}
    documented = {(m.upper(), route) for route, ops in api.spec["paths"].items() for m in ops}
    assert documented <= routes, f"not walked: {sorted(documented - routes)}"
    # each route's success was seen and checked (the analysis: 202 and 204, its 200 is
    # FastAPI's own response_model), not only its refusals
    succeeded = {(method, route) for method, route, status in api.checked if status < 300}
    assert documented <= succeeded, f"no success seen: {sorted(documented - succeeded)}"
    assert {(s, "/api/tables/{table_id}/analysis") for s in (202, 204)} <= {
        (status, route) for _, route, status in api.checked}
    statuses = {status for _, _, status in api.checked}
    assert {200, 201, 400, 403, 404, 409, 413} <= statuses, statuses


def test_the_records_route_documents_its_body(api):
    body = api.spec["paths"]["/api/records"]["post"]["requestBody"]
    assert body["required"] and "application/json" in body["content"]
