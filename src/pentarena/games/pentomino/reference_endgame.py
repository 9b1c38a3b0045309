"""The pure-Python exact solver for the 2-player placement game (normal play: whoever cannot
place a piece on their turn loses — the last placer wins): the oracle the native solver
(``native/src/pentomino/endgame.rs``, behind ``PentominoState.solve_position``) is tested
against.  Nothing at run time imports this module.

Negamax over (covered squares, the mover's pieces, the other side's pieces) with a
transposition table.  Each node carries the placements that still fit, so a child only
filters its parent's list.  In Python a position is solved in well under a second from
about the fourth or fifth piece on.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ...core.polyomino import PIECE_NAMES
from .board import Grid
from .notation import place_moves

Candidate = tuple[int, int]
"""(piece index, square mask)."""


class OutOfTime(Exception):
    """The search passed its deadline."""


def fitting(grid: Grid, occupied: int, pieces: int) -> list[Candidate]:
    """Every placement of the pieces in bitmask ``pieces`` on the empty squares."""
    table = place_moves(grid)
    return [(i, m) for i, p in enumerate(PIECE_NAMES) if pieces >> i & 1
            for m, _ in table[p] if not m & occupied]


class EndgameSolver:
    """``wins(occupied, mine, theirs)``: does the player to move win?  ``mine`` and
    ``theirs`` are piece bitmasks (bit i = PIECE_NAMES[i]); with a shared pool (the
    standard game) both are the pool."""

    def __init__(self, shared: bool, deadline: float, check_every: int = 16) -> None:
        self.shared = shared
        self.deadline = deadline
        self.check_every = check_every
        self.memo: dict[int, bool] = {}
        self.nodes = 0

    def wins(self, occupied: int, mine: int, theirs: int, candidates: Sequence[Candidate]) -> bool:
        key = occupied | mine << 64 | theirs << 76
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes % self.check_every == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime
        result = False
        for i, m in candidates:
            if mine >> i & 1 and self.loses_after(occupied, mine, theirs, candidates, i, m):
                result = True
                break
        self.memo[key] = result
        return result

    def loses_after(self, occupied: int, mine: int, theirs: int,
                    candidates: Sequence[Candidate], i: int, m: int) -> bool:
        """Whether the opponent, to move after placement (i, m), loses."""
        left = mine & ~(1 << i)
        if self.shared:
            their_pieces, my_pieces = left, left
        else:
            their_pieces, my_pieces = theirs, left
        rest = [(j, n) for j, n in candidates if not n & m and (their_pieces | my_pieces) >> j & 1]
        return not self.wins(occupied | m, their_pieces, my_pieces, rest)


def solve_placement(grid: Grid, occupied: int, mine: int, theirs: int, shared: bool,
                    time_limit: float, only: int | None = None
                    ) -> tuple[bool, Candidate | None, int] | None:
    """Solve the position for the player to move: (wins, a winning placement or None,
    nodes), or None when ``time_limit`` runs out.  ``only`` restricts the first placement
    to one piece index (touch-move)."""
    solver = EndgameSolver(shared, time.perf_counter() + time_limit)
    pieces = mine | theirs
    candidates = fitting(grid, occupied, pieces)
    first = [c for c in candidates if mine >> c[0] & 1 and (only is None or c[0] == only)]
    try:
        for i, m in first:
            if solver.loses_after(occupied, mine, theirs, candidates, i, m):
                return True, (i, m), solver.nodes
    except OutOfTime:
        return None
    return False, None, solver.nodes
