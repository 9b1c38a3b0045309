"""Pent-Up speed on the native engine, side by side with the pure-Python reference engine
(``pentup.reference``, the engine the API ran on before the native core), in the same run.

Complete random games, every way the API offers:

(r) the reference engine through the public API: ``legal_moves()``, ``random.choice``,
    ``apply()`` (which validates the move) — what the README called "via legal_moves()";
(a) the same on the native engine (the public API today);
(b) dense actions: ``legal_actions()``, ``random.choice``, ``apply_action()``;
(d) the search hooks: ``random_move(rng)`` + ``_apply_move()`` (what MCTS playouts do);
(c) ``state.random_playouts(n, seed)``: whole games played inside the Rust core.

Rounds are interleaved and the medians reported, with the median of the per-round ratios
to (r).  Time is the process's CPU time (``time.process_time``), not the wall clock: this
machine is shared, and CPU time leaves out the time other work holds the cores.  MCTS
iterations per second (2 s of search from an early middle game) close the table.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from common import machine, save

import pentarena
from pentarena.ai import MCTSBot
from pentarena.games.pentup.reference import ReferencePentUpGame

clock = time.process_time
TARGETS = {"a": 1_000, "c": 20_000}
"""Games per second the native core must reach with 2 players (issue "A native engine
core in Rust")."""


def api(game, games: int, seed: int) -> tuple[float, int, int]:
    """(r) and (a): games per second, plies played, legal moves listed."""
    rng = random.Random(seed)
    plies = moves = 0
    start = clock()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_moves()
            moves += len(legal)
            state.apply(rng.choice(legal))
            plies += 1
    return games / (clock() - start), plies, moves


def actions(game, games: int, seed: int) -> tuple[float, int, int]:
    """(b)."""
    rng = random.Random(seed)
    plies = 0
    start = clock()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    return games / (clock() - start), plies, 0


def hooks(game, games: int, seed: int) -> tuple[float, int, int]:
    """(d)."""
    rng = random.Random(seed)
    plies = 0
    start = clock()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state._apply_move(state.random_move(rng))
            plies += 1
    return games / (clock() - start), plies, 0


def core(game, games: int, seed: int) -> tuple[float, int, int]:
    """(c)."""
    state = game.new_initial_state()
    start = clock()
    result = state.random_playouts(games, seed)
    return games / (clock() - start), result["plies"], 0


def mcts_rate(players: int, seconds: float) -> float:
    game = pentarena.load_game("pentup", players=players)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(4 * players):
        state.apply(state.random_move(rng))
    bot = MCTSBot(seed=1, time_limit=seconds)
    bot.choose(state)
    return bot.last.iterations / bot.last.elapsed


def measure(players: int, rounds: int, games: int, core_games: int) -> dict:
    native = pentarena.load_game("pentup", players=players)
    reference = ReferencePentUpGame(players=players)
    loops = {
        "r": (api, reference, max(1, games // 20)),
        "a": (api, native, games),
        "b": (actions, native, games),
        "d": (hooks, native, games),
        "c": (core, native, core_games),
    }
    runs: dict[str, list[tuple[float, int, int]]] = {k: [] for k in loops}
    for r in range(rounds):
        for key, (fn, game, n) in loops.items():
            runs[key].append(fn(game, n, r))
        print(f"  {players} players, round {r + 1}/{rounds}: " + ", ".join(
            f"{k} {v[-1][0]:,.0f}" for k, v in runs.items()) + " games/s", flush=True)
    rate = {k: statistics.median(x for x, _, _ in v) for k, v in runs.items()}
    ratio = {k: statistics.median(x[0] / ref[0] for x, ref in zip(v, runs["r"]))
             for k, v in runs.items()}
    a_plies = sum(p for _, p, _ in runs["a"])
    return {
        "reference_games_per_s_api": rate["r"],
        "games_per_s_api": rate["a"],
        "games_per_s_actions": rate["b"],
        "games_per_s_hooks": rate["d"],
        "games_per_s_random_playouts": rate["c"],
        "moves_per_s_random_playouts": rate["c"] * 12 * players,
        "ratio_api": ratio["a"],
        "ratio_actions": ratio["b"],
        "ratio_hooks": ratio["d"],
        "ratio_random_playouts": ratio["c"],
        "mean_legal_moves": sum(m for _, _, m in runs["a"]) / a_plies,
        "mcts_iterations_per_s": mcts_rate(players, 2.0),
    }


def main() -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400, help="games a round, per loop")
    parser.add_argument("--core-games", type=int, default=20_000,
                        help="games a round for random_playouts")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args([] if __name__ != "__main__" else None)
    out = {}
    for players in (2, 3):
        out[f"{players}p"] = measure(players, args.rounds, args.games,
                                     args.core_games // (players - 1))
    print(f"Pent-Up speed ({machine()}, one core, CPU time, median of {args.rounds} "
          f"interleaved rounds; x = ratio to the pure-Python reference engine's API)")
    for key, row in out.items():
        print(f"  {key}: (r) reference legal_moves()+apply(): {row['reference_games_per_s_api']:9,.0f} games/s")
        print(f"       (a) legal_moves()+apply():           {row['games_per_s_api']:9,.0f} games/s  "
              f"x{row['ratio_api']:.0f}  (mean {row['mean_legal_moves']:.0f} legal moves a ply)")
        print(f"       (b) legal_actions()+apply_action():  {row['games_per_s_actions']:9,.0f} games/s  "
              f"x{row['ratio_actions']:.0f}")
        print(f"       (d) random_move()+_apply_move():     {row['games_per_s_hooks']:9,.0f} games/s  "
              f"x{row['ratio_hooks']:.0f}")
        print(f"       (c) random_playouts() in the core:   "
              f"{row['games_per_s_random_playouts']:9,.0f} games/s  "
              f"x{row['ratio_random_playouts']:.0f}  "
              f"({row['moves_per_s_random_playouts']:,.0f} moves/s)")
        print(f"       MCTS: {row['mcts_iterations_per_s']:,.0f} iterations/s")
    two = out["2p"]
    for key, target in TARGETS.items():
        got = two["games_per_s_api" if key == "a" else "games_per_s_random_playouts"]
        print(f"  target ({key}) 2 players >= {target:,} games/s: {got:,.0f} "
              f"{'ok' if got >= target else 'MISSED'}")
    save("pentup_speed", out)
    return out


if __name__ == "__main__":
    main()
