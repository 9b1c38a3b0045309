"""The native information-set search (native/src/pentic/ismcts.rs) through
``PenticState.search_position``: it uses only what the seat to move may see, it is
reproducible for a seed, it keeps to its limits, and every level's settings run."""

from __future__ import annotations

import random

import pytest

import pentarena
from pentarena.core.game import SearchResult
from pentarena.games.pentic.search import LEVELS

FEW = 2_000  # iterations: a search that always ends long before its time limit


def midgame(players: int = 2, seed: int = 4, plies: int = 5):
    state = pentarena.load_game("pentic", players=players).new_initial_state(seed=seed)
    for _ in range(plies):
        state.apply(state.best_move())
    return state


@pytest.mark.parametrize("players,plies", [(2, 0), (2, 5), (3, 7), (4, 2)])
def test_hidden_cards_never_change_the_search(players, plies):
    state = midgame(players, plies=plies)
    seat = state.current_player
    view = state.view(seat)
    others = [view.determinize(random.Random(k)) for k in range(3)]  # other hands, other piles
    assert all(o.hands != state.hands or o.pile != state.pile for o in others)
    for settings in ({}, {"prior": None}, {"determinizations": 4, "playout_depth": None}):
        found = state.search_position(60, seed=11, iterations=FEW, **settings)
        assert found.move in state.legal_moves()
        assert view.search_position(60, seed=11, iterations=FEW, **settings) == found
        for other in others:
            assert other.search_position(60, seed=11, iterations=FEW, **settings) == found


def test_reproducible_for_a_seed_and_within_limits():
    state = midgame()
    found = state.search_position(60, seed=3, iterations=FEW)
    assert isinstance(found, SearchResult)
    assert found.nodes == FEW and found.depth >= 1 and -1 <= found.value <= 1 and not found.proven
    assert state.search_position(60, seed=3, iterations=FEW) == found
    seeds = {state.search_position(60, seed=s, iterations=50, prior=None).move for s in range(12)}
    assert len(seeds) > 1  # the seed matters
    # no time at all: one batch of iterations (the clock is read every 64)
    assert state.search_position(0.0, seed=3, iterations=10**9).nodes <= 64


def test_every_level_and_the_refusals():
    state = midgame()
    for level in (*LEVELS, None, "perfect"):
        assert state.search_position(0.05, seed=1, level=level).move in state.legal_moves()
    with pytest.raises(ValueError, match="exploration"):
        state.search_position(1, seed=1, iterations=10, exploration=-1)
    other = state.view((state.current_player + 1) % 2)
    with pytest.raises(ValueError, match="does not know the hand"):
        other.search_position(1, seed=1, iterations=10)
    while not state.is_terminal():
        state.apply(state.search_position(1, seed=2, iterations=100).move)
    assert state.search_position(1, seed=1) is None


def test_a_root_move_is_valued_rather_than_chosen():
    """``root_move``: every iteration starts with the play given (how the post-game
    analysis values a move played), from the mover's view only; the analysis's settings
    play every deal to the end; a card the mover does not hold is refused."""
    state = midgame(3, plies=4)
    seat = state.current_player
    view = state.view(seat)
    other = view.determinize(random.Random(5))
    for play in state.legal_moves()[::9]:
        text = str(play)
        found = state.search_position(60, seed=2, iterations=FEW, root_move=text)
        assert found.move == play and found.nodes == FEW and -1 <= found.value <= 1
        assert view.search_position(60, seed=2, iterations=FEW, root_move=play) == found
        assert other.search_position(60, seed=2, iterations=FEW, root_move=text) == found
    chosen = state.search_position(60, seed=2, iterations=FEW, level="analysis")
    assert chosen != state.search_position(60, seed=2, iterations=FEW)  # to the end, not 4
    held = {str(m).split("@")[0] for m in state.legal_moves()}
    foreign = next(c for c in state.to_json()["hands"][(seat + 1) % 3] if c not in held)
    with pytest.raises(pentarena.IllegalMoveError, match="not in your hand"):
        state.search_position(60, seed=2, iterations=10, root_move=f"{foreign}@5")
    with pytest.raises(pentarena.InvalidMoveError, match="'5' is not a card"):
        state.search_position(60, seed=2, iterations=10, root_move="5@x")
