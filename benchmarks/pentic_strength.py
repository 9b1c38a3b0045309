"""Pentic strength: the search bot (information-set MCTS, seeing only its own view) against
greedy (best immediate score), two players, seats alternated, on both cores."""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from common import machine, save

import pentarena
from pentarena.ai import make_bot
from pentarena.cli import wilson


def one_game(job: tuple[str, int, float]) -> float:
    level, g, seconds = job
    game = pentarena.load_game("pentic", players=2)
    seat = g % 2
    bots = [None, None]
    bots[seat] = make_bot(level, seed=g, time_limit=seconds)
    bots[1 - seat] = make_bot("easy", seed=g)
    state = game.new_initial_state(seed=10_000 + g)
    while not state.is_terminal():
        p = state.current_player
        state.apply(bots[p].choose(state.view(p)))  # each bot sees only its own view
    return state.returns()[seat]


def main() -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    seconds = args.seconds or {"medium": 0.5, "hard": 2.0, "expert": 5.0}.get(args.level, 1.0)
    with ProcessPoolExecutor(args.workers) as pool:
        points = list(pool.map(one_game, [(args.level, g, seconds) for g in range(args.games)]))
    total = sum(points)
    lo, hi = wilson(total, args.games)
    out = {"level": args.level, "seconds_per_move": seconds, "games": args.games,
           "points": total, "rate": total / args.games, "ci95": [lo, hi]}
    print(f"Pentic strength ({machine()}): {args.level} ({seconds} s a move) v greedy: "
          f"{total / args.games:.1%} of {args.games} games (95% CI {lo:.1%}–{hi:.1%})")
    save("pentic_strength", out)
    return out


if __name__ == "__main__":
    main()
