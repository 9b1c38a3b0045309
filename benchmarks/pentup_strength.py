"""Pent-Up strength: MCTS (1 s a move) against random and greedy, 2 players, seats
alternated, on both cores (one game per process)."""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from common import machine, save

import pentarena
from pentarena.ai import make_bot
from pentarena.cli import wilson


def one_game(job: tuple[str, str, int, float]) -> float:
    """Points of bot A (1 win, 0.5 draw) in game ``g``; A sits in seat g % 2."""
    a, b, g, seconds = job
    game = pentarena.load_game("pentup", players=2)
    a_seat = g % 2
    bots = [None, None]
    bots[a_seat] = make_bot(a, seed=2 * g, time_limit=seconds)
    bots[1 - a_seat] = make_bot(b, seed=2 * g + 1, time_limit=seconds)
    state = game.new_initial_state(seed=g)
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    return state.returns()[a_seat]


def match(a: str, b: str, games: int, seconds: float, workers: int) -> dict:
    with ProcessPoolExecutor(workers) as pool:
        points = list(pool.map(one_game, [(a, b, g, seconds) for g in range(games)]))
    total = sum(points)
    lo, hi = wilson(total, games)
    return {"games": games, "points": total, "rate": total / games, "ci95": [lo, hi]}


def main() -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"Pent-Up strength ({machine()}), MCTS at {args.seconds} s a move")
    out = {"seconds_per_move": args.seconds}
    for opponent in ("random", "greedy"):
        r = match("mcts", opponent, args.games, args.seconds, args.workers)
        out[f"mcts_vs_{opponent}"] = r
        print(f"  MCTS v {opponent:6}: {r['rate']:.1%} of {r['games']} games "
              f"(95% CI {r['ci95'][0]:.1%}–{r['ci95'][1]:.1%})", flush=True)
    save("pentup_strength", out)
    return out


if __name__ == "__main__":
    main()
