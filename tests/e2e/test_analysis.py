"""The Hint button and the post-game analysis, in a real browser against the real server."""

from __future__ import annotations

import re

from .helpers import (
    create_table,
    import_record,
    log_moves,
    moves_played,
    pentago_record,
    pentup_record,
    until,
    wait_moves,
    wait_turn_or_end,
)

HINTED = "document.getElementById('pg-hint').textContent.startsWith('Hint: ')"


def take_hint(page) -> str:
    """Click Hint, wait for the suggestion on the board, return its move text."""
    until(page, "document.getElementById('hint-btn').getAttribute('aria-disabled') === 'false'")
    page.click("#hint-btn")
    until(page, HINTED)
    return page.locator("#pg-hint").get_attribute("data-hint")


def finish_on_hints(page) -> int:
    """Play the human seat's moves on hints until the game ends; the number of moves."""
    while wait_turn_or_end(page):
        before = moves_played(page)
        take_hint(page)
        page.locator("#pg-confirm").click()
        wait_moves(page, before + 1)
    return moves_played(page)


def test_on_a_phone_the_analysis_is_offered_and_read_beside_the_board(server, new_page):
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                     game="pentago")
    page = new_page(width=390, height=844, touch=True)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    total = finish_on_hints(page)
    # the result banner offers it (the move list's button is in the closed drawer)
    until(page, "!document.getElementById('banner-analysis').hidden")
    assert not page.evaluate("document.body.classList.contains('side-open')")
    page.locator("#banner-analysis").tap()
    until(page, f"document.querySelectorAll('#log li .mark').length === {total}",
          timeout=300_000)
    assert page.locator("#banner-analysis").is_disabled()
    page.locator("#r-prev").tap()  # a step back: that move's verdict under the stepper
    until(page, "document.getElementById('analysis-current').textContent.startsWith("
          f"'Move {total - 1}, ')")
    current = page.locator("#analysis-current")
    assert current.is_visible()
    assert page.evaluate("document.getElementById('analysis-current').closest('.play') !== null")
    box, board = current.bounding_box(), page.locator("#board-area").bounding_box()
    assert box["y"] + box["height"] <= board["y"] + 1  # above the board, not over it
    assert "→" in current.inner_text()
    assert not page.errors, page.errors



def test_on_a_phone_the_analysis_button_shows_its_progress(server, new_page):
    """The note that says "Analysing… 5 of 36 moves judged" is in the closed drawer on a
    phone: the button tapped says how far it has got, and "Analysis" again when done."""
    table = import_record(server, pentago_record())   # 36 moves
    page = new_page(width=390, height=844, touch=True)
    page.goto(server.url + table["url"])
    page.wait_for_selector("#banner:not([hidden]) #banner-analysis")
    assert page.locator("#banner-analysis").inner_text() == "Analysis"
    page.locator("#banner-analysis").tap()
    until(page, "/^Analysing… \\d+\\/36$/.test(document.getElementById('banner-analysis').textContent)")
    assert page.locator("#banner-analysis").is_visible()
    assert not page.locator("#analysis-note").is_visible()   # in the drawer
    until(page, "document.querySelectorAll('#log li .mark').length === 36", timeout=300_000)
    until(page, "document.getElementById('banner-analysis').textContent === 'Analysis'")
    assert page.locator("#banner-analysis").get_attribute("aria-disabled") == "true"
    assert not page.errors, page.errors

def test_hint_then_finish_the_game_and_open_the_analysis(server, new_page):
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                     game="pentago")
    page = new_page()
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    assert wait_turn_or_end(page)
    assert page.locator("#analysis-btn").is_hidden()

    # the hint is staged on the board, with a sentence saying why: Confirm plays it
    move = take_hint(page)
    cell = move.split()[0]
    assert page.locator(f".pg-hinted[data-cell={cell}]").count() == 1
    assert page.locator(f".pg-cell[data-cell={cell}]").get_attribute("data-owner") == ""
    assert len(page.locator("#pg-hint").inner_text()) > len(move) + 20  # the why
    assert page.locator("#pg-confirm").is_enabled()
    # another cell clicked: the hint's twist goes with it (Confirm would have played a
    # twist never chosen); the hint again stages it as it was
    other = next(c for c in ("a1", "f6", "a6") if c != cell)
    page.click(f".pg-cell[data-cell={other}]")
    until(page, "document.getElementById('pg-hint').textContent.startsWith('Now choose a quadrant')")
    assert page.locator("#pg-confirm").is_disabled()
    assert take_hint(page) == move
    page.click("#pg-confirm")
    wait_moves(page, 1)
    assert log_moves(page)[0] == move

    # finish the game on hints: the strong search beats the random computer quickly
    total = finish_on_hints(page)
    assert page.locator("#result").inner_text()

    # after the game: the analysis marks every move; hovering a move still shows it
    page.click("#analysis-btn")
    until(page, f"document.querySelectorAll('#log li .mark').length === {total}",
          timeout=300_000)
    marks = page.eval_on_selector_all("#log li .mark", "els => els.map((e) => e.textContent)")
    assert set(marks) <= {"✓", "?!", "?", "·"}
    assert "✓" in marks
    tip = page.locator("#log li .mark").last.get_attribute("title")
    assert "→" in tip and ("won" in tip or "lost" in tip)  # the last move: exact values
    assert page.locator("#analysis-note").is_visible()
    assert "blunder" in page.locator("#analysis-note").inner_text()
    assert page.locator("#analysis-btn").is_disabled()
    page.hover("#log li[data-ply='1']")
    until(page, "document.querySelector('.log-hl[data-ply=\"1\"]') !== null")
    page.keyboard.press("ArrowLeft")  # a step back: that move's verdict in words
    until(page, "document.getElementById('analysis-current').textContent.startsWith("
          f"'Move {total - 1}, ')")
    current = page.locator("#analysis-current").inner_text()
    assert "→" in current
    # the move and any better one in the move list's words ("e1, turns top-left ↻"), not
    # the engine's notation ("e1 TL cw")
    assert re.search(r"Move \d+, [a-f][1-6](, turns (top|bottom)-(left|right) [↻↺]| — five in a row):", current), current
    assert not re.search(r"\b(TL|TR|BL|BR) c?cw\b", current), current
    # opened again (a reload, a shared link), the analysis made is shown without asking
    page.reload()
    until(page, f"document.querySelectorAll('#log li .mark').length === {total}")
    assert page.eval_on_selector_all("#log li .mark", "els => els.map((e) => e.textContent)") == marks
    assert page.locator("#analysis-note").is_visible() and page.locator("#analysis-btn").is_disabled()
    assert not page.errors, page.errors


def test_a_move_that_ended_the_game_is_shown_with_its_result(server, new_page):
    """A twist that gives both players five, 25 cells from the solver's reach: the move
    list's mark says the mover's chances went to drawn because the game ended (it said
    "→ 50% (an estimate)")."""
    moves = ["a1 BL cw", "a3 BL cw", "b1 BL cw", "b3 BL cw", "c1 BL cw", "c3 BL cw",
             "d3 BL cw", "f3 BL cw", "d2 BL cw", "f2 BL cw", "f6 TR cw"]
    table = import_record(server, pentago_record(moves))
    page = new_page()
    page.goto(server.url + table["url"])
    page.click("#analysis-btn")
    until(page, "document.querySelectorAll('#log li .mark').length === 11", timeout=300_000)
    tip = page.locator("#log li .mark").last.get_attribute("title")
    assert re.search(r"→ drawn \(the game ended there\)", tip), tip
    assert "estimate" not in tip.split("→")[1], tip
    assert not page.errors, page.errors


def test_a_folded_banner_says_how_the_analysis_is_getting_on(server, new_page):
    """Stepping back through the game folds the banner, and its Analysis button with it: the
    folded line itself says "Analysing… 5/36", then that the analysis is done."""
    table = import_record(server, pentago_record())   # 36 moves
    page = new_page(width=390, height=844, touch=True)
    page.goto(server.url + table["url"])
    page.wait_for_selector("#banner:not([hidden]) #banner-analysis")
    page.locator("#banner-analysis").tap()
    page.locator("#r-prev").tap()                      # folded: the button out of sight
    until(page, "document.getElementById('banner-fold').getAttribute('aria-expanded') === 'false'")
    assert not page.locator("#banner-analysis").is_visible()
    status = page.locator("#banner-status")
    until(page, "/^Analysing… \\d+\\/36$/.test(document.getElementById('banner-status').textContent)")
    assert status.is_visible()
    line, shown = page.locator("#banner .banner-line").bounding_box(), status.bounding_box()
    assert shown["x"] + shown["width"] <= line["x"] + line["width"] + 1   # on the line, whole
    until(page, "document.querySelectorAll('#log li .mark').length === 36", timeout=300_000)
    until(page, "document.getElementById('banner-status').textContent === 'Analysed ✓'")
    assert status.is_visible()
    page.locator("#r-last").tap()                      # whole again: the button says it
    until(page, "document.getElementById('banner-fold').getAttribute('aria-expanded') === 'true'")
    assert not status.is_visible()
    assert not page.errors, page.errors


def test_the_analysis_of_a_four_player_game_shows_its_moves_on_a_laptop(server, new_page):
    """1280x720, a four-player Pent-Up game (a tall players panel): once Analysis is
    pressed the side column scrolls to the moves, and the list keeps rows enough to read
    (it was three, the last under the buttons)."""
    t = import_record(server, pentup_record(players=4))
    page = new_page(1280, 720)
    page.goto(server.url + t["url"])
    page.wait_for_selector("#banner:not([hidden])")
    page.click("#analysis-btn")
    until(page, "!document.getElementById('analysis-note').hidden")
    seen = page.evaluate("""() => { const side = document.getElementById('side').getBoundingClientRect();
        const log = document.getElementById('log').getBoundingClientRect();
        return [Math.max(side.top, log.top), Math.min(side.bottom, log.bottom)]; }""")
    assert seen[1] - seen[0] >= 150, seen      # about eight rows of the list in sight
    assert page.evaluate("document.querySelector('#log li.current') !== null")
    assert not page.errors, page.errors


def test_a_move_clicked_after_the_analysis_stays_under_the_pointer(server, new_page):
    """Once the analysis is in, the verdict line above the move list keeps its place (a
    line saying how to use it): a move clicked no longer pushes the list down under the
    pointer (the next move got the hover)."""
    table = import_record(server, pentago_record())   # 36 moves
    page = new_page(1280, 800)
    page.goto(server.url + table["url"])
    page.click("#analysis-btn")
    until(page, "document.querySelectorAll('#log li .mark').length === 36", timeout=300_000)
    current = page.locator("#analysis-current")
    page.click("#r-first")                              # at the start: no move's verdict
    until(page, "document.getElementById('r-pos').textContent.startsWith('0/')")
    row = page.locator("#log li[data-ply='2']")
    row.scroll_into_view_if_needed()
    before = row.bounding_box()["y"]
    row.click()
    until(page, "document.getElementById('analysis-current').textContent.startsWith('Move 2, ')")
    assert abs(row.bounding_box()["y"] - before) <= 2
    assert current.is_visible()
    assert not page.errors, page.errors


def test_a_pent_up_verdict_names_the_levels_as_the_move_list_does(server, new_page):
    """'Move 10, X on -5,-5 to -3,-3: … best: U on -2,1 to 0,2' left out the levels,
    which the move list gives ('X on level 1 (…)'): a tile's level is half its move."""
    t = import_record(server, pentup_record(players=2))
    page = new_page()
    page.goto(server.url + t["url"])
    page.wait_for_selector("#banner:not([hidden])")
    total = page.locator("#log li").count()
    page.click("#analysis-btn")
    # every move judged (the note shows as soon as the analysis starts)
    until(page, f"document.querySelectorAll('#log li .mark').length === {total}", timeout=300_000)
    lines = page.eval_on_selector_all("#log li .txt", "els => els.map((e) => e.textContent)")
    seen_best = False
    for ply in range(total - 1, max(0, total - 8), -1):
        page.keyboard.press("ArrowLeft")
        until(page, "document.getElementById('analysis-current').textContent.startsWith("
              f"'Move {ply}, ')")
        current = page.locator("#analysis-current").inner_text()
        played = lines[ply - 1].split(": ", 1)[1]          # "X on level 1 (-5,-5 to -3,-3)"
        assert current.startswith(f"Move {ply}, {played}: "), (current, played)
        best = re.search(r"best: ([A-Z]) on (.*?)\.$", current)
        if best:
            seen_best = True
            assert re.match(r"level \d+ \(-?\d+,-?\d+ to -?\d+,-?\d+\)$", best.group(2)), current
    assert not page.errors, page.errors
    assert seen_best or total < 8
