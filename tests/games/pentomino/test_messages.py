"""Pentomino move errors say what was wrong and show the expected form (issue 10, item 15)."""

from __future__ import annotations

import re

import pytest

import pentarena
from pentarena import IllegalMoveError, InvalidMoveError


@pytest.mark.parametrize("name", ["pentomino", "pentomino-puzzle"])
def test_a_pent_up_style_move_is_explained(name):
    state = pentarena.load_game(name).new_initial_state()
    with pytest.raises(InvalidMoveError) as err:
        state.apply("I:0,0;1,0;2,0;3,0;4,0")
    text = str(err.value)
    assert "x,y numbers" in text and "file letter and a rank number" in text
    assert "e.g. L:a1,b1,c1,d1,d2" in text
    assert "names 6 squares" not in text


def test_square_counts_and_bad_squares_show_the_expected_form():
    state = pentarena.load_game("pentomino").new_initial_state()
    with pytest.raises(InvalidMoveError, match=r"names 2 squares, but a piece covers 5; "
                                               r"write a placement as"):
        state.apply("L:a1,b1")
    with pytest.raises(InvalidMoveError, match=r"names 1 square, but"):
        state.apply("L:a1")
    with pytest.raises(InvalidMoveError, match=r"'z9' is not a square.*e\.g\. L:a1"):
        state.apply("L:a1,b1,c1,d1,z9")


def test_spaces_may_separate_squares():
    state = pentarena.load_game("pentomino").new_initial_state()
    state.apply("L:a1 b1 c1 d1 d2")
    assert state.history() == ["L:a1,b1,c1,d1,d2"]


def test_the_draft_error_suggests_a_piece_still_in_the_pool():
    state = pentarena.load_game("pentomino", variant="draft").new_initial_state()
    for letter in ["L", "F", "I", "N", "P", "T", "U", "V", "W", "X", "Y"]:
        with pytest.raises(IllegalMoveError) as err:
            state.apply("L:a1,b1,c1,d1,d2")
        suggested = re.search(r"'pick ([A-Z])'", str(err.value)).group(1)
        assert suggested in state.to_json()["pool"], str(err.value)
        state.clone().apply(f"pick {suggested}")  # the suggestion is a legal move
        state.apply(f"pick {letter}")


@pytest.mark.parametrize("engine", ["native", "reference"])
def test_a_placement_mistyped_during_the_draft_is_told_the_draft_first(engine):
    """During the picks a placement is refused for the phase: one mistyped is told so
    first too, then what is wrong with it (it was told only of its syntax, and retyped
    right, refused for the phase); a pick mistyped is told of the pick."""
    game = pentarena.load_game("pentomino", variant="draft")
    if engine == "reference":
        from pentarena.games.pentomino.reference import ReferencePentominoState
        state = ReferencePentominoState(game)
    else:
        state = game.new_initial_state()
    state.apply("pick F")
    with pytest.raises(InvalidMoveError) as err:
        state.apply("L:a1,b1,c1,d1")
    assert str(err.value) == (
        "the draft comes first: pick a piece, e.g. 'pick I' — besides, 'L:a1,b1,c1,d1' "
        "names 4 squares, but a piece covers 5; write a placement as <piece>:<square>,... "
        "e.g. L:a1,b1,c1,d1,d2")
    with pytest.raises(InvalidMoveError, match=r"^there is no pentomino called 'Q'"):
        state.apply("pick Q")
    assert state.history() == ["pick F"]
    state = game.new_initial_state()
    for letter in "FILNPTUVWXYZ":
        state.apply(f"pick {letter}")
    with pytest.raises(InvalidMoveError, match=r"^'L:a1,b1,c1,d1' names 4 squares"):
        state.apply("L:a1,b1,c1,d1")     # the draft done: its syntax alone
