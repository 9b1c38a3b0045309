"""Pent-Up move text: ``<piece>:<x>,<y>;<x>,<y>;<x>,<y>;<x>,<y>;<x>,<y>``."""

from __future__ import annotations

import re

from ...core.errors import InvalidMoveError, described
from ...core.polyomino import ORIENTATIONS, PIECE_NAMES, Cell, identify_free, normalize

_MOVE_RE = re.compile(r"^\s*([A-Za-z])\s*:\s*(.*?)\s*$")
_CELL_RE = re.compile(r"^\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*$")
FORMAT_HELP = "write a move as <piece>:<x>,<y>;... with five cells, e.g. I:0,0;1,0;2,0;3,0;4,0"
COORD_LIMIT = 10**9
"""Coordinates of a move lie within ±COORD_LIMIT (its text and its anchor alike)."""
FIRST_REACH = COORD_LIMIT - 256
"""The first tile's cells lie within ±FIRST_REACH: a tile on the table reaches at most 5
cells past the structure, so the 47 after it stay within ±COORD_LIMIT (the native core's
``FIRST_REACH``; the table is unbounded and the rules translation invariant)."""
FAR_FIRST = (f"the first tile's cells must have x and y between -{FIRST_REACH} and "
             f"{FIRST_REACH}, so that every tile of the game stays within ±{COORD_LIMIT}")


class PentUpMove(tuple):
    """A placement: piece letter, orientation index and anchor (the min x, min y corner).

    Two moves are equal exactly when they put the same piece on the same five cells.
    ``str(move)`` is the canonical text with the cells sorted by (x, y).
    """

    __slots__ = ()

    def __new__(cls, piece: str, orient: int, x: int, y: int) -> PentUpMove:
        return tuple.__new__(cls, (piece, orient, x, y))

    @property
    def piece(self) -> str:
        return self[0]

    @property
    def orient(self) -> int:
        return self[1]

    @property
    def anchor(self) -> Cell:
        return (self[2], self[3])

    @property
    def cells(self) -> tuple[Cell, ...]:
        _, o, x, y = self
        return tuple((x + dx, y + dy) for dx, dy in ORIENTATIONS[self[0]][o])

    def __str__(self) -> str:
        return self[0] + ":" + ";".join(f"{x},{y}" for x, y in self.cells)

    def __repr__(self) -> str:
        try:
            return f"PentUpMove({str(self)!r})"
        except (KeyError, IndexError, TypeError, ValueError):  # a malformed move
            return f"PentUpMove{tuple(self)!r}"

    def __reduce__(self):
        # pickle, copy and deepcopy: PentUpMove(piece, orient, x, y) again (a tuple's
        # default would call PentUpMove((piece, orient, x, y)), which has no such form)
        return PentUpMove, tuple(self)

    @classmethod
    def from_cells(cls, piece: str, cells: list[Cell] | tuple[Cell, ...]) -> PentUpMove:
        """The move placing ``piece`` on ``cells``; InvalidMoveError if they don't form it."""
        piece = piece.upper()
        if piece not in PIECE_NAMES:
            raise InvalidMoveError(
                f"there is no pentomino called {piece!r}; the pieces are {' '.join(PIECE_NAMES)}"
            )
        if len(cells) != 5 or len(set(cells)) != 5:
            raise InvalidMoveError(f"a tile covers exactly five different cells; {FORMAT_HELP}")
        shape = normalize(cells)
        try:
            orient = ORIENTATIONS[piece].index(shape)
        except ValueError:
            actual = identify_free(tuple(cells))
            what = f"an {actual}" if actual in ("F", "I", "L", "N", "X") else (
                f"a {actual}" if actual else "no pentomino (they must be edge-connected)")
            raise InvalidMoveError(
                f"those five cells form {what}, not the {piece} tile"
            ) from None
        return cls(piece, orient, min(x for x, _ in cells), min(y for _, y in cells))


def parse_move_text(text: str) -> PentUpMove:
    """Read Pent-Up move text; InvalidMoveError says what is wrong with it."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"move text must be a string; {FORMAT_HELP}")
    if len(text) > 200:
        raise InvalidMoveError(f"move text is too long; {FORMAT_HELP}")
    m = _MOVE_RE.match(text)
    if not m:
        raise InvalidMoveError(f"could not read {text!r}: {FORMAT_HELP}")
    piece, body = m.groups()
    parts = [p for p in body.split(";")]
    if parts and parts[-1].strip() == "":
        parts.pop()
    cells: list[Cell] = []
    for part in parts:
        cm = _CELL_RE.match(part)
        if not cm:
            raise InvalidMoveError(
                f"could not read the cell {part.strip()!r} in {text!r}: "
                f"a cell is two whole numbers x,y (ASCII digits); {FORMAT_HELP}"
            )
        x, y = int(cm.group(1)), int(cm.group(2))
        if max(abs(x), abs(y)) > COORD_LIMIT:
            raise InvalidMoveError(
                f"the cell {part.strip()!r} in {text!r} is out of reach: x and y lie between "
                f"-{COORD_LIMIT} and {COORD_LIMIT}")
        cells.append((x, y))
    if len(cells) != 5:
        raise InvalidMoveError(f"{text!r} names {len(cells)} cell{'' if len(cells) == 1 else 's'}, not 5; {FORMAT_HELP}")
    return PentUpMove.from_cells(piece, cells)


def coerce_move(move: object) -> PentUpMove:
    """``move`` if it is a well-formed ``PentUpMove`` (a real piece and orientation, whole
    coordinates within ±10⁹), move text read; else InvalidMoveError."""
    if isinstance(move, str):
        return parse_move_text(move)
    if (
        isinstance(move, PentUpMove)
        and len(move) == 4
        and isinstance(move[0], str)
        and move[0] in ORIENTATIONS
        and all(isinstance(n, int) and not isinstance(n, bool) for n in move[1:])
        and 0 <= move[1] < len(ORIENTATIONS[move[0]])
        and -COORD_LIMIT <= move[2] <= COORD_LIMIT
        and -COORD_LIMIT <= move[3] <= COORD_LIMIT
    ):
        return move
    raise InvalidMoveError(
        f"not a Pent-Up move: {described(move)}; give move text such as I:0,0;1,0;2,0;3,0;4,0"
    )
