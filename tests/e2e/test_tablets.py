"""Tablets: upright, the side panel goes under the board (the board is bound by the width,
which a side column beside it took a third of); on its side, the side column stays and the
piece tray keeps all twelve pieces in its row, each a finger's width."""

from __future__ import annotations

import random

import pytest

from .helpers import (
    create_table,
    import_record,
    pentup_record,
    play_pentago_move,
    play_pentomino_move,
    until,
    wait_turn_or_end,
)
from .test_layout import IN_VIEW, PAGE_FITS, TRAY_ALL_IN_VIEW, TRAY_TILES
from .test_tap_targets import FINGER, small_targets

TWO = [{"kind": "me"}, {"kind": "computer", "level": "random"}]

BOX = "(sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; }"


def open_tablet(server, new_page, game, size, seats=TWO, options=None):
    t = create_table(server, seats, options or {}, game=game)
    page = new_page(width=size[0], height=size[1], touch=True)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector("#players .seat", state="attached")   # (in the drawer: hidden)
    page.wait_for_selector(".bv-world")
    return page


def in_view(page, selector: str) -> bool:
    return page.evaluate(IN_VIEW, selector)


# the smallest square of the board on the screen: Pentomino's 8 × 8, Pentago's 6 × 6
# (before: 73 and 69 px at 1024 × 1366, 52 and 49 at 834 × 1194, beside a side column)
CELL = {"pentomino": ".pm-cell", "pentago": ".pg-cell"}
MIN_CELL = {(1024, 1366): {"pentomino": 88, "pentago": 75}, (834, 1194): {"pentomino": 72, "pentago": 60}}


@pytest.mark.parametrize("game", ["pentomino", "pentago"])
@pytest.mark.parametrize("size", [(1024, 1366), (834, 1194)], ids=["12.9-upright", "11-upright"])
def test_an_upright_tablet_puts_the_players_and_moves_under_the_board(server, new_page, size, game):
    page = open_tablet(server, new_page, game, size)
    assert wait_turn_or_end(page)
    until(page, "!document.querySelector('.bv').dataset.moving")
    board = page.evaluate(BOX, ".bv")
    cell = page.evaluate(f"Math.min(...[...document.querySelectorAll('{CELL[game]}')].map((c) => c.getBoundingClientRect().width))")
    assert board["w"] >= 0.9 * size[0], board            # the whole width (before: 56-64 %)
    assert cell >= MIN_CELL[size][game], cell
    # the players, the moves and their buttons under it, in sight without the drawer
    assert page.locator("#side-toggle").is_hidden()
    for sel in ("#players .seat", ".moves h3", "#export", "#move-text"):
        assert in_view(page, sel), sel
    side = page.evaluate(BOX, "#side")
    assert side["y"] >= board["y"] + board["h"], (side, board)
    assert page.evaluate(BOX, "#players")["x"] < page.evaluate(BOX, ".moves")["x"]    # side by side
    # the message line and the action bar: whole, the line wide enough to read (it was
    # 18 px wide at 834 × 1194, a word a line)
    assert in_view(page, ".action-bar button") and in_view(page, ".msg")
    assert page.evaluate(BOX, ".msg")["w"] >= 200
    if game == "pentomino":
        assert page.evaluate(TRAY_ALL_IN_VIEW), page.evaluate(TRAY_TILES)
        assert page.locator(".tray-more:visible").count() == 0
    assert page.evaluate(PAGE_FITS)
    assert small_targets(page) == []
    if game == "pentomino":   # a move played: the board keeps its size, the move is in the list
        play_pentomino_move(page, random.Random(3))
        assert in_view(page, "#log li")
        assert page.evaluate(BOX, ".bv") == board
        assert page.evaluate(PAGE_FITS)
    assert not page.errors, page.errors


FOUR = [{"kind": "me"}] + [{"kind": "computer", "level": "random"}] * 3

# the side strip shows all it holds: nothing scrolled out of it
STRIP_FITS = ("(() => { const s = document.getElementById('side'); "
              "return s.scrollHeight <= s.clientHeight + 1; })()")


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", [(834, 1194), (1024, 1366)], ids=["11-upright", "12.9-upright"])
def test_four_players_fit_the_strip_under_the_board(server, new_page, size, theme):
    """Four players' panel (two teams, the levels, the seat's buttons: 391 px) was taller
    than the strip under the board (239 px at 834 × 1194): it scrolled inside it, Blue and
    the levels under its edge.  The strip grows to the panel; the board keeps the width."""
    t = create_table(server, FOUR, {"players": 4}, game="pentup")
    page = new_page(width=size[0], height=size[1], touch=True)
    page.add_init_script(f"localStorage.setItem('pentarena-theme', '{theme}')")
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    until(page, "document.querySelectorAll('#players .seat').length === 4")
    page.wait_for_selector("#players .seat-tools button")   # drawn after the seats
    page.wait_for_selector(".bv-world")
    until(page, STRIP_FITS)
    for sel in ("#players .seat", "#players .levels", "#players .seat-tools button",
                ".moves h3", "#export", "#move-text"):
        assert in_view(page, sel), sel
    players, side = page.evaluate(BOX, "#players"), page.evaluate(BOX, "#side")
    assert players["y"] + players["h"] <= side["y"] + side["h"] + 1, (players, side)
    board = page.evaluate(BOX, ".bv")
    assert board["w"] >= 0.9 * size[0] and board["h"] >= 0.4 * size[1], board
    assert page.evaluate(PAGE_FITS)
    assert not page.errors, page.errors


def test_a_finished_four_player_game_on_an_upright_tablet(server, new_page):
    """Four players' panel, the replay stepper heading it, fits the strip under the board
    (it was taller and scrolled on its own); the moves beside it, all in sight."""
    table = import_record(server, pentup_record(players=4))
    page = new_page(width=1024, height=1366, touch=True)
    page.goto(server.url + table["url"])
    page.wait_for_selector("#banner:not([hidden]) #all-games")
    assert in_view(page, "#r-prev") and in_view(page, "#r-pos")
    assert in_view(page, "#log li.current") and in_view(page, "#export")
    assert page.evaluate(BOX, ".bv")["w"] >= 0.9 * 1024
    until(page, STRIP_FITS)
    assert in_view(page, "#players .seat") and in_view(page, "#players .levels")
    assert in_view(page, ".moves h3") and in_view(page, "#export")
    page.click("#r-prev")
    until(page, "document.getElementById('r-pos').textContent === '47/48'")
    assert page.evaluate(PAGE_FITS)
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", [(1366, 1024), (1024, 768)], ids=["12.9-on-its-side", "ipad-on-its-side"])
def test_a_tablet_on_its_side_keeps_the_side_column(server, new_page, size):
    page = open_tablet(server, new_page, "pentago", size)
    assert wait_turn_or_end(page)
    side, board = page.evaluate(BOX, "#side"), page.evaluate(BOX, ".bv")
    assert side["x"] >= board["x"] + board["w"] and side["y"] < board["y"] + board["h"], (side, board)
    assert page.evaluate(PAGE_FITS)


@pytest.mark.parametrize("game", ["pentomino", "pentup"])
def test_a_tablet_on_its_side_shows_all_twelve_pieces(server, new_page, game):
    """1024 × 768: the tray beside the side column is 656 px wide; it showed ten of the
    twelve pieces, the rest behind a scroll arrow.  The tiles now give up some width, and
    keep a finger's."""
    page = open_tablet(server, new_page, game, (1024, 768))
    until(page, "document.querySelectorAll('.pu-tile:not(.none)').length === 12")
    assert page.evaluate(TRAY_ALL_IN_VIEW), page.evaluate(TRAY_TILES)
    assert page.locator(".tray-more:visible").count() == 0
    sizes = page.eval_on_selector_all(".tray .pu-tile", "ts => ts.map((t) => [t.getBoundingClientRect().width, t.getBoundingClientRect().height])")
    assert len(sizes) == 12 and all(w >= FINGER and h >= FINGER for w, h in sizes), sizes
    # the pictures inside their tiles, not cut
    assert page.evaluate("""[...document.querySelectorAll('.tray .pu-tile')].every((t) => {
        const a = t.getBoundingClientRect(), b = t.querySelector('.pic svg').getBoundingClientRect();
        return Math.max(b.width, b.height) >= 26 && b.left >= a.left && b.right <= a.right && b.bottom <= a.bottom; })""")
    page.locator(".pu-tile:not(.none)").nth(11).tap()
    until(page, "document.querySelector('.pu-tile.selected')?.dataset.piece === 'Z'")
    assert page.evaluate(TRAY_ALL_IN_VIEW) and page.evaluate(PAGE_FITS)
    assert small_targets(page) == []
    assert not page.errors, page.errors


# the last move of the list whole in the list's window
LAST_IN_LOG = """(() => { const log = document.getElementById('log'), li = log.lastElementChild;
    if (!li) return false;
    const a = log.getBoundingClientRect(), b = li.getBoundingClientRect();
    return b.height > 0 && b.top >= a.top - 1 && b.bottom <= a.bottom + 1; })()"""


def test_the_last_move_stays_in_sight_when_the_tablet_turns(server, new_page):
    """Upright, the moves under the board show five lines; on its side, beside the board,
    every move: the list's scroll went back to the top, and turned upright again it showed
    the first moves, the last one under the fold (its top at 1174 px, the list's foot at
    1127).  The move shown stays in sight."""
    page = open_tablet(server, new_page, "pentago", (834, 1194))
    rng = random.Random(4)
    for _ in range(5):
        assert wait_turn_or_end(page)
        play_pentago_move(page, rng)
    assert wait_turn_or_end(page)
    assert page.evaluate("(() => { const l = document.getElementById('log'); return l.scrollHeight > l.clientHeight + 20; })()")
    until(page, LAST_IN_LOG)
    page.set_viewport_size({"width": 1194, "height": 834})
    until(page, "document.getElementById('log').scrollHeight <= document.getElementById('log').clientHeight")
    page.set_viewport_size({"width": 834, "height": 1194})
    until(page, "document.getElementById('log').scrollHeight > document.getElementById('log').clientHeight + 20")
    until(page, LAST_IN_LOG)
    # scrolled back by hand to read the first moves, the list is left where it was
    page.evaluate("document.getElementById('log').scrollTop = 0")
    until(page, "document.getElementById('log').scrollTop === 0")
    page.set_viewport_size({"width": 834, "height": 1180})
    until(page, "document.getElementById('side').getBoundingClientRect().bottom <= 1180")
    assert page.evaluate("document.getElementById('log').scrollTop") == 0
    assert not page.errors, page.errors


def test_the_analysis_leaves_the_move_list_in_sight_on_an_upright_tablet(server, new_page):
    """The analysis's note and the verdict above the list: the moves panel took the side
    column's 20rem, past the strip's 239 px at 834 × 1194, and the list was 6 px in sight,
    under the sticky Export record.  The strip grows: four lines of the list at least."""
    page = open_tablet(server, new_page, "pentomino", (834, 1194))
    rng = random.Random(7)
    while wait_turn_or_end(page):
        play_pentomino_move(page, rng)
    page.locator("#banner button", has_text="Analysis").tap()
    until(page, "!document.getElementById('analysis-note').hidden && "
                "document.querySelectorAll('#log li .mark').length === document.querySelectorAll('#log li').length", 60_000)
    page.locator("#r-prev").tap()
    until(page, "document.querySelector('#log li.current') === document.querySelector('#log li:nth-last-child(2)')")
    log, actions = page.evaluate(BOX, "#log"), page.evaluate(BOX, ".log-actions")
    assert log["y"] + log["h"] <= actions["y"] + 1 and log["h"] >= 80, (log, actions)
    for sel in ("#log li.current", "#analysis-current", "#export", "#r-next", "#players .seat"):
        assert in_view(page, sel), sel
    assert page.evaluate("document.getElementById('side').scrollHeight <= document.getElementById('side').clientHeight + 1")
    assert page.evaluate(PAGE_FITS)
    assert not page.errors, page.errors


# what a tap at (x, y) lands on: the element's id or class
HIT = ("([x, y]) => { const e = document.elementFromPoint(x, y); "
       "return e ? (e.id || e.className) : null; }")


@pytest.mark.parametrize("size", [(820, 1180), (768, 1024)],
                         ids=["ipad-air-upright", "ipad-upright"])
def test_the_drawer_on_an_upright_tablet_dims_the_board_and_a_tap_beside_it_closes_it(
        server, new_page, size):
    """At 820 × 1180 the drawer (380 px) covers half the screen: the other half, the board
    and the action bar, looked as usable as ever, but was inert (a tap on Hint did nothing)
    and a tap there did not close the drawer.  It is dimmed now, and a tap on it closes it."""
    page = open_tablet(server, new_page, "pentup", size)
    assert wait_turn_or_end(page)
    page.locator("#side-toggle").tap()
    until(page, "document.getElementById('side').getBoundingClientRect().right <= innerWidth + 1"
                " && getComputedStyle(document.getElementById('side')).transform === 'none'")
    side = page.evaluate(BOX, "#side")
    assert side["x"] >= size[0] / 2 and side["y"] >= 40 and side["y"] + side["h"] <= size[1] + 1
    # beside the drawer: a dimmed layer over the board and the action bar, not the board
    x = side["x"] / 2
    for y in (size[1] / 2, size[1] - 20):
        assert page.evaluate(HIT, [x, y]) == "table-page", (x, y, page.evaluate(HIT, [x, y]))
    until(page, "(s => s.opacity === '1' && s.backgroundColor !== 'rgba(0, 0, 0, 0)')"
                "(getComputedStyle(document.getElementById('table-page'), '::after'))")
    page.touchscreen.tap(x, size[1] / 2)
    until(page, "!document.body.classList.contains('side-open')")
    until(page, "document.activeElement === document.getElementById('side-toggle')")
    assert page.get_attribute("#side-toggle", "aria-expanded") == "false"
    # closed, the board takes taps again
    until(page, "getComputedStyle(document.getElementById('side')).visibility === 'hidden'")
    assert page.evaluate(HIT, [x, size[1] - 20]) != "table-page"
    assert not page.errors, page.errors
