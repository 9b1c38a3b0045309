"""The home page in a real browser: the create form (every puzzle region, a drawn region and
a piece subset, inline errors), the game cards' pictures, and the lobby lists (your games
first, idle tables hidden until asked for, imported records with their players' names)."""

from __future__ import annotations

import json
import sqlite3

import pytest

import pentarena
from pentarena.games.pentomino.puzzle import KNOWN_COUNTS, REGIONS, region_grid

from .conftest import shot
from .helpers import create_table, until

DAY = 24 * 3600


def open_home(server, page):
    page.goto(server.url + "/")
    until(page, "document.body.dataset.ready === 'true'")


def choose_puzzle(page):
    page.select_option("#create-game", "pentomino-puzzle")
    page.wait_for_selector("#puzzle-editor")


def board_squares(page) -> set[str]:
    page.wait_for_selector("#pm-board .pm-cell")
    return set(page.eval_on_selector_all("#pm-board .pm-cell",
                                         "cells => cells.map(c => c.dataset.square)"))


def table_id(page) -> str:
    until(page, "location.pathname.startsWith('/t/')")
    return page.url.split("/t/")[1].split("?")[0]


def get(server, path):
    import urllib.request

    return json.loads(urllib.request.urlopen(server.url + path, timeout=30).read())


def check_text(page) -> str:
    return page.locator("#pz-check").inner_text()


# -- the create form: puzzles -------------------------------------------------------------

@pytest.mark.parametrize("region", list(REGIONS))
def test_every_named_region_starts_from_the_form(server, new_page, region):
    """Each named region's tile says how many solutions it has (the fewer, the harder)."""
    page = new_page()
    open_home(server, page)
    choose_puzzle(page)
    assert page.locator("#create-seats select").count() == 0  # one seat: yours
    page.click(f".pz-region[data-region='{region}']")
    tile = page.locator(f".pz-region[data-region='{region}']")
    assert tile.get_attribute("aria-checked") == "true"
    # its solutions, as the engine counts them, and how hard that makes it
    assert tile.locator(".pz-cells").inner_text() == f"{KNOWN_COUNTS[region]} solutions"
    assert tile.locator(".pz-level").inner_text().lower() in {"easiest", "easy", "medium", "hard", "hardest"}
    assert page.locator("#pz-draw").is_hidden()
    assert check_text(page).startswith("✓ 60 cells = 12 pieces × 5")
    page.click("#create-submit")
    tid = table_id(page)
    grid = region_grid(region)
    until(page, "document.querySelectorAll('#pm-board .pm-cell').length === 60")
    assert board_squares(page) == set(grid.squares(grid.cells))
    table = get(server, f"/api/tables/{tid}")["table"]
    assert table["options"]["region"] == region and len(table["seats"]) == 1
    page.wait_for_selector("#status .you")  # the creator holds the seat and may play
    assert not page.errors, page.errors


def open_drawing(server, new_page):
    """A new page on the home page's puzzle form, its region to be drawn."""
    page = new_page()
    open_home(server, page)
    choose_puzzle(page)
    page.click(".pz-region[data-region=custom]")
    return page


def test_a_drawn_region_and_a_piece_subset(server, new_page):
    page = open_drawing(server, new_page)
    assert page.locator("#pz-draw").is_visible()
    assert "Draw the region" in check_text(page)
    assert page.locator("#create-submit").is_disabled()

    def cell(x, y):
        return page.locator(f".pz-cell[data-x='{x}'][data-y='{y}']")

    # drag along the first row, click the others; a stray cell goes in and out again
    page.locator("#pz-grid").scroll_into_view_if_needed()
    box = cell(2, 3).bounding_box()
    end = cell(6, 3).bounding_box()
    page.mouse.move(box["x"] + 5, box["y"] + 5)
    page.mouse.down()
    page.mouse.move(end["x"] + 5, end["y"] + 5, steps=8)
    page.mouse.up()
    assert page.locator(".pz-cell[aria-pressed=true]").count() == 5
    for y in (4, 5):
        for x in range(2, 7):
            cell(x, y).click()
    cell(10, 10).click()
    assert page.locator("#pz-count").inner_text() == "16 cells · not a multiple of 5"
    cell(10, 10).click()
    assert page.locator("#pz-count").inner_text() == "15 cells · needs 3 pieces"
    assert check_text(page) == ("The region has 15 cells but 12 pieces cover 60: take 9 pieces "
                                "out (3 pieces in all).")
    page.click("#pz-none")
    assert check_text(page) == "Choose at least one piece."
    for p in "LTY":
        page.click(f".pz-piece[data-piece={p}]")
    assert check_text(page) == "✓ 15 cells = 3 pieces × 5."
    assert page.locator("#create-submit").is_enabled()
    shot(page, "create-puzzle")
    page.click("#create-submit")
    tid = table_id(page)
    until(page, "document.querySelectorAll('#pm-board .pm-cell').length === 15")
    assert board_squares(page) == {f"{c}{r}" for c in "abcde" for r in (1, 2, 3)}
    options = get(server, f"/api/tables/{tid}")["table"]["options"]
    assert options == {"region": "#####/#####/#####", "pieces": "LTY"}

    # the lobby tells drawn puzzles apart by their size
    open_home(server, page)
    until(page, f"document.querySelector(\"#mine li[data-table='{tid}']\") !== null")
    assert "own region 5×3, 15 squares" in page.locator(f"#mine li[data-table='{tid}']").inner_text()
    page.goto(f"{server.url}/t/{tid}")
    page.wait_for_selector("#pm-solve")
    page.click("#pm-solve")  # and it can be solved (asked twice: it ends the puzzle)
    page.click("#pm-solve")
    page.wait_for_selector("#banner:not([hidden])")
    assert not page.errors, page.errors


def test_a_wrong_cell_count_says_what_to_do(server, new_page):
    page = open_drawing(server, new_page)
    for x in range(7):
        page.click(f".pz-cell[data-x='{x}'][data-y='0']")
    assert "7 cells · not a multiple of 5" == page.locator("#pz-count").inner_text()
    message = check_text(page)
    assert message == ("The region has 7 cells, not a multiple of 5: "
                       "draw 3 more cells or take 2 cells out.")
    assert "warn" in page.locator("#pz-check").get_attribute("class")
    assert page.locator("#create-submit").is_disabled()
    # aria-disabled only: still a Tab stop, and Enter on it says (focuses) what is missing
    page.focus("#create-submit")
    assert page.evaluate("document.activeElement.id") == "create-submit"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "pz-check"
    assert page.url.rstrip("/") == server.url
    # the keyboard draws too: Enter on a cell
    page.focus(".pz-cell[data-x='7'][data-y='0']")
    page.keyboard.press("Enter")
    assert "8 cells" in page.locator("#pz-count").inner_text()
    # a named region with too few pieces
    page.click(".pz-region[data-region='6x10']")
    page.click(".pz-piece[data-piece=X]")
    assert check_text(page) == ("The region has 60 cells but 11 pieces cover 55: choose 1 more "
                                "piece (12 pieces in all).")
    assert page.locator("#create-submit").is_disabled()
    page.click("#pz-all")
    assert page.locator("#create-submit").is_enabled()
    # more than the 60 cells the pieces cover: take cells out, never "draw more"
    page.click(".pz-region[data-region='custom']")
    for y in range(1, 7):
        for x in range(12):
            page.click(f".pz-cell[data-x='{x}'][data-y='{y}']")
    assert page.locator("#pz-count").inner_text() == "80 cells · more than the 60 the pieces cover"
    assert check_text(page) == ("The region has 80 cells: the 12 pieces cover at most 60; take "
                                "20 cells out.")
    # the one message, no toast
    assert page.locator("#toasts .toast").count() == 0
    assert not page.errors, page.errors


def test_a_region_in_parts_and_one_no_piece_fits_say_so(server, new_page):
    """Two parts of 3 and 7 cells (10 = 2 pieces × 5) were given a ✓ and a table that
    opened 'Stuck … take a piece back' with nothing placed; a plus shape with the I alone
    can be drawn (the form cannot tell shapes), and its table says the region cannot be
    tiled, not to take a piece back."""
    page = open_drawing(server, new_page)
    for x in range(3):
        page.click(f".pz-cell[data-x='{x}'][data-y='0']")
    for x in range(7):
        page.click(f".pz-cell[data-x='{x}'][data-y='2']")
    page.click("#pz-none")
    for p in "IL":
        page.click(f".pz-piece[data-piece={p}]")
    assert check_text(page) == ("The region is in 2 parts, and each is tiled on its own: parts "
                                "of 3, 7 cells, not a multiple of 5. Join the parts, or make each "
                                "a multiple of 5.")
    assert page.locator("#create-submit").is_disabled()
    page.click(".pz-cell[data-x='0'][data-y='1']")   # joined: 11 cells
    page.click(".pz-cell[data-x='6'][data-y='2']")   # 10
    assert check_text(page) == "✓ 10 cells = 2 pieces × 5."
    page.click("#pz-clear")
    for x, y in ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2)):
        page.click(f".pz-cell[data-x='{x}'][data-y='{y}']")
    page.click("#pz-none")
    page.click(".pz-piece[data-piece=I]")
    assert check_text(page) == "✓ 5 cells = 1 piece × 5."
    page.click("#create-submit")
    until(page, "document.getElementById('pm-counter') !== null && document.getElementById("
                "'pm-counter').textContent.startsWith('This region cannot be tiled with these "
                "pieces: 5 empty squares')")
    assert "take a piece back" not in page.locator("#pm-counter").inner_text()
    assert "pm-stuck" in page.locator("#pm-counter").get_attribute("class")
    assert not page.errors, page.errors


def test_the_servers_refusal_is_shown_inline_once(server, new_page):
    page = new_page()
    open_home(server, page)
    page.select_option("#create-game", "pentic")
    page.select_option("#opt-players", "3")
    assert page.locator("#create-seats select").count() == 3
    page.fill("#opt-target", "100000")
    page.click("#create-submit")
    until(page, "document.getElementById('create-error').textContent.length > 0")
    error = page.locator("#create-error")
    assert "target must be between 1 and 10000 points" in error.inner_text()
    # the field it is about (the first option the message names) is marked and has the focus
    assert page.evaluate("document.activeElement.id") == "opt-target"
    assert page.locator("#opt-target").get_attribute("aria-invalid") == "true"
    assert page.locator("#opt-players").get_attribute("aria-invalid") is None
    assert page.get_by_text("target must be between 1 and 10000 points").count() == 1
    assert page.locator("#toasts .toast").count() == 0
    assert page.url.rstrip("/") == server.url  # still here, the choices kept
    assert page.locator("#opt-players").input_value() == "3"
    page.select_option("#opt-players", "4")  # any change clears it
    assert error.inner_text() == ""
    assert page.locator("#opt-target").get_attribute("aria-invalid") is None
    assert page.locator("#create-seats select").count() == 4
    page.fill("#opt-target", "250")
    page.click("#create-submit")
    table_id(page)
    assert not page.errors, page.errors


def test_a_choice_that_cannot_be_is_not_offered(server, new_page):
    """Pentomino's 15-10-5 (three last placers scoring) with 3 players was offered and
    always refused: it is offered with 4 players only, and a 15-10-5 chosen for 4 gives
    way to 10-5 when the players become 3."""
    page = new_page()
    open_home(server, page)
    page.select_option("#create-game", "pentomino")
    page.select_option("#opt-players", "3")
    disabled = "(s) => [...s.options].filter((o) => o.disabled).map((o) => o.textContent)"
    scoring = page.locator("#opt-scoring")
    assert scoring.evaluate(disabled) == ["15-10-5"]
    page.select_option("#opt-players", "4")
    assert scoring.evaluate(disabled) == []
    page.select_option("#opt-scoring", '"15-10-5"')
    page.select_option("#opt-players", "3")
    assert scoring.input_value() == '"10-5"' and scoring.evaluate(disabled) == ["15-10-5"]
    page.click("#create-submit")
    page.wait_for_url("**/t/*")
    assert not page.errors, page.errors


def requested(page, held: list, n: int) -> None:
    """Wait until ``n`` requests have reached the test's route (Playwright hands them over
    while the page is asked anything, a short wait included)."""
    for _ in range(3000):
        if len(held) >= n:
            return
        page.wait_for_timeout(10)
    raise AssertionError(f"{len(held)} requests reached the route, not {n}")


def test_a_refusal_is_tied_to_its_field_and_the_focus_kept(server, new_page):
    page = new_page()
    open_home(server, page)
    held = []   # the requests to create a table, answered when the test says
    page.route(lambda url: url.endswith("/api/tables"), lambda route: held.append(route))
    page.select_option("#create-game", "pentic")
    page.fill("#opt-target", "100000")
    page.focus("#create-submit")
    page.keyboard.press("Enter")
    until(page, "document.getElementById('create').getAttribute('aria-busy') === 'true'")
    submit = page.locator("#create-submit")
    assert page.evaluate("document.activeElement.id") == "create-submit"   # not lost to <body>
    assert submit.get_attribute("aria-disabled") == "true" and not submit.evaluate("b => b.disabled")
    page.keyboard.press("Enter")                                            # and only once
    requested(page, held, 1)
    held[0].continue_()
    until(page, "document.getElementById('create-error').textContent.length > 0")
    assert len(held) == 1
    assert page.locator("#create-error").inner_text() == "target must be between 1 and 10000 points"
    target_field = page.locator("#opt-target")
    assert page.evaluate("document.activeElement.id") == "opt-target"
    assert target_field.get_attribute("aria-invalid") == "true"
    assert target_field.get_attribute("aria-describedby") == "create-error"
    assert page.locator("#create [aria-invalid]").count() == 1
    assert submit.get_attribute("aria-disabled") is None
    assert page.locator("#create").get_attribute("aria-busy") is None
    # a refusal that names no field: the message itself takes the focus
    page.fill("#opt-target", "250")
    assert target_field.get_attribute("aria-invalid") is None and target_field.get_attribute("aria-describedby") is None
    submit.click()
    until(page, "document.getElementById('create').getAttribute('aria-busy') === 'true'")
    requested(page, held, 2)   # (the page is busy before its request reaches the route)
    held[1].fulfill(status=503, json={"detail": {"code": "busy", "message": "the server is busy: try again soon"}})
    until(page, "document.activeElement.id === 'create-error'")
    assert page.locator("#create-error").inner_text() == "the server is busy: try again soon"
    assert page.locator("#create [aria-invalid]").count() == 0
    assert not page.errors, page.errors


def test_option_controls_and_their_help(server, new_page):
    page = new_page()
    open_home(server, page)
    page.select_option("#create-game", "pentic")
    target = page.locator("#opt-target")
    assert target.get_attribute("type") == "number" and target.input_value() == "250"
    assert page.locator(".field:has(#opt-target) .help").get_attribute("data-help")
    page.select_option("#create-game", "pentomino")
    assert page.locator("#opt-touch_move option").all_inner_texts() == ["no", "yes"]
    assert page.locator("#opt-target").evaluate("e => e.tagName") == "SELECT"
    assert page.locator("#create-seats select").count() == 2
    page.select_option("#create-game", "pentago")
    assert "No options" in page.locator("#create-options").inner_text()
    # how long the slow levels think, as the server says for each game
    levels = page.locator("#seat-1 option").all_inner_texts()
    assert "computer: expert (up to 5 s a move)" in levels and "computer: hard" in levels
    page.select_option("#create-game", "pentup")
    assert "computer: expert (up to 10 s a move)" in page.locator("#seat-1 option").all_inner_texts()
    page.select_option("#create-game", "pentago")
    # the card's Options… button picks the game in the form
    page.click("button[data-setup=pentomino-puzzle]")
    page.wait_for_selector("#puzzle-editor")
    assert page.locator("#create-game").input_value() == "pentomino-puzzle"



def test_the_teams_option_shows_only_with_four_players(server, new_page):
    """Pent-Up's teams exist with 4 players only: the field is shown then, not before, with
    a note naming the teams beside the seats, and a choice made for 4 players is not sent
    once the table has fewer."""
    page = new_page()
    open_home(server, page)
    page.select_option("#create-game", "pentup")
    teams = page.locator("#opt-teams")
    assert page.locator("#opt-players").input_value() == "2"
    assert teams.is_hidden() and page.locator("#create-options label[for=opt-teams]").is_hidden()
    page.select_option("#opt-players", "3")
    assert teams.is_hidden()
    note = page.locator("#create-teams")     # who plays with whom, beside the seats
    assert note.is_hidden()
    page.select_option("#opt-players", "4")
    assert teams.is_visible()
    assert page.locator("#create-seats select").count() == 4
    assert note.inner_text() == ("Teams: White + Red against Black + Blue (partners sit "
                                 "opposite; a team's tiles count together).")
    page.select_option("#opt-teams", "false")  # each for themselves
    assert note.is_hidden()
    page.select_option("#opt-teams", "true")
    assert note.is_visible()
    page.select_option("#opt-players", "2")
    assert teams.is_hidden() and note.is_hidden()
    page.click("#create-submit")           # 2 players, the teams left out: a table
    page.wait_for_url("**/t/*")
    assert page.locator("#create-error").count() == 0
    page.wait_for_selector(".pu-tile")
    open_home(server, page)
    page.select_option("#create-game", "pentago")
    assert "No options" in page.locator("#create-options").inner_text()
    assert not page.errors, page.errors


def test_pentominos_match_options_show_only_for_a_match_of_rounds(server, new_page):
    """Round points and the match target belong to 3–4 players of the common pool: hidden
    for 2 players and for the draft, shown (and sent) for a match."""
    page = new_page()
    open_home(server, page)
    page.select_option("#create-game", "pentomino")
    scoring, target = page.locator("#opt-scoring"), page.locator("#opt-target")
    assert scoring.is_hidden() and target.is_hidden()      # 2 players: Golomb's game
    page.select_option("#opt-players", "4")
    assert scoring.is_visible() and target.is_visible()
    page.select_option("#opt-variant", '"draft"')
    assert scoring.is_hidden() and target.is_hidden()      # a draft: no rounds
    page.select_option("#opt-variant", '"standard"')
    page.select_option("#opt-scoring", '"15-10-5"')
    page.select_option("#opt-target", "100")
    page.click("#create-submit")
    page.wait_for_url("**/t/*")
    table = page.evaluate("fetch('/api/tables/' + location.pathname.split('/').pop())"
                          ".then((r) => r.json())")
    options = table["table"]["options"]
    assert (options["scoring"], options["target"]) == ("15-10-5", 100)
    assert not page.errors, page.errors


# what sticks out past the right edge of the screen (the page must not scroll sideways)
OVERFLOW = """() => [...document.querySelectorAll('#home *')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.right > document.documentElement.clientWidth + 0.5 && !e.closest('[hidden]');
}).map((e) => e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))"""

# each box of the form: the room under its last control (the box's padding and border)
GAPS = """() => [...document.querySelectorAll('#create .cf-group')].map((f) => {
    const inner = [...f.querySelectorAll('.cf-fields > *')].filter((e) => e.offsetParent !== null);
    const bottom = Math.max(...inner.map((e) => e.getBoundingClientRect().bottom));
    return f.getBoundingClientRect().bottom - bottom;
})"""


@pytest.mark.parametrize("width", [390, 360])
def test_the_create_form_fits_a_phone(server, new_page, width):
    """Every game's form, the puzzle's drawing grid included, fits the phone's width: no
    sideways scroll, no control cut off, and no empty band under the options."""
    page = new_page(width=width, height=844, touch=True)
    open_home(server, page)
    names = page.eval_on_selector_all("#create-game option", "os => os.map((o) => o.value)")
    assert len(names) == len(get(server, "/api/games")["games"])
    for name in names:
        page.select_option("#create-game", name)
        if name == "pentomino-puzzle":
            page.click(".pz-region[data-region=custom]")
            assert page.locator("#pz-grid").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width, name
        assert page.evaluate(OVERFLOW) == [], name
        assert all(gap < 24 for gap in page.evaluate(GAPS)), (name, page.evaluate(GAPS))
        for sel in page.locator("#create select:visible").all():   # each control whole, inside the form
            box, form = sel.bounding_box(), page.locator("#create").bounding_box()
            assert box["x"] >= form["x"] and box["x"] + box["width"] <= form["x"] + form["width"], name
    # the longest level name still picks (it is cut short on the closed control only)
    page.select_option("#create-game", "pentup")
    page.select_option("#seat-1", "computer:perfect")
    assert page.evaluate(OVERFLOW) == []
    shot(page, f"home-create-phone-{width}")
    assert not page.errors, page.errors


def test_help_marks_open_on_a_tap_and_from_the_keyboard(server, new_page):
    helps = {k: o["help"] for g in get(server, "/api/games")["games"] if g["name"] == "pentup"
             for k, o in g["options"].items()}
    page = new_page(width=390, height=844, touch=True)
    open_home(server, page)
    page.select_option("#create-game", "pentup")
    page.select_option("#opt-players", "4")   # every option shown (teams: 4 players)
    marks = page.locator("#create-options .help")
    assert marks.count() == len(helps)
    for i in range(marks.count()):                       # a finger's target
        box = marks.nth(i).bounding_box()
        assert box["width"] >= 32 and box["height"] >= 32, box
    assert page.locator(".help-note:visible").count() == 0
    teams = page.locator(".field:has(#opt-teams) .help")
    teams.tap()
    note = page.locator(".help-note:visible")
    assert note.count() == 1 and note.inner_text() == helps["teams"]   # the server's words
    assert teams.get_attribute("aria-expanded") == "true"
    box = note.bounding_box()                              # all of it on the screen
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] >= 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator(".field:has(#opt-scoring) .help").tap()   # another: one note at a time
    assert page.locator(".help-note:visible").inner_text() == helps["scoring"]
    page.locator(".field:has(#opt-scoring) .help").tap()   # tapped again: closed
    assert page.locator(".help-note:visible").count() == 0
    teams.tap()
    page.locator("#create h3, #create legend").first.tap()  # a tap elsewhere closes it
    assert page.locator(".help-note:visible").count() == 0
    # the puzzle's own "?" too
    page.select_option("#create-game", "pentomino-puzzle")
    page.locator(".pz-label .help").first.tap()
    assert "five times the number of pieces" in page.locator(".help-note:visible").inner_text()
    assert not page.errors, page.errors

    # the keyboard: Tab to it, Enter opens, Space closes, Esc closes
    page = new_page()
    open_home(server, page)
    page.select_option("#create-game", "pentup")
    players = page.locator(".field:has(#opt-players) .help")
    players.focus()
    page.keyboard.press("Enter")
    assert page.locator(".help-note:visible").inner_text() == helps["players"]
    page.keyboard.press(" ")
    assert page.locator(".help-note:visible").count() == 0
    page.keyboard.press(" ")
    assert page.locator(".help-note:visible").count() == 1
    page.keyboard.press("Escape")
    assert page.locator(".help-note:visible").count() == 0
    # a mouse's hover shows it as well, and leaving hides it again
    players.hover()
    assert page.locator(".help-note:visible").inner_text() == helps["players"]
    page.mouse.move(5, 5)
    assert page.locator(".help-note:visible").count() == 0
    assert not page.errors, page.errors


def test_the_quick_puzzle_button_still_works(server, new_page):
    page = new_page()
    open_home(server, page)
    page.click("button[data-game=pentomino-puzzle]")
    table_id(page)
    until(page, "document.querySelectorAll('#pm-board .pm-cell').length === 60")


# -- the game cards -----------------------------------------------------------------------

OUTSIDE = """cards => {
  const bad = [];
  const inside = (a, b) => a.left >= b.left - 0.5 && a.top >= b.top - 0.5 &&
    a.right <= b.right + 0.5 && a.bottom <= b.bottom + 0.5;
  for (const card of cards) {
    const c = card.getBoundingClientRect();
    const pic = card.querySelector('.pic');
    const p = pic.getBoundingClientRect();
    if (!inside(p, c)) bad.push(card.dataset.game + ': picture box outside the card');
    const shapes = pic.querySelectorAll(
      'svg rect, svg circle, svg ellipse, svg path, svg polygon, svg line, svg text, svg use');
    if (!shapes.length) bad.push(card.dataset.game + ': no picture');
    for (const s of shapes) {
      const r = s.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      const svg = s.ownerSVGElement.getBoundingClientRect();
      const what = card.dataset.game + ': a ' + s.tagName;
      if (!inside(r, svg)) bad.push(what + ' is cut off by its picture');
      if (!inside(r, p)) bad.push(what + ' is outside the picture box');
    }
  }
  return bad;
}"""


@pytest.mark.parametrize("width", [1200, 390])
def test_every_card_picture_is_fully_inside_its_card(server, new_page, width):
    page = new_page(width=width, height=900)
    open_home(server, page)
    names = {g["name"] for g in get(server, "/api/games")["games"]}
    cards = page.locator(".card")
    assert cards.count() == len(names)
    assert page.eval_on_selector_all(".card", OUTSIDE) == []
    pics = page.eval_on_selector_all(".card .pic", "ps => ps.map(p => p.innerHTML)")
    assert len(set(pics)) == len(pics), "every game has its own picture"
    assert not page.errors, page.errors


# -- the lobby lists ----------------------------------------------------------------------

def rows(page, list_id: str) -> list[str]:
    return page.eval_on_selector_all(f"#{list_id} li[data-table]",
                                     "ls => ls.map(l => l.dataset.table)")


def test_your_games_come_first_with_resume(server, new_page):
    page = new_page()
    open_home(server, page)
    page.click("button[data-game=pentago]")
    pentago = table_id(page)
    open_home(server, page)
    choose_puzzle(page)
    page.click("#create-submit")
    puzzle = table_id(page)
    watched = create_table(server, [{"kind": "invite"}, {"kind": "computer"}], game="pentago")["id"]
    free = create_table(server, [{"kind": "open"}, {"kind": "computer"}], game="pentago")["id"]

    open_home(server, page)
    assert page.locator("#your-games").is_visible()
    assert set(rows(page, "mine")) == {pentago, puzzle}
    assert rows(page, "playing") == [watched] and rows(page, "open") == [free]
    # your games sit above everything else on the page
    top = page.locator("#your-games").bounding_box()["y"]
    assert top < page.locator("#games").bounding_box()["y"]
    mine = page.locator(f"#mine li[data-table='{puzzle}']")
    assert mine.locator("a.button").inner_text() == "Resume"
    assert "your turn" in mine.inner_text() and "0 moves" in mine.inner_text()
    assert "6 × 10" in mine.inner_text()
    assert page.locator(f"#playing li[data-table='{watched}'] a").inner_text() == "Watch"
    assert page.locator(f"#open li[data-table='{free}'] button").inner_text() == "Sit"
    shot(page, "home-lobby")
    mine.locator("a.button").click()
    until(page, f"location.pathname === '/t/{puzzle}'")
    page.wait_for_selector("#status .you")
    assert not page.errors, page.errors


def test_idle_tables_are_hidden_and_can_be_shown(server, new_page):
    page = new_page()
    open_home(server, page)
    page.click("button[data-game=pentago]")
    my_old = table_id(page)
    fresh = create_table(server, [{"kind": "invite"}, {"kind": "computer"}], game="pentago")["id"]
    old = create_table(server, [{"kind": "invite"}, {"kind": "computer"}], game="pentago")["id"]
    server.stop()
    with sqlite3.connect(server.db.removeprefix("sqlite:///")) as db:
        for tid, days in ((my_old, 2), (old, 5)):
            db.execute("UPDATE tables SET updated = updated - ? WHERE id = ?", (days * DAY, tid))
    server.start()

    open_home(server, page)
    toggle = page.locator("#toggle-idle")
    assert rows(page, "playing") == [fresh]
    assert page.locator("#your-games").is_hidden()
    assert toggle.inner_text() == "Show 2 older games"
    toggle.click()
    until(page, "document.querySelectorAll('#playing li[data-table]').length === 2")
    assert rows(page, "playing") == [fresh, old]
    assert rows(page, "mine") == [my_old]
    assert page.locator("#your-games").is_visible()
    idle_row = page.locator(f"#playing li[data-table='{old}']")
    assert "idle" in idle_row.get_attribute("class")
    assert "5 days ago" in idle_row.inner_text()
    assert "2 days ago" in page.locator(f"#mine li[data-table='{my_old}']").inner_text()
    assert toggle.inner_text() == "Hide older games"
    toggle.click()
    until(page, "document.querySelectorAll('#playing li[data-table]').length === 1")
    assert page.locator("#your-games").is_hidden()
    assert not page.errors, page.errors


def test_a_late_answer_to_an_older_lobby_request_is_not_shown(server, new_page):
    """The lists are asked for every 5 s and on each Show / Hide, and nothing kept their
    answers in order: against a slow server an older answer arriving last was shown over
    the newer (the idle games listed again after Hide). A late answer to an older request
    is dropped now, and the 5 s refresh asks nothing while a request is out."""
    page = new_page()
    fresh = create_table(server, [{"kind": "invite"}, {"kind": "computer"}], game="pentago")["id"]
    old = create_table(server, [{"kind": "invite"}, {"kind": "computer"}], game="pentago")["id"]
    server.stop()
    with sqlite3.connect(server.db.removeprefix("sqlite:///")) as db:
        db.execute("UPDATE tables SET updated = updated - ? WHERE id = ?", (5 * DAY, old))
    server.start()
    open_home(server, page)
    assert rows(page, "playing") == [fresh]
    held = []
    page.route("**/api/tables?*", lambda route: held.append(route))   # answered when the test says
    toggle = page.locator("#toggle-idle")
    toggle.click()   # Show: asks for the idle games too ...
    toggle.click()   # ... Hide: asks without them
    until(page, "document.querySelector('#toggle-idle').getAttribute('aria-pressed') === 'false'")
    assert len(held) == 2 and "idle=true" in held[0].request.url
    for route in reversed(held):   # the newer answered first, the older last
        with page.expect_response(route.request.url):
            route.continue_()
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert rows(page, "playing") == [fresh]
    assert toggle.inner_text() == "Show 1 older game"
    # the refresh (every 5 s, and as the tab is shown again) waits for its answer
    held.clear()
    page.evaluate("() => { for (let i = 0; i < 3; i++) document.dispatchEvent(new Event('visibilitychange')); }")
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert len(held) == 1, [route.request.url for route in held]
    with page.expect_response(held[0].request.url):
        held[0].continue_()
    page.unroute("**/api/tables?*")
    assert not page.errors, page.errors


def test_an_imported_record_shows_its_players_and_plurals(server, new_page):
    state = pentarena.load_game("pentago").new_initial_state(seed=1)
    for move in ["a1 BR cw", "a6 BR cw", "b1 BR cw", "b6 BR cw", "c1 BR cw", "c6 BR cw",
                 "d1 BL cw", "d6 BL cw", "e1"]:
        state.apply(move)
    finished = pentarena.GameRecord.of(state, players=["Ada", "Grace"])
    one = pentarena.load_game("pentago").new_initial_state(seed=1)
    one.apply("a1 BR cw")
    unfinished = pentarena.GameRecord.of(one, players=["Ada", "Grace"])
    page = new_page()
    ids = []
    for record in (finished, unfinished):
        open_home(server, page)
        page.set_input_files("#record-file", files=[{
            "name": "game.json", "mimeType": "application/json",
            "buffer": record.dumps().encode()}])
        ids.append(table_id(page))
    open_home(server, page)
    done = page.locator(f"#finished li[data-table='{ids[0]}']")
    text = done.inner_text()
    assert "Ada vs Grace" in text and "imported · Ada wins" in text and "9 moves" in text
    assert "Player" not in text
    replay = page.locator(f"#finished li[data-table='{ids[1]}']").inner_text()
    assert "imported record, unfinished" in replay and "1 move ·" in replay and "1 moves" not in replay
    assert page.locator(f"#finished li[data-table='{ids[0]}'] a").inner_text() == "Replay"
    assert not page.errors, page.errors
    page.goto(f"{server.url}/t/{ids[1]}")   # its page says so too
    until(page, "document.getElementById('status').innerText.startsWith("
                "'Imported record of a game left unfinished')")
    open_home(server, page)
    # a file that is not a record: said so, with where its JSON breaks
    page.set_input_files("#record-file", files=[{
        "name": "notes.json", "mimeType": "application/json", "buffer": b"{not json"}])
    page.locator("#toasts .toast").wait_for()
    assert page.locator("#toasts .toast").inner_text() == (
        "notes.json is not a game record Pentarena can replay: the record is not valid "
        "JSON: expecting property name enclosed in double quotes at line 1, column 2")


# -- accessibility ------------------------------------------------------------------------

def test_the_page_has_one_h1_that_looks_like_the_brand(server, new_page):
    page = new_page()
    page.goto(server.url + "/rules/pentago")
    elsewhere = page.locator("header.top .brand").bounding_box()
    open_home(server, page)
    h1 = page.locator("h1")
    assert h1.count() == 1 and h1.inner_text() == "Pentarena"
    assert page.locator("header.top h1 .brand").bounding_box() == elsewhere  # as on every page
    assert h1.bounding_box() == elsewhere   # nothing more: no heading margins or size


def test_each_cards_controls_say_which_game(server, new_page):
    page = new_page()
    open_home(server, page)
    games = get(server, "/api/games")["games"]
    names = []
    for g in games:   # a card's three controls are named for its game
        card = page.locator(f".card[data-game='{g['name']}']")
        mine = card.locator("button, a").evaluate_all("es => es.map((e) => e.getAttribute('aria-label'))")
        assert len(mine) == 3 and all(g["title"] in n for n in mine), mine
        names += mine
    assert len(set(names)) == len(names) == 3 * len(games), names
    # the visible words first (speech input finds them), then the game
    cards = page.locator("#games")
    for role, name in (("button", "Play the computer at Pentago, medium level"), ("link", "How to play Pentago"),
                       ("button", "Options for Pentago"), ("button", "Start a puzzle: Pentomino puzzles")):
        assert cards.get_by_role(role, name=name, exact=True).count() == 1, name


def focused_cell(page):
    """The focused drawing cell as [x, y], or else the focused element's id."""
    return page.evaluate("(e => e.classList.contains('pz-cell') ? [+e.dataset.x, +e.dataset.y] : e.id)"
                         "(document.activeElement)")


def test_the_region_tiles_are_a_radio_group(server, new_page):
    page = new_page()
    open_home(server, page)
    choose_puzzle(page)

    def on():  # the focused tile, and the checked ones
        return (page.evaluate("document.activeElement.dataset.region"),
                page.eval_on_selector_all(".pz-region[aria-checked=true]", "ts => ts.map((t) => t.dataset.region)"))

    page.locator(".pz-label .help").first.focus()   # the Region "?", just before the tiles
    page.keyboard.press("Tab")
    assert on() == ("6x10", ["6x10"])
    page.keyboard.press("ArrowRight")                # the arrows move and choose
    assert on() == ("5x12", ["5x12"])
    page.keyboard.press("ArrowDown")
    assert on() == ("4x15", ["4x15"])
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")                 # round from the first to the last
    assert on() == ("custom", ["custom"])
    assert page.locator("#pz-draw").is_visible()
    page.keyboard.press("Home")
    assert on() == ("6x10", ["6x10"])
    page.keyboard.press("End")
    assert on() == ("custom", ["custom"])
    assert page.locator(".pz-region[tabindex='0']").count() == 1   # one Tab stop: the chosen tile
    page.keyboard.press("Tab")
    assert focused_cell(page) == [0, 0]
    page.keyboard.press("Shift+Tab")
    assert on() == ("custom", ["custom"])
    page.click(".pz-region[data-region='3x20']")     # a click moves the Tab stop too
    page.locator(".pz-label .help").first.focus()
    page.keyboard.press("Tab")
    assert on() == ("3x20", ["3x20"])
    assert not page.errors, page.errors


def test_the_drawing_grid_is_one_tab_stop_with_a_cursor(server, new_page):
    page = open_drawing(server, new_page)
    page.focus(".pz-region[data-region=custom]")
    page.keyboard.press("Tab")
    assert focused_cell(page) == [0, 0]
    assert page.locator(".pz-cell[tabindex='0']").count() == 1
    assert page.evaluate("document.activeElement.matches(':focus-visible')")   # the cursor shows
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"
    for key in ["ArrowRight"] * 4 + ["ArrowDown"] * 2:
        page.keyboard.press(key)
    assert focused_cell(page) == [4, 2]
    cell = page.locator(".pz-cell[data-x='4'][data-y='2']")
    assert cell.get_attribute("aria-label") == "row 3, column 5: empty"
    page.keyboard.press("Space")                     # draws
    assert cell.get_attribute("aria-label") == "row 3, column 5: to cover"
    assert cell.get_attribute("aria-pressed") == "true"
    assert page.locator("#pz-count").inner_text().startswith("1 cell")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")                     # Enter too
    page.keyboard.press("Enter")                     # and again: taken out
    assert page.locator("#pz-count").inner_text().startswith("1 cell")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowLeft")                 # the edge stops the cursor
    assert focused_cell(page) == [0, 3]
    page.keyboard.press("End")
    assert focused_cell(page) == [11, 3]
    page.keyboard.press("Tab")                       # one Tab leaves the grid
    assert focused_cell(page) == "pz-clear"
    page.keyboard.press("Shift+Tab")                 # and comes back to the cursor
    assert focused_cell(page) == [11, 3]
    page.click(".pz-cell[data-x='7'][data-y='7']")   # drawing with the mouse moves the cursor
    assert page.locator(".pz-cell[tabindex='0']").get_attribute("aria-label") == "row 8, column 8: to cover"
    page.click("#pz-clear")
    assert cell.get_attribute("aria-label") == "row 3, column 5: empty"
    assert "arrows" in page.locator("#pz-grid").evaluate(
        "g => document.getElementById(g.getAttribute('aria-describedby')).textContent")
    assert not page.errors, page.errors


def test_the_lists_refresh_only_while_the_page_is_seen(server, new_page):
    """Every 5 s (the page's clock run forward, not waited for) while the tab is seen; a
    hidden tab asks the server nothing, and catches up once it is shown again."""
    page = new_page()
    page.clock.install()
    page.add_init_script("""
      let hidden = false;
      Object.defineProperty(document, "hidden", { get: () => hidden });
      window.setHidden = (h) => { hidden = h; document.dispatchEvent(new Event("visibilitychange")); };
    """)
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/api/tables" in r.url else None)
    open_home(server, page)
    first = len(asked)
    with page.expect_request("**/api/tables*"):
        page.clock.run_for(5_500)                 # seen: one refresh
    seen = len(asked)
    assert seen > first
    page.evaluate("setHidden(true)")
    page.clock.run_for(60_000)                    # twelve periods hidden: nothing asked
    page.evaluate("0")
    assert len(asked) == seen
    with page.expect_request("**/api/tables*"):
        page.evaluate("setHidden(false)")         # shown again: at once
    assert not page.errors, page.errors


def test_a_game_with_a_friend_has_hints_only_when_its_creator_allows_them(server, new_page):
    """The create form offers hints for everyone once two seats are for people (a friend,
    anyone, or "me" again at this screen; off by default); the table page's Hint button
    then says "No hints", or asks as before."""
    page = new_page()
    for allow in (False, True):
        open_home(server, page)
        page.select_option("#create-game", "pentago")
        page.wait_for_selector("#seat-1")
        if not allow:
            assert page.locator("#create-hints-field").is_hidden()  # against the computer: on
            page.select_option("#seat-1", "me")                    # a hot seat: off
            assert page.locator("#create-hints-field").is_visible()
            assert not page.locator("#create-hints").is_checked()
            page.select_option("#seat-1", "invite")
        else:  # the form keeps the last table's choices: a friend, no hints
            assert page.locator("#seat-1").input_value() == "invite"
        assert page.locator("#create-hints-field").is_visible()
        assert not page.locator("#create-hints").is_checked()
        if allow:
            page.check("#create-hints")
        page.click("#create-submit")
        tid = table_id(page)
        until(page, "document.getElementById('hint-btn')"
                    " && document.getElementById('hint-btn').textContent !== ''")
        assert get(server, f"/api/tables/{tid}")["table"]["hints"] is allow
        button = page.locator("#hint-btn")
        if allow:
            until(page, "document.getElementById('hint-btn').getAttribute('aria-disabled')"
                        " === 'false'")
            assert button.inner_text() == "Hint"
        else:
            until(page, "document.getElementById('hint-btn').textContent === 'No hints'")
            assert button.get_attribute("aria-disabled") == "true"
            assert "Hints are off at this table" in button.get_attribute("title")
    assert not page.errors, page.errors


def test_the_form_opens_with_the_last_tables_choices(server, new_page):
    """Back from a table just made (or another visit): the form has the game, the options,
    the players and the hints chosen for the last table of that game, ready to make
    another; another game keeps its own."""
    page = new_page()
    open_home(server, page)
    page.select_option("#create-game", "pentup")
    page.select_option("#opt-players", "3")
    page.select_option("#opt-scoring", '"misere"')
    page.select_option("#seat-1", "invite")
    page.select_option("#seat-2", "computer:hard")
    page.check("#create-hints")
    page.click("#create-submit")
    page.wait_for_url("**/t/*")
    made = page.url
    page.go_back()
    until(page, "document.body.dataset.ready === 'true' && "
                "document.getElementById('create-game').value === 'pentup'")

    def choices():
        return page.evaluate("""() => ({ game: document.getElementById('create-game').value,
            players: document.getElementById('opt-players').value,
            scoring: document.getElementById('opt-scoring').value,
            seats: [...document.querySelectorAll('#create-seats select')].map((s) => s.value),
            hints: document.getElementById('create-hints').checked })""")
    kept = {"game": "pentup", "players": "3", "scoring": '"misere"',
            "seats": ["me", "invite", "computer:hard"], "hints": True}
    assert choices() == kept
    page.select_option("#create-game", "pentago")   # another game: its defaults
    assert page.locator("#create-seats select").evaluate_all("(s) => s.map((x) => x.value)") == [
        "me", "computer:medium"]
    page.select_option("#create-game", "pentup")
    assert choices() == kept
    page.click("#create-submit")                     # the form takes another table
    page.wait_for_url(lambda url: url.split("?")[0] != made.split("?")[0] and "/t/" in url)
    open_home(server, page)                          # another visit
    assert choices() == kept
    assert not page.errors, page.errors


def test_back_to_a_kept_page_lets_its_form_make_another_table(server, new_page):
    """A browser that keeps the page as it was left (back/forward cache) shows it with its
    request gone: the form is not left busy, refusing every press."""
    page = new_page()
    open_home(server, page)
    held = []
    page.route("**/api/tables", lambda route: held.append(route) if route.request.method == "POST"
               else route.continue_())
    page.click("#create-submit")
    until(page, "document.getElementById('create').getAttribute('aria-busy') === 'true'")
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))")
    assert page.get_attribute("#create", "aria-busy") is None
    assert page.get_attribute("#create-submit", "aria-disabled") is None
    assert len(held) == 1   # (the request held: the page's context closes with it)


def test_several_seats_me_say_it_is_a_hot_seat(server, new_page):
    """Choosing "me" for a second seat says what that makes: friends taking turns at this
    screen (nothing on the lobby said so)."""
    page = new_page()
    open_home(server, page)
    page.select_option("#create-game", "pentic")
    note = page.locator("#create-hot-seat")
    assert note.is_hidden()
    page.select_option("#seat-1", "me")
    assert note.is_visible() and "friends take turns at this screen" in note.inner_text()
    page.select_option("#seat-1", "invite")
    assert note.is_hidden()
    assert not page.errors, page.errors
