"""Pentomino: random games per second through the public API, and the puzzle solver's time
to count every solution of the five named regions (6×10: all 2339)."""

from __future__ import annotations

from common import machine, random_playouts, save

import pentarena
from pentarena.games.pentomino import PuzzleGame


def random_games(options: dict, games: int) -> float:
    return random_playouts(pentarena.load_game("pentomino", **options), games, 1)


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
