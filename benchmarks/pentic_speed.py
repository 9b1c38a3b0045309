"""Pentic speed on the native engine, with the pure-Python reference engine (the engine
the API ran on before) measured side by side in the same run.

Random 2-player games to the default target 250 (random play seldom reaches it: the pile
runs out, ~115 moves a game):

(a) the public API: ``legal_moves()`` (move objects), ``random.choice``, ``apply()`` (which
    validates the move) — on the native engine and on the reference engine;
(b) dense actions: ``legal_actions()``, ``random.choice``, ``apply_action()``;
(c) ``state.random_playouts(n, seed)``: whole random games played inside the Rust core;
(d) ``state.policy_playouts(n, seed)``: whole games with the AI's playout policy (the best
    immediate score 85% of the time; these games reach 250 after ~30 moves);
(e) ``view.policy_playouts(n, seed, depth=4)`` from a seat's view: each playout deals the
    unseen cards afresh (a determinization) and plays two rounds, as the information-set
    search does;
(f) ``view.determinize(rng)``: with a ``random.Random`` (shuffled in Python, dealt in Rust)
    and with an int seed (all in Rust).

Rounds are interleaved and the median is reported.  Time is the process's CPU time
(``time.process_time``): this machine is shared.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from common import machine, save

import pentarena
from pentarena.games.pentic.reference import ReferencePenticGame

clock = time.process_time


def api(game, games: int, seed: int) -> tuple[float, int]:
    """(a): games per second, and the plies played."""
    rng = random.Random(seed)
    plies = 0
    start = clock()
    for g in range(games):
        state = game.new_initial_state(seed=seed * 100_000 + g)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
            plies += 1
    return games / (clock() - start), plies


def actions(games: int, seed: int) -> tuple[float, int]:
    """(b)."""
    game = pentarena.load_game("pentic")
    rng = random.Random(seed)
    plies = 0
    start = clock()
    for g in range(games):
        state = game.new_initial_state(seed=seed * 100_000 + g)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    return games / (clock() - start), plies


def core(kind: str, games: int, seed: int) -> tuple[float, int]:
    """(c), (d) and (e)."""
    state = pentarena.load_game("pentic").new_initial_state(seed=seed)
    start = clock()
    if kind == "random":
        result = state.random_playouts(games, seed)
    elif kind == "policy":
        result = state.policy_playouts(games, seed)
    else:
        result = state.view(0).policy_playouts(games, seed, depth=4)
    return games / (clock() - start), result["plies"]


def determinizations(n: int, seed: int) -> tuple[float, float]:
    """(f): microseconds per determinization of a view after 10 moves, with a Python
    ``random.Random`` and with an int seed."""
    state = pentarena.load_game("pentic").new_initial_state(seed=seed)
    for _ in range(10):
        state.apply(state.best_move())
    view = state.view(state.current_player)
    rng = random.Random(seed)
    start = clock()
    for _ in range(n):
        view.determinize(rng)
    python = (clock() - start) / n * 1e6
    start = clock()
    for i in range(n):
        view.determinize(i)
    return python, (clock() - start) / n * 1e6


def main() -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000, help="games a round, per loop")
    parser.add_argument("--reference-games", type=int, default=200,
                        help="games a round on the reference engine")
    parser.add_argument("--core-games", type=int, default=100_000,
                        help="games a round for the core's playouts")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    native, reference = pentarena.load_game("pentic"), ReferencePenticGame()
    runs: dict[str, list[tuple[float, int]]] = {
        k: [] for k in ("reference", "a", "b", "c", "d", "e", "det_rng", "det_int")}
    sizes = {"reference": args.reference_games, "a": args.games, "b": args.games,
             "c": args.core_games, "d": args.core_games, "e": args.core_games}
    for r in range(args.rounds):
        runs["reference"].append(api(reference, args.reference_games, r))
        runs["a"].append(api(native, args.games, r))
        runs["b"].append(actions(args.games, r))
        runs["c"].append(core("random", args.core_games, r))
        runs["d"].append(core("policy", args.core_games, r))
        runs["e"].append(core("view", args.core_games, r))
        py_rng, seeded = determinizations(5000, r)
        runs["det_rng"].append((py_rng, 0))
        runs["det_int"].append((seeded, 0))
        print(f"  round {r + 1}/{args.rounds}: " + ", ".join(
            f"{k} {v[-1][0]:,.0f}" for k, v in runs.items()) + "  (games/s; µs)", flush=True)
    rate = {k: statistics.median(x for x, _ in v) for k, v in runs.items()}
    plies = {k: sum(p for _, p in runs[k]) / (len(runs[k]) * n) for k, n in sizes.items()}
    ratio = statistics.median(a[0] / ref[0] for a, ref in zip(runs["a"], runs["reference"]))
    out = {
        "reference_games_per_s": rate["reference"],
        "pentarena_games_per_s": rate["a"],
        "speedup_over_reference": ratio,
        "pentarena_actions_games_per_s": rate["b"],
        "random_playouts_games_per_s": rate["c"],
        "random_playouts_moves_per_s": rate["c"] * plies["c"],
        "policy_playouts_games_per_s": rate["d"],
        "policy_playouts_moves_per_s": rate["d"] * plies["d"],
        "view_policy_playouts_depth4_per_s": rate["e"],
        "determinize_random_us": rate["det_rng"],
        "determinize_seed_us": rate["det_int"],
        "plies_per_game": plies,
    }
    print(f"Pentic, 2 players, target 250 ({machine()}, one core, CPU time, median of "
          f"{args.rounds} rounds)")
    print(f"  reference engine, legal_moves()+apply():   {rate['reference']:10,.0f} games/s")
    print(f"  (a) legal_moves()+apply():                 {rate['a']:10,.0f} games/s  "
          f"x{ratio:.1f} the reference")
    print(f"  (b) legal_actions()+apply_action():        {rate['b']:10,.0f} games/s")
    print(f"  (c) random_playouts() in the core:         {rate['c']:10,.0f} games/s  "
          f"({out['random_playouts_moves_per_s']:,.0f} moves/s)")
    print(f"  (d) policy_playouts() in the core:         {rate['d']:10,.0f} games/s  "
          f"({out['policy_playouts_moves_per_s']:,.0f} moves/s)")
    print(f"  (e) view.policy_playouts(depth=4):         {rate['e']:10,.0f} playouts/s "
          f"(a determinization + 4 moves each)")
    print(f"  (f) view.determinize(): random.Random {rate['det_rng']:.1f} µs, "
          f"int seed {rate['det_int']:.1f} µs")
    print("  plies a game: " + ", ".join(f"{k} {v:.1f}" for k, v in plies.items()))
    save("pentic_speed", out)
    return out


if __name__ == "__main__":
    main()
