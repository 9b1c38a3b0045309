"""Pentago rules (RULES.md §2): place a marble, then rotate a quadrant; five in a row."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core.errors import IllegalMoveError, InvalidMoveError, StateFormatError
from ...core.game import Game, State, json_seed, replay_moves
from .board import CHUNK_COUNTS, FIVE_BITS, FOUR_BITS, FULL, LINES, ROTATIONS, has_five, win_cells
from .notation import (
    ALL_MOVES,
    CANONICAL,
    PLACE_ONLY,
    BAND_MOVES,
    WITH_ROTATION,
    PentagoMove,
    cell_name,
    move_from_action,
    parse_move_text,
)

COLOURS = ("White", "Black")


class PentagoGame(Game):
    """Pentago: 2 players, seat 0 White moves first."""

    name = "pentago"

    def __init__(self) -> None:
        super().__init__()

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self, seed: int | None = None, position: str | None = None,
                          **kwargs: Any) -> PentagoState:
        """The empty board, or ``position``: six rows of ``W``/``B``/``.`` (rank 1 first,
        separated by ``/`` or newlines), optionally followed by ``w`` or ``b`` for the
        side to move (default: White if the counts are equal, else Black)."""
        if kwargs:
            raise TypeError(f"pentago takes no setup arguments besides seed and position: "
                            f"{sorted(kwargs)}")
        state = PentagoState(self, seed)
        if position is not None:
            state._set_position(position)
        return state

    def state_from_json(self, data: Mapping[str, Any] | str) -> PentagoState:
        data = self._check_json_header(data)
        state = PentagoState(self, json_seed(data))
        if data.get("position") is not None:
            try:
                state._set_position(data["position"])
            except ValueError as exc:
                raise StateFormatError(f"bad 'position': {exc}") from None
        return replay_moves(state, data)


class PentagoState(State):
    __slots__ = ("game", "seed", "_b0", "_b1", "_to_move", "_history", "_winners", "_over",
                 "_position", "_fours")

    def __init__(self, game: PentagoGame, seed: int | None = None) -> None:
        self.game = game
        self.seed = seed
        self._b0 = self._b1 = 0  # White's and Black's marbles
        self._to_move = 0
        self._history: list[PentagoMove] = []
        self._winners: frozenset[int] = frozenset()
        self._over = False
        self._position: str | None = None
        self._fours: int | None = None  # the mover's lines holding four marbles (cache)

    def _set_position(self, text: str) -> None:
        if not isinstance(text, str) or len(text) > 100:
            raise InvalidMoveError("a position is six rows of W, B and . (text)")
        parts = [p for p in text.replace("\n", "/").split("/") if p.strip()]
        to_move = None
        if len(parts) == 7:
            side = parts.pop().strip().lower()
            if side not in ("w", "b"):
                raise InvalidMoveError(f"side to move must be w or b, got {side!r}")
            to_move = 0 if side == "w" else 1
        rows = [p.replace(" ", "") for p in parts]
        if len(rows) != 6 or any(len(r) != 6 or set(r) - set("WBwb.") for r in rows):
            raise InvalidMoveError("a position is six rows of six W, B or . characters")
        w = b = 0
        for r, row in enumerate(rows):
            for c, ch in enumerate(row.upper()):
                if ch == "W":
                    w |= 1 << (r * 6 + c)
                elif ch == "B":
                    b |= 1 << (r * 6 + c)
        if has_five(w) or has_five(b):
            raise InvalidMoveError("the position already has five in a row: the game would be over")
        if to_move is None:
            to_move = 0 if w.bit_count() == b.bit_count() else 1
        self._b0, self._b1 = w, b
        self._to_move = to_move
        self._position = "/".join(rows) + "/" + "wb"[to_move]
        if w | b == FULL:
            self._finish(frozenset((0, 1)))

    @property
    def current_player(self) -> int | None:
        return None if self._over else self._to_move

    def is_terminal(self) -> bool:
        return self._over

    @property
    def boards(self) -> list[int]:
        """[White's bitboard, Black's bitboard] (bit row * 6 + col, row 0 = rank 1)."""
        return [self._b0, self._b1]

    def cell(self, cell: int) -> int | None:
        """The seat whose marble is on ``cell``, or None."""
        if self._b0 >> cell & 1:
            return 0
        if self._b1 >> cell & 1:
            return 1
        return None

    # ------------------------------------------------------------------ moves
    def legal_moves(self, _counts=CHUNK_COUNTS, _t0=BAND_MOVES[0], _t1=BAND_MOVES[1],
                    _t2=BAND_MOVES[2], _four=FOUR_BITS, _full=FULL) -> list[PentagoMove]:
        if self._over:
            return []
        b0 = self._b0
        b1 = self._b1
        occ = b0 | b1
        m = b1 if self._to_move else b0
        fours = self._fours
        if fours is None:
            c0, c1, c2 = _counts
            fours = self._fours = (c0[m & 4095] + c1[m >> 12 & 4095] + c2[m >> 24]) & _four
        # usually no line holds four of the mover's marbles, so no placement wins
        wins = win_cells(m, _full & ~occ, fours) if fours else 0
        if not wins:  # the usual case: every empty cell with its 8 rotations, by band table
            return [*_t0[occ & 4095], *_t1[occ >> 12 & 4095], *_t2[occ >> 24]]
        out: list[PentagoMove] = []
        for band, table in enumerate(BAND_MOVES):  # per two-row band; cell by cell only
            shift = band * 12                       # where a placement wins
            if not wins >> shift & 4095:
                out.extend(table[occ >> shift & 4095])
                continue
            for c in range(shift, shift + 12):
                if occ >> c & 1:
                    continue
                if wins >> c & 1:
                    out.append(PLACE_ONLY[c])
                else:
                    out.extend(WITH_ROTATION[c])
        return out

    def legal_actions(self) -> list[int]:
        """Legal moves as dense action ids (see pentago.notation)."""
        return [m.action for m in self.legal_moves()]

    def move_from_action(self, action: int) -> PentagoMove:
        return move_from_action(action)

    def random_move(self, rng: random.Random) -> PentagoMove:
        mine = self._b1 if self._to_move else self._b0
        empty = FULL & ~(self._b0 | self._b1)
        n = empty.bit_count()
        k = rng.randrange(n)
        for _ in range(k):
            empty &= empty - 1
        low = empty & -empty
        c = low.bit_length() - 1
        if has_five(mine | low):
            return PLACE_ONLY[c]
        return WITH_ROTATION[c][rng.randrange(8)]

    def parse_move(self, text: str) -> PentagoMove:
        return parse_move_text(text)

    def apply(self, move: PentagoMove | str, _place=PLACE_ONLY, _rot=WITH_ROTATION,
              c0=CHUNK_COUNTS[0], c1=CHUNK_COUNTS[1], c2=CHUNK_COUNTS[2], _five=FIVE_BITS,
              _four=FOUR_BITS, _full=FULL, _rotations=ROTATIONS) -> None:
        """Validate and play ``move`` (see State.apply).

        This is the one place a move is played.  Move objects from ``legal_moves()`` take
        the fast path below (the hot loop of every playout); anything else goes through
        ``check_move``, which explains what is wrong, and then comes back here.
        """
        try:  # only the canonical move objects pass this identity check
            c, q, d = move
            canonical = (_place[c] if q < 0 else _rot[c][q * 2 + d]) is move and c >= 0
        except (TypeError, ValueError, IndexError):
            canonical = False
        if not canonical or self._over:
            super().apply(move)  # raises with a reason, or plays the canonical move
            return
        b0 = self._b0
        b1 = self._b1
        if (b0 | b1) >> c & 1:
            super().apply(move)
            return
        me = self._to_move
        fours = self._fours
        if fours is None:
            m = b1 if me else b0
            fours = self._fours = (c0[m & 4095] + c1[m >> 12 & 4095] + c2[m >> 24]) & _four
        if fours:  # a line holds four of the mover's marbles: does this placement finish it?
            m = (b1 if me else b0) | (1 << c)
            n = c0[m & 4095] + c1[m >> 12 & 4095] + c2[m >> 24]
            wins = bool(n & (n >> 2) & _five)
        else:
            wins = False
        if wins != (q < 0):
            super().apply(move)
            return
        self._history.append(move)
        if me:
            b1 |= 1 << c
        else:
            b0 |= 1 << c
        if q < 0:  # a placement five: the mover wins, no rotation
            self._b0 = b0
            self._b1 = b1
            self._finish(frozenset((me,)))
            return
        shift, keep, table = _rotations[q * 2 + d]
        x = b0 >> shift
        b0 = (b0 & keep) | table[(x & 7) | (x >> 3 & 56) | (x >> 6 & 448)]
        x = b1 >> shift
        b1 = (b1 & keep) | table[(x & 7) | (x >> 3 & 56) | (x >> 6 & 448)]
        self._b0 = b0
        self._b1 = b1
        n0 = c0[b0 & 4095] + c1[b0 >> 12 & 4095] + c2[b0 >> 24]
        n1 = c0[b1 & 4095] + c1[b1 >> 12 & 4095] + c2[b1 >> 24]
        if (n0 & (n0 >> 2) | n1 & (n1 >> 2)) & _five:
            five0, five1 = n0 & (n0 >> 2) & _five, n1 & (n1 >> 2) & _five
            self._finish(frozenset(s for s, f in ((0, five0), (1, five1)) if f))
        elif b0 | b1 == _full:
            self._finish(frozenset((0, 1)))
        else:
            self._to_move = 1 - me
            self._fours = (n0 if me else n1) & _four  # the next mover's lines of four

    def check_move(self, move: Any) -> None:
        if isinstance(move, str):
            move = parse_move_text(move)
        if not isinstance(move, PentagoMove) or move not in ALL_MOVES:
            raise InvalidMoveError(f"not a Pentago move: {move!r}; give text such as d4 TR cw")
        if self._over:
            raise IllegalMoveError("the game is over: no more moves can be played")
        c = move[0]
        if (self._b0 | self._b1) >> c & 1:
            raise IllegalMoveError(f"{cell_name(c)} is already taken: place on an empty cell")
        wins = has_five((self._b1 if self._to_move else self._b0) | (1 << c))
        if wins and move.rotates:
            raise IllegalMoveError(
                f"placing on {cell_name(c)} makes five in a row: you win at once and do not "
                f"rotate — play just '{cell_name(c)}'")
        if not wins and not move.rotates:
            raise IllegalMoveError(
                f"after placing on {cell_name(c)} you must rotate a quadrant, "
                f"e.g. '{cell_name(c)} TL cw'")

    def _apply_move(self, move: PentagoMove) -> None:
        self.apply(CANONICAL[move])  # the one code path, with the canonical object

    def _finish(self, winners: frozenset[int]) -> None:
        self._winners = winners
        self._over = True

    def clone(self) -> PentagoState:
        new = PentagoState.__new__(PentagoState)
        new.game = self.game
        new.seed = self.seed
        new._b0 = self._b0
        new._b1 = self._b1
        new._to_move = self._to_move
        new._history = self._history[:]
        new._winners = self._winners
        new._over = self._over
        new._position = self._position
        new._fours = self._fours
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
        """Open lines: lines of five free of the opponent, weighted by own marbles."""
        if self._over:
            return super().evaluate(seat)
        mine, theirs = self.boards[seat], self.boards[1 - seat]

        def score(a: int, b: int) -> float:
            total = 0.0
            for line in LINES:
                if not line & b:
                    total += (4.0 ** (line & a).bit_count()) - 1
            return total

        a, b = score(mine, theirs), score(theirs, mine)
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
