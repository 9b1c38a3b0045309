"""A bad network, as a player on a train or on café Wi-Fi has it: a proxy of our own
(netproxy.py) between the browser and the server that goes silent without closing
anything, adds latency and jitter, crawls, or cuts a message in the middle.  The page says
what it knows (no "Your turn" from a board it cannot trust), a move is played once or
clearly refused, the server frees a silent connection's seat, and every page ends up
showing the server's state.  (test_connection.py: the browser itself offline, a socket
made deaf in the page.)"""

from __future__ import annotations

import json
import random
from urllib.request import urlopen

import pytest

from .conftest import Server
from .helpers import create_table, log_moves, play_pentago_move, until, wait_moves
from .netproxy import Proxy
from .test_connection import CONNECTED, MESSAGE, STATUS, server_moves, stage_pentago_move
from .test_online import answer, keep_toasts

ERROR = "document.getElementById('pg-error').textContent"
SEAT_OFF = "document.querySelector('#players .seat[data-seat=\"{}\"] .off') !== null"


@pytest.fixture
def quick_server(tmp_path, monkeypatch):
    """A server whose heartbeat is 2 s: it pings each connection that often and closes
    one that has not answered for as long; its pages ping it as often."""
    monkeypatch.setenv("PENTARENA_HEARTBEAT_SECONDS", "2")
    monkeypatch.setenv("PENTARENA_AWAY_SECONDS", "600")
    srv = Server(tmp_path / "e2e.sqlite3")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def proxies():
    made = []

    def make(server) -> Proxy:
        p = Proxy(server.port)
        made.append(p)
        return p

    yield make
    for p in made:
        p.close()


def friends(server, new_page, alice_url: str, bob_url: str):
    """Alice creates a Pentago table with an invite and opens it at ``alice_url`` (a base
    URL: the server's, or a proxy's); Bob opens the invite at ``bob_url``."""
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentago", hints=True)
    alice, bob = new_page(), new_page()
    alice.goto(alice_url + t["url"] + "?token=" + t["you"]["token"])
    bob.goto(bob_url + t["invites"][0]["url"])
    for page in (alice, bob):
        until(page, CONNECTED + " && document.querySelector('#players .you-tag') !== null")
    until(alice, f"{STATUS}.includes('Your turn')")
    return t, alice, bob


def agreed(server, t, *pages) -> None:
    """Every page lists the moves the server holds, and none failed."""
    held = server_moves(server, t["id"])
    for page in pages:
        wait_moves(page, len(held))
        assert log_moves(page) == held
        assert not page.errors, page.errors


def test_a_silent_network_is_noticed_the_seat_shown_away_and_a_move_played_once(quick_server, proxies, new_page):
    server = quick_server
    net = proxies(server)
    t, alice, bob = friends(server, new_page, server.url, net.url)
    play_pentago_move(alice, random.Random(3))
    until(bob, f"{STATUS}.includes('Your turn') && {MESSAGE}.includes('Your turn')")

    # Bob's Wi-Fi dies: nothing arrives, nothing is closed, and new connections go nowhere.
    # He plays at once, before his page can know.
    net.stall(new=True)
    stage_pentago_move(bob)
    bob.click("#pg-confirm")
    # his page finds out by itself (its heartbeat goes unanswered) and says so, in place
    # of "Your turn" from a board it cannot trust
    until(bob, f"document.getElementById('conn').dataset.state !== 'open' && {MESSAGE}.includes('Reconnecting')")
    assert "Your turn" not in bob.inner_text("#status")
    # the server finds out too (its pings go unanswered): Alice sees Bob away
    until(alice, SEAT_OFF.format(1))
    # the move went nowhere, or was refused as sent into a connection known dead
    refused = "nothing was sent" in bob.evaluate(ERROR)
    assert len(server_moves(server, t["id"])) == 1

    # the network back: an attempt made while it was dead is not waited on for ever; the
    # page connects, and the move is played once (or, refused, can be made now)
    net.heal()
    until(bob, CONNECTED, timeout=30_000)
    until(alice, f"!({SEAT_OFF.format(1)})")
    if refused:
        until(bob, f"{STATUS}.includes('Your turn')")
        stage_pentago_move(bob)
        bob.click("#pg-confirm")
    wait_moves(alice, 2)
    until(bob, f"{STATUS}.includes('White to move')")
    assert len(server_moves(server, t["id"])) == 2
    agreed(server, t, alice, bob)


def test_with_latency_a_second_move_or_confirm_is_held_back_not_refused(server, proxies, new_page):
    net = proxies(server)
    t, alice, bob = friends(server, new_page, server.url, net.url)
    rng = random.Random(5)
    net.delay, net.jitter = 0.4, 0.15   # 400 ms each way, give or take 150

    for turn in range(2):
        play_pentago_move(alice, rng)
        until(bob, f"{STATUS}.includes('Your turn')")
        played = len(server_moves(server, t["id"]))
        stage_pentago_move(bob)
        if turn == 0:
            # Confirm, then another move made before the first is answered
            bob.click("#pg-confirm")
            bob.locator(".pg-cell[data-owner='']").nth(5).click()
            until(bob, "document.querySelectorAll('.pg-arrow').length === 8")
            bob.locator(".pg-arrow").nth(3).click()
            bob.click("#pg-confirm")
        else:
            # Enter twice on the staged cell (a double press)
            bob.keyboard.press("Enter")
            bob.keyboard.press("Enter")
        # the second is held back here and said so, not sent to be refused as "no longer
        # your turn" (which read as if the first had not been played either)
        until(bob, f"{ERROR}.includes('on its way')")
        wait_moves(bob, played + 1)
        until(bob, f"{STATUS}.includes('White to move')")
        assert "no longer your turn" not in bob.evaluate(ERROR)
        assert len(server_moves(server, t["id"])) == played + 1
    agreed(server, t, alice, bob)


def bob_to_move_on_a_slow_link(server, proxies, new_page, seed: int):
    """Alice and Bob (through a proxy) at Pentago, Alice's first move played; then Bob's
    link lags 400 ms each way, give or take 150: (table, alice, bob)."""
    net = proxies(server)
    t, alice, bob = friends(server, new_page, server.url, net.url)
    play_pentago_move(alice, random.Random(seed))
    until(bob, f"{STATUS}.includes('Your turn')")
    net.delay, net.jitter = 0.4, 0.15
    return t, alice, bob


def test_with_latency_a_hint_answered_after_the_move_is_not_shown(server, proxies, new_page):
    t, alice, bob = bob_to_move_on_a_slow_link(server, proxies, new_page, 9)
    # a hint asked for, then a move of his own before it comes: the hint, for a position
    # gone, is not staged on the board; the button does not say "Thinking…" for ever
    bob.click("#hint-btn")
    stage_pentago_move(bob)
    bob.click("#pg-confirm")
    wait_moves(bob, 2)
    until(bob, f"{STATUS}.includes('White to move')")
    until(bob, "document.getElementById('hint-btn').textContent === 'Hint'")
    assert bob.evaluate("document.getElementById('pg-hint').dataset.hint") == ""
    assert len(server_moves(server, t["id"])) == 2
    agreed(server, t, alice, bob)


def test_resign_with_a_move_in_flight_ends_the_game_once(server, proxies, new_page):
    t, alice, bob = bob_to_move_on_a_slow_link(server, proxies, new_page, 11)
    stage_pentago_move(bob)
    bob.click("#pg-confirm")
    bob.click("#resign")
    bob.click("#ask-yes")
    for page in (alice, bob):
        until(page, "!document.getElementById('banner').hidden")
    record = json.loads(urlopen(f"{server.url}/api/tables/{t['id']}").read())
    assert record["table"]["status"] == "finished" and record["table"]["resigned"] == 1
    assert len(record["history"]) in (1, 2)   # the move before the resignation, or not
    assert "Black resigned" in bob.inner_text("#banner") and "Black resigned" in alice.inner_text("#banner")
    agreed(server, t, alice, bob)


def seat_state(server, t, seat: int) -> dict:
    """The state event a connection holding ``seat`` is sent first."""
    from websockets.sync.client import connect

    with connect(f"ws://127.0.0.1:{server.port}/ws/{t['id']}?token={t['tokens'][seat]}") as ws:
        while (msg := json.loads(ws.recv()))["type"] != "state":
            pass
        return msg


def play_at(server, t, rng: random.Random) -> dict:
    """One move for the seat to move, by a socket of our own; the state after it."""
    from websockets.sync.client import connect

    seat = seat_state(server, t, 0)["current_player"]
    with connect(f"ws://127.0.0.1:{server.port}/ws/{t['id']}?token={t['tokens'][seat]}") as ws:
        while (msg := json.loads(ws.recv()))["type"] != "state":
            pass
        ws.send(json.dumps({"type": "move", "move": rng.choice(msg["legal_moves"]),
                            "version": msg["version"]}))
        while (after := json.loads(ws.recv()))["type"] != "state" or after["version"] == msg["version"]:
            pass
    return after


def test_a_large_state_on_a_slow_link_arrives(quick_server, proxies, new_page):
    server = quick_server
    # a 4-player Pent-Up game 12 moves in, all four seats created here (their tokens)
    t = create_table(server, [{"kind": "me"}] * 4, options={"players": 4})
    t["tokens"] = {t["you"]["seat"]: t["you"]["token"], **{h["seat"]: h["token"] for h in t["hotseat"]}}
    rng = random.Random(2)
    for _ in range(12):
        play_at(server, t, rng)
    # the page plays the seat after the one to move
    seat = (seat_state(server, t, 0)["current_player"] + 1) % 4
    net = proxies(server)
    page = new_page()
    page.goto(net.url + t["url"] + "?token=" + t["tokens"][seat])
    until(page, CONNECTED + " && document.querySelectorAll('#log li').length === 12")
    # the link crawls, and the next state -- the page's turn: its legal moves, tens of kB --
    # takes longer than the heartbeat's wait for an answer: a page that gave up on its
    # connection each time, and fetched the state again, would never see it
    net.rate = 6000
    assert play_at(server, t, rng)["current_player"] == seat
    size = len(json.dumps(seat_state(server, t, seat)))
    assert size > 6000 * 3, size
    until(page, CONNECTED + " && document.querySelectorAll('#log li').length === 13 && "
                "document.querySelector('#status .you') !== null", timeout=90_000)
    assert not page.errors, page.errors


def test_a_message_cut_in_the_middle_is_fetched_again(server, proxies, new_page):
    net = proxies(server)
    t, alice, bob = friends(server, new_page, server.url, net.url)
    net.cut_after(300)   # the next state to Bob is cut after 300 bytes, and the connection
    play_pentago_move(alice, random.Random(13))
    until(bob, f"{STATUS}.includes('Your turn')", timeout=30_000)
    wait_moves(bob, 1)
    stage_pentago_move(bob)
    bob.click("#pg-confirm")
    wait_moves(alice, 2)
    agreed(server, t, alice, bob)


def test_both_friends_and_a_spectator_on_bad_links(quick_server, proxies, new_page):
    server = quick_server
    a_net, b_net, c_net = proxies(server), proxies(server), proxies(server)
    t, alice, bob = friends(server, new_page, a_net.url, b_net.url)
    carol = new_page(390, 844, touch=True)
    carol.goto(c_net.url + t["url"])
    until(carol, CONNECTED + f" && {MESSAGE}.includes('watching')")
    a_net.delay, a_net.jitter = 0.3, 0.2
    b_net.delay, b_net.jitter = 0.4, 0.1
    c_net.rate = 4000
    rng = random.Random(17)
    for n in range(6):
        mover = alice if n % 2 == 0 else bob
        until(mover, f"{STATUS}.includes('Your turn')", timeout=30_000)
        if n == 3:   # Alice's link goes silent mid-game, and comes back
            a_net.stall(new=True)
            until(alice, f"{MESSAGE}.includes('Reconnecting')")
            until(bob, SEAT_OFF.format(0))
            a_net.heal()
            until(alice, CONNECTED, timeout=30_000)
        play_pentago_move(mover, rng)
    for page in (alice, bob, carol):
        wait_moves(page, 6, timeout=30_000)
    until(carol, f"{MESSAGE}.includes('watching')")
    agreed(server, t, alice, bob, carol)


def test_a_request_that_gets_no_answer_says_so(server, new_page):
    """Resign on a network that swallows the request: the page waited for ever, saying
    nothing (a fetch has no time limit of its own); 30 s on (the page's clock run forward,
    not waited for) it says the server did not answer, and that the table shows it if it
    was done. A request the browser cannot send says the server could not be reached
    (it said the browser's "Failed to fetch")."""
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    page = new_page()
    page.clock.install()
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    until(page, CONNECTED + " && document.querySelector('#players .you-tag') !== null")
    keep_toasts(page)
    held = []
    page.route("**/resign", lambda route: held.append(route))
    page.click("#resign")
    with page.expect_request("**/resign"):
        answer(page, True)
    page.clock.run_for(25_000)
    page.evaluate("0")
    assert page.evaluate("window.toastsSeen") == []   # still waited for
    page.clock.run_for(6_000)
    until(page, "window.toastsSeen.length > 0")
    assert page.evaluate("window.toastsSeen") == [
        "The server did not answer within 30 s: check your connection and try again (if it "
        "was done, the table shows it once connected)."]
    page.unroute("**/resign")
    page.route("**/resign", lambda route: route.abort("internetdisconnected"))
    page.click("#resign")
    answer(page, True)
    until(page, "window.toastsSeen.length > 1")
    assert page.evaluate("window.toastsSeen")[1].startswith(
        "The server could not be reached: check your connection and try again")
    assert json.loads(urlopen(f"{server.url}/api/tables/{t['id']}").read())["table"][
        "status"] == "playing"
    assert not page.errors, page.errors
