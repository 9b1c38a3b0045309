"""The last move is marked in one colour in every game: the CSS property --last-move."""

from __future__ import annotations

import random

import pytest

from .conftest import shot
from .helpers import (
    create_table,
    log_moves,
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


def play_against_computers(server, new_page, game, options, play, computers: int, seed: int):
    """A table of me and ``computers`` random players; I play one move (``play``) and wait
    for all their answers.  Returns the page, the table and the moves played before mine."""
    t = create_table(server, [{"kind": "me"}] + [{"kind": "computer", "level": "random"}]
                     * computers, options, game=game)
    page = new_page(width=1280, height=800)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector(".bv-world")
    assert wait_turn_or_end(page)
    before = moves_played(page)
    play(page, random.Random(seed))
    wait_moves(page, before + 1 + computers)     # my move and every answer
    assert wait_turn_or_end(page)
    return page, t, before


@pytest.mark.parametrize("game", list(GAMES))
def test_last_move_mark_is_the_last_move_colour(server, new_page, game):
    options, play = GAMES[game]
    page, _, _ = play_against_computers(server, new_page, game, options, play, 1, seed=4)
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


# the marks on the board: each mark's move, latest last (.last-move), and the order numbers
MARKS = """() => ({
    last: [...document.querySelectorAll('.last-move')].map((e) => e.dataset.move),
    earlier: [...document.querySelectorAll('.earlier-move')].map((e) => e.dataset.move),
    orders: [...document.querySelectorAll('.lm-order')].map((e) => [e.dataset.order, e.dataset.move]),
    tags: [...document.querySelectorAll('.last-move text, .earlier-move text')].map((e) => e.textContent),
})"""

GAMES3 = {
    "pentup": ({"players": 3}, play_one_move),
    "pentomino": ({"players": 3}, play_pentomino_move),
    "pentic": ({"players": 3, "target": 400}, play_pentic_move),
}


@pytest.mark.parametrize("game", list(GAMES3))
def test_three_players_every_move_since_yours_is_marked_and_said(server, new_page, game):
    """With 3 players the two computers answer each move: back at the board, both their
    moves are marked (the last in full, the one before fainter, numbered 1 and 2), and a
    screen reader hears both; a spectator sees the last move alone."""
    options, play = GAMES3[game]
    page, t, before = play_against_computers(server, new_page, game, options, play, 2, seed=3)
    moves = log_moves(page)
    assert len(moves) == before + 3
    mine, first, second = moves[-3:]
    until(page, f"document.querySelector('.last-move') && document.querySelector('.last-move').dataset.move === {second!r}")
    marks = page.evaluate(MARKS)
    assert marks["last"] == [second], marks
    if game == "pentic":
        # each position played on is framed; a card played on the other's position is in its tag
        tags = " ".join(marks["tags"])
        assert "1 · " in tags and "2 · " in tags, marks
        assert set(marks["earlier"]) <= {first} and mine not in marks["earlier"], marks
        assert "Since your turn" in page.locator("#pc-last").inner_text()
    else:
        assert marks["earlier"] == [first], marks
        assert marks["orders"] == [["1", first], ["2", second]], marks
        # the earlier one fainter, in the same colour
        assert page.locator(".earlier-move").evaluate("e => Number(getComputedStyle(e).opacity)") < 1
        colour = page.locator(".last-move .lm-stroke").first.evaluate("e => getComputedStyle(e).stroke")
        assert page.locator(".earlier-move .lm-stroke").first.evaluate("e => getComputedStyle(e).stroke") == colour
    # said: both answers, in the move list's words
    words = page.locator("#log li .txt").all_inner_texts()[-2:]
    until(page, "document.getElementById('announce').textContent.startsWith('Since your move: ')")
    said = page.locator("#announce").inner_text()
    assert words[0] in said and words[1] in said and said.index(words[0]) < said.index(words[1]), said
    shot(page, f"{game}-3p-since-your-move", full_page=False)
    # a spectator: the last move alone
    watcher = new_page(width=1280, height=800)
    watcher.goto(server.url + t["url"])
    until(watcher, "document.querySelector('.last-move') !== null")
    assert watcher.locator(".earlier-move").count() == 0 and watcher.locator(".lm-order").count() == 0
    assert not page.errors, page.errors
