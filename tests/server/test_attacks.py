"""What an attack pass on a live server found, each now a clear error or a closed door:
huge or unencodable records, a retired token that kept its connection's seat, hints that
queued without bound, a raced cap, malformed digits and null options."""

from __future__ import annotations

import asyncio
import dataclasses
import json

import pytest
from fastapi.testclient import TestClient

from pentarena.record import MAX_RECORD_MOVES, GameRecord
from pentarena.server.app import create_app, serve_connection
from pentarena.server.connections import Client
from pentarena.server.hub import Limits
from pentarena.server.metrics import Metrics
from pentarena.server.protocol import ProtocolError
from pentarena.server.tables import Table
from tests.aio import run_async

from .test_api import PENTAGO_WIN, claim, create_game, receive_until, state_at
from .test_stalls import Reader, run


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'a.sqlite3'}", ai="thread",
                               ai_time_limit=0.05)) as c:
        yield c


# -- records --------------------------------------------------------------------------------
def test_a_record_with_too_many_moves_is_refused_before_any_replay(client):
    moves = ["I:a1,a2,a3,a4,a5", "remove I"] * (MAX_RECORD_MOVES // 2 + 1)
    body = {"game": "pentomino-puzzle", "options": {"region": "6x10"}, "moves": moves}
    r = client.post("/api/records", content=json.dumps(body))
    assert r.status_code == 400
    assert f"at most {MAX_RECORD_MOVES} moves" in r.json()["detail"]["message"]
    ok = client.post("/api/records", content=json.dumps(dict(body, moves=moves[:MAX_RECORD_MOVES])))
    assert ok.status_code == 201, ok.text
    assert client.get(f"/api/tables/{ok.json()['id']}").json()["version"] == MAX_RECORD_MOVES


def test_a_lone_surrogate_in_a_record_is_refused_and_the_lobby_stays_readable(client):
    raw = '{"game": "pentago", "moves": [], "meta": {"players": ["\\ud800", "x"]}}'
    r = client.post("/api/records", content=raw)
    assert r.status_code == 400 and "not valid Unicode" in r.json()["detail"]["message"]
    assert client.get("/api/tables").status_code == 200
    with pytest.raises(ValueError, match="not valid Unicode"):
        GameRecord.from_json(raw)


def test_an_unencodable_name_gets_a_400_that_does_not_echo_it(client):
    raw = '{"game": "pentago", "name": "\\ud800"}'
    r = client.post("/api/tables", content=raw, headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["detail"]["errors"][0]["loc"] == ["body", "name"]
    assert "valid string" in r.json()["detail"]["message"]
    long_key = {"game": "pentago", "options": {"x" * 5000: 1}}
    r = client.post("/api/tables", json=long_key)
    assert r.status_code == 400 and len(r.text) < 1000


def test_a_person_cannot_take_a_name_that_passes_for_the_computer(client):
    """'computer (expert)' or 'White (computer, hard)' would read as a computer's seat in
    the players panel and the record: refused wherever a person names a seat; the
    computer's own seats keep their names."""
    refused = "a person's name may not start with 'computer' or hold '(computer'"
    for name in ("computer (expert)", "Computer", "White (computer, hard)", "  COMPUTER: medium",
                 "\uff43\uff4f\uff4d\uff50\uff55\uff54\uff45\uff52 (hard)",  # fullwidth
                 "White (\u1d9computer, hard)",  # a modifier letter c
                 "\u0421omputer (hard)", "White (\u0441\u043e\u043c\u0440ut\u0435r, easy)",  # Cyrillic
                 "\u03f9\u03bfmputer", "c0mputer (medium)", "White (cornputer, hard)"):
        r = client.post("/api/tables", json={"game": "pentago", "name": name})
        assert r.status_code == 400 and r.json()["detail"]["message"].startswith(refused), name
    t = create_game(client, "pentago", [{"kind": "me"}, {"kind": "invite"}])
    r = client.post(f"/api/tables/{t['id']}/name", json={"name": "computer"})
    assert r.status_code == 400 and r.json()["detail"]["code"] == "bad-name"
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": t["invites"][0]["url"].split(
        "token=")[1], "name": "(Computer)", "hot_seat": True})
    assert r.status_code == 400 and r.json()["detail"]["code"] == "bad-name"
    for fine in ("Computa", "Ann the computer scientist", "\u0421\u0435\u0440\u0433\u0435\u0439",
                 "\u039c\u03b1\u03c1\u03af\u03b1", "Corn 10"):
        r = client.post("/api/tables", json={"game": "pentago", "name": fine})
        assert r.status_code == 201, fine


# -- options --------------------------------------------------------------------------------
@pytest.mark.parametrize("game, options, words", [
    ("pentic", {"target": None}, "'target' must be a whole number, got null"),
    ("pentomino-puzzle", {"region": None}, "'region' must be text, got null"),
    ("pentomino-puzzle", {"region": "#" * 60 + " " * 60_000}, "at most 2000 characters"),
    ("pentic", {"target": "２５０"}, "'target' must be a whole number"),
])
def test_null_padded_or_foreign_digit_options_are_clear_errors(client, game, options, words):
    r = client.post("/api/tables", json={"game": game, "options": options})
    assert r.status_code == 400 and words in r.json()["detail"]["message"], r.text


def test_a_null_option_that_is_the_default_is_still_accepted(client):
    r = client.post("/api/tables", json={"game": "pentup", "options": {"players": 4, "teams": None}})
    assert r.status_code == 201, r.text


# -- moves ----------------------------------------------------------------------------------
def test_a_superscript_position_is_an_invalid_move_and_the_connection_stays(client):
    t = create_game(client, "pentic", [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    with client.websocket_connect(f"/ws/{t['id']}?token={t['you']['token']}") as ws:
        first = receive_until(ws, state_at(0))
        card = first["legal_moves"][0].split("@")[0]
        ws.send_text(json.dumps({"type": "move", "move": f"{card}@²"}))
        err = receive_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "invalid-move" and "not a grid position" in err["message"]
        ws.send_text(json.dumps({"type": "move", "move": first["legal_moves"][0]}))
        receive_until(ws, state_at(1))


def test_refusals_quote_what_was_sent_only_in_part(client):
    t = create_game(client, "pentago", [{"kind": "me"}, {"kind": "me"}])
    with client.websocket_connect(f"/ws/{t['id']}?token={t['you']['token']}") as ws:
        receive_until(ws, state_at(0))
        ws.send_text(json.dumps({"type": "A" * 3000}))
        err = receive_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "bad-message" and "unknown message type 'AAA" in err["message"]
        assert "…" in err["message"] and len(err["message"]) < 120
        ws.send_text(json.dumps({"type": "move", "move": "c3 TL cw", "version": 10**4000}))
        err = receive_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "bad-version" and len(err["message"]) < 150
        assert "from 0 to 0" in err["message"] and err["version"] == 0  # no version echoed
        ws.send_text(json.dumps({"type": "move", "move": "c3 TL cw", "version": 0}))
        receive_until(ws, state_at(1))  # and the table plays on
    r = client.get("/api/tables/" + "a" * 5000)
    assert r.status_code == 404 and len(r.json()["detail"]["message"]) < 80


# -- seats ----------------------------------------------------------------------------------
def test_a_retired_token_loses_its_open_connections_seat(client):
    t = create_game(client, "pentic", [{"kind": "me"}, {"kind": "invite"}])
    old = claim(client, t)
    client.cookies.clear()
    with client.websocket_connect(f"/ws/{t['id']}?token={old}") as ws:
        assert receive_until(ws, state_at(0))["you"] == 1
        assert client.post(f"/api/tables/{t['id']}/leave", json={"token": old}).status_code == 200
        client.cookies.clear()  # (the seat is the computer's now: nobody sits there)
        assert client.post(f"/api/tables/{t['id']}/sit", json={"seat": 1}).status_code == 409
        # the old connection now watches: it sees no hand and cannot play the seat
        seen = receive_until(ws, lambda m: m["type"] == "state" and m["you"] is None)
        assert seen["legal_moves"] == [] and seen["previews"] is None
        hidden = client.app.state.hub.tables[t["id"]].state.secrets(None)  # hands and pile
        assert len(hidden) > 100 and not any(f'"{card}' in json.dumps(seen) for card in hidden)


def test_a_retired_token_cannot_play_through_its_open_connection(tmp_path):
    async def scenario(hub):
        table, tokens = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "invite"}])
        reader = Reader()
        client = Client(reader, table.seats_of([tokens[0]]), tokens=(tokens[0],))
        await hub.join(table, client)
        assert client.seats == {0}
        seats = [dataclasses.replace(s) for s in table.seats]
        seats[0].token_hash = None  # the token retired (as leaving does)
        await hub.change_seats(table, lambda t: (None, seats))
        assert client.seats == frozenset() and client.seat_for(0) is None
        while not any(m["type"] == "state" and m["you"] is None for m in reader.messages):
            await asyncio.sleep(0.01)  # told so: its view is a spectator's now
        with pytest.raises(ProtocolError) as refused:
            await hub.submit(table, client.seat_for(0), "a1 TL cw", table.version)
        assert refused.value.code == "not-seated"
        return hub

    run(scenario, tmp_path)


# -- the worker pool ----------------------------------------------------------------------
def test_one_hint_at_a_time_per_seat_whatever_the_connections(tmp_path):
    async def scenario(hub):
        table, tokens = await hub.create("pentago", {}, [{"kind": "me"},
                                                         {"kind": "computer", "level": "random"}])
        first, second = (Client(Reader(), frozenset({0}), tokens=(tokens[0],)) for _ in range(2))
        for c in (first, second):
            await hub.join(table, c)
        searched = asyncio.Event()  # the search ends when the test says so, whatever the load
        search = hub.suggest

        async def gated(table, seat, *asker):
            await searched.wait()
            return await search(table, seat, *asker)

        hub.suggest = gated
        hub.ask_hint(table, first, 0)
        with pytest.raises(ProtocolError) as busy:
            hub.ask_hint(table, second, 0)
        assert busy.value.code == "busy"
        await hub.leave(table, first)  # the asker left: the seat's hint still runs to its end
        with pytest.raises(ProtocolError):
            hub.ask_hint(table, second, 0)
        searched.set()
        while hub.hinting:
            await asyncio.sleep(0.01)
        hub.ask_hint(table, second, 0)  # done: the seat may ask again (the same hint)
        while not any(m["type"] == "hint" for m in second.socket.messages):
            await asyncio.sleep(0.01)
        return hub

    run(scenario, tmp_path)


def test_the_computer_only_cap_holds_against_simultaneous_creations(tmp_path):
    async def scenario(hub):
        write = hub.store.create_table

        async def slow(stored):  # the database takes its time: all creations overlap
            await asyncio.sleep(0.05)
            return await write(stored)

        hub.store.create_table = slow
        robots = [{"kind": "computer", "level": "random"}] * 2
        results = await asyncio.gather(*(hub.create("pentago", {}, robots, creator="10.0.0.1")
                                         for _ in range(10)), return_exceptions=True)
        made = [r for r in results if not isinstance(r, Exception)]
        refused = [r for r in results if isinstance(r, ProtocolError)]
        assert len(made) == hub.limits.computer_only_tables == 3
        assert len(refused) == 7 and all(r.code == "too-many-tables" for r in refused)
        assert not hub.creating
        return hub

    run(scenario, tmp_path, limits=Limits())


def test_two_players_pressing_play_again_at_once_make_one_next_game(tmp_path):
    """Ann and Bob press Play again at the same moment (the database slow, so that the
    presses overlap): one next table; the other press is refused with its id."""
    async def scenario(hub):
        table, _ = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "me"}], seed=1)
        for ply, move in enumerate(PENTAGO_WIN):
            await hub.submit(table, ply % 2, move, ply)
        assert table.over
        write = hub.store.create_table

        async def slow(stored):
            await asyncio.sleep(0.05)
            return await write(stored)

        hub.store.create_table = slow
        presses = await asyncio.gather(*(hub.again(table, frozenset({seat}))
                                         for seat in (0, 1)), return_exceptions=True)
        made = [p for p in presses if isinstance(p, tuple)]
        refused = [p for p in presses if isinstance(p, ProtocolError)]
        assert len(made) == len(refused) == 1, presses
        assert table.next_table == made[0][0].id
        assert refused[0].code == "next-exists" and refused[0].facts == {"next": table.next_table}

    run(scenario, tmp_path)


def test_play_again_after_another_instances_press_makes_no_second_table(tmp_path):
    """Another instance (sharing the database) made the next game a moment ago and this
    one has not heard yet: a press here stores no second table, is refused with that
    table's id, and the finished table points there from now on."""
    async def scenario(hub):
        table, _ = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "me"}], seed=1)
        for ply, move in enumerate(PENTAGO_WIN):
            await hub.submit(table, ply % 2, move, ply)
        elsewhere, _ = Table.create("pentago", {}, [{"kind": "me"}, {"kind": "me"}])
        assert await hub.store.create_next(table.id, elsewhere.stored()) == elsewhere.id
        stored = {t.id for t in hub.store.load_all()[0]}
        with pytest.raises(ProtocolError) as refused:
            await hub.again(table, frozenset({0}))
        assert refused.value.code == "next-exists"
        assert refused.value.facts == {"next": elsewhere.id}
        assert table.next_table == elsewhere.id
        assert {t.id for t in hub.store.load_all()[0]} == stored
        assert set(hub.tables) <= stored

    run(scenario, tmp_path)


def test_play_again_of_a_table_the_database_lost_says_so(tmp_path):
    """The finished table's row is gone from the database (restored from an older backup,
    say): Play again is refused as unknown, not sent to a table "?"."""
    from sqlalchemy import delete

    from pentarena.server.store import MoveRow, TableRow

    async def scenario(hub):
        table, _ = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "me"}], seed=1)
        for ply, move in enumerate(PENTAGO_WIN):
            await hub.submit(table, ply % 2, move, ply)
        with hub.store.session() as s, s.begin():
            s.execute(delete(MoveRow).where(MoveRow.table_id == table.id))
            s.execute(delete(TableRow).where(TableRow.id == table.id))
        with pytest.raises(ProtocolError) as refused:
            await hub.again(table, frozenset({0}))
        assert refused.value.code == "unknown-table" and table.next_table is None
        assert hub.store.load_all()[0] == []

    run(scenario, tmp_path)


def test_a_next_game_whose_news_was_lost_is_caught_up_from_the_store(tmp_path):
    """Another instance made the next game while Redis was away (its ``next`` event lost):
    the check of the watched tables against the store finds it, and a watcher here is
    offered it (it was offered only once someone pressed Play again here)."""
    async def scenario(hub):
        table, _ = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "me"}], seed=1)
        for ply, move in enumerate(PENTAGO_WIN):
            await hub.submit(table, ply % 2, move, ply)
        watcher = Reader()
        await hub.join(table, Client(watcher))
        elsewhere, _ = Table.create("pentago", {}, [{"kind": "me"}, {"kind": "me"}])
        await hub.store.create_next(table.id, elsewhere.stored())
        await hub._resync()
        assert table.next_table == elsewhere.id
        while not any(m["type"] == "state" and m["table"]["next"] == elsewhere.id
                      for m in watcher.messages):
            await asyncio.sleep(0.01)

    run(scenario, tmp_path)


def test_tables_per_minute_per_creator_are_capped(tmp_path):
    async def scenario(hub):
        seats = [{"kind": "me"}, {"kind": "invite"}]
        for _ in range(4):
            await hub.create("pentago", {}, seats, creator="10.0.0.2")
        with pytest.raises(ProtocolError) as capped:
            await hub.create("pentago", {}, seats, creator="10.0.0.2")
        assert capped.value.code == "too-many-tables" and "last minute" in capped.value.message
        await hub.create("pentago", {}, seats, creator="10.0.0.3")  # someone else may
        await hub.create("pentago", {}, seats)  # and the Python API has no creator
        hub.created["10.0.0.2"][0] -= 61  # a minute after the first: one more
        await hub.create("pentago", {}, seats, creator="10.0.0.2")
        return hub

    run(scenario, tmp_path, limits=Limits(tables_per_minute=4))


def test_an_ipv6_subscriber_s_addresses_are_one_address_for_the_limits(tmp_path):
    """Every address of an IPv6 /64 is one client's (a home gets a /64 and may use any
    address in it): each was its own address, so one client made 60 tables a minute, held
    256 connections, 2 analyses and 4 hints per address it chose to use."""
    from pentarena.server.deadlines import address_key

    from .test_analysis import FromAddress

    assert address_key("2001:db8:1:2::1") == address_key("2001:db8:1:2:ffff:1:2:3")
    assert address_key("2001:db8:1:2::1") != address_key("2001:db8:1:3::1")
    assert address_key("::ffff:10.0.0.2") == address_key("10.0.0.2") == "10.0.0.2"
    assert address_key("10.0.0.2") != address_key("10.0.0.3")
    app = create_app(f"sqlite:///{tmp_path / 'v6.sqlite3'}", ai="thread",
                     limits=Limits(tables_per_minute=2))
    body = {"game": "pentago", "seats": [{"kind": "me"}, {"kind": "invite"}]}
    with TestClient(FromAddress(app)) as client:
        def create(address: str) -> int:
            return client.post("/api/tables", json=body,
                               headers={"X-Test-Address": address}).status_code

        assert [create(f"2001:db8:1:2::{i}") for i in (1, 2, 3)] == [201, 201, 429]
        assert create("2001:db8:1:3::1") == 201  # another subscriber
        assert [create(a) for a in ("10.0.0.2", "::ffff:10.0.0.2")] == [201, 201]
        assert create("10.0.0.2") == 429


def test_imported_records_count_as_new_tables(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'imports.sqlite3'}", ai="thread",
                     limits=Limits(tables_per_minute=3))
    record = GameRecord("pentago", {}, None, ["a1 TL cw"]).dumps()
    with TestClient(app) as client:
        create_game(client, "pentago", [{"kind": "me"}, {"kind": "invite"}])
        for _ in range(2):
            assert client.post("/api/records", content=record).status_code == 201
        r = client.post("/api/records", content=record)
        assert r.status_code == 429, r.text
        assert r.json()["detail"]["code"] == "too-many-tables"
        # when to ask again, as the seat changes' limit says it
        wait = int(r.headers["retry-after"])
        assert 1 <= wait <= 60 and r.json()["detail"]["retry_after"] == wait
        assert r.json()["detail"]["message"].endswith(f"try again in {wait} s")


def test_a_plain_request_for_the_play_path_says_it_is_a_websocket(client):
    r = client.get("/ws/whatever")
    assert r.status_code == 426 and r.headers["upgrade"] == "websocket"
    assert r.json()["detail"]["code"] == "websocket-only"


# -- the framework's own refusals -----------------------------------------------------------
@pytest.mark.parametrize("body, words", [
    ('{"game": "pentago",}', "not valid JSON: Expecting property name enclosed in double "
                             "quotes at character 19"),
    ("{", "not valid JSON: Expecting property name enclosed in double quotes at character 1"),
    ("\x00", "not valid JSON: Expecting value at character 0"),
    ('[{"kind": "me"}', "not valid JSON: Expecting ',' delimiter at character 15"),
    # Python's reader takes these for numbers ("got a number with a fraction" before)
    ('{"game": "pentago", "seed": NaN}', "not valid JSON: NaN is not a JSON number"),
    ('{"game": "pentago", "seed": -Infinity}', "not valid JSON: -Infinity is not a JSON number"),
    ('{"game": "NaN", "seed": Infinity}', "not valid JSON: Infinity is not a JSON number"),
    # JSON read two ways: the last name won ({"game": "pentago", "game": "pentic"} made Pentic)
    ('{"game": "pentago", "game": "pentic"}',
     'not accepted: "game" is given twice in one object: give each name once'),
    ('{"game": "pentago", "seats": [{"kind": "me", "kind": "computer"}]}',
     'not accepted: "kind" is given twice in one object: give each name once'),
    ('{"game": "pentago", "seed": 1e400}', "not accepted: 1e400 is too large a number"),
])
def test_a_body_that_is_not_json_says_why_and_where(client, body, words):
    r = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["detail"]["code"] == "bad-request"
    assert r.json()["detail"]["message"] == "the request body is " + words


def test_nan_and_infinity_in_text_are_only_text(client):
    r = client.post("/api/tables", json={"game": "pentago", "seats": [
        {"kind": "me", "name": "NaN -Infinity"}, {"kind": "invite"}]})
    assert r.status_code == 201, r.text


def test_a_missing_body_or_json_without_its_content_type_says_so(client):
    r = client.post("/api/tables", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "the request has no body" in r.json()["detail"]["message"]
    for headers, sent in (({}, "no content type"),
                          ({"content-type": "application/x-www-form-urlencoded"},
                           "'application/x-www-form-urlencoded'")):
        r = client.post("/api/tables", content='{"game": "pentago"}', headers=headers)
        assert r.status_code == 400, r.text
        assert r.json()["detail"]["message"] == (
            "the request body must be a JSON object sent with 'Content-Type: "
            f"application/json' (this one came with {sent})")
    r = client.post("/api/tables", json=["pentago"])
    assert r.json()["detail"]["message"] == ("the request body must be a JSON object; /docs "
                                             "lists its fields")
    r = client.post("/api/tables", json={"game": "pentago", "seed": 1.5})  # fields as before
    assert r.json()["detail"]["message"] == "seed: must be a whole number, got a number with a fraction"


def test_an_unknown_path_or_method_says_what_there_is(client):
    r = client.get("/api/nothing-here")
    assert r.status_code == 404 and r.json()["detail"] == {
        "code": "not-found", "message": "there is nothing at '/api/nothing-here': the pages "
        "are / and /t/<table>, the API is under /api (listed at /docs)"}
    r = client.put("/api/games")
    assert r.status_code == 405 and r.json()["detail"] == {
        "code": "method-not-allowed", "message": "PUT is not accepted at '/api/games'; it "
        "takes GET"}
    r = client.delete("/api/tables")  # two routes at this path: both methods named
    assert r.status_code == 405 and r.headers["allow"] == "GET, POST"
    assert r.json()["detail"]["message"] == ("DELETE is not accepted at '/api/tables'; it "
                                             "takes GET, POST")
    r = client.get("/api/tables/nope")  # the app's own 404s keep their words
    assert r.json()["detail"]["code"] == "unknown-table"


def test_a_websocket_token_that_holds_no_seat_is_told_why(client):
    t = create_game(client, "pentic", [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}],
                    options={"players": 3})
    client.cookies.clear()
    invite = t["invites"][0]["url"].split("token=")[1]

    def refusal(token):
        with client.websocket_connect(f"/ws/{t['id']}?token={token}") as ws:
            err = receive_until(ws, lambda m: m["type"] == "error")
            seen = receive_until(ws, state_at(0))
            assert err["code"] == "bad-token" and seen["you"] is None
            assert seen["state"]["hand"] is None  # watching: no hand, whatever the token
            return err["message"]

    assert refusal(invite) == (
        "this is the invite for seat 2 of 3, not a seat token: claim it first (POST "
        f"/api/tables/{t['id']}/join) and connect with the seat token it answers; you are "
        "watching")
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite})
    assert r.status_code == 200
    client.cookies.clear()
    assert refusal(invite).startswith("this invite has been used: connect with the seat token")
    assert refusal("forged").startswith("this token holds no seat here")


# -- a burst of requests ----------------------------------------------------------------------
class Burst:
    """A client that sends ``count`` messages at once, then reads every answer (each send
    over the network lets other tasks run once) and finally hangs up."""

    def __init__(self, message: dict, count: int) -> None:
        self.incoming: asyncio.Queue = asyncio.Queue()
        for _ in range(count):
            self.incoming.put_nowait({"type": "websocket.receive", "text": json.dumps(message)})
        self.messages: list[dict] = []
        self.closed: int | None = None

    async def receive(self) -> dict:
        if self.incoming.empty():  # all read: hang up once every answer is in
            while len(self.messages) < self.expected:
                await asyncio.sleep(0.01)
            return {"type": "websocket.disconnect", "code": 1000}
        return await self.incoming.get()

    async def send_text(self, text: str) -> None:
        await asyncio.sleep(0)
        self.messages.append(json.loads(text))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = code


@pytest.mark.parametrize("kind", ["ping", "sync", "hint"])
def test_a_burst_of_requests_is_answered_not_dropped(tmp_path, kind):
    """A client that reads every answer is never dropped as too slow for the answers to its
    own requests sent at once (the queue is for clients that stop reading); its pace lets
    the 300 through (a pace of 40 at once would refuse them before the queue fills)."""
    async def scenario(hub):
        table, tokens = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "me"}])
        socket = Burst({"type": kind}, 300)
        socket.expected = 300 + 2  # the state and the presence on joining
        client = Client(socket, table.seats_of([tokens[0]]), tokens=(tokens[0],))
        await hub.join(table, client)
        await asyncio.wait_for(serve_connection(hub, table, client, socket, Metrics()), 60)
        assert not client.dropped and socket.closed is None
        answers = [m["type"] for m in socket.messages]
        assert len(answers) >= 302 and answers.count("state") + answers.count("pong") + (
            answers.count("error") + answers.count("hint")) >= 300
        await hub.leave(table, client)

    run(scenario, tmp_path, limits=Limits(message_burst=300))


class Talker(Burst):
    """A client whose messages the test sends one by one (``say``), reading every answer."""

    def __init__(self) -> None:
        super().__init__({}, 0)

    def say(self, message: dict) -> None:
        self.incoming.put_nowait({"type": "websocket.receive", "text": json.dumps(message)})

    def hang_up(self) -> None:
        self.incoming.put_nowait({"type": "websocket.disconnect", "code": 1000})

    async def receive(self) -> dict:
        return await self.incoming.get()

    async def until(self, pred) -> dict:
        while True:
            found = next((m for m in self.messages if pred(m)), None)
            if found is not None:
                return found
            await asyncio.sleep(0.01)


def test_a_solve_goes_on_beside_the_connection(tmp_path):
    """Solve plays the puzzle's hints beside the connection, which goes on answering (a
    ping, a second Solve refused as busy) instead of reading nothing until the puzzle is
    solved; the puzzle is solved all the same."""
    async def scenario(hub):
        table, tokens = await hub.create("pentomino-puzzle", {"region": "3x20"}, [{"kind": "me"}])
        release = asyncio.Event()
        real = hub.hint

        async def held_hint(t, seat, owner=None):
            await release.wait()  # the first hint waits until the test has its answers
            return await real(t, seat, owner)

        hub.hint = held_hint
        socket = Talker()
        client = Client(socket, table.seats_of([tokens[0]]), tokens=(tokens[0],))
        await hub.join(table, client)
        reading = asyncio.create_task(serve_connection(hub, table, client, socket, Metrics()))
        socket.say({"type": "solve"})
        socket.say({"type": "ping"})
        await asyncio.wait_for(socket.until(lambda m: m["type"] == "pong"), 30)  # a hang fails
        assert table.version == 0 and table.id in hub.solving
        socket.say({"type": "solve"})
        busy = await socket.until(lambda m: m["type"] == "error")
        assert busy["code"] == "busy" and "already being solved" in busy["message"]
        release.set()
        end = await socket.until(lambda m: m["type"] == "state" and m["current_player"] is None)
        assert table.state.is_terminal() and not hub.solving
        # the table keeps that the computer solved it, from no move of the player's: its
        # pages say so on any device, after a restart too
        assert end["table"]["solved_from"] == table.solved_from == 0
        stored = await asyncio.to_thread(hub.store.load, table.id)
        assert stored.private["solved_from"] == 0
        assert Table.from_stored(stored).solved_from == 0
        # and its record, and a table imported from it
        record = table.record()
        assert record.meta["solved_from"] == 0
        assert Table.from_record(record).solved_from == 0
        socket.hang_up()
        await reading
        await hub.leave(table, client)

    run(scenario, tmp_path)


def test_a_player_reconnecting_in_a_loop_sends_watchers_nothing(tmp_path):
    """Presence events go out when the connected seats change, not on every connection a
    player opens or closes while another of theirs stays: a client reconnecting in a loop
    cannot flood the table's watchers (each event would also be theirs to read)."""
    async def scenario(hub):
        table, tokens = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "invite"}])
        seat_0 = table.seats_of([tokens[0]])
        watcher = Reader()
        watching = Client(watcher)
        await hub.join(table, watching)
        player = Client(Reader(), seat_0, tokens=(tokens[0],))
        await hub.join(table, player)
        for _ in range(50):  # the player's second tab, opened and closed again and again
            again = Client(Reader(), seat_0, tokens=(tokens[0],))
            await hub.join(table, again)
            await hub.leave(table, again)
        await hub.leave(table, player)
        while len([m for m in watcher.messages if m["type"] == "presence"]) < 3 or (
                watching.queue.qsize()):  # everything sent to the watcher is in
            await asyncio.sleep(0.01)
        return [m["connected"] for m in watcher.messages if m["type"] == "presence"]

    # the watcher's own as it opened, then the player's coming and going only
    assert run(scenario, tmp_path) == [[], [0], []]


def test_a_player_flapping_their_only_connection_sends_watchers_a_few_events(tmp_path):
    """A player opening and closing their only connection in a loop changes the connected
    seats each time: the table's presence events go out at most one every
    PRESENCE_INTERVAL (a measured 590 connections a second made 1,200 events a second for
    every watcher), and the last one says how things ended."""
    from pentarena.server.hub import PRESENCE_INTERVAL

    async def scenario(hub):
        table, tokens = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "invite"}])
        watcher = Reader()
        await hub.join(table, Client(watcher))
        loop = asyncio.get_running_loop()
        started = loop.time()
        for _ in range(200):
            player = Client(Reader(), table.seats_of([tokens[0]]), tokens=(tokens[0],))
            await hub.join(table, player)
            await hub.leave(table, player)
        took = loop.time() - started
        while table.id in hub._presence_due:   # the one held back goes out
            await asyncio.sleep(0.01)
        while any(not c.queue.empty() for c in hub.clients[table.id]):
            await asyncio.sleep(0.01)
        return [m["connected"] for m in watcher.messages if m["type"] == "presence"], took

    events, took = run(scenario, tmp_path)
    assert events[0] == [] and events[-1] == []       # the watcher's own, and the end
    assert len(events) <= 3 + took / PRESENCE_INTERVAL, (len(events), took)


def test_presence_says_how_long_each_player_has_been_away(tmp_path):
    """By the server's clock: a page counts down to its Free seat from what a presence
    event says, whether it was open when the player left or opened later."""
    async def scenario(hub):
        now = [1000.0]
        hub.last_seen.clock = lambda: now[0]
        table, tokens = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "me"}])
        ann = Client(Reader(), table.seats_of([tokens[0]]), tokens=(tokens[0],))
        bob = Client(Reader(), table.seats_of([tokens[1]]), tokens=(tokens[1],))
        await hub.join(table, ann)
        await hub.join(table, bob)
        now[0] += 5
        await hub.leave(table, bob)
        def seen():  # Ann's: as she opened ([0]), then Bob's coming and going
            return [m for m in ann.socket.messages if m["type"] == "presence"]
        # (at most one every PRESENCE_INTERVAL: Bob came and went within one, told as one)
        while len(seen()) < 2 or table.id in hub._presence_due or not ann.queue.empty():
            await asyncio.sleep(0.01)
        told = seen()[-1]
        now[0] += 30  # Ann's page opened again half a minute later
        again = Client(Reader(), table.seats_of([tokens[0]]), tokens=(tokens[0],))
        await hub.join(table, again)
        while not [m for m in again.socket.messages if m["type"] == "presence"]:
            await asyncio.sleep(0.01)
        opened = [m for m in again.socket.messages if m["type"] == "presence"][0]
        return told, opened

    told, opened = run(scenario, tmp_path)
    assert told["connected"] == [0] and told["away"] == {"1": 0.0}
    assert told["away_limit"] == Limits().away_seconds
    assert opened["connected"] == [0] and opened["away"] == {"1": 30.0}


def test_taking_and_leaving_a_seat_in_a_loop_is_capped_per_address(tmp_path):
    """Each seat change is stored and sent, the whole table, to every connection of it:
    one address taking and leaving a seat in a loop is refused (429, Retry-After) past
    ``seat_changes_per_minute``, and its refusals change nothing and send nothing."""
    app = create_app(f"sqlite:///{tmp_path / 'seats.sqlite3'}", ai="thread",
                     limits=Limits(seat_changes_per_minute=4))
    with TestClient(app) as client:
        t = create_game(client, "pentago", [{"kind": "me"}, {"kind": "open"}])
        client.cookies.clear()
        with client.websocket_connect(f"/ws/{t['id']}") as watcher:
            receive_until(watcher, state_at(0))
            for _ in range(2):
                token = client.post(f"/api/tables/{t['id']}/sit", json={"seat": 1}).json()["token"]
                r = client.post(f"/api/tables/{t['id']}/leave", json={"token": token})
                assert r.status_code == 200, r.text
            r = client.post(f"/api/tables/{t['id']}/sit", json={"seat": 1})
            assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
            assert r.json()["detail"]["code"] == "too-many-seat-changes"
            assert "changed seats 4 times in the last minute" in r.json()["detail"]["message"]
            seats = client.get(f"/api/tables/{t['id']}").json()["table"]["seats"]
            assert not seats[1]["claimed"] and seats[1]["open"]
            hub = app.state.hub
            before = hub.tables[t["id"]].seats_version
            watcher.send_text(json.dumps({"type": "ping"}))
            seen = []
            while not seen or seen[-1]["type"] != "pong":
                seen.append(watcher.receive_json())
            assert len([m for m in seen if m["type"] == "state"]) == 4  # no fifth
            hub.seat_changes[next(iter(hub.seat_changes))][0] -= 61  # a minute on: one more
            assert client.post(f"/api/tables/{t['id']}/sit", json={"seat": 1}).status_code == 200
            assert hub.tables[t["id"]].seats_version == before + 1


# -- loose input: each field of its own JSON type, and no field a request does not take -----
@pytest.mark.parametrize("body, words", [
    ({"game": "pentup", "seed": "1"}, "seed: must be a whole number, got text"),
    ({"game": "pentup", "seed": True}, "seed: must be a whole number, got true"),
    ({"game": "pentup", "seed": 1.0}, "seed: must be a whole number, got a decimal number"),
    ({"game": "pentup", "name": 7}, "name: must be text (a JSON string), got a whole number"),
    ({"game": "pentup", "options": []}, "options: must be an object, got a list"),
    ({"game": "pentup", "seats": "me"}, "seats: must be a list, got text"),
    ({"game": "pentup", "seats": [{"kind": "me"}, {"kind": "computer", "level": 3}]},
     "seats.1.level: must be text (a JSON string), got a whole number"),
    ({"game": "pentup", "players": 2}, "players: this request has no such field; it takes "),
    ({"game": "pentup", "seats": [{"kind": "me", "seat": 0}, {"kind": "computer"}]},
     "seats.0.seat: there is no such field there"),
    ({"game": "pentup", "options": {"players": "2"}}, "option 'players' must be a whole number, got '2'"),
    ({"game": "pentomino", "options": {"touch_move": "yes"}},
     "option 'touch_move' must be true or false, got 'yes'"),
    ({"game": "pentomino", "options": {"touch_move": 1}}, "option 'touch_move' must be true or false"),
    ({"game": "pentup", "seats": []}, "pentup with these options has 2 seats; got 0 seat choices: "
                                      "send one choice per seat, or leave 'seats' out"),
])
def test_a_new_table_takes_each_field_in_its_own_json_type(client, body, words):
    """A JSON client sends 2, not "2"; true, not "yes" or 1; and no field the request does
    not take (pydantic's lax mode read "1" as a seed and ignored "players"); "seats": [] is
    no seat at all, not the default.  Each is a 400 naming the field and what it takes."""
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and words in r.json()["detail"]["message"], r.text
    assert r.json()["detail"]["code"] in ("bad-request", "bad-options", "bad-seats")
    assert client.get("/api/tables").json()["tables"] == []  # nothing was made


def test_an_unknown_field_names_the_fields_the_request_takes(client):
    r = client.post("/api/tables", json={"game": "pentup", "players": 3})
    assert r.json()["detail"]["message"] == (
        "players: this request has no such field; it takes seats, name, game, options, seed, "
        "hints (a game's options go in 'options')")
    # what the browser sends, and the default seats when "seats" is left out or null
    for seats in (None, [{"kind": "me"}, {"kind": "computer", "level": "easy", "name": None}]):
        r = client.post("/api/tables", json={"game": "pentup", "options": {"players": 2},
                                             "seats": seats, "name": ""})
        assert r.status_code == 201, r.text
    assert client.post("/api/tables", json={"game": "pentup"}).status_code == 201
    # the command line still gives options as text, and the game reads them
    import pentarena
    assert pentarena.load_game("pentup", players="3").num_players == 3


def test_seat_requests_take_each_field_in_its_own_json_type(client):
    t = create_game(client, "pentomino-puzzle", None, options={"region": "3x20"})
    open_ = create_game(client, "pentago", [{"kind": "me"}, {"kind": "open"}])
    for table, path, body, words in [
        (open_, "sit", {"seat": "1"}, "seat: must be a whole number, got text"),
        (open_, "sit", {"seat": True}, "seat: must be a whole number, got true"),
        (open_, "sit", {"seat": 1, "hot_seat": True}, "hot_seat: this request has no such field; "
                                                       "it takes seat, name"),
        (open_, "join", {"token": 5}, "token: must be text (a JSON string), got a whole number"),
        (open_, "join", {"token": "x", "hot_seat": "yes"}, "hot_seat: must be true or false, got text"),
        (open_, "join", {"token": "x", "hot_seat": 1}, "hot_seat: must be true or false, got a whole number"),
        (open_, "leave", {"seat": 0.0}, "seat: must be a whole number, got a decimal number"),
        (open_, "leave", {"seats": [0]}, "seats: this request has no such field; it takes token, seat"),
        (open_, "free", {"seat": "1"}, "seat: must be a whole number, got text"),
        (open_, "rematch", {"seats": {}}, "seats: must be a list, got an object"),
        (t, "count", {"token": ["a"]}, "token: must be text (a JSON string), got a list"),
    ]:
        r = client.post(f"/api/tables/{table['id']}/{path}", json=body)
        assert r.status_code == 400 and words in r.json()["detail"]["message"], (path, r.text)
        assert r.json()["detail"]["code"] == "bad-request"
    seats = client.get(f"/api/tables/{open_['id']}").json()["table"]["seats"]
    assert seats[0]["claimed"] and not seats[1]["claimed"]  # nothing changed
    assert client.post(f"/api/tables/{open_['id']}/sit", json={"seat": 1}).status_code == 200


@pytest.mark.parametrize("message, words", [
    ({"type": "move", "move": "a1 TL cw", "version": "0"},
     '"version" must be a whole number, the number of moves played (or null), got text'),
    ({"type": "move", "move": "a1 TL cw", "version": True}, "got true"),
    ({"type": "move", "move": "a1 TL cw", "version": 0.0}, "got a decimal number"),
    ({"type": "move", "move": 5, "version": 0}, 'a move message needs "move": "<move text>", got a whole number'),
    ({"type": "move", "move": "a1 TL cw", "version": 0, "seat": 0},
     "a move message has no field 'seat'; it takes \"type\", \"move\", \"version\""),
    ({"type": "sync", "version": 0}, "a sync message has no field 'version'; it takes only \"type\""),
])
def test_a_table_message_takes_each_field_in_its_own_json_type(client, message, words):
    t = create_game(client, "pentago", [{"kind": "me"}, {"kind": "me"}])
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        receive_until(ws, state_at(0))
        ws.send_text(json.dumps(message))
        ws.send_text(json.dumps({"type": "ping"}))  # answered after the message
        err = receive_until(ws, lambda m: m["type"] in ("error", "pong"))
        assert err["type"] == "error", "the message was accepted"
        assert err["code"] == "bad-message" and words in err["message"], err
        ws.send_text(json.dumps({"type": "sync"}))  # nothing was played
        assert receive_until(ws, lambda m: m["type"] == "state")["version"] == 0


# -- a well-formed request at the wrong moment: 409 ------------------------------------------
def test_seat_requests_at_the_wrong_moment_are_conflicts_not_bad_requests(client):
    t = create_game(client, "pentago", [{"kind": "me"}, {"kind": "open"}])
    invite_table = create_game(client, "pentago", [{"kind": "me"}, {"kind": "invite"}])
    invite = invite_table["invites"][0]["url"].split("token=")[1]
    claim(client, invite_table)
    client.cookies.clear()
    r = client.post(f"/api/tables/{invite_table['id']}/join", json={"token": invite})
    assert (r.status_code, r.json()["detail"]["code"]) == (409, "invite-used")
    assert client.post(f"/api/tables/{t['id']}/sit", json={"seat": 1}).status_code == 200
    r = client.post(f"/api/tables/{t['id']}/sit", json={"seat": 1})
    assert (r.status_code, r.json()["detail"]["code"]) == (409, "seat-taken")
    table = client.app.state.hub.tables[t["id"]]
    while not table.state.is_terminal():
        table.apply_checked(str(table.state.legal_moves()[0]))
    for path, body in (("leave", {}), ("free", {"seat": 0}), ("sit", {"seat": 0})):
        r = client.post(f"/api/tables/{t['id']}/{path}", json=body)
        assert (r.status_code, r.json()["detail"]["code"]) == (409, "game-over"), (path, r.text)
    record = client.get(f"/api/tables/{t['id']}/record").json()
    imported = client.post("/api/records", json=record).json()
    r = client.post(f"/api/tables/{imported['id']}/sit", json={"seat": 0})
    assert (r.status_code, r.json()["detail"]["code"]) == (409, "replay-only")
    r = client.post(f"/api/tables/{t['id']}/count", json={})
    assert (r.status_code, r.json()["detail"]["code"]) == (409, "not-a-puzzle")


def test_the_openapi_document_lists_the_refusals_as_they_are_answered(client):
    spec = client.get("/openapi.json").json()
    problem = {"$ref": "#/components/schemas/Problem"}
    for path, operations in spec["paths"].items():
        for method, op in operations.items():
            answers = op["responses"]
            assert "422" not in answers or "too-long" in answers["422"]["description"], (path, method)
            for status, answer in answers.items():
                if status >= "400" and (path, status) != ("/api/health", "503"):  # degraded
                    assert answer["content"]["application/json"]["schema"] == problem, (path, status)
            if op.get("requestBody") or op.get("parameters"):
                assert "400" in answers, (path, method)
    assert "HTTPValidationError" not in json.dumps(spec)
    for route, codes in {"join": ("invite-used", "already-seated"), "sit": ("seat-taken", "game-over"),
                         "leave": ("game-over",), "free": ("seat-online", "too-soon", "game-over")}.items():
        conflict = spec["paths"][f"/api/tables/{{table_id}}/{route}"]["post"]["responses"]["409"]
        assert all(f"`{code}`" in conflict["description"] for code in codes), route
    body = spec["components"]["schemas"]["CreateTable"]
    assert body["additionalProperties"] is False


# -- a malformed WebSocket handshake ---------------------------------------------------------
def test_a_malformed_websocket_handshake_gets_the_api_refusal_shape(server_process):
    """uvicorn answered these in plain text; now as every refusal: {"detail": {code, message}}."""
    import socket
    from urllib.parse import urlsplit

    t = server_process.create({"game": "pentago"})
    where = urlsplit(server_process.url)

    def handshake(*headers: str) -> tuple[bytes, dict]:
        with socket.create_connection((where.hostname, where.port), timeout=30) as s:
            s.sendall((f"GET /ws/{t['id']} HTTP/1.1\r\nHost: {where.netloc}\r\n"
                       "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                       + "".join(h + "\r\n" for h in headers) + "\r\n").encode())
            answer = b""
            while chunk := s.recv(65536):  # the server closes after a refusal
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        assert b"content-type: application/json" in head.lower(), answer
        return head.split(b"\r\n")[0], json.loads(body)

    key = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="
    for headers, words in [
        (("Sec-WebSocket-Version: 13",), "missing Sec-WebSocket-Key header"),
        (("Sec-WebSocket-Key: abc", "Sec-WebSocket-Version: 13"), "invalid Sec-WebSocket-Key header"),
        ((key,), "missing Sec-WebSocket-Version header"),
        ((key, "Sec-WebSocket-Version: 12"), "invalid Sec-WebSocket-Version header: 12 "
                                             "(the server speaks version 13"),
    ]:
        status, body = handshake(*headers)
        assert status == b"HTTP/1.1 400 Bad Request", (headers, status)
        assert body["detail"]["code"] == "bad-handshake", body
        assert body["detail"]["message"].startswith("not a valid WebSocket handshake: " + words), body
    status, body = handshake(key, "Sec-WebSocket-Version: 13", "Origin: http://evil.example")
    assert status == b"HTTP/1.1 403 Forbidden"
    assert body["detail"] == {"code": "bad-origin",
                              "message": "requests from http://evil.example are not accepted here"}


def test_a_body_cut_off_by_a_disconnect_is_never_acted_on():
    """A POST whose connection ends before its body does (Content-Length 1000, 42 bytes
    sent) reaches no route: its first bytes, '{"game":"pentago", …', would have made a
    table nobody can play (and a log full of answers to a closed connection)."""
    from pentarena.server.security import Guard

    reached, sent = [], []

    async def route(scope, receive, send):
        reached.append(await receive())

    async def send(message):
        sent.append(message)

    def cut_off(chunks):
        messages = iter([*({"type": "http.request", "body": c, "more_body": True} for c in chunks),
                         {"type": "http.disconnect"}])

        async def receive():
            return next(messages)
        return receive

    scope = {"type": "http", "method": "POST", "path": "/api/tables", "scheme": "http",
             "server": ("127.0.0.1", 8000), "query_string": b"",
             "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"),
                         (b"content-length", b"1000")]}
    guard = Guard(route)
    run_async(guard(scope, cut_off([b'{"game":"pentago",', b'"name":"never-finished"}']), send))
    assert reached == [] and sent == []
    # the same body, whole: the route has it
    whole = iter([{"type": "http.request", "body": b'{"game":"pentago"}', "more_body": False}])

    async def receive_whole():
        return next(whole)
    run_async(guard(scope, receive_whole, send))
    assert reached == [{"type": "http.request", "body": b'{"game":"pentago"}', "more_body": False}]
