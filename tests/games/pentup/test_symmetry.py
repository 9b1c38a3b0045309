"""Property tests: Pent-Up legality is invariant under translating, rotating and reflecting
the whole table, and move text round-trips."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import pentarena
from pentarena.games.pentup import PentUpMove


def transform(move: PentUpMove, turns: int, mirror: bool, dx: int, dy: int) -> PentUpMove:
    cells = []
    for x, y in move.cells:
        if mirror:
            x = -x
        for _ in range(turns):
            x, y = -y, x
        cells.append((x + dx, y + dy))
    return PentUpMove.from_cells(move.piece, cells)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 3, 4]),
    plies=st.integers(2, 24),
    turns=st.integers(0, 3),
    mirror=st.booleans(),
    dx=st.integers(-60, 60),
    dy=st.integers(-60, 60),
)
def test_legality_invariant_under_table_symmetries(seed, players, plies, turns, mirror, dx, dy):
    game = pentarena.load_game("pentup", players=players)
    rng = random.Random(seed)
    original = game.new_initial_state()
    image = game.new_initial_state()
    for ply in range(plies):
        if original.is_terminal():
            break
        moves = original.legal_moves()
        if ply > 0:  # the first tile may go anywhere; later plies list every placement
            assert {transform(m, turns, mirror, dx, dy) for m in moves} == set(image.legal_moves())
            assert original.mandatory_levels() == image.mandatory_levels()
        move = rng.choice(moves)
        original.apply(move)
        image.apply(transform(move, turns, mirror, dx, dy))
    assert original.scores() == image.scores()
    assert original.winners() == image.winners()


@settings(max_examples=50, deadline=None)
@given(
    piece=st.sampled_from(list("FILNPTUVWXYZ")),
    orient=st.integers(0, 7),
    x=st.integers(-10**5, 10**5),
    y=st.integers(-10**5, 10**5),
    data=st.data(),
)
def test_move_text_round_trips_in_any_cell_order(piece, orient, x, y, data):
    from pentarena.core.polyomino import ORIENTATIONS

    orient %= len(ORIENTATIONS[piece])
    move = PentUpMove(piece, orient, x, y)
    cells = data.draw(st.permutations(list(move.cells)))
    text = piece.lower() + ":" + ";".join(f"{cx},{cy}" for cx, cy in cells)
    state = pentarena.load_game("pentup").new_initial_state()
    assert state.parse_move(text) == move
    assert state.parse_move(str(move)) == move


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(
    st.text(max_size=60),
    st.from_regex(r"[A-Za-z]:(-?\d{1,3},-?\d{1,3};){0,6}-?\d{1,3},-?\d{1,3}", fullmatch=True),
))
def test_any_text_parses_or_fails_with_invalid_move_error(text):
    state = pentarena.load_game("pentup").new_initial_state()
    try:
        move = state.parse_move(text)
    except pentarena.InvalidMoveError as exc:
        assert str(exc)
    else:
        assert state.parse_move(str(move)) == move
