"""The pure-Python Pentago engine (RULES.md §2): readable, complete, and the oracle the
native engine is tested against (tests/games/pentago/test_native.py).  Play itself runs on
the native engine (``rules.py``); nothing at run time imports this module.

>>> from pentarena.games.pentago.reference import ReferencePentagoGame
>>> state = ReferencePentagoGame().new_initial_state()
"""

from __future__ import annotations

import random
from typing import Any

from ...core.bitboard import bits_list
from ...core.errors import IllegalMoveError
from ...core.game import State
from .board import LINES, has_five
from .codes import (
    CELL_PLACE,
    COUNTS,
    EMPTY_CELLS,
    FIVE_BITS,
    FOURS,
    MOVE_INFO,
    MOVES,
    OCCUPIED,
    POW3,
    QUADRANT_BITS,
    SEAT_FIELDS,
    SPREAD,
    THROUGH,
    boards_from_codes,
    codes_from_boards,
    line_counts,
    open_lines,
)
from .notation import (
    PLACE_ONLY,
    WITH_ROTATION,
    PentagoMove,
    canonical_move,
    cell_name,
    move_from_action,
    parse_move_text,
    parse_position,
)
from .rules import PentagoGame


class ReferencePentagoGame(PentagoGame):
    """Pentago played on the pure-Python engine below (the differential tests' oracle)."""

    state_class = None  # set below, once ReferencePentagoState exists


class ReferencePentagoState(State):
    """A Pentago position, in pure Python.  The board is held as four base-3 quadrant codes
    (see ``codes.py``); ``boards`` gives the two 36-bit bitboards."""

    __slots__ = ("game", "seed", "_q", "_to_move", "_history", "_winners", "_over",
                 "_position", "_fours", "_empty")

    def __init__(self, game: ReferencePentagoGame, seed: int | None = None) -> None:
        self.game = game
        self.seed = seed
        self._q = [0, 0, 0, 0]  # quadrant codes TL, TR, BL, BR
        self._to_move = 0
        self._history: list[PentagoMove] = []
        self._winners: frozenset[int] = frozenset()
        self._over = False
        self._position: str | None = None
        self._fours = 0  # the mover's line-count bits of lines holding four of its marbles
        self._empty = 36  # empty cells

    def _set_position(self, text: str) -> None:
        w, b, to_move, self._position = parse_position(text)
        self._q = codes_from_boards(w, b)
        self._to_move = to_move
        self._fours = line_counts(self._q) & FOURS[to_move]
        self._empty = 36 - (w | b).bit_count()
        if not self._empty:
            self._finish(frozenset((0, 1)))

    @property
    def current_player(self) -> int | None:
        return None if self._over else self._to_move

    def is_terminal(self) -> bool:
        return self._over

    @property
    def boards(self) -> list[int]:
        """[White's bitboard, Black's bitboard] (bit row * 6 + col, row 0 = rank 1)."""
        return list(boards_from_codes(self._q))

    def cell(self, cell: int) -> int | None:
        """The seat whose marble is on ``cell``, or None."""
        q, k = CELL_PLACE[cell]
        digit = self._q[q] // POW3[k] % 3
        return digit - 1 if digit else None

    # ------------------------------------------------------------------ moves
    def legal_moves(self, _m0=MOVES[0], _m1=MOVES[1], _m2=MOVES[2], _m3=MOVES[3]
                    ) -> list[PentagoMove]:
        """Every legal move: the lone winning placements first (when a line holds four of
        the mover's marbles), then quadrant by quadrant (TL, TR, BL, BR), cell by cell."""
        if self._over:
            return []
        q = self._q
        # usually no line holds four of the mover's marbles, so no placement wins
        if not self._fours or not (wins := self._win_cells()):
            return [*_m0[q[0]], *_m1[q[1]], *_m2[q[2]], *_m3[q[3]]]
        out = [PLACE_ONLY[cell] for cell in bits_list(wins)]
        for quadrant, code in enumerate(q):  # cell by cell only where a placement wins
            if not wins & QUADRANT_BITS[quadrant]:
                out.extend(MOVES[quadrant][code])
                continue
            for cell in EMPTY_CELLS[quadrant][OCCUPIED[code]]:
                if not wins >> cell & 1:
                    out.extend(WITH_ROTATION[cell])
        return out

    def _win_cells(self) -> int:
        """The empty cells (36-bit) where the mover's placement makes five."""
        cells = 0
        for bit in bits_list(self._fours):  # bit 2 of the field of a line holding four
            cells |= LINES[bit // 6]
        taken = 0
        for spread, code in zip(SPREAD, self._q):
            taken |= spread[OCCUPIED[code]]
        return cells & ~taken

    def legal_actions(self) -> list[int]:
        """Legal moves as dense action ids (see pentago.notation)."""
        return [m.action for m in self.legal_moves()]

    def move_from_action(self, action: int) -> PentagoMove:
        return move_from_action(action)

    action_to_move = move_from_action

    def move_to_action(self, move: PentagoMove | str) -> int:
        if isinstance(move, str):
            move = parse_move_text(move)
        return canonical_move(move).action

    def apply_action(self, action: int) -> None:
        self.apply(move_from_action(action))

    def random_move(self, rng: random.Random) -> PentagoMove:
        """A random empty cell, then one of its eight rotations (or the lone placement
        when it wins)."""
        if self.is_terminal():
            raise IllegalMoveError("the game is over: there is no move to choose")
        k = rng.randrange(self._empty)
        for quadrant, code in enumerate(self._q):
            empty = EMPTY_CELLS[quadrant][OCCUPIED[code]]
            if k < len(empty):
                cell = empty[k]
                break
            k -= len(empty)
        if self._fours & THROUGH[cell]:
            return PLACE_ONLY[cell]
        return WITH_ROTATION[cell][rng.randrange(8)]

    def playout_move(self, rng: random.Random) -> PentagoMove:
        """A playout wins at once when it can; otherwise plays a random move."""
        if self._fours and (wins := self._win_cells()):
            return PLACE_ONLY[rng.choice(bits_list(wins))]
        return self.random_move(rng)

    def position_key(self) -> tuple[int, ...]:
        q = self._q
        return (q[0], q[1], q[2], q[3], self._to_move, self._over)

    def order_moves(self, moves: list[PentagoMove], rng: random.Random) -> list[PentagoMove]:
        """A random order with the lone winning placements first: the search widens
        slowly over up to 288 moves and must never leave a win in one untried."""
        rng.shuffle(moves)
        moves.sort(key=lambda m: m[1] >= 0)
        return moves

    def parse_move(self, text: str) -> PentagoMove:
        return parse_move_text(text)

    def apply(self, move: PentagoMove | str, _info=MOVE_INFO, _occupied=OCCUPIED,
              _c0=COUNTS[0], _c1=COUNTS[1], _c2=COUNTS[2], _c3=COUNTS[3], _five=FIVE_BITS,
              _fours=FOURS) -> None:
        """Validate and play ``move`` (see State.apply).

        This is the one place a move is played.  A move object (or an equal
        ``(cell, quadrant, direction)`` tuple) takes the fast path below, the hot loop of
        every playout; anything else, and any move the fast path finds illegal, goes
        through ``check_move``, which explains what is wrong.
        """
        try:
            info = _info[move]
        except (KeyError, TypeError):  # text, or not a move at all
            super().apply(move)  # raises with a reason, or plays the move
            return
        if info[0] is not move and not self._over:  # an equal tuple: of whole numbers
            canonical_move(move)  # only ((True, 0, 0) and (1.0, 0, 0) are equal, no moves)
        move, quadrant, bit, white, black, place_only, through, turned, rotate = info
        q = self._q
        code = q[quadrant]
        if self._over or _occupied[code] & bit:
            super().apply(move)
            return
        if self._fours & through:  # a line through the cell holds four of the mover's
            if not place_only:
                super().apply(move)
                return
        elif place_only:
            super().apply(move)
            return
        me = self._to_move
        self._history.append(move)
        self._empty -= 1
        code += black if me else white
        if place_only:  # a placement five: the mover wins, no rotation
            q[quadrant] = code
            self._finish(frozenset((me,)))
            return
        if turned == quadrant:
            q[quadrant] = rotate[code]
        else:
            q[quadrant] = code
            q[turned] = rotate[q[turned]]
        n = _c0[q[0]] + _c1[q[1]] + _c2[q[2]] + _c3[q[3]]
        five = n & (n >> 2) & _five
        if five:
            self._finish(frozenset(s for s in (0, 1) if five & SEAT_FIELDS[s]))
        elif not self._empty:
            self._finish(frozenset((0, 1)))
        else:
            self._to_move = me = 1 - me
            self._fours = n & _fours[me]  # the next mover's lines of four

    def check_move(self, move: Any) -> None:
        if isinstance(move, str):
            move = parse_move_text(move)
        move = canonical_move(move)  # a move object, or an equal tuple
        if self._over:
            raise IllegalMoveError("the game is over: no more moves can be played")
        c = move[0]
        if self.cell(c) is not None:
            raise IllegalMoveError(f"{cell_name(c)} is already taken: place on an empty cell")
        wins = has_five(self.boards[self._to_move] | (1 << c))
        if wins and move.rotates:
            raise IllegalMoveError(
                f"placing on {cell_name(c)} makes five in a row: you win at once and do not "
                f"rotate — play just '{cell_name(c)}'")
        if not wins and not move.rotates:
            raise IllegalMoveError(
                f"after placing on {cell_name(c)} you must rotate a quadrant, "
                f"e.g. '{cell_name(c)} TL cw'")

    def _apply_move(self, move: PentagoMove) -> None:
        self.apply(move)  # the one code path

    def _finish(self, winners: frozenset[int]) -> None:
        self._winners = winners
        self._over = True

    def clone(self) -> ReferencePentagoState:
        new = ReferencePentagoState.__new__(ReferencePentagoState)
        new.game = self.game
        new.seed = self.seed
        new._q = self._q[:]
        new._to_move = self._to_move
        new._history = self._history[:]
        new._winners = self._winners
        new._over = self._over
        new._position = self._position
        new._fours = self._fours
        new._empty = self._empty
        return new

    # ------------------------------------------------------------------ outcome
    def winners(self) -> set[int]:
        return set(self._winners)

    def scores(self) -> list[int]:
        """1 for a win, 0 otherwise (a draw gives both 1: both are winners)."""
        return [int(s in self._winners) for s in (0, 1)]

    def result_details(self) -> dict[str, Any]:
        fives = [[bin(line).count("1") and [i for i in range(36) if line >> i & 1]
                  for line in LINES if self.boards[s] & line == line] for s in (0, 1)]
        return {"fives": fives}

    def evaluate(self, seat: int) -> float:
        """Open lines: each line of five free of the other colour is worth 4**k - 1 to the
        colour with k marbles on it; (mine - theirs) / (mine + theirs + 1).  A mover who
        can win by placement is as good as won (0.99)."""
        if self._over:
            return super().evaluate(seat)
        if self._fours and self._win_cells():
            return 0.99 if seat == self._to_move else -0.99
        white, black = open_lines(self._q)
        a, b = (white, black) if seat == 0 else (black, white)
        return (a - b) / (a + b + 1.0)

    # ------------------------------------------------------------------ records
    def history(self) -> list[str]:
        return [str(m) for m in self._history]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "position": self._position,
            "moves": self.history(),
            "to_move": self.current_player,
            "board": [[self.cell(r * 6 + c) for c in range(6)] for r in range(6)],
        }

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self)


ReferencePentagoGame.state_class = ReferencePentagoState
