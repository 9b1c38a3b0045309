"""The lobby list (GET /api/tables): idle tables, the browser's own tables, imported names."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

import pentarena
from pentarena.server.app import IDLE_SECONDS, UNBEGUN_SECONDS, create_app
from pentarena.server.store import TableRow


@pytest.fixture
def client(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'lobby.sqlite3'}", ai="thread", ai_time_limit=0.2)
    with TestClient(app) as c:
        yield c


def create(client, game="pentago", seats=None, **options) -> str:
    r = client.post("/api/tables", json={"game": game, "options": options,
                                         "seats": seats or [{"kind": "me"}, {"kind": "invite"}]})
    assert r.status_code == 201, r.text
    return r.json()["id"]


def age(client, table_id: str, seconds: float) -> None:
    """Pretend nothing happened at the table for ``seconds`` (in memory and in the store,
    where the lobby looks)."""
    hub = client.app.state.hub
    then = time.time() - seconds
    hub.tables[table_id].updated = then
    with hub.store.engine.begin() as conn:
        conn.execute(update(TableRow).where(TableRow.id == table_id).values(updated=then))


def listed(client, **params) -> dict:
    r = client.get("/api/tables", params=params)
    assert r.status_code == 200, r.text
    return r.json()


def ids(data: dict) -> list[str]:
    return [t["id"] for t in data["tables"]]


def play(client, table_id: str, moves: list[str]) -> None:
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.receive_json()
        for version, move in enumerate(moves):
            ws.send_json({"type": "move", "move": move, "version": version})
            while (msg := ws.receive_json())["type"] != "state" or msg["version"] != version + 1:
                pass


def test_tables_idle_for_a_day_are_hidden_by_default_and_listed_on_request(client):
    fresh = create(client, seats=[{"kind": "me"}, {"kind": "me"}])
    play(client, fresh, ["a1 TL cw", "f6 BR cw"])  # under way (see the next test)
    old, older = create(client), create(client)
    age(client, old, IDLE_SECONDS + 60)
    age(client, older, 3 * IDLE_SECONDS)
    age(client, fresh, IDLE_SECONDS - 600)  # quiet for most of a day: still listed

    default = listed(client)
    assert ids(default) == [fresh]
    assert default["idle_hidden"] == 2
    assert default["tables"][0]["idle"] is False

    everything = listed(client, idle="true")
    assert ids(everything) == [fresh, old, older]  # most recently active first
    assert [t["idle"] for t in everything["tables"]] == [False, True, True]
    assert everything["idle_hidden"] == 0


def test_a_table_that_never_got_going_is_idle_after_an_hour(client):
    """Started and left at once (no move, or only one: a computer's opening), a table
    leaves the lobby after an hour instead of a day; a game under way stays a day."""
    both = [{"kind": "me"}, {"kind": "me"}]
    unbegun, one_move, begun, recent = (create(client, seats=both) for _ in range(4))
    play(client, one_move, ["a1 TL cw"])
    play(client, begun, ["a1 TL cw", "f6 BR cw"])
    for table_id in (unbegun, one_move, begun):
        age(client, table_id, UNBEGUN_SECONDS + 60)
    age(client, recent, UNBEGUN_SECONDS - 600)
    default = listed(client)
    assert ids(default) == [recent, begun] and default["idle_hidden"] == 2
    assert [t["idle"] for t in default["tables"]] == [False, False]
    assert ids(listed(client, status="playing")) == [recent, begun]
    assert listed(client, status="finished")["idle_hidden"] == 0
    everything = listed(client, idle="true")
    assert set(ids(everything)) == {unbegun, one_move, begun, recent}
    assert everything["idle_hidden"] == 0
    assert {t["id"] for t in everything["tables"] if t["idle"]} == {unbegun, one_move}
    play(client, unbegun, ["a1 TL cw", "f6 BR cw"])  # it got going after all
    assert unbegun in ids(listed(client))


def test_a_move_wakes_an_idle_table(client):
    table_id = create(client, seats=[{"kind": "me"}, {"kind": "me"}])
    age(client, table_id, 2 * IDLE_SECONDS)
    assert ids(listed(client)) == []
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.receive_json()
        ws.send_json({"type": "move", "move": "a1 TL cw", "version": 0})
        while (msg := ws.receive_json())["type"] != "state" or msg["version"] != 1:
            pass
    data = listed(client)
    assert ids(data) == [table_id] and data["idle_hidden"] == 0
    assert data["tables"][0]["moves"] == 1


def test_status_filter_and_idle_count_go_together(client):
    playing = create(client)
    finished = client.post("/api/records", content=pentarena.GameRecord.of(
        finished_pentago()).dumps()).json()["id"]
    age(client, finished, 2 * IDLE_SECONDS)
    assert ids(listed(client, status="playing")) == [playing]
    assert listed(client, status="playing")["idle_hidden"] == 0
    assert ids(listed(client, status="finished")) == []
    assert listed(client, status="finished")["idle_hidden"] == 1
    assert ids(listed(client, status="finished", idle="true")) == [finished]


def test_the_tables_this_browser_sits_at_come_first(client):
    other = TestClient(client.app)  # another browser: its own cookie jar
    mine_old = create(client)
    theirs = [create(other) for _ in range(3)]
    mine_solo = create(client, game="pentomino-puzzle", seats=[{"kind": "me"}])
    watching = create(client, seats=[{"kind": "invite"}, {"kind": "computer"}])
    age(client, mine_old, 1800)  # the oldest, yet listed (idle after an hour unbegun)

    data = listed(client)
    mine = [t["id"] for t in data["tables"] if t["mine"]]
    assert ids(data)[:2] == mine == [mine_solo, mine_old]
    assert {t["id"]: t["mine"] for t in data["tables"]}[mine_old] == [0]
    assert set(ids(data)[2:]) == {*theirs, watching}
    # the other browser sees the same tables, its own first and none of ours as its own
    seen = other.get("/api/tables").json()["tables"]
    assert [t["id"] for t in seen if t["mine"]] == theirs[::-1]
    assert all(not t["mine"] for t in seen[3:])
    # the limit keeps this browser's tables
    assert ids(listed(client, limit=2)) == [mine_solo, mine_old]


def test_idle_tables_of_this_browser_are_hidden_too_and_keep_mine(client):
    table_id = create(client)
    age(client, table_id, 2 * IDLE_SECONDS)
    assert listed(client)["tables"] == []
    (t,) = listed(client, idle="true")["tables"]
    assert t["mine"] == [0] and t["idle"] is True and t["status"] == "playing"


def finished_pentago() -> pentarena.State:
    state = pentarena.load_game("pentago").new_initial_state(seed=1)
    for move in ["a1 BR cw", "a6 BR cw", "b1 BR cw", "b6 BR cw", "c1 BR cw", "c6 BR cw",
                 "d1 BL cw", "d6 BL cw", "e1"]:
        state.apply(move)
    assert state.is_terminal()
    return state


def test_an_imported_record_is_listed_with_its_players_names(client):
    record = pentarena.GameRecord.of(finished_pentago(), players=["Ada", "Grace"])
    r = client.post("/api/records", content=record.dumps())
    assert r.status_code == 201, r.text
    (t,) = listed(client)["tables"]
    assert t["imported"] is True and t["status"] == "finished"
    assert [s["name"] for s in t["seats"]] == ["Ada", "Grace"]
    assert t["winners"] == [0]
    assert t["mine"] == []
    # the computer's seats, as records name them, are the computer's (two "computer (easy)"
    # read alike in the lobby and the result); they play no more in a replay
    record = pentarena.GameRecord.of(finished_pentago(), players=["computer (easy)",
                                                                  "computer: easy"])
    made = client.post("/api/records", content=record.dumps()).json()
    seats = client.get(f"/api/tables/{made['id']}").json()["table"]["seats"]
    assert [(s["kind"], s["level"], s["name"]) for s in seats] == [("computer", "easy", "")] * 2
    assert client.get(f"/api/tables/{made['id']}/record").json()["meta"]["players"] == \
        ["computer (easy)", "computer: easy"]


def test_bad_idle_values_are_refused(client):
    r = client.get("/api/tables", params={"idle": "maybe"})
    assert r.status_code == 400
    assert "idle" in r.json()["detail"]["message"]
