"""A finished game's page: the result banner and the board while the replay is stepped
through, on a phone (upright and on its side) and on a desktop screen."""

from __future__ import annotations

import json

from .helpers import import_record, pentup_record, until

BOX = "(s) => { const r = document.querySelector(s).getBoundingClientRect(); return { top: r.top, bottom: r.bottom, h: r.height, x: r.left + r.width / 2, y: r.top + r.height / 2 }; }"


def box(page, selector: str) -> dict:
    return page.evaluate(BOX, selector)


def step_to(page, ply: int) -> None:
    page.click("#r-first")
    for n in range(1, ply + 1):
        page.click("#r-next")
        until(page, f"document.getElementById('r-pos').textContent.startsWith('{n}/')")


def test_a_phone_folds_the_result_banner_while_the_replay_is_stepped(server, new_page):
    """The banner (the winner, the levels' table, the deciding line: a third of an upright
    phone) is one line while the replay is stepped through: the board has the screen.  A
    tap on Details shows it whole; stepped to the end, it is whole again."""
    t = import_record(server, pentup_record(players=4, seed=1))   # teams: the tallest banner
    page = new_page(390, 844, touch=True)
    page.goto(server.url + t["url"])
    until(page, "!document.getElementById('replay').hidden")
    assert page.locator("#pu-decided").is_visible()   # the end: all of it, untouched
    step_to(page, 3)
    banner, board = box(page, "#banner"), box(page, ".bv")
    assert banner["h"] <= 70, banner            # one line: the result and a button
    assert board["h"] >= 540, board             # 382 px under the whole banner
    assert page.locator("#result").inner_text() == "Black + Blue win"
    assert not page.locator("#pu-decided").is_visible()
    fold = page.locator("#banner-fold")
    assert fold.get_attribute("aria-expanded") == "false"
    assert fold.bounding_box()["height"] >= 40   # a finger's target
    fold.tap()                                   # the details, in full, on a tap
    assert fold.get_attribute("aria-expanded") == "true"
    for part in ("#pu-decided", "#banner .breakdown", "#banner-analysis", "#all-games"):
        page.locator(part).scroll_into_view_if_needed()
        assert page.locator(part).is_visible(), part
    page.click("#r-next")                        # a step folds it again
    until(page, "document.getElementById('r-pos').textContent.startsWith('4/')")
    assert fold.get_attribute("aria-expanded") == "false"
    page.click("#r-last")                        # the end: the result in full again
    until(page, "!document.getElementById('r-next').matches('[aria-disabled=false]')")
    until(page, "document.getElementById('banner-fold').getAttribute('aria-expanded') === 'true'")
    assert page.locator("#pu-decided").is_visible()
    assert not page.errors, page.errors


def test_a_desktop_keeps_the_whole_banner_while_stepping(server, new_page):
    t = import_record(server, pentup_record(players=4, seed=1))
    page = new_page(1440, 900)
    page.goto(server.url + t["url"])
    until(page, "!document.getElementById('replay').hidden")
    decided = page.locator("#pu-decided").inner_text()
    assert decided.endswith(" — their tiles are outlined in gold on the board."), decided
    step_to(page, 2)
    assert page.locator("#pu-decided").is_visible()
    assert page.locator("#banner-fold").is_hidden()
    # the gold is the end's: a step before it shows the last move's mark instead
    assert page.locator("#pu-decided").inner_text() == decided.replace(
        " — their tiles are outlined in gold on the board.",
        " — step to the end to see their tiles outlined in gold.")
    page.click("#r-last")
    until(page, "!document.getElementById('r-next').matches('[aria-disabled=false]')")
    assert page.locator("#pu-decided").inner_text() == decided
    assert not page.errors, page.errors


def test_the_empty_table_in_3d_sits_in_the_middle_of_the_board(server, new_page):
    """Stepped back to move 0 in the 3D view, "The table is empty" is in the middle of the
    board (of its part above the view's buttons, which the picture keeps clear of), not
    where the structure's picture had put the view."""
    t = import_record(server, pentup_record(players=2, seed=1))
    for size in ((1440, 900, False), (390, 844, True)):
        page = new_page(size[0], size[1], touch=size[2])
        page.goto(server.url + t["url"])
        until(page, "!document.getElementById('replay').hidden")
        page.click("#pu-view")   # the 3D view of the whole structure
        until(page, "document.querySelectorAll('.cube').length > 0")
        page.click("#r-first")
        until(page, "document.getElementById('r-pos').textContent.startsWith('0/')")
        until(page, "!document.querySelector('.bv').dataset.moving")
        text = page.locator(".bv text", has_text="The table is empty")
        text.wait_for()
        r, b = text.bounding_box(), box(page, ".bv")
        tools = box(page, ".bv-tools")
        above, below = r["y"] - b["top"], tools["top"] - (r["y"] + r["height"])
        assert abs(r["x"] + r["width"] / 2 - b["x"]) <= 4 and abs(above - below) <= 40, (r, b, tools)
        assert not page.errors, page.errors


def test_the_game_over_line_says_where_the_stepper_is(server, new_page):
    """Above the board on an upright phone, beside it on a phone on its side."""
    from .helpers import pentago_record

    t = import_record(server, pentago_record())
    for (w, h), where in (((390, 844), "above the board"), ((844, 390), "beside the board")):
        page = new_page(w, h, touch=True)
        page.goto(server.url + t["url"])
        until(page, "(document.getElementById('pg-hint') || { textContent: '' }).textContent.startsWith('Game over')")
        said = page.inner_text("#pg-hint")
        assert where in said, said
        stepper, board = box(page, "#replay"), box(page, ".bv")
        assert (stepper["bottom"] <= board["top"]) == (where == "above the board"), (stepper, board)
        assert not page.errors, page.errors


def test_a_solved_puzzle_stepped_through_names_no_turn(server, new_page):
    """A puzzle has no turns: a step of its replay says how far it is, not "Amber to move"."""
    from .helpers import create_table

    t = create_table(server, [{"kind": "me"}], {"region": "6x10"}, game="pentomino-puzzle")
    page = new_page(844, 390, touch=True)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.click("#pm-solve")
    page.click("#pm-solve")   # it asks first
    page.wait_for_selector("#banner:not([hidden])")
    step_to(page, 3)
    until(page, "document.getElementById('status').innerText.includes('After move 3')")
    status = page.inner_text("#status")
    assert "to move" not in status and "Amber" not in status, status
    assert "After move 3 of 12" in status, status
    assert not page.errors, page.errors


def test_a_phone_on_its_side_keeps_the_message_line_off_the_stepper(server, new_page):
    """At the end of a four-player Pentic (a tall result: four rows of points), the banner,
    the stepper and the message line under them each have their own room beside the board."""
    from .test_watching import pentic_record

    t = import_record(server, pentic_record())
    page = new_page(844, 390, touch=True)
    page.goto(server.url + t["url"])
    until(page, "!document.getElementById('replay').hidden")
    banner, stepper, line = box(page, "#banner"), box(page, "#replay"), box(page, "#board-area .msg")
    assert banner["bottom"] <= stepper["top"] + 0.5 and stepper["bottom"] <= line["top"] + 0.5, (banner, stepper, line)
    assert line["bottom"] <= 390
    assert not page.errors, page.errors


def test_the_drawer_opens_on_the_move_stepped_to(server, new_page):
    """On a phone the moves are in the drawer, which scrolls as a whole: opened at move 30
    of 36, that move is in sight (not moves 1 to 20)."""
    from .helpers import pentago_record

    t = import_record(server, pentago_record())
    page = new_page(390, 844, touch=True)
    page.goto(server.url + t["url"] + "#move-30")
    until(page, "document.getElementById('r-pos').textContent.startsWith('30/')")
    page.locator("#side-toggle").tap()
    until(page, "getComputedStyle(document.getElementById('side')).visibility === 'visible'")
    li, side = box(page, "#log li[data-ply='30']"), box(page, "#side")
    foot = box(page, ".log-actions")   # the buttons stuck to the drawer's foot
    assert li["top"] >= side["top"] and li["bottom"] <= foot["top"], (li, side, foot)
    assert not page.errors, page.errors


def test_the_step_follows_the_address_when_only_its_move_changes(server, new_page):
    """A #move- link followed in the same tab (or the address edited) steps to that move
    without a reload; the address without one shows the end."""
    from .helpers import pentago_record

    t = import_record(server, pentago_record())
    page = new_page()
    page.goto(server.url + t["url"])
    until(page, "document.getElementById('r-pos').textContent.startsWith('36/')")
    page.evaluate("location.hash = '#move-4'")
    until(page, "document.getElementById('r-pos').textContent.startsWith('4/')")
    page.go_back()   # to the address without a move: the end again
    until(page, "document.getElementById('r-pos').textContent.startsWith('36/')")
    page.go_forward()
    until(page, "document.getElementById('r-pos').textContent.startsWith('4/')")
    page.click("#r-next")
    until(page, "location.hash === '#move-5'")
    assert not page.errors, page.errors


def test_a_match_of_rounds_names_each_player_on_one_line(server, new_page):
    """Three players' rounds on an upright phone: each name beside its dot in the table of
    rounds (it went under the dot, each row two lines high), and the table in the banner."""
    import random

    import pentarena
    from pentarena.record import GameRecord

    state = pentarena.load_game("pentomino", players=3).new_initial_state(seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
    t = import_record(server, GameRecord.of(state).to_json())
    page = new_page(390, 844, touch=True)
    page.goto(server.url + t["url"])
    page.wait_for_selector("#banner:not([hidden]) .breakdown")
    rows = page.eval_on_selector_all(
        "#banner .breakdown tr", "rows => rows.map((r) => r.cells[0].getBoundingClientRect().height)")
    assert len(rows) == 4 and max(rows) <= 1.2 * min(rows), rows   # the heading's row: one line
    fits = page.evaluate("(() => { const b = document.getElementById('banner'); return b.scrollWidth <= b.clientWidth; })()")
    assert fits
    assert not page.errors, page.errors


MORE = "(s) => getComputedStyle(document.querySelector(s), '::after').content"


def test_a_banner_that_scrolls_inside_says_there_is_more(server, new_page):
    """An upright phone gives the end-of-game banner a third of the screen: a 4-player
    Pent-Up's (the levels' table, the teams, the deciding line) scrolls inside it.  Its
    bottom edge fades out and says "more ▾" while there is more below, and the last line is
    reached by scrolling; a banner that fits (a desktop's, a folded one) has no such cue."""
    t = import_record(server, pentup_record(players=4, seed=1))
    page = new_page(390, 844, touch=True)
    page.goto(server.url + t["url"])
    until(page, "!document.getElementById('replay').hidden")
    until(page, "document.getElementById('banner').classList.contains('more-below')")
    assert page.evaluate("(b) => b.scrollHeight > b.clientHeight", page.locator("#banner").element_handle())
    assert "more" in page.evaluate(MORE, "#banner")
    page.locator("#banner").evaluate("(b) => { b.scrollTop = b.scrollHeight; }")
    until(page, "!document.getElementById('banner').classList.contains('more-below')")
    assert page.evaluate(MORE, "#banner") == "none"
    last, banner = box(page, "#pu-decided"), box(page, "#banner")
    assert banner["top"] <= last["top"] and last["bottom"] <= banner["bottom"], (last, banner)   # all of it in view
    step_to(page, 3)                             # folded: one line, nothing below
    assert not page.evaluate("document.getElementById('banner').classList.contains('more-below')")
    assert not page.errors, page.errors

    desktop = new_page(1440, 900)                # the whole banner fits: no cue
    desktop.goto(server.url + t["url"])
    until(desktop, "!document.getElementById('replay').hidden")
    desktop.wait_for_selector("#pu-decided")
    assert desktop.evaluate("(b) => b.scrollHeight <= b.clientHeight", desktop.locator("#banner").element_handle())
    assert not desktop.evaluate("document.getElementById('banner').classList.contains('more-below')")
    assert desktop.evaluate(MORE, "#banner") == "none"
    assert not desktop.errors, desktop.errors


HANDS = """(sel) => [...document.querySelectorAll(sel + ' .pc-hands-row')].map(
    (row) => [...row.querySelectorAll('.pc-mini')].map((c) => c.dataset.card))"""


def test_a_finished_pentic_shows_every_hand_at_the_move_stepped_to(server, new_page):
    """Once a Pentic game is over its hands are public: under the grid (in the drawer's
    Table on a phone on its side), each seat's, as the move stepped to holds them."""
    import pentarena

    from .test_watching import pentic_record

    record = pentic_record(players=3)
    states = pentarena.GameRecord.from_json(record).states()
    t = import_record(server, record)
    page = new_page(1280, 800)
    page.goto(server.url + t["url"])
    until(page, "!document.getElementById('replay').hidden")
    for ply in (len(states) - 1, 4):
        if ply != len(states) - 1:
            step_to(page, ply)
        want = [sorted(h) for h in states[ply].to_json()["hands"]]
        as_js = json.dumps(json.dumps(want, separators=(",", ":")))  # as JSON.stringify writes it
        until(page, f"JSON.stringify(({HANDS})('#pc-hands')) === {as_js}")
        assert page.locator("#pc-hands").is_visible() and page.locator("#pc-hands-side").is_hidden()
    assert any(want)  # cards in hand at move 4
    phone = new_page(844, 390, touch=True)
    phone.goto(server.url + t["url"])
    until(phone, "!document.getElementById('replay').hidden")
    assert phone.locator("#pc-hands").is_hidden()
    phone.click("#side-toggle")
    until(phone, "document.querySelector('#pc-hands-side').getBoundingClientRect().height > 0")
    assert len(phone.evaluate(HANDS, "#pc-hands-side")) == 3
    for p in (page, phone):
        assert not p.errors, p.errors


def test_a_pentic_move_list_keeps_its_rows_beside_the_analysis_at_1280x800(server, new_page):
    """At 1280×800 the side column grows with the screen (the board is bound by the
    height): beside a finished analysis and its verdict, the move list still shows five
    moves or more, and the column needs no scrolling of its own (three rows before, the
    column scrolling under its sticky buttons)."""
    from .test_watching import pentic_record

    t = import_record(server, pentic_record(players=2))
    page = new_page(1280, 800)
    page.goto(server.url + t["url"])
    until(page, "!document.getElementById('replay').hidden")
    page.click("#analysis-btn")
    until(page, "!document.getElementById('analysis-note').hidden && "
                "!document.getElementById('analysis-note').textContent.includes('Analysing')",
          timeout=240_000)
    until(page, "!document.getElementById('analysis-current').hidden")
    rows = page.evaluate("""() => {
        const log = document.querySelector('.side .moves .log').getBoundingClientRect();
        return [...document.querySelectorAll('.side .moves .log li')].filter((li) => {
            const r = li.getBoundingClientRect();
            return r.top >= log.top - 1 && r.bottom <= log.bottom + 1; }).length; }""")
    assert rows >= 5, rows
    assert page.evaluate("(s) => s.scrollHeight <= s.clientHeight",
                         page.locator("#side").element_handle())
    assert not page.errors, page.errors


def test_a_five_made_by_the_losers_own_twist_is_said(server, new_page):
    """Pentago: Black's five completed by White's twist (random game, seed 7) — easy to
    miss on the board, said in the banner."""
    from .helpers import pentago_record

    t = import_record(server, pentago_record(seed=7))
    page = new_page()
    page.goto(server.url + t["url"])
    page.wait_for_selector("#banner:not([hidden])")
    text = page.locator("#banner").inner_text()
    assert "Black: five in a row (a1–e5, b2–f6). White's own twist made it." in text, text
    assert not page.errors, page.errors


def test_a_replay_names_who_held_a_seat_at_each_step(server, new_page):
    """Bobby played Black's first two moves, then left, and Carol played on: stepped to
    those moves the status and the players name Bobby (they named Carol, the seat's
    holder at the end), and the move list names each move's player at every step."""
    from .helpers import pentago_record

    record = pentago_record(seed=6)
    record["meta"] = {"players": ["Ann", "Carol"],
                      "earlier_players": [[], [{"name": "Bobby", "until": 4}]]}
    t = import_record(server, record)
    page = new_page(1280, 800)
    page.goto(server.url + t["url"])
    until(page, "!document.getElementById('replay').hidden")
    lines = "Array.from(document.querySelectorAll('#log li .txt'), (e) => e.innerText.split(':')[0])"
    whose = ["Ann", "Bobby", "Ann", "Bobby"] + ["Ann", "Carol"] * 16
    for ply, holder in ((1, "Bobby"), (3, "Bobby"), (5, "Carol")):
        step_to(page, ply)
        until(page, f"document.getElementById('status').innerText.includes('{holder} to move')")
        assert page.locator("#players [data-seat='1'] .name").inner_text() == holder
        assert page.evaluate(lines) == whose
    assert not page.errors, page.errors


def test_a_short_wide_screen_folds_the_result_and_the_end_takes_the_room(server, new_page):
    """A tablet on its side (a tablet pass, 1180×820): the result banner took 297 px and
    had no Details to fold it; a four-player game's end was drawn at 11 px a cell, and
    with the room back it kept that scale. Folded, the end is fitted to the room."""
    t = import_record(server, pentup_record(players=4, seed=1))
    page = new_page(1180, 820, touch=True)
    page.goto(server.url + t["url"])
    until(page, "!document.getElementById('replay').hidden && !document.querySelector('.bv').dataset.moving")
    assert page.locator("#pu-decided").is_visible()      # the end: all of it, untouched
    scale = "Number(document.querySelector('#pu-board .bv-world').getAttribute('transform').match(/scale\\(([\\d.]+)\\)/)[1])"
    whole, before = box(page, "#banner"), page.evaluate(scale)
    fold = page.locator("#banner-fold")
    assert fold.is_visible() and fold.bounding_box()["height"] >= 40
    fold.tap()
    until(page, f"document.getElementById('banner').getBoundingClientRect().height < {whole['h'] / 3}")
    until(page, f"!document.querySelector('.bv').dataset.moving && {scale} > {before} * 1.4")
    folded = page.evaluate(scale)
    page.tap("#bv-fit")                                  # what Fit would show: that already
    until(page, "!document.querySelector('.bv').dataset.moving")
    assert abs(page.evaluate(scale) - folded) < 1e-3
    assert page.locator("#result").inner_text() == "Black + Blue win"
    assert not page.errors, page.errors
