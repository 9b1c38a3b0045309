"""The pure-Python Pentomino engines (RULES.md §3): Golomb's game with touch-move, the
draft and 3–4 player rounds, and the puzzles — readable, complete, and the oracle the
native engine is tested against (tests/games/pentomino/test_native.py).  Play itself runs
on the native engine (``rules.py``, ``puzzle.py``); nothing at run time imports this module.

>>> from pentarena.games.pentomino.reference import ReferencePentominoGame
>>> state = ReferencePentominoGame().new_initial_state()
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...core.errors import IllegalMoveError, InvalidMoveError, action_index, described
from ...core.game import Solution, State, check_time_limit
from ...core.polyomino import PIECE_NAMES
from .board import Grid, free_shape, iter_cells, outside_region, unfillable
from .notation import (
    NUM_ACTIONS,
    PICKS,
    REMOVES,
    TOUCHES,
    PentominoMove,
    board_action,
    board_tables,
    parse_move_text,
    read_move,
    word_moves,
    place_index,
    place_moves,
    puzzle_actions,
    puzzle_moves,
)
from .puzzle import KNOWN_COUNTS, LEAVES_REGION, PuzzleGame, hint_why
from .reference_endgame import solve_placement
from .reference_solver import ReferenceSolver
from .rules import ALL, BIT, BOARD, POINTS, PentominoGame, letters
from .solver import SolveReport


class ReferencePentominoGame(PentominoGame):
    """Golomb's game played on the pure-Python engine below (the differential tests'
    oracle)."""

    state_class = None  # set below, once ReferencePentominoState exists


class ReferencePuzzleGame(PuzzleGame):
    """Puzzles played on the pure-Python engine below."""

    state_class = None

    def count_solutions(self, progress=None) -> SolveReport:
        return ReferenceSolver(self.grid, self.pieces).count(progress=progress)


class ReferencePentominoState(State):
    """A Golomb's-game position in pure Python."""

    def __init__(self, game: ReferencePentominoGame, seed: int | None = None,
                 sets: Sequence[Sequence[str]] | None = None) -> None:
        self.game = game
        self.seed = seed
        n = game.players
        self.occ = 0
        self.placed: list[tuple[int, str, int]] = []  # this round: (seat, piece, mask)
        self.pool = ALL
        self.sets: list[int] | None = None
        self.preset: list[list[str]] | None = None
        self.touched: str | None = None
        self.totals = [0] * n
        self.rounds: list[dict[str, Any]] = []
        self.round_start = 0
        self._history: list[str] = []
        self._winners: frozenset[int] = frozenset()
        self.phase = "place"
        self._to_move = 0
        if game.variant == "draft":
            self.sets = [0] * n
            if sets is not None:
                self._preset(sets)
            else:
                self.phase = "pick"
        elif sets is not None:
            raise ValueError("sets are only for the draft variant")
        self._check_end()

    def _preset(self, sets: Sequence[Sequence[str]]) -> None:
        n = self.game.players
        if not isinstance(sets, (list, tuple)) or len(sets) != n:
            raise ValueError(f"give one set of pieces per seat ({n})")
        seen = 0
        for i, s in enumerate(sets):
            if not isinstance(s, (list, tuple)) or len(s) != 12 // n:
                raise ValueError(f"each seat drafts {12 // n} pieces")
            for p in s:
                if p not in BIT or seen & BIT[p]:
                    raise ValueError(f"bad or repeated piece {p!r} in the sets")
                seen |= BIT[p]
                self.sets[i] |= BIT[p]
        self.preset = [list(s) for s in sets]
        self._to_move = 1 % n  # placement starts after the seat that (would have) picked first

    # ------------------------------------------------------------------ queries
    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self._to_move

    def available(self, seat: int) -> int:
        """Bitmask of the pieces ``seat`` may place now."""
        return self.sets[seat] if self.sets is not None else self.pool

    def can_place(self, piece: str) -> bool:
        occ = self.occ
        return any(not m & occ for m, _ in place_moves(BOARD)[piece])

    def _placements(self, pieces: int) -> list[PentominoMove]:
        occ = self.occ
        table = place_moves(BOARD)
        out: list[PentominoMove] = []
        for p in PIECE_NAMES:
            if pieces & BIT[p]:
                out.extend([mv for m, mv in table[p] if not m & occ])
        return out

    def legal_moves(self) -> list[PentominoMove]:
        if self.phase == "over":
            return []
        if self.phase == "pick":
            return [PICKS[p] for p in letters(self.pool)]
        if self.touched is not None:
            return self._placements(BIT[self.touched])
        avail = self.available(self._to_move)
        if self.game.touch_move:
            return [TOUCHES[p] for p in letters(avail) if self.can_place(p)]
        return self._placements(avail)

    def random_move(self, rng: random.Random) -> PentominoMove:
        moves = self.legal_moves()
        if not moves:
            raise IllegalMoveError("the game is over: there is no move to choose")
        return rng.choice(moves)

    # dense actions (see notation.py)
    def legal_actions(self) -> list[int]:
        action = board_tables()[1]
        return [action[m] for m in self.legal_moves()]

    def action_to_move(self, action: int) -> PentominoMove:
        return board_tables()[0][action_index(action, NUM_ACTIONS)]

    def move_to_action(self, move: PentominoMove | str) -> int:
        if isinstance(move, str):
            move = self.parse_move(move)
        return board_action(move)

    def apply_action(self, action: int) -> None:
        move = self.action_to_move(action)
        if (move[0] == "place" and self.game.touch_move and self.touched is None
                and self.phase == "place" and self.available(self._to_move) & BIT[move[1]]):
            # action ids keep a placement's two halves apart (text may name both at once)
            raise IllegalMoveError(f"touch-move is on: first touch the piece ('touch {move[1]}')")
        self.apply(move)

    def solve_position(self, time_limit: float = 1.0) -> Solution | None:
        """Perfect play in the 2-player placement phase (see ``endgame.py``): solved from
        about the fourth or fifth piece on within a second.  None for the draft picks,
        3–4 player rounds, or when ``time_limit`` runs out."""
        check_time_limit(time_limit, optional=True)
        if self.phase != "place" or self.game.players != 2:
            return None
        me = self._to_move
        only = None if self.touched is None else PIECE_NAMES.index(self.touched)
        found = solve_placement(BOARD, self.occ, self.available(me), self.available(1 - me),
                                self.sets is None, time_limit, only)
        if found is None:
            return None
        wins, placement, nodes = found
        if not wins:
            return Solution(-1, self.legal_moves()[0], nodes)
        piece = PIECE_NAMES[placement[0]]
        if self.game.touch_move and self.touched is None:
            return Solution(1, TOUCHES[piece], nodes)
        move = next(mv for m, mv in place_moves(BOARD)[piece] if m == placement[1])
        return Solution(1, move, nodes)

    def board_pieces(self) -> dict[int, tuple[int, str]]:
        """Square index -> (seat, piece) for every covered square this round."""
        out = {}
        for seat, piece, mask in self.placed:
            m = mask
            while m:
                low = m & -m
                out[low.bit_length() - 1] = (seat, piece)
                m ^= low
        return out

    # ------------------------------------------------------------------ moves
    def parse_move(self, text: str) -> PentominoMove:
        return read_move(BOARD, text, self)

    def check_move(self, move: Any) -> None:
        if isinstance(move, str):
            move = self.parse_move(move)
        if (not isinstance(move, PentominoMove) or len(move) != 4
                or not isinstance(move[1], str) or move[1] not in BIT
                or move[0] not in ("place", "pick", "touch", "remove")):
            raise InvalidMoveError(f"not a pentomino move: {described(move)}; "
                                   "e.g. L:a1,b1,c1,d1,d2")
        if move[0] == "place":  # one of the board's placements, its text and all
            try:
                known = board_tables()[1].get(move) is not None
            except TypeError:  # holding a list
                known = False
            if not known:
                raise InvalidMoveError(f"not a pentomino move: {described(move)}; "
                                       "e.g. L:a1,b1,c1,d1,d2")
        if self.phase == "over":
            raise IllegalMoveError("the game is over: no more pieces can be placed")
        kind, p = move[0], move[1]
        seat = self._to_move
        if self.phase == "pick":
            if kind != "pick":
                raise IllegalMoveError(f"the draft comes first: pick a piece, e.g. "
                                       f"'pick {letters(self.pool)[0]}'")
            if not self.pool & BIT[p]:
                raise IllegalMoveError(f"the {p} has already been picked; left: "
                                       f"{' '.join(letters(self.pool))}")
            return
        if kind == "pick":
            raise IllegalMoveError("the draft is over: place one of your pieces"
                                   if self.game.variant == "draft" else
                                   "picks are for the draft variant: in this game, place one "
                                   "of the pieces")
        if kind == "remove":
            raise IllegalMoveError("pieces stay where they are placed once on the board")
        avail = self.available(seat)
        if not avail & BIT[p]:
            where = "your set" if self.sets is not None else "the pool"
            raise IllegalMoveError(f"the {p} is not in {where}; you can use "
                                   f"{' '.join(letters(avail))}")
        if kind == "touch":
            if not self.game.touch_move:
                raise IllegalMoveError("touch-move is off at this table: just place a piece")
            if self.touched is not None:
                raise IllegalMoveError(f"you have touched the {self.touched}: place it")
            if not self.can_place(p):
                raise IllegalMoveError(f"the {p} fits nowhere on the board: touch another piece")
            return
        # a placement
        if self.touched is not None and p != self.touched:
            raise IllegalMoveError(f"touch-move: you touched the {self.touched}, so you must "
                                   f"place it")
        if self.game.touch_move and self.touched is None and not self.can_place(p):
            # a whole placement touches its piece first (_apply_move)
            raise IllegalMoveError(f"the {p} fits nowhere on the board: touch another piece")
        if move[2] & self.occ:
            taken = ", ".join(BOARD.squares(move[2] & self.occ))
            raise IllegalMoveError(f"{taken} {'is' if ',' not in taken else 'are'} already "
                                   f"covered: a piece goes on five empty squares")

    def _apply_move(self, move: PentominoMove) -> None:
        kind, p, mask, text = move
        seat = self._to_move
        n = self.game.players
        if kind == "place" and self.game.touch_move and self.touched is None:
            self._history.append(TOUCHES[p][3])  # a whole placement: its touch, then it
        self._history.append(text if kind == "place" else f"{kind} {p}")
        if kind == "pick":
            self.pool &= ~BIT[p]
            self.sets[seat] |= BIT[p]
            if self.pool:
                self._to_move = (seat + 1) % n
            else:
                self.phase = "place"
                self._to_move = 1 % n  # the seat after the one who picked first (seat 0)
            self._check_end()
            return
        if kind == "touch":
            self.touched = p
            return
        self.touched = None
        self.occ |= mask
        self.placed.append((seat, p, mask))
        if self.sets is not None:
            self.sets[seat] &= ~BIT[p]
        else:
            self.pool &= ~BIT[p]
        self._to_move = (seat + 1) % n
        self._check_end()

    def _check_end(self) -> None:
        """End the round (or the game) when the player to move cannot place anything."""
        if self.phase != "place":
            return
        seat = self._to_move
        avail = self.available(seat)
        if any(self.can_place(p) for p in letters(avail)):
            return
        placers = [s for s, _, _ in self.placed]
        if not self.game.rounds:
            self._finish(frozenset({placers[-1]}) if placers else frozenset())
            return
        points = POINTS[self.game.scoring]
        awarded = [0] * self.game.players
        for k, pts in enumerate(points):
            if len(placers) > k:
                awarded[placers[-1 - k]] += pts
        for s in range(self.game.players):
            self.totals[s] += awarded[s]
        self.rounds.append({"start": self.round_start, "placed": [
            {"seat": s, "piece": p, "squares": BOARD.squares(m)} for s, p, m in self.placed],
            "points": awarded})
        if max(self.totals) >= self.game.target:
            best = max(self.totals)
            self._finish(frozenset(s for s, t in enumerate(self.totals) if t == best))
            return
        self.occ = 0
        self.placed = []
        self.pool = ALL
        self.round_start = (self.round_start + 1) % self.game.players
        self._to_move = self.round_start

    def _finish(self, winners: frozenset[int]) -> None:
        self._winners = winners
        self.phase = "over"

    def rematch(self, resigned: bool = False) -> ReferencePentominoState:
        """A finished draft game's rematch: a new game with the sets swapped (2 players)
        or passed one seat on (seat i gets seat i − 1's), without picks.  ``resigned``:
        the game ended by a resignation (a server's, a terminal's), its draft done."""
        if self.sets is None:
            raise IllegalMoveError("a rematch with swapped sets is for the draft variant")
        if not (self.is_terminal() or resigned):  # RULES.md §3: a finished draft game
            raise IllegalMoveError("a rematch comes once this game is over")
        if self.phase == "pick":
            raise IllegalMoveError("the draft was not finished: there are no sets to swap")
        original = self.preset or self._drafted()
        n = self.game.players
        rotated = [original[(i - 1) % n] for i in range(n)]
        return type(self)(self.game, self.seed, rotated)

    def _drafted(self) -> list[list[str]]:
        sets: list[list[str]] = [[] for _ in range(self.game.players)]
        seat = 0
        for text in self._history:
            if text.startswith("pick "):
                sets[seat].append(text[5:])
                seat = (seat + 1) % self.game.players
        return sets

    def clone(self) -> ReferencePentominoState:
        new = type(self).__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.placed = self.placed[:]
        new.sets = self.sets[:] if self.sets is not None else None
        new.totals = self.totals[:]
        new.rounds = self.rounds[:]
        new._history = self._history[:]
        return new

    # ------------------------------------------------------------------ outcome
    def winners(self) -> set[int]:
        return set(self._winners)

    def scores(self) -> list[int]:
        """Match totals with 3–4 players; otherwise 1 for the winner, 0 for the others."""
        if self.game.rounds:
            return list(self.totals)
        return [int(s in self._winners) for s in range(self.game.players)]

    def result_details(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "totals": list(self.totals),
                "last_placer": self.placed[-1][0] if self.placed else None}

    def evaluate(self, seat: int) -> float:
        """Mobility: the fewer placements the next player has, the better for ``seat``
        when that player is an opponent."""
        if self.phase == "over":
            return super().evaluate(seat)
        if self.phase == "pick" or self._to_move == seat:
            return 0.0
        count = len(self._placements(self.available(self._to_move)))
        return 1.0 / (1.0 + count) - 0.5

    # ------------------------------------------------------------------ records
    def history(self) -> list[str]:
        return list(self._history)

    def to_json(self) -> dict[str, Any]:
        pieces = self.board_pieces()
        board = [[None if (r * 8 + c) not in pieces else list(pieces[r * 8 + c])
                  for c in range(8)] for r in range(8)]
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "preset_sets": self.preset,
            "moves": self.history(),
            "phase": self.phase,
            "to_move": self.current_player,
            "touched": self.touched,
            "pool": letters(self.pool),
            "sets": [letters(s) for s in self.sets] if self.sets is not None else None,
            "board": board,
            "placed": [{"seat": s, "piece": p, "squares": BOARD.squares(m)}
                       for s, p, m in self.placed],
            "totals": list(self.totals),
            "round": len(self.rounds) + (self.phase != "over"),
        }

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self)


class ReferencePuzzleState(State):
    """A puzzle position in pure Python."""

    def __init__(self, game: ReferencePuzzleGame, seed: int | None = None) -> None:
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
        return parse_move_text(self.grid, text, word_moves(self.game))

    # dense actions (see notation.py)
    def _actions(self) -> tuple[tuple[PentominoMove, ...], dict[PentominoMove, int]]:
        return puzzle_moves(self.grid, self.game.pieces), puzzle_actions(self.grid, self.game.pieces)

    def legal_actions(self) -> list[int]:
        action = self._actions()[1]
        return [action[m] for m in self.legal_moves()]

    def action_to_move(self, action: int) -> PentominoMove:
        moves = self._actions()[0]
        return moves[action_index(action, len(moves))]

    def move_to_action(self, move: PentominoMove | str) -> int:
        if isinstance(move, str):
            move = self.parse_move(move)
        try:
            if not isinstance(move, PentominoMove):  # (an equal plain tuple is no move)
                raise KeyError(move)
            return self._actions()[1][move]
        except (KeyError, TypeError):
            raise InvalidMoveError(f"not a move of this puzzle: {described(move)}") from None

    def apply_action(self, action: int) -> None:
        self.apply(self.action_to_move(action))

    def check_move(self, move: Any) -> None:
        if isinstance(move, str):
            move = self.parse_move(move)
        if (not isinstance(move, PentominoMove) or len(move) != 4
                or not isinstance(move[1], str) or len(move[1]) != 1 or move[1] not in PIECE_NAMES
                or move[0] not in ("place", "pick", "touch", "remove")):
            raise InvalidMoveError(f"not a puzzle move: {described(move)}; "
                                   "e.g. L:a1,b1,c1,d1,d2 or remove L")
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
        if isinstance(mask, int) and mask & ~self.grid.cells:
            raise IllegalMoveError(outside_region(self.grid, mask))
        try:  # a move object of another grid (the 8×8 board's), or not the piece's shape
            known = (p, mask) in place_index(self.grid)
        except TypeError:  # a mask holding a list
            known = False
        if not known:
            raise IllegalMoveError(LEAVES_REGION)
        if mask & self.occ:
            raise IllegalMoveError(", ".join(self.grid.squares(mask & self.occ))
                                   + " already covered")

    def _apply_move(self, move: PentominoMove) -> None:
        kind, p, mask, text = move
        if kind == "remove":
            self.occ &= ~self.placed.pop(p)
            text = REMOVES[p][3]  # (not an equal-looking object's own text)
        else:
            self.placed[p] = mask
            self.occ |= mask
            text = str(place_index(self.grid)[p, mask])  # its squares (not another grid's)
        self._history.append(text)

    def clone(self) -> ReferencePuzzleState:
        new = type(self)(self.game, self.seed)
        new.placed = dict(self.placed)
        new.occ = self.occ
        new._history = list(self._history)
        return new

    # ------------------------------------------------------------------ help
    def completion(self) -> list[tuple[str, int]] | None:
        """Placements that finish the puzzle from here, or None if it cannot be finished
        without removing pieces."""
        solver = ReferenceSolver(self.grid, self.unplaced(), filled=self.occ)
        return solver.first()

    hint_why = staticmethod(hint_why)

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
            return ReferenceSolver(self.grid, self.game.pieces).count(progress=progress)
        return ReferenceSolver(self.grid, self.unplaced(), filled=self.occ).count(
            up_to_symmetry=False, progress=progress)

    def count_key(self) -> tuple:
        """Equal for positions whose :meth:`count_solutions` is the same: the shape of the
        empty cells up to rotation, reflection and position, the pieces left, and whether
        anything is placed yet."""
        return (free_shape(self.grid, self.occ), "".join(self.unplaced()), bool(self.placed))

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
        return {"moves": len(self._history), "known_solutions": KNOWN_COUNTS.get(self.game.region),
                "unfillable": unfillable(self.grid, self.occ, self.unplaced())}

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


ReferencePentominoGame.state_class = ReferencePentominoState
ReferencePuzzleGame.state_class = ReferencePuzzleState
