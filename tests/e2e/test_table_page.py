"""The table page around the board: an unknown table, the phone's drawer, the buttons
after a long game, and no keyboard hints on a touch screen."""

from __future__ import annotations

import pytest

from .conftest import shot
from .helpers import create_table, import_record, pentago_record, until, wait_turn_or_end

# the element is on the screen, and a tap at its middle reaches it (nothing over it)
REACHABLE = """(sel) => {
    const e = document.querySelector(sel);
    if (!e || e.offsetParent === null) return false;
    const r = e.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0 || r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === e || e.contains(hit));
}"""

DRAWER_OPEN = "getComputedStyle(document.getElementById('side')).visibility === 'visible'"
DRAWER_SHUT = "getComputedStyle(document.getElementById('side')).visibility === 'hidden'"


def reachable(page, selector: str) -> bool:
    return page.evaluate(REACHABLE, selector)


def open_long_game(server, new_page, width, height, touch=False):
    """A finished Pentago game of 36 moves (the board full: a draw), as a replay table."""
    table = import_record(server, pentago_record())
    page = new_page(width=width, height=height, touch=touch)
    page.goto(server.url + table["url"])
    page.wait_for_selector("#banner:not([hidden])")
    until(page, "document.querySelectorAll('#log li').length === 36")
    return page


# -- a table that is not there ------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_an_unknown_table_is_a_clean_not_found_page(server, new_page, size):
    page = new_page(width=size[0], height=size[1], touch=size[0] < 800)
    page.goto(server.url + "/t/nosuchtable?token=stale")   # an old invite link, even
    page.wait_for_selector("#missing")
    text = page.locator("#missing").inner_text()
    assert "Table not found" in text and "nosuchtable" in text
    back = page.locator("#missing a[href='/']")
    assert back.is_visible() and back.inner_text() == "All games"
    # no table page around it: no connection light, no panels, no buttons, no dead links
    for sel in ("#conn", "#rules-link", "#side-toggle", "#players", "#log", "#export",
                "#analysis-btn", "#replay", "#board-area", "#status"):
        assert page.locator(sel).count() == 0 or page.locator(sel).is_hidden(), sel
    assert "connecting" not in page.locator("body").inner_text()
    assert page.locator("a[href='#']:visible").count() == 0
    assert page.locator(".toast").count() == 0            # said once, on the page
    assert "No such table" in page.title()
    back.click()
    until(page, "location.pathname === '/'")
    assert not page.errors, page.errors


# -- the phone's drawer ------------------------------------------------------------------
def test_choosing_a_move_in_the_drawer_shows_it_on_the_board(server, new_page):
    page = open_long_game(server, new_page, 390, 844, touch=True)
    page.locator("#side-toggle").tap()
    until(page, DRAWER_OPEN)
    page.locator("#log li[data-ply='11']").tap()
    # the drawer closes on the move chosen: the board shows it, the stepper stays at hand
    until(page, DRAWER_SHUT)
    until(page, "document.getElementById('r-pos').textContent === '11/36'")
    assert page.get_attribute("#side-toggle", "aria-expanded") == "false"
    assert reachable(page, "#r-prev") and reachable(page, "#r-next")
    assert page.evaluate("""(() => { const b = document.querySelector('.bv').getBoundingClientRect();
        const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        return hit !== null && document.querySelector('.bv').contains(hit); })()""")
    page.locator("#r-next").tap()
    until(page, "document.getElementById('r-pos').textContent === '12/36'")
    # on a wide screen the list is beside the board: choosing a move leaves it where it is
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("#log li[data-ply='5']").click()
    until(page, "document.getElementById('r-pos').textContent === '5/36'")
    assert page.locator("#log li[data-ply='5']").is_visible()
    assert not page.errors, page.errors


# -- after a long game: Analysis and Export record in view --------------------------------
def test_the_analysis_button_is_in_view_after_a_long_game(server, new_page):
    page = open_long_game(server, new_page, 1280, 800)
    until(page, "!document.getElementById('analysis-btn').hidden")
    assert page.evaluate("scrollY") == 0
    assert reachable(page, "#analysis-btn") and reachable(page, "#export")
    # the list scrolls inside its panel, keeping the move stepped to in sight
    page.click("#r-first")
    until(page, "document.getElementById('r-pos').textContent === '0/36'")
    page.click("#r-next")
    until(page, "document.querySelector('#log li.current') !== null")
    until(page, "(" + REACHABLE + ")('#log li.current')")   # scrolled to, once laid out
    page.click("#r-last")
    until(page, "document.getElementById('r-pos').textContent === '36/36'")
    until(page, "(" + REACHABLE + ")(\"#log li[data-ply='36']\")")
    page.click("#analysis-btn")
    until(page, "!document.getElementById('analysis-note').hidden")
    assert reachable(page, "#export")
    shot(page, "pentago-long-game", full_page=False)
    assert not page.errors, page.errors

    # a phone: the same buttons at the foot of the drawer, without scrolling it
    page = open_long_game(server, new_page, 390, 844, touch=True)
    page.locator("#side-toggle").tap()
    until(page, DRAWER_OPEN)
    until(page, "!document.querySelector('.bv').dataset.moving")
    page.wait_for_function("() => { const s = document.getElementById('side'); "
                           "return s.getBoundingClientRect().left < 30 && s.scrollTop === 0; }")
    until(page, "(" + REACHABLE + ")('#analysis-btn')")
    assert reachable(page, "#export")
    page.locator("#analysis-btn").tap()
    until(page, "!document.getElementById('analysis-note').hidden")
    assert not page.errors, page.errors


# -- touch screens: no keyboard hints ----------------------------------------------------
KEY_HINTS = "[...document.querySelectorAll('.key')].filter((k) => k.offsetParent !== null).map((k) => k.textContent.trim())"


def test_key_hints_show_with_a_keyboard_only(server, new_page):
    seats = [{"kind": "me"}, {"kind": "computer", "level": "random"}]
    for touch in (True, False):
        # a tablet held sideways is as wide as a laptop: the width says nothing of a keyboard
        t = create_table(server, seats, game="pentup")
        page = new_page(width=1024, height=768, touch=touch)
        page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
        page.wait_for_selector(".pu-tile:not(.none)")
        page.locator(".pu-tile:not(.none)").first.click()
        assert page.locator("#pu-cancel").is_enabled()
        hints = page.evaluate(KEY_HINTS)
        if touch:
            assert hints == [], hints
            assert page.locator("#pu-cancel").inner_text().strip() == "Cancel"
        else:
            assert {"R", "F", "Esc"} <= set(hints), hints
        assert not page.errors, page.errors
    t = create_table(server, seats, game="pentago")
    page = new_page(width=1024, height=768, touch=True)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    assert wait_turn_or_end(page)
    assert page.evaluate(KEY_HINTS) == []
    assert "Esc" not in page.locator(".action-bar").inner_text()


def test_a_late_step_never_covers_the_step_asked_after_it(server, new_page):
    """Stepping faster than the server answers: the answer for a step left behind (here
    move 1's, held until the stepper is back at the end) is not drawn over the position
    the stepper shows."""
    table = import_record(server, pentago_record())
    page = new_page()
    page.goto(server.url + table["url"])
    until(page, "document.querySelectorAll('#log li').length === 36")
    page.click("#r-first")
    until(page, "document.getElementById('r-pos').textContent === '0/36'")
    held = []
    page.route("**/at/1", lambda route: held.append(route))   # move 1's answer waits
    page.click("#r-next")
    while not held:
        page.evaluate("0")                        # let the request reach the route
    page.click("#r-last")
    until(page, "document.getElementById('r-pos').textContent === '36/36'")
    final = page.inner_text("#status")
    with page.expect_response("**/at/1"):
        held[0].continue_()
    # the late answer read and handled: a few turns of the page's event loop
    page.evaluate("new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")
    page.evaluate("new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")
    assert page.inner_text("#r-pos") == "36/36"
    assert page.inner_text("#status") == final and "After move 1:" not in final
    assert page.locator("#log li.current").count() <= 1
    assert not page.errors, page.errors
