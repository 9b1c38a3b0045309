"""A phone held on its side (844x390, touch): the board takes the full height at the left,
and the status, the messages, the action bar and the pieces (or the hand) stand beside it.
Nothing needs a page scroll to play a move, in any game, in the puzzles either.  A move is
played by taps and the computer's answer waited for; the phone then turns and turns back."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from .conftest import shot
from .helpers import (
    create_table,
    import_record,
    moves_played,
    pentago_record,
    pentup_record,
    until,
    visible_dests,
    wait_moves,
    wait_turn_or_end,
)
from .test_layout import BAR_LABELS, BAR_LABELS_FIT, IN_VIEW, PAGE_FITS, TRAY_ALL_IN_VIEW, TRAY_TILES

SIZE = (844, 390)
OTHER_SIZES = [(740, 360), (915, 412)]   # other phones on their side
COMPACT_HEADER = 40                      # px: the header keeps the height it must
SETTLED = "!document.querySelector('.bv').dataset.moving"
VS_COMPUTER = [{"kind": "me"}, {"kind": "computer", "level": "random"}]

# the boxes of the parts of the page that matter, as the screen shows them
BOXES = """(sels) => {
    const box = (sel) => { const e = document.querySelector(sel);
        if (!e || e.offsetParent === null) return null;
        const r = e.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height }; };
    return { ...Object.fromEntries(sels.map((s) => [s, box(s)])), vw: innerWidth, vh: innerHeight };
}"""


def boxes(page, *selectors: str) -> dict:
    return page.evaluate(BOXES, ["header.top", ".bv", "#status", *selectors])


def inside(b: dict, vw: float, vh: float) -> bool:
    return b is not None and b["width"] > 0 and b["height"] > 0 and b["left"] >= -0.5 and b["top"] >= -0.5 \
        and b["right"] <= vw + 0.5 and b["bottom"] <= vh + 0.5


def check_landscape(page, tray: str | None, confirm: str | None, wide: bool = False, others: tuple = ()) -> None:
    """The board is tall and whole on the screen, the header compact; the status, the
    pieces, Confirm (and ``others``) are on the screen beside the board (below it for a
    long puzzle region, which is larger across the whole width), and the page has nothing
    to scroll."""
    until(page, SETTLED)
    extra = [s for s in (tray, confirm, *others) if s]
    b = boxes(page, *extra)
    vw, vh = b["vw"], b["vh"]
    head, board = b["header.top"], b[".bv"]
    assert head["height"] <= COMPACT_HEADER, head
    assert inside(board, vw, vh), b
    assert page.evaluate(PAGE_FITS), page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert page.evaluate("scrollY") == 0
    for sel in ["#status", *extra]:
        assert inside(b[sel], vw, vh), (sel, b)
    if wide:
        assert board["width"] >= 0.95 * vw, b
        for sel in extra:
            assert b[sel]["top"] >= board["bottom"] - 0.5, (sel, b)
    else:
        assert board["height"] >= 0.8 * (vh - head["height"]), b
        for sel in ["#status", *extra]:
            assert b[sel]["left"] >= board["right"] - 0.5, (sel, b)   # beside the board, not below it
    if tray == "#pc-hand":
        assert page.evaluate(IN_VIEW, "#pc-hand .pc-card")
    elif tray:
        assert page.evaluate(TRAY_ALL_IN_VIEW), page.evaluate(TRAY_TILES)
    assert page.evaluate(BAR_LABELS_FIT), page.evaluate(BAR_LABELS)
    # the players and the moves are in the drawer, out of the board's way
    assert page.evaluate("getComputedStyle(document.getElementById('side')).visibility") == "hidden"


def open_phone_table(server, new_page, game, seats, options=None, size=SIZE):
    t = create_table(server, seats, options, game=game)
    page = new_page(width=size[0], height=size[1], touch=True)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector(".bv-world")
    assert wait_turn_or_end(page)
    until(page, SETTLED)
    return page, t


# -- moves by taps, as a thumb makes them ------------------------------------------------
def tap_dest(page, prefix: str, rng: random.Random) -> str:
    """Turn the chosen piece with the action bar's buttons until it has a spot in view,
    tap the spot: the move staged."""
    shown = []
    for step in range(8):
        shown = visible_dests(page)
        if shown:
            break
        page.locator(f"#{prefix}-rotate" if step % 4 != 3 else f"#{prefix}-flip").tap()
    assert shown, "some orientation of the piece has a spot in view"
    dest = page.locator(".dest").nth(rng.choice(shown))
    text = dest.get_attribute("data-move")
    dest.locator(".dot").tap()
    page.wait_for_selector(".ghosts .staged")
    return text


def tap_pentup_move(page, rng):
    tiles = page.locator(".pu-tile:not(.none)")
    tiles.nth(rng.randrange(tiles.count())).tap()
    tap_dest(page, "pu", rng)
    expect(page.locator("#pu-confirm")).to_be_enabled()
    page.locator("#pu-confirm").tap()


def tap_pentago_move(page, rng):
    empty = page.locator(".pg-cell[data-owner='']")
    empty.nth(rng.randrange(empty.count())).tap()
    expect(page.locator(".pg-arrow")).to_have_count(8)
    page.locator(".pg-arrow").nth(rng.randrange(8)).tap()
    expect(page.locator("#pg-confirm")).to_be_enabled()
    page.locator("#pg-confirm").tap()


def tap_pentomino_move(page, rng):
    tiles = page.locator(".pu-tile:not(.none)")
    tiles.nth(rng.randrange(tiles.count())).tap()
    line = page.locator("#pm-hint-line").inner_text()
    if "Draft" not in line and not line.startswith("Pick"):   # a draft's pick is confirmed as it is
        tap_dest(page, "pm", rng)
    expect(page.locator("#pm-confirm")).to_be_enabled()
    page.locator("#pm-confirm").tap()


def tap_pentic_move(page, rng):
    cards = page.locator("#pc-hand .pc-card")
    cards.nth(rng.randrange(cards.count())).tap()
    page.locator(".pc-pos").nth(rng.randrange(9)).tap()
    expect(page.locator("#pc-preview")).to_contain_text("would score")
    page.locator("#pc-confirm").tap()


GAMES = {
    "pentup": (VS_COMPUTER, {}, "#pu-tray", "#pu-confirm", tap_pentup_move),
    "pentago": (VS_COMPUTER, {}, None, "#pg-confirm", tap_pentago_move),
    "pentomino": (VS_COMPUTER, {}, "#pm-tray", "#pm-confirm", tap_pentomino_move),
    "pentic": (VS_COMPUTER, {"target": 100}, "#pc-hand", "#pc-confirm", tap_pentic_move),
    "pentomino-puzzle": ([{"kind": "me"}], {"region": "6x10"}, "#pm-tray", "#pm-confirm", tap_pentomino_move),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_a_phone_on_its_side_plays_beside_a_full_height_board(server, new_page, game):
    seats, options, tray, confirm, play = GAMES[game]
    page, _ = open_phone_table(server, new_page, game, seats, options)
    check_landscape(page, tray, confirm)
    # a move by taps: the piece or card chosen, turned, placed and confirmed
    rng = random.Random(7)
    play(page, rng)
    solo = len(seats) == 1
    wait_moves(page, 1 if solo else 2, timeout=60_000)   # with the computer's answer
    assert wait_turn_or_end(page, timeout=60_000)
    until(page, "document.querySelector('.last-move') !== null")
    check_landscape(page, tray, confirm)
    shot(page, f"{game}-landscape-phone", full_page=False)
    # other phones on their side: the same layout
    for w, h in OTHER_SIZES:
        page.set_viewport_size({"width": w, "height": h})
        until(page, f"innerWidth === {w} && innerHeight === {h}")
        check_landscape(page, tray, confirm)
    # the players and the moves: in the drawer, opened and closed from the header
    page.locator("#side-toggle").tap()
    until(page, "getComputedStyle(document.getElementById('side')).visibility === 'visible'")
    expect(page.locator("#log li")).to_have_count(moves_played(page))
    assert page.locator("#players .seat").first.is_visible()
    page.locator("#side-toggle").tap()
    until(page, "getComputedStyle(document.getElementById('side')).visibility === 'hidden'")
    assert not page.errors, page.errors


def test_a_long_puzzle_region_spans_the_width_above_the_pieces(server, new_page):
    """A 3x20 region beside the pieces would have tiny squares: on a phone on its side it
    is drawn across the whole width, the pieces in one row below it.  Upright, it turns
    a quarter and stands beside them (as before); turned back, it lies across again."""
    page, _ = open_phone_table(server, new_page, "pentomino-puzzle", [{"kind": "me"}], {"region": "3x20"})
    assert page.locator(".game-frame.wide").count() == 1
    check_landscape(page, "#pm-tray", "#pm-confirm", wide=True)
    squares = page.eval_on_selector_all(".pm-cell", "els => els.map((e) => e.getBoundingClientRect().width)")
    assert len(squares) == 60 and min(squares) >= 28, min(squares)
    rng = random.Random(3)
    tap_pentomino_move(page, rng)
    wait_moves(page, 1)
    expect(page.locator(".pm-cell[data-piece]")).to_have_count(5)
    check_landscape(page, "#pm-tray", "#pm-confirm", wide=True)
    shot(page, "pentomino-puzzle-3x20-landscape-phone", full_page=False)
    # upright: the region turned a quarter, beside the pieces
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_selector(".game-frame.beside")
    assert page.locator(".game-frame.wide").count() == 0
    until(page, SETTLED)
    assert page.evaluate(PAGE_FITS)
    # on its side again: across the width, the piece where it was
    page.set_viewport_size({"width": SIZE[0], "height": SIZE[1]})
    page.wait_for_selector(".game-frame.wide")
    check_landscape(page, "#pm-tray", "#pm-confirm", wide=True)
    expect(page.locator(".pm-cell[data-piece]")).to_have_count(5)
    assert not page.errors, page.errors


def test_turning_the_phone_moves_the_pieces_beside_the_board_and_back(server, new_page):
    page, _ = open_phone_table(server, new_page, "pentup", VS_COMPUTER, size=(390, 844))
    # upright: the board above, the tray below it in rows of six, the action bar at the foot
    b = boxes(page, "#pu-tray", "#pu-confirm")
    assert b["#pu-tray"]["top"] >= b[".bv"]["bottom"] - 0.5
    assert b["#pu-confirm"]["bottom"] >= 844 - 60
    page.set_viewport_size({"width": SIZE[0], "height": SIZE[1]})
    until(page, f"innerWidth === {SIZE[0]}")
    check_landscape(page, "#pu-tray", "#pu-confirm")
    page.set_viewport_size({"width": 390, "height": 844})
    until(page, "innerWidth === 390")
    until(page, SETTLED)
    b = boxes(page, "#pu-tray", "#pu-confirm")
    assert b["#pu-tray"]["top"] >= b[".bv"]["bottom"] - 0.5, b
    assert page.evaluate(TRAY_ALL_IN_VIEW) and page.evaluate(PAGE_FITS)
    assert not page.errors, page.errors


def test_a_short_upright_phone_keeps_the_tiles_in_one_row(server, new_page):
    """At 360 × 640 the twelve tiles in two rows took 150 px (23% of the screen) from a
    288 px board: one row, which scrolls sideways, leaves the board the room; a tall
    phone keeps its rows of six."""
    tops = "[...document.querySelectorAll('#pu-tray .pu-tile')].map((t) => Math.round(t.getBoundingClientRect().top))"
    page, _ = open_phone_table(server, new_page, "pentup", VS_COMPUTER, size=(360, 640))
    assert len(set(page.evaluate(tops))) == 1
    b = boxes(page, "#pu-tray", "#pu-confirm")
    assert b[".bv"]["height"] >= 340, b[".bv"]
    assert b["#pu-confirm"]["bottom"] <= 640 + 0.5 and page.evaluate(PAGE_FITS)
    page.set_viewport_size({"width": 390, "height": 844})
    until(page, "innerWidth === 390")
    until(page, SETTLED)
    assert len(set(page.evaluate(tops))) == 2
    assert not page.errors, page.errors


@pytest.mark.parametrize("game", ["pentup", "pentic"])
def test_a_finished_game_of_tiles_or_cards_on_a_phone_on_its_side_fits(server, new_page, game):
    """A spectator's finished Pent-Up or Pentic table scrolled 28 px into a blank strip
    (an empty tray and message lines left below the board)."""
    if game == "pentup":
        table = import_record(server, pentup_record(players=2))
    else:
        made = create_table(server, [{"kind": "computer", "level": "random"},
                                     {"kind": "computer", "level": "random"}], game="pentic",
                            options={"target": 20})
        table = {"url": made["url"]}   # (the two computers play it out as it is watched)
    page = new_page(width=SIZE[0], height=SIZE[1], touch=True)
    page.goto(server.url + table["url"])
    page.wait_for_selector("#banner:not([hidden])", timeout=120_000)
    check_landscape(page, None, None, others=("#banner", "#replay"))
    assert not page.errors, page.errors


def test_a_finished_game_on_a_phone_on_its_side(server, new_page):
    """The result and the replay stepper beside the board; a move chosen in the drawer
    closes it and shows that move."""
    table = import_record(server, pentago_record())
    page = new_page(width=SIZE[0], height=SIZE[1], touch=True)
    page.goto(server.url + table["url"])
    page.wait_for_selector("#banner:not([hidden])")
    expect(page.locator("#log li")).to_have_count(36)
    check_landscape(page, None, None, others=("#banner", "#replay"))
    assert page.evaluate(IN_VIEW, "#r-prev") and page.evaluate(IN_VIEW, "#all-games")
    page.locator("#r-prev").tap()
    expect(page.locator("#r-pos")).to_have_text("35/36")
    page.locator("#side-toggle").tap()
    until(page, "getComputedStyle(document.getElementById('side')).visibility === 'visible'")
    page.locator("#log li[data-ply='11']").tap()
    until(page, "getComputedStyle(document.getElementById('side')).visibility === 'hidden'")
    expect(page.locator("#r-pos")).to_have_text("11/36")
    check_landscape(page, None, None, others=("#banner", "#replay"))
    shot(page, "pentago-result-landscape-phone", full_page=False)
    assert not page.errors, page.errors


@pytest.mark.parametrize("game", ["pentago", "pentic"])
def test_a_hint_neither_spills_over_the_column_nor_outlasts_itself(server, new_page, game):
    """On a small phone on its side (640x360), a hint's long text scrolls inside the message
    line: it covers neither the status above nor the buttons below.  Once the game is over
    (resigned here) the line has its own height again: the replay stepper takes taps (the
    line had kept the hint's height and lay over it)."""
    seats, options, _, confirm, play = GAMES[game]
    page, _ = open_phone_table(server, new_page, game, seats, options, size=(640, 360))
    play(page, random.Random(1))
    wait_moves(page, 2)
    assert wait_turn_or_end(page)
    page.locator("#hint-btn").tap()
    until(page, "/^Hint:/.test(document.querySelector('.msg .pu-hint').textContent)")
    b = boxes(page, ".msg", confirm)
    assert b[".msg"]["top"] >= b["#status"]["bottom"] - 0.5 and b[".msg"]["bottom"] <= b[confirm]["top"] + 0.5, b
    assert page.evaluate(PAGE_FITS)
    page.locator("#resign").evaluate("(b) => b.click()")   # (in the drawer)
    page.locator("#ask-yes").tap()
    page.wait_for_selector("#banner:not([hidden])")
    page.locator("#r-prev").tap()                          # Playwright refuses a covered target
    expect(page.locator("#r-pos")).to_have_text("1/2")
    b = boxes(page, ".msg", "#replay")
    assert b[".msg"]["top"] >= b["#replay"]["bottom"] - 0.5, b
    assert not page.errors, page.errors


def test_a_puzzle_on_a_small_phone_on_its_side_keeps_its_tools_clear(server, new_page):
    """640x360: the puzzle's tools (one row, "Count") sit above the message line and the
    action bar, not over them (they did), and the pieces scroll inside the tray rather than
    push the page past the screen."""
    page, _ = open_phone_table(server, new_page, "pentomino-puzzle", [{"kind": "me"}], {"region": "6x10"},
                               size=(640, 360))
    b = boxes(page, ".puzzle-tools", ".msg", "#pm-confirm", "#pm-count", ".tray-wrap")
    assert page.evaluate(PAGE_FITS), b
    assert b[".puzzle-tools"]["bottom"] <= b[".msg"]["top"] + 0.5, b
    assert b[".msg"]["bottom"] <= b["#pm-confirm"]["top"] + 0.5, b
    assert b["#pm-confirm"]["bottom"] <= b[".tray-wrap"]["top"] + 0.5, b
    assert b[".tray-wrap"]["bottom"] <= b["vh"] + 0.5 and b[".tray-wrap"]["height"] >= 60, b
    assert page.locator("#pm-count").get_attribute("aria-label") == "Count solutions"
    assert abs(b["#pm-count"]["top"] - boxes(page, "#pm-hint")["#pm-hint"]["top"]) < 1, b   # one row
    assert not page.errors, page.errors


def test_a_long_region_keeps_its_message_lines_height(server, new_page):
    """A 3x20 region lies above the message line even on a phone on its side: the line keeps
    the height a hint gave it (as upright), so that the board does not jump back after."""
    page, _ = open_phone_table(server, new_page, "pentomino-puzzle", [{"kind": "me"}], {"region": "3x20"},
                               size=(640, 360))
    assert page.locator(".game-frame.wide").count() == 1
    page.locator("#pm-hint").tap()
    until(page, "/^Hint/.test(document.getElementById('pm-hint-line').textContent)")
    tall = page.evaluate("document.querySelector('.msg').offsetHeight")
    page.locator("#pm-cancel").tap()                     # the hint dropped: a short line
    until(page, "!/^Hint/.test(document.getElementById('pm-hint-line').textContent)")
    until(page, f"document.querySelector('.msg').style.minHeight !== '' && document.querySelector('.msg').offsetHeight >= {tall} - 0.5")
    assert not page.errors, page.errors


def test_the_action_bar_stays_put_as_the_pieces_run_out(server, new_page):
    """On a phone on its side the tray under the action bar keeps the room of its two rows
    when a row empties: Confirm stays under the thumb (it jumped 70 px down)."""
    page, _ = open_phone_table(server, new_page, "pentomino", VS_COMPUTER)
    top = boxes(page, "#pm-confirm")["#pm-confirm"]["top"]
    rng = random.Random(5)
    while page.locator(".pu-tile").count() > 6:
        assert wait_turn_or_end(page)
        n = moves_played(page)
        tap_pentomino_move(page, rng)
        wait_moves(page, n + 2)
        until(page, SETTLED)
    assert wait_turn_or_end(page)
    assert abs(boxes(page, "#pm-confirm")["#pm-confirm"]["top"] - top) < 1
    assert page.evaluate(PAGE_FITS)
    assert not page.errors, page.errors
