"""Clicking through Pent-Up like a person: select a tile, turn it, stage, confirm."""

from __future__ import annotations

import json
import random
import urllib.request


def create_table(server, seats, options=None, game: str = "pentup", **body) -> dict:
    """Create a table through the REST API (``body``: more of the request, e.g. ``name``,
    ``hints``); returns the server's answer (url, you, invites)."""
    req = urllib.request.Request(
        server.url + "/api/tables", method="POST",
        data=json.dumps({"game": game, "seats": seats, "options": options or {}, **body}).encode(),
        headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())


def import_record(server, record: dict) -> dict:
    """Import a game record (its JSON) as a replay table; returns the server's answer."""
    req = urllib.request.Request(
        server.url + "/api/records", method="POST", data=json.dumps(record).encode(),
        headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())


def pentago_record(moves=None, seed: int = 6) -> dict:
    """A Pentago record: these moves, or else a random game played out to the full board
    (seed 6: 36 moves, a draw)."""
    import pentarena
    from pentarena.record import GameRecord

    state = pentarena.load_game("pentago").new_initial_state(seed=seed)
    if moves is None:
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
    else:
        for move in moves:
            state.apply(move)
    return GameRecord.of(state).to_json()


def pentup_record(players: int = 4, seed: int = 1, **options) -> dict:
    """A Pent-Up game played to its end with seeded random moves: its record (4 players:
    48 tiles, 240 cubes in the 3D view)."""
    import pentarena
    from pentarena.record import GameRecord

    state = pentarena.load_game("pentup", players=players, **options).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
    return GameRecord.of(state).to_json()


def until(page, condition: str, timeout: float = 30_000) -> None:
    """Wait until the JavaScript expression ``condition`` holds in ``page``.  It is sent as
    a function: the pages' Content-Security-Policy allows no eval of strings."""
    page.wait_for_function(f"() => ({condition})", timeout=timeout)


def moves_played(page) -> int:
    return page.locator("#log li").count()


def log_moves(page) -> list[str]:
    """The moves in the log, as move text (the lines themselves are for people)."""
    return page.eval_on_selector_all("#log li", "els => els.map((e) => e.dataset.move)")


def wait_moves(page, n: int, timeout: float = 30_000) -> None:
    until(page, f"document.querySelectorAll('#log li').length >= {n}",
                           timeout=timeout)


def wait_my_turn_or_end(page, timeout: float = 60_000) -> bool:
    """True when it is this page's turn, False when the game is over."""
    until(page, 
        "!document.getElementById('banner').hidden || "
        "document.querySelectorAll('.pu-tile:not(.none)').length > 0", timeout=timeout)
    return page.locator("#banner").is_hidden()


VISIBLE_DESTS = """() => {
    const box = document.querySelector('.bv').getBoundingClientRect();
    return [...document.querySelectorAll('.dest')].map((d, i) => {
        const r = d.querySelector('.dot').getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const inside = x > box.left + 34 && x < box.right - 8 && y > box.top + 24 && y < box.bottom - 8 &&
            y < window.innerHeight && x < window.innerWidth;
        // not under the board's own buttons
        const top = document.elementFromPoint(x, y);
        return inside && top && top.closest('.dest') === d ? i : -1;
    }).filter((i) => i >= 0);
}"""


def visible_dests(page) -> list[int]:
    """Indices of the destination dots that a person can see and tap, once the board's
    view has stopped moving (while it pans, a dot on top now may be under another later)."""
    until(page, "!document.querySelector('.bv').dataset.moving")
    return page.evaluate(VISIBLE_DESTS)


def play_one_move(page, rng: random.Random, use_keys: bool = True) -> str:
    """Select a playable tile, rotate/flip until it has destinations, stage, confirm."""
    before = moves_played(page)
    tiles = page.locator(".pu-tile:not(.none)")
    tile = tiles.nth(rng.randrange(tiles.count()))
    tile.click()
    # exercise rotate and flip, then look for an orientation with destinations in view;
    # if they are all out of view, press Fit (as a person would) and look again
    shown = []
    for attempt in range(2):
        for step in range(8):
            if step or rng.random() < 0.5:
                if use_keys:
                    page.keyboard.press("r" if step % 4 != 3 else "f")
                else:
                    page.click("#pu-rotate" if step % 4 != 3 else "#pu-flip")
            shown = visible_dests(page)
            if shown:
                break
        if shown:
            break
        page.click("#bv-fit")
        until(page, "!document.querySelector('.bv').dataset.moving")
    assert shown, "some orientation of a playable tile has a destination in view"
    dest = page.locator(".dest").nth(rng.choice(shown))
    text = dest.get_attribute("data-move")
    dest.locator(".dot").click()
    assert page.locator("#pu-confirm").is_enabled()
    page.click("#pu-confirm")
    wait_moves(page, before + 1)
    return text


def wait_turn_or_end(page, timeout: float = 60_000) -> bool:
    """Any game: True when the status says it is this page's turn, False at the end."""
    until(page, 
        "!document.getElementById('banner').hidden || "
        "document.querySelector('#status .you') !== null", timeout=timeout)
    return page.locator("#banner").is_hidden()


def play_pentago_move(page, rng: random.Random) -> str:
    before = moves_played(page)
    empty = page.locator(".pg-cell[data-owner='']")
    empty.nth(rng.randrange(empty.count())).click()
    until(page, "document.querySelectorAll('.pg-arrow').length === 8 || "
                           "document.getElementById('pg-hint').textContent.includes('makes five')")
    if "makes five" not in page.locator("#pg-hint").inner_text():
        arrows = page.locator(".pg-arrow")
        arrows.nth(rng.randrange(8)).click()
    page.click("#pg-confirm")
    wait_moves(page, before + 1)
    return log_moves(page)[before]


def play_pentomino_move(page, rng: random.Random) -> str:
    """Pick, touch or place like a person: click a piece, turn it until it has a spot."""
    before = moves_played(page)
    touch_move = "Touch-move" in page.locator("#pm-hint-line").inner_text()
    tiles = page.locator(".pu-tile:not(.none)")
    tiles.nth(rng.randrange(tiles.count())).click()
    if "Draft" in page.locator("#pm-hint-line").inner_text() or \
            page.locator("#pm-hint-line").inner_text().startswith("Pick"):
        page.click("#pm-confirm")
        wait_moves(page, before + 1)
        return log_moves(page)[before]
    if touch_move:  # the click was a move of its own: wait for it before placing
        before += 1
        wait_moves(page, before)
    for step in range(8):
        if page.locator(".dest").count():
            break
        page.keyboard.press("r" if step % 4 != 3 else "f")
    dests = page.locator(".dest")
    assert dests.count() > 0
    dests.nth(rng.randrange(dests.count())).locator(".dot").click()
    page.click("#pm-confirm")
    wait_moves(page, before + 1)
    return log_moves(page)[before]


def tab_to(page, predicate: str, limit: int = 60) -> bool:
    """Press Tab until the focused element ``e`` satisfies the JavaScript ``predicate``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"(e => !!({predicate}))(document.activeElement)"):
            return True
    return False


FOCUSED = """(() => { const e = document.activeElement;
    return e.id || `${e.localName}${e.dataset.piece ? ':' + e.dataset.piece : ''}${e.dataset.card ? ':' + e.dataset.card : ''}${e.dataset.rot ? ':' + e.dataset.rot : ''}`; })()"""


def focused(page) -> str:
    """What has the focus: its id, or its tag and the name of what it stands for."""
    return page.evaluate(FOCUSED)
