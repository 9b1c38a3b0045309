"""The table page as states come in: several that come together are drawn once, with every
move in them said; no frames (a hidden tab) still draws them; the move list grows by the
new moves, keeps the lines it has, and is reached by keyboard; a state costs one layout."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack

import pytest
from websockets.sync.client import connect

from .helpers import (
    create_table,
    import_record,
    moves_played,
    pentago_record,
    play_pentago_move,
    tab_to,
    until,
    wait_moves,
    wait_turn_or_end,
)

COMPUTERS = [{"kind": "computer", "level": "random"}] * 4

# The page's WebSocket messages are held from the start (window.held) and then handled one
# after the other in one task (window.releaseStates(n): up to the n-th state), so that no
# frame comes between them: as when the computers' replies come one right after the other.
# (Held from the start: a table of random computers can be over before the page could
# start holding them.)
HOLD = """(() => {
    const Real = window.WebSocket;
    window.held = [];
    window.WebSocket = class extends Real {
        get onmessage() { return super.onmessage; }
        set onmessage(fn) {
            super.onmessage = (ev) => {
                const data = JSON.parse(ev.data);
                if (!window.held) return fn.call(this, ev);
                window.held.push({ type: data.type, moves: data.history ? data.history.length : null,
                                   deliver: () => fn.call(this, ev) });
            };
        }
    };
    window.releaseStates = (n) => {   // up to the n-th state, the rest held
        let i = 0;
        for (let seen = 0; i < window.held.length && seen < n; i++) seen += window.held[i].type === "state";
        const q = window.held.splice(0, i);
        for (const m of q) m.deliver();
        return q.map((m) => [m.type, m.moves]);
    };
})()"""

DRAWS = "performance.getEntriesByName('pentarena:draw').length"
A_FRAME = "new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))"


def watch_computers(server, new_page, init=None):
    t = create_table(server, COMPUTERS, {"players": 4})
    page = new_page()
    if init:
        page.add_init_script(init)
    page.goto(server.url + t["url"])
    return page


def test_states_that_come_together_are_drawn_once(server, new_page):
    page = watch_computers(server, new_page, HOLD)
    until(page, "window.held.filter((m) => m.type === 'state').length >= 4")
    page.evaluate("window.releaseStates(1)")
    until(page, f"{DRAWS} >= 2")  # the table as first fetched, then the first state
    drawn, before = page.evaluate(DRAWS), moves_played(page)
    # three states in one task (not all that are held: the last would end the game, and a
    # game that ends here is drawn again with its result)
    released = page.evaluate("window.releaseStates(3)")
    after = [n for kind, n in released if kind == "state"][-1]
    assert after >= before + 3, released
    until(page, f"{DRAWS} > {drawn}")
    # one draw for them all, the latest: every move in the list
    assert page.evaluate(DRAWS) == drawn + 1
    assert moves_played(page) == after
    page.evaluate(A_FRAME)
    assert page.evaluate(DRAWS) == drawn + 1, "no state is drawn twice"
    # what the states said is said once: every move (or how many, and the last)
    said = page.inner_text("#announce")
    lines = page.eval_on_selector_all("#log li .txt", "els => els.map((e) => e.textContent)")[before:]
    if len(lines) <= 4:
        assert said.rstrip(". \u00a0") == ". ".join(lines), (said, lines)
    else:
        assert said.startswith(f"{len(lines)} more moves; the last: {lines[-1]}"), said
    # the computer thinking after them, said after the last state, shows with it
    if released[-1][0] == "thinking":
        until(page, "document.querySelector('#status .thinking') !== null")
    assert not page.errors, page.errors


def test_states_are_drawn_without_frames(server, new_page):
    """A hidden tab has no animation frames: the states are drawn all the same."""
    page = watch_computers(server, new_page, "window.requestAnimationFrame = () => 0")
    # (the wait polls on a timer: Playwright's own polling waits for frames too)
    page.wait_for_function("() => document.querySelectorAll('#log li').length >= 3", polling=100, timeout=30_000)
    assert page.evaluate(DRAWS) >= 2
    assert not page.errors, page.errors


def test_the_move_list_grows_by_the_new_moves(server, new_page):
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}], game="pentago")
    page = new_page()
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    rng = random.Random(5)
    assert wait_turn_or_end(page)
    play_pentago_move(page, rng)
    first = page.evaluate_handle("document.querySelector('#log li')")
    assert wait_turn_or_end(page)   # the computer's reply in the list
    play_pentago_move(page, rng)
    wait_moves(page, 3)
    # the line of the first move is the one drawn first, not a copy
    assert first.evaluate("(li) => li.isConnected && li === document.querySelector('#log li')")
    assert page.evaluate("[...document.querySelectorAll('#log li')].every((li, i) => li.dataset.ply === String(i + 1))")
    # during the game the list is one Tab stop, named
    assert tab_to(page, "e.id === 'log'")
    assert page.get_attribute("#log", "aria-label") == "Moves"
    assert page.locator("#log li[tabindex]").count() == 0
    assert not page.errors, page.errors


def test_a_finished_games_moves_are_chosen_by_keyboard(server, new_page):
    table = import_record(server, pentago_record())
    page = new_page()
    page.goto(server.url + table["url"])
    until(page, "document.querySelectorAll('#log li').length === 36")
    assert page.get_attribute("#log", "role") == "listbox"
    # Tab reaches the move shown (the last), one stop for the list
    assert tab_to(page, "e.closest && e.closest('#log')")
    assert page.evaluate("document.activeElement.dataset.ply") == "36"
    assert page.get_attribute("#log li[data-ply='36']", "aria-selected") == "true"
    assert page.locator("#log li[tabindex='0']").count() == 1
    # ↑ moves the focus, Enter shows the position after that move
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.dataset.ply") == "33"
    assert page.inner_text("#r-pos") == "36/36"   # the focus alone does not step
    page.keyboard.press("Enter")
    until(page, "document.getElementById('r-pos').textContent === '33/36'")
    assert page.get_attribute("#log li[data-ply='33']", "aria-current") == "step"
    assert page.get_attribute("#log li[data-ply='33']", "aria-selected") == "true"
    assert page.get_attribute("#log li[data-ply='36']", "aria-selected") == "false"
    # ← steps the replay back, and the focus follows the move shown
    page.keyboard.press("ArrowLeft")
    until(page, "document.getElementById('r-pos').textContent === '32/36'")
    until(page, "document.activeElement.dataset.ply === '32'")
    # Home in the list goes to the first move, Space shows it
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.dataset.ply") == "1"
    page.keyboard.press(" ")
    until(page, "document.getElementById('r-pos').textContent === '1/36'")
    assert page.locator("#log li[tabindex='0']").count() == 1
    assert not page.errors, page.errors


class Seat:
    """A seat played from Python over the table's WebSocket, so that the page only receives."""

    def __init__(self, ws) -> None:
        self.ws = ws

    def state(self, version: int) -> dict:
        """The state this seat was sent after ``version`` moves."""
        while True:
            msg = json.loads(self.ws.recv(timeout=20))
            if msg["type"] == "state" and msg["version"] == version:
                return msg


@pytest.mark.parametrize("game", ["pentup", "pentomino", "pentic", "pentago"])
def test_a_state_is_drawn_with_one_layout(server, new_page, game):
    """Drawing a state reads no size or scroll position between its changes (each read
    would lay the page out again): a state message costs the frame's one layout (Chrome's
    own count), on the page of a seat, its tray and the move list included."""
    with ExitStack() as stack:
        one_layout_a_state(server, new_page, game, stack)


def one_layout_a_state(server, new_page, game, stack):
    t = create_table(server, [{"kind": "me"}, {"kind": "me"}], game=game)
    tokens = [t["you"]["token"], t["hotseat"][0]["token"]]
    page = new_page()
    page.emulate_media(reduced_motion="reduce")   # no view gliding over several frames
    page.goto(server.url + t["url"] + "?token=" + tokens[0])
    until(page, "document.getElementById('conn').dataset.state === 'open' && "
                "document.getElementById('status').textContent.includes('Your turn')")
    seats = [Seat(stack.enter_context(connect(server.url.replace("http", "ws", 1) + f"/ws/{t['id']}?token={token}")))
             for token in tokens]
    # the seats' connections are drawn first (no seat offline): a presence drawn late, on a
    # busy machine, was counted with the first move's layouts
    until(page, "document.querySelectorAll('#players .off').length === 0")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")

    def layouts() -> int:
        return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == "LayoutCount")

    rng = random.Random(3)
    counts = []
    for version in range(4):
        state = seats[version % 2].state(version)
        page.evaluate(A_FRAME)
        page.evaluate(A_FRAME)
        before = layouts()
        seats[version % 2].ws.send(json.dumps({"type": "move", "move": rng.choice(state["legal_moves"]),
                                               "version": version}))
        wait_moves(page, version + 1)
        page.evaluate(A_FRAME)
        page.evaluate(A_FRAME)
        counts.append(layouts() - before)
    assert max(counts) <= 2, counts   # 1 measured; 3 (Pentago) to 6 (Pent-Up, Pentomino) before
    assert not page.errors, page.errors
