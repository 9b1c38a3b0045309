"""Hidden information stays hidden: secret deals, one-use invites, cookies only this site
can use, and the headers that keep other pages out (issue: trust)."""

from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient

import pentarena
from pentarena.record import GameRecord
from pentarena.server.app import create_app

from .test_api import claim, create_game, invite_of, receive_until, state_at


@pytest.fixture
def app(tmp_path):
    return create_app(f"sqlite:///{tmp_path / 'trust.sqlite3'}", ai="thread", ai_time_limit=0.05)


@pytest.fixture
def client(app):
    with TestClient(app) as c:
        yield c


def pentic_for_two(client):
    t = create_game(client, "pentic", [{"kind": "me"}, {"kind": "invite"}])
    return t, t["you"]["token"], claim(client, t)


# -- 1. deals come from the secure random source and never show before the end -------------
def test_table_deals_do_not_use_a_seeded_generator(client, monkeypatch):
    import pentarena.games.pentic.rules as rules

    def no_seeded_shuffles(*args, **kwargs):
        raise AssertionError("a table deal must not come from random.Random")

    monkeypatch.setattr(rules.random, "Random", no_seeded_shuffles)
    grids = set()
    for _ in range(10):
        t = create_game(client, "pentic", [{"kind": "me"}, {"kind": "computer"}])
        table = client.app.state.hub.tables[t["id"]]
        assert table.seed is None and len(table.setup.deck) == 125
        grids.add(tuple(table.setup.deck))
    assert len(grids) == 10


def test_nothing_derived_from_the_deal_is_answered_before_the_end(client):
    t, mine, theirs = pentic_for_two(client)
    table = client.app.state.hub.tables[t["id"]]
    answers = [json.dumps(t), client.get(f"/api/tables/{t['id']}").text,
               client.get(f"/api/tables/{t['id']}/at/0").text,
               client.get("/api/tables").text]
    client.cookies.clear()
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        answers.append(json.dumps(receive_until(ws, state_at(0))))
    with client.websocket_connect(f"/ws/{t['id']}?token={mine}") as ws:
        own = receive_until(ws, state_at(0))
    deck = table.setup.deck
    for text in answers:
        assert '"deck"' not in text
        assert not [c for c in deck[9:] if f'"{c}"' in text], text[:200]  # hands, pile
    assert [c for c in deck[9:14] if f'"{c}"' in json.dumps(own)] == deck[9:14]
    assert not [c for c in deck[14:] if f'"{c}"' in json.dumps(own)]
    record = client.get(f"/api/tables/{t['id']}/record")
    assert record.status_code == 409 and record.json()["detail"]["code"] == "hidden"


def test_the_record_of_a_finished_table_carries_the_deal_and_replays(client):
    t, mine, theirs = pentic_for_two(client)
    rng = random.Random(1)
    tokens = {0: mine, 1: theirs}
    client.cookies.clear()
    sockets = {s: client.websocket_connect(f"/ws/{t['id']}?token={tok}") for s, tok in tokens.items()}
    with sockets[0] as ws0, sockets[1] as ws1:
        ws = {0: ws0, 1: ws1}
        latest = {s: receive_until(w, state_at(0)) for s, w in ws.items()}
        version = 0
        while latest[0]["current_player"] is not None:
            seat = latest[0]["current_player"]
            move = rng.choice(latest[seat]["legal_moves"])
            ws[seat].send_text(json.dumps({"type": "move", "move": move, "version": version}))
            version += 1
            latest = {s: receive_until(w, state_at(version), limit=500) for s, w in ws.items()}
    record = GameRecord.from_json(client.get(f"/api/tables/{t['id']}/record").content)
    assert record.seed is None and len(record.deck) == 125
    final = record.final_state()
    assert final.scores() == latest[0]["scores"] and final.is_terminal()


# -- 2. a client cannot choose the deal ----------------------------------------------------
def test_a_chosen_seed_is_refused_for_hidden_cards(client):
    r = client.post("/api/tables", json={"game": "pentic", "seed": 42})
    assert r.status_code == 400 and r.json()["detail"]["code"] == "bad-seed"
    assert "secret" in r.json()["detail"]["message"]
    r = client.post("/api/tables", json={"game": "pentic", "options": {"deck": ["x"]}})
    assert r.status_code == 400 and "no option 'deck'" in r.json()["detail"]["message"]
    assert client.post("/api/tables", json={"game": "pentago", "seed": 42}).status_code == 201


def test_imported_finished_records_of_hidden_games_are_fine(client):
    state = pentarena.load_game("pentic").new_initial_state(seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(state.random_move(rng))
    r = client.post("/api/records", content=GameRecord.of(state).dumps())
    assert r.status_code == 201
    data = client.get(f"/api/tables/{r.json()['id']}").json()
    assert data["scores"] == state.scores()


# -- 3. an invite is used once; it then holds nothing -------------------------------------
def test_an_invite_turns_into_a_fresh_token_and_is_used_up(client):
    t = create_game(client, "pentic", [{"kind": "me"}, {"kind": "invite"}])
    invite = invite_of(t)
    friend = claim(client, t)
    assert friend != invite
    client.cookies.clear()  # another browser: the friend's own would just open the seat
    r = client.post(f"/api/tables/{t['id']}/join", json={"token": invite})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "invite-used"
    assert "already been used" in r.json()["detail"]["message"]
    client.cookies.clear()
    with client.websocket_connect(f"/ws/{t['id']}?token={invite}") as ws:
        assert receive_until(ws, lambda m: m["type"] == "error")["code"] == "bad-token"
        s = receive_until(ws, state_at(0))
        assert s["you"] is None and s["state"]["hand"] is None
    with client.websocket_connect(f"/ws/{t['id']}?token={friend}") as ws:
        assert receive_until(ws, state_at(0))["you"] == 1


# -- 4. other origins, cookies, headers ----------------------------------------------------
def test_websockets_from_other_origins_are_refused(client):
    """The handshake is refused with a 403 in the API's refusal shape (servers that can
    answer a WebSocket with an HTTP response, as uvicorn and the test client do)."""
    from starlette.testclient import WebSocketDenialResponse

    t = create_game(client, "pentic", [{"kind": "me"}, {"kind": "computer"}])
    for origin in ("http://127.0.0.1:9999", "http://evil.example", "null"):
        with pytest.raises(WebSocketDenialResponse) as refused:
            with client.websocket_connect(f"/ws/{t['id']}", headers={"origin": origin}) as ws:
                ws.receive_json()
        assert refused.value.status_code == 403
        assert refused.value.json()["detail"]["code"] == "bad-origin"
        assert origin in refused.value.json()["detail"]["message"]
    with client.websocket_connect(f"/ws/{t['id']}", headers={"origin": "http://testserver"}) as ws:
        assert receive_until(ws, state_at(0))["you"] == 0  # the cookie: same origin only


def test_state_changing_requests_from_other_origins_are_refused(client):
    body = {"game": "pentago"}
    for headers in ({"origin": "http://127.0.0.1:9999"}, {"sec-fetch-site": "cross-site"},
                    {"sec-fetch-site": "same-site"}):
        r = client.post("/api/tables", json=body, headers=headers)
        assert r.status_code == 403 and r.json()["detail"]["code"] == "bad-origin", headers
    assert client.post("/api/tables", json=body,
                       headers={"origin": "http://testserver"}).status_code == 201
    assert client.post("/api/tables", json=body,
                       headers={"sec-fetch-site": "same-origin"}).status_code == 201
    assert client.get("/api/tables", headers={"origin": "http://evil.example"}).status_code == 200


def test_configured_origins_are_allowed(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'o.sqlite3'}", ai="thread",
                     allowed_origins=["https://play.example.org"])
    with TestClient(app) as c:
        ok = c.post("/api/tables", json={"game": "pentago"},
                    headers={"origin": "https://play.example.org"})
        assert ok.status_code == 201
        no = c.post("/api/tables", json={"game": "pentago"},
                    headers={"origin": "https://other.example.org"})
        assert no.status_code == 403


def test_allowed_hosts_refuse_other_host_names(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'h.sqlite3'}", ai="thread",
                     allowed_hosts=["127.0.0.1", "localhost"])
    with TestClient(app, base_url="http://localhost:8000") as c:
        assert c.get("/api/games").status_code == 200
        assert c.get("/api/games", headers={"host": "rebound.example:8000"}).status_code == 421


def test_a_proxy_passing_the_sites_name_is_answered_with_its_allow_origin(tmp_path):
    """A server on loopback behind a reverse proxy on the same machine that passes the
    site's name (nginx's usual ``proxy_set_header Host $host``): ``--allow-origin`` names
    the site, and its host name is answered too (421 before, whatever the flags); another
    name is refused with the flag to start it with."""
    from pentarena.server.app import answered_hosts

    site = "https://play.club.org"
    app = create_app(f"sqlite:///{tmp_path / 'p.sqlite3'}", ai="thread",
                     allowed_origins=[site], allowed_hosts=answered_hosts([site]))
    proxied = {"host": "play.club.org", "x-forwarded-proto": "https"}
    with TestClient(app, base_url="http://127.0.0.1:8000") as c:
        assert c.get("/api/games", headers=proxied).status_code == 200
        made = c.post("/api/tables", json={"game": "pentago"}, headers={**proxied, "origin": site})
        assert made.status_code == 201, made.text
        other = c.get("/api/games", headers={"host": "evil.example"})
        assert other.status_code == 421
        assert other.json()["detail"]["message"] == (
            "this server does not answer for the host name evil.example: it answers for "
            "127.0.0.1, ::1, localhost, play.club.org; behind a reverse proxy that passes "
            "the site's name, start it with --allow-origin https://evil.example")


@pytest.mark.parametrize("base,secure", [("http://testserver", False), ("https://testserver", True)])
def test_seat_cookies_are_httponly_strict_and_secure_over_https(app, base, secure):
    with TestClient(app, base_url=base) as c:
        r = c.post("/api/tables", json={"game": "pentago"})
        cookie = r.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=strict" in cookie
        assert ("; secure" in cookie) is secure


def test_hot_seat_cookie_holds_both_seats_and_plays_the_one_to_move(client):
    t = create_game(client, "pentago", [{"kind": "me"}, {"kind": "me"}])
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        s = receive_until(ws, state_at(0))
        assert s["you"] == 0 and s["legal_moves"]
        ws.send_text(json.dumps({"type": "move", "move": s["legal_moves"][0], "version": 0}))
        s = receive_until(ws, state_at(1))
        assert s["you"] == 1 and s["legal_moves"]


def test_security_headers_and_no_redirect_from_the_host_header(client):
    for path in ("/", "/t/x", "/api/games", "/static/js/table.js"):
        h = client.get(path).headers
        csp = h["content-security-policy"]
        script = next(d for d in csp.split(";") if d.strip().startswith("script-src"))
        assert "unsafe-inline" not in script and "unsafe-eval" not in script
        assert "frame-ancestors 'none'" in csp
        assert h["x-content-type-options"] == "nosniff"
        assert h["referrer-policy"] == "no-referrer"
    r = client.get("/api/tables/", headers={"host": "evil.example"}, follow_redirects=False)
    assert r.status_code == 404 and "location" not in r.headers


def test_the_pages_have_no_inline_script():
    from importlib import resources

    web = resources.files("pentarena") / "web"
    for page in ("index.html", "table.html", "rules.html"):
        html = (web / page).read_text()
        for tag in html.split("<script")[1:]:
            assert 'src="' in tag.split(">")[0], page
        assert " onclick=" not in html and "javascript:" not in html
