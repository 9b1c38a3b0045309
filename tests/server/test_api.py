"""The lobby API and the table WebSocket, against the real app (in-process)."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from fastapi.testclient import TestClient

import pentarena
from pentarena.server.app import create_app
from pentarena.server.tables import Table
from tests.aio import run_async


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'test.sqlite3'}"


@pytest.fixture
def client(db):
    with TestClient(create_app(db, ai="thread", ai_time_limit=0.2)) as c:
        yield c


def create(client, seats, **body):
    r = client.post("/api/tables", json={"game": "pentup", "seats": seats, **body})
    assert r.status_code == 201, r.text
    return r.json()


def invite_of(t, k=0):
    return t["invites"][k]["url"].split("token=")[1]


def claim(client, t, k=0, name=""):
    """Use the k-th invite of table ``t``; returns the fresh seat token it gives.  The test
    client's cookies hold the creator's seat, so it takes the seat as a hot seat would."""
    r = client.post(f"/api/tables/{t['id']}/join",
                    json={"token": invite_of(t, k), "name": name, "hot_seat": True})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def receive_until(ws, pred, limit=50):
    for _ in range(limit):
        msg = ws.receive_json()
        if pred(msg):
            return msg
    raise AssertionError("expected message never came")


def state_at(version):
    return lambda m: m["type"] == "state" and m["version"] == version


def test_games_and_openapi(client):
    data = client.get("/api/games").json()
    assert {"pentup", "pentago"} <= {g["name"] for g in data["games"]}
    assert "medium" in data["levels"]
    # the most each thinking level takes a move, per game (Pent-Up's expert: twice the time)
    seconds = {g["name"]: g["level_seconds"] for g in data["games"]}
    assert seconds["pentago"] == {"medium": 0.5, "hard": 2.0, "expert": 5.0, "perfect": 10.0}
    assert seconds["pentup"]["expert"] == 10.0 and seconds["pentomino"]["medium"] < 0.5
    spec = client.get("/openapi.json").json()
    assert "/api/tables" in spec["paths"] and "/api/records" in spec["paths"]
    assert client.get("/").status_code == 200
    assert "Pentarena" in client.get("/t/whatever").text
    assert client.get("/static/js/games/pentup.js").status_code == 200


def test_create_table_validation(client):
    r = client.post("/api/tables", json={"game": "chess"})
    assert r.status_code == 400 and "unknown game" in r.json()["detail"]["message"]
    r = client.post("/api/tables", json={"game": "pentup", "options": {"players": 9}})
    assert r.status_code == 400 and "must be one of" in r.json()["detail"]["message"]
    r = client.post("/api/tables", json={"game": "pentup", "seats": [{"kind": "me"}]})
    assert "has 2 seats" in r.json()["detail"]["message"]
    r = client.post("/api/tables", json={"game": "pentup", "seats": [{"kind": "me"},
                                                                      {"kind": "robot"}]})
    assert "kind must be one of" in r.json()["detail"]["message"]
    r = client.post("/api/tables", json={"game": "pentup", "seats": [
        {"kind": "me"}, {"kind": "computer", "level": "godlike"}]})
    assert "unknown computer level" in r.json()["detail"]["message"]
    r = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["detail"]["code"] == "bad-request"
    assert client.get("/api/tables/nope").status_code == 404


def test_play_against_the_computer(client):
    t = create(client, [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    token = t["you"]["token"]
    with client.websocket_connect(f"/ws/{t['id']}?token={token}") as ws:
        first = receive_until(ws, state_at(0))
        assert first["you"] == 0 and len(first["legal_moves"]) == 63
        ws.send_text(json.dumps({"type": "move", "move": "I:0,0;1,0;2,0;3,0;4,0", "version": 0}))
        receive_until(ws, state_at(1))
        after = receive_until(ws, state_at(2))  # the computer answered
        assert after["current_player"] == 0 and after["legal_moves"]
        assert after["state"]["tiles"][1]["seat"] == 1


def test_a_computer_seat_that_thinks_too_long_plays_a_random_move(db, monkeypatch):
    import threading

    from pentarena.server import hub

    release, returned = threading.Event(), threading.Event()

    def stuck(*args):
        release.wait(60)
        returned.set()
        return "this is not even a move"

    monkeypatch.setattr(hub, "think", stuck)
    monkeypatch.setattr(hub, "THINK_TIMEOUT", 0.2)
    with TestClient(create_app(db, ai="thread", ai_time_limit=0.01)) as c:
        t = create(c, [{"kind": "me"}, {"kind": "computer", "level": "hard"}])
        with c.websocket_connect(f"/ws/{t['id']}?token={t['you']['token']}") as ws:
            receive_until(ws, state_at(0))
            ws.send_text(json.dumps({"type": "move", "move": "I:0,0;1,0;2,0;3,0;4,0",
                                     "version": 0}))
            after = receive_until(ws, state_at(2))  # answered by the watchdog, not by think
            assert not returned.is_set()
            assert after["current_player"] == 0 and len(after["state"]["tiles"]) == 2
    release.set()


def test_every_bad_message_gets_a_clear_error_and_changes_nothing(client):
    t = create(client, [{"kind": "me"}, {"kind": "invite"}])
    token = t["you"]["token"]
    friend = claim(client, t)
    with client.websocket_connect(f"/ws/{t['id']}?token={token}") as ws:
        receive_until(ws, state_at(0))
        cases = [
            ("{not json", "bad-json"),
            ('{"type": "move", "move": "x", "version": NaN}', "bad-json"),  # Python's, not JSON
            ('{"type": "move", "move": "x", "version": -Infinity}', "bad-json"),
            ('{"type": "move", "move": "a1 TL cw", "move": "b2 TL cw"}', "bad-json"),
            ('{"type": "move", "move": "x", "version": 1e400}', "bad-json"),
            ("[1, 2]", "bad-message"),
            (json.dumps({"type": "dance"}), "bad-message"),
            (json.dumps({"type": "move"}), "bad-message"),
            (json.dumps({"type": "move", "move": "I:0,0", "version": True}), "bad-message"),
            (json.dumps({"type": "move", "move": "x" * 5000}), "too-large"),
            (json.dumps({"type": "move", "move": "😀" * 1500}, ensure_ascii=False), "too-large"),  # 6,000 bytes
            (json.dumps({"type": "move", "move": "Q:0,0;1,0"}), "invalid-move"),
            (json.dumps({"type": "move", "move": "I:0,0;1,0;2,0;3,0;4,0", "version": 5}), "bad-version"),
            (json.dumps({"type": "move", "move": "I:0,0;1,0;2,0;3,0;4,0", "version": -1}), "bad-version"),
            (json.dumps({"type": "move", "move": "I:0,0;1,0;2,0;3,0;4,0", "version": 10**40}), "bad-version"),
        ]
        for raw, code in cases:
            ws.send_text(raw)
            msg = receive_until(ws, lambda m: m["type"] == "error")
            assert msg["code"] == code, (raw, msg)
            assert msg["message"]
        ws.send_text(json.dumps({"type": "move", "move": "I:0,0;1,0;2,0;3,0;4,0", "version": 0}))
        receive_until(ws, state_at(1))
        # not my turn any more
        ws.send_text(json.dumps({"type": "move", "move": "L:5,0;5,1;5,2;5,3;6,3", "version": 1}))
        assert receive_until(ws, lambda m: m["type"] == "error")["code"] == "not-your-turn"
    with client.websocket_connect(f"/ws/{t['id']}?token={friend}") as ws2:
        s = receive_until(ws2, state_at(1))
        assert s["you"] == 1
        ws2.send_text(json.dumps({"type": "move", "move": "L:5,1;5,2;5,3;5,4;6,4", "version": 1}))
        err = receive_until(ws2, lambda m: m["type"] == "error")
        assert err["code"] == "illegal-move" and "corner" in err["message"]
        ws2.send_text(json.dumps({"type": "ping"}))
        assert receive_until(ws2, lambda m: m["type"] in ("pong",))["type"] == "pong"
    client.cookies.clear()  # the creator's seat cookie would make this connection seat 0
    with client.websocket_connect(f"/ws/{t['id']}") as spectator:
        s = receive_until(spectator, state_at(1))
        assert s["you"] is None and s["legal_moves"] == []
        spectator.send_text(json.dumps({"type": "move", "move": "L:5,0;5,1;5,2;5,3;6,3"}))
        assert receive_until(spectator, lambda m: m["type"] == "error")["code"] == "not-seated"
    with client.websocket_connect(f"/ws/{t['id']}?token=forged") as forged:
        assert receive_until(forged, lambda m: m["type"] == "error")["code"] == "bad-token"
    assert client.get(f"/api/tables/{t['id']}").json()["history"] == ["I:0,0;1,0;2,0;3,0;4,0"]


def browsers(client):
    """Switch the test client between people's browsers: ``use(name)`` gives it that
    person's own cookie jar (kept between switches)."""
    jars, now = {}, [None]

    def use(name: str) -> None:
        jars[now[0]] = client.cookies  # the jar in use (setting the client's copies it)
        client.cookies = jars.get(name, {})
        now[0] = name

    return use


def test_invite_link_join_and_leave(client):
    use = browsers(client)
    use("ann")
    t = create(client, [{"kind": "me"}, {"kind": "invite"}], name="Ann")
    invite = invite_of(t)
    assert client.get(f"/api/tables/{t['id']}").json()["table"]["open_seats"] == [1]
    # Ann opens her friend's invite herself (to try it): asked first, the invite kept
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite, "name": "Ann"})
    assert r.status_code == 409, r.text
    detail = r.json()["detail"]
    assert detail["code"] == "already-seated" and detail["seat"] == 1 and detail["held"] == [0]
    assert "hot_seat" in detail["message"] and "seat 0" not in detail["message"]
    use("bob")
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite, "name": "Bob"})
    assert r.json()["seat"] == 1
    friend = r.json()["token"]
    seats = client.get(f"/api/tables/{t['id']}").json()["table"]["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Bob"]
    # Bob opens his invite link again: his seat, as it was
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite, "name": "Bob"})
    assert r.status_code == 200 and r.json() == {"seat": 1, "token": friend}
    use("cy")  # anyone else (Bob's private window, closed): the invite is used, and the
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite})  # way back said
    assert r.status_code == 409 and r.json()["detail"]["code"] == "invite-used"
    assert "a player at the table can free the seat" in r.json()["detail"]["message"]
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": "wrong"})
    assert r.status_code == 400 and r.json()["detail"]["code"] == "bad-token"
    assert client.post(f"/api/tables/{t['id']}/leave", json={"token": friend}).json() == {
        "seat": 1, "seats": [1]}
    table = client.get(f"/api/tables/{t['id']}").json()["table"]
    assert table["open_public_seats"] == [1]  # a seat someone left is open to anyone
    # ... and Bob's invite, opened again, takes it again (as Sit here would), not "taken"
    use("bob")
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite, "name": "Bob"})
    assert r.status_code == 200 and r.json()["seat"] == 1 and r.json()["token"] != friend
    seats = client.get(f"/api/tables/{t['id']}").json()["table"]["seats"]
    assert seats[1]["claimed"] and seats[1]["name"] == "Bob"
    use("cy")  # taken again: used
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "invite-used"
    # a hot seat, asked for: the creator takes the other seat of a new table too
    use("ann")
    t = create(client, [{"kind": "me"}, {"kind": "invite"}], name="Ann")
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite_of(t), "hot_seat": True})
    assert r.status_code == 200 and r.json()["seat"] == 1


def test_leaving_with_the_cookie_clears_the_seat(client):
    """A browser leaves with its cookie (it never sees its token): the seat loses its
    token and its name, is free to anyone, and whoever sits there is shown as themselves."""
    use = browsers(client)
    use("ann")
    t = create(client, [{"kind": "me"}, {"kind": "invite"}], name="Ann")
    use("bob")
    client.post(f"/api/tables/{t['id']}/join", json={"token": invite_of(t), "name": "Bob"})
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        assert receive_until(ws, state_at(0))["you"] == 1
        r = client.post(f"/api/tables/{t['id']}/leave", json={})
        assert r.status_code == 200 and r.json() == {"seat": 1, "seats": [1]}
        assert "max-age=0" in r.headers["set-cookie"].lower()  # the dead token leaves the cookie
        seen = receive_until(ws, lambda m: m["type"] == "state" and m["you"] is None)
        seat = seen["table"]["seats"][1]
        assert (seat["name"], seat["claimed"], seat["open"]) == ("", False, True)
    r = client.post(f"/api/tables/{t['id']}/leave", json={})
    assert r.status_code == 403 and r.json()["detail"]["code"] == "not-seated"
    assert "you do not hold a seat" in r.json()["detail"]["message"]
    use("cy")  # no name: shown by the seat's colour, not by Bob's name
    assert client.post(f"/api/tables/{t['id']}/sit", json={"seat": 1}).status_code == 200
    assert client.get(f"/api/tables/{t['id']}").json()["table"]["seats"][1]["name"] == ""
    use("dan")
    r = client.post(f"/api/tables/{t['id']}/sit", json={"seat": 1, "name": "Dan"})
    assert r.status_code == 409 and r.json()["detail"] == {
        "code": "seat-taken", "message": "someone else took that seat a moment ago"}
    # hot seat: leaving gives up every seat of the browser, or the one named
    use("ann")
    t = create(client, [{"kind": "me"}, {"kind": "me"}, {"kind": "me"}], game="pentup",
               options={"players": 3})
    r = client.post(f"/api/tables/{t['id']}/leave", json={"seat": 2})
    assert r.json() == {"seat": 2, "seats": [2]}
    assert client.post(f"/api/tables/{t['id']}/leave", json={}).json()["seats"] == [0, 1]
    # a finished game keeps its seats
    t = create(client, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    table = client.app.state.hub.tables[t["id"]]
    while not table.state.is_terminal():
        table.apply_checked(str(table.state.legal_moves()[0]))
    r = client.post(f"/api/tables/{t['id']}/leave", json={})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "game-over"


def away_clock(client):
    """People's browsers (:func:`browsers`) and the clock that says how long a seat has
    been away, set by the test: ``now[0]`` in seconds."""
    now = [1000.0]
    client.app.state.hub.last_seen.clock = lambda: now[0]
    return browsers(client), now


def test_a_player_frees_the_seat_of_someone_away(client):
    """After 2 minutes without a connection (the server's clock), another player may free
    a seat: its token stops working and a fresh invite comes back for it."""
    use, now = away_clock(client)
    use("ann")
    t = create(client, [{"kind": "me"}, {"kind": "invite"}, {"kind": "computer"}],
               game="pentup", options={"players": 3}, name="Ann")
    free = lambda seat, **body: client.post(f"/api/tables/{t['id']}/free",  # noqa: E731
                                            json={"seat": seat, **body})
    use("bob")
    bob = claim(client, t, name="Bob")
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        receive_until(ws, state_at(0))
        use("ann")
        r = free(1)
        assert r.status_code == 409 and r.json()["detail"]["code"] == "seat-online"
        assert "connected" in r.json()["detail"]["message"]
    now[0] += 75  # Bob's window closed 75 s ago
    r = free(1)
    assert r.status_code == 409 and r.json()["detail"]["code"] == "too-soon"
    assert r.json()["detail"]["message"] == ("that player has been away for 1 min 15 s: you can "
                                             "free the seat in 45 s")
    assert r.json()["detail"]["wait"] == 45
    refusals = {0: "own-seat", 2: "bad-seat", 5: "bad-seat"}
    for seat, code in refusals.items():
        assert free(seat).json()["detail"]["code"] == code, seat
    use("eve")  # a spectator cannot
    assert free(1).json()["detail"]["code"] == "not-seated"
    assert free(1, token="forged").status_code == 403
    use("ann")
    now[0] += 45
    r = free(1)
    assert r.status_code == 201, r.text
    url = r.json()["invite"]["url"]
    assert r.json()["seat"] == 1 and url.startswith(f"/t/{t['id']}?token=")
    seat = client.get(f"/api/tables/{t['id']}").json()["table"]["seats"][1]
    assert seat["name"] == "" and not seat["claimed"] and not seat["open"]
    assert free(1).json()["detail"]["code"] == "seat-free"
    with client.websocket_connect(f"/ws/{t['id']}?token={bob}") as ws:  # Bob's token is dead
        assert receive_until(ws, lambda m: m["type"] == "error")["code"] == "bad-token"
    use("cy")  # the fresh invite seats the next person; the old one stays used
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": url.split("token=")[1]})
    assert r.status_code == 200 and r.json()["seat"] == 1
    use("bob")  # Bob is told why his invite holds nothing now
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite_of(t)})
    assert r.json()["detail"]["code"] == "invite-used"
    assert "freed while its player was away" in r.json()["detail"]["message"]
    # a seat taken and never connected counts as away from when it was taken
    use("ann")
    assert free(1).json()["detail"]["code"] == "too-soon"
    now[0] += 120
    assert free(1).status_code == 201


def test_in_pentic_a_seat_freed_or_left_is_played_by_the_computer(client):
    """A hidden hand is never handed on mid-game: an opponent who frees an away player's
    seat gets no invite to take it (and see the hand, and play both seats): the computer
    plays it; a seat left is the computer's too, not open for anyone to sit at."""
    use, now = away_clock(client)
    use("ann")
    t = create(client, [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}],
               game="pentic", options={"players": 3}, name="Ann")
    use("bob")
    bob = claim(client, t, 0, name="Bob")
    use("cy")
    claim(client, t, 1, name="Cy")
    use("ann")
    now[0] += 121  # Bob has been away long enough
    r = client.post(f"/api/tables/{t['id']}/free", json={"seat": 1})
    assert r.status_code == 201, r.text
    assert r.json() == {"seat": 1, "invite": None, "computer": "medium"}
    seats = client.get(f"/api/tables/{t['id']}").json()["table"]["seats"]
    assert (seats[1]["kind"], seats[1]["level"], seats[1]["name"]) == ("computer", "medium", "")
    with client.websocket_connect(f"/ws/{t['id']}?token={bob}") as ws:  # Bob's token is dead
        assert receive_until(ws, lambda m: m["type"] == "error")["code"] == "bad-token"
    use("cy")
    r = client.post(f"/api/tables/{t['id']}/leave", json={})
    assert r.status_code == 200 and r.json()["seats"] == [2]
    seats = client.get(f"/api/tables/{t['id']}").json()["table"]["seats"]
    assert seats[2]["kind"] == "computer" and not seats[2]["open"]
    assert [s["earlier"] for s in seats] == [[], [], []]  # before any move: all the computer's
    # Cy's invite opened again: the computer has the seat, which nobody may free
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite_of(t, 1)})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "invite-used"
    assert r.json()["detail"]["message"] == (
        "this invite has already been used, and its seat is the computer's now (in a game "
        "with hidden cards a hand that was seen goes to nobody else): watch the game")
    use("ann")  # nobody can sit there (Ann to see Cy's hand, say)
    r = client.post(f"/api/tables/{t['id']}/sit", json={"seat": 2})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "seat-taken"
    with client.websocket_connect(f"/ws/{t['id']}") as ws:  # and the game goes on: Ann moves,
        state = receive_until(ws, state_at(0))                # then the computer seats do
        assert state["you"] == 0 and state["current_player"] == 0
        ws.send_json({"type": "move", "move": state["legal_moves"][0], "version": 0})
        receive_until(ws, state_at(3))


def test_after_a_restart_a_seat_is_away_from_the_restart_on(db):
    with TestClient(create_app(db, ai="thread", ai_time_limit=0.2)) as c:
        t = create(c, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
        claim(c, t)
    with TestClient(create_app(db, ai="thread", ai_time_limit=0.2)) as c:
        hub = c.app.state.hub
        started = hub.last_seen.known[t["id"]]  # the table was loaded at start
        hub.last_seen.clock = lambda: started + 60
        body = {"seat": 1, "token": t["you"]["token"]}
        r = c.post(f"/api/tables/{t['id']}/free", json=body)
        assert r.json()["detail"]["code"] == "too-soon", r.text
        hub.last_seen.clock = lambda: started + 120
        assert c.post(f"/api/tables/{t['id']}/free", json=body).status_code == 201


def test_a_freed_seats_invite_is_for_another_person_not_the_freer(client):
    """Ann frees Bob's seat (away): its invite is for someone else — Ann taking it too
    would play both sides, under any name she types."""
    use = browsers(client)
    use("ann")
    t = create(client, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    use("bob")
    assert client.post(f"/api/tables/{t['id']}/join",
                       json={"token": invite_of(t), "name": "Bob"}).status_code == 200
    use("ann")
    hub = client.app.state.hub
    started = hub.last_seen.clock()
    hub.last_seen.clock = lambda: started + 120
    r = client.post(f"/api/tables/{t['id']}/free", json={"seat": 1})
    assert r.status_code == 201, r.text
    invite = r.json()["invite"]["url"].split("token=")[1]
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite, "hot_seat": True,
                                                         "name": "Bob"})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "not-for-you"
    assert "you play seat 1 of 2 here already" in r.json()["detail"]["message"]
    use("dan")   # anyone else takes it
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite, "name": "Dan"})
    assert r.status_code == 200 and r.json()["seat"] == 1


def test_refusals_speak_of_turns_and_seats_as_players_do(client):
    t = create(client, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    mine, friend = t["you"]["token"], claim(client, t)
    with client.websocket_connect(f"/ws/{t['id']}?token={mine}") as ws:
        receive_until(ws, state_at(0))
        ws.send_text(json.dumps({"type": "move", "move": "a1 TL cw", "version": 0}))
        receive_until(ws, state_at(1))
        # a second tab, still showing move 0: the game moved on
        ws.send_text(json.dumps({"type": "move", "move": "b1 TL cw", "version": 0}))
        err = receive_until(ws, lambda m: m["type"] == "error")
        assert err == {"type": "error", "code": "not-your-turn",
                       "message": "the game has moved on: it is no longer your turn"}
        ws.send_text(json.dumps({"type": "move", "move": "b1 TL cw"}))
        assert receive_until(ws, lambda m: m["type"] == "error")["message"] == (
            "it is not your turn: wait for the player to move")
        ws.send_text(json.dumps({"type": "hint"}))
        err = receive_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "not-your-turn" and "seat" not in err["message"]
    assert friend
    client.cookies.clear()
    for seat, words in ((0, "that seat is taken"), (1, "that seat is taken"),
                        (7, "this table has 2 seats, numbered from 0: there is no seat 7")):
        r = client.post(f"/api/tables/{t['id']}/sit", json={"seat": seat})
        assert r.json()["detail"]["message"] == words


def test_open_seat_from_the_lobby(client):
    t = create(client, [{"kind": "me"}, {"kind": "open"}])
    listed = client.get("/api/tables?status=playing").json()["tables"]
    assert any(x["id"] == t["id"] and x["open_public_seats"] == [1] for x in listed)
    r = client.post(f"/api/tables/{t['id']}/sit", json={"seat": 1, "name": "Cy"})
    token = r.json()["token"]
    with client.websocket_connect(f"/ws/{t['id']}?token={token}") as ws:
        assert receive_until(ws, state_at(0))["you"] == 1
    r = client.post(f"/api/tables/{t['id']}/sit", json={"seat": 1})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "seat-taken"


def first_move_against_the_computer(database_url: str) -> tuple[dict, str, list[str]]:
    """On a fresh server: a table against a random computer, one move each, server shut
    down.  Returns the table, the seat token and the history."""
    with TestClient(create_app(database_url, ai="thread", ai_time_limit=0.2)) as c1:
        t = create(c1, [{"kind": "me"}, {"kind": "computer", "level": "random"}])
        token = t["you"]["token"]
        with c1.websocket_connect(f"/ws/{t['id']}?token={token}") as ws:
            receive_until(ws, state_at(0))
            ws.send_text(json.dumps({"type": "move", "move": "I:0,0;1,0;2,0;3,0;4,0",
                                     "version": 0}))
            history = receive_until(ws, state_at(2))["history"]
    return t, token, history


def test_restart_restores_tables_and_computer_seats(db):
    t, token, history = first_move_against_the_computer(db)
    with TestClient(create_app(db, ai="thread", ai_time_limit=0.2)) as c2:
        data = c2.get(f"/api/tables/{t['id']}").json()
        assert data["history"] == history
        with c2.websocket_connect(f"/ws/{t['id']}?token={token}") as ws:
            s = receive_until(ws, state_at(2))
            assert s["you"] == 0 and s["legal_moves"]
            ws.send_text(json.dumps({"type": "move", "move": s["legal_moves"][0], "version": 2}))
            receive_until(ws, state_at(4))  # and the restored computer seat answers


def test_restart_while_the_computer_is_to_move(db):
    from pentarena.server.store import Store, _create_table
    from pentarena.server.tables import Table

    store = Store(db)
    table, tokens = Table.create("pentup", {}, [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    table.apply_checked("I:0,0;1,0;2,0;3,0;4,0")
    store.write_now(_create_table, table.stored())
    store.close()
    with TestClient(create_app(db, ai="thread", ai_time_limit=0.2)) as c:
        with c.websocket_connect(f"/ws/{table.id}?token={tokens[0]}") as ws:
            assert receive_until(ws, state_at(2))["current_player"] == 0


def test_records_export_import_and_replay(client):
    t = create(client, [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    with client.websocket_connect(f"/ws/{t['id']}?token={t['you']['token']}") as ws:
        receive_until(ws, state_at(0))
        ws.send_text(json.dumps({"type": "move", "move": "X:1,0;0,1;1,1;2,1;1,2", "version": 0}))
        receive_until(ws, state_at(2))
    rec = client.get(f"/api/tables/{t['id']}/record")
    assert "attachment" in rec.headers["content-disposition"]
    record = rec.json()
    assert record["game"] == "pentup" and len(record["moves"]) == 2
    r = client.post("/api/records", content=json.dumps(record))
    assert r.status_code == 201
    imported = r.json()["id"]
    data = client.get(f"/api/tables/{imported}").json()
    assert data["history"] == record["moves"] and data["table"]["status"] == "replay"
    at1 = client.get(f"/api/tables/{imported}/at/1").json()
    assert at1["history"] == record["moves"][:1]
    assert client.get(f"/api/tables/{imported}/at/9").status_code == 400
    with client.websocket_connect(f"/ws/{imported}") as ws:
        receive_until(ws, state_at(2))
        presence = receive_until(ws, lambda m: m["type"] == "presence")
        assert presence["away"] == {} and presence["idle"] == {}   # nobody plays a replay
    # the imported record's own facts come back with it, also after a restart
    noted = dict(record, meta={**record["meta"], "event": "club night", "round": 3,
                               "players": ["Ann", "Bob", "Cy"]})
    again = client.post("/api/records", json=noted).json()["id"]
    client.app.state.hub.tables.clear()
    assert client.get(f"/api/tables/{again}/record").json()["meta"] == noted["meta"]
    bad = dict(record, moves=record["moves"] + ["I:50,50;51,50;52,50;53,50;54,50"])
    r = client.post("/api/records", content=json.dumps(bad))
    assert r.status_code == 400 and "cannot be replayed" in r.json()["detail"]["message"]
    assert client.post("/api/records", content=b"garbage").status_code == 400
    assert client.post("/api/records", content=b"x" * 1_000_001).status_code == 413
    # a number too long for Python to read (over 4,300 digits): refused, not a crash
    for where in ("seed", "meta"):
        huge = json.dumps(dict(record, **{where: "HUGE"})).replace('"HUGE"', "9" * 5000)
        r = client.post("/api/records", content=huge)
        assert r.status_code == 400 and r.json()["detail"]["code"] == "bad-record", r.text
        assert "not valid JSON" in r.json()["detail"]["message"]


def test_records_that_cannot_replay_exactly_are_not_imported(client):
    """A Pentic record with neither seed nor deck (each replay would deal anew) and a
    record of an unknown format version are refused with the reason; a finished Pentic
    table's exported record still imports and replays its game."""
    cases = [({"game": "pentic", "moves": []}, "needs a 'seed' or a 'deck'"),
             ({"format": "pentarena-record/2", "game": "pentago"}, "reads pentarena-record/1")]
    for data, why in cases:
        r = client.post("/api/records", content=json.dumps(data))
        assert r.status_code == 400 and r.json()["detail"]["code"] == "bad-record", r.text
        assert why in r.json()["detail"]["message"]
    from pentarena.record import GameRecord

    state = pentarena.load_game("pentic").new_initial_state()  # the server's secure deal
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
    r = client.post("/api/records", content=GameRecord.of(state).dumps())
    assert r.status_code == 201, r.text
    exported = client.get(f"/api/tables/{r.json()['id']}/record").json()
    assert GameRecord.from_json(exported).final_state().to_json() == state.to_json()


def test_an_unnamed_seat_of_a_record_stays_unnamed(client):
    """The page shows an unnamed seat by its colour, as on the original table."""
    from pentarena.record import GameRecord

    state = pentarena.load_game("pentago").new_initial_state(seed=1)
    state.apply("a1 TL cw")
    record = GameRecord.of(state, players=["Alice", ""]).to_json()
    for players, names in ((["Alice", ""], ["Alice", ""]), (None, ["", ""])):
        r = client.post("/api/records", content=json.dumps(dict(record, meta=dict(
            record.get("meta") or {}, players=players))))
        assert r.status_code == 201, r.text
        assert [s["name"] for s in r.json()["table"]["seats"]] == names


def test_every_http_error_has_a_code_and_a_message(client):
    """The framework's own errors too: a body unreadable as JSON, an unknown path."""
    bodies = [b'{"game":"pent\xff\xfeago"}', b'{"game":"pentago","seed":' + b"1" * 5000 + b"}",
              b'{"game":"pentago","options":' + b'{"a":' * 5000 + b"1" + b"}" * 5001]
    for body in bodies:
        r = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
        assert r.status_code == 400, r.text
        detail = r.json()["detail"]
        assert detail["code"] == "bad-request" and "could not be read as JSON" in detail["message"]
    r = client.get("/api/nothing-here")
    assert r.status_code == 404 and r.json()["detail"]["code"] == "not-found"
    r = client.put("/api/games")
    assert r.status_code == 405 and r.json()["detail"]["code"] == "method-not-allowed"


def test_a_browser_lost_gets_a_page_not_json(client):
    """A mistyped address opened in a browser showed the API's JSON; a rules page of a game
    we do not have said one line, with status 200: a 404 page in the site's look, saying
    what was asked (escaped) and the way back.  Programs still get the JSON problem."""
    html = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    r = client.get("/nothing-here", headers=html)
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert "<h2>Page not found</h2>" in r.text and "There is no page at /nothing-here." in r.text
    assert 'href="/" id="all-games"' in r.text and 'href="/rules/pentago"' in r.text
    r = client.get("/rules/<b>chess", headers=html)
    assert r.status_code == 404 and "<h2>No such game</h2>" in r.text
    assert "“&lt;b&gt;chess”" in r.text and "<b>chess" not in r.text
    assert client.get("/rules/pentomino-puzzle", headers=html).status_code == 200
    for path in ("/nothing-here", "/api/nothing-here", "/static/nothing.js"):  # programs: JSON
        accept = {} if path == "/nothing-here" else html
        r = client.get(path, headers=accept)
        assert r.status_code == 404 and r.json()["detail"]["code"] == "not-found", path


def test_names_lose_control_and_invisible_characters(client):
    """Names are shown to everyone: no NUL, newline or escape, no zero-width space, no mark
    that reverses the text after it (a name posing as another's)."""
    t = create(client, [{"kind": "me", "name": "Ann\u202eeil\x00"}, {"kind": "invite"}])
    claim(client, t, name="  Bo\n\x1b[31m  \u200bb ")
    seats = client.get(f"/api/tables/{t['id']}").json()["table"]["seats"]
    assert [s["name"] for s in seats] == ["Anneil", "Bo [31m b"]
    t = create(client, [{"kind": "me"}, {"kind": "open"}])
    r = client.post(f"/api/tables/{t['id']}/sit", json={"seat": 1, "name": "\u2066Eve\u2069 👩\u200d💻"})
    assert r.status_code == 200
    assert client.get(f"/api/tables/{t['id']}").json()["table"]["seats"][1]["name"] == "Eve 👩\u200d💻"


def test_unknown_table_websocket(client):
    with client.websocket_connect("/ws/nope") as ws:
        assert ws.receive_json()["code"] == "unknown-table"


def test_pentic_views_over_the_websocket(client):
    t = create_game(client, "pentic", [{"kind": "me"}, {"kind": "invite"}])
    token = t["you"]["token"]
    friend = claim(client, t)
    r = client.get(f"/api/tables/{t['id']}/record")
    assert r.status_code == 409 and r.json()["detail"]["code"] == "hidden"
    with client.websocket_connect(f"/ws/{t['id']}?token={token}") as ws:
        mine = receive_until(ws, state_at(0))
    hand = mine["state"]["hand"]
    assert len(hand) == 5 and mine["previews"] and len(mine["legal_moves"]) == 45
    client.cookies.clear()
    with client.websocket_connect(f"/ws/{t['id']}?token={friend}") as ws:
        theirs = receive_until(ws, state_at(0))
    assert theirs["state"]["hand"] != hand and not set(hand) & set(json.dumps(theirs).split('"'))
    assert theirs["previews"] is None and theirs["legal_moves"] == []
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        spectator = receive_until(ws, state_at(0))
    assert spectator["state"]["hand"] is None
    assert not set(hand) & set(json.dumps(spectator).split('"'))


def test_a_finished_pentic_shows_every_hand_at_every_move(db):
    """Once a game with hidden cards is over its record, the deal included, is anyone's:
    the state events and the replay's steps carry every seat's hand (`hands`), as the
    position stepped to holds them; never before the end."""
    from pentarena.server.store import Store, _create_table
    from pentarena.server.tables import Table

    store = Store(db)
    done, _ = Table.create("pentic", {}, [{"kind": "me"}, {"kind": "me"}])
    going, _ = Table.create("pentic", {}, [{"kind": "me"}, {"kind": "me"}])
    rng = random.Random(5)
    while not done.state.is_terminal():
        done.apply_checked(str(rng.choice(done.state.legal_moves())))
    for _ in range(4):
        going.apply_checked(str(rng.choice(going.state.legal_moves())))
    for t in (done, going):
        store.write_now(_create_table, t.stored())
    store.close()
    replayed = pentarena.GameRecord.of(done.state).states()
    with TestClient(create_app(db, ai="thread", ai_time_limit=0.2)) as c:
        for ply in (0, 3, len(replayed) - 1):
            step = c.get(f"/api/tables/{done.id}/at/{ply}").json()
            assert step["hands"] == replayed[ply].to_json()["hands"], ply
        assert any(c.get(f"/api/tables/{done.id}/at/3").json()["hands"])  # cards in hand then
        with c.websocket_connect(f"/ws/{done.id}") as ws:  # a spectator, at the end
            end = receive_until(ws, state_at(len(replayed) - 1))
        assert end["hands"] == done.state.to_json()["hands"]
        for ply in (0, 4):  # a game going on: no hand anywhere but the seat's own
            step = c.get(f"/api/tables/{going.id}/at/{ply}").json()
            assert step["hands"] is None and step["state"]["hand"] is None
        with c.websocket_connect(f"/ws/{going.id}") as ws:
            live = receive_until(ws, state_at(4))
        assert live["hands"] is None
        for hand in going.state.to_json()["hands"]:
            assert not set(hand) & set(json.dumps(live).split('"'))


def create_game(client, game, seats, **body):
    r = client.post("/api/tables", json={"game": game, "seats": seats, **body})
    assert r.status_code == 201, r.text
    return r.json()


def test_a_finished_draft_offers_its_rematch(db):
    # RULES.md §3: a finished draft game offers a rematch with the two sets swapped; the
    # new table starts from them (no picks), keeps them across a restart and in its record.
    import random

    from pentarena.server.store import Store, _create_table
    from pentarena.server.tables import Table

    store = Store(db)
    table, _ = Table.create("pentomino", {"variant": "draft"}, [{"kind": "me"}, {"kind": "me"}])
    unfinished, _ = Table.create("pentomino", {"variant": "draft"}, [{"kind": "me"}] * 2)
    # resigned once the draft was done: a rematch too; resigned during it: no sets to swap
    resigned, _ = Table.create("pentomino", {"variant": "draft"}, [{"kind": "me"}] * 2)
    picking, _ = Table.create("pentomino", {"variant": "draft"}, [{"kind": "me"}] * 2)
    rng = random.Random(3)
    while not table.state.is_terminal():
        table.apply_checked(str(rng.choice(table.state.legal_moves())))
    while resigned.state.to_json()["phase"] == "pick":
        resigned.apply_checked(str(rng.choice(resigned.state.legal_moves())))
    picking.apply_checked(str(rng.choice(picking.state.legal_moves())))
    for t in (resigned, picking):
        t.seats[0].resigned = True
    for t in (table, unfinished, resigned, picking):
        store.write_now(_create_table, t.stored())
    store.close()
    swapped = table.state.rematch().to_json()["preset_sets"]
    seats = [{"kind": "me"}, {"kind": "computer", "level": "random"}]
    with TestClient(create_app(db, ai="thread", ai_time_limit=0.2)) as c:
        r = c.post(f"/api/tables/{unfinished.id}/rematch", json={"seats": seats})
        assert r.status_code == 409 and "once this game is over" in r.json()["detail"]["message"]
        r = c.post(f"/api/tables/{resigned.id}/rematch", json={"seats": seats})
        assert r.status_code == 201, r.text
        r = c.post(f"/api/tables/{picking.id}/rematch", json={"seats": seats})
        assert r.status_code == 409 and r.json()["detail"]["message"] == \
            "the draft was not finished: there are no sets to swap"
        pentup = create(c, seats)
        r = c.post(f"/api/tables/{pentup['id']}/rematch", json={})
        assert r.status_code == 409 and "pentup has no rematch" in r.json()["detail"]["message"]
        r = c.post(f"/api/tables/{table.id}/rematch", json={"seats": seats, "name": "Ann"})
        assert r.status_code == 201, r.text
        again = r.json()
        data = c.get(f"/api/tables/{again['id']}").json()
        assert data["state"]["phase"] == "place" and data["state"]["preset_sets"] == swapped
        assert data["table"]["seats"][0]["name"] == "Ann"
    with TestClient(create_app(db, ai="thread", ai_time_limit=0.2)) as c:  # after a restart
        data = c.get(f"/api/tables/{again['id']}").json()
        assert data["state"]["preset_sets"] == swapped
        with c.websocket_connect(f"/ws/{again['id']}?token={again['you']['token']}") as ws:
            # seat 1 places first, as after a draft (the seat after the first picker)
            s = receive_until(ws, lambda m: m["type"] == "state" and m["current_player"] == 0)
            assert s["version"] == 1
            ws.send_text(json.dumps({"type": "move", "move": s["legal_moves"][0], "version": 1}))
            receive_until(ws, state_at(2))
        record = c.get(f"/api/tables/{again['id']}/record").json()
        assert record["sets"] == swapped and len(record["moves"]) >= 2
        r = c.post("/api/records", content=json.dumps(record))  # the record replays
        assert r.status_code == 201, r.text


# -- Play again: the next game with the same players ------------------------------------

PENTAGO_WIN = ["a1 BR cw", "a6 BR cw", "b1 BR cw", "b6 BR cw", "c1 BR cw", "c6 BR cw",
               "d1 BL cw", "d6 BL cw", "e1"]  # seed 1: White wins on the 9th move


def finished_with_friends(client, use):
    """Ann (White) and Bob (Black) finish a Pentago game (seed 1); a computer-free table."""
    use("ann")
    t = client.post("/api/tables", json={"game": "pentago", "seed": 1, "name": "Ann",
                                         "seats": [{"kind": "me"}, {"kind": "invite"}]}).json()
    use("bob")
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite_of(t), "name": "Bob"})
    assert r.status_code == 200, r.text
    tokens = {"ann": t["you"]["token"], "bob": r.json()["token"]}
    for ply, move in enumerate(PENTAGO_WIN):
        who = "ann" if ply % 2 == 0 else "bob"
        with client.websocket_connect(f"/ws/{t['id']}?token={tokens[who]}") as ws:
            receive_until(ws, state_at(ply))
            ws.send_text(json.dumps({"type": "move", "move": move, "version": ply}))
            receive_until(ws, state_at(ply + 1))
    assert client.get(f"/api/tables/{t['id']}").json()["table"]["status"] == "finished"
    return t, tokens


def test_a_seat_given_up_keeps_the_name_of_who_played_its_moves(client):
    """Bob plays two moves and leaves; Carl sits down and renames himself: the seat names
    Bob for the moves before Carl came (``earlier``), and a rename is no new player."""
    use = browsers(client)
    use("ann")
    t = client.post("/api/tables", json={"game": "pentago", "seed": 1, "name": "Ann",
                                         "seats": [{"kind": "me"}, {"kind": "invite"}]}).json()
    use("bob")
    bob = client.post(f"/api/tables/{t['id']}/join",
                      json={"token": invite_of(t), "name": "Bob"}).json()["token"]
    tokens = [t["you"]["token"], bob]
    for ply, move in enumerate(PENTAGO_WIN[:4]):
        with client.websocket_connect(f"/ws/{t['id']}?token={tokens[ply % 2]}") as ws:
            receive_until(ws, state_at(ply))
            ws.send_text(json.dumps({"type": "move", "move": move, "version": ply}))
            receive_until(ws, state_at(ply + 1))
    seat = lambda: client.get(f"/api/tables/{t['id']}").json()["table"]["seats"][1]  # noqa: E731
    assert seat()["earlier"] == []
    assert client.post(f"/api/tables/{t['id']}/name", json={"name": "Bobby"}).status_code == 200
    assert seat()["earlier"] == []  # the same player, renamed
    assert client.post(f"/api/tables/{t['id']}/leave", json={}).status_code == 200
    assert seat()["earlier"] == [{"name": "Bobby", "until": 4}]
    use("carl")
    assert client.post(f"/api/tables/{t['id']}/sit",
                       json={"seat": 1, "name": "Carl"}).status_code == 200
    assert client.post(f"/api/tables/{t['id']}/name", json={"name": "Carlo"}).status_code == 200
    assert seat()["earlier"] == [{"name": "Bobby", "until": 4}] and seat()["name"] == "Carlo"
    # Carl leaves before his turn came: he played nothing, and is not named
    assert client.post(f"/api/tables/{t['id']}/leave", json={}).status_code == 200
    assert seat()["earlier"] == [{"name": "Bobby", "until": 4}]
    hub = client.app.state.hub
    hub.tables.clear()  # as stored
    assert seat()["earlier"] == [{"name": "Bobby", "until": 4}]
    # the record says it, and its replay names Bobby too
    record = client.get(f"/api/tables/{t['id']}/record").json()
    assert record["meta"]["earlier_players"] == [[], [{"name": "Bobby", "until": 4}]]
    replay = client.post("/api/records", json=record).json()
    seats = client.get(f"/api/tables/{replay['id']}").json()["table"]["seats"]
    assert [s["earlier"] for s in seats] == [[], [{"name": "Bobby", "until": 4}]]
    for wrong in ([[], [{"name": "Bobby", "until": 5}]], [[], [{"name": 1, "until": 2}]],
                  [[], [{"name": "A", "until": 3}, {"name": "B", "until": 2}]], [[]], "x",
                  [[], "x"], [[], [{"until": 2}]], [[], [{"name": "A", "until": "2"}]]):
        record["meta"]["earlier_players"] = wrong  # refused, saying what it takes
        r = client.post("/api/records", json=record)
        assert r.status_code == 400 and r.json()["detail"]["code"] == "bad-record", wrong
        assert r.json()["detail"]["message"].startswith("meta.earlier_players"), r.text


def test_play_again_keeps_each_players_seat_at_the_next_table(client):
    use = browsers(client)
    t, tokens = finished_with_friends(client, use)
    use("carl")  # a spectator: not a player of the game
    r = client.post(f"/api/tables/{t['id']}/again", json={})
    assert r.status_code == 403 and r.json()["detail"]["code"] == "not-seated"
    use("ann")
    with client.websocket_connect(f"/ws/{t['id']}?token={tokens['bob']}") as bob_ws:
        receive_until(bob_ws, state_at(9))
        r = client.post(f"/api/tables/{t['id']}/again", json={})
        assert r.status_code == 201, r.text
        new = r.json()
        # Bob's page hears of it at once: the finished table names the next one
        told = receive_until(bob_ws, lambda m: m["type"] == "state" and m["table"]["next"])
        assert told["table"]["next"] == new["id"]
    assert new["table"]["follows"] == t["id"] and new["you"]["seat"] == 0
    assert [s["name"] for s in new["table"]["seats"]] == ["Ann", "Bob"]
    # Bob's seat is kept for him: its invite goes to nobody (Ann, holding it, could take
    # his seat, and in a game of more play two hands under his name)
    assert new["table"]["seats"][1]["claimed"] is False and new["table"]["seats"][1]["kept"]
    assert new["invites"] == []
    assert client.get(f"/api/tables/{t['id']}").json()["table"]["next"] == new["id"]
    # a stranger's browser has no seat kept; Bob's (its cookie for the game before) has
    use("carl")
    r = client.post(f"/api/tables/{new['id']}/follow", json={})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "no-seat"
    r = client.post(f"/api/tables/{new['id']}/follow", json={"token": "forged"})
    assert r.status_code == 409
    use("bob")
    r = client.post(f"/api/tables/{new['id']}/follow", json={})
    assert r.status_code == 200, r.text
    bob_new = r.json()
    assert bob_new["seat"] == 1 and bob_new["seats"] == [{"seat": 1, "token": bob_new["token"]}]
    again = client.post(f"/api/tables/{new['id']}/follow", json={})  # asked twice: the same seat
    assert again.status_code == 200 and again.json()["token"] == bob_new["token"]
    with client.websocket_connect(f"/ws/{new['id']}") as ws:  # the cookie holds the seat
        assert receive_until(ws, state_at(0))["you"] == 1
    assert client.get(f"/api/tables/{new['id']}").json()["table"]["seats"][1]["kept"] is False
    # one next game: a second Play again (Bob's, pressed before his page heard of Ann's)
    # is refused and names hers, where his seat is (the page joins it)
    use("bob")
    tables = len(client.get("/api/tables", params={"idle": True}).json()["tables"])
    r = client.post(f"/api/tables/{t['id']}/again", json={})
    assert r.status_code == 409, r.text
    detail = r.json()["detail"]
    assert detail["code"] == "next-exists" and detail["next"] == new["id"]
    use("ann")  # the presser, following too (a second tab): her seat named again
    r = client.post(f"/api/tables/{new['id']}/follow", json={})
    assert r.status_code == 200 and r.json()["seat"] == 0 and r.json()["token"] == new["you"]["token"]
    use("bob")
    assert detail["message"] == ("the next game has begun already (someone pressed Play "
                                 f"again): join it at table {new['id']}")
    assert len(client.get("/api/tables", params={"idle": True}).json()["tables"]) == tables
    assert client.get(f"/api/tables/{t['id']}").json()["table"]["next"] == new["id"]


def test_a_seat_kept_for_a_player_who_does_not_come_is_freed_for_a_new_invite(client):
    """Bob does not come to the game Ann started (Play again), or comes on another
    device: once the seat has waited the away time, Ann frees it and gets an invite to
    send — for another person: she cannot take it herself and play both sides."""
    use = browsers(client)
    t, tokens = finished_with_friends(client, use)
    use("ann")
    new = client.post(f"/api/tables/{t['id']}/again", json={}).json()
    hub = client.app.state.hub
    started = hub.last_seen.known[new["id"]]
    r = client.post(f"/api/tables/{new['id']}/free", json={"seat": 1})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "too-soon"
    hub.last_seen.clock = lambda: started + 120
    with client.websocket_connect(f"/ws/{new['id']}") as ws:   # the count down, as a page has it
        presence = receive_until(ws, lambda m: m["type"] == "presence")
        assert presence["away"] == {"1": 120.0}
    r = client.post(f"/api/tables/{new['id']}/free", json={"seat": 1})
    assert r.status_code == 201, r.text
    invite = r.json()["invite"]["url"].split("token=")[1]
    seat = client.get(f"/api/tables/{new['id']}").json()["table"]["seats"][1]
    assert (seat["kept"], seat["claimed"], seat["name"]) == (False, False, "")
    r = client.post(f"/api/tables/{new['id']}/join", json={"token": invite, "hot_seat": True})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "not-for-you"
    assert r.json()["detail"]["message"].startswith("this seat was freed for another person")
    use("bob")  # his old browser: the seat kept for him was freed
    r = client.post(f"/api/tables/{new['id']}/follow", json={})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "no-seat"
    use("bob-phone")  # the link Ann sends him
    r = client.post(f"/api/tables/{new['id']}/join", json={"token": invite, "name": "Bob"})
    assert r.status_code == 200 and r.json()["seat"] == 1


def test_play_again_by_the_other_player_gives_them_no_invite_to_the_first_ones_seat(client):
    """Whoever presses Play again first makes the table: the others' seats are kept for
    them, and their invites are not in the answer (Bob took Ann's seat with it, and in
    Pentic her hand)."""
    use = browsers(client)
    t, tokens = finished_with_friends(client, use)
    use("bob")
    new = client.post(f"/api/tables/{t['id']}/again", json={}).json()
    assert new["you"]["seat"] == 1 and new["invites"] == []
    use("ann")
    r = client.post(f"/api/tables/{new['id']}/follow", json={})
    assert r.status_code == 200 and r.json()["seat"] == 0


def test_a_used_invite_of_a_finished_game_says_so_without_advice_that_cannot_apply(client):
    use = browsers(client)
    t, tokens = finished_with_friends(client, use)
    use("carl")  # Bob's link, opened later by someone else: no seat to free any more
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite_of(t)})
    assert r.status_code == 409 and r.json()["detail"] == {
        "code": "invite-used", "message": "this invite has already been used, and the game "
                                          "is over: here is how it went"}


def test_play_again_is_refused_before_the_end(client):
    use = browsers(client)
    use("ann")
    t = client.post("/api/tables", json={"game": "pentago",
                                         "seats": [{"kind": "me"}, {"kind": "invite"}]}).json()
    r = client.post(f"/api/tables/{t['id']}/again", json={})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "not-finished"
    r = client.post(f"/api/tables/{t['id']}/follow", json={})
    assert r.status_code == 409 and "does not follow" in r.json()["detail"]["message"]


def test_a_player_names_their_seat_after_joining_without_a_name(client):
    use = browsers(client)
    use("ann")
    t = create(client, [{"kind": "me"}, {"kind": "invite"}], name="Ann")
    use("bob")
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite_of(t)})
    assert r.status_code == 200 and client.get(f"/api/tables/{t['id']}").json()["table"]["seats"][1]["name"] == ""
    r = client.post(f"/api/tables/{t['id']}/name", json={"name": "  Bob\u200b \n"})
    assert r.status_code == 200 and r.json() == {"seat": 1, "name": "Bob"}
    assert [s["name"] for s in client.get(f"/api/tables/{t['id']}").json()["table"]["seats"]] == ["Ann", "Bob"]
    for name, code in (("\u200b\n", "bad-name"), ("x" * 41, "bad-request")):
        r = client.post(f"/api/tables/{t['id']}/name", json={"name": name})
        assert r.status_code == 400 and r.json()["detail"]["code"] == code, r.text
    r = client.post(f"/api/tables/{t['id']}/name", json={"name": "Bob", "seat": 0})
    assert r.status_code == 403 and r.json()["detail"]["message"] == "you do not hold that seat"
    use("carl")
    r = client.post(f"/api/tables/{t['id']}/name", json={"name": "Mallory"})
    assert r.status_code == 403 and r.json()["detail"]["code"] == "not-seated"


def test_a_fault_of_the_server_is_a_json_500_like_every_other_error(tmp_path):
    """What the server itself gets wrong is answered in the shape of every refusal (the
    traceback goes to the log), never a plain-text page."""
    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite3'}", ai="thread")

    from sqlalchemy.exc import IntegrityError

    faults = [RuntimeError("a bug"),  # and a request the database refused (not unreachable)
              IntegrityError("INSERT …", {}, Exception("duplicate key"))]

    async def broken(*args, **kwargs):
        raise faults.pop(0)

    with TestClient(app, raise_server_exceptions=False) as c:
        app.state.hub.listing = broken
        while faults:
            r = c.get("/api/tables")
            assert r.status_code == 500
            assert r.json()["detail"] == {"code": "error",
                                          "message": "the server failed to answer that; its "
                                                     "log says why"}


@pytest.mark.parametrize("pieces", ["\\udfff", "X\\udfffY", "FILNP\\udfff"])
def test_a_lone_surrogate_in_an_option_is_a_400_that_says_so(client, pieces):
    """A puzzle's ``pieces`` holding a lone surrogate (JSON's \\udfff, which UTF-8 cannot
    encode): the refusal quotes it escaped (its message could not be sent: a 500 before)."""
    body = '{"game": "pentomino-puzzle", "options": {"pieces": "%s"}}' % pieces  # JSON's escape
    r = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 400, r.text
    assert r.json()["detail"]["code"] == "bad-options"
    assert "'\\udfff' is no piece" in r.json()["detail"]["message"]



# -- resigning ---------------------------------------------------------------------------
def test_a_resignation_ends_the_game_for_the_other_side(client):
    """A player resigns: the game is over at once (stored so, listed so), won by the other
    side; every connection is told; no move, hint or seat change after it; the hands of a
    game with hidden cards and its analysis are then anyone's; the record says it, and an
    imported one shows it; Play again starts the next game."""
    t = client.post("/api/tables", json={"game": "pentic", "seats": [
        {"kind": "me", "name": "Ann"}, {"kind": "invite"}]}).json()
    tid = t["table"]["id"]
    bob = claim(client, t, name="Bob")
    ann = t["you"]["token"]
    with client.websocket_connect(f"/ws/{tid}?token={ann}") as ws:
        first = receive_until(ws, state_at(0))
        assert first["hands"] is None
        move = first["legal_moves"][0]
        ws.send_text(json.dumps({"type": "move", "move": move, "version": 0}))
        receive_until(ws, state_at(1))
        r = client.post(f"/api/tables/{tid}/resign", json={"token": bob})
        assert r.status_code == 200 and r.json() == {"seat": 1, "winners": [0]}
        over = receive_until(ws, lambda m: m["type"] == "state" and m["table"]["status"] == "finished")
        assert over["winners"] == [0] and over["current_player"] is None
        assert over["table"]["resigned"] == 1 and over["table"]["seats"][1]["resigned"] is True
        assert over["legal_moves"] == [] and len(over["hands"]) == 2  # the hands are public
        ws.send_text(json.dumps({"type": "move", "move": move, "version": 1}))
        refused = receive_until(ws, lambda m: m["type"] == "error")
        assert refused["code"] == "game-over"
        assert refused["message"] == "the game is over: Bob's seat resigned"
        ws.send_text(json.dumps({"type": "hint"}))
        assert receive_until(ws, lambda m: m["type"] == "error")["code"] == "game-over"
    for token in (bob, ann):
        r = client.post(f"/api/tables/{tid}/resign", json={"token": token})
        assert r.status_code == 409 and r.json()["detail"]["code"] == "game-over"
    assert client.post(f"/api/tables/{tid}/leave", json={"token": ann}).status_code == 409
    listed = {x["id"]: x for x in client.get("/api/tables").json()["tables"]}
    assert listed[tid]["status"] == "finished" and listed[tid]["winners"] == [0]
    # the replay's last step is the end too; the step before is not
    last = client.get(f"/api/tables/{tid}/at/1").json()
    assert last["current_player"] is None and last["winners"] == [0]
    before = client.get(f"/api/tables/{tid}/at/0").json()
    assert before["current_player"] == 0 and before["winners"] == []
    hub = client.app.state.hub
    stored = client.portal.call(asyncio.to_thread, hub.store.load, tid)
    assert stored.status == "finished" and Table.from_stored(stored).resigned == 1
    record = client.get(f"/api/tables/{tid}/record").json()
    assert record["meta"]["resigned"] == 1 and record["meta"]["players"] == ["Ann", "Bob"]
    imported = client.post("/api/records", json=record).json()
    shown = client.get(f"/api/tables/{imported['id']}").json()
    assert shown["table"]["status"] == "finished" and shown["winners"] == [0]
    assert shown["table"]["resigned"] == 1
    again = client.post(f"/api/tables/{tid}/again", json={"token": ann})
    assert again.status_code == 201, again.text


def test_resigning_is_for_a_player_of_a_game_of_two_sides(client):
    three = client.post("/api/tables", json={"game": "pentup", "options": {"players": 3}}).json()
    r = client.post(f"/api/tables/{three['table']['id']}/resign",
                    json={"token": three["you"]["token"]})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "no-resign"
    assert r.json()["detail"]["message"].startswith("a game of 3 sides goes on without a player")
    # teams: a 4-player Pent-Up is two sides; a partner's resignation is the team's
    four = client.post("/api/tables", json={"game": "pentup", "options": {"players": 4}}).json()
    r = client.post(f"/api/tables/{four['table']['id']}/resign", json={"token": four["you"]["token"]})
    assert r.status_code == 200 and r.json()["winners"] == [1, 3]
    # a puzzle
    puzzle = client.post("/api/tables", json={"game": "pentomino-puzzle"}).json()
    r = client.post(f"/api/tables/{puzzle['table']['id']}/resign", json={})
    assert r.status_code == 409 and r.json()["detail"]["message"].startswith(
        "a puzzle has nobody to resign to")
    # a spectator
    r = client.post(f"/api/tables/{three['table']['id']}/resign", json={"token": "x" * 20})
    assert r.status_code == 403 and r.json()["detail"]["code"] == "not-seated"


def test_two_people_at_one_screen_resign_for_the_side_on_screen(client):
    """Hot seat: the screen holds both sides; the seat it sends (the one on screen)
    resigns, by default the side to move."""
    def hot_table():
        hot = client.post("/api/tables", json={"game": "pentago", "seats": [
            {"kind": "me"}, {"kind": "invite"}]}).json()
        claim(client, {"id": hot["table"]["id"], "invites": hot["invites"]})
        return hot["table"]["id"]

    tid = hot_table()
    with client.websocket_connect(f"/ws/{tid}") as ws:
        state = receive_until(ws, state_at(0))
        assert state["you"] == 0
        ws.send_json({"type": "move", "move": state["legal_moves"][0], "version": 0})
        assert receive_until(ws, state_at(1))["you"] == 1   # the screen shows White now
    r = client.post(f"/api/tables/{tid}/resign", json={})   # White to move resigns
    assert r.status_code == 200 and r.json() == {"seat": 1, "winners": [0]}
    tid = hot_table()
    r = client.post(f"/api/tables/{tid}/resign", json={"seat": 1})
    assert r.status_code == 200 and r.json() == {"seat": 1, "winners": [0]}
    assert client.get(f"/api/tables/{tid}").json()["table"]["resigned"] == 1
    # a seat this screen does not hold
    solo = client.post("/api/tables", json={"game": "pentago"}).json()["table"]["id"]
    r = client.post(f"/api/tables/{solo}/resign", json={"seat": 1})
    assert r.status_code == 403 and r.json()["detail"]["message"] == "you do not hold that seat"


def test_a_move_stored_elsewhere_after_a_resignation_is_refused_by_the_store(tmp_path):
    """Instances share the database: a move another instance stores after the game was
    resigned (its seats event not there yet) meets the stored status and is refused."""
    from dataclasses import asdict

    from pentarena.server.store import Conflict, Store

    store = Store(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    try:
        table, tokens = Table.create("pentago", {}, [{"kind": "me"}, {"kind": "invite"}])
        run_async(store.create_table(table.stored()))
        _, seats = table.resign([tokens[0]])
        run_async(store.update_seats(table.id, [asdict(s) for s in seats], 0, "finished"))
        with pytest.raises(Conflict):
            run_async(store.add_move(table.id, 0, 1, "a1 TL cw", "playing"))
        stored = store.load(table.id)
        assert stored.moves == [] and stored.status == "finished"
        again = Table.from_stored(stored)
        assert again.over and again.winners_of(again.state) == [1]
    finally:
        store.close()


def test_a_computer_thinking_when_its_opponent_resigns_plays_nothing(client, caplog):
    t = client.post("/api/tables", json={"game": "pentago", "seats": [
        {"kind": "me"}, {"kind": "computer", "level": "hard"}]}).json()
    tid, token = t["table"]["id"], t["you"]["token"]
    hub = client.app.state.hub
    with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        receive_until(ws, state_at(0))
        ws.send_text(json.dumps({"type": "move", "move": "a1 TL cw", "version": 0}))
        receive_until(ws, lambda m: m["type"] == "thinking")
        r = client.post(f"/api/tables/{tid}/resign", json={"token": token})
        assert r.status_code == 200 and r.json()["winners"] == [1]
        thinking = hub.thinking.get(tid)
        if thinking is not None:  # (it may have played first: then the resignation came after)
            client.portal.call(asyncio.wait, {thinking})
    table = client.portal.call(hub.get, tid)
    assert table.over and table.status == "finished"
    assert table.version in (1, 2) and "refused" not in caplog.text
    assert client.get(f"/api/tables/{tid}").json()["table"]["resigned"] == 0


def test_a_player_who_keeps_the_turn_without_moving_can_be_freed_even_connected(client):
    """Keeping a connection open stalls nobody's game for ever: once a player has had the
    turn for the idle limit (10 min) without moving, another player may free the seat;
    before that the refusal says how long is left; presence events say how long the turn
    has lasted, for the page's Free seat."""
    use = browsers(client)
    use("ann")
    t = create(client, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    use("bob")
    bob = client.post(f"/api/tables/{t['id']}/join", json={"token": invite_of(t)}).json()["token"]
    use("ann")
    hub = client.app.state.hub
    # a whole number of seconds (on from the real clock's): added to, it stays exact, and
    # 420 s later the turn has lasted 420 s, not 419.99999 (said as "6 min 59 s")
    now = [float(int(hub.last_seen.clock()) + 1)]
    hub.last_seen.clock = lambda: now[0]
    with client.websocket_connect(f"/ws/{t['id']}?token={bob}") as bob_ws, \
            client.websocket_connect(f"/ws/{t['id']}") as ann_ws:
        receive_until(ann_ws, state_at(0))
        r = client.post(f"/api/tables/{t['id']}/free", json={"seat": 1})
        assert r.status_code == 409 and r.json()["detail"]["code"] == "seat-online"
        assert "or has had the turn for 10 min without moving" in r.json()["detail"]["message"]
        ann_ws.send_json({"type": "move", "move": "a1 TL cw", "version": 0})
        receive_until(ann_ws, state_at(1))
        receive_until(bob_ws, state_at(1))
        now[0] += 420
        r = client.post(f"/api/tables/{t['id']}/free", json={"seat": 1})
        assert r.status_code == 409 and r.json()["detail"]["code"] == "too-soon"
        assert r.json()["detail"]["message"] == (
            "that player is connected, and has had the turn for 7 min: you can free the seat "
            "once it has lasted 10 min, in 3 min")
        with client.websocket_connect(f"/ws/{t['id']}") as third:   # a page opened now
            presence = receive_until(third, lambda m: m["type"] == "presence")
            assert presence["idle"] == {"1": 420.0} and presence["idle_limit"] == 600
        now[0] += 180
        r = client.post(f"/api/tables/{t['id']}/free", json={"seat": 1})
        assert r.status_code == 201, r.text
        assert r.json()["invite"]["seat"] == 1


def test_the_creators_name_goes_on_their_first_seat_only(client):
    """A hot-seat table (several seats "me"): the others at the screen are other people,
    named as they play (or shown by colour), not all called by the creator's name; a seat
    choice's own name still counts."""
    t = create(client, [{"kind": "me"}, {"kind": "computer"}, {"kind": "me"},
                        {"kind": "me", "name": "Dot"}], name="Ann", options={"players": 4})
    seats = client.get(f"/api/tables/{t['id']}").json()["table"]["seats"]
    assert [s["name"] for s in seats] == ["Ann", "", "", "Dot"]


def test_a_puzzle_made_without_hints_refuses_hint_and_solve(client):
    """``hints: false`` holds for a puzzle too (a challenge without the computer's help):
    Hint and Solve are refused with ``hints-off`` (they were played)."""
    t = client.post("/api/tables", json={"game": "pentomino-puzzle", "options": {"region": "6x10"},
                                         "hints": False}).json()
    with client.websocket_connect(f"/ws/{t['id']}?token={t['you']['token']}") as ws:
        receive_until(ws, state_at(0))
        for ask in ("hint", "solve"):
            ws.send_json({"type": ask})
            refused = receive_until(ws, lambda m: m["type"] in ("error", "hint")
                                    or m["type"] == "state" and m["version"] > 0)
            assert refused.get("code") == "hints-off", refused
            assert "without the computer's help" in refused["message"]
    assert client.get(f"/api/tables/{t['id']}").json()["version"] == 0
