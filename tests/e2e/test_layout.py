"""The table page fits the screen: the board takes the space beside/above the tray and the
controls, nothing scrolls the page during play, the last move stays in sight, and the
marks, names, log and messages say what happened (issue 10)."""

from __future__ import annotations

import json
import random
import re
import urllib.request

import pytest

from .conftest import shot
from .helpers import (
    create_table,
    log_moves,
    moves_played,
    play_one_move,
    play_pentago_move,
    play_pentomino_move,
    until,
    wait_moves,
    wait_my_turn_or_end,
    wait_turn_or_end,
)
from .test_pentic_browser import play_pentic_move

# -- what a person sees --------------------------------------------------------------
IN_VIEW = """(sel) => [...document.querySelectorAll(sel)].length > 0 && [...document.querySelectorAll(sel)].every((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5 &&
        r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
})"""

# the last move's cells: inside the window and inside the board's box, and they are the
# last move of the log
LAST_MOVE_SHOWN = """(() => {
    const lis = document.querySelectorAll('#log li');
    const mark = document.querySelector('.last-move');
    if (!lis.length || !mark || mark.dataset.move !== lis[lis.length - 1].dataset.move) return false;
    if (document.querySelector('.bv').dataset.moving) return false;
    const box = document.querySelector('.bv').getBoundingClientRect();
    const cells = mark.querySelectorAll('.lm-cell');
    return cells.length > 0 && [...cells].every((c) => {
        const r = c.getBoundingClientRect();
        return r.left >= Math.max(0, box.left) - 0.5 && r.top >= Math.max(0, box.top) - 0.5 &&
            r.right <= Math.min(innerWidth, box.right) + 0.5 && r.bottom <= Math.min(innerHeight, box.bottom) + 0.5;
    });
})()"""

IN_BOARD = """((sel) => { const box = document.querySelector('.bv').getBoundingClientRect();
    return [...document.querySelectorAll(sel)].every((e) => { const r = e.getBoundingClientRect();
        return r.left >= box.left && r.top >= box.top && r.right <= box.right && r.bottom <= box.bottom; }); })"""

PAGE_FITS = ("document.documentElement.scrollHeight <= innerHeight + 1 && "
             "document.documentElement.scrollWidth <= innerWidth + 1")


BAR_LABELS = "[...document.querySelectorAll('.action-bar button')].map((b) => [b.textContent, b.scrollWidth, b.clientWidth])"
BAR_LABELS_FIT = ("[...document.querySelectorAll('.action-bar button')].every((b) => b.offsetParent === null "
                  "|| b.scrollWidth <= b.clientWidth + 1)")


# the piece tray: its tiles, and whether every one is whole on the screen, a finger's size,
# with nothing hidden off to a side of the tray
TRAY_TILES = """[...document.querySelectorAll('.tray .pu-tile')].map((t) => {
    const r = t.getBoundingClientRect(); return [t.dataset.piece, r.left, r.top, r.right, r.bottom]; })"""
TRAY_ALL_IN_VIEW = """(() => {
    const tray = document.querySelector('.tray:not([hidden])');
    const tiles = [...tray.querySelectorAll('.pu-tile')];
    const box = tray.getBoundingClientRect();
    return tiles.length > 0 && tray.scrollWidth <= tray.clientWidth + 1 && tiles.every((t) => {
        const r = t.getBoundingClientRect();
        return r.width >= 32 && r.height >= 32 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5 &&
            r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight;
    });
})()"""


def in_view(page, selector: str) -> bool:
    return page.evaluate(IN_VIEW, selector)


def scale(page) -> float:
    t = page.get_attribute(".bv-world", "transform")
    return float(re.search(r"scale\(([\d.]+)\)", t).group(1))


def open_table(server, new_page, game, seats, options=None, width=1280, height=800):
    t = create_table(server, seats, options, game=game)
    page = new_page(width=width, height=height)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector("#players .seat", state="attached")  # on a phone: in the drawer
    page.wait_for_selector(".bv-world")
    return page, t


def table_json(server, table_id: str) -> dict:
    return json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{table_id}").read())


DOTS_UNDER_TOOLS = """() => {
    const t = document.querySelector('.bv-tools').getBoundingClientRect();
    return [...document.querySelectorAll('.dest .dot')].map((d) => d.getBoundingClientRect())
        .filter((r) => r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom)
        .map((r) => [r.left, r.top]);
}"""


# -- 1 and 2: a full Pent-Up game without a page scroll, at desktop and phone size -------
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_pentup_full_game_fits_the_screen(server, new_page, size):
    width, height = size
    phone = width < 800
    page, t = open_table(server, new_page, "pentup",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                         width=width, height=height)
    page.wait_for_selector(".pu-tile:not(.none)")
    y0 = page.evaluate("scrollY")
    assert page.evaluate(PAGE_FITS)   # nothing to scroll, on a phone too
    rng = random.Random(17)
    scales, mine = [scale(page)], 0

    def check() -> None:
        until(page, LAST_MOVE_SHOWN, timeout=15_000)
        assert page.evaluate("scrollY") == y0
        scales.append(scale(page))

    while wait_my_turn_or_end(page, timeout=90_000):
        if mine:  # the computer's reply is marked and in view
            check()
        assert in_view(page, "#pu-tray") and in_view(page, "#pu-confirm")
        if phone and mine == 2:
            # tap targets: 32 px at least, whatever the zoom
            # the tray shows every tile (in rows), and nothing to scroll sideways
            assert page.evaluate(TRAY_ALL_IN_VIEW), page.evaluate(TRAY_TILES)
            page.locator(".pu-tile:not(.none)").last.click()
            assert page.evaluate(TRAY_ALL_IN_VIEW)
            for _ in range(8):
                if page.locator(".dest").count():
                    break
                page.keyboard.press("r")
            hits = page.eval_on_selector_all(".dest .hit", "els => els.map((e) => e.getBoundingClientRect().width)")
            assert hits and min(hits) >= 32, hits
            # no blue dot under the view's buttons (3D view, +, −, Fit): they hid the
            # bottom rows, and a dot there could not be tapped
            until(page, "!document.querySelector('.bv').dataset.moving")
            assert page.evaluate(DOTS_UNDER_TOOLS) == []
            # every button of the action bar shows its whole label
            assert page.evaluate(BAR_LABELS_FIT), page.evaluate(BAR_LABELS)
            shot(page, "pentup-phone-select", full_page=False)
            page.keyboard.press("Escape")
            page.keyboard.press("Escape")
        play_one_move(page, rng)
        mine += 1
        check()  # my own move too
        if mine < 12:
            assert in_view(page, "#pu-confirm")
        if mine == 6:
            shot(page, "pentup-phone" if phone else "pentup-midgame", full_page=False)
        if phone and mine == 3:
            # the players and the log are in a drawer: open it, read it, close it
            page.click("#side-toggle")
            until(page, "getComputedStyle(document.getElementById('side')).visibility === 'visible'")
            assert page.locator("#players .seat").first.is_visible()
            # my three moves and at least the two replies between them (the third reply
            # may still be thinking on a busy machine)
            until(page, "document.querySelectorAll('#log li').length >= 5")
            page.click("#side-toggle")
            until(page, "getComputedStyle(document.getElementById('side')).visibility === 'hidden'")
    assert mine == 12 and moves_played(page) == 24
    until(page, LAST_MOVE_SHOWN, timeout=15_000)
    assert in_view(page, "#banner")
    assert page.evaluate("scrollY") == y0
    assert page.evaluate(PAGE_FITS)
    # the scale held still most of the game and never zoomed in by itself
    changes = sum(1 for a, b in zip(scales, scales[1:]) if abs(a - b) > 1e-3)
    assert changes <= len(scales) // 3, scales
    assert all(b <= a + 1e-3 for a, b in zip(scales, scales[1:])), scales
    # the deciding level's tiles are marked, and the banner says which level it was
    decided = page.locator("#pu-decided")
    if decided.count():
        level = re.search(r"level (\d+)", decided.inner_text()).group(1)
        assert page.get_attribute(".deciders", "data-level") == level
        # each tile of that level with a square still in sight (a higher one may cover all
        # of a tile: the computer plays at random here)
        tiles = json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{t['id']}").read())["state"]["tiles"]
        top = {}
        for i, tile in enumerate(tiles):
            for x, y in tile["cells"]:
                if (x, y) not in top or tiles[top[(x, y)]]["level"] < tile["level"]:
                    top[(x, y)] = i
        in_sight = {i for i in top.values() if tiles[i]["level"] == int(level)}
        assert page.locator(".decider").count() == len(in_sight)
    shot(page, "pentup-result-phone" if phone else "pentup-result", full_page=False)
    # the replay stepper is in sight (on a phone above the board, not in the drawer) and
    # steps back; the banner offers the same game again and the way back to the games
    assert in_view(page, "#replay") and in_view(page, "#play-again") and in_view(page, "#all-games")
    page.click("#r-prev")
    until(page, "document.getElementById('r-pos').textContent === '23/24'")
    assert not page.errors, page.errors


# -- the piece tray on a phone -------------------------------------------------------------
@pytest.mark.parametrize("game,size", [("pentomino", (390, 844)), ("pentomino-puzzle", (360, 740)),
                                       ("pentup", (360, 740))])
def test_an_upright_phone_shows_every_piece(server, new_page, game, size):
    seats = [{"kind": "me"}] if game == "pentomino-puzzle" else [{"kind": "me"}, {"kind": "computer", "level": "random"}]
    page, _ = open_table(server, new_page, game, seats, width=size[0], height=size[1])
    until(page, "document.querySelectorAll('.pu-tile:not(.none)').length === 12")
    assert page.evaluate(TRAY_ALL_IN_VIEW), page.evaluate(TRAY_TILES)
    assert page.evaluate(PAGE_FITS)
    assert page.locator(".tray-more:visible").count() == 0     # nothing to scroll to
    # the board keeps most of the screen
    assert page.locator(".bv").bounding_box()["height"] > 0.4 * size[1]
    page.locator(".pu-tile:not(.none)").nth(11).click()
    assert page.locator(".pu-tile.selected").get_attribute("data-piece") == "Z"
    assert page.evaluate(TRAY_ALL_IN_VIEW)
    if game == "pentomino":
        shot(page, "pentomino-phone-tray", full_page=False)
    assert not page.errors, page.errors


def test_a_tray_too_long_for_its_row_says_so_and_scrolls(server, new_page):
    """A phone on its side has no room for rows: the tray scrolls, and an arrow at the edge
    with more pieces says so (and scrolls it, for a mouse too)."""
    page, _ = open_table(server, new_page, "pentomino", [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                         width=740, height=360)
    page.wait_for_selector(".pu-tile:not(.none)")
    tray_left = "document.getElementById('pm-tray').scrollLeft"
    assert page.evaluate("(() => { const t = document.getElementById('pm-tray'); return t.scrollWidth > t.clientWidth + 10; })()")
    on, back = page.locator(".tray-more.on"), page.locator(".tray-more.back")
    until(page, "document.querySelector('.tray-more.on').offsetParent !== null")
    assert back.is_hidden()
    box = on.bounding_box()
    assert box["width"] >= 32 and box["height"] >= 32, box
    last = page.locator(".pu-tile").last
    for _ in range(6):
        if on.is_hidden():
            break
        on.click()
        until(page, f"{tray_left} > 0")
        page.wait_for_function("""() => new Promise((ok) => { const t = document.getElementById('pm-tray');
            let x = t.scrollLeft; const check = () => { if (t.scrollLeft === x) ok(true); else { x = t.scrollLeft; setTimeout(check, 80); } };
            setTimeout(check, 80); })""")
    until(page, "document.querySelector('.tray-more.on').offsetParent === null")
    assert back.is_visible()
    assert in_view(page, f".pu-tile[data-piece={last.get_attribute('data-piece')}]")
    # choosing a tile does not scroll the tray back
    left = page.evaluate(tray_left)
    assert left > 0
    last.click()
    assert page.locator(".pu-tile.selected").count() == 1
    assert page.evaluate(tray_left) == left
    back.click()
    until(page, f"{tray_left} < {left}")
    assert not page.errors, page.errors


# -- the other games' boards fit too -----------------------------------------------------
def pentic_move(page, rng):
    play_pentic_move(page, rng)


GAMES = {
    "pentago": ([{"kind": "me"}, {"kind": "computer", "level": "random"}], {}, play_pentago_move, "#pg-confirm"),
    "pentomino": ([{"kind": "me"}, {"kind": "computer", "level": "random"}], {}, play_pentomino_move, "#pm-confirm"),
    "pentic": ([{"kind": "me"}, {"kind": "computer", "level": "random"}], {"target": 100}, pentic_move, "#pc-confirm"),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_fixed_boards_fit_without_page_scroll(server, new_page, game):
    seats, options, play, confirm = GAMES[game]
    page, _ = open_table(server, new_page, game, seats, options)
    rng = random.Random(5)
    y0 = page.evaluate("scrollY")
    moves = 0
    while wait_turn_or_end(page, timeout=90_000):
        assert page.evaluate(PAGE_FITS)
        assert in_view(page, ".bv") and in_view(page, confirm)
        play(page, rng)
        moves += 1
        assert page.evaluate("scrollY") == y0
        assert in_view(page, ".bv")
    until(page, "!document.getElementById('banner').hidden")
    assert in_view(page, ".bv") and in_view(page, "#banner")
    assert page.evaluate(PAGE_FITS) and page.evaluate("scrollY") == y0
    assert moves > 0
    if game == "pentomino":   # the other two results are pictured by their own tests
        shot(page, "pentomino-result", full_page=False)
    assert not page.errors, page.errors


# -- pan, zoom and fit --------------------------------------------------------------------
def test_board_pans_zooms_and_fits(server, new_page):
    page, _ = open_table(server, new_page, "pentup",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    page.wait_for_selector(".pu-tile:not(.none)")
    play_one_move(page, random.Random(2))
    assert wait_my_turn_or_end(page)
    until(page, LAST_MOVE_SHOWN)
    k0 = scale(page)
    box = page.locator(".bv").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, 300)             # zoom out around the pointer, the page stays put
    until(page, f"parseFloat(document.querySelector('.bv-world').getAttribute('transform').split('scale(')[1]) < {k0 - 0.01}")
    assert page.evaluate("scrollY") == 0
    before = page.get_attribute(".bv-world", "transform")
    page.mouse.move(cx, cy)              # drag: the board moves, nothing gets staged
    page.mouse.down()
    page.mouse.move(cx + 60, cy + 40, steps=6)
    page.mouse.up()
    assert page.get_attribute(".bv-world", "transform") != before
    assert page.locator(".ghosts .staged").count() == 0
    page.click("#bv-zoom-in")
    page.click("#bv-fit")                # back to the whole structure, at a playing scale
    until(page, "!document.querySelector('.bv').dataset.moving")
    until(page, IN_BOARD + "('#pu-board .cell')")
    assert scale(page) >= k0 * 0.9
    assert page.locator(".bv-ruler-text[data-col]").count() >= 8   # x along the top
    assert page.locator(".bv-ruler-text[data-row]").count() >= 5   # y down the side
    assert not page.errors, page.errors


# -- 4: what just happened ----------------------------------------------------------------
def test_last_move_marks_in_every_game(server, new_page):
    # Pent-Up: the computer's tile
    page, _ = open_table(server, new_page, "pentup",
                         [{"kind": "computer", "level": "random"}, {"kind": "me"}])
    assert wait_my_turn_or_end(page)
    until(page, LAST_MOVE_SHOWN)
    assert page.get_attribute(".last-move", "data-move") == log_moves(page)[-1]
    assert page.locator(".last-move .lm-cell").count() == 5

    # Pentago: the computer's marble where it ended up after its own twist, and the twist
    page, _ = open_table(server, new_page, "pentago",
                         [{"kind": "computer", "level": "random"}, {"kind": "me"}])
    assert wait_turn_or_end(page)
    until(page, "document.querySelector('.last-move') !== null")
    text = log_moves(page)[-1]
    assert page.get_attribute(".last-move", "data-move") == text
    cell, quad, direction = text.split()
    r, c = int(cell[1]) - 1, "abcdef".index(cell[0])
    r0, c0 = {"TL": (0, 0), "TR": (0, 3), "BL": (3, 0), "BR": (3, 3)}[quad]
    if r0 <= r < r0 + 3 and c0 <= c < c0 + 3:
        lr, lc = r - r0, c - c0
        lr, lc = (lc, 2 - lr) if direction == "cw" else (2 - lc, lr)
        r, c = r0 + lr, c0 + lc
    assert page.get_attribute(".pg-last", "data-cell") == "abcdef"[c] + str(r + 1)
    assert page.get_attribute(f".pg-cell[data-cell={'abcdef'[c] + str(r + 1)}]", "data-owner") == "0"
    assert page.get_attribute(".pg-last-twist", "data-quad") == quad
    assert page.get_attribute(".pg-last-twist", "data-dir") == direction

    # Pentomino: the computer's piece
    page, _ = open_table(server, new_page, "pentomino",
                         [{"kind": "computer", "level": "random"}, {"kind": "me"}])
    assert wait_turn_or_end(page)
    text = log_moves(page)[-1]
    assert page.get_attribute(".last-move", "data-move") == text
    squares = text.split(":")[1].split(",")
    for sq in squares:
        assert page.get_attribute(f".pm-cell[data-square={sq}]", "data-piece") == text[0]
    assert page.locator(".last-move .lm-cell").count() == 5

    # Pentic: the computer's card
    page, _ = open_table(server, new_page, "pentic",
                         [{"kind": "computer", "level": "random"}, {"kind": "me"}])
    assert wait_turn_or_end(page)
    text = log_moves(page)[-1]
    card, position = text.split("@")
    assert page.get_attribute(".pc-pos.last", "data-pos") == position
    assert page.get_attribute(f".pc-pos[data-pos='{position}'] .tic-card", "data-card") == card
    assert page.get_attribute(".last-move", "data-move") == text
    assert not page.errors, page.errors


def play_scripted_pentago(server, new_page, moves, width=1280, height=800):
    page, t = open_table(server, new_page, "pentago", [{"kind": "me"}, {"kind": "invite"}],
                         width=width, height=height)
    friend = new_page()
    friend.goto(server.url + t["invites"][0]["url"])
    for n, text in enumerate(moves):
        who = page if n % 2 == 0 else friend
        assert wait_turn_or_end(who)
        parts = text.split()
        who.click(f".pg-cell[data-cell={parts[0]}]")
        if len(parts) == 3:
            who.click(f".pg-arrow[data-rot='{parts[1]} {parts[2]}']")
        who.click("#pg-confirm")
        wait_moves(who, n + 1)
    return page, friend


def test_pentago_winning_five_is_highlighted(server, new_page):
    page, _ = play_scripted_pentago(server, new_page, [
        "a1 BR cw", "a6 BR cw", "b1 BR cw", "b6 BR cw", "c1 BR cw", "c6 BR cw",
        "d1 BL cw", "d6 BL cw", "e1"])
    page.wait_for_selector("#banner:not([hidden])")
    until(page, "document.querySelectorAll('.pg-cell.win').length === 5")
    wins = page.eval_on_selector_all(".pg-cell.win", "els => els.map((e) => e.dataset.cell).sort()")
    assert wins == ["a1", "b1", "c1", "d1", "e1"]
    assert page.get_attribute(".pg-five", "data-cells") == "a1 b1 c1 d1 e1"
    assert "five in a row" in page.locator("#banner").inner_text()
    shot(page, "pentago-result", full_page=False)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_pentago_arrows_leave_the_edge_labels_clear(server, new_page, size):
    page, _ = open_table(server, new_page, "pentago",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                         width=size[0], height=size[1])
    assert wait_turn_or_end(page)
    page.click(".pg-cell[data-cell=c3]")
    page.wait_for_selector(".pg-arrow")
    assert page.locator(".pg-arrow").count() == 8
    labels = page.eval_on_selector_all(".pg-label", "els => els.map((e) => { const r = e.getBoundingClientRect(); return [e.dataset.label, r.left, r.top, r.right, r.bottom]; })")
    arrows = page.eval_on_selector_all(".pg-arrow", "els => els.map((e) => { const r = e.getBoundingClientRect(); return [e.dataset.rot, r.left, r.top, r.right, r.bottom]; })")
    assert {lb[0] for lb in labels} >= {"a", "f", "1", "6"}
    for name, *a in arrows:
        assert a[2] - a[0] >= 32 and a[3] - a[1] >= 32, (name, a)   # a thumb can hit it
        for label, *b in labels:
            overlap = a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
            assert not overlap, f"arrow {name} covers label {label}"
        assert in_view(page, f".pg-arrow[data-rot='{name}']")
    # the arrows sit above and below the board in a tall box, beside it in a wide one,
    # whichever leaves the board larger: on the phone it spans most of the screen's width
    cells = page.eval_on_selector_all(".pg-cell", "els => els.map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
    board = [min(c[0] for c in cells), min(c[1] for c in cells), max(c[2] for c in cells), max(c[3] for c in cells)]
    above_below = all(a[3] < board[1] or a[1] > board[3] for _, *a in arrows)
    beside = all(a[2] < board[0] or a[0] > board[2] for _, *a in arrows)
    assert (above_below, beside) == ((True, False) if size[1] > size[0] else (False, True)), (board, arrows)
    if size[1] > size[0]:
        assert board[2] - board[0] > 0.75 * size[0], board
    page.click(".pg-arrow[data-rot='TR cw']")
    shot(page, "pentago-arrows" if size[0] > 800 else "pentago-phone", full_page=False)
    if size[1] > size[0]:   # the phone turned sideways: the arrows move beside the board
        page.set_viewport_size({"width": size[1], "height": size[0]})
        until(page, "(() => { const a = document.querySelector(\".pg-arrow[data-rot='TL ccw']\").getBoundingClientRect();"
                    " const c = document.querySelector('.pg-cell[data-cell=a1]').getBoundingClientRect();"
                    " return a.right < c.left && a.bottom > c.top; })()")
        assert page.locator(".pg-arrow").count() == 8
        assert page.locator(".pg-arrow[data-rot='TR cw'] circle[fill='#1f6feb']").count() == 1   # still chosen


# each twist arrow's middle, and what a click there reaches (the arrow, or what covers it)
ARROW_HITS = """() => [...document.querySelectorAll('.pg-arrow')].map((a) => {
    const r = a.querySelector('circle:last-of-type').getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return [a.dataset.rot, hit !== null && a.contains(hit) ? 'arrow' : hit ? hit.id || hit.getAttribute('class') : 'off screen'];
}).filter(([, what]) => what !== 'arrow')"""


def test_pentago_arrows_are_never_under_the_board_buttons(server, new_page):
    """The zoom / Fit buttons sit in the board's corner: the view keeps the twist arrows
    clear of them at every size (they covered the last arrow at 1000×800 and 900×700)."""
    page, _ = open_table(server, new_page, "pentago", [{"kind": "me"}, {"kind": "invite"}])
    until(page, "document.querySelector('#status .you') !== null")
    page.click(".pg-cell[data-cell=c3]")
    for width, height in [(1000, 800), (900, 700), (1024, 768), (1280, 800), (1440, 900),
                          (800, 600), (1100, 650), (700, 900), (600, 1000)]:
        page.set_viewport_size({"width": width, "height": height})
        until(page, "document.querySelectorAll('.pg-arrow').length === 8 && "
                    "!document.querySelector('.bv').dataset.moving && document.getAnimations()"
                    ".every((a) => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)")
        # (the drawer slid away at a phone's width); the buttons show with the pointer on the board
        page.hover(".pg-cell[data-cell=d4]")
        assert page.evaluate(ARROW_HITS) == [], (width, height)


# the outline of the quadrant that turned (with its stroke) against the a–f / 1–6 labels
TWIST_OVER_LABELS = """(sel) => {
    const k = parseFloat(document.querySelector('.bv-world').getAttribute('transform').split('scale(')[1]);
    const out = document.querySelector(sel);
    const o = out.getBoundingClientRect(), w = parseFloat(out.getAttribute('stroke-width')) * k / 2;
    return [...document.querySelectorAll('.pg-label')].filter((l) => {
        const r = l.getBoundingClientRect();
        return r.left < o.right + w && o.left - w < r.right && r.top < o.bottom + w && o.top - w < r.bottom;
    }).map((l) => l.dataset.label);
}"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_pentago_twist_outline_leaves_the_labels_readable(server, new_page, size):
    from .helpers import import_record, pentago_record

    # a twist of each quadrant: step back through them
    table = import_record(server, pentago_record(["b2 TL cw", "e2 TR ccw", "b5 BL cw", "e5 BR ccw"]))
    page = new_page(width=size[0], height=size[1])
    page.goto(server.url + table["url"])
    until(page, "document.querySelectorAll('#log li').length === 4")
    for ply, quad in ((4, "BR"), (3, "BL"), (2, "TR"), (1, "TL")):
        if ply < 4:
            page.click("#r-prev")
        until(page, f"document.getElementById('r-pos').textContent === '{ply}/4'")
        until(page, f"document.querySelector('.pg-last-twist[data-quad={quad}]') !== null")
        until(page, "!document.querySelector('.bv').dataset.moving")
        assert page.evaluate(TWIST_OVER_LABELS, ".pg-last-twist rect") == [], quad
        if size[0] > 800:   # the list's highlight of a move, the same
            page.hover(f"#log li[data-ply='{ply}']")
            page.wait_for_selector(f".log-hl[data-ply='{ply}'] rect")
            assert page.evaluate(TWIST_OVER_LABELS, ".log-hl rect") == [], quad
            page.mouse.move(5, 5)
    assert page.locator(".pg-label").count() == 12
    assert not page.errors, page.errors


# -- 5: the first tile may go anywhere --------------------------------------------------
def test_first_tile_may_go_anywhere(server, new_page):
    page, t = open_table(server, new_page, "pentup",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    page.click(".pu-tile[data-piece=I]")
    until(page, "document.querySelectorAll('.dest').length > 30")
    # dots all over the table, not one
    spots = page.eval_on_selector_all(".dest", "els => els.map((e) => e.dataset.dest)")
    assert len(set(spots)) == len(spots) > 30
    xs = {int(s.split(",")[0]) for s in spots}
    ys = {int(s.split(",")[1]) for s in spots}
    assert len(xs) >= 6 and len(ys) >= 4
    # click a cell well away from the middle: no warning, and that is where it goes
    box = page.locator(".bv").bounding_box()
    page.mouse.click(box["x"] + 70, box["y"] + 60)
    page.wait_for_selector(".ghosts .staged")
    assert page.locator("#pu-error").inner_text() == ""
    assert "Confirm" in page.locator("#pu-hint").inner_text()
    page.click("#pu-confirm")
    wait_moves(page, 1)
    text = log_moves(page)[0]
    assert table_json(server, t["id"])["history"][0] == text
    cells = [tuple(map(int, c.split(","))) for c in text.split(":")[1].split(";")]
    # the top-left corner of the view is not where the engine lists its first moves
    assert min(x for x, _ in cells) < -2 and max(y for _, y in cells) > 1, text
    until(page, LAST_MOVE_SHOWN)
    assert not page.errors, page.errors


# -- 6: names and structure -------------------------------------------------------------
def test_seat_names_are_distinct_and_teams_are_shown(server, new_page):
    page, _ = open_table(server, new_page, "pentup",
                         [{"kind": "me"}, {"kind": "computer", "level": "medium"},
                          {"kind": "computer", "level": "medium"},
                          {"kind": "computer", "level": "random", "name": "Robo"}],
                         {"players": 4})
    names = page.eval_on_selector_all("#players .seat", "els => els.sort((a, b) => a.dataset.seat - b.dataset.seat).map((e) => e.querySelector('.name').textContent)")
    assert names == ["White", "Black (computer, medium)", "Red (computer, medium)", "Robo"]
    # 4 players play in teams: who plays with whom, and the team totals
    teams = page.eval_on_selector_all("#players .team .team-name", "els => els.map((e) => e.textContent)")
    assert teams == ["White + Red", "Black + Robo"]
    assert page.locator("#pu-levels tr.team-row").count() == 2
    assert "top level first" in page.locator("#pu-levels caption").inner_text()
    assert not page.errors, page.errors



def test_a_teams_result_says_their_tiles(server, new_page):
    """A team's win is theirs: the banner says whose tiles are outlined in the plural."""
    from .helpers import import_record, pentup_record

    table = import_record(server, pentup_record(players=4, seed=1))   # Black + Blue win on level 3
    page = new_page(width=1280, height=800)
    page.goto(server.url + table["url"])
    page.wait_for_selector("#banner:not([hidden]) #pu-decided")
    assert page.locator("#result").inner_text() == "Black + Blue win"
    decided = page.locator("#pu-decided").inner_text()
    assert decided.startswith("Decided on level 3: White + Red ") and "Black + Blue" in decided, decided
    assert decided.endswith("— their tiles are outlined in gold on the board."), decided
    assert not page.errors, page.errors


def test_the_deciding_level_names_only_the_players_still_level(server, new_page):
    """Three players: White and Black tie on level 4 (Red has none there) and White wins on
    level 3, where Red has more tiles than White: the banner names White and Black only."""
    from .helpers import import_record, pentup_record

    table = import_record(server, pentup_record(players=3, seed=2))
    page = new_page(width=1280, height=800)
    page.goto(server.url + table["url"])
    page.wait_for_selector("#banner:not([hidden]) #pu-decided")
    assert page.locator("#result").inner_text() == "White wins"
    levels = page.eval_on_selector_all("#banner table.breakdown tr[data-seat]",
                                       "rows => rows.map((r) => [...r.cells].slice(1).map((c) => c.textContent).join(' '))")
    assert levels == ["1 2 4 5", "1 0 3 8", "0 3 4 5"], levels    # levels 4 3 2 1: White, Black, Red
    assert page.locator("#pu-decided").inner_text() == \
        "Decided on level 3: White 2, Black 0 — its tiles are outlined in gold on the board."
    assert not page.errors, page.errors

@pytest.mark.parametrize("seed,result,decided", [
    (4, "Red wins", "21 points each; the tie goes to level 4: Black 0, Red 1 — its tiles are "
                    "outlined in gold on the board."),
    (31, "White and Black share the win", "Decided on points. White and Black are level on "
                                          "points and on every level: they share the win."),
])
def test_an_advanced_result_says_a_tie_on_points(server, new_page, seed, result, decided):
    """Advanced scoring: points tied and the tie broken on a level is said ("Decided on
    level 4" alone hid the tie), and so is a win shared by players level on everything."""
    from .helpers import import_record, pentup_record

    table = import_record(server, pentup_record(players=3, seed=seed, scoring="advanced"))
    page = new_page(width=1280, height=800)
    page.goto(server.url + table["url"])
    page.wait_for_selector("#banner:not([hidden]) #pu-decided")
    assert page.locator("#result").inner_text() == result
    assert page.locator("#pu-decided").inner_text() == decided
    assert not page.errors, page.errors


def test_three_player_pentomino_names_rounds_and_result(server, new_page):
    page, _ = open_table(server, new_page, "pentomino",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"},
                          {"kind": "computer", "level": "random"}], {"players": 3})
    names = page.locator("#players .seat .name").all_inner_texts()
    assert names == ["Amber", "Teal (computer, random)", "Plum (computer, random)"]
    assert "Round 1" in page.locator("#status").inner_text()
    rng = random.Random(4)
    seen_note = False
    while wait_turn_or_end(page, timeout=90_000):
        note = page.locator("#pm-round-note")
        if note.is_visible():
            text = note.inner_text()
            assert re.match(r"Round \d+ is over: .+ placed the last piece", text), text
            round_no = int(re.match(r"Round (\d+)", text).group(1))
            assert f"Round {round_no + 1}" in page.locator("#status").inner_text()
            if not seen_note:
                shot(page, "pentomino-rounds-note", full_page=False)
            seen_note = True
        play_pentomino_move(page, rng)
    assert seen_note
    head = page.locator("#result").inner_text()
    assert head == "You win!" or head in {f"{n} wins" for n in names[1:]} or "share" in head, head
    rows = page.locator(".breakdown tr td:first-child").all_inner_texts()
    assert [r.strip() for r in rows] == names
    assert any(t.startswith("Round") for t in page.locator("#log li .tag").all_inner_texts())
    shot(page, "pentomino-rounds", full_page=False)
    assert not page.errors, page.errors


# -- 7: a log people can read, coordinates, one error --------------------------------------
def test_readable_log_with_hover_highlight(server, new_page):
    page, _ = open_table(server, new_page, "pentup",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    rng = random.Random(8)
    for _ in range(2):
        assert wait_my_turn_or_end(page)
        play_one_move(page, rng)
    assert wait_my_turn_or_end(page)
    lines = page.locator("#log li .txt").all_inner_texts()
    assert len(lines) == 4
    for i, line in enumerate(lines):
        assert re.fullmatch(rf"{'White' if i % 2 == 0 else 'Black'}: [FILNPTUVWXYZ] on level \d \(-?\d+,-?\d+ to -?\d+,-?\d+\)", line), line
    assert [m[0] for m in log_moves(page)] == [line.split(": ")[1][0] for line in lines]
    page.locator("#log li").nth(1).hover()
    page.wait_for_selector(".log-hl[data-ply='2']")
    tile = log_moves(page)[1]
    hl = page.locator(".log-hl").bounding_box()
    assert hl["width"] > 0 and hl["height"] > 0
    cells = {tuple(map(int, c.split(","))) for c in tile.split(":")[1].split(";")}
    width = max(x for x, _ in cells) - min(x for x, _ in cells) + 1
    cell_px = scale(page) * 32
    assert abs(hl["width"] - width * cell_px) < cell_px  # the highlight covers that tile
    shot(page, "pentup-log-hover", full_page=False)
    page.mouse.move(5, 5)
    until(page, "document.querySelector('.log-hl') === null")

    # Pentago and Pentomino lines too
    page, _ = open_table(server, new_page, "pentago",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    assert wait_turn_or_end(page)
    play_pentago_move(page, random.Random(1))
    assert wait_turn_or_end(page)
    for line in page.locator("#log li .txt").all_inner_texts():
        assert re.fullmatch(r"(White|Black): [a-f][1-6](, turns (top|bottom)-(left|right) [↻↺]| — five in a row)", line), line
    page.locator("#log li").first.hover()
    page.wait_for_selector(".log-hl[data-ply='1']")
    assert not page.errors, page.errors


def test_illegal_placement_error_is_shown_once(server, new_page):
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}])
    page = new_page()
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector(".pu-tile:not(.none)")
    play_one_move(page, random.Random(1))
    friend = new_page()
    friend.goto(server.url + t["invites"][0]["url"])
    assert wait_my_turn_or_end(friend)
    friend.click(".pu-tile[data-piece=X]")
    box = friend.locator(".bv").bounding_box()
    friend.mouse.click(box["x"] + 130, box["y"] + 120)   # far from the structure
    assert "cannot go there: choose a blue dot" in friend.locator("#pu-error").inner_text()
    friend.click("#pu-confirm")
    until(friend, "document.getElementById('pu-error').textContent.includes('must')")
    message = friend.locator("#pu-error").inner_text()
    # once: on the error line (the refused cells in red), no toast over the board
    assert friend.locator(".toast").count() == 0
    assert friend.locator("text=" + message[:40]).count() == 1
    assert friend.locator(".ghosts .refused").count() == 1
    assert friend.locator("#pu-hint").is_hidden()
    shot(friend, "pentup-illegal", full_page=False)
    assert moves_played(friend) == 1


# -- 8: the puzzle's banner ----------------------------------------------------------------
def test_puzzle_banner_after_solve_and_by_hand(server, new_page):
    page, _ = open_table(server, new_page, "pentomino-puzzle", [{"kind": "me"}], {"region": "3x20"})
    page.click(".pu-tile[data-piece=X]")
    page.locator(".dest .dot").first.click()
    page.click("#pm-confirm")
    wait_moves(page, 1)
    page.click("#pm-solve")
    page.click("#pm-solve")
    page.wait_for_selector("#banner:not([hidden])")
    assert page.locator("#result").inner_text() == "Solved by the computer, after your 1 move"
    assert page.locator("#play-again").inner_text() == "Try again"  # the same puzzle anew
    assert "You win" not in page.locator("#banner").inner_text()
    shot(page, "puzzle-solved", full_page=False)
    # the table keeps it: another browser (no session of the presser) is told too, as the
    # one watching ("your" moves were the solver's)
    other = new_page()
    other.goto(page.url)
    other.wait_for_selector("#banner:not([hidden])")
    assert other.locator("#result").inner_text() == "Solved by the computer, after the solver's 1 move"

    # solved by hand, one hint at a time: "Solved in N moves"
    page, _ = open_table(server, new_page, "pentomino-puzzle", [{"kind": "me"}], {"region": "3x20"})
    n = 0
    while page.locator("#banner").is_hidden():
        page.click("#pm-hint")
        until(page, "document.getElementById('pm-hint-line').textContent.startsWith('Hint')")
        page.click("#pm-confirm")
        n += 1
        wait_moves(page, n)
    page.wait_for_selector("#banner:not([hidden])")
    assert page.locator("#result").inner_text() == f"Solved in {n} moves"
    page.reload()  # the same after a reload (it said only "Solved")
    page.wait_for_selector("#banner:not([hidden])")
    assert page.locator("#result").inner_text() == f"Solved in {n} moves"
    assert not page.errors, page.errors


def test_a_draw_reads_draw(server, new_page):
    """A drawn game (every seat among the winners) still says "Draw"."""
    import pentarena
    from pentarena.record import GameRecord

    state = pentarena.load_game("pentago").new_initial_state(seed=6)
    rng = random.Random(6)
    while not state.is_terminal():   # this seed's random game fills the board: a draw
        state.apply(rng.choice(state.legal_moves()))
    assert state.winners() == {0, 1}
    req = urllib.request.Request(server.url + "/api/records", method="POST",
                                 data=json.dumps(GameRecord.of(state).to_json()).encode(),
                                 headers={"Content-Type": "application/json"})
    table = json.loads(urllib.request.urlopen(req).read())
    page = new_page(width=1280, height=800)
    page.goto(server.url + table["url"])
    page.wait_for_selector("#banner:not([hidden])")
    assert page.locator("#result").inner_text() == "Draw"
    assert "a draw" in page.locator("#banner").inner_text()
    assert page.locator(".pg-five").count() == 0
    assert page.get_attribute(".last-move", "data-move") == state.history()[-1]
    assert not page.errors, page.errors


def test_the_board_keeps_its_size_when_a_message_gets_shorter(server, new_page):
    """The message line under the board keeps the height of its longest message: the
    board, which takes the height left over, stopped moving under the pointer each time a
    message changed length (a hint of four lines, then a line again)."""
    page, _ = open_table(server, new_page, "pentago",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                         width=1280, height=800)
    until(page, "document.querySelector('#status .you') !== null")
    a1 = "JSON.stringify(document.querySelector('.pg-cell[data-cell=a1]').getBoundingClientRect())"
    settled = "!document.querySelector('.bv').dataset.moving"
    page.click("#hint-btn")
    until(page, "document.getElementById('pg-hint').textContent.startsWith('Hint: ')")
    until(page, settled)
    after_hint = page.evaluate(a1)
    # the cell in each of the next frames, from the click on (a board told of the line's
    # room before the line was held was drawn larger for a frame)
    frames = f"""new Promise((done) => {{ const seen = [];
        const step = () => {{ seen.push({a1}); if (seen.length < 8) requestAnimationFrame(step); else done(seen); }};
        requestAnimationFrame(step); }})"""
    for step in ("#pg-cancel", ".pg-cell[data-cell=c3]", "#pg-cancel"):
        page.evaluate(f"() => {{ window.seenFrames = {frames}; }}")   # (not awaited here)
        page.click(step)
        until(page, settled)
        assert page.evaluate(a1) == after_hint, step
        assert set(page.evaluate("window.seenFrames")) == {after_hint}, step
    assert not page.errors, page.errors


def test_the_board_takes_back_its_size_on_the_next_move(server, new_page):
    """The line kept the height of a hint (three lines) for the rest of the game: the board
    stayed smaller (a tablet pass: Pentomino's squares 58 → 46 px at 1024×768, and 48 a
    turn later). It is kept within a position, and a new one measures afresh."""
    page, _ = open_table(server, new_page, "pentomino",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                         width=1024, height=768)
    until(page, "document.querySelector('#status .you') !== null")
    square = "document.querySelector('.pm-cell').getBoundingClientRect().height"
    settled = "!document.querySelector('.bv').dataset.moving"
    until(page, settled)
    before = page.evaluate(square)
    until(page, "document.getElementById('hint-btn').getAttribute('aria-disabled') === 'false'")
    page.click("#hint-btn")
    until(page, "document.getElementById('pm-hint-line').textContent.startsWith('Hint: ')")
    until(page, f"{settled} && {square} < {before} - 2")       # the hint's lines took room
    page.click("#pm-confirm")
    until(page, "document.querySelectorAll('#log li').length === 2 && document.querySelector('#status .you') !== null")
    until(page, f"{settled} && Math.abs({square} - {before}) < 1")
    assert not page.errors, page.errors


def test_names_without_spaces_stay_inside_the_result_banner_on_a_phone(server, new_page):
    """Names of 40 letters with no space (as a person may type them): the banner's heading,
    table and deciding line keep inside it (they ran past its right edge)."""
    import pentarena
    from pentarena.record import GameRecord

    from .helpers import import_record

    state = pentarena.load_game("pentup").new_initial_state(seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
    table = import_record(server, GameRecord.of(state, players=["A" * 40, "B" * 40]).to_json())
    page = new_page(width=390, height=844)
    page.goto(server.url + table["url"])
    page.wait_for_selector("#banner:not([hidden]) #pu-decided")
    assert page.evaluate("() => { const b = document.getElementById('banner');"
                         " return b.scrollWidth <= b.clientWidth; }")
    assert not page.errors, page.errors


@pytest.mark.parametrize("game", ["pentup", "pentomino"])
def test_the_turn_buttons_words_fit_them_at_200_percent(server, new_page, game):
    """A desktop at 200 % (a 640×400 window in CSS pixels): "⟳ Rotate" in the bar at the
    foot ran past its button, the word at the icon's size."""
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                     game=game)
    page = new_page(width=640, height=400)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    assert wait_turn_or_end(page)
    page.locator(".pu-tile:not(.none)").first.click()
    until(page, "document.querySelector('.pu-tile.selected') !== null")
    over = page.evaluate("""[...document.querySelectorAll('.action-bar button')]
        .filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
        .map((b) => `${b.id}: ${b.scrollWidth} > ${b.clientWidth}`)""")
    assert over == [], over
