"""Pentomino's AI levels, 2 players: each level against the one below (seats alternated,
the wins as first and as second player counted apart), the slowest answer of each level,
and the ``perfect`` level as first player (the opening book of the proof from the empty
board, then the proof search) against ``hard`` and random.

    python benchmarks/pentomino_levels.py --games 20 --perfect-games 100
    python benchmarks/pentomino_levels.py --only ladder --pairs perfect:expert,expert:hard
    python benchmarks/pentomino_levels.py --only perfect --perfect-games 10
    python benchmarks/pentomino_levels.py --variant draft --only perfect --perfect-games 50

With ``--variant draft`` the first player is the first picker (the second placer), the
side the draft proof shows to win: ``perfect`` picks by the table of proved drafts, into
a draft proved lost for the first placer, and solves exactly from its first placement.

Results: ``results/pentomino_levels_ladder.json`` (a pair played again replaces its
entry) and ``results/pentomino_levels_perfect.json`` (``..._perfect_draft.json``).

Games run one at a time (one process) so the time-limited levels get a core of their own
as far as the machine allows.
"""

from __future__ import annotations

import argparse
import time

from common import save, save_entry

import pentarena
from pentarena.ai import make_bot
from pentarena.ai.arena import wilson

LADDER = ("random", "easy", "medium", "hard", "expert", "perfect")


def play(bots: dict[int, object], seed: int, slowest: dict[int, float],
         variant: str = "standard") -> int:
    """One game; the winning seat.  ``slowest``: per seat, its longest answer."""
    state = pentarena.load_game("pentomino", variant=variant).new_initial_state(seed=seed)
    while not state.is_terminal():
        seat = state.current_player
        start = time.perf_counter()
        move = bots[seat].choose(state)
        slowest[seat] = max(slowest[seat], time.perf_counter() - start)
        state.apply(move)
    (winner,) = state.winners()
    return winner


def match(upper: str, lower: str, games: int, seed: int) -> dict:
    """``upper`` against ``lower``, seats alternated (game g: ``upper`` first when g is
    even)."""
    wins = [0, 0]  # upper's wins as first and as second player
    slow = {upper: 0.0, lower: 0.0}
    for g in range(games):
        upper_seat = g % 2
        names = {upper_seat: upper, 1 - upper_seat: lower}
        bots = {s: make_bot(n, seed=seed + 10 * g + s) for s, n in names.items()}
        slowest = {0: 0.0, 1: 0.0}
        wins[upper_seat] += play(bots, seed + g, slowest) == upper_seat
        for s, n in names.items():
            slow[n] = max(slow[n], slowest[s])
        print(f"  {upper} v {lower}: {sum(wins)}/{g + 1}", flush=True)
    low, high = wilson(sum(wins), games)
    return {"upper": upper, "lower": lower, "games": games, "wins": sum(wins),
            "wins_as_first": wins[0], "wins_as_second": wins[1],
            "score": sum(wins) / games, "interval": [low, high],
            "slowest_answer": {n: round(t, 3) for n, t in slow.items()}}


def perfect_first(against: str, games: int, seed: int, variant: str = "standard") -> dict:
    """``perfect`` as the first player (the draft: the first picker) against ``against``."""
    wins, slowest = 0, {0: 0.0, 1: 0.0}
    for g in range(games):
        bots = {0: make_bot("perfect", seed=seed + g), 1: make_bot(against, seed=seed + g + 1)}
        wins += play(bots, seed + g, slowest, variant) == 0
        print(f"  perfect (first) v {against}: {wins}/{g + 1}", flush=True)
    return {"against": against, "games": games, "wins": wins,
            "slowest_answer": round(slowest[0], 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games per ladder pair")
    parser.add_argument("--perfect-games", type=int, default=100)
    parser.add_argument("--only", choices=["ladder", "perfect"], default=None)
    parser.add_argument("--pairs", default=None,
                        help="ladder pairs UPPER:LOWER,... (default: each level v the one below)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", choices=["standard", "draft"], default="standard",
                        help="the perfect-play games' variant (the ladder is the standard game)")
    args = parser.parse_args()
    out: dict = {"games": args.games}
    if args.only != "perfect":
        pairs = ([tuple(p.split(":")) for p in args.pairs.split(",")] if args.pairs
                 else [(up, low) for low, up in zip(LADDER, LADDER[1:])])
        for up, low in pairs:
            row = match(up, low, args.games, args.seed)
            save_entry("pentomino_levels_ladder", f"{up} v {low}", row)
            print(f"{up} v {low}: {row['wins']}/{row['games']} ({row['wins_as_first']} as "
                  f"first, {row['wins_as_second']} as second; 95% {row['interval'][0]:.0%}-"
                  f"{row['interval'][1]:.0%}), slowest answers {row['slowest_answer']}")
    if args.only != "ladder":
        out["variant"] = args.variant
        out["perfect_first"] = [perfect_first(a, args.perfect_games, args.seed, args.variant)
                                for a in ("random", "hard")]
        for row in out["perfect_first"]:
            print(f"perfect (first) v {row['against']}: {row['wins']}/{row['games']}")
        save("pentomino_levels_perfect" + ("_draft" if args.variant == "draft" else ""), out)


if __name__ == "__main__":
    main()
