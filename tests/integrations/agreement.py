"""The OpenSpiel adapter against the native engine: seeded random games played on both in
lockstep, comparing the player to move and the legal actions at every ply, and the
returns at the end (also run on more games by benchmarks/research_speed.py)."""

from __future__ import annotations

import random

import pyspiel

import pentarena
from pentarena.integrations import openspiel as ps


def option_sets(game: str) -> list[dict]:
    """Every set of options that changes the rules of ``game``."""
    if game == "pentago":
        return [{}]
    if game == "pentup":
        seatings = [{"players": 2}, {"players": 3}, {"players": 4},
                    {"players": 4, "teams": False}]
        return [{**s, "scoring": sc} for s in seatings for sc in ("standard", "misere", "advanced")]
    if game == "pentic":
        return [{"players": p, "target": t} for p in (2, 3, 4) for t in (250, 100)]
    sets = []
    for players in (2, 3, 4):
        for variant in ("standard", "draft"):
            for touch in (False, True):
                for scoring in (("10-5", "15-10-5") if players == 4 else ("10-5",)):
                    for target in ((50, 100) if players > 2 and variant == "standard" else (50,)):
                        sets.append({"players": players, "variant": variant, "touch_move": touch,
                                     "scoring": scoring, "target": target})
    return sets


def play_both(name: str, options: dict, seed: int) -> int:
    """One random game on the adapter and on the engine; returns the plies played."""
    rng = random.Random(seed)
    game = ps.load(name, **options)
    native_game = pentarena.load_game(name, **options)
    native = native_game.new_initial_state(seed=seed)
    state = game.new_initial_state()
    if name == "pentic":
        deck = list(range(125))
        random.Random(seed).shuffle(deck)  # the engine's seeded deal (pentic.rules)
        assert [native.stacks[i][0] for i in range(9)] == deck[:9]
        first = dict(state.chance_outcomes())
        assert sorted(first) == list(range(125)) and abs(sum(first.values()) - 1) < 1e-9
        for card in deck[:124]:
            assert state.is_chance_node()
            state.apply_action(card)
        assert state.pentarena.deck == deck
    plies = 0
    while not native.is_terminal():
        assert not state.is_terminal()
        assert state.current_player() == native.current_player
        legal = native.legal_actions()
        expected = sorted(legal) if name == "pentago" else legal  # the others ascend already
        assert state.legal_actions() == expected, (name, options, seed, plies)
        action = rng.choice(legal)
        state.apply_action(action)
        native.apply_action(action)
        plies += 1
    assert state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    expected = ps.zero_sum_returns(native.returns(), list(native_game.sides))
    assert state.returns() == expected
    assert abs(sum(expected)) < 1e-9
    winners = {s for s, r in enumerate(expected) if r == max(expected)}
    assert winners == native.winners()
    return plies
