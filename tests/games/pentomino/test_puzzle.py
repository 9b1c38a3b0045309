"""Puzzle mode and the exact-cover solver (RULES.md §3)."""

from __future__ import annotations

import pytest

import pentarena
from pentarena import IllegalMoveError
from pentarena.games.pentomino import KNOWN_COUNTS, PuzzleGame, Solver
from pentarena.games.pentomino.board import Grid, region_from_text


@pytest.mark.parametrize("region", ["3x20", "4x15", "8x8-centre", "5x12", "6x10"])
def test_solution_counts_up_to_symmetry(region):
    report = PuzzleGame(region=region).count_solutions()
    assert report.count == KNOWN_COUNTS[region] == {
        "6x10": 2339, "5x12": 1010, "4x15": 368, "3x20": 2, "8x8-centre": 65}[region]


def test_compiled_and_python_search_agree():
    grid = Grid.rectangle(20, 3)
    solver = Solver(grid, "FILNPTUVWXYZ")
    raw_python = len(solver.solutions())
    assert raw_python == 8  # 2 up to symmetry, times the rectangle's 4 symmetries
    assert solver.count(up_to_symmetry=False).count == 8
    small = Solver(region_from_text("#####/#####/#####"), "LPV")
    assert len(small.solutions()) == small.count(up_to_symmetry=False).count > 0


def test_custom_region_as_text_and_piece_subset():
    game = pentarena.load_game("pentomino-puzzle", region="#####/#####/#####", pieces="LPV")
    state = game.new_initial_state()
    assert state.grid.width == 5 and state.grid.height == 3
    state.solve()
    assert state.is_terminal() and state.winners() == {0}
    with pytest.raises(pentarena.GameOptionError, match="cells"):
        pentarena.load_game("pentomino-puzzle", region="#####/#####", pieces="L")
    with pytest.raises(pentarena.GameOptionError, match="region"):
        pentarena.load_game("pentomino-puzzle", region="##x##")


def test_place_remove_hint_and_solve():
    state = pentarena.load_game("pentomino-puzzle", region="6x10").new_initial_state()
    moves = state.legal_moves()
    assert all(m.kind == "place" for m in moves)
    state.apply("X:b1,a2,b2,c2,b3")  # X in a corner: no solution has it there
    assert "remove X" in {str(m) for m in state.legal_moves()}
    assert state.completion() is None
    assert str(state.hint()) == "remove X"
    state.apply("remove X")
    hint = state.hint()
    assert hint.kind == "place"
    with pytest.raises(IllegalMoveError, match="not on the board"):
        state.apply("remove X")
    state.apply(hint)
    state.solve()
    assert state.is_terminal() and state.scores() == [60]
    with pytest.raises(IllegalMoveError, match="over"):
        state.apply("remove X")


def test_placement_rules_in_puzzles():
    state = pentarena.load_game("pentomino-puzzle", region="8x8-centre").new_initial_state()
    with pytest.raises(IllegalMoveError, match="leaves the region"):
        state.apply("X:e4,d5,e5,f5,e6")  # over the centre hole
    state.apply("I:a1,a2,a3,a4,a5")
    with pytest.raises(IllegalMoveError, match="already placed"):
        state.apply("I:b1,b2,b3,b4,b5")
    with pytest.raises(IllegalMoveError, match="covered"):
        state.apply("L:a1,b1,c1,d1,d2")


@pytest.mark.parametrize("engine", ["native", "reference"])
def test_count_key_names_the_shape_left_to_fill_up_to_symmetry(engine):
    """Positions whose empty cells are one shape turned or mirrored share a key; a solved
    puzzle (nothing left) has one too (it raised ValueError)."""
    from pentarena.games.pentomino.reference import ReferencePuzzleGame

    game = (PuzzleGame if engine == "native" else ReferencePuzzleGame)(region="3x20")
    state = game.new_initial_state()
    assert state.count_key()[1:] == ("FILNPTUVWXYZ", False)
    # the same piece at either end of the strip leaves mirror images: one key
    ends = []
    for move in state.legal_moves():
        cells = state.clone()
        cells.apply(move)
        ends.append(cells)
    keys = {s.count_key() for s in ends}
    assert len(keys) < len(ends)
    state.solve()
    assert state.is_terminal() and state.count_key() == ((), "", True)
