"""Differential test: 1,000 seeded random games agree move by move with OpenSpiel's C++
``pentago`` (through pyspiel) wherever the two rule sets coincide.

Mapping.  Cells are the same (a1 = 0, row-major, rank 1 on top).  OpenSpiel's action is
``cell * 8 + r`` with r = 0..7 meaning TL ccw, TL cw, TR ccw, TR cw, BR ccw, BR cw, BL ccw,
BL cw.  The one difference: OpenSpiel never wins by placement alone — a placement that
makes five still has to rotate — so where Pentarena offers the lone placement ``d4``,
OpenSpiel offers its eight rotations, and a game is compared only up to such a placement.
"""

from __future__ import annotations

import random

import pyspiel

import pentarena
from pentarena.games.pentago import PentagoMove

OS_ROTATIONS = [(0, 1), (0, 0), (1, 1), (1, 0), (3, 1), (3, 0), (2, 1), (2, 0)]  # (q, d)
TO_OS = {qd: r for r, qd in enumerate(OS_ROTATIONS)}


def to_openspiel(move: PentagoMove) -> list[int]:
    c, q, d = move
    if q < 0:
        return [c * 8 + r for r in range(8)]
    return [c * 8 + TO_OS[(q, d)]]


def test_thousand_random_games_agree_with_openspiel():
    ours_game = pentarena.load_game("pentago")
    os_game = pyspiel.load_game("pentago")
    compared_plies = finished_same = stopped_at_placement_win = 0
    for seed in range(1000):
        rng = random.Random(seed)
        ours, theirs = ours_game.new_initial_state(), os_game.new_initial_state()
        while True:
            assert ours.is_terminal() == theirs.is_terminal()
            if ours.is_terminal():
                returns = theirs.returns()
                expected = {0, 1} if returns[0] == returns[1] else {0 if returns[0] > 0 else 1}
                assert ours.winners() == expected
                finished_same += 1
                break
            assert ours.current_player == theirs.current_player()
            moves = ours.legal_moves()
            mapped = sorted(a for m in moves for a in to_openspiel(m))
            assert mapped == sorted(theirs.legal_actions()), f"seed {seed} ply {len(ours.history())}"
            move = rng.choice(moves)
            if not move.rotates:  # the one rule difference: stop comparing this game
                stopped_at_placement_win += 1
                break
            ours.apply(move)
            theirs.apply_action(to_openspiel(move)[0])
            compared_plies += 1
    assert finished_same + stopped_at_placement_win == 1000
    assert compared_plies > 15_000 and finished_same > 300
