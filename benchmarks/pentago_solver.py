"""The exact Pentago midgame solver: time per position by number of empty cells, and the
levels on solved positions.

    python benchmarks/pentago_solver.py                   # 14, 16, 18 and 20 empty cells
    python benchmarks/pentago_solver.py --empty 14 16 18 --positions 5 --threads 1 2

Positions come from seeded random play (the same ones on every run).  Times are wall-clock
seconds and the process's CPU seconds (all threads together), since this machine is
shared; "tables" is the solver's own size for that many empty cells (computed, what
``max_gb`` is held against) and "peak RSS" the process's measured peak resident size so
far (the sizes run in increasing order, so it is that size's); the colourings are the subsets the solver evaluates, each in 128 rotation states.
Then, on positions with 18 empty cells that the solver says are won (and where some move
throws the win away), ``hard`` (2 s a move) and ``perfect`` (10 s) choose a move, and the
solver's value of that move is counted.
"""

from __future__ import annotations

import argparse
import random
import resource
import time

from common import machine, save

import pentarena
from pentarena.ai import make_bot

PENTAGO = pentarena.load_game("pentago")


def late_state(seed: int, empty: int):
    """A state reached by random play (seeded) with ``empty`` empty cells, game not over."""
    rng = random.Random(seed)
    while True:
        state = PENTAGO.new_initial_state()
        while not state.is_terminal() and state._empty_count() > empty:
            state.apply(state.random_move(rng))
        if not state.is_terminal():
            return state


def time_solver(empty: int, positions: int, threads: int) -> dict:
    walls, cpus, values = [], [], []
    for i in range(positions):
        state = late_state(1000 * empty + i, empty)
        wall, cpu = time.perf_counter(), time.process_time()
        value, moves = state.solve_moves(None, threads, 20.0)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        values.append(value)
    estimate, tables = late_state(0, empty)._solve_estimate()
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss   # Linux: KiB
    return {"empty": empty, "threads": threads, "positions": positions,
            "wall_seconds": walls, "cpu_seconds": cpus, "values": values,
            "median_wall": sorted(walls)[len(walls) // 2],
            "median_cpu": sorted(cpus)[len(cpus) // 2],
            "tables_gb": round(tables / 1e9, 2), "peak_rss_gb": round(peak_kib * 1024 / 1e9, 2)}


def levels_on_won_positions(empty: int, count: int) -> dict:
    """How often ``hard`` and ``perfect`` choose a winning move in won positions."""
    out = {"hard": 0, "perfect": 0, "positions": 0, "hard_seconds": [], "perfect_seconds": []}
    seed = 0
    while out["positions"] < count:
        seed += 1
        state = late_state(50_000 + seed, empty)
        value, moves = state.solve_moves(None, 2, 20.0)
        if value != 1 or all(v == 1 for _, v in moves):
            continue
        wins = {m for m, v in moves if v == 1}
        out["positions"] += 1
        out.setdefault("winning_moves", []).append(f"{len(wins)} of {len(moves)}")
        for level in ("hard", "perfect"):
            bot = make_bot(level, seed=seed)
            start = time.perf_counter()
            move = bot.choose(state)
            out[f"{level}_seconds"].append(round(time.perf_counter() - start, 2))
            out[level] += move in wins
        print(f"    position {out['positions']}: {len(wins)} winning moves of {len(moves)}; "
              f"hard {out['hard']}, perfect {out['perfect']}", flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--empty", type=int, nargs="*", default=[14, 16, 18, 20])
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--threads", type=int, nargs="*", default=[1, 2])
    parser.add_argument("--won", type=int, default=5,
                        help="won positions with 18 empty cells for the level check (0: skip)")
    args = parser.parse_args()
    print(f"Pentago midgame solver ({machine()})", flush=True)
    out: dict = {"timings": []}
    for empty in sorted(args.empty):
        for threads in args.threads:
            if empty >= 20 and threads == 1 and len(args.threads) > 1:
                continue  # a minute and 8 GB: once, on every thread
            positions = 1 if empty >= 20 else args.positions
            row = time_solver(empty, positions, threads)
            out["timings"].append(row)
            print(f"  {empty} empty cells, {threads} thread(s): median {row['median_wall']:.2f} s "
                  f"wall, {row['median_cpu']:.2f} s CPU (tables {row['tables_gb']} GB, peak RSS "
                  f"{row['peak_rss_gb']} GB; values "
                  f"{row['values']})", flush=True)
    if args.won:
        print("  levels on won positions with 18 empty cells:", flush=True)
        out["levels_18_empty"] = levels_on_won_positions(18, args.won)
    save("pentago_solver", out)


if __name__ == "__main__":
    main()
