"""Pentago, Pentomino (2 players, draft, a 3-player match) and a puzzle, played by clicking
in a real browser against the real server."""

from __future__ import annotations

import json
import random
import urllib.request

import pytest

from .conftest import shot
from .helpers import (
    create_table,
    log_moves,
    play_pentago_move,
    play_pentomino_move,
    until,
    wait_moves,
    wait_turn_or_end,
)


def open_table(server, new_page, game, seats, options=None, width=1200):
    t = create_table(server, seats, options, game=game)
    page = new_page(width=width)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector("#players .seat")
    return page, t


def test_pentago_full_game_against_the_computer(server, new_page):
    page, _ = open_table(server, new_page, "pentago",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    rng = random.Random(11)
    mine = 0
    while wait_turn_or_end(page):
        play_pentago_move(page, rng)
        mine += 1
        if mine == 3 and wait_turn_or_end(page):
            page.locator(".pg-cell:not([data-owner=''])").first.click()  # a taken cell: told so
            until(page, "document.getElementById('pg-error').textContent.includes('is taken')")
            page.locator(".pg-cell[data-owner='']").first.click()
            assert page.locator("#pg-error").inner_text() == ""
            page.locator(".pg-arrow").first.click()
            page.keyboard.press("Escape")
    assert page.locator("#result").inner_text()
    # "Play again": a new table, the same game against the same computer level
    first = page.url
    page.click("#play-again")
    page.wait_for_url(lambda url: url != first and "/t/" in url)
    page.wait_for_selector("#players .seat")
    table = json.loads(urllib.request.urlopen(server.url + "/api/tables/" + page.url.split("/")[-1]).read())
    assert table["table"]["game"] == "pentago" and table["history"] == []
    assert [s["kind"] for s in table["table"]["seats"]] == ["human", "computer"]
    assert table["table"]["seats"][1]["level"] == "random"
    assert wait_turn_or_end(page)  # and it is my turn, as White again
    assert not page.errors, page.errors


def test_pentago_twist_arrows_take_a_fingers_tap(server, browser):
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                     game="pentago")
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    try:
        page = ctx.new_page()
        page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
        assert wait_turn_or_end(page)
        page.locator(".pg-cell[data-cell=c3]").tap()
        arrow = page.locator(".pg-arrow").first
        drawn = arrow.locator("circle[stroke]").bounding_box()  # the arrow as drawn
        r = drawn["width"] / 2
        # a tap just outside the drawn circle, away from the board, still turns
        page.touchscreen.tap(drawn["x"] + r, drawn["y"] + r - 1.5 * r)
        until(page, "document.querySelector('.pg-arrow circle[fill=\"#1f6feb\"]') !== null")
    finally:
        ctx.close()


def test_a_click_during_the_opponents_twist_names_no_cell_of_the_board_before_it(
        server, new_page):
    # the animation draws the board before the twist: c1 is empty there but holds Alice's
    # marble after it (a1, top-left turned clockwise), so a click on it once said "c1 is
    # taken"; the frames of the twist take no clicks, the board after it does
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    alice, bob = new_page(), new_page()
    bob.clock.install()
    alice.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    bob.goto(server.url + t["invites"][0]["url"])
    for page in (alice, bob):
        until(page, "document.querySelector('#players .you-tag') !== null")
    until(alice, "document.getElementById('status').textContent.includes('Your turn')")
    bob.clock.pause_at(bob.evaluate("Date.now()") + 50)  # the twist will stop at its start
    alice.locator(".pg-cell[data-cell=a1]").click()
    alice.locator(".pg-arrow[data-rot='TL cw']").click()
    alice.click("#pg-confirm")
    until(alice, "document.getElementById('status').textContent.includes('Black to move')")
    before_the_twist = ("document.querySelector('.pg-cell[data-cell=a1]').dataset.owner === '0'"
                        " && document.querySelector('.pg-cell[data-cell=c1]').dataset.owner === ''")
    for _ in range(600):  # a frame at a time on Bob's clock, until the move comes and is drawn
        bob.clock.run_for(16)
        if bob.evaluate(before_the_twist):
            break
        bob.wait_for_timeout(50)
    assert bob.evaluate(before_the_twist)
    box = bob.locator(".pg-cell[data-cell=c1]").bounding_box()
    bob.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert bob.inner_text("#pg-error") == ""
    assert bob.locator(".pg-arrow").count() == 0
    bob.clock.resume()
    until(bob, "document.querySelector('.pg-cell[data-cell=c1]').dataset.owner === '0'")
    bob.locator(".pg-cell[data-cell=b2]").click()
    until(bob, "document.querySelectorAll('.pg-arrow').length === 8")
    assert bob.inner_text("#pg-error") == ""


def test_pentago_winning_placement_needs_no_rotation(server, new_page):
    # White has four on rank 1; the placement on e1 wins without a twist.
    page, t = open_table(server, new_page, "pentago",
                         [{"kind": "me"}, {"kind": "invite"}])
    friend = new_page()
    friend.goto(server.url + t["invites"][0]["url"])
    moves = [("a1 BR cw", page), ("a6 BR cw", friend), ("b1 BR cw", page), ("b6 BR cw", friend),
             ("c1 BR cw", page), ("c6 BR cw", friend), ("d1 BL cw", page), ("d6 BL cw", friend)]
    for n, (text, who) in enumerate(moves):
        assert wait_turn_or_end(who)
        cell, quad, direction = text.split()
        who.click(f".pg-cell[data-cell={cell}]")
        who.click(f".pg-arrow[data-rot='{quad} {direction}']")
        who.click("#pg-confirm")
        wait_moves(who, n + 1)
    assert wait_turn_or_end(page)
    page.click(".pg-cell[data-cell=e1]")
    until(page, "document.getElementById('pg-hint').textContent.includes('no rotation')")
    assert page.locator(".pg-arrow").count() == 0
    page.click("#pg-confirm")
    page.wait_for_selector("#banner:not([hidden])")
    assert log_moves(page)[-1] == "e1"
    assert "win" in page.locator("#result").inner_text().lower()


def test_pentomino_full_game_against_the_computer(server, new_page):
    page, _ = open_table(server, new_page, "pentomino",
                         [{"kind": "me"}, {"kind": "computer", "level": "easy"}])
    rng = random.Random(2)
    while wait_turn_or_end(page):
        play_pentomino_move(page, rng)
    assert page.locator("#result").inner_text()
    assert not page.errors, page.errors


def test_pentomino_draft_game_against_the_computer(server, new_page):
    page, _ = open_table(server, new_page, "pentomino",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                         {"variant": "draft"})
    rng = random.Random(3)
    picks = 0
    while wait_turn_or_end(page):
        if picks == 6 and "pick" not in page.locator("#status").inner_text().lower():
            # the first placing turn starts with no piece chosen (the last pick's piece
            # stayed selected, with no shape: "No spot for the F this way round")
            until(page, "document.getElementById('pm-hint-line').textContent === "
                        "'Your turn: choose a piece.'")
            assert page.locator(".pu-tile.selected").count() == 0
            picks += 0.5
        text = play_pentomino_move(page, rng)
        if text.startswith("pick "):
            picks += 1
            if picks == 6:
                shot(page, "pentomino-draft", full_page=False)
    assert picks == 6.5
    history = log_moves(page)
    assert [h.startswith("pick ") for h in history[:12]] == [True] * 12
    assert page.locator("#log li .txt").first.inner_text() == "Amber: picks the " + history[0][5:]
    assert page.locator("#result").inner_text()
    # the rematch (RULES.md §3): a new table where I place the computer's six pieces
    mine = {h[5:] for h in history[:12:2]}
    first = page.url
    assert page.locator("#rematch").inner_text() == "Rematch: swap the sets"
    page.click("#rematch")
    page.wait_for_url(lambda url: url != first and "/t/" in url)
    table = json.loads(urllib.request.urlopen(server.url + "/api/tables/" + page.url.split("/")[-1]).read())
    assert table["history"][:1] != ["pick F"] and table["state"]["phase"] != "pick"
    assert set(table["state"]["preset_sets"][0]) == set("FILNPTUVWXYZ") - mine
    assert table["table"]["seats"][1] == {**table["table"]["seats"][1], "kind": "computer",
                                          "level": "random"}
    assert wait_turn_or_end(page)
    placed = play_pentomino_move(page, random.Random(5))
    assert placed[0] not in mine, placed  # one of the pieces the computer drafted
    assert not page.errors, page.errors



@pytest.mark.parametrize("variant", ["draft", "standard"])
def test_a_click_on_the_board_with_nothing_to_place_says_what_to_do(server, new_page, variant):
    """The keys said it (Enter on the board); a click said nothing.  And the move box's
    example is a pick while the draft picks."""
    page, _ = open_table(server, new_page, "pentomino",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                         {"variant": variant})
    assert wait_turn_or_end(page)
    page.wait_for_selector("#pm-board .pm-cell")
    box = page.locator("#pm-board").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expected = ("Draft: pick a piece in the tray below." if variant == "draft"
                else "Choose a piece in the tray first.")
    until(page, f"document.getElementById('pm-error').textContent === {json.dumps(expected)}")
    example = "e.g. pick L" if variant == "draft" else "e.g. L:a1,b1,c1,d1,d2"
    assert page.get_attribute("#move-text", "placeholder") == example
    assert not page.errors, page.errors


def test_a_phone_shows_the_sets_drafted_so_far(server, new_page):
    """On an upright phone the players' panel is in the drawer: the message line says
    which pieces each player has drafted, as the panel does on a wide screen."""
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                     {"variant": "draft"}, game="pentomino")
    page = new_page(width=390, height=844, touch=True)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    assert wait_turn_or_end(page)
    line = page.locator("#pm-hint-line")
    assert line.inner_text() == "Draft: tap a piece to add it to your set."   # nothing drafted yet
    rng = random.Random(4)
    for _ in range(2):
        play_pentomino_move(page, rng)
        assert wait_turn_or_end(page)
    history = log_moves(page)
    mine, theirs = " ".join(sorted(h[5:] for h in history[::2])), " ".join(sorted(h[5:] for h in history[1::2]))
    until(page, "document.getElementById('pm-hint-line').textContent.includes('Sets so far')")
    assert not page.locator("#players").is_visible()   # in the closed drawer
    assert line.is_visible()
    assert line.inner_text().endswith(f"Sets so far — you: {mine} · Teal: {theirs}."), line.inner_text()
    assert not page.errors, page.errors

def test_pentomino_three_player_match_with_two_computers(server, new_page):
    page, _ = open_table(server, new_page, "pentomino",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"},
                          {"kind": "computer", "level": "random"}], {"players": 3})
    rng = random.Random(4)
    while wait_turn_or_end(page, timeout=90_000):
        play_pentomino_move(page, rng)
    assert page.locator(".breakdown tr").count() >= 3  # header, rounds, total
    # the totals beside the names, before the rounds (a phone showed 6 rounds of 9, and no
    # totals, without a hint that the table went on)
    assert page.locator(".breakdown.rounds tr").first.locator("th").all_inner_texts()[:3] == \
        ["round", "total", "1"]
    assert "points" in page.locator("#players").inner_text()
    assert not page.errors, page.errors


def test_pentomino_touch_move(server, new_page):
    page, _ = open_table(server, new_page, "pentomino",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                         {"touch_move": True})
    rng = random.Random(5)
    assert wait_turn_or_end(page)
    play_pentomino_move(page, rng)
    history = log_moves(page)
    assert history[0].startswith("touch ") and history[1].startswith(history[0][6] + ":")



def test_pentomino_touch_move_hint_marks_the_piece_in_the_tray(server, new_page):
    """Touch-move: the Hint says which piece to touch, and the tray marks it as the hint
    (not as selected); Confirm touches it, and the piece is then the one selected to place."""
    page, _ = open_table(server, new_page, "pentomino",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                         {"touch_move": True})
    assert wait_turn_or_end(page)
    page.click("#hint-btn")
    until(page, "document.getElementById('pm-hint-line').textContent.startsWith('Hint: touch the ')")
    piece = page.locator("#pm-hint-line").inner_text()[len("Hint: touch the "):][0]
    tile = page.locator(f".pu-tile[data-piece={piece}]")
    page.wait_for_selector(f".pu-tile.hinted[data-piece={piece}]")
    assert page.locator(".pu-tile.hinted").count() == 1
    assert page.locator(".pu-tile.selected").count() == 0          # a hint, not a choice
    assert tile.get_attribute("aria-pressed") == "false"
    assert "hint" in tile.get_attribute("aria-label")
    assert tile.evaluate("e => getComputedStyle(e).borderTopStyle") == "dashed"
    shot(page, "pentomino-touch-move-hint", full_page=False)
    page.click("#pm-confirm")                                       # the touch, a move of its own
    wait_moves(page, 1)
    assert log_moves(page)[0] == f"touch {piece}"
    page.wait_for_selector(f".pu-tile.selected[data-piece={piece}]")   # now it is the one to place
    assert page.locator(".pu-tile.hinted").count() == 0
    # no other piece now, and why: touch-move (not "fits nowhere"); nothing to cancel
    other = page.locator(f".pu-tile:not([data-piece={piece}])").first
    assert other.get_attribute("aria-label").endswith(f", not now: the {piece} was touched")
    other.click(force=True)   # (aria-disabled: a mouse may still click it)
    assert page.locator("#pm-error").inner_text() == \
        f"Touch-move: you touched the {piece}, so you must place it."
    assert page.locator("#pm-cancel").is_disabled()
    assert page.locator(f".pu-tile.selected[data-piece={piece}]").count() == 1
    until(page, "document.querySelectorAll('.dest').length > 0 || "
                "document.getElementById('pm-hint-line').textContent.startsWith('No spot')")
    for step in range(8):                                           # and it places as usual
        if page.locator(".dest").count():
            break
        page.keyboard.press("r" if step % 4 != 3 else "f")
    page.locator(".dest .dot").first.click()
    page.click("#pm-confirm")
    wait_moves(page, 2)
    assert log_moves(page)[1].startswith(piece + ":")
    assert not page.errors, page.errors


def test_pentomino_by_keyboard_and_a_cell_without_a_dot(server, new_page):
    page, _ = open_table(server, new_page, "pentomino",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    assert wait_turn_or_end(page)
    page.focus(".pu-tile[data-piece=I]")  # the tray's pieces take the focus (Tab) ...
    page.keyboard.press("Enter")  # ... and Enter picks one, without confirming anything
    page.wait_for_selector(".pu-tile[data-piece=I].selected")
    assert page.locator(".pu-tile[data-piece=I]").get_attribute("tabindex") == "0"
    page.click(".pm-cell[data-square=h8]")  # the corner: an I from there leaves the board
    until(page, "document.getElementById('pm-error').textContent.includes('does not fit')")
    assert "blue dot" in page.locator("#pm-error").inner_text()
    assert page.locator("#pm-confirm").is_disabled()


def test_puzzle_place_remove_hint_solve_and_count(server, new_page):
    page, _ = open_table(server, new_page, "pentomino-puzzle", [{"kind": "me"}],
                         {"region": "3x20"})
    assert "2 solutions" in page.locator("#pm-counter").inner_text()
    page.click(".pu-tile[data-piece=X]")
    page.locator(".dest .dot").first.click()
    page.click("#pm-confirm")
    wait_moves(page, 1)
    page.locator(".pm-cell[data-piece=X]").first.click()  # take it back
    wait_moves(page, 2)
    assert log_moves(page)[-1] == "remove X"
    assert page.locator("#log li .txt").last.inner_text() == "takes back the X"
    page.click("#pm-hint")
    until(page, "document.getElementById('pm-hint-line').textContent.startsWith('Hint')")
    page.click("#pm-confirm")
    wait_moves(page, 3)
    page.click("#pm-count")
    until(page, "document.getElementById('pm-counter').textContent.includes('found in')")
    # counted from the position: the hinted piece is part of some of the 3x20's tilings
    assert page.locator("#pm-counter").inner_text().startswith("4 ways to finish from here")
    shot(page, "puzzle-midway", full_page=False)
    page.click("#pm-solve")  # the first press only asks
    assert page.locator("#pm-solve").inner_text() == "Solve it for me?"
    assert "Press again" in page.locator("#pm-hint-line").inner_text()
    assert page.locator(".pm-cell[data-piece]").count() < 60
    page.click("#pm-solve")
    page.wait_for_selector("#banner:not([hidden])")
    assert page.locator(".pm-cell[data-piece]").count() == 60
    # the solved banner says how many solutions the region has
    assert "This region has 2 solutions up to symmetry: this is one of them." in \
        page.locator("#banner").inner_text()
    assert not page.errors, page.errors


def test_a_puzzle_count_is_not_shown_for_another_position(server, new_page):
    """A count from a position goes once the position changes (it no longer holds), and
    an answer that comes back after a move says so instead of being shown for the new one."""
    page, _ = open_table(server, new_page, "pentomino-puzzle", [{"kind": "me"}],
                         {"region": "3x20"})
    page.click("#pm-hint")
    until(page, "document.getElementById('pm-hint-line').textContent.startsWith('Hint')")
    page.click("#pm-confirm")
    wait_moves(page, 1)
    page.click("#pm-count")
    until(page, "document.getElementById('pm-counter').textContent.includes('found in')")
    assert "to finish from here" in page.locator("#pm-counter").inner_text()
    page.locator(".pm-cell[data-piece]").first.click()  # take it back: the count is stale
    wait_moves(page, 2)
    assert page.locator("#pm-counter").inner_text() == \
        "This region has 2 solutions up to symmetry."
    # a count asked for, then a move before its answer: the answer is not shown as this one's
    # (the count's answer is held until the move is made: released by the test, not a clock)
    page.evaluate("""() => {
        const held = new Promise((ok) => { window.__release = ok; });
        window.__fetch = window.fetch;
        window.fetch = async (...a) => {
            const r = await window.__fetch(...a);
            if (String(a[0]).endsWith("/count")) await held;
            return r; }; }""")
    page.click("#pm-count")
    page.click("#pm-hint")
    until(page, "document.getElementById('pm-hint-line').textContent.startsWith('Hint')")
    page.click("#pm-confirm")
    wait_moves(page, 3)
    page.evaluate("() => window.__release()")
    until(page, "document.getElementById('pm-counter').textContent.startsWith('The puzzle')")
    text = page.locator("#pm-counter").inner_text()
    assert "solutions up to symmetry (found" not in text, text
    assert text == "The puzzle changed while counting: press Count solutions again.", text
    assert not page.errors, page.errors


def test_a_region_with_no_tiling_says_so(server, new_page):
    """Count, Hint and Solve on a region these pieces cannot tile: each says just that."""
    page, _ = open_table(server, new_page, "pentomino-puzzle", [{"kind": "me"}],
                         {"region": "#####/#####/#####", "pieces": "ILP"})
    page.click("#pm-count")
    until(page, "!document.getElementById('pm-counter').textContent.startsWith('Counting')")
    assert page.locator("#pm-counter").inner_text() == \
        "No solution: this region cannot be tiled with these pieces."
    page.click("#pm-hint")
    until(page, "document.getElementById('pm-error').textContent !== ''")
    assert page.locator("#pm-error").inner_text() == "this region cannot be tiled with these pieces"
    assert not page.errors, page.errors


def test_a_solved_drawn_region_counts_its_solutions_on_asking(server, new_page):
    """A region drawn by hand has no known count: its solved banner counts on asking."""
    page, _ = open_table(server, new_page, "pentomino-puzzle", [{"kind": "me"}],
                         {"region": "#####/#####/#####", "pieces": "LPV"})
    page.click("#pm-solve")
    page.click("#pm-solve")
    page.wait_for_selector("#banner:not([hidden])")
    page.click("#banner-count")
    until(page, "document.getElementById('banner').textContent.includes('This region has')")
    assert "This region has 1 solution up to symmetry: this is one of them." in \
        page.locator("#banner").inner_text()
    assert not page.errors, page.errors


def test_a_take_back_hint_is_played_by_confirm(server, new_page):
    """A dead end's hint ("remove the X … Press Confirm to take it back"): Confirm is on and
    takes the piece back."""
    page, _ = open_table(server, new_page, "pentomino-puzzle", [{"kind": "me"}],
                         {"region": "3x20"})
    page.locator("input[placeholder^='e.g.']").fill("X:b1,a2,b2,c2,b3")  # no tiling has it
    page.locator("input[placeholder^='e.g.']").press("Enter")
    wait_moves(page, 1)
    page.click("#pm-hint")
    until(page, "document.getElementById('pm-hint-line').textContent.startsWith('Hint')")
    hint = page.locator("#pm-hint-line").inner_text()
    assert hint.startswith("Hint: remove the X") and hint.endswith("Confirm to take it back."), hint
    assert page.locator("#pm-confirm").is_enabled()
    page.click("#pm-confirm")
    wait_moves(page, 2)
    assert log_moves(page)[-1] == "remove X"
    assert not page.errors, page.errors


def test_a_piece_taken_back_by_a_tap_can_be_put_back(server, new_page):
    """One tap takes a puzzle's piece back (no Confirm); a "Put the X back on the board" button then
    plays the placement it undid, and goes away once another move is made."""
    page, _ = open_table(server, new_page, "pentomino-puzzle", [{"kind": "me"}],
                         {"region": "6x10"})
    assert page.locator("#pm-put-back").is_hidden()
    page.locator("input[placeholder^='e.g.']").fill("X:b1,a2,b2,c2,b3")
    page.locator("input[placeholder^='e.g.']").press("Enter")
    wait_moves(page, 1)
    placed = log_moves(page)[-1]
    assert page.locator("#pm-put-back").is_hidden()   # nothing taken back yet
    page.click("#pm-board rect.pm-cell[data-square='b2']")   # the X's centre: one tap
    wait_moves(page, 2)
    assert log_moves(page)[-1] == "remove X"
    until(page, "!document.getElementById('pm-put-back').hidden")
    assert page.locator("#pm-put-back").inner_text() == "Put the X back on the board"
    page.click("#pm-put-back")
    wait_moves(page, 3)
    assert log_moves(page)[-1] == placed
    until(page, "document.getElementById('pm-put-back').hidden")
    assert not page.errors, page.errors


def test_a_puzzle_marks_the_squares_no_piece_left_can_cover(server, new_page):
    """A corner walled in by the X is marked and named at once (the engine's verdict; said
    to screen readers with the move), and the mark goes when the X is taken back."""
    page, _ = open_table(server, new_page, "pentomino-puzzle", [{"kind": "me"}],
                         {"region": "6x10"})
    counter = page.locator("#pm-counter")
    until(page, "document.getElementById('pm-counter').textContent.includes('2339 solutions')")
    page.locator("input[placeholder^='e.g.']").fill("X:b1,a2,b2,c2,b3")
    page.locator("input[placeholder^='e.g.']").press("Enter")
    wait_moves(page, 1)
    until(page, "document.getElementById('pm-counter').textContent.startsWith('Stuck')")
    assert counter.inner_text() == ("Stuck: the empty square marked in red (a1) cannot be "
                                    "covered by the pieces left — take a piece back.")
    assert "pm-stuck" in counter.get_attribute("class")
    marked = page.eval_on_selector_all(".pm-unfillable rect", "rs => rs.map((r) => r.dataset.square)")
    assert marked == ["a1"]
    # a screen reader hears it after the move
    until(page, "document.getElementById('announce').textContent.includes("
                "'X on a1–c3. Stuck: the empty square')")
    page.click("#pm-board rect.pm-cell[data-square='b2']")   # the X taken back
    wait_moves(page, 2)
    until(page, "document.getElementById('pm-counter').textContent.includes('2339 solutions')")
    assert page.locator(".pm-unfillable").count() == 0
    assert "pm-stuck" not in (counter.get_attribute("class") or "")
    assert not page.errors, page.errors


def test_the_rules_page_draws_a_turn_and_a_double_five_as_the_engine_plays_them(server, new_page):
    """Place-then-twist and simultaneous fives are drawn step by step; each figure's last
    board is the engine's board after its moves, the one before it the engine's before the
    last move plus the marble placed, and the double five is the engine's draw."""
    import pentarena

    page = new_page(390, 844, touch=True)
    page.goto(server.url + "/rules/pentago")
    page.wait_for_selector("#rules figure.pg-example svg")
    figures = page.eval_on_selector_all("#rules figure.pg-example", """fs => fs.map((f) => [
        f.dataset.moves, f.dataset.result, f.innerText,
        [...f.querySelectorAll('svg')].map((s) => [...s.querySelectorAll('[data-cell]')]
            .map((m) => m.dataset.cell + ':' + m.dataset.seat).sort())])""")
    assert [f[1] for f in figures] == ["on", "draw"]
    for moves, result, words, boards in figures:
        moves = moves.split("|")
        state = pentarena.load_game("pentago").new_initial_state()
        for move in moves[:-1]:
            state.apply(move)

        def marbles(s):
            return sorted(f"{'abcdef'[c]}{r + 1}:{v}" for r, row in enumerate(s.to_json()["board"])
                          for c, v in enumerate(row) if v is not None)
        placed = sorted(marbles(state) + [f"{moves[-1].split()[0]}:{state.current_player}"])
        assert boards[0] == marbles(state) and boards[1] == placed
        state.apply(moves[-1])
        assert boards[2] == marbles(state)
        if result == "draw":
            assert state.is_terminal() and state.winners() == {0, 1} and "draw" in words
        else:
            assert not state.is_terminal()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.errors == []


def test_the_rules_page_scores_a_worked_round_as_the_engine_does(server, new_page):
    """The 3-player round on Pentomino's How-to-play page, played by the engine: it ends
    after the pieces drawn, gives the points the page says, and the next round starts on
    an empty board with the seat the page names; the rules of rounds are all in words."""
    import pentarena

    page = new_page(390, 844, touch=True)
    page.goto(server.url + "/rules/pentomino")
    page.wait_for_selector("#rules figure.pm-round svg")
    fig = page.locator("figure.pm-round")
    placed = [p.split(":") for p in fig.get_attribute("data-placed").split("|")]
    points = [int(p) for p in fig.get_attribute("data-points").split(",")]
    drawn = page.eval_on_selector_all("figure.pm-round [data-square]", "rs => rs.map((r) => r.dataset.piece + r.dataset.square)")
    assert sorted(drawn) == sorted(p + q for _, p, squares in placed for q in squares.split())
    state = pentarena.load_game("pentomino", players=3).new_initial_state()
    for seat, piece, squares in placed:
        assert state.current_player == int(seat)
        state.apply(f"{piece}:{','.join(squares.split())}")
    assert len(state.rounds) == 1 and state.rounds[0]["points"] == points == state.scores()
    names = ["Amber", "Teal", "Plum"]
    words = " ".join(fig.inner_text().split())
    assert f"{names[state.current_player]} starts it" in words and len(state.legal_moves()) == 2308
    assert f"{names[points.index(10)]} placed the last piece" in words
    assert f"{names[points.index(5)]} placed the one before" in words
    rules = " ".join(page.locator("#rules").inner_text().split())
    for rule in ("on an empty board with all 12 pieces", "cannot place any remaining piece",
                 "15, 10 and 5 to the last three placers", "equal totals share the win"):
        assert rule in rules, rule
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.errors == []


def test_a_square_the_piece_cannot_take_says_whether_turning_it_helps(server, new_page):
    """The X is the same however it is turned: its refusal does not send the player to
    the R and F keys, as the L's does."""
    page, _ = open_table(server, new_page, "pentomino",
                         [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    assert wait_turn_or_end(page)
    said = {}
    for piece in ("X", "L"):
        page.click(f".pu-tile[data-piece='{piece}']")
        for square in ("a1", "h8", "a8", "h1"):  # the X fits no corner; the L not all four
            page.locator(f".pm-cell[data-square='{square}']").click(force=True)
            said[piece] = page.locator("#pm-error").inner_text()
            if said[piece]:
                break
    assert said["X"] == "The X does not fit there: click a blue dot."
    assert said["L"].startswith("The L does not fit there as it is turned:")
    assert "turn it with" in said["L"]
    assert not page.errors, page.errors
