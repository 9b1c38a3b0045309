"""The last move is marked in one colour in every game: the CSS property --last-move."""

from __future__ import annotations

import random

import pytest

from .conftest import shot
from .helpers import (
    create_table,
    moves_played,
    play_one_move,
    play_pentago_move,
    play_pentomino_move,
    until,
    wait_moves,
    wait_turn_or_end,
)
from .test_pentic_browser import play_pentic_move

GAMES = {
    "pentup": ({}, play_one_move),
    "pentago": ({}, play_pentago_move),
    "pentomino": ({}, play_pentomino_move),
    "pentic": ({"target": 100}, play_pentic_move),
}

# the colours of the mark, as computed, next to --last-move (as a colour: through a probe)
MARK_COLOURS = """() => {
    const probe = document.createElement('span');
    probe.style.color = getComputedStyle(document.documentElement).getPropertyValue('--last-move').trim();
    document.body.append(probe);
    const want = getComputedStyle(probe).color;
    probe.remove();
    const mark = document.querySelector('.last-move');
    const got = [...mark.querySelectorAll('.lm-stroke')].map((e) => getComputedStyle(e).stroke)
        .concat([...mark.querySelectorAll('.lm-fill')].map((e) => getComputedStyle(e).fill));
    return { want, got };
}"""


@pytest.mark.parametrize("game", list(GAMES))
def test_last_move_mark_is_the_last_move_colour(server, new_page, game):
    options, play = GAMES[game]
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                     options, game=game)
    page = new_page(width=1280, height=800)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector(".bv-world")
    assert wait_turn_or_end(page)
    before = moves_played(page)
    play(page, random.Random(4))
    wait_moves(page, before + 2)            # my move and the computer's answer
    assert wait_turn_or_end(page)
    # its mark is drawn (and the view has settled on it)
    until(page, "(() => { const lis = document.querySelectorAll('#log li');"
                " const mark = document.querySelector('.last-move');"
                " return mark && mark.dataset.move === lis[lis.length - 1].dataset.move &&"
                " !document.querySelector('.bv[data-moving]'); })()")
    colours = page.evaluate(MARK_COLOURS)
    want = colours["want"]
    assert want.startswith("rgb("), colours     # --last-move is defined
    assert page.locator(".last-move .lm-stroke").count() > 0
    assert colours["got"] and all(c == want for c in colours["got"]), colours
    shot(page, f"{game}-last-move", full_page=False)   # once the fresh mark stops flashing
    assert not page.errors, page.errors
