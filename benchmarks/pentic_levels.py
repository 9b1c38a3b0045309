"""Pentic's computer levels against each other: each level against the one below, and the
native ``hard`` against the search ``hard`` played before it: ``reference-hard`` exactly as
it was (the Python information-set MCTS at 2 s a move on the pure-Python engine) and
``python-search`` (the same search on the native engine, about 3 times the iterations). Two
players, target 250, seats alternated, the same deals for every pair, each bot with its
level's own time and settings and seeing only its own view; the slowest move of each side
is recorded.

    python benchmarks/pentic_levels.py                      # every pair, 400 games each
    python benchmarks/pentic_levels.py --pairs hard:medium --games 100 --workers 2

Results: benchmarks/results/pentic_levels.json (a pair played again replaces its entry;
saved every 10 games, so a stopped run keeps what it played; a run from another first
deal, ``--first N``, saves its own entry, ``A_vs_B_from_N``).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from common import machine, save_entry

import pentarena
from pentarena.ai import choose_for
from pentarena.ai.arena import make_player, wilson

PAIRS = ["easy:random", "medium:easy", "hard:medium", "expert:hard", "hard:reference-hard",
         "hard:python-search"]


def one_game(job: tuple[str, str, int]) -> dict:
    """Game ``g``: ``a`` in seat g % 2 against ``b``; a's points (1 win, ½ shared win)."""
    a, b, g = job
    seat = g % 2
    bots = [None, None]
    bots[seat] = make_player(a, 2 * g, None)
    bots[1 - seat] = make_player(b, 2 * g + 1, None)
    state = pentarena.load_game("pentic").new_initial_state(seed=g)
    slowest = [0.0, 0.0]
    while not state.is_terminal():
        mover = state.current_player
        start = time.perf_counter()
        move = choose_for(bots[mover], state)
        slowest[mover] = max(slowest[mover], time.perf_counter() - start)
        state.apply(move)
    return {"points": state.returns()[seat], "slowest": slowest[seat],
            "slowest_opponent": slowest[1 - seat]}


def summarize(records: list[dict], first: int) -> dict:
    points = sum(r["points"] for r in records)
    lo, hi = wilson(points, len(records))
    return {"games": len(records), "first_seed": first, "points": points,
            "rate": points / len(records), "ci95": [lo, hi],
            "slowest_move": max(r["slowest"] for r in records),
            "slowest_opponent_move": max(r["slowest_opponent"] for r in records)}


def main() -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", nargs="*", default=PAIRS, help="A:B, e.g. hard:medium")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    out: dict = {}
    print(f"pentic levels ({machine()}), {args.games} games a pair", flush=True)
    for pair in args.pairs:
        a, b = pair.split(":")
        jobs = [(a, b, g) for g in range(args.first, args.first + args.games)]
        records = []
        with ProcessPoolExecutor(args.workers) as pool:
            for record in pool.map(one_game, jobs):
                records.append(record)
                if len(records) % 10 == 0 or len(records) == len(jobs):
                    summary = summarize(records, args.first)
                    print(f"    {len(records)} games: {summary['rate']:.1%}", flush=True)
                    out = save_entry("pentic_levels", f"{a}_vs_{b}" + (
                        f"_from_{args.first}" if args.first else ""), summary)
        lo, hi = summary["ci95"]
        print(f"  {a} v {b}: {summary['rate']:.1%} (95% CI {lo:.1%}–{hi:.1%}), "
              f"slowest move {summary['slowest_move']:.2f} s", flush=True)
    return out


if __name__ == "__main__":
    main()
