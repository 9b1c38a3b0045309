"""Pentago move errors name the missing part of a twist (issue 10, item 15)."""

from __future__ import annotations

import pytest

import pentarena
from pentarena import InvalidMoveError


@pytest.mark.parametrize("text,message", [
    ("c3 TL", "'c3 TL' has no direction: add cw or ccw, e.g. 'c3 TL cw'"),
    ("c3/tr", "'c3/tr' has no direction: add cw or ccw, e.g. 'c3 TR cw'"),
    ("c3 ccw", "'c3 ccw' has no quadrant: put TL, TR, BL or BR before the direction, "
               "e.g. 'c3 TL ccw'"),
    ("c3 XX", "'XX' is not a quadrant: use TL, TR, BL or BR, then cw or ccw"),
    ("z9 TL", "'z9' is not a cell"),
])
def test_half_a_twist_is_explained(text, message):
    state = pentarena.load_game("pentago").new_initial_state()
    with pytest.raises(InvalidMoveError) as err:
        state.apply(text)
    assert message in str(err.value)
    assert "could not read" not in str(err.value)


@pytest.mark.parametrize("text,message", [
    ("c3 cw TL", "'c3 cw TL': the quadrant comes before the direction, e.g. 'c3 TL cw'"),
    ("C3/CCW/br", "'C3/CCW/br': the quadrant comes before the direction, e.g. 'c3 BR ccw'"),
])
def test_a_twist_written_direction_first_is_explained(text, message):
    """'c3 cw TL' (the direction before the quadrant) names the order, not 'cw' as a
    quadrant that does not exist."""
    state = pentarena.load_game("pentago").new_initial_state()
    with pytest.raises(InvalidMoveError) as err:
        state.apply(text)
    assert str(err.value) == message
    assert state.history() == []
