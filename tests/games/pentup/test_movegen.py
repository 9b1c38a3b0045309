"""The bitboard move generator agrees with a plain, slow reading of RULES.md §1."""

from __future__ import annotations

import random

import pytest

import pentarena
from pentarena.core.polyomino import ORIENTATIONS
from pentarena.games.pentup import PentUpMove


def naive_legal_moves(state) -> set:
    heights = state.heights()
    tops = {c: state.top_tile(c) for c in heights}
    xs = [x for x, _ in heights]
    ys = [y for _, y in heights]
    seat = state.current_player
    out = set()
    for piece in state.hand(seat):
        by_level: dict[int, set] = {}
        for o, shape in enumerate(ORIENTATIONS[piece]):
            for ax in range(min(xs) - 5, max(xs) + 2):
                for ay in range(min(ys) - 5, max(ys) + 2):
                    cells = [(ax + dx, ay + dy) for dx, dy in shape]
                    hs = {heights.get(c, 0) for c in cells}
                    if len(hs) != 1:
                        continue
                    level = hs.pop() + 1
                    if level == 1:
                        if not any((x + dx, y + dy) in heights for x, y in cells
                                   for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                            continue
                    elif len({id(tops[c]) for c in cells}) < 2:
                        continue
                    by_level.setdefault(level, set()).add(PentUpMove(piece, o, ax, ay))
        out |= by_level[max(by_level)]
    return out


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_generator_matches_naive_rules(players, seed):
    game = pentarena.load_game("pentup", players=players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    state.apply(state.random_move(rng))
    while not state.is_terminal():
        if rng.random() < 0.4:
            fast = state.legal_moves()
            assert set(fast) == naive_legal_moves(state)
            assert len(fast) == len(set(fast)) == state.count_legal_moves()
        state.apply(state.random_move(rng))
