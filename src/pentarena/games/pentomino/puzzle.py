"""Pentomino puzzles (RULES.md §3, puzzle mode): tile a region exactly with pentominoes.

One player places and removes pieces freely; the puzzle is solved when every cell of the
region is covered.  Named regions: 6x10, 5x12, 4x15, 3x20 (rows × columns) and 8x8-centre
(the 8×8 square without its centre 2×2); any other region is drawn as text with ``#`` for
a cell and ``.`` for a hole, rows top to bottom separated by ``/``.

The rules run in the native engine (:class:`PuzzleState` inherits
``pentarena._native.PuzzleCore``); hints and counts use the native solver
(``solver.py``).  Dense actions (``game.num_distinct_actions``): the placements of the
table's pieces inside the region, then "remove" per piece (``notation.puzzle_moves``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ..._native import PuzzleCore, PuzzleTables
from ...core.bitboard import bits_list
from ...core.errors import GameOptionError, IllegalMoveError, InvalidMoveError, described, shown
from ...core.game import Game, State, json_seed, replay_moves, resolve_options, setup_seed
from ...core.polyomino import PIECE_NAMES
from .board import Grid, free_shape, iter_cells, outside_region, region_from_text, unfillable
from .notation import (
    REMOVES,
    PentominoMove,
    parse_move_text,
    word_moves,
    place_index,
    puzzle_actions,
    puzzle_moves,
)
from .solver import SolveReport, Solver

REGIONS = {
    "6x10": "/".join(["#" * 10] * 6),
    "5x12": "/".join(["#" * 12] * 5),
    "4x15": "/".join(["#" * 15] * 4),
    "3x20": "/".join(["#" * 20] * 3),
    "8x8-centre": "########/########/########/###..###/###..###/########/########/########",
}
KNOWN_COUNTS = {"6x10": 2339, "5x12": 1010, "4x15": 368, "3x20": 2, "8x8-centre": 65}


_NAMED = {name.lower(): name for name in REGIONS}


def region_name(text: str) -> str:
    """A region's name as :data:`REGIONS` spells it, whatever its case (``8X8-Centre``);
    other text (a drawn region, of ``#`` and ``.``) as it is."""
    return _NAMED.get(text.strip().lower(), text)


def piece_letters(text: str) -> str:
    """Piece letters in capitals (``lpv`` is ``LPV``)."""
    return text.upper()


@lru_cache(maxsize=32)
def region_grid(region: str) -> Grid:
    if region not in REGIONS and not set(region) & set("#."):
        raise GameOptionError(f"region: no region is named {described(region)}; the named "
                              f"ones: {', '.join(REGIONS)}; or draw one: rows of # and . "
                              "separated by /")
    try:
        return region_from_text(REGIONS.get(region, region))
    except ValueError as exc:
        raise GameOptionError(f"region: {exc}; or one of {', '.join(REGIONS)}") from None


def check_options(options: dict) -> None:
    grid = region_grid(options["region"])
    pieces = options["pieces"]
    unknown = sorted(set(pieces) - set(PIECE_NAMES))
    twice = sorted({p for p in pieces if pieces.count(p) > 1})
    if not pieces or unknown or twice:
        named = ", ".join(u if u.isascii() and u.isprintable() else shown(u) for u in unknown)
        why = (f": {named} {'is no piece' if len(unknown) == 1 else 'are no pieces'}"
               if unknown else f": {', '.join(twice)} given twice" if twice else "")
        raise GameOptionError(f"pieces: a string of distinct piece letters, e.g. FILNPTUVWXYZ"
                              f"{why}")
    if grid.cells.bit_count() != 5 * len(pieces):
        cover = "1 piece covers 5" if len(pieces) == 1 else \
            f"{len(pieces)} pieces cover {5 * len(pieces)}"
        n = grid.cells.bit_count()
        raise GameOptionError(f"the region has {n} cell{'' if n == 1 else 's'} but {cover}")


@lru_cache(maxsize=32)
def native_tables(grid: Grid, pieces: str) -> PuzzleTables:
    """The engine's tables of a region and pieces (shared by every state of such tables)."""
    mask = sum(1 << PIECE_NAMES.index(p) for p in pieces)
    return PuzzleTables(grid.width, grid.height, bits_list(grid.cells), mask,
                        list(puzzle_moves(grid, pieces)))


class PuzzleGame(Game):
    name = "pentomino-puzzle"
    state_class: type[State]  # PuzzleState, set below (the reference engine: its own)

    def __init__(self, region: str = "6x10", pieces: str = PIECE_NAMES) -> None:
        # the options load_game checks, checked here too (the class and the reference
        # engine's refuse what load_game refuses)
        resolved = resolve_options(self.name, {"region": region, "pieces": pieces})
        region, pieces = resolved["region"], resolved["pieces"]
        super().__init__(region=region, pieces=pieces)
        self.region = region
        self.pieces = "".join(p for p in PIECE_NAMES if p in pieces)
        self.grid = region_grid(region)

    @property
    def num_players(self) -> int:
        return 1

    @property
    def num_distinct_actions(self) -> int:
        """The placements of the pieces inside the region, then a removal per piece."""
        return len(puzzle_moves(self.grid, self.pieces))

    def new_initial_state(self, seed: int | None = None, **kwargs: Any) -> PuzzleState:
        if kwargs:
            raise TypeError(f"puzzles take no setup arguments besides seed: {sorted(kwargs)}")
        return self.state_class(self, setup_seed(seed))

    def state_from_json(self, data: Mapping[str, Any] | str) -> PuzzleState:
        data = self._check_json_header(data)
        return replay_moves(self.state_class(self, json_seed(data)), data)

    def count_solutions(self, progress=None) -> SolveReport:
        """Every tiling of the empty region, counted up to the region's symmetries."""
        return Solver(self.grid, self.pieces).count(progress=progress)


def hint_why(move: PentominoMove | str) -> str:
    """Why :meth:`PuzzleState.hint` gave ``move``, in a sentence for the player."""
    if str(move).startswith("remove "):
        return ("No solution keeps every piece where it is now: take back the last one "
                "placed, then ask again.")
    return "Placed there, this piece still leads to a complete solution."


LEAVES_REGION = "that placement leaves the region"
"""The engine's refusal of a placement outside the region (``native/src/pentomino/puzzle.rs``),
said here with the squares outside it (:func:`board.outside_region`)."""


class PuzzleState(PuzzleCore, State):
    """A puzzle position on the native engine.

    Inherited from the engine (``pentarena._native.PuzzleCore``): ``current_player``,
    ``is_terminal``, ``legal_moves`` (placements, then removals in placing order),
    ``legal_actions``, ``apply``, ``apply_action``, ``action_to_move``, ``winners``,
    ``scores`` (cells covered), ``random_playouts`` (random fillings).
    """

    def __init__(self, game: PuzzleGame, seed: int | None = None) -> None:
        self.game = game
        self.seed = seed
        self._setup(native_tables(game.grid, game.pieces))

    @property
    def grid(self) -> Grid:
        return self.game.grid

    def solved(self) -> bool:
        return self.is_terminal()

    @property
    def placed(self) -> dict[str, int]:
        """Piece -> mask, in placing order."""
        moves = puzzle_moves(self.grid, self.game.pieces)
        return {PIECE_NAMES[p]: moves[a][2] for p, a in self._placed()}

    @property
    def occ(self) -> int:
        """The covered cells (grid bits)."""
        return sum(self.placed.values())

    def unplaced(self) -> list[str]:
        mask = self._unplaced()
        return [p for i, p in enumerate(PIECE_NAMES) if mask >> i & 1]

    def parse_move(self, text: str) -> PentominoMove:
        return parse_move_text(self.grid, text, word_moves(self.game))

    _apply_slow = State.apply  # what the engine's apply() calls for text and other objects

    def _engine_move(self, move: Any) -> tuple[str, int, int | None]:
        """(kind, piece index, action id of a placement inside the region, else None)."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if (not isinstance(move, PentominoMove) or len(move) != 4
                or not isinstance(move[1], str) or len(move[1]) != 1 or move[1] not in PIECE_NAMES):
            raise InvalidMoveError(f"not a puzzle move: {described(move)}; "
                                   "e.g. L:a1,b1,c1,d1,d2 or remove L")
        kind, piece = move[0], move[1]
        if kind not in ("place", "remove", "pick", "touch"):
            raise InvalidMoveError(f"not a puzzle move: {described(move)}; "
                                   "e.g. L:a1,b1,c1,d1,d2 or remove L")
        action = None
        if kind == "place":
            try:
                action = self._place_actions().get(place_index(self.grid).get((piece, move[2])))
            except TypeError:  # a mask holding a list: no placement
                action = None
        return kind, PIECE_NAMES.index(piece), action

    def _place_actions(self) -> dict[PentominoMove, int]:
        return puzzle_actions(self.grid, self.game.pieces)

    def check_move(self, move: Any) -> None:
        if isinstance(move, str):
            move = self.parse_move(move)
        kind, piece, action = self._engine_move(move)
        try:
            self._check(kind, piece, action)
        except IllegalMoveError as exc:  # the engine's "that placement leaves the region"
            if (str(exc) == LEAVES_REGION and isinstance(move[2], int)  # (its squares)
                    and move[2] & ~self.grid.cells):
                raise IllegalMoveError(outside_region(self.grid, move[2])) from None
            raise

    def _apply_move(self, move: PentominoMove) -> None:
        self._play(*self._engine_move(move))

    def move_to_action(self, move: PentominoMove | str) -> int:
        """The action id of a move object or move text."""
        if isinstance(move, str):
            move = self.parse_move(move)
        try:
            action = self._place_actions().get(move) if isinstance(move, PentominoMove) else None
        except TypeError:  # a malformed move holding a list: no move of the puzzle
            action = None
        if action is None:
            raise InvalidMoveError(f"not a move of this puzzle: {described(move)}")
        return action

    def clone(self) -> PuzzleState:
        new = self._copy()
        new.game = self.game
        new.seed = self.seed
        return new

    def __reduce__(self):
        return _from_json, (self.game, self.to_json())

    # ------------------------------------------------------------------ help
    def completion(self) -> list[tuple[str, int]] | None:
        """Placements that finish the puzzle from here, or None if it cannot be finished
        without removing pieces."""
        solver = Solver(self.grid, self.unplaced(), filled=self.occ)
        return solver.first()

    hint_why = staticmethod(hint_why)

    def hint(self) -> PentominoMove:
        """A placement that leads to a solution from here (the piece covering the first
        empty cell), or, when the position is a dead end, the last piece to take back."""
        if self.solved():
            raise IllegalMoveError("the puzzle is solved")
        rest = self.completion()
        if rest is None:
            placed = self._placed()
            if not placed:
                raise IllegalMoveError("this region cannot be tiled with these pieces")
            return REMOVES[PIECE_NAMES[placed[-1][0]]]
        free = self.grid.cells & ~self.occ
        first = free & -free
        piece, mask = next((p, m) for p, m in rest if m & first)
        return place_index(self.grid)[(piece, mask)]

    def count_solutions(self, progress=None) -> SolveReport:
        """Nothing placed: every tiling of the region, up to its symmetries.  Otherwise:
        every way to finish the puzzle from here (without removing a piece)."""
        if not self._placed():
            return self.game.count_solutions(progress)
        return Solver(self.grid, self.unplaced(), filled=self.occ).count(
            up_to_symmetry=False, progress=progress)

    def count_key(self) -> tuple:
        """Equal for positions whose :meth:`count_solutions` is the same: the shape of the
        empty cells up to rotation, reflection and position, the pieces left, and whether
        anything is placed yet."""
        return (free_shape(self.grid, self.occ), "".join(self.unplaced()), bool(self._placed()))

    def solve(self) -> None:
        """Finish the puzzle: complete it from here if possible, else from an empty board."""
        while not self.solved():
            self.apply(self.hint())

    # ------------------------------------------------------------------ outcome
    def result_details(self) -> dict[str, Any]:
        """The moves made, the region's known count of solutions (its name's), and the
        empty areas no piece left can cover (``unfillable``: lists of squares), which the
        player sees while playing."""
        return {"moves": len(self._history_actions()),
                "known_solutions": KNOWN_COUNTS.get(self.game.region),
                "unfillable": unfillable(self.grid, self.occ, self.unplaced())}

    def history(self) -> list[str]:
        moves = puzzle_moves(self.grid, self.game.pieces)
        return [moves[a][3] for a in self._history_actions()]

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

    def board_pieces(self) -> dict[int, tuple[int, str]]:
        """Square index -> (placing order, piece letter) of every placed piece."""
        return {i: (k, p) for k, (p, m) in enumerate(self.placed.items()) for i in iter_cells(m)}

    def __str__(self) -> str:
        from .render import render_grid

        return render_grid(self.grid, self.board_pieces()).plain


PuzzleGame.state_class = PuzzleState


def _from_json(game: PuzzleGame, data: dict[str, Any]) -> PuzzleState:
    return game.state_from_json(data)
