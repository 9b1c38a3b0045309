"""RULES.md §2 (Pentago) edge cases the rules imply, played through the public API on BOTH
engines — the native one (``pentarena.load_game``) and the pure-Python reference: a line
of six made by a twist, the 36th marble winning by its placement, and a twist that gives
both players a five where one of them has six."""

from __future__ import annotations

import pytest

import pentarena
from pentarena import IllegalMoveError
from pentarena.games.pentago.reference import ReferencePentagoGame

ENGINES = {"native": pentarena.load_game("pentago"), "reference": ReferencePentagoGame()}


@pytest.fixture(params=sorted(ENGINES))
def pentago(request):
    """The game on one engine (each test runs on both)."""
    return ENGINES[request.param]


def board(state):
    return state.to_json()["board"]


def test_a_line_of_six_made_by_the_twist_wins(pentago):
    """§2 Decision (a line of six wins) with step 2: White holds a1 b1 c1 d1 and d2; the
    placement d3 makes no five (column d has three), and turning TR clockwise carries
    d1 to f1, d2 to e1 and d3 to d1 — rank 1 all White, six in a row."""
    state = pentago.new_initial_state(position="WWWW../...W../....../BB..../BB..../B...../w")
    assert "d3" not in {str(m) for m in state.legal_moves()}  # not a five at once
    state.apply("d3 TR cw")
    assert board(state)[0] == [0] * 6
    assert state.is_terminal() and state.winners() == {0}


def test_the_36th_marble_may_win_by_its_placement(pentago):
    """§2 step 1 on a full board: Black's 18th marble, on the last empty cell d6, makes a
    five at once (b6 c6 d6 e6 f6) and Black wins without twisting: the lone `<cell>` is
    the only move."""
    state = pentago.new_initial_state(position="WBWBBW/BBWWBW/WWBWWB/BWWWWB/WBWBBW/WBB.BB/b")
    assert [str(m) for m in state.legal_moves()] == ["d6"]
    with pytest.raises(IllegalMoveError):
        state.clone().apply("d6 TL cw")
    state.apply("d6")
    assert state.is_terminal() and state.winners() == {1} and state.history() == ["d6"]
    assert sum(v is not None for row in board(state) for v in row) == 36


def test_a_twist_giving_one_player_six_and_the_other_five_is_a_draw(pentago):
    """§2 step 2: after the rotation, if both players have a five the game is a draw —
    also when one of them has a line of six (it contains a five).  Black (to move) places
    a6 and turns TR clockwise: White's d1 d2 d3 go to f1 e1 d1, completing White's six on
    rank 1 (a1 b1 c1 already White), and Black's f2 f3 go to e3 d3, completing Black's
    five a3-e3."""
    state = pentago.new_initial_state(position="WWWW../...W.B/BBBW.B/....../....../....../b")
    assert "a6" not in {str(m) for m in state.legal_moves()}  # no five at once
    state.apply("a6 TR cw")
    grid = board(state)
    assert grid[0] == [0] * 6                      # White: six on rank 1
    assert grid[2][:5] == [1] * 5                  # Black: five on rank 3 (a3-e3)
    assert state.is_terminal() and state.winners() == {0, 1}
