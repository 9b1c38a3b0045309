"""Helpers for the conformance suite: option sets and seeded random playouts."""

from __future__ import annotations

import itertools
import json
import random

import pentarena
from pentarena.core.game import game_info, registered_games


def option_sets():
    """Every registered game with every valid combination of its options' choices."""
    out = []
    for info in registered_games():
        names = list(info.options)
        choices = [info.options[n].choices or (info.options[n].default,) for n in names]
        for combo in itertools.product(*choices):
            opts = dict(zip(names, combo))
            try:
                pentarena.load_game(info.name, **opts)
            except pentarena.GameOptionError:
                continue
            out.append((info.name, opts))
    return out


def option_id(item):
    name, opts = item
    return name + "[" + ",".join(f"{k}={v}" for k, v in opts.items()) + "]"


def canonical_json(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


SOLO_RANDOM_PLIES = 12
"""Random plies before a solo puzzle is finished with hints."""


def next_move(state, rng, ply: int):
    """A random legal move; solo puzzles switch to hints after a few random plies."""
    if game_info(state.game.name).solo and ply >= SOLO_RANDOM_PLIES:
        return state.hint()
    return rng.choice(state.legal_moves())


def random_playout(game, seed: int, max_plies: int = 10_000):
    """Play a seeded random game to the end; return the final state."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    for ply in range(max_plies):
        if state.is_terminal():
            break
        state.apply(next_move(state, rng, ply))
    return state


def round_trips(obj):
    """``obj`` through pickle (every protocol from 2), copy.copy and copy.deepcopy."""
    import copy
    import pickle

    out = [pickle.loads(pickle.dumps(obj, protocol))
           for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1)]
    return [*out, copy.copy(obj), copy.deepcopy(obj)]


def near_the_end(game, seed: int, plies_before: int = 2):
    """A seeded random game replayed to ``plies_before`` moves before its end (not over)."""
    final = random_playout(game, seed)
    state = game.new_initial_state(seed=seed)
    for text in final.history()[:-plies_before]:
        state.apply(text)
    return state


POOL_POSITIONS = {"pentago": "WBW.BB/BW..W./WWB.BW/BBW.WB/W.B.../.W..B./w"}
"""Set-up positions the pool job starts from (Pentago's: solved at once)."""


def pool_job(name: str):
    """What a worker process sends back (the multiprocessing conformance test): some
    legal moves of ``name``'s seeded start (or set-up position), and its Solution where
    it has one."""
    game = pentarena.load_game(name)
    extra = {"position": POOL_POSITIONS[name]} if name in POOL_POSITIONS else {}
    state = game.new_initial_state(seed=1, **extra)
    moves = state.legal_moves()
    solution = state.solve_position(float("inf")) if name in POOL_POSITIONS else None
    return [moves[0], moves[len(moves) // 2], moves[-1]], solution
