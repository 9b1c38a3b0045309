"""The native Pentic engine against the pure-Python reference on 10,000 random games per
seat count (2, 3 and 4 players; targets 250, 100 and 40 in turn) — ``make test`` plays
1,000 of each: moves in every form the API takes, and after each move the legal moves in
order, scores and breakdowns, results, the JSON of the full state and of every seat's view,
and error messages compared (tests/games/pentic/differential.py).  The games are shared out
between ``--jobs`` processes."""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from common import ROOT, machine, save

sys.path.insert(0, str(ROOT.parent))  # for tests.games.pentic.differential

from rich.progress import Progress  # noqa: E402

from tests.games.pentic.differential import PLAYERS, play_and_compare  # noqa: E402

CHUNK = 100


def play_chunk(players: int, first: int, count: int) -> int:
    return sum(play_and_compare(seed, players) for seed in range(first, first + count))


def main() -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000, help="games per seat count")
    parser.add_argument("--first-seed", type=int, default=1_000,
                        help="seeds below 1,000 are the ones make test plays")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    start = time.perf_counter()
    plies = dict.fromkeys(PLAYERS, 0)
    chunks = [(players, first, min(CHUNK, args.first_seed + args.games - first))
              for players in PLAYERS
              for first in range(args.first_seed, args.first_seed + args.games, CHUNK)]
    with Progress() as progress, ProcessPoolExecutor(args.jobs) as pool:
        task = progress.add_task("games", total=len(PLAYERS) * args.games)
        futures = {pool.submit(play_chunk, *chunk): chunk for chunk in chunks}
        for future in as_completed(futures):
            players, _, count = futures[future]
            plies[players] += future.result()
            progress.advance(task, count)
    seconds = time.perf_counter() - start
    out = {"games_per_seat_count": args.games, "plies": {str(k): v for k, v in plies.items()},
           "seconds": seconds, "jobs": args.jobs}
    print(f"Native vs reference Pentic ({machine()}): {args.games:,} games each for "
          f"{', '.join(map(str, PLAYERS))} players, {sum(plies.values()):,} moves compared, "
          f"all equal ({seconds:.0f} s, {args.jobs} processes)")
    save("pentic_differential", out)
    return out


if __name__ == "__main__":
    main()
