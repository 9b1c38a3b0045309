"""The puzzle solver: tile a region with pentominoes, each used once (exact cover).

The search runs in the native core (``native/src/pentomino/solver.rs``) without the GIL:
always fill the first empty cell, in an order that runs along the region's short side,
trying only the placements whose first cell it is; after each placement every pocket of
empty cells next to it must hold a multiple of five cells.  Solutions are counted up to
the region's symmetries by placing the X first, in one placement of each symmetry class
(the solutions whose X placement is itself symmetric are told apart by their canonical
form).  The pure-Python search it is tested against is ``reference_solver.py``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..._native import PentominoSolver
from ...core.bitboard import bits_list
from ...core.polyomino import PIECE_NAMES
from .board import Grid

Placement = tuple[str, int]
"""(piece letter, grid mask)."""


@dataclass
class SolveReport:
    """What a search found: ``count`` solutions up to symmetry (``raw`` before), time.
    ``complete`` is False when a ``time_limit`` stopped the count early."""

    count: int = 0
    raw: int = 0
    nodes: int = 0
    seconds: float = 0.0
    first: list[Placement] | None = None
    solutions: list[list[Placement]] = field(default_factory=list)
    complete: bool = True


class Solver:
    """Tiles ``grid.cells`` minus ``filled`` with ``pieces`` (letters), each used once."""

    def __init__(self, grid: Grid, pieces: Sequence[str], filled: int = 0) -> None:
        self.grid = grid
        self.pieces = list(pieces)
        self.filled = filled
        free = grid.cells & ~filled
        self._core: PentominoSolver | None = None
        if free.bit_count() == 5 * len(self.pieces):  # else there is no tiling
            cells, fill = grid.cells, filled
            if cells.bit_count() > 64:  # the core takes regions of up to 64 cells
                cells, fill = free, 0
            self._core = PentominoSolver(grid.width, grid.height, bits_list(cells),
                                         [PIECE_NAMES.index(p) for p in self.pieces],
                                         bits_list(fill))

    @staticmethod
    def _placements(solution: list[tuple[int, list[int]]]) -> list[Placement]:
        return [(PIECE_NAMES[p], sum(1 << sq for sq in squares)) for p, squares in solution]

    def first(self) -> list[Placement] | None:
        """One tiling (as (piece, mask) pairs, in the order the search placed them), or
        None when there is none."""
        found = self._core.first() if self._core else None
        return self._placements(found) if found is not None else None

    def solutions(self, limit: int | None = None) -> list[list[Placement]]:
        """Every tiling (at most ``limit``), in the order the search finds them."""
        if self._core is None:
            return []
        return [self._placements(s) for s in self._core.solutions(limit)]

    def count(self, up_to_symmetry: bool = True, keep: int = 0,
              progress: Callable[[int, int], None] | None = None,
              time_limit: float | None = None) -> SolveReport:
        """Count the tilings (up to the region's symmetries when asked and nothing is
        filled; the symmetries are those of the grid's rectangle that map the region onto
        itself), keeping the first ``keep``.  ``progress(found, percent)`` is called as the
        count goes; ``time_limit`` (seconds) stops it early, with ``complete`` False."""
        report = SolveReport()
        t0 = time.perf_counter()
        if self._core is not None:
            count, raw, nodes, kept, complete = self._core.count(
                up_to_symmetry and not self.filled, keep, progress, time_limit)
            report.count, report.raw, report.nodes, report.complete = count, raw, nodes, complete
            report.solutions = [self._placements(s) for s in kept]
        report.seconds = time.perf_counter() - t0
        if report.solutions:
            report.first = report.solutions[0]
        return report
