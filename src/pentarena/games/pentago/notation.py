"""Pentago move text: ``<cell>`` (a placement that wins at once) or
``<cell> <quadrant> <dir>`` with quadrant TL|TR|BL|BR and dir cw|ccw, e.g. ``d4 TR cw``.
Separators may be spaces or ``/``; any letter case.

Cells are file a–f (left to right) and rank 1–6 (rank 1 is the TOP row, as printed).

Dense action ids (for researchers): ``cell * 8 + quadrant * 2 + direction`` for a placement
with a rotation (cell = row * 6 + col, row 0 = rank 1; quadrant TL=0, TR=1, BL=2, BR=3;
direction cw=0, ccw=1), so 0–287; ``288 + cell`` for a placement that wins at once
without rotating (288–323).
"""

from __future__ import annotations

import numbers
import re

from ...core.errors import GameOptionError, InvalidMoveError, action_index, described
from .board import DIRECTIONS, QUADRANTS, has_five

NUM_ACTIONS = 288 + 36
FORMAT_HELP = "write a move as <cell> <quadrant> <dir>, e.g. d4 TR cw (or just d4 when it wins)"
_SPLIT = re.compile(r"[\s/,]+")
# the words the move list and the twist arrows use ("c3, turns top-left ↻"), read as the
# short forms
_QUADRANT_WORDS = {"TOP-LEFT": "TL", "TOP-RIGHT": "TR", "BOTTOM-LEFT": "BL", "BOTTOM-RIGHT": "BR"}
_DIRECTION_WORDS = {"clockwise": "cw", "↻": "cw", "anticlockwise": "ccw", "anti-clockwise": "ccw",
                    "counterclockwise": "ccw", "counter-clockwise": "ccw", "↺": "ccw"}


def cell_name(cell: int) -> str:
    row, col = divmod(cell, 6)
    return "abcdef"[col] + str(row + 1)


def parse_cell(text: str) -> int:
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in "abcdef" or t[1] not in "123456":
        raise InvalidMoveError(f"{text!r} is not a cell: files a-f, ranks 1-6 (1 is the top row)")
    return (int(t[1]) - 1) * 6 + "abcdef".index(t[0])


class PentagoMove(tuple):
    """(cell, quadrant, direction); quadrant and direction are -1 for a placement that
    wins at once."""

    __slots__ = ()

    def __new__(cls, cell: int, quadrant: int = -1, direction: int = -1) -> PentagoMove:
        return tuple.__new__(cls, (cell, quadrant, direction))

    @property
    def cell(self) -> int:
        return self[0]

    @property
    def rotates(self) -> bool:
        return self[1] >= 0

    @property
    def action(self) -> int:
        """The dense action id (see the module doc)."""
        c, q, d = self
        return 288 + c if q < 0 else c * 8 + q * 2 + d

    def __str__(self) -> str:
        c, q, d = self
        if q < 0:
            return cell_name(c)
        return f"{cell_name(c)} {QUADRANTS[q]} {DIRECTIONS[d]}"

    def __repr__(self) -> str:
        try:
            return f"PentagoMove({str(self)!r})"
        except (IndexError, TypeError, ValueError):  # a malformed move (errors quote it)
            return f"PentagoMove{tuple(self)!r}"

    def __reduce__(self):
        # pickle, copy and deepcopy give back the one precomputed object of the move (the
        # one the native engine recognises by address); a tuple's default would call
        # PentagoMove((cell, quadrant, direction)) and make a corrupt move
        return _restore, tuple(self)


def _restore(cell: int, quadrant: int = -1, direction: int = -1) -> PentagoMove:
    """The move ``(cell, quadrant, direction)`` as unpickled: the precomputed object."""
    move = PentagoMove(cell, quadrant, direction)
    return CANONICAL.get(move, move)


PLACE_ONLY: tuple[PentagoMove, ...] = tuple(PentagoMove(c) for c in range(36))
WITH_ROTATION: tuple[tuple[PentagoMove, ...], ...] = tuple(
    tuple(PentagoMove(c, q, d) for q in range(4) for d in range(2)) for c in range(36)
)


MOVES_BY_ACTION: tuple[PentagoMove, ...] = (*(m for ms in WITH_ROTATION for m in ms), *PLACE_ONLY)
"""Every move, indexed by its action id (the native engine hands these objects out)."""
TEXT_BY_ACTION: tuple[str, ...] = tuple(str(m) for m in MOVES_BY_ACTION)

ALL_MOVES: frozenset[PentagoMove] = frozenset(PLACE_ONLY) | frozenset(
    m for ms in WITH_ROTATION for m in ms)
CANONICAL: dict[PentagoMove, PentagoMove] = {m: m for m in ALL_MOVES}
"""Any equal move -> the one precomputed object (which the fast path recognises)."""


def canonical_move(move: object) -> PentagoMove:
    """The precomputed move equal to ``move`` (a move object or a (cell, quadrant,
    direction) tuple of whole numbers: ``(21.0, 1, 0)`` and ``(True, 0, 1)`` are not
    moves), else an InvalidMoveError that says what a move is."""
    found = None
    if isinstance(move, tuple) and all(isinstance(x, numbers.Integral) and not isinstance(x, bool)
                                       for x in move):
        try:
            found = CANONICAL.get(move)
        except TypeError:  # an unhashable member
            found = None
    if found is None:
        raise InvalidMoveError(
            f"not a Pentago move: {described(move)}; give text such as d4 TR cw, or a (cell, "
            "quadrant, direction) tuple of whole numbers: cell 0-35 (a1 is 0, row by row), "
            f"quadrant 0-3 ({' '.join(QUADRANTS)}), direction 0-1 ({' '.join(DIRECTIONS)}); "
            "a placement that wins before its twist is (cell, -1, -1)")
    return found


def move_from_action(action: int) -> PentagoMove:
    return MOVES_BY_ACTION[action_index(action, NUM_ACTIONS)]  # (True is no action 1)


def parse_move_text(text: str) -> PentagoMove:
    if not isinstance(text, str):
        raise InvalidMoveError(f"move text must be a string; {FORMAT_HELP}")
    if len(text) > 40:
        raise InvalidMoveError(f"move text is too long; {FORMAT_HELP}")
    parts = [p for p in _SPLIT.split(text.strip()) if p]
    parts = [_QUADRANT_WORDS.get(p.upper(), _DIRECTION_WORDS.get(p.lower(), p)) for p in parts
             if p.lower() not in ("turn", "turns")]
    if len(parts) == 1:
        return PLACE_ONLY[parse_cell(parts[0])]
    if len(parts) == 2:
        # a cell and half a twist: say which half is missing
        name = cell_name(parse_cell(parts[0]))
        if parts[1].upper() in QUADRANTS:
            raise InvalidMoveError(
                f"{text.strip()!r} has no direction: add cw or ccw, e.g. "
                f"'{name} {parts[1].upper()} cw'")
        if parts[1].lower() in DIRECTIONS:
            raise InvalidMoveError(
                f"{text.strip()!r} has no quadrant: put TL, TR, BL or BR before the "
                f"direction, e.g. '{name} TL {parts[1].lower()}'")
        raise InvalidMoveError(f"{parts[1]!r} is not a quadrant: use TL, TR, BL or BR, "
                               f"then cw or ccw, e.g. '{name} TL cw'")
    if len(parts) != 3:
        raise InvalidMoveError(f"could not read {text!r}: {FORMAT_HELP}")
    cell = parse_cell(parts[0])
    q = parts[1].upper()
    d = parts[2].lower()
    if q not in QUADRANTS and q.lower() in DIRECTIONS and d.upper() in QUADRANTS:
        raise InvalidMoveError(f"{text.strip()!r}: the quadrant comes before the direction, "
                               f"e.g. '{cell_name(cell)} {d.upper()} {q.lower()}'")
    if q not in QUADRANTS:
        raise InvalidMoveError(f"{parts[1]!r} is not a quadrant: use TL, TR, BL or BR")
    if d not in DIRECTIONS:
        raise InvalidMoveError(f"{parts[2]!r} is not a direction: use cw or ccw")
    return WITH_ROTATION[cell][QUADRANTS.index(q) * 2 + DIRECTIONS.index(d)]


def parse_position(text: str) -> tuple[int, int, int, str]:
    """A set-up position: six rows of ``W``/``B``/``.`` (rank 1 first, separated by ``/``
    or newlines), optionally followed by ``w`` or ``b`` for the side to move: White when
    the two have as many marbles, Black when White has one more (any other count cannot
    arise in a game and is refused).  Returns (White's bitboard, Black's
    bitboard, the seat to move, the position as canonical text)."""
    if not isinstance(text, str) or len(text) > 100:
        raise GameOptionError("a position is six rows of W, B and . (text)")
    parts = [p for p in text.replace("\n", "/").split("/") if p.strip()]
    to_move = None
    if len(parts) == 7:
        side = parts.pop().strip().lower()
        if side not in ("w", "b"):
            raise GameOptionError(f"side to move must be w or b, got {side!r}")
        to_move = 0 if side == "w" else 1
    rows = [p.replace(" ", "") for p in parts]
    if len(rows) != 6:
        raise GameOptionError(f"a position is six rows of six W, B or . characters "
                               f"(separated by /), got {len(rows)} rows")
    for r, row in enumerate(rows):
        if len(row) != 6 or set(row) - set("WBwb."):
            raise GameOptionError(f"a position is six rows of six W, B or . characters; "
                                   f"row {r + 1} is {row[:12]!r}")
    w = b = 0
    for r, row in enumerate(rows):
        for c, ch in enumerate(row.upper()):
            if ch == "W":
                w |= 1 << (r * 6 + c)
            elif ch == "B":
                b |= 1 << (r * 6 + c)
    if has_five(w) or has_five(b):
        raise GameOptionError("the position already has five in a row: the game would be over")
    nw, nb = w.bit_count(), b.bit_count()
    counts = f"White has {nw} marble{'s' * (nw != 1)} and Black {nb}"
    if nw - nb not in (0, 1):  # White places first, then each in turn
        raise GameOptionError(f"{counts}: White, who places first, has as many as Black "
                               f"or one more")
    if to_move is None:
        to_move = nw - nb
    elif to_move != nw - nb:
        raise GameOptionError(f"{counts}, so {('White', 'Black')[nw - nb]} is to move, not "
                               f"{('White', 'Black')[to_move]}")
    return w, b, to_move, "/".join(rows) + "/" + "wb"[to_move]
