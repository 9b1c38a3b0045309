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
    with pytest.raises(pentarena.GameOptionError, match="^the region has 1 cell but 1 piece"):
        pentarena.load_game("pentomino-puzzle", region="#", pieces="L")


def test_an_empty_row_inside_a_drawn_region_is_refused_and_blank_edges_read_past():
    """``#####//#####`` dropped its empty row and joined the two strips (a 5×2 region,
    said to be 5×3): a hole is drawn with a dot; a slash ends a row (one after the last
    row too); blank lines around a drawing over several lines are read past."""
    with pytest.raises(ValueError, match=r"^row 2 of the region is empty: draw a row of "
                                         r"holes with dots \(\.\.\.\.\.\)$"):
        region_from_text("#####//#####")
    gapped = region_from_text("#####/...../#####")
    assert (gapped.width, gapped.height, gapped.cells.bit_count()) == (5, 3, 10)
    assert region_from_text("\n  #####\n#####\n\n") == region_from_text("#####/#####")
    assert region_from_text("#####/#####/") == region_from_text("#####/#####")  # a row's end
    for edged, row in (("/#####/#####", 1), ("#####/#####//", 3), ("#####//", 2)):
        with pytest.raises(ValueError, match=f"^row {row} of the region is empty"):
            region_from_text(edged)


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
    # over the centre hole (d4, e4, d5, e5): the squares outside the region are named
    with pytest.raises(IllegalMoveError, match="^e4, d5, e5 are not part of the region: "
                                               "that placement leaves it$"):
        state.apply("X:e4,d5,e5,f5,e6")
    with pytest.raises(IllegalMoveError, match="^e4, d5, e5 are not part"):
        state.apply(state.parse_move("X:e4,d5,e5,f5,e6"))  # a move object: the same
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


@pytest.mark.parametrize("engine", ["native", "reference"])
def test_the_areas_no_piece_left_can_cover_are_named(engine):
    """A puzzle's details name the empty areas nothing left can fill (the browser marks
    them, the terminal says so): too small, a five that is no piece left, a size that
    is not a multiple of 5 — never the rest of the board cut off from them."""
    from pentarena.games.pentomino.reference import ReferencePuzzleGame

    game = (PuzzleGame if engine == "native" else ReferencePuzzleGame)(region="6x10")
    state = game.new_initial_state()
    assert state.result_details()["unfillable"] == []
    state.apply("L:a1,a2,a3,a4,b4")
    assert state.result_details()["unfillable"] == []
    state.apply("Z:b1,c1,c2,c3,d3")  # b2 and b3 walled in
    assert state.result_details()["unfillable"] == [["b2", "b3"]]
    state.apply("T:d1,e1,f1,e2,e3")  # and d2
    assert state.result_details()["unfillable"] == [["b2", "b3"], ["d2"]]
    state.apply("remove Z")
    assert state.result_details()["unfillable"] == []
    # five squares shut in: fine while a piece of that shape is left, dead once it is not
    strip = game.__class__(region="3x20").new_initial_state()
    strip.apply("U:a1,b1,b2,a3,b3")  # a2 alone
    assert strip.result_details()["unfillable"] == [["a2"]]
    strip = game.__class__(region="3x20").new_initial_state()
    strip.apply("Z:b3,c3,c2,c1,d1")  # shuts in a1 b1 a2 b2 a3: the shape of the P
    assert strip.result_details()["unfillable"] == []
    strip = game.__class__(region="3x20").new_initial_state()
    strip.apply("P:f1,g1,f2,g2,f3")
    strip.apply("Z:b3,c3,c2,c1,d1")  # the same, with the P gone (and d2-e3 a P too)
    assert strip.result_details()["unfillable"] == [["a1", "b1", "a2", "b2", "a3"],
                                                    ["e1", "d2", "e2", "d3", "e3"]]
    state.solve()
    assert state.result_details()["unfillable"] == []


def test_an_area_named_unfillable_really_cannot_be_filled():
    """Whatever is named can never be wrong: a position with an unfillable area has no
    way to finish (the solver agrees), over random placements on the 5×12 rectangle (200
    games of 3 to 8 placements: more than half their positions name one)."""
    import random

    named = 0
    for seed in range(200):
        rng = random.Random(seed)
        state = pentarena.load_game("pentomino-puzzle", region="5x12").new_initial_state()
        for _ in range(rng.randrange(3, 9)):
            places = [m for m in state.legal_moves() if not str(m).startswith("remove")]
            if not places:
                break
            state.apply(rng.choice(places))
            if state.result_details()["unfillable"]:
                named += 1
                assert state.completion() is None, state.history()
    assert named > 300
