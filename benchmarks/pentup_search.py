"""Pent-Up's native MCTS against the Python one, and what the levels mean for Pent-Up.

    python benchmarks/pentup_search.py speed            # iterations/s, native v Python
    python benchmarks/pentup_search.py levels --games 40 [--pairs easy:random,expert:hard]
    python benchmarks/pentup_search.py times --games 4  # the slowest move of medium, hard

* ``speed``: iterations per second of CPU time from an early middle game (4 random tiles
  per player, as ``pentup_speed.py`` measures the Python MCTS), the Python ``MCTSBot`` on
  the pure-Python reference engine (the search before the native core), the same on the
  native engine, and the native search (``state.search_position``) in interleaved rounds,
  medians and the median of the per-round ratios.
* ``levels``: ``pentarena arena`` matches (``ai.arena.round_robin``, seats alternated, the
  same seeds for every pair) of each level against the one below, and of ``hard`` against
  ``reference-hard`` — ``hard`` exactly as it was before the native core (``SearchBot`` at
  2 s, the Python MCTS on the pure-Python engine, about 1,000 iterations a move) — and
  against ``python-hard``, the same Python MCTS on the native engine (about 5 times the
  iterations of the old ``hard``).  Results are merged into the saved file pair by pair, so the
  pairs can be measured in separate runs; ``--seed N`` plays other games (seeds N, N + 1,
  …; the default 1000), saved beside the others as ``A v B from seed N``.
* ``times``: ``medium`` against ``hard`` for a few games, each move's wall-clock time
  (the levels' caps: 0.5 s and 2 s).
* ``instructions``: instructions an iteration of the native search, counted by valgrind's
  cachegrind (a run of ``--iterations`` less a run of none, from the position ``speed``
  uses): a figure a busy or throttled machine does not change.  ``--package DIR`` counts
  the build whose ``pentarena`` package is in ``DIR`` (another release's, to compare).

    python benchmarks/pentup_search.py instructions [--iterations 4000] [--package DIR --label L]
    python benchmarks/pentup_search.py instructions --whole   # the whole-move tree
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import subprocess
import sys
import time

from common import RESULTS, ROOT, machine, save

import pentarena
from pentarena.ai import MCTSBot, make_bot
from pentarena.ai.arena import round_robin
from pentarena.games.pentup.reference import ReferencePentUpGame

NAME = "pentup_search"
LADDER = ["random", "easy", "medium", "hard", "expert"]
PAIRS = [*zip(LADDER[1:], LADDER[:-1]), ("hard", "reference-hard"), ("hard", "python-hard")]


def early(players: int, game=None):
    state = (game or pentarena.load_game("pentup", players=players)).new_initial_state()
    rng = random.Random(1)
    for _ in range(4 * players):
        state.apply(state.random_move(rng))
    return state


def speed(players: int, rounds: int, seconds: float) -> dict:
    state = early(players)
    reference_state = early(players, ReferencePentUpGame(players=players))
    python, native, ratios, old = [], [], [], []
    for r in range(rounds):
        bot = MCTSBot(seed=r, time_limit=seconds)
        start = time.process_time()
        bot.choose(reference_state)
        old.append(bot.last.iterations / (time.process_time() - start))
        start = time.process_time()
        bot.choose(state)
        py_rate = bot.last.iterations / (time.process_time() - start)
        start = time.process_time()
        found = state.search_position(seconds, iterations=10**9, seed=r)
        rate = found.nodes / (time.process_time() - start)
        python.append(py_rate)
        native.append(rate)
        ratios.append(rate / py_rate)
        print(f"  {players} players, round {r + 1}/{rounds}: Python on the reference engine "
              f"{old[-1]:,.0f}, on the native engine {py_rate:,.0f}, "
              f"native {rate:,.0f} iterations/s (× {rate / py_rate:.0f})", flush=True)
    return {"reference_python_iterations_per_s": statistics.median(old),
            "python_iterations_per_s": statistics.median(python),
            "native_iterations_per_s": statistics.median(native),
            "ratio": statistics.median(ratios),
            "ratio_to_reference": statistics.median(native) / statistics.median(old)}


# The search counted by ``instructions``, run in a fresh interpreter: the position of
# ``early`` (4 random tiles a player), then ITERATIONS iterations, seed 3.
COUNTED_SEARCH = """
import random, sys
sys.path.insert(0, {package!r})
import pentarena
state = pentarena.load_game("pentup", players={players}).new_initial_state()
rng = random.Random(1)
for _ in range(4 * {players}):
    state.apply(state.random_move(rng))
if {iterations}:
    state.search_position(None, iterations={iterations}, seed=3{options})
"""


def instructions(players: int, iterations: int, package: str, label: str,
                 whole: bool = False) -> dict:
    counts = []
    for n in (0, iterations):
        code = COUNTED_SEARCH.format(package=package, players=players, iterations=n,
                                     options=", split=False" if whole else "")
        run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                              "--cachegrind-out-file=/dev/null", sys.executable, "-c", code],
                             capture_output=True, text=True, check=True)
        found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
        if found is None:
            raise SystemExit(f"no instruction count in valgrind's output:\n{run.stderr}")
        counts.append(int(found.group(1).replace(",", "")))
    per = (counts[1] - counts[0]) / iterations
    print(f"  {players} players: {per:,.0f} instructions an iteration "
          f"({iterations:,} iterations, {label})", flush=True)
    return {"iterations": iterations, "instructions_per_iteration": per, "build": label}


def load() -> dict:
    path = RESULTS / f"{NAME}.json"
    return json.loads(path.read_text()) if path.exists() else {}


def levels(pairs: list[tuple[str, str]], games: int, jobs: int | None, seed: int = 1000) -> dict:
    out = {}
    for upper, lower in pairs:
        start = time.perf_counter()
        (record,) = round_robin("pentup", {}, [upper, lower], games, seed=seed, jobs=jobs)
        lo, hi = record.interval
        # games from other seeds are kept beside those of the default ones
        out[f"{upper} v {lower}" + (f" from seed {seed}" if seed != 1000 else "")] = {
            "games": record.games, "wins": record.wins, "draws": record.draws,
            "losses": record.losses, "score": record.score, "interval": [lo, hi],
            "seconds": time.perf_counter() - start}
        print(f"  {upper} v {lower}: {record.wins}-{record.draws}-{record.losses}, "
              f"{record.score:.1%} ({lo:.1%} – {hi:.1%})", flush=True)
    return out


def times(games: int) -> dict:
    slowest = {"medium": 0.0, "hard": 0.0}
    moves = {"medium": 0, "hard": 0}
    for g in range(games):
        bots = {"medium": make_bot("medium", seed=g), "hard": make_bot("hard", seed=g)}
        seats = ["medium", "hard"] if g % 2 == 0 else ["hard", "medium"]
        state = pentarena.load_game("pentup").new_initial_state(seed=g)
        while not state.is_terminal():
            level = seats[state.current_player]
            start = time.perf_counter()
            state.apply(bots[level].choose(state))
            slowest[level] = max(slowest[level], time.perf_counter() - start)
            moves[level] += 1
        print(f"  game {g + 1}/{games}: slowest medium {slowest['medium']:.2f} s, "
              f"hard {slowest['hard']:.2f} s", flush=True)
    return {"slowest_move_s": slowest, "moves": moves}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", nargs="?",
                        choices=["speed", "levels", "times", "instructions", "all"],
                        default="all")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--iterations", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1000,
                        help="levels: the first game's seed (other games than the saved ones)")
    parser.add_argument("--package", default=str(ROOT.parent / "src"),
                        help="the directory holding the pentarena package to count "
                             "(instructions; default: this checkout's)")
    parser.add_argument("--label", default="another build",
                        help="what --package holds, saved with its figures")
    parser.add_argument("--whole", action="store_true",
                        help="instructions: the whole-move tree (split=False) of this checkout")
    parser.add_argument("--pairs", default=None,
                        help="upper:lower pairs separated by commas (default: the ladder "
                             "and hard against reference-hard and python-hard)")
    args = parser.parse_args()
    found = {}
    if args.what in ("speed", "all"):
        found["speed"] = {f"{p}p": speed(p, args.rounds, args.seconds) for p in (2, 3)}
    if args.what in ("levels", "all"):
        pairs = ([tuple(p.split(":")) for p in args.pairs.split(",")] if args.pairs
                 else PAIRS)
        found["levels"] = levels(pairs, args.games, args.jobs, args.seed)
    if args.what in ("times", "all"):
        found["times"] = times(max(1, args.games // 10))
    if args.what == "instructions":
        # another build's figures are kept beside this checkout's
        own = args.package == parser.get_default("package")
        key = ("instructions_whole" if args.whole else "instructions") if own \
            else "instructions_other_build"
        label = args.label if not own else "this checkout" + (", whole moves" if args.whole else "")
        found[key] = {f"{p}p": instructions(p, args.iterations, args.package, label, args.whole)
                      for p in (2, 3)}
    data = load()  # read now: other runs may have saved other pairs meanwhile
    data.pop("machine", None)
    data.pop("date", None)
    data.setdefault("levels", {}).update(found.pop("levels", {}))
    data.update(found)
    save(NAME, data)
    print(f"{machine()}: saved {RESULTS / NAME}.json")


if __name__ == "__main__":
    main()
