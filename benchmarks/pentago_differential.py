"""The native Pentago engine against the pure-Python reference on 10,000 seeded random
games (``make test`` plays 1,000 of them): every move in every form the API takes, and
after each move the legal moves in order, results, scores, JSON and error messages
compared (tests/games/pentago/differential.py)."""

from __future__ import annotations

import argparse
import sys
import time

from common import ROOT, machine, save

sys.path.insert(0, str(ROOT.parent))  # for tests.games.pentago.differential

from rich.progress import track  # noqa: E402

from tests.games.pentago.differential import play_and_compare  # noqa: E402


def main() -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--first-seed", type=int, default=1_000,
                        help="seeds below 1,000 are the ones make test plays")
    args = parser.parse_args()
    start = time.perf_counter()
    seeds = range(args.first_seed, args.first_seed + args.games)
    plies = sum(play_and_compare(seed) for seed in track(seeds, description="games"))
    out = {"games": args.games, "plies": plies, "seconds": time.perf_counter() - start}
    print(f"Native vs reference Pentago ({machine()}): {args.games:,} games, {plies:,} moves "
          f"compared, all equal ({out['seconds']:.0f} s)")
    save("pentago_differential", out)
    return out


if __name__ == "__main__":
    main()
