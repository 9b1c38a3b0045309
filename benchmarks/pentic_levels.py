"""Pentic's computer levels against each other: each level against the one below, and the
native ``hard`` against the search ``hard`` played before it (``python-search``: the
Python information-set MCTS at 2 s a move).  Two players, target 250, seats alternated,
the same deals for every pair, each bot with its level's own time and settings and seeing
only its own view; the slowest move of each side is recorded.

    python benchmarks/pentic_levels.py                      # every pair, 400 games each
    python benchmarks/pentic_levels.py --pairs hard:medium --games 100 --workers 2

Results: benchmarks/results/pentic_levels.json (a pair played again replaces its entry).
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor

from common import RESULTS, machine, save

import pentarena
from pentarena.ai import choose_for, make_bot
from pentarena.ai.arena import wilson

PAIRS = ["easy:random", "medium:easy", "hard:medium", "expert:hard", "hard:python-search"]


def one_game(job: tuple[str, str, int]) -> dict:
    """Game ``g``: ``a`` in seat g % 2 against ``b``; a's points (1 win, ½ shared win)."""
    a, b, g = job
    seat = g % 2
    bots = [None, None]
    bots[seat] = make_bot(a, seed=2 * g)
    bots[1 - seat] = make_bot(b, seed=2 * g + 1)
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


def main() -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", nargs="*", default=PAIRS, help="A:B, e.g. hard:medium")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    path = RESULTS / "pentic_levels.json"
    out = json.loads(path.read_text()) if path.exists() else {}
    print(f"pentic levels ({machine()}), {args.games} games a pair", flush=True)
    for pair in args.pairs:
        a, b = pair.split(":")
        jobs = [(a, b, g) for g in range(args.first, args.first + args.games)]
        records = []
        with ProcessPoolExecutor(args.workers) as pool:
            for record in pool.map(one_game, jobs):
                records.append(record)
                if len(records) % 20 == 0:
                    pts = sum(r["points"] for r in records)
                    print(f"    {len(records)} games: {pts / len(records):.1%}", flush=True)
        points = sum(r["points"] for r in records)
        lo, hi = wilson(points, len(records))
        out.pop("machine", None)
        out.pop("date", None)
        out[f"{a}_vs_{b}"] = {
            "games": len(records), "first_seed": args.first, "points": points,
            "rate": points / len(records), "ci95": [lo, hi],
            "slowest_move": max(r["slowest"] for r in records),
            "slowest_opponent_move": max(r["slowest_opponent"] for r in records)}
        print(f"  {a} v {b}: {points / len(records):.1%} (95% CI {lo:.1%}–{hi:.1%}), "
              f"slowest move {out[f'{a}_vs_{b}']['slowest_move']:.2f} s", flush=True)
        save("pentic_levels", out)
    return out


if __name__ == "__main__":
    main()
