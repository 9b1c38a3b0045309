"""Pentomino puzzles (RULES.md §3, puzzle mode): tile a region exactly with pentominoes.

One player places and removes pieces freely; the puzzle is solved when every cell of the
region is covered.  Named regions: 6x10, 5x12, 4x15, 3x20 (rows × columns) and 8x8-centre
(the 8×8 square without its centre 2×2); any other region is drawn as text with ``#`` for
a cell and ``.`` for a hole, rows top to bottom separated by ``/``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ...core.errors import GameOptionError, IllegalMoveError, InvalidMoveError
from ...core.game import Game, State, json_seed, replay_moves
from ...core.polyomino import PIECE_NAMES
from .board import Grid, iter_cells, region_from_text
from .notation import REMOVES, PentominoMove, parse_move_text, place_moves
from .solver import SolveReport, Solver

REGIONS = {
    "6x10": "##########/" * 6,
    "5x12": "############/" * 5,
    "4x15": "###############/" * 4,
    "3x20": "####################/" * 3,
    "8x8-centre": "########/########/########/###..###/###..###/########/########/########",
}
KNOWN_COUNTS = {"6x10": 2339, "5x12": 1010, "4x15": 368, "3x20": 2, "8x8-centre": 65}


@lru_cache(maxsize=32)
def region_grid(region: str) -> Grid:
    try:
        return region_from_text(REGIONS.get(region, region))
    except ValueError as exc:
        raise GameOptionError(f"region: {exc}; or one of {', '.join(REGIONS)}") from None


def check_options(options: dict) -> None:
    grid = region_grid(options["region"])
    pieces = options["pieces"]
    if not pieces or set(pieces) - set(PIECE_NAMES) or len(set(pieces)) != len(pieces):
        raise GameOptionError("pieces: a string of distinct piece letters, e.g. FILNPTUVWXYZ")
    if grid.cells.bit_count() != 5 * len(pieces):
        raise GameOptionError(f"the region has {grid.cells.bit_count()} cells but "
                              f"{len(pieces)} pieces cover {5 * len(pieces)}")


class PuzzleGame(Game):
    name = "pentomino-puzzle"

    def __init__(self, region: str = "6x10", pieces: str = PIECE_NAMES) -> None:
        super().__init__(region=region, pieces=pieces)
        self.region = region
        self.pieces = "".join(p for p in PIECE_NAMES if p in pieces)
        self.grid = region_grid(region)

    @property
    def num_players(self) -> int:
        return 1

    def new_initial_state(self, seed: int | None = None, **kwargs: Any) -> PuzzleState:
        if kwargs:
            raise TypeError(f"puzzles take no setup arguments besides seed: {sorted(kwargs)}")
        return PuzzleState(self, seed)

    def state_from_json(self, data: Mapping[str, Any] | str) -> PuzzleState:
        data = self._check_json_header(data)
        return replay_moves(PuzzleState(self, json_seed(data)), data)

    def count_solutions(self, progress=None) -> SolveReport:
        """Every tiling of the empty region, counted up to the region's symmetries."""
        return Solver(self.grid, self.pieces).count(progress=progress)


class PuzzleState(State):
    def __init__(self, game: PuzzleGame, seed: int | None = None) -> None:
        self.game = game
        self.seed = seed
        self.placed: dict[str, int] = {}  # piece -> mask, in placing order
        self.occ = 0
        self._history: list[str] = []

    @property
    def grid(self) -> Grid:
        return self.game.grid

    @property
    def current_player(self) -> int | None:
        return None if self.solved() else 0

    def solved(self) -> bool:
        return self.occ == self.grid.cells

    def unplaced(self) -> list[str]:
        return [p for p in self.game.pieces if p not in self.placed]

    def legal_moves(self) -> list[PentominoMove]:
        if self.solved():
            return []
        table = place_moves(self.grid)
        occ = self.occ
        out: list[PentominoMove] = []
        for p in self.unplaced():
            out.extend([mv for m, mv in table[p] if not m & occ])
        out.extend(REMOVES[p] for p in self.placed)
        return out

    def parse_move(self, text: str) -> PentominoMove:
        return parse_move_text(self.grid, text)

    def check_move(self, move: Any) -> None:
        if isinstance(move, str):
            move = self.parse_move(move)
        if not isinstance(move, PentominoMove) or len(move) != 4 or move[1] not in PIECE_NAMES:
            raise InvalidMoveError(f"not a puzzle move: {move!r}; e.g. L:a1,b1,c1,d1,d2 or remove L")
        if self.solved():
            raise IllegalMoveError("the puzzle is solved")
        kind, p, mask, _ = move
        if p not in self.game.pieces:
            raise IllegalMoveError(f"this puzzle does not use the {p}")
        if kind == "remove":
            if p not in self.placed:
                raise IllegalMoveError(f"the {p} is not on the board")
            return
        if kind != "place":
            raise IllegalMoveError(f"puzzles have placements and removals, not '{kind}'")
        if p in self.placed:
            raise IllegalMoveError(f"the {p} is already placed: remove it first ('remove {p}')")
        if mask & ~self.grid.cells:
            raise IllegalMoveError("that placement leaves the region")
        if mask & self.occ:
            raise IllegalMoveError(", ".join(self.grid.squares(mask & self.occ))
                                   + " already covered")

    def _apply_move(self, move: PentominoMove) -> None:
        kind, p, mask, text = move
        if kind == "remove":
            self.occ &= ~self.placed.pop(p)
        else:
            self.placed[p] = mask
            self.occ |= mask
        self._history.append(text)

    def clone(self) -> PuzzleState:
        new = PuzzleState(self.game, self.seed)
        new.placed = dict(self.placed)
        new.occ = self.occ
        new._history = list(self._history)
        return new

    # ------------------------------------------------------------------ help
    def completion(self) -> list[tuple[str, int]] | None:
        """Placements that finish the puzzle from here, or None if it cannot be finished
        without removing pieces."""
        solver = Solver(self.grid, self.unplaced(), filled=self.occ)
        return solver.first()

    def hint(self) -> PentominoMove:
        """A placement that leads to a solution from here (the piece covering the first
        empty cell), or, when the position is a dead end, the last piece to take back."""
        if self.solved():
            raise IllegalMoveError("the puzzle is solved")
        rest = self.completion()
        if rest is None:
            if not self.placed:
                raise IllegalMoveError("this region cannot be tiled with these pieces")
            last = next(reversed(self.placed))
            return REMOVES[last]
        free = self.grid.cells & ~self.occ
        first = free & -free
        piece, mask = next((p, m) for p, m in rest if m & first)
        return next(mv for m, mv in place_moves(self.grid)[piece] if m == mask)

    def count_solutions(self, progress=None) -> SolveReport:
        """Nothing placed: every tiling of the region, up to its symmetries.  Otherwise:
        every way to finish the puzzle from here (without removing a piece)."""
        if not self.placed:
            return self.game.count_solutions(progress)
        return Solver(self.grid, self.unplaced(), filled=self.occ).count(
            up_to_symmetry=False, progress=progress)

    def count_key(self) -> tuple:
        """Equal for positions whose :meth:`count_solutions` is the same: the shape of the
        empty cells up to rotation, reflection and position, the pieces left, and whether
        anything is placed yet."""
        g = self.grid
        free = [divmod(i, g.width)[::-1] for i in iter_cells(g.cells & ~self.occ)]
        shapes = []
        for swap in (False, True):
            for sx in (1, -1):
                for sy in (1, -1):
                    pts = [((y, x) if swap else (x, y)) for x, y in free]
                    pts = [(sx * x, sy * y) for x, y in pts]
                    mx, my = min(x for x, _ in pts), min(y for _, y in pts)
                    shapes.append(tuple(sorted((x - mx, y - my) for x, y in pts)))
        return (min(shapes), "".join(self.unplaced()), bool(self.placed))

    def solve(self) -> None:
        """Finish the puzzle: complete it from here if possible, else from an empty board."""
        while not self.solved():
            self.apply(self.hint())

    # ------------------------------------------------------------------ outcome
    def winners(self) -> set[int]:
        return {0} if self.solved() else set()

    def scores(self) -> list[int]:
        """Cells covered."""
        return [self.occ.bit_count()]

    def result_details(self) -> dict[str, Any]:
        return {"moves": len(self._history), "known_solutions": KNOWN_COUNTS.get(self.game.region)}

    def history(self) -> list[str]:
        return list(self._history)

    def to_json(self) -> dict[str, Any]:
        g = self.grid
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "moves": self.history(),
            "width": g.width,
            "height": g.height,
            "cells": g.squares(g.cells),
            "placed": [{"piece": p, "squares": g.squares(m)} for p, m in self.placed.items()],
            "unplaced": self.unplaced(),
            "solved": self.solved(),
        }

    def __str__(self) -> str:
        from .render import render_grid

        pieces = {i: (k, p) for k, (p, m) in enumerate(self.placed.items())
                  for i in iter_cells(m)}
        return render_grid(self.grid, pieces).plain
