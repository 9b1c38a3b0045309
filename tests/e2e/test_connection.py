"""Two friends at an online table with real-world network trouble: the network gone (the
browser knows it), a connection dead without a word (a laptop asleep, a tab in the
background), a move made meanwhile.  The page says it is not connected (no stale board
that says "Your turn"), comes back by itself, and a move is never lost nor played twice."""

from __future__ import annotations

import json
import random
import urllib.request

from .helpers import create_table, log_moves, moves_played, play_pentago_move, until, wait_moves

CONNECTED = "document.getElementById('conn').dataset.state === 'open'"
STATUS = "document.getElementById('status').innerText"

# Every WebSocket of the page can be cut off (window.cutOff()): from then on it neither sends
# nor receives, and never closes by itself -- a connection dead without a word.  Sockets
# opened later work.
DEAF = """(() => {
    const Real = window.WebSocket;
    const all = [];
    window.WebSocket = class extends Real {
        constructor(...args) { super(...args); this.dead = false; all.push(this); }
        send(data) { if (!this.dead) super.send(data); }
        get onmessage() { return super.onmessage; }
        set onmessage(fn) { super.onmessage = fn && ((ev) => { if (!this.dead) fn.call(this, ev); }); }
    };
    window.cutOff = () => { for (const s of all) s.dead = true; };
})()"""


def friends(server, new_page, init: str | None = None):
    """Alice creates a Pentago table with an invite; Bob, in a browser of his own, opens it."""
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    alice, bob = new_page(), new_page()
    for page in (alice, bob):
        if init:
            page.add_init_script(init)
    alice.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    bob.goto(server.url + t["invites"][0]["url"])
    for page in (alice, bob):
        until(page, CONNECTED + " && document.querySelector('#players .you-tag') !== null")
    until(alice, "document.getElementById('status').textContent.includes('Your turn')")
    return t, alice, bob


def server_moves(server, table_id: str) -> list[str]:
    return json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{table_id}").read())["history"]


def agreed(server, t, alice, bob) -> None:
    """The moves the server holds are those both pages list, and neither page failed."""
    assert server_moves(server, t["id"]) == log_moves(alice) == log_moves(bob)
    for page in (alice, bob):
        assert not page.errors, page.errors


def stage_pentago_move(page) -> None:
    page.locator(".pg-cell[data-owner='']").first.click()
    try:
        until(page, "document.querySelectorAll('.pg-arrow').length === 8")
    except Exception as exc:  # once seen on busy cores, not explained yet: say what the page showed
        seen = page.evaluate("""() => ({
            status: document.getElementById('status').textContent,
            conn: document.getElementById('conn').dataset.state,
            arrows: document.querySelectorAll('.pg-arrow').length,
            staged: [...document.querySelectorAll('.pg-cell')].map((c) => c.getAttribute('aria-label'))
                .filter((t) => t.includes('staged')),
            error: (document.getElementById('pg-error') || {}).textContent })""")
        raise AssertionError(f"no twist arrows after a click on an empty cell: {seen}") from exc
    page.locator(".pg-arrow").first.click()


def test_offline_is_said_and_the_page_comes_back_by_itself(server, new_page):
    t, alice, bob = friends(server, new_page)
    rng = random.Random(4)

    # Bob's network goes while Alice is to move: his page says so (the board it shows may be
    # stale: no turn said from it), and Alice plays meanwhile
    bob.context.set_offline(True)
    until(bob, "document.getElementById('conn').dataset.state === 'closed'")
    until(bob, f"{STATUS}.includes('Offline')")
    assert "to move" not in bob.inner_text("#status") and "Your turn" not in bob.inner_text("#status")
    assert bob.evaluate("document.body.classList.contains('conn-down')")   # the board dimmed
    play_pentago_move(alice, rng)

    # back: his page connects again by itself, with Alice's move and his turn
    bob.context.set_offline(False)
    until(bob, CONNECTED)
    wait_moves(bob, 1)
    until(bob, f"{STATUS}.includes('Your turn')")
    assert not bob.evaluate("document.body.classList.contains('conn-down')")

    # offline on his turn: a move tried is refused, said so, and not played
    bob.context.set_offline(True)
    until(bob, f"{STATUS}.includes('Offline')")
    stage_pentago_move(bob)
    bob.click("#pg-confirm")
    until(bob, "document.getElementById('pg-error').textContent.includes('nothing was sent')")
    # the same typed in the move box: said beside the box (it kept what it said before)
    bob.fill("#move-text", "a1 TL cw")
    bob.press("#move-text", "Enter")
    assert bob.inner_text("#move-form-msg") == "Not connected: nothing was sent."
    assert bob.input_value("#move-text") == "a1 TL cw"   # kept, to send once back
    assert len(server_moves(server, t["id"])) == 1
    bob.context.set_offline(False)
    until(bob, CONNECTED + f" && {STATUS}.includes('Your turn')")
    play_pentago_move(bob, rng)
    wait_moves(alice, 2)
    agreed(server, t, alice, bob)


def test_a_dead_connection_is_found_and_its_move_is_played_once(server, new_page):
    t, alice, bob = friends(server, new_page, DEAF)
    rng = random.Random(6)
    play_pentago_move(alice, rng)
    until(bob, f"{STATUS}.includes('Your turn')")

    # Bob's connection dies without a word, and he plays into it: the page finds out (the
    # ping sent with the move goes unanswered), connects again and sends the move again,
    # once -- the server plays a move only at the version it was chosen at
    bob.evaluate("window.cutOff()")
    stage_pentago_move(bob)
    bob.click("#pg-confirm")
    until(bob, "document.getElementById('conn').dataset.state === 'closed' && "
               f"{STATUS}.includes('Connection lost')", timeout=20_000)
    until(bob, CONNECTED, timeout=20_000)
    wait_moves(alice, 2)
    wait_moves(bob, 2)
    until(bob, f"{STATUS}.includes('White to move')")
    assert len(server_moves(server, t["id"])) == 2
    agreed(server, t, alice, bob)


def test_a_tab_shown_again_checks_its_connection(server, new_page):
    t, alice, bob = friends(server, new_page, DEAF)
    rng = random.Random(8)
    play_pentago_move(alice, rng)
    # Alice's tab in the background, its connection dead meanwhile; Bob plays
    alice.evaluate("window.cutOff()")
    until(bob, f"{STATUS}.includes('Your turn')")
    play_pentago_move(bob, rng)
    assert moves_played(alice) == 1 and alice.evaluate(f"{CONNECTED}")   # nothing says so yet
    # shown again: the page asks the server, hears nothing, and connects again
    alice.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    wait_moves(alice, 2, timeout=20_000)
    until(alice, CONNECTED + f" && {STATUS}.includes('Your turn')")
    agreed(server, t, alice, bob)


MESSAGE = "document.querySelector('#board-area .msg').innerText"


def test_the_message_line_says_the_connection_too(server, new_page):
    t, alice, bob = friends(server, new_page)
    play_pentago_move(alice, random.Random(2))
    until(bob, f"{MESSAGE}.includes('Your turn')")

    # offline: the line over the board no longer says "Your turn" from a board that may be
    # stale, and says why; back, it says the turn again
    bob.context.set_offline(True)
    until(bob, f"{MESSAGE}.includes('Offline')")
    assert "Your turn" not in bob.inner_text("#board-area .msg")
    bob.context.set_offline(False)
    until(bob, CONNECTED + f" && {MESSAGE}.includes('Your turn')")
    assert "Offline" not in bob.inner_text("#board-area .msg")

    # the server gone (restarted): "Reconnecting", for the one to move, the one waiting and
    # a spectator (who has no moves to wait with)
    carol = new_page(390, 844, touch=True)
    carol.goto(server.url + t["url"])
    until(carol, CONNECTED + f" && {MESSAGE}.includes('watching')")
    server.kill()
    for page in (alice, bob, carol):
        until(page, f"{MESSAGE}.includes('Reconnecting')", timeout=20_000)
    assert "Your turn" not in bob.inner_text("#board-area .msg")
    assert "Waiting" not in alice.inner_text("#board-area .msg")
    assert "moves" not in carol.inner_text("#board-area .msg") and "watching" not in carol.inner_text("#board-area .msg")
    server.start()
    until(bob, CONNECTED + f" && {MESSAGE}.includes('Your turn')", timeout=30_000)
    until(alice, CONNECTED + f" && !{MESSAGE}.includes('Reconnecting')", timeout=30_000)
    until(carol, CONNECTED + f" && {MESSAGE}.includes('You are watching')", timeout=30_000)
    agreed(server, t, alice, bob)
    assert not carol.errors, carol.errors
