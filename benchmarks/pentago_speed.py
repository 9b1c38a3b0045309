"""Pentago random playouts on the native engine, side by side with OpenSpiel's C++ Pentago
through pyspiel, in the same run.

Three ways of playing random games are each compared with OpenSpiel driven from Python
(``legal_actions()`` + ``random.choice`` + ``apply_action()`` at every ply):

(a) the public API: ``legal_moves()`` (move objects), ``random.choice``, ``apply()`` (which
    validates the move);
(b) dense actions: ``legal_actions()``, ``random.choice``, ``apply_action()``;
(c) ``state.random_playouts(n, seed)``: whole games played inside the Rust core.

And a bound on (b): (f) the same loop's unavoidable Python part with no engine at all — a
fresh list of as many ints as the position has legal actions (``list(tuple)``, a C-level
copy) and ``random.choice`` from it, ply after ply for as many plies as (b)'s games last.
No engine whose ``legal_actions()`` returns a new list can run (b) faster than (f); the
ratio of (f) to OpenSpiel is the ceiling of (b)'s.

Rounds of all of them are interleaved and the median of the per-round ratios is reported.
Time is the process's CPU time (``time.process_time``), not the wall clock: this machine is
shared, and CPU time leaves out the time other work holds the cores.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from common import machine, save

import pentarena

clock = time.process_time


def api(games: int, seed: int) -> tuple[float, int]:
    """(a): games per second, and the plies played."""
    game = pentarena.load_game("pentago")
    rng = random.Random(seed)
    plies = 0
    start = clock()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
            plies += 1
    return games / (clock() - start), plies


def actions(games: int, seed: int) -> tuple[float, int]:
    """(b)."""
    game = pentarena.load_game("pentago")
    rng = random.Random(seed)
    plies = 0
    start = clock()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    return games / (clock() - start), plies


def core(games: int, seed: int) -> tuple[float, int]:
    """(c)."""
    state = pentarena.load_game("pentago").new_initial_state()
    start = clock()
    result = state.random_playouts(games, seed)
    return games / (clock() - start), result["plies"]


ACTION_TUPLES = [tuple(range(8 * (36 - ply))) for ply in range(36)]
"""Per ply of a game without a win: as many ints as its legal actions (empty cells × 8)."""


def floor(games: int, seed: int, plies: float) -> tuple[float, int]:
    """(f): ``plies`` a game (rounded per game to keep the mean)."""
    rng = random.Random(seed)
    lengths = [int(plies * (g + 1)) - int(plies * g) for g in range(games)]
    start = clock()
    for n in lengths:
        for ply in range(n):
            rng.choice(list(ACTION_TUPLES[ply]))
    return games / (clock() - start), sum(lengths)


def openspiel(games: int, seed: int) -> tuple[float, int]:
    import pyspiel

    game = pyspiel.load_game("pentago")
    rng = random.Random(seed)
    plies = 0
    start = clock()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    return games / (clock() - start), plies


def main() -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000, help="games a round, per loop")
    parser.add_argument("--core-games", type=int, default=200_000,
                        help="games a round for random_playouts")
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise SystemExit("install the bench extra: pip install -e '.[bench]' (open-spiel)")
    runs: dict[str, list[tuple[float, int]]] = {"a": [], "b": [], "c": [], "f": [], "os": []}
    for r in range(args.rounds):
        runs["os"].append(openspiel(args.games, r))
        runs["a"].append(api(args.games, r))
        runs["b"].append(actions(args.games, r))
        runs["f"].append(floor(args.games, r, runs["b"][-1][1] / args.games))
        runs["c"].append(core(args.core_games, r))
        print(f"  round {r + 1}/{args.rounds}: " + ", ".join(
            f"{k} {v[-1][0]:,.0f}" for k, v in runs.items()) + " games/s", flush=True)
    rate = {k: statistics.median(x for x, _ in v) for k, v in runs.items()}
    ratio = {k: statistics.median(x[0] / o[0] for x, o in zip(runs[k], runs["os"]))
             for k in ("a", "b", "c", "f")}
    plies = {k: sum(p for _, p in v) / (len(v) * (args.core_games if k == "c" else args.games))
             for k, v in runs.items()}
    out = {
        "pentarena_games_per_s": rate["a"],
        "pentarena_actions_games_per_s": rate["b"],
        "pentarena_random_playouts_games_per_s": rate["c"],
        "openspiel_games_per_s": rate["os"],
        "ratio": ratio["a"],
        "ratio_actions": ratio["b"],
        "ratio_random_playouts": ratio["c"],
        "floor_games_per_s": rate["f"],
        "ratio_floor": ratio["f"],
        "plies_per_game": plies,
    }
    print(f"Pentago random playouts ({machine()}, one core, CPU time, median of "
          f"{args.rounds} rounds of {args.games:,} games; random_playouts: "
          f"{args.core_games:,} games)")
    print(f"  OpenSpiel legal_actions()+apply_action():  {rate['os']:10,.0f} games/s")
    print(f"  (a) legal_moves()+apply():                 {rate['a']:10,.0f} games/s  "
          f"x{ratio['a']:.2f}")
    print(f"  (b) legal_actions()+apply_action():        {rate['b']:10,.0f} games/s  "
          f"x{ratio['b']:.2f}")
    print(f"  (c) random_playouts() in the core:         {rate['c']:10,.0f} games/s  "
          f"x{ratio['c']:.1f}  ({rate['c'] * plies['c']:,.0f} moves/s)")
    print(f"  (f) no engine: list(tuple) + choice:      {rate['f']:10,.0f} games/s  "
          f"x{ratio['f']:.2f}  (the ceiling of (b) for any engine returning a new list)")
    print("  plies a game: " + ", ".join(f"{k} {v:.1f}" for k, v in plies.items()))
    save("pentago_speed", out)
    return out


if __name__ == "__main__":
    main()
