"""Pentago's AI levels: each level against the one below, seats alternated, with the
slowest answer of each level.

Pentago has no chance and the search levels are nearly deterministic, so two levels would
play the same game or two over and over; each pair of games therefore starts from its own
opening of ``--opening`` random moves (seeded by the pair's number, the same openings for
every match), played once with each level as White.

    python benchmarks/pentago_levels.py                       # the whole ladder, 40 games a pair
    python benchmarks/pentago_levels.py --pairs hard:medium --games 20

Results: benchmarks/results/pentago_levels.json (a pair played again replaces its entry;
saved after every game, so a stopped run keeps what it played).
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor

from common import save_entry

import pentarena
from pentarena.ai import make_bot
from pentarena.ai.arena import wilson

PAIRS = ["easy:random", "medium:easy", "hard:medium", "expert:hard", "perfect:expert"]


def opening(pair: int, plies: int) -> list[str]:
    """The ``pair``-th opening: ``plies`` random legal moves (none ending the game)."""
    rng = random.Random(9000 + pair)
    state = pentarena.load_game("pentago").new_initial_state()
    moves = []
    while len(moves) < plies:
        move = rng.choice(state.legal_moves())
        trial = state.clone()
        trial.apply(move)
        if trial.is_terminal():
            continue
        state, moves = trial, [*moves, str(move)]
    return moves


def one_game(job: tuple[str, str, int, int]) -> dict:
    """Game ``g`` of a match: ``upper`` is White when g is even; upper's points (win 1,
    draw ½) and each side's slowest answer."""
    upper, lower, g, plies = job
    upper_seat = g % 2
    names = {upper_seat: upper, 1 - upper_seat: lower}
    bots = {s: make_bot(n, seed=10 * g + s) for s, n in names.items()}
    state = pentarena.load_game("pentago").new_initial_state()
    for move in opening(g // 2, plies):
        state.apply(move)
    slowest = {upper: 0.0, lower: 0.0}
    while not state.is_terminal():
        seat = state.current_player
        start = time.perf_counter()
        move = bots[seat].choose(state)
        slowest[names[seat]] = max(slowest[names[seat]], time.perf_counter() - start)
        state.apply(move)
    return {"points": state.returns()[upper_seat], "slowest": slowest,
            "plies": len(state.history())}


def wdl(records: list[dict]) -> list[int]:
    """Wins, draws and losses of the upper level in ``records``."""
    wins = sum(r["points"] == 1 for r in records)
    draws = sum(r["points"] == 0.5 for r in records)
    return [wins, draws, len(records) - wins - draws]


def summarize(upper: str, lower: str, records: list[dict], plies: int) -> dict:
    """A match's figures; game g had ``upper`` as White when g is even."""
    points = sum(r["points"] for r in records)
    wins, draws, losses = wdl(records)
    lo, hi = wilson(points, len(records))
    return {"games": len(records), "wins": wins, "draws": draws,
            "losses": losses, "score": points / len(records),
            "interval": [lo, hi], "opening_plies": plies,
            "as_white": wdl(records[0::2]), "as_black": wdl(records[1::2]),
            "mean_plies": sum(r["plies"] for r in records) / len(records),
            "slowest_answer": {n: round(max(r["slowest"][n] for r in records), 3)
                               for n in (upper, lower)}}


def main() -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", nargs="*", default=PAIRS, help="UPPER:LOWER, e.g. hard:medium")
    parser.add_argument("--games", type=int, default=40, help="games a pair (even)")
    parser.add_argument("--opening", type=int, default=2, help="random moves before the levels play")
    parser.add_argument("--workers", type=int, default=1,
                        help="games at once (the levels are timed: 1 gives each a core)")
    args = parser.parse_args()
    out: dict = {}
    for pair in args.pairs:
        upper, lower = pair.split(":")
        jobs = [(upper, lower, g, args.opening) for g in range(args.games)]
        records: list[dict] = []
        with ProcessPoolExecutor(args.workers) as pool:
            for record in pool.map(one_game, jobs):
                records.append(record)
                summary = {**summarize(upper, lower, records, args.opening),
                           "workers": args.workers}
                print(f"  {upper} v {lower}: {summary['wins']}-{summary['draws']}-"
                      f"{summary['losses']} ({summary['score']:.1%})", flush=True)
                out = save_entry("pentago_levels", f"{upper} v {lower}", summary)
        lo, hi = summary["interval"]
        print(f"{upper} v {lower}: {summary['score']:.1%} (95% {lo:.1%} – {hi:.1%}); as White "
              f"{'-'.join(map(str, summary['as_white']))}, as Black "
              f"{'-'.join(map(str, summary['as_black']))}; slowest {summary['slowest_answer']}",
              flush=True)
    return out


if __name__ == "__main__":
    main()
