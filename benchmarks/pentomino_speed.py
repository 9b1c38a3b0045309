"""Pentomino: random games per second through the public API, and the puzzle solver's time
to count every solution of the five named regions (6×10: all 2339)."""

from __future__ import annotations

import random
import time

from common import machine, save

import pentarena
from pentarena.games.pentomino import PuzzleGame


def random_games(options: dict, games: int) -> float:
    game = pentarena.load_game("pentomino", **options)
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
    return games / (time.perf_counter() - start)


def main() -> dict:
    print(f"Pentomino ({machine()}, one core)")
    out: dict = {"random_games_per_s": {}, "solver_seconds": {}}
    for label, options, games in (("2 players", {}, 300), ("draft", {"variant": "draft"}, 300),
                                  ("3-player match to 50", {"players": 3}, 20)):
        rate = random_games(options, games)
        out["random_games_per_s"][label] = rate
        print(f"  random {label}: {rate:8.1f} games/s (legal_moves() + apply() every ply)")
    PuzzleGame(region="3x20").count_solutions()  # compile the kernel before timing
    for region in ("3x20", "4x15", "8x8-centre", "5x12", "6x10"):
        report = PuzzleGame(region=region).count_solutions()
        out["solver_seconds"][region] = report.seconds
        print(f"  solver {region:>10}: {report.count:5d} solutions up to symmetry in "
              f"{report.seconds:6.2f} s ({report.nodes:,} placements)")
    save("pentomino_speed", out)
    return out


if __name__ == "__main__":
    main()
