"""Pentic with 4 players: the tags of the plays marked since your turn ("1 · Coral +5")
never overlap, on a desktop screen and on a phone, wherever the plays went."""

from __future__ import annotations

import re

import pytest

from .helpers import until, wait_moves

# a hot-seat table of four, made by the page itself (its cookie holds the four seats; each
# turn starts behind the curtain that keeps the hands of friends at one screen apart)
CREATE = """async () => {
    const seat = { kind: "me" };
    const r = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ game: "pentic", options: { players: 4 }, seats: [seat, seat, seat, seat] }) });
    return (await r.json()).url;
}"""

# every tag's pill and text, in page pixels
TAGS = """() => [...document.querySelectorAll('#pc-grid [data-pos] rect.lm-fill')].map((pill) => {
    const r = pill.getBoundingClientRect(), t = pill.nextElementSibling.getBoundingClientRect();
    return { pos: pill.parentElement.dataset.pos, text: pill.nextElementSibling.textContent,
             pill: [r.left, r.top, r.right, r.bottom], words: [t.left, t.top, t.right, t.bottom] };
})"""


def overlap(a, b) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def play(page, position: int) -> None:
    """The seat to move plays its first card on ``position``."""
    before = page.locator("#log li").count()
    until(page, "document.querySelector('#status .you') !== null && "
                "!document.getElementById('pc-show-hand').hidden")
    page.click("#pc-show-hand")   # friends at one screen: each hand behind a curtain
    until(page, "document.querySelector('.pc-card') !== null")
    page.locator(".pc-card").first.click()
    page.locator(f".pc-pos[data-pos='{position}']").click()
    page.click("#pc-confirm")
    wait_moves(page, before + 1)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_four_players_tags_never_overlap(server, new_page, size):
    page = new_page(390, 844, touch=True) if size == "phone" else new_page(1440, 900)
    page.goto(server.url + "/")
    page.goto(server.url + page.evaluate(CREATE))
    # Navy, then Coral and Teal on #1, Wine on #2: back to Navy, three plays are marked,
    # two of them on one position and the third next to it
    for position in (5, 1, 1, 2):
        play(page, position)
    until(page, "document.querySelectorAll('#pc-grid .last-move, #pc-grid .earlier-move').length === 2")
    tags = page.evaluate(TAGS)
    said = re.findall(r"\d · \w+", " ".join(t["text"] for t in tags))
    assert said == ["1 · Coral", "2 · Teal", "3 · Wine"], tags
    board = page.evaluate("(() => { const r = document.getElementById('pc-grid').closest('.bv').getBoundingClientRect();"
                          " return [r.left, r.top, r.right, r.bottom]; })()")
    for k, a in enumerate(tags):
        # in view on the board, the words inside their pill
        assert board[0] - 0.5 <= a["pill"][0] and a["pill"][2] <= board[2] + 0.5, (board, a)
        assert board[1] + 2 <= a["pill"][1], (board, a)   # clear of the board's top edge
        assert a["words"][0] >= a["pill"][0] - 0.5 and a["words"][2] <= a["pill"][2] + 0.5, a
        for b in tags[k + 1:]:
            assert not overlap(a["pill"], b["pill"]), (a, b)
    assert not page.errors, page.errors
