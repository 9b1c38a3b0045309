"""Strength of the search bot in every game (2 players, seats alternated, both cores, one
game per process; with hidden hands each bot sees only its own view): against random and
greedy, and — in Pentago and Pentomino — against the same search without what the game
adds to it: Pentago's playout policy and move ordering (win at once when possible),
Pentomino's exact endgame solver.

    python benchmarks/strength.py pentago --games 100 --seconds 0.25
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor

from common import RESULTS, machine, save

import pentarena
from pentarena.ai import MCTSBot, SearchBot, choose_for, make_bot
from pentarena.ai.arena import wilson

OPPONENTS = {
    "pentup": ("random", "easy"),
    "pentago": ("random", "easy", "plain"),
    "pentomino": ("random", "easy", "nosolve"),
    "pentic": ("easy",),
}
DEFAULTS = {  # (games a match, seconds a move)
    "pentup": (100, 1.0),
    "pentago": (80, 0.5),
    "pentomino": (80, 0.5),
    "pentic": (400, 0.5),
}
LABELS = {"random": "random", "easy": "greedy",
          "plain": "MCTS with uniform random playouts and order",
          "nosolve": "the same search without the endgame solver"}


def bot(spec: str, seed: int, seconds: float):
    if spec == "plain":
        return MCTSBot(seed=seed, time_limit=seconds, game_policy=False)
    if spec == "nosolve":
        return SearchBot(seed=seed, time_limit=seconds, solve=False)
    if spec == "search":
        return SearchBot(seed=seed, time_limit=seconds)
    return make_bot(spec, seed=seed, time_limit=seconds)


def one_game(job: tuple[str, str, str, int, float]) -> float:
    """Points of the search bot (1 win, ½ draw) in game ``g``; it sits in seat g % 2."""
    name, a, b, g, seconds = job
    game = pentarena.load_game(name)
    seat = g % 2
    bots = [None, None]
    bots[seat] = bot(a, 2 * g, seconds)
    bots[1 - seat] = bot(b, 2 * g + 1, seconds)
    state = game.new_initial_state(seed=g)
    while not state.is_terminal():
        state.apply(choose_for(bots[state.current_player], state))
    return state.returns()[seat]


def previous(game: str, seconds: float) -> dict:
    """Earlier matches of this game at the same time per move (kept when only some
    opponents are played again)."""
    path = RESULTS / f"{game}_strength.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    if data.get("seconds_per_move") != seconds:
        data = {}
    data.pop("machine", None)
    data.pop("date", None)
    return {**data, "seconds_per_move": seconds}


def main() -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", choices=sorted(OPPONENTS))
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--against", nargs="*", default=None)
    args = parser.parse_args()
    games, seconds = DEFAULTS[args.game]
    args.games = args.games or games
    args.seconds = args.seconds or seconds
    print(f"{args.game} strength ({machine()}): the search bot at {args.seconds} s a move, "
          f"{args.games} games a match")
    out = previous(args.game, args.seconds)
    for opponent in args.against or OPPONENTS[args.game]:
        jobs = [(args.game, "search", opponent, g, args.seconds) for g in range(args.games)]
        with ProcessPoolExecutor(args.workers) as pool:
            points = sum(pool.map(one_game, jobs))
        lo, hi = wilson(points, args.games)
        out[f"search_vs_{opponent}"] = {"games": args.games, "points": points,
                                        "rate": points / args.games, "ci95": [lo, hi]}
        print(f"  search v {LABELS.get(opponent, opponent)}: {points / args.games:.1%} "
              f"(95% CI {lo:.1%}–{hi:.1%})", flush=True)
    save(f"{args.game}_strength", out)
    return out


if __name__ == "__main__":
    main()
