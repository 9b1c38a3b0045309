"""The native Pent-Up engine against the pure-Python reference on 10,000 seeded random
games per seating — 2 players, 3, 4 in teams, 4 each for themselves — each game scored
under all three scorings, so 10,000 games per option set (``make test`` plays 1,000): every
move in every form the API takes, and after each move the legal moves, scores and the move
played, every few plies and at the end the move lists in order, JSON, results, dense
actions, AI hooks and error messages compared (tests/games/pentup/differential.py)."""

from __future__ import annotations

import argparse
import sys
import time

from common import ROOT, machine, save

sys.path.insert(0, str(ROOT.parent))  # for tests.games.pentup.differential

from rich.progress import track  # noqa: E402

from tests.games.pentup.differential import SEATINGS, play_and_compare  # noqa: E402


def main() -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000, help="games per seating")
    parser.add_argument("--first-seed", type=int, default=1_000,
                        help="seeds below 1,000 are the ones make test plays")
    args = parser.parse_args()
    start = time.perf_counter()
    out: dict = {"games_per_seating": args.games}
    seeds = range(args.first_seed, args.first_seed + args.games)
    total = 0
    for players, teams in SEATINGS:
        name = f"{players}p" + ("-teams" if teams else "")
        plies = sum(play_and_compare(seed, players, teams)
                    for seed in track(seeds, description=name))
        out[name] = {"games": args.games, "plies": plies}
        total += plies
    out["seconds"] = time.perf_counter() - start
    print(f"Native vs reference Pent-Up ({machine()}): {args.games:,} games per seating "
          f"(2, 3, 4 in teams, 4 alone; each scored standard, misere and advanced), "
          f"{total:,} moves compared, all equal ({out['seconds']:.0f} s)")
    save("pentup_differential", out)
    return out


if __name__ == "__main__":
    main()
