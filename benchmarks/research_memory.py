"""Memory over long research runs: the resident set size (/proc/self/statm) before and
after a count of operations, each loop in a process of its own, after a warm-up (so the
tables built once and the allocator's first pools do not count).  A leak in the native
bindings or a cache without a bound shows as growth that keeps up with the count.

Loops: the dense-action API at every ply of random games (``legal_actions``, ``clone``,
the observation tensor, ``apply_action``); ``legal_moves`` + ``apply`` (Pent-Up keeps its
move objects in a table of at most 63 × 128 × 128, made on first use: bounded, it grows
with the area the games cover); the native searches and solvers called again and again;
PettingZoo environments reset and stepped.  Results: benchmarks/results/research_memory.json.

    python benchmarks/research_memory.py [--scale 1.0]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys

from common import machine, save

GAMES = ("pentup", "pentago", "pentomino", "pentic")
SEARCHES = {  # a native search or solver, and its warm-up-sized position
    "pentup": lambda s, i: s.search_position(None, iterations=300, seed=i),
    "pentago": lambda s, i: s.search_position(None, max_depth=3),
    "pentomino": lambda s, i: s.solve_position(0.02),
    "pentic": lambda s, i: s.search_position(None, iterations=200, seed=i),
}
# (loop, game, operations at scale 1)
CASES = ([("api", g, 400_000) for g in GAMES] + [("moves", g, 20_000) for g in GAMES]
         + [("search", g, 2_000) for g in GAMES] + [("env", g, 20_000) for g in GAMES])


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def api(game, count: int) -> None:
    from pentarena.integrations import tensors

    rng, done, seed = random.Random(1), 0, 0
    while done < count:
        state = game.new_initial_state(seed=seed)
        seed += 1
        while not state.is_terminal() and done < count:
            actions = state.legal_actions()
            state.clone()
            tensors.observation(state, state.current_player)
            state.apply_action(rng.choice(actions))
            done += 4


def moves(game, count: int) -> None:
    rng, done, seed = random.Random(1), 0, 0
    while done < count:
        state = game.new_initial_state(seed=seed)
        seed += 1
        while not state.is_terminal() and done < count:
            state.apply(rng.choice(state.legal_moves()))
            done += 1


def search(game, count: int) -> None:
    rng = random.Random(1)
    state = game.new_initial_state(seed=1)
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    for i in range(count):
        SEARCHES[game.name](state, i)


def env(game, count: int) -> None:
    import numpy as np

    from pentarena.integrations import pettingzoo as pz

    zoo = pz.env(game.name)
    for i in range(count):
        zoo.reset(seed=i)
        for _ in range(3):
            zoo.step(int(np.flatnonzero(zoo.observe(zoo.agent_selection)["action_mask"])[0]))


def one(loop: str, name: str, count: int) -> dict:
    import pentarena

    run = {"api": api, "moves": moves, "search": search, "env": env}[loop]
    game = pentarena.load_game(name)
    run(game, max(1, count // 10))  # warm-up
    before = rss_mb()
    run(game, count)
    after = rss_mb()
    return {"operations": count, "rss_before_mb": round(before, 1), "rss_after_mb": round(after, 1),
            "growth_mb": round(after - before, 1)}


def main(scale: float) -> dict:
    results = {}
    for loop, name, count in CASES:
        n = max(1, int(count * scale))
        out = subprocess.run([sys.executable, __file__, "--case", loop, name, str(n)],
                             capture_output=True, text=True, check=True).stdout
        results[f"{loop} {name}"] = row = json.loads(out.splitlines()[-1])
        print(f"{loop:7} {name:10} {n:>9,} operations: {row['rss_before_mb']:7.1f} -> "
              f"{row['rss_after_mb']:7.1f} MB", flush=True)
    print(f"memory measured ({machine()})")
    save("research_memory", {"loops": results, "scale": scale})
    return results


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="operations × this")
    parser.add_argument("--case", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        print(json.dumps(one(args.case[0], args.case[1], int(args.case[2]))))
    else:
        main(args.scale)
