"""Online tables in the browser: friends, invites, spectators, replays."""

from __future__ import annotations

from .helpers import import_record, pentago_record, until

SEATS = "[...document.querySelectorAll('#players .seat')].map((e) => e.innerText.replace(/\\s+/g, ' ').trim())"


def seat_texts(page) -> list[str]:
    return page.evaluate(f"() => {SEATS}")


def test_a_replay_shows_no_presence_and_unnamed_seats_by_colour(server, new_page):
    record = pentago_record(["a1 TL cw", "f6 BR cw"])
    record["meta"] = {"players": ["Alice", ""]}
    table = import_record(server, record)
    page = new_page()
    page.goto(server.url + table["url"])
    until(page, "document.getElementById('conn').dataset.state === 'open'")
    until(page, "document.querySelectorAll('#players .seat').length === 2")
    texts = seat_texts(page)
    assert texts[0].startswith("Alice") and texts[1].startswith("Black"), texts
    assert page.locator("#players .off").count() == 0  # nobody is "offline" in a replay
    assert not page.errors, page.errors
