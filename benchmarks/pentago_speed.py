"""Pentago random playouts through the public API, side by side with OpenSpiel's C++
Pentago through pyspiel, in the same run.

Both loops do the same work per ply: ask for the legal moves (a list), pick one with
``random.choice`` and apply it (Pentarena validates the move; so does OpenSpiel).  Rounds
of the two are interleaved and the median of the per-round rates is reported.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from common import machine, random_playouts, save

import pentarena


def ours(games: int, seed: int) -> float:
    return random_playouts(pentarena.load_game("pentago"), games, seed)


def ours_fast(games: int, seed: int) -> float:
    game = pentarena.load_game("pentago")
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state._apply_move(state.random_move(rng))
    return games / (time.perf_counter() - start)


def openspiel(games: int, seed: int) -> float:
    import pyspiel

    game = pyspiel.load_game("pentago")
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    return games / (time.perf_counter() - start)


def main() -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise SystemExit("install the bench extra: pip install -e '.[bench]' (open-spiel)")
    a, b, f = [], [], []
    for r in range(args.rounds):
        a.append(ours(args.games, r))
        b.append(openspiel(args.games, r))
        f.append(ours_fast(args.games, r))
    out = {
        "pentarena_games_per_s": statistics.median(a),
        "openspiel_games_per_s": statistics.median(b),
        "ratio": statistics.median(x / y for x, y in zip(a, b)),
        "pentarena_random_move_games_per_s": statistics.median(f),
    }
    print(f"Pentago random playouts ({machine()}, one core, median of {args.rounds} rounds "
          f"of {args.games} games)")
    print(f"  Pentarena legal_moves()+apply(): {out['pentarena_games_per_s']:8.0f} games/s")
    print(f"  OpenSpiel legal_actions()+apply_action(): {out['openspiel_games_per_s']:8.0f} games/s")
    print(f"  ratio Pentarena / OpenSpiel: {out['ratio']:.2f}")
    print(f"  Pentarena random_move() (bitboard draw, no list): "
          f"{out['pentarena_random_move_games_per_s']:8.0f} games/s")
    save("pentago_speed", out)
    return out


if __name__ == "__main__":
    main()
