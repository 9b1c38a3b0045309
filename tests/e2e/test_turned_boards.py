"""Boards on a phone and after a resize: a wide puzzle region turns upright on an upright
screen, a staged tile stays in sight after a resize, a puzzle page speaks of no turns or
opponents, and a replayed Pentomino piece keeps its player's colour."""

from __future__ import annotations

import random

from .conftest import shot
from .helpers import (
    create_table,
    moves_played,
    play_pentomino_move,
    until,
    visible_dests,
    wait_moves,
    wait_my_turn_or_end,
    wait_turn_or_end,
)

# the drawn boxes of the squares, by name
SQUARES = """Object.fromEntries([...document.querySelectorAll('.pm-cell')].map((c) => {
    const r = c.getBoundingClientRect(); return [c.dataset.square, [r.left, r.top, r.width, r.height]]; }))"""
SETTLED = "!document.querySelector('.bv').dataset.moving"


def open_puzzle(server, new_page, region, width, height, touch=False):
    t = create_table(server, [{"kind": "me"}], {"region": region}, game="pentomino-puzzle")
    page = new_page(width=width, height=height, touch=touch)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector(".pu-tile:not(.none)")
    until(page, SETTLED)
    return page, t


def test_a_wide_puzzle_turns_upright_on_a_phone(server, new_page):
    page, _ = open_puzzle(server, new_page, "3x20", 390, 844, touch=True)
    sq = page.evaluate(SQUARES)
    assert len(sq) == 60
    assert min(min(w, h) for _, _, w, h in sq.values()) >= 30, sq["a1"]
    # turned a quarter: the files run down (a at the top), rank 1 at the left
    assert sq["b1"][1] > sq["a1"][1] + 20 and abs(sq["b1"][0] - sq["a1"][0]) < 1
    assert sq["a2"][0] > sq["a1"][0] + 20 and abs(sq["a2"][1] - sq["a1"][1]) < 1
    labels = page.eval_on_selector_all(".pm-label[data-row]", "els => els.map((e) => e.textContent)")
    assert labels == list("abcdefghijklmnopqrst")
    assert page.eval_on_selector_all(".pm-label[data-col]", "els => els.map((e) => e.textContent)") == ["1", "2", "3"]
    box = page.locator(".bv").bounding_box()
    assert all(box["x"] <= x and x + w <= box["x"] + box["width"] + 0.5 for x, _, w, _ in sq.values())

    # a piece placed by taps: the ghost is on the squares the move names, and the game takes it
    page.locator(".pu-tile:not(.none)").first.tap()
    until(page, "document.querySelectorAll('.dest').length > 0 && " + SETTLED)
    dest = page.locator(".dest").nth(page.locator(".dest").count() // 2)
    move = dest.get_attribute("data-move")
    dest.locator(".dot").tap()
    page.wait_for_selector(".ghosts .staged rect")
    until(page, SETTLED)
    sq = page.evaluate(SQUARES)
    ghost = page.eval_on_selector_all(".ghosts .staged rect", "els => els.map((e) => { const r = e.getBoundingClientRect(); "
                                      "return [r.left + r.width / 2, r.top + r.height / 2]; })")
    named = move.split(":")[1].split(",")
    centres = sorted((x + w / 2, y + h / 2) for x, y, w, h in (sq[n] for n in named))
    assert all(abs(a - c) < 2 and abs(b - d) < 2 for (a, b), (c, d) in zip(sorted(ghost), centres)), (ghost, centres)
    shot(page, "pentomino-puzzle-3x20-phone", full_page=False)
    page.locator("#pm-confirm").tap()
    wait_moves(page, 1)
    assert page.eval_on_selector_all(".pm-cell[data-piece]", "els => els.map((e) => e.dataset.square).sort()") == sorted(named)
    assert page.get_attribute("#log li", "data-move") == move

    # a wide window again: the region is drawn wide again, the piece where it was
    page.set_viewport_size({"width": 1100, "height": 700})
    until(page, "(() => { const a = document.querySelector('[data-square=a1]').getBoundingClientRect(), "
                "b = document.querySelector('[data-square=b1]').getBoundingClientRect(); "
                "return b.left > a.left + 10 && Math.abs(b.top - a.top) < 1; })()")
    assert not page.locator(".game-frame.beside").count()
    assert page.eval_on_selector_all(".pm-cell[data-piece]", "els => els.map((e) => e.dataset.square).sort()") == sorted(named)
    assert not page.errors, page.errors


def test_a_wide_puzzle_stays_wide_on_a_wide_screen(server, new_page):
    page, _ = open_puzzle(server, new_page, "3x20", 1280, 800)
    sq = page.evaluate(SQUARES)
    assert sq["b1"][0] > sq["a1"][0] + 20 and abs(sq["b1"][1] - sq["a1"][1]) < 1
    assert sq["a2"][1] < sq["a1"][1] - 20   # rank 2 above rank 1
    assert page.eval_on_selector_all(".pm-label[data-row]", "els => els.map((e) => e.textContent)") == ["3", "2", "1"]
    # the two-player 8x8 board is square: never turned, on a phone neither
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}], game="pentomino")
    phone = new_page(width=390, height=844, touch=True)
    phone.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    phone.wait_for_selector(".pm-cell")
    sq = phone.evaluate(SQUARES)
    assert sq["b1"][0] > sq["a1"][0] + 20 and sq["a2"][1] < sq["a1"][1] - 20
    assert not page.errors and not phone.errors


def test_a_staged_tile_stays_in_sight_after_a_resize(server, new_page):
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    page = new_page(width=1280, height=800)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    # the first tile (it may go anywhere): staged as far to the left as the view shows
    assert wait_my_turn_or_end(page)
    for step in range(8):
        page.locator(".pu-tile:not(.none)").first.click() if step == 0 else page.keyboard.press("r")
        shown = visible_dests(page)
        if shown:
            break
    xs = page.eval_on_selector_all(".dest .dot", "els => els.map((e) => e.getBoundingClientRect().left)")
    i = min(shown, key=lambda k: xs[k])
    page.locator(".dest").nth(i).locator(".dot").click()
    page.wait_for_selector(".ghosts .staged rect")
    page.set_viewport_size({"width": 390, "height": 844})
    staged_in_view = """(() => { if (document.querySelector('.bv').dataset.moving) return false;
        const box = document.querySelector('.bv').getBoundingClientRect();
        const cells = [...document.querySelectorAll('.ghosts .staged rect')];
        return cells.length === 5 && cells.every((c) => { const r = c.getBoundingClientRect();
            return r.left >= Math.max(0, box.left) - 0.5 && r.right <= Math.min(innerWidth, box.right) + 0.5 &&
                r.top >= Math.max(0, box.top) - 0.5 && r.bottom <= Math.min(innerHeight, box.bottom) + 0.5; }); })()"""
    until(page, staged_in_view, timeout=5_000)
    # and back: still in sight, and Confirm plays it
    page.set_viewport_size({"width": 1280, "height": 800})
    until(page, staged_in_view, timeout=5_000)
    before = moves_played(page)
    page.click("#pu-confirm")
    wait_moves(page, before + 1)
    assert not page.errors, page.errors


def test_a_puzzle_page_speaks_of_no_turns_or_colours(server, new_page):
    page, _ = open_puzzle(server, new_page, "6x10", 1280, 800)
    until(page, "document.querySelector('#status .you') !== null")
    assert page.inner_text("#status").strip() == "Place the pieces."
    assert page.locator("#status .swatch").count() == 0
    players = page.inner_text("#players")
    assert "Amber" not in players and "(you)" not in players and "turn" not in players.lower(), players
    assert page.locator("#players .swatch").count() == 0
    assert "pieces to place" in players
    page.goto(server.url + "/rules/pentomino-puzzle")
    until(page, "document.title === 'How to play Pentomino puzzles — Pentarena'", timeout=5_000)
    page.goto(server.url + "/rules/pentomino")
    until(page, "document.title === 'How to play Pentomino — Pentarena'", timeout=5_000)
    assert not page.errors, page.errors


def test_a_replayed_piece_keeps_its_players_colour(server, new_page):
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}], game="pentomino")
    page = new_page(width=1280, height=800)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    rng = random.Random(3)
    while wait_turn_or_end(page):
        play_pentomino_move(page, rng)
    colours = ["#e39a2d", "#2a9d8f"]
    # the move list: each of the first two moves, its piece in its player's colour
    for ply in (1, 2):
        page.locator("#log li").nth(ply - 1).click()
        until(page, f"document.getElementById('r-pos').textContent.startsWith('{ply}/')")
        page.wait_for_selector(f".log-hl[data-ply='{ply}']")
        move = page.get_attribute(f"#log li[data-ply='{ply}']", "data-move")
        fills = [page.get_attribute(f".pm-cell[data-square='{s}']", "fill") for s in move.split(":")[1].split(",")]
        assert fills == [colours[ply - 1]] * 5, fills
        # nothing tinted is laid over it: the mark is an outline
        tints = page.eval_on_selector_all(".highlights *, .last-move *", "els => els.filter((e) => "
                                          "e.tagName !== 'g' && !/^(none|transparent|rgba\\(255,255,255,\\.?[0-2]\\d*\\))$/.test(e.getAttribute('fill') || 'none'))"
                                          ".map((e) => e.getAttribute('fill'))")
        assert tints == [], tints
    # the ‹ › controls too
    page.mouse.move(5, 5)
    page.click("#r-next")
    until(page, "document.getElementById('r-pos').textContent.startsWith('3/')")
    assert page.locator(".log-hl").count() == 0
    shot(page, "pentomino-replay-colours", full_page=False)
    assert not page.errors, page.errors


FRAMES = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
SCALE = """(() => { const t = document.querySelector('#pu-board .bv-world').getAttribute('transform');
    return parseFloat(t.match(/scale\\(([^)]+)\\)/)[1]); })()"""


def test_a_pent_up_board_in_play_is_fitted_again_when_the_screen_turns(server, new_page):
    """A tablet turned a quarter in a game kept the board's scale (its open table only
    zooms out when the tiles outgrow the view): turned upright, a Pent-Up table drawn for
    the wide screen stayed at that size in a box half as wide. A board the player has not
    zoomed by hand is fitted to the turned screen, as Fit would fit it; one zoomed by hand
    keeps the player's zoom."""
    t = create_table(server, [{"kind": "me"}, *[{"kind": "computer", "level": "random"}] * 3],
                     {"players": 4})
    page = new_page(width=1180, height=820, touch=True)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    for played in range(3):   # twelve tiles: a table wider than the view at its largest scale
        assert wait_my_turn_or_end(page)
        page.locator(".pu-tile:not(.none)").first.tap()
        until(page, "document.querySelectorAll('.dest').length > 0")
        page.locator(".dest").first.locator(".dot").tap()
        page.wait_for_selector(".ghosts .staged rect")
        page.locator("#pu-confirm").tap()
        wait_moves(page, 4 * played + 1)
    wait_moves(page, 12)
    until(page, SETTLED)
    scales = []
    for width, height in ((820, 1180), (1180, 820)):
        before = page.evaluate(SCALE)
        page.set_viewport_size({"width": width, "height": height})
        until(page, f"innerWidth === {width}")
        page.evaluate(FRAMES)   # the resize observers have run
        until(page, SETTLED)
        turned = page.evaluate(SCALE)
        page.locator("#bv-fit").tap()
        until(page, SETTLED)
        scales.append((before, turned, page.evaluate(SCALE)))
    # turned: as Fit makes it, which is not the scale before (a test that can fail)
    assert all(abs(fit - turned) < 0.01 * fit for _, turned, fit in scales), scales
    assert any(abs(fit - before) > 0.05 * fit for before, _, fit in scales), scales
    # zoomed by hand: kept
    page.locator("#bv-zoom-in").tap()
    until(page, SETTLED)
    zoomed = page.evaluate(SCALE)
    page.set_viewport_size({"width": 820, "height": 1180})
    until(page, "innerWidth === 820")
    page.evaluate(FRAMES)
    until(page, SETTLED)
    assert abs(page.evaluate(SCALE) - zoomed) < 0.01 * zoomed
    assert not page.errors, page.errors
