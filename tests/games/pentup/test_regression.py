"""Regression data: recorded games must replay with the same legal-move counts at every
ply, the same scores and winners, and the same search signature."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pentarena
from pentarena.ai import MCTSBot

DATA = json.loads((Path(__file__).parents[2] / "data" / "pentup_games.json").read_text())


@pytest.mark.parametrize("case", DATA, ids=lambda c: f"{c['options']}-seed{c['seed']}")
def test_recorded_game_replays_identically(case):
    game = pentarena.load_game("pentup", **case["options"])
    state = game.new_initial_state(seed=case["seed"])
    for ply, (text, count) in enumerate(zip(case["moves"], case["legal_counts"])):
        assert len(state.legal_moves()) == count, f"ply {ply}"
        assert state.count_legal_moves() == count
        if ply == case["search"]["ply"]:
            bot = MCTSBot(seed=case["seed"], iterations=200, time_limit=600)
            assert str(bot.choose(state)) == case["search"]["move"]
            assert bot.last.visits == case["search"]["visits"]
        state.apply(text)
    assert state.is_terminal()
    assert state.scores() == case["scores"]
    assert sorted(state.winners()) == case["winners"]
