"""RULES.md §4 (Pentic) edge cases the rules imply, played through the public API on BOTH
engines — the native one (``PenticGame``, what ``pentarena.load_game`` gives) and the
pure-Python reference: the game played until every card is gone (the last card of the
pile, then the hands emptying, and the Decision on a player to move holding no card)."""

from __future__ import annotations

import random

import pytest

from pentarena import IllegalMoveError
from pentarena.games.pentic.reference import ReferencePenticGame
from pentarena.games.pentic.rules import PenticGame

ENGINES = {"native": PenticGame, "reference": ReferencePenticGame}


@pytest.fixture(params=sorted(ENGINES))
def pentic(request):
    """The game class of one engine (each test runs on both)."""
    return ENGINES[request.param]


@pytest.mark.parametrize("players,turns", [(2, [58, 58]), (3, [39, 39, 38]),
                                           (4, [29, 29, 29, 29])])
def test_every_card_is_played_when_the_target_is_out_of_reach(pentic, players, turns):
    """§4 Setup / A turn / End: 125 cards, 9 on the grid and 5 per hand, the rest the
    pile; each play draws the pile's front card while it lasts, so all 116 cards not on
    the grid get played.  With 3 players seat 2 is to move after play 116 holding no card:
    by the Decision the game ends at the end of that round — which is that very turn, as
    seat 2 is the round's last seat and nobody after it holds a card — so the seats have
    39, 39 and 38 turns.  With 2 and 4 players every seat has the same number of turns.
    The highest total wins; equal totals share."""
    state = pentic(players=players, target=10_000).new_initial_state(seed=players)
    rng = random.Random(players)
    pile_sizes = []
    while not state.is_terminal():
        seat, hand = state.current_player, state.hand_sizes()[state.current_player]
        assert hand > 0, "a seat holding no card was asked to move"
        pile = state.pile_size
        state.apply(rng.choice(state.legal_moves()))
        pile_sizes.append(state.pile_size)
        # a card is drawn while the pile lasts: the hand stays at 5, else it shrinks
        assert state.hand_sizes()[seat] == (5 if pile else hand - 1)
    assert len(state.history()) == 116 == sum(turns)
    assert pile_sizes[:116 - 5 * players] == list(range(116 - 5 * players - 1, -1, -1))
    assert state.turns == turns
    assert state.pile_size == 0 and state.hand_sizes() == [0] * players
    assert sum(len(stack) for stack in state.to_json()["grid"]) == 125
    best = max(state.totals)
    assert state.winners() == {s for s, t in enumerate(state.totals) if t == best}
    assert state.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        state.apply("3-star-orange@5")


def totals_after_each_play(pentic, players, seed):
    """The totals after every play of a seeded random game with an unreachable target
    (the plays do not depend on the target, so a lower one replays the same game)."""
    state = pentic(players=players, target=10_000).new_initial_state(seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
        out.append(list(state.totals))
    return out


def test_the_target_reached_in_the_round_where_the_cards_run_out(pentic):
    """§4 End, both rules at once: 3 players, seat 0 first reaches the target with play 115
    (its last card; round 39 begins).  The round is finished: seat 1 plays its last card,
    then seat 2, who holds no card, is skipped (Decision) — the game ends after play 116
    with 39, 39 and 38 turns, and the highest total wins."""
    for seed in range(400):
        totals = totals_after_each_play(pentic, 3, seed)
        before, reached = max(totals[113]), totals[114][0]  # after plays 114 and 115
        if reached > before:
            break
    else:
        pytest.fail("no seeded game where seat 0 first reaches a target with play 115")
    state = pentic(players=3, target=reached).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
        if len(state.history()) == 115:
            assert max(state.totals) == state.totals[0] == reached
            assert not state.is_terminal() and state.current_player == 1
    assert len(state.history()) == 116 and state.turns == [39, 39, 38]
    assert state.totals == totals[115]
    best = max(state.totals)
    assert state.winners() == {s for s, t in enumerate(state.totals) if t == best}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_target_reached_mid_round_while_the_hands_empty(pentic, players):
    """§4 End: a target first reached by seat 1 on its turn in the round where the hands
    are emptying (the pile is gone) still ends the game at the end of that round, with
    equal turns: the later seats take their turn, nobody more."""
    plays = {2: 108, 3: 110, 4: 98}[players]  # a play of seat 1 once the pile is gone
    assert (plays - 1) % players == 1 and plays > 116 - 5 * players
    for seed in range(400):
        totals = totals_after_each_play(pentic, players, seed)
        before, reached = max(totals[plays - 2]), totals[plays - 1][1]
        if reached > before:
            break
    else:
        pytest.fail("no seeded game where seat 1 first reaches a target then")
    state = pentic(players=players, target=reached).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
    rounds = -(-plays // players)
    assert rounds * players < 116  # the game ends before the cards run out
    assert len(state.history()) == rounds * players and state.turns == [rounds] * players
    assert state.totals == totals[rounds * players - 1]
    best = max(state.totals)
    assert state.winners() == {s for s, t in enumerate(state.totals) if t == best}
