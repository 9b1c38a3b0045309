"""Regenerate the regression data files (run by hand after a deliberate rules change):

    .venv/bin/python tests/data/regenerate.py

pentup_games.json: seeded random games with the number of legal moves at every ply (a
perft-like signature of move generation), the final scores and winners, and a search
signature (MCTS with a fixed seed and iteration budget: chosen move and visit count).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pentarena
from pentarena.ai import MCTSBot

HERE = Path(__file__).resolve().parent

CASES = [
    {"options": {"players": 2}, "seed": 1},
    {"options": {"players": 2, "scoring": "misere"}, "seed": 2},
    {"options": {"players": 3, "scoring": "advanced"}, "seed": 3},
    {"options": {"players": 4}, "seed": 4},
    {"options": {"players": 4, "teams": False}, "seed": 5},
]


def record(case: dict) -> dict:
    game = pentarena.load_game("pentup", **case["options"])
    rng = random.Random(case["seed"])
    state = game.new_initial_state(seed=case["seed"])
    counts = []
    search = None
    while not state.is_terminal():
        counts.append(len(state.legal_moves()))
        if len(counts) == 8:
            bot = MCTSBot(seed=case["seed"], iterations=200, time_limit=600)
            best = bot.choose(state)
            search = {"ply": 7, "move": str(best), "visits": bot.last.visits}
        state.apply(rng.choice(state.legal_moves()))
    return {
        **case,
        "moves": state.history(),
        "legal_counts": counts,
        "scores": state.scores(),
        "winners": sorted(state.winners()),
        "search": search,
    }


if __name__ == "__main__":
    data = [record(c) for c in CASES]
    (HERE / "pentup_games.json").write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {len(data)} games")
