"""Pentomino speed on the native core, against the pure-Python reference engine.

* random games per second through the public API (``legal_moves()`` + ``random.choice`` +
  ``apply()`` at every ply), through dense actions (``legal_actions()`` +
  ``apply_action()``), and ``state.random_playouts(n, seed)`` (whole games in Rust) — for
  2 players, touch-move, the draft and 3-player matches to 50; the reference engine through
  the public API in the same rounds (interleaved; median of the rounds; CPU time, since
  this machine is shared);
* the puzzle solver's time to count every solution of the five named regions;
* the endgame solver's time on positions a few pieces into a 2-player game;
* whole processes (wall clock, median of several runs): ``pentarena solve puzzle 6x10
  --count`` and ``python -c "import pentarena"``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import machine, save

import pentarena
from pentarena.games.pentomino import PuzzleGame
from pentarena.games.pentomino.reference import ReferencePentominoGame

clock = time.process_time
OPTIONS = {"2 players": {}, "touch-move": {"touch_move": True}, "draft": {"variant": "draft"},
           "3-player match to 50": {"players": 3}}


def api(game, games: int, seed: int) -> float:
    rng = random.Random(seed)
    start = clock()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
    return games / (clock() - start)


def actions(game, games: int, seed: int) -> float:
    rng = random.Random(seed)
    start = clock()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    return games / (clock() - start)


def core(game, games: int, seed: int) -> float:
    state = game.new_initial_state()
    start = clock()
    state.random_playouts(games, seed)
    return games / (clock() - start)


def wall(argv: list[str], runs: int) -> float:
    """Median wall-clock seconds of a whole process."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def endgame(pieces: int, positions: int) -> list[float]:
    """CPU seconds to solve positions after ``pieces`` random placements (2 players)."""
    game = pentarena.load_game("pentomino")
    rng = random.Random(pieces)
    out = []
    while len(out) < positions:
        state = game.new_initial_state()
        for _ in range(pieces):
            state.apply(rng.choice(state.legal_moves()))
        if state.is_terminal():
            continue
        start = clock()
        solution = state.solve_position(time_limit=30)
        out.append(clock() - start if solution is not None else float("inf"))
    return out


def main() -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=1000, help="API games a round")
    parser.add_argument("--core-games", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=7, help="runs of each whole process")
    args = parser.parse_args()
    print(f"Pentomino ({machine()}; random games: one core, CPU time, median of {args.rounds} "
          "rounds; the puzzle solver: its own wall-clock seconds; the endgame solver: CPU "
          "seconds; whole processes: wall-clock)")
    out: dict = {"random_games_per_s": {}, "solver_seconds": {}, "endgame_seconds": {}}
    for label, options in OPTIONS.items():
        native = pentarena.load_game("pentomino", **options)
        reference = ReferencePentominoGame(**native.options)
        scale = 10 if native.rounds else 1
        runs: dict[str, list[float]] = {"api": [], "actions": [], "core": [], "reference": []}
        for r in range(args.rounds):
            runs["reference"].append(api(reference, args.games // (4 * scale), r))
            runs["api"].append(api(native, args.games // scale, r))
            runs["actions"].append(actions(native, args.games // scale, r))
            runs["core"].append(core(native, args.core_games // scale, r))
        rate = {k: statistics.median(v) for k, v in runs.items()}
        out["random_games_per_s"][label] = rate
        print(f"  {label}: API {rate['api']:9,.0f}/s  actions {rate['actions']:9,.0f}/s  "
              f"random_playouts {rate['core']:10,.0f}/s  (reference engine, API: "
              f"{rate['reference']:6,.0f}/s; x{rate['api'] / rate['reference']:.1f})")
    for region in ("3x20", "4x15", "8x8-centre", "5x12", "6x10"):
        times = [PuzzleGame(region=region).count_solutions() for _ in range(3)]
        report = min(times, key=lambda r: r.seconds)
        out["solver_seconds"][region] = report.seconds
        print(f"  solver {region:>10}: {report.count:5d} solutions up to symmetry in "
              f"{report.seconds:6.3f} s ({report.nodes:,} placements)")
    for pieces in (3, 4, 5):
        times = endgame(pieces, 7)
        out["endgame_seconds"][pieces] = {"median": statistics.median(times),
                                          "max": max(times), "positions": len(times)}
        print(f"  endgame after {pieces} pieces: median {statistics.median(times):.3f} s, "
              f"max {max(times):.3f} s (7 positions)")
    exe = Path(sys.executable)
    cli = [str(exe.parent / "pentarena"), "solve", "puzzle", "6x10", "--count"]
    out["solve_6x10_process_s"] = wall(cli, args.runs)
    out["import_s"] = wall([str(exe), "-c", "import pentarena"], args.runs)
    out["python_s"] = wall([str(exe), "-c", "pass"], args.runs)
    print(f"  `pentarena solve puzzle 6x10 --count`, whole process: "
          f"{out['solve_6x10_process_s']:.2f} s wall")
    print(f"  `python -c 'import pentarena'`: {out['import_s']:.3f} s wall "
          f"(`python -c pass`: {out['python_s']:.3f} s)")
    save("pentomino_speed", out)
    return out


if __name__ == "__main__":
    main()
