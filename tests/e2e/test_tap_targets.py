"""A finger can hit every control on a phone, upright or on its side: each button, link
button and field the page shows is 40 px high and wide at least — the lobby's How to play,
Options, Watch and Replay, the form's fields, the table's drawer toggle, the board's tools,
the action bar, the result banner, the replay stepper and the drawer's buttons."""

from __future__ import annotations

import pytest

from .helpers import create_table, import_record, pentup_record, until, wait_turn_or_end

FINGER = 40   # px: the smallest target a fingertip hits without a second try

# the controls on the screen (not in a closed drawer, not hidden) smaller than a finger
SMALL_TARGETS = """(min) => [...document.querySelectorAll(
        'button, a.button, .linkish, select, input:not([type=hidden]), .side-toggle')].filter((e) => {
    if (e.offsetParent === null || e.closest('[hidden]')) return false;
    if (getComputedStyle(e).visibility !== 'visible') return false;
    if (e.closest('.pz-grid, .pz-regions, .pz-pieces')) return false;   // the region editor's cells
    const r = e.getBoundingClientRect();
    return r.width > 0 && (r.width < min - 0.5 || r.height < min - 0.5);
}).map((e) => {
    const r = e.getBoundingClientRect();
    return `${e.id || e.className || e.localName} "${(e.textContent || e.value || '').trim().slice(0, 20)}" ${Math.round(r.width)}x${Math.round(r.height)}`;
})"""

PHONES = [(390, 844), (844, 390)]
IDS = ["upright", "on-its-side"]


# the link buttons whose words are not in the middle of their height (a taller box with
# its text at the top looks like a misplaced label)
OFF_CENTRE = """() => [...document.querySelectorAll('a.button')].filter((e) => {
    if (e.offsetParent === null || getComputedStyle(e).visibility !== 'visible') return false;
    const box = e.getBoundingClientRect(), range = document.createRange();
    range.selectNodeContents(e);
    const text = range.getBoundingClientRect();
    return Math.abs((text.top - box.top) - (box.bottom - text.bottom)) > 3;
}).map((e) => e.id || e.textContent)"""


def small_targets(page) -> list[str]:
    return page.evaluate(SMALL_TARGETS, FINGER)


@pytest.mark.parametrize("size", PHONES, ids=IDS)
def test_the_lobby_controls_take_a_finger(server, new_page, size):
    # a game in progress and a finished one, so that Watch and Replay are listed
    create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}], game="pentago")
    import_record(server, pentup_record(players=2))
    page = new_page(width=size[0], height=size[1], touch=True)
    page.goto(server.url + "/")
    page.wait_for_selector("#playing li a.button")
    page.wait_for_selector("#finished li a.button")
    page.wait_for_selector("#create select")
    assert small_targets(page) == []
    assert page.evaluate(OFF_CENTRE) == []
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", [*PHONES, (640, 360)], ids=[*IDS, "small-on-its-side"])
def test_the_table_controls_take_a_finger(server, new_page, size):
    # a game on: the header's toggle, the board's tools, Hint / Rotate / Flip / Cancel / Confirm
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}], game="pentup")
    page = new_page(width=size[0], height=size[1], touch=True)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    assert wait_turn_or_end(page)
    page.locator(".pu-tile:not(.none)").first.tap()
    until(page, "document.querySelectorAll('.dest').length > 0")
    assert page.locator("#pu-confirm").is_visible() and page.locator("#bv-fit").is_visible()
    assert small_targets(page) == []
    # the drawer: How to play, Leave seat, Export record
    page.locator("#side-toggle").tap()
    until(page, "getComputedStyle(document.getElementById('side')).visibility === 'visible'")
    assert page.locator("#leave-seat").is_visible() and page.locator("#rules-link-side").is_visible()
    assert small_targets(page) == []
    assert page.evaluate(OFF_CENTRE) == []
    # Leave seat asks first: the drawer closes so that the question is seen and answered
    page.locator("#leave-seat").tap()
    until(page, "!document.getElementById('ask').hidden && "
                "getComputedStyle(document.getElementById('side')).visibility === 'hidden'")
    page.locator("#ask-no").tap()
    until(page, "document.getElementById('ask').hidden")
    assert page.locator("#players .you-tag").count() == 1  # still seated
    # a finished game: the result banner's buttons and the replay stepper
    table = import_record(server, pentup_record(players=2))
    page.goto(server.url + table["url"])
    page.wait_for_selector("#banner:not([hidden]) #all-games")
    assert page.locator("#r-prev").is_visible()
    assert small_targets(page) == []
    assert page.evaluate(OFF_CENTRE) == []
    # the drawer's moves, each tapped to show it (they were 20 px high)
    page.locator("#side-toggle").tap()
    until(page, "getComputedStyle(document.getElementById('side')).visibility === 'visible'")
    heights = page.eval_on_selector_all("#log li", "els => els.map((e) => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= FINGER - 0.5, min(heights)
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", [(1024, 768), (1180, 820)], ids=["ipad", "ipad-air"])
def test_a_tablet_on_its_side_takes_a_finger(server, new_page, size):
    """A tablet on its side has the wide layout, a touch screen's targets (a tablet pass):
    How to play's words were cut to "How to" in a 40 px box, the replay stepper's buttons
    were 34-37 px wide and the tray's scroll arrow 32."""
    seats = [{"kind": "me"}] + [{"kind": "computer", "level": "random"}] * 3
    t = create_table(server, seats, {"players": 4}, game="pentup")
    page = new_page(width=size[0], height=size[1], touch=True)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    assert wait_turn_or_end(page)
    page.locator(".pu-tile:not(.none)").first.tap()
    until(page, "document.querySelectorAll('.dest').length > 0")
    assert small_targets(page) == []
    link = page.evaluate("""(() => { const a = document.querySelector('header.top .rules-link'), r = a.getBoundingClientRect();
        return { cut: a.scrollWidth > a.clientWidth + 1 || a.scrollHeight > a.clientHeight + 1, height: r.height, width: r.width,
                 text: a.innerText.trim() }; })()""")
    assert not link["cut"] and link["height"] >= FINGER - 0.5 and link["width"] >= FINGER - 0.5, link
    assert link["text"] in ("How to play", ""), link      # its words whole, or the "?"
    table = import_record(server, pentup_record(players=4))
    page.goto(server.url + table["url"])
    page.wait_for_selector("#banner:not([hidden]) #all-games")
    assert page.locator("#r-prev").is_visible()
    assert small_targets(page) == []
    assert not page.errors, page.errors
