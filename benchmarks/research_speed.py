"""Throughput of the research adapters: random play, steps a second (a step is one
player's move; Pentic's chance deals, which the OpenSpiel adapter applies card by card,
are played but not counted), through

* ``native``: the Pentarena API itself (``legal_actions()`` + ``apply_action()``);
* ``openspiel``: the pyspiel adapter (``legal_actions()`` + ``apply_action()``);
* ``openspiel+obs``: the same, plus the mover's observation tensor every step
  (``make_observation(...).set_from``, as an RL loop reads it);
* ``pettingzoo``: the AEC environment (``last()`` with the observation and action mask,
  ``step()``);

next to OpenSpiel's own C++ Pentago driven from the same Python loop.  CPU time, rounds
interleaved, the median of five.  Results: benchmarks/results/research_speed.json.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np
import pyspiel
from open_spiel.python.observation import make_observation

from common import machine, save

import pentarena
from pentarena.integrations import openspiel as ps
from pentarena.integrations import pettingzoo as pz

CASES = [("pentago", {}), ("pentup", {"players": 2}), ("pentup", {"players": 4}),
         ("pentomino", {}), ("pentic", {"players": 2})]
ROUNDS = 5


def native(name, options, budget):
    game = pentarena.load_game(name, **options)
    rng = random.Random(1)
    steps, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < budget:
        state = game.new_initial_state(seed=seed)
        seed += 1
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - start)


def spiel(game, budget, observe=False):
    rng = random.Random(1)
    obs = make_observation(game) if observe else None
    steps = 0
    start = time.process_time()
    while time.process_time() - start < budget:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if obs is not None:
                obs.set_from(state, state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - start)


def zoo(name, options, budget):
    env = pz.env(name, **options)
    rng = np.random.default_rng(1)
    steps, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < budget:
        env.reset(seed=seed)
        seed += 1
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"].view(bool)))))
            steps += 1
    return steps / (time.process_time() - start)


def main(budget: float = 1.0) -> dict:
    runners = {}
    for name, options in CASES:
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        game = ps.load(name, **options)
        runners[label] = {
            "native": lambda n=name, o=options: native(n, o, budget),
            "openspiel": lambda g=game: spiel(g, budget),
            "openspiel+obs": lambda g=game: spiel(g, budget, observe=True),
            "pettingzoo": lambda n=name, o=options: zoo(n, o, budget),
        }
    cpp = pyspiel.load_game("pentago")
    runners["OpenSpiel's own pentago (C++)"] = {
        "openspiel": lambda: spiel(cpp, budget),
        "openspiel+obs": lambda: spiel(cpp, budget, observe=True),
    }
    samples = {label: {k: [] for k in r} for label, r in runners.items()}
    for _ in range(ROUNDS):
        for label, r in runners.items():
            for kind, run in r.items():
                samples[label][kind].append(run())
    results = {label: {kind: round(statistics.median(v)) for kind, v in kinds.items()}
               for label, kinds in samples.items()}
    print(f"steps/s, random play ({machine()})")
    kinds = ["native", "openspiel", "openspiel+obs", "pettingzoo"]
    print(f"{'':34}" + "".join(f"{k:>15}" for k in kinds))
    for label, row in results.items():
        print(f"{label:34}" + "".join(f"{row.get(k, ''):>15}" for k in kinds))
    save("research_speed", {"steps_per_second": results, "rounds": ROUNDS,
                            "seconds_per_sample": budget})
    return results


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="CPU seconds a sample (default 1.0; the tests use less)")
    main(parser.parse_args().seconds)
