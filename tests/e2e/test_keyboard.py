"""Every game played with the keyboard alone (no click anywhere): the board is one Tab stop
with a cursor, Enter acts on the cell under it; the tray is one Tab stop whose pieces the
arrows go through; the page's Enter never fires on a focused control; the focus stays on the
same control through redraws; the "Type a move" box."""

from __future__ import annotations

import json
import random
import urllib.request

import pytest

from .helpers import (FOCUSED, create_table, focused, moves_played, play_pentago_move, tab_to, until,
                      wait_moves, wait_turn_or_end)

RANDOM = [{"kind": "me"}, {"kind": "computer", "level": "random"}]
CURSOR = "document.querySelector('.kg-cursor').getAttribute('aria-label')"
PLAYABLE = "document.activeElement.matches(\".pu-tile[aria-disabled='false']\")"


def open_by_keys(server, new_page, game, options=None, seats=RANDOM):
    t = create_table(server, seats, options, game=game)
    page = new_page()
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector(".bv-world")
    return page, t


def to_board(page, board: str) -> None:
    if focused(page) != board:
        assert tab_to(page, f"e.id === '{board}'"), "the board is a Tab stop"


def focus_and_end_or(page, where: str) -> list[str]:
    """[what has the focus, where it should be: `where`, or the result once the game is
    over], read at one moment (the computer's reply can end the game between two reads)."""
    return page.evaluate(f"[{FOCUSED}, document.getElementById('banner').hidden ? {where!r} : 'banner']")


def piece_move_by_keys(page, board: str, rng: random.Random) -> None:
    """Pent-Up, Pentomino: Tab to the tray, the arrows to a piece, Enter; R until it fits;
    Enter again (to the board), N (the next place it fits) a few times, Enter stages it,
    Enter plays it."""
    before = moves_played(page)
    tiles = page.locator(".pu-tile").count()
    for _ in range(12):
        if not page.evaluate("document.activeElement.matches('.pu-tile')"):
            assert tab_to(page, "e.matches('.pu-tile')")   # the tray: one Tab stop
        for _ in range(rng.randrange(3)):
            page.keyboard.press("ArrowRight")
        for _ in range(tiles):
            if page.evaluate(PLAYABLE):
                break
            page.keyboard.press("ArrowRight")
        assert page.evaluate(PLAYABLE)
        piece = page.evaluate("document.activeElement.dataset.piece")
        page.keyboard.press("Enter")
        until(page, f"document.querySelector('.pu-tile[data-piece={piece}]').classList.contains('selected')")
        assert focused(page) == f"div:{piece}"           # the rebuilt tray keeps the focus on it
        for _ in range(8):                                # R (on the tile) until it fits
            if page.locator(".dest").count():
                break
            page.keyboard.press("r")
        if page.locator(".dest").count():
            break
        page.keyboard.press("Escape")
    page.keyboard.press("Enter")                          # chosen again: on to the board
    until(page, f"document.activeElement.id === '{board}'")
    for _ in range(1 + rng.randrange(3)):
        page.keyboard.press("n")
    assert "fits here" in page.evaluate(CURSOR)
    page.keyboard.press("Enter")                          # staged where the ghost is
    until(page, "document.querySelector('.ghosts .staged') !== null")
    assert "staged here" in page.evaluate(CURSOR)
    page.keyboard.press("Enter")                          # played
    wait_moves(page, before + 1)
    now, due = focus_and_end_or(page, board)               # the next turn starts on the board
    assert now == due


def pentago_move_by_keys(page, rng: random.Random) -> None:
    before = moves_played(page)
    to_board(page, "pg-board")
    for _ in range(1 + rng.randrange(4)):
        page.keyboard.press("n")                          # the next empty cell
    assert page.evaluate(CURSOR).endswith(", empty")
    page.keyboard.press("Enter")                          # the marble
    until(page, "document.querySelector('.pg-cell[stroke=\"#1f6feb\"]') !== null")
    if "makes five" not in page.locator("#pg-hint").inner_text():
        page.keyboard.press("Tab")                        # the twist arrows are the next Tab stops
        for _ in range(rng.randrange(8)):
            page.keyboard.press("Tab")
        assert focused(page).startswith("g:")
        page.keyboard.press("Enter")                      # a twist: Confirm is the step left
        until(page, "document.activeElement.id === 'pg-confirm'")
    page.keyboard.press("Enter")
    wait_moves(page, before + 1)
    now, due = focus_and_end_or(page, "pg-board")
    assert now == due


def pentic_move_by_keys(page, rng: random.Random) -> None:
    before = moves_played(page)
    assert tab_to(page, "e.matches(\".pc-card[aria-disabled='false']\")")
    card = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    until(page, f"document.querySelector('.pc-card[data-card=\"{card}\"]').getAttribute('aria-pressed') === 'true'")
    assert focused(page) == f"div:{card}"
    if rng.random() < 0.5:
        page.keyboard.press(str(rng.randint(1, 9)))      # a position by its number
        page.keyboard.press("Enter")                      # the card again: on to the grid
        until(page, "document.activeElement.id === 'pc-grid'")
    else:
        page.keyboard.press("Enter")
        until(page, "document.activeElement.id === 'pc-grid'")
        page.keyboard.press(rng.choice(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]))
        page.keyboard.press("Enter")                      # the position under the cursor
    until(page, "!document.getElementById('pc-preview').hidden")
    assert "would go here" in page.evaluate(CURSOR)
    page.keyboard.press("Enter")
    wait_moves(page, before + 1)


@pytest.mark.parametrize("game", ["pentup", "pentago", "pentomino", "pentic"])
def test_a_whole_game_with_the_keyboard_alone(server, new_page, game):
    board = {"pentup": "pu-board", "pentago": "pg-board", "pentomino": "pm-board", "pentic": "pc-grid"}[game]
    # (Pentic: a target one play cannot reach — 85 at most, 25 × 3 + 10 — so that the game
    # has a second round whatever the deal; at 30 a 30-point first play ended it)
    page, _ = open_by_keys(server, new_page, game, {"target": 90} if game == "pentic" else None)
    rng = random.Random(3)
    mine = 0
    while wait_turn_or_end(page, timeout=60_000):
        if game == "pentago":
            pentago_move_by_keys(page, rng)
        elif game == "pentic":
            pentic_move_by_keys(page, rng)
        else:
            piece_move_by_keys(page, board, rng)
        mine += 1
    assert mine >= 2
    until(page, "document.getElementById('announce').textContent.includes('Game over')")
    said = page.evaluate("document.getElementById('announce').textContent")
    assert ".." not in said and "!." not in said and "?." not in said, said   # ("You win!.")
    assert focused(page) == "banner"                      # it ended here: the result has the focus
    assert not page.errors, page.errors


def test_a_small_puzzle_placed_taken_back_and_solved_by_keys(server, new_page):
    page, _ = open_by_keys(server, new_page, "pentomino-puzzle",
                           {"region": "###.#####/#.#......", "pieces": "UI"}, seats=[{"kind": "me"}])
    rng = random.Random(1)
    piece_move_by_keys(page, "pm-board", rng)
    placed = page.evaluate("document.querySelector('#log li').dataset.move")
    # no piece selected: Enter on the piece just placed (under the cursor) takes it back
    assert placed.split(":")[0] in page.evaluate(CURSOR)
    page.keyboard.press("Enter")
    wait_moves(page, 2)
    assert page.evaluate("document.querySelectorAll('#log li')[1].dataset.move").startswith("remove ")
    while page.locator("#banner").is_hidden():
        piece_move_by_keys(page, "pm-board", rng)
    assert page.locator("#result").inner_text().startswith("Solved")
    assert not page.errors, page.errors


def test_n_with_no_place_this_way_round_says_to_turn_the_piece(server, new_page):
    """A row of five: the I fits lying down only.  Turned upright, the cursor says it fits
    nowhere this way round, and N (no place to jump to) says so on the alert line; a turn
    clears it."""
    page, _ = open_by_keys(server, new_page, "pentomino-puzzle", {"region": "#####", "pieces": "I"},
                           seats=[{"kind": "me"}])
    page.focus(".pu-tile[data-piece=I]")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    until(page, "document.activeElement.id === 'pm-board'")
    if "fits nowhere this way round" not in page.evaluate(CURSOR):
        page.keyboard.press("r")
    until(page, f"{CURSOR}.includes('fits nowhere this way round: press R or F to turn it')")
    page.keyboard.press("n")
    until(page, "document.getElementById('pm-error').textContent === "
                "'No spot for the I this way round: press the R or F key to turn it.'")
    page.keyboard.press("r")
    until(page, "document.getElementById('pm-error').textContent === ''")
    page.keyboard.press("n")
    assert "fits here" in page.evaluate(CURSOR) and "nowhere" not in page.evaluate(CURSOR)
    assert not page.errors, page.errors


def test_a_key_during_the_opponents_twist_ends_the_twist(server, new_page):
    """The computer's twist is still turning (here it never ends: no animation frames) when
    the keys place a marble: the twist ends at once, the marble is staged on the board after
    it, and its arrows are there to Tab to."""
    page, _ = open_by_keys(server, new_page, "pentago")
    assert wait_turn_or_end(page)
    play_pentago_move(page, random.Random(1))   # from here on, a twist's clock never runs
    page.evaluate("() => { const now = performance.now.bind(performance); performance.now = () => now() + 1e9; }")
    wait_moves(page, 2)
    assert wait_turn_or_end(page)
    assert page.locator(".pg-arrow").count() == 0   # the computer's twist still turning
    to_board(page, "pg-board")
    page.keyboard.press("n")
    page.keyboard.press("Enter")
    until(page, f"{CURSOR}.includes('staged: now choose a twist')")
    assert page.locator(".pg-arrow").count() == 8
    assert moves_played(page) == 2   # (staged, not played)
    assert not page.errors, page.errors


def test_a_draft_pick_by_enter_twice(server, new_page):
    """In a draft there is no board to go on to: a second Enter on the piece picks it."""
    page, _ = open_by_keys(server, new_page, "pentomino", {"variant": "draft"})
    assert wait_turn_or_end(page)
    assert tab_to(page, "e.matches(\".pu-tile[aria-disabled='false']\")")
    piece = page.evaluate("document.activeElement.dataset.piece")
    page.keyboard.press("Enter")
    until(page, "document.getElementById('pm-hint-line').textContent.startsWith("
                f"'Pick the {piece} — press Confirm (or Enter again).')")
    page.keyboard.press("Enter")
    wait_moves(page, 1)
    assert page.evaluate("document.querySelector('#log li').dataset.move") == f"pick {piece}"
    # a pointer's second click on the piece picks nothing: Confirm does (a double tap would)
    assert wait_turn_or_end(page)
    other = page.locator(".pu-tile[aria-disabled='false']").first
    other.click()
    other.click()
    until(page, "document.getElementById('pm-hint-line').textContent.startsWith('Pick the ')")
    assert moves_played(page) == 2
    page.click("#pm-confirm")
    wait_moves(page, 3)
    assert not page.errors, page.errors


def test_a_pentup_tile_staged_where_it_does_not_fit_is_not_said_to_play(server, new_page):
    """Enter far from the structure stages the tile there (Confirm says which rule forbids
    it): the cursor says so, not "Enter plays it"; Enter then brings the rule, and no move."""
    page, _ = open_by_keys(server, new_page, "pentup", seats=[{"kind": "computer", "level": "random"},
                                                              {"kind": "me"}])
    assert wait_turn_or_end(page)
    page.focus(".pu-tile[aria-disabled='false']")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    until(page, "document.activeElement.id === 'pu-board'")
    for _ in range(20):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    until(page, f"{CURSOR}.includes('is staged here but does not fit: Enter asks which rule forbids it')")
    page.keyboard.press("Enter")
    until(page, "document.getElementById('pu-error').textContent.length > 0")
    assert moves_played(page) == 1
    assert not page.errors, page.errors


@pytest.mark.parametrize("game, tray, item", [("pentup", "pu-tray", ".pu-tile"), ("pentomino", "pm-tray", ".pu-tile"),
                                             ("pentic", "pc-hand", ".pc-card")])
def test_a_tray_is_one_tab_stop_and_the_arrows_go_through_it(server, new_page, game, tray, item):
    """The WAI-ARIA toolbar: Tab enters the tray on the selected piece (or the first) and
    leaves it at once; the arrows (round and round), Home and End move in it; Enter
    chooses, and the chosen piece keeps the stop through the redraws."""
    page, _ = open_by_keys(server, new_page, game)
    assert wait_turn_or_end(page)
    box = page.locator(f"#{tray}")
    assert box.get_attribute("role") == "toolbar" and box.get_attribute("aria-label").startswith("Your ")
    names = page.eval_on_selector_all(f"#{tray} > {item}", "els => els.map((e) => `div:${e.dataset.piece || e.dataset.card}`)")
    assert len(names) >= 5
    stops = f"document.querySelectorAll('#{tray} > [tabindex=\"0\"]').length"
    assert page.evaluate(stops) == 1
    assert tab_to(page, f"e.matches('{item}')")
    assert focused(page) == names[0]                     # the first: none is selected
    page.keyboard.press("Tab")                            # one Tab leaves the tray
    assert not page.evaluate(f"document.getElementById('{tray}').contains(document.activeElement)")
    page.keyboard.press("Shift+Tab")
    assert focused(page) == names[0]
    for key, at in (("ArrowRight", 1), ("ArrowDown", 2), ("ArrowUp", 1), ("End", -1), ("ArrowRight", 0),
                    ("ArrowLeft", -1), ("Home", 0), ("ArrowRight", 1), ("ArrowRight", 2)):
        page.keyboard.press(key)
        assert focused(page) == names[at], key
    assert page.evaluate(stops) == 1 and page.evaluate("document.activeElement.tabIndex") == 0
    assert moves_played(page) == 0 and page.locator(f"{item}[aria-pressed=true]").count() == 0   # moving chooses nothing
    page.keyboard.press("Enter")                          # chosen: the tray is drawn again
    until(page, f"document.querySelector('{item}[aria-pressed=true]') !== null")
    assert focused(page) == names[2]
    assert page.evaluate(stops) == 1 and page.evaluate("document.activeElement.tabIndex") == 0
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Tab")                            # out, from another piece ...
    page.keyboard.press("Shift+Tab")
    assert focused(page) == names[2]                      # ... and back in on the chosen one
    if game != "pentic":                                  # R turns it: the tray drawn again ...
        page.evaluate("document.activeElement.dataset.old = 'yes'")
        page.keyboard.press("r")
        until(page, f"!document.querySelector('#{tray} [data-old]')")
        assert focused(page) == names[2] and page.evaluate(stops) == 1   # ... the focus and the stop kept
    page.focus("#" + {"pentup": "pu-board", "pentomino": "pm-board", "pentic": "pc-grid"}[game])
    assert tab_to(page, f"e.matches('{item}')")
    assert focused(page) == names[2]                      # Tab enters on the chosen piece
    assert not page.errors, page.errors


def test_enter_on_a_control_is_its_own_not_confirm(server, new_page):
    """A staged move is not played by Enter on Cancel, Rotate, Fit, Hint or a link."""
    page, _ = open_by_keys(server, new_page, "pentup")
    assert wait_turn_or_end(page)
    page.focus(".pu-tile[data-piece=I]")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.keyboard.press("n")
    page.keyboard.press("Enter")
    until(page, "!document.getElementById('pu-confirm').disabled")
    for control in ("#bv-fit", "#rules-link", "#pu-rotate"):
        page.focus(control)
        if control == "#rules-link":
            page.evaluate("document.getElementById('rules-link').addEventListener('click', (e) => e.preventDefault())")
        page.keyboard.press("Enter")
        assert moves_played(page) == 0, control
    # Rotate did its own job: nothing staged any more, the tile turned, the focus kept
    assert page.locator("#pu-confirm").is_disabled() and focused(page) == "pu-rotate"
    page.focus("#pu-board")
    page.keyboard.press("Enter")
    until(page, "!document.getElementById('pu-confirm').disabled")
    page.focus("#pu-cancel")
    page.keyboard.press("Enter")                    # Cancel cancels ...
    assert moves_played(page) == 0
    until(page, "document.getElementById('pu-confirm').disabled")
    assert focused(page) == "pu-cancel"             # ... and keeps the focus (a tile is still selected)
    page.keyboard.press("Enter")                    # nothing left to cancel: the button is off,
    until(page, "document.activeElement.id === 'pu-board'")   # the focus goes to the board
    assert page.get_attribute("#pu-cancel", "aria-keyshortcuts") == "Escape"
    assert page.locator("#pu-cancel").evaluate("(b) => b.querySelector('.key').getAttribute('aria-hidden')") == "true"
    assert not page.errors, page.errors


def test_hint_keeps_the_focus_and_enter_on_the_board_plays_it(server, new_page):
    page, _ = open_by_keys(server, new_page, "pentago")
    assert wait_turn_or_end(page)
    assert tab_to(page, "e.id === 'hint-btn'")
    page.keyboard.press("Enter")
    until(page, "document.getElementById('pg-hint').textContent.startsWith('Hint: ')")
    assert focused(page) == "hint-btn"           # off while it thought (aria-disabled), still focused
    hinted = page.locator("#pg-hint").get_attribute("data-hint")
    until(page, "document.getElementById('announce').textContent.startsWith('Hint: ')")
    page.keyboard.press("Enter")                 # Enter on the Hint button asks again: not Confirm
    until(page, "document.getElementById('hint-btn').textContent === 'Hint'")
    assert moves_played(page) == 0
    page.keyboard.press("Shift+Tab")
    while focused(page) != "pg-board":
        page.keyboard.press("Shift+Tab")
    assert "staged" in page.evaluate(CURSOR)     # the cursor is on the suggested cell
    page.keyboard.press("Enter")
    wait_moves(page, 1)
    assert page.evaluate("document.querySelector('#log li').dataset.move") == hinted
    assert not page.errors, page.errors


def test_the_type_a_move_box(server, new_page):
    page, _ = open_by_keys(server, new_page, "pentago")
    assert wait_turn_or_end(page)
    box = page.locator("#move-text")
    assert box.get_attribute("placeholder") == "e.g. d4 TR cw"
    assert tab_to(page, "e.id === 'move-text'")
    page.keyboard.type("z9 TR cw")
    page.keyboard.press("Enter")
    until(page, "!['', 'Sent…'].includes(document.getElementById('move-form-msg').textContent)")
    assert moves_played(page) == 0
    refusal = page.locator("#move-form-msg").inner_text()
    assert "z9" in refusal or "cell" in refusal.lower(), refusal
    box.fill("")
    page.keyboard.type("d4 TR cw")
    page.keyboard.press("Enter")
    wait_moves(page, 1)
    assert page.evaluate("document.querySelector('#log li').dataset.move") == "d4 TR cw"
    until(page, "document.getElementById('move-form-msg').textContent === 'Played.'")
    assert box.input_value() == "" and focused(page) == "move-text"
    # a refusal goes once a move is made otherwise: it was about a position now gone
    assert wait_turn_or_end(page)
    box.fill("z9 TR cw")
    page.keyboard.press("Enter")
    until(page, "document.getElementById('move-form-msg').classList.contains('refused')")
    play_pentago_move(page, random.Random(3))
    until(page, "document.getElementById('move-form-msg').textContent === ''")
    # "Played." stays through the reply, and goes once a move is made otherwise
    assert wait_turn_or_end(page)
    # an empty cell of the board as the server has it (the page may still be drawing the
    # reply's twist, whose frames show the board before it)
    board = json.loads(urllib.request.urlopen(
        server.url + "/api/tables/" + page.url.split("/t/")[1].split("?")[0].split("#")[0]).read())["state"]["board"]
    empty = next(f"{'abcdef'[c]}{r + 1}" for r, row in enumerate(board) for c, v in enumerate(row) if v is None)
    box.fill(empty + " TR cw")
    page.keyboard.press("Enter")
    until(page, "document.getElementById('move-form-msg').textContent === 'Played.'")
    assert wait_turn_or_end(page)
    assert page.locator("#move-form-msg").inner_text() == "Played."
    play_pentago_move(page, random.Random(4))
    until(page, "document.getElementById('move-form-msg').textContent === ''")
    assert not page.errors, page.errors


def test_a_question_keeps_the_keys_and_gives_the_focus_back(server, new_page):
    """Resign asks above the board: Tab goes round its two buttons (not on to the board),
    Esc or Play on gives the focus back to Resign, which keeps it when the opponent's move
    draws the players panel again.  Add your name: saved, said so, and the focus goes to
    the panel (the button is gone) rather than nowhere."""
    from .test_connection import friends

    _, alice, bob = friends(server, new_page)
    play_pentago_move(alice, random.Random(1))
    wait_moves(bob, 1)
    alice.focus("#resign")
    alice.keyboard.press("Enter")
    until(alice, "document.activeElement.id === 'ask-yes'")
    for key, there in (("Tab", "ask-no"), ("Tab", "ask-yes"), ("Shift+Tab", "ask-no")):
        alice.keyboard.press(key)
        assert focused(alice) == there, key
    alice.keyboard.press("Escape")
    until(alice, "document.getElementById('ask').hidden")
    assert focused(alice) == "resign"
    alice.keyboard.press("Enter")
    until(alice, "document.activeElement.id === 'ask-yes'")
    alice.keyboard.press("Shift+Tab")
    alice.keyboard.press("Enter")                      # Play on
    assert focused(alice) == "resign" and moves_played(alice) == 1
    play_pentago_move(bob, random.Random(2))
    wait_moves(alice, 2)
    assert focused(alice) == "resign"                  # through the panel drawn again
    bob.focus("#name-seat")
    bob.keyboard.press("Enter")
    until(bob, "document.activeElement.id === 'ask-input'")
    bob.keyboard.press("Control+a")
    bob.keyboard.type("Kim")
    bob.keyboard.press("Enter")
    until(bob, "document.getElementById('name-seat') === null")
    until(bob, "document.activeElement.id === 'players'")
    until(bob, "[...document.querySelectorAll('#toasts .toast')].some((t) => "
               "t.textContent === 'Saved: the others see you as Kim.')")
    assert not alice.errors and not bob.errors, (alice.errors, bob.errors)
