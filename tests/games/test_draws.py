"""What ``State.winners()`` returns on a draw, the same in every game: the seats of every
side that shares the best result — so a full draw returns every seat (issue 10, item 15).

For each registered game, ``best_seats`` computes those seats from the game's own figures
(records, totals, fives), independently of ``winners()``; seeded random games are played
until tied ones are found, and each must name all of its tied seats."""

from __future__ import annotations

import pytest

import pentarena
from pentarena.core.game import registered_games

from ..conformance import random_playout


def _sides_with_best(state, values):
    """Seats of every side whose value (one per side) equals the best."""
    best = max(values)
    return {s for side, v in zip(state.game.sides, values) if v == best for s in side}


def best_pentup(state):
    return _sides_with_best(state, state.side_records())


def best_pentago(state):
    fives = state.result_details()["fives"]
    has = [bool(f) for f in fives]
    return {s for s in (0, 1) if has[s]} if any(has) and not all(has) else {0, 1}


def best_pentomino(state):
    if state.game.rounds:  # a match: the best total wins, equal totals share
        return _sides_with_best(state, state.scores())
    return {state.result_details()["last_placer"]}  # two players: no tie can happen


def best_puzzle(state):
    return {0}  # one seat: it shares the best result with nobody


def best_pentic(state):
    return _sides_with_best(state, state.scores())


BEST = {
    "pentup": best_pentup,
    "pentago": best_pentago,
    "pentomino": best_pentomino,
    "pentomino-puzzle": best_puzzle,
    "pentic": best_pentic,
}

# (game, options, can two or more sides tie?) — option sets where ties come up quickly
CASES = [
    ("pentup", {}, True),
    ("pentup", {"players": 3}, True),
    ("pentup", {"players": 4}, True),                  # teams: a tie names all four seats
    ("pentup", {"players": 3, "scoring": "advanced"}, True),
    ("pentago", {}, True),
    ("pentomino", {}, False),
    ("pentomino", {"players": 3}, True),
    ("pentomino", {"players": 4}, True),
    ("pentomino-puzzle", {"region": "3x20"}, False),
    ("pentic", {"target": 1}, True),
    ("pentic", {"players": 3, "target": 10}, True),
]
SEEDS = 400


def test_every_registered_game_has_a_draw_rule_here():
    assert set(BEST) == {info.name for info in registered_games()}
    assert {name for name, _, _ in CASES} == set(BEST)


@pytest.mark.parametrize("name,options,ties", CASES,
                         ids=[f"{n}{o}" for n, o, _ in CASES])
def test_tied_seats_all_win(name, options, ties):
    game = pentarena.load_game(name, **options)
    found_tie = False
    for seed in range(SEEDS if ties else 3):
        state = random_playout(game, seed)
        assert state.is_terminal()
        best = BEST[name](state)
        assert state.winners() == best, f"seed {seed}: winners {state.winners()} != {best}"
        sides = [side for side in game.sides if best.intersection(side)]
        if len(sides) > 1:
            found_tie = True
            assert state.winners() == {s for side in sides for s in side}
            rewards = state.returns()
            assert all(rewards[s] == pytest.approx(1 / len(sides)) for s in best)
            break
    assert found_tie == ties, "no tied game among the seeds" if ties else "a tie where none can be"


def test_a_full_pentago_draw_returns_every_seat():
    game = pentarena.load_game("pentago")
    state = next(s for s in (random_playout(game, seed) for seed in range(SEEDS))
                 if len(s.winners()) == 2)
    assert state.winners() == {0, 1} == set(range(game.num_players))
    assert state.returns() == [0.5, 0.5]
