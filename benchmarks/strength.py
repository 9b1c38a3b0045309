"""Strength of the search bot in every game (2 players, seats alternated, both cores, one
game per process; with hidden hands each bot sees only its own view): against random and
greedy, and — in Pentago and Pentomino — against the same search without what the game
adds to it: Pentago's playout policy and move ordering (win at once when possible),
Pentomino's exact endgame solver.

    python benchmarks/strength.py pentago --games 100 --seconds 0.25

Pentago also plays OpenSpiel's MCTS (``open_spiel.python.algorithms.mcts.MCTSBot``, UCT
with c = 2, one random rollout per leaf, solved subtrees backed up), given the same time
per move or ``--ratio`` times as much, through OpenSpiel's action ids:

    python benchmarks/strength.py pentago --level hard --against openspiel --games 100
    python benchmarks/strength.py pentago --level hard --against openspiel --ratio 4

The game is played by Pentarena's engine; OpenSpiel's bot searches a pyspiel state that
replays the same moves.  The two rule sets differ in one point: OpenSpiel has no lone
winning placement (a placement that makes five still turns a quadrant, and wins if the five
survives the turn), so OpenSpiel's bot searches that rule; when it chooses a placement
that makes five in Pentarena's rules, it is played as the lone placement (a win).
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor

from common import RESULTS, machine, save

import pentarena
from pentarena.ai import MCTSBot, SearchBot, choose_for, make_bot
from pentarena.ai.arena import wilson

OPPONENTS = {
    "pentup": ("random", "easy"),
    "pentago": ("random", "easy", "plain"),  # also "openspiel" (with --against)
    "pentomino": ("random", "easy", "nosolve"),
    "pentic": ("easy",),
}
DEFAULTS = {  # (games a match, seconds a move)
    "pentup": (100, 1.0),
    "pentago": (80, 0.5),
    "pentomino": (80, 0.5),
    "pentic": (400, 0.5),
}
LABELS = {"random": "random", "easy": "greedy", "openspiel": "OpenSpiel MCTS",
          "plain": "MCTS with uniform random playouts and order",
          "nosolve": "the same search without the endgame solver"}


# OpenSpiel's Pentago action is cell * 8 + r; its eight turns r = 0..7 are printed s..z
# and are, as (quadrant, direction) in Pentarena's numbering (TL, TR, BL, BR; cw = 0):
OS_TURNS = [(0, 1), (0, 0), (1, 1), (1, 0), (3, 1), (3, 0), (2, 1), (2, 0)]
TO_OS = {qd: r for r, qd in enumerate(OS_TURNS)}


def to_openspiel(action: int) -> int:
    """Pentarena's action id (a turning move) as OpenSpiel's."""
    cell, r = divmod(action, 8)
    return cell * 8 + TO_OS[divmod(r, 2)]


def from_openspiel(action: int, state) -> int:
    """OpenSpiel's action as Pentarena's, in ``state``: the lone placement when the
    placement alone makes five here."""
    cell, r = divmod(action, 8)
    if state._win_cells() >> cell & 1:
        return 288 + cell
    q, d = OS_TURNS[r]
    return cell * 8 + q * 2 + d


def check_action_mapping(games: int = 20) -> None:
    """Random games on both engines, every move given to both through the mapping: the
    legal moves and results must agree (up to a lone placement, where the games stop)."""
    import random

    import pyspiel

    os_game = pyspiel.load_game("pentago")
    assert os_game.num_distinct_actions() == 288
    first = os_game.new_initial_state()
    assert [first.action_to_string(a) for a in range(8)] == [f"a1{c}" for c in "stuvwxyz"]
    ours_game = pentarena.load_game("pentago")
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = ours_game.new_initial_state(), os_game.new_initial_state()
        while not ours.is_terminal():
            actions = ours.legal_actions()
            if any(a >= 288 for a in actions):
                break
            assert sorted(map(to_openspiel, actions)) == sorted(theirs.legal_actions())
            a = rng.choice(actions)
            ours.apply_action(a)
            theirs.apply_action(to_openspiel(a))
            assert ours.is_terminal() == theirs.is_terminal()
        if ours.is_terminal():
            returns = theirs.returns()
            assert ours.winners() == ({0, 1} if returns[0] == returns[1]
                                      else {0 if returns[0] > 0 else 1})


class OpenSpielMCTS:
    """OpenSpiel's MCTSBot on a pyspiel state replaying the game, stopped by a clock
    (its search loop is OpenSpiel's own; the clock is checked before each simulation)."""

    def __init__(self, seed: int, seconds: float) -> None:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts

        class Timed(mcts.MCTSBot):
            deadline = 0.0

            def mcts_search(self, state):
                try:
                    return super().mcts_search(state)
                except TimeUp as stop:
                    return stop.root

            def _apply_tree_policy(self, root, state):
                if root.explore_count > 0 and time.perf_counter() >= self.deadline:
                    raise TimeUp(root)
                return super()._apply_tree_policy(root, state)

        self.game = pyspiel.load_game("pentago")
        self.seconds = seconds
        self.simulations = 0
        self.bot = Timed(self.game, uct_c=2.0, max_simulations=10**9,
                         evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                         solve=True, random_state=np.random.RandomState(seed + 1))

    def choose(self, state, time_limit=None):
        theirs = self.game.new_initial_state()
        for a in state._history_actions():
            theirs.apply_action(to_openspiel(a))
        self.bot.deadline = time.perf_counter() + self.seconds
        action = self.bot.step(theirs)
        return state.action_to_move(from_openspiel(action, state))


class TimeUp(Exception):
    def __init__(self, root) -> None:
        super().__init__("time is up")
        self.root = root


def bot(spec: str, seed: int, seconds: float, ratio: float = 1.0):
    if spec == "openspiel":
        return OpenSpielMCTS(seed, seconds * ratio)
    if spec == "plain":
        return MCTSBot(seed=seed, time_limit=seconds, game_policy=False)
    if spec == "nosolve":
        return SearchBot(seed=seed, time_limit=seconds, solve=False)
    if spec == "search":
        return SearchBot(seed=seed, time_limit=seconds)
    return make_bot(spec, seed=seed, time_limit=seconds)


def one_game(job: tuple) -> dict:
    """Game ``g`` between the tested bot (seat g % 2) and an opponent: the tested bot's
    points (1 win, ½ draw), the plies, and the slowest move of each side (seconds)."""
    name, a, b, g, seconds, ratio = job
    game = pentarena.load_game(name)
    seat = g % 2
    bots = [None, None]
    bots[seat] = bot(a, 2 * g, seconds)
    bots[1 - seat] = bot(b, 2 * g + 1, seconds, ratio)
    state = game.new_initial_state(seed=g)
    slowest = [0.0, 0.0]
    while not state.is_terminal():
        mover = state.current_player
        start = time.perf_counter()
        move = choose_for(bots[mover], state)
        slowest[mover] = max(slowest[mover], time.perf_counter() - start)
        state.apply(move)
    return {"game": g, "seat": seat, "points": state.returns()[seat],
            "plies": len(state.history()), "slowest": slowest[seat],
            "slowest_opponent": slowest[1 - seat], "moves": state.history()}


def previous(name: str, seconds: float) -> dict:
    """Earlier matches of this file at the same time per move (kept when only some
    opponents are played again)."""
    path = RESULTS / f"{name}.json"
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
    parser.add_argument("--seconds", type=float, default=None,
                        help="seconds a move of the tested bot (default: the game's, or the "
                             "level's own budget with --level)")
    parser.add_argument("--level", default="search",
                        help="the tested bot: 'search' (the search bot at --seconds) or a "
                             "level name (hard, perfect, ...)")
    parser.add_argument("--ratio", type=float, default=1.0,
                        help="the opponent's time as a multiple of the tested bot's "
                             "(OpenSpiel only)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--against", nargs="*", default=None)
    parser.add_argument("--log", default=None, help="append each game as a JSON line here")
    args = parser.parse_args()
    games, seconds = DEFAULTS[args.game]
    level_seconds = {"medium": 0.5, "hard": 2.0, "expert": 5.0, "perfect": 10.0}
    args.games = args.games or games
    args.seconds = args.seconds or level_seconds.get(args.level) or seconds
    against = args.against or OPPONENTS[args.game]
    if "openspiel" in against:
        check_action_mapping()
    print(f"{args.game} strength ({machine()}): {args.level} at {args.seconds} s a move, "
          f"{args.games} games a match", flush=True)
    file = f"{args.game}_openspiel" if against == ["openspiel"] else f"{args.game}_strength"
    out = previous(file, args.seconds)
    for opponent in against:
        ratio = args.ratio if opponent == "openspiel" else 1.0
        jobs = [(args.game, args.level, opponent, g, args.seconds, ratio)
                for g in range(args.games)]
        records = []
        with ProcessPoolExecutor(args.workers) as pool:
            for record in pool.map(one_game, jobs):
                records.append(record)
                if args.log:
                    with open(args.log, "a") as f:
                        f.write(json.dumps({"level": args.level, "opponent": opponent,
                                            "ratio": ratio, **record}) + "\n")
                done = len(records)
                if done % 10 == 0:
                    pts = sum(r["points"] for r in records)
                    print(f"    {done} games: {pts / done:.1%}", flush=True)
        points = sum(r["points"] for r in records)
        lo, hi = wilson(points, args.games)
        key = f"{args.level}_vs_{opponent}" + (f"_{ratio:g}x" if opponent == "openspiel" else "")
        out[key] = {"games": args.games, "points": points, "rate": points / args.games,
                    "ci95": [lo, hi],
                    "wins": sum(r["points"] == 1 for r in records),
                    "draws": sum(r["points"] == 0.5 for r in records),
                    "losses": sum(r["points"] == 0 for r in records),
                    "mean_plies": sum(r["plies"] for r in records) / len(records),
                    "slowest_move": max(r["slowest"] for r in records),
                    "slowest_opponent_move": max(r["slowest_opponent"] for r in records)}
        if opponent == "openspiel":
            out[key]["opponent_seconds"] = args.seconds * ratio
        print(f"  {args.level} v {LABELS.get(opponent, opponent)}"
              f"{f' ({ratio:g}x time)' if opponent == 'openspiel' else ''}: "
              f"{points / args.games:.1%} (95% CI {lo:.1%}–{hi:.1%})", flush=True)
        out = {**previous(file, args.seconds), key: out[key]}
        save(file, out)
    return out


if __name__ == "__main__":
    main()
