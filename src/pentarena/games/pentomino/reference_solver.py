"""The pure-Python exact-cover solver for pentomino puzzles: the oracle the native solver
(``native/src/pentomino/solver.rs``, wrapped by ``solver.Solver``) is tested against.
Nothing at run time imports this module.

Search: always fill the first empty cell (in an order that runs along the region's short
side), trying only the placements whose first cell it is — Knuth's Algorithm X with the
cell column fixed, on int bitboards.  Solutions are counted up to the region's symmetries
by placing the X pentomino first, in one placement of each symmetry class, and searching
the rest (deduplicating the solutions whose X placement is itself symmetric).  Placing X
first, rather than waiting for the search to reach its cell, is what makes 6×10 fast.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from .board import Grid, apply_perm, placements
from .solver import SolveReport


class ReferenceSolver:
    """Tiles ``grid.cells`` minus ``filled`` with ``pieces`` (letters), each used once."""

    def __init__(self, grid: Grid, pieces: Sequence[str], filled: int = 0) -> None:
        self.grid = grid
        self.pieces = list(pieces)
        self.filled = filled
        n = grid.width * grid.height
        # internal order: run along the short side first
        self.inner = grid.height if grid.width > grid.height else grid.width
        if grid.width > grid.height:
            pos = {}
            for c in range(grid.width):
                for r in range(grid.height):
                    pos[grid.index(c, r)] = c * grid.height + r
        else:
            pos = {i: i for i in range(n)}
        self._to_internal = [pos[i] for i in range(n)]
        self._to_external = [0] * n
        for ext, internal in enumerate(self._to_internal):
            self._to_external[internal] = ext
        self.n = n
        # cells that have a neighbour before / after them along the inner line
        self.not_first = sum(1 << i for i in range(n) if i % self.inner != 0)
        self.not_last = sum(1 << i for i in range(n) if i % self.inner != self.inner - 1)
        self.region = self._internal(grid.cells & ~filled)
        table = placements(grid)
        self.by_cell: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self._external_masks: dict[tuple[int, int], int] = {}
        for k, letter in enumerate(self.pieces):
            for mask in table[letter]:
                if mask & filled:
                    continue
                im = self._internal(mask)
                low = (im & -im).bit_length() - 1
                self.by_cell[low].append((k, im))
                self._external_masks[(k, im)] = mask

    def _internal(self, mask: int) -> int:
        """Grid bit order -> the search's cell order."""
        return apply_perm(mask, self._to_internal)

    def _external(self, mask: int) -> int:
        """The search's cell order -> grid bit order."""
        return apply_perm(mask, self._to_external)

    def search(self, on_solution: Callable[[list[tuple[int, int]]], bool | None],
               fixed: tuple[int, int] | None = None,
               stats: SolveReport | None = None) -> None:
        """Call ``on_solution(chosen)`` for every tiling ([(piece index, internal mask)]);
        it returns True to stop.  ``fixed`` = (piece index, internal mask) is placed first."""
        if self.region.bit_count() != 5 * len(self.pieces):
            return
        full = (1 << self.n) - 1
        by_cell, start, chosen = self._with_fixed(fixed)
        nodes = 0
        inner, not_first, not_last = self.inner, self.not_first, self.not_last

        class Stop(Exception):
            pass

        def rec(occ: int, used: int) -> None:
            nonlocal nodes
            if occ == full:
                if on_solution(chosen):
                    raise Stop
                return
            for k, m in by_cell[(~occ & (occ + 1)).bit_length() - 1]:
                if m & occ or used >> k & 1:
                    continue
                empty = full & ~(occ | m)
                if empty & ~(((empty >> 1) & not_last) | ((empty << 1) & not_first)
                             | (empty >> inner) | (empty << inner)):
                    continue  # an empty cell would be cut off on its own
                nodes += 1
                chosen.append((k, m))
                rec(occ | m, used | (1 << k))
                chosen.pop()

        try:
            rec(start, 1 << fixed[0] if fixed else 0)
        except Stop:
            pass
        if stats is not None:
            stats.nodes += nodes

    def solutions(self, limit: int | None = None) -> list[list[tuple[str, int]]]:
        out: list[list[tuple[str, int]]] = []

        def keep(chosen):
            out.append(self.to_placements(chosen))
            return limit is not None and len(out) >= limit

        self.search(keep)
        return out

    def _with_fixed(self, fixed: tuple[int, int] | None
                    ) -> tuple[list[list[tuple[int, int]]], int, list[tuple[int, int]]]:
        """The candidates by cell, the starting occupancy and the placements already made,
        with piece ``fixed[0]`` placed at ``fixed[1]`` (and offered nowhere else)."""
        start = ((1 << self.n) - 1) & ~self.region
        if fixed is None:
            return self.by_cell, start, []
        k, m = fixed
        by_cell = [[pm for pm in lst if pm[0] != k] for lst in self.by_cell]
        return by_cell, start | m, [fixed]

    def to_placements(self, solution: list[tuple[int, int]]) -> list[tuple[str, int]]:
        return [(self.pieces[k], self._external_masks[(k, m)]) for k, m in solution]

    def first(self) -> list[tuple[str, int]] | None:
        """One tiling (as (piece, mask) pairs), or None when there is none."""
        if self.region.bit_count() != 5 * len(self.pieces):
            return None
        found = self.solutions(limit=1)
        return found[0] if found else None

    def count(self, up_to_symmetry: bool = True, keep: int = 0,
              progress: Callable[[int, int], None] | None = None) -> SolveReport:
        """Count the tilings (up to the region's symmetries when asked; the symmetries
        are those of the whole grid region with nothing filled in)."""
        report = SolveReport()
        t0 = time.perf_counter()
        syms = self.grid.symmetries() if (up_to_symmetry and not self.filled) else [
            tuple(range(self.n))]
        if len(syms) > 1 and "X" in self.pieces:
            self._count_with_x_classes(syms, report, keep, progress)
        else:
            seen = set()

            def found(sol):
                report.raw += 1
                key = self._canonical(sol, syms)
                if key not in seen:
                    seen.add(key)
                    if len(report.solutions) < keep:
                        report.solutions.append(self.to_placements(sol))
                if progress and report.raw % 200 == 0:
                    progress(len(seen), 0)

            self.search(found, stats=report)
            report.count = len(seen)
        report.seconds = time.perf_counter() - t0
        if report.solutions:
            report.first = report.solutions[0]
        return report

    def _canonical(self, sol, syms) -> tuple:
        ext = [(self.pieces[k], self._external_masks[(k, m)]) for k, m in sol]
        return min(tuple(sorted((p, apply_perm(mask, s)) for p, mask in ext)) for s in syms)

    def _count_with_x_classes(self, syms, report: SolveReport, keep: int, progress) -> None:
        kx = self.pieces.index("X")
        classes: dict[int, list[int]] = {}
        for _, m in (pm for lst in self.by_cell for pm in lst if pm[0] == kx):
            ext = self._external_masks[(kx, m)]
            images = {apply_perm(ext, s) for s in syms}
            rep = min(images)
            stabilizer = [s for s in syms if apply_perm(ext, s) == ext]
            classes.setdefault(rep, stabilizer)
        total = 0
        done = 0
        for rep, stabilizer in sorted(classes.items()):
            stabilizer = [s for s in syms if apply_perm(rep, s) == rep]  # rep's own
            internal = self._internal(rep)
            seen: set = set()

            def found(sol, stabilizer=stabilizer, seen=seen):
                nonlocal total
                report.raw += 1
                if len(stabilizer) > 1:
                    key = self._canonical(sol, stabilizer)
                    if key in seen:
                        return
                    seen.add(key)
                total += 1
                if len(report.solutions) < keep:
                    report.solutions.append(self.to_placements(sol))

            self.search(found, fixed=(kx, internal), stats=report)
            done += 1
            if progress:
                progress(total, int(100 * done / len(classes)))
        report.count = total
