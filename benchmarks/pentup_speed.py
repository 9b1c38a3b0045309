"""Pent-Up speed: complete random games per second and MCTS iterations per second.

Two ways of generating the moves at every ply are measured:
* ``legal_moves()`` — the public API: every legal move listed as a Move object, then one
  chosen at random and applied with ``apply`` (which validates it);
* ``random_move()`` — the engine's bitboard generator: all placements computed as
  bitboards, the count taken, one drawn uniformly, applied without re-validation.
"""

from __future__ import annotations

import argparse
import random

from common import machine, save, timed

import pentarena
from pentarena.ai import MCTSBot


def games_api(game, n: int, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    plies = moves = 0
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_moves()
            moves += len(legal)
            state.apply(rng.choice(legal))
            plies += 1
    return plies, moves


def games_fast(game, n: int, seed: int) -> int:
    rng = random.Random(seed)
    plies = 0
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            state._apply_move(state.random_move(rng))
            plies += 1
    return plies


def mcts_rate(players: int, seconds: float) -> float:
    game = pentarena.load_game("pentup", players=players)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(4 * players):
        state.apply(state.random_move(rng))
    bot = MCTSBot(seed=1, time_limit=seconds)
    bot.choose(state)
    return bot.last.iterations / bot.last.elapsed


def main() -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args([] if __name__ != "__main__" else None)
    out = {}
    print(f"Pent-Up speed ({machine()}, one core)")
    for players in (2, 3):
        game = pentarena.load_game("pentup", players=players)
        (plies, moves), t_api = timed(games_api, game, args.games, 1)
        _, t_fast = timed(games_fast, game, args.games, 1)
        row = {
            "games_per_s_api": args.games / t_api,
            "games_per_s_bitboard": args.games / t_fast,
            "plies_per_s_api": plies / t_api,
            "mean_legal_moves": moves / plies,
            "mcts_iterations_per_s": mcts_rate(players, 2.0),
        }
        out[f"{players}p"] = row
        print(f"  {players} players: {row['games_per_s_api']:8.0f} games/s via legal_moves() "
              f"(mean {row['mean_legal_moves']:.0f} legal moves a ply), "
              f"{row['games_per_s_bitboard']:8.0f} games/s via random_move(); "
              f"MCTS {row['mcts_iterations_per_s']:.0f} iterations/s")
    save("pentup_speed", out)
    return out


if __name__ == "__main__":
    main()
