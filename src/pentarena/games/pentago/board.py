"""Pentago bitboards: a 36-bit int per colour, bit ``row * 6 + col`` (row 0 is the top
row, rank 1; col 0 is file a).  The 32 lines of five are a table built at import, the
quadrant rotations tables built on first use.  (Play runs on the native engine; the
pure-Python reference engine plays on the quadrant codes of ``codes.py``.)"""

from __future__ import annotations

from functools import cache

from ...core.bitboard import Bitboard

SIZE = 6
FULL: Bitboard = (1 << 36) - 1
QUADRANTS = ("TL", "TR", "BL", "BR")
DIRECTIONS = ("cw", "ccw")
_ORIGIN = {"TL": (0, 0), "TR": (0, 3), "BL": (3, 0), "BR": (3, 3)}


def bit(row: int, col: int) -> Bitboard:
    return 1 << (row * SIZE + col)


def _quadrant_cells(q: str) -> list[tuple[int, int]]:
    r0, c0 = _ORIGIN[q]
    return [(r0 + r, c0 + c) for r in range(3) for c in range(3)]


QUADRANT_MASK: tuple[Bitboard, ...] = tuple(
    sum(bit(r, c) for r, c in _quadrant_cells(q)) for q in QUADRANTS
)


def _rotated_cell(q: str, row: int, col: int, clockwise: bool) -> tuple[int, int]:
    """Where the marble at (row, col) of quadrant q goes (as seen on the printed board)."""
    r0, c0 = _ORIGIN[q]
    r, c = row - r0, col - c0
    nr, nc = (c, 2 - r) if clockwise else (2 - c, r)
    return r0 + nr, c0 + nc


def _rotation_table(q: str, clockwise: bool) -> tuple[Bitboard, ...]:
    """For each 9-bit pattern of the quadrant (3 bits a row, top row first), the board
    bits after rotating it."""
    cells = _quadrant_cells(q)
    table = []
    for pattern in range(512):
        out = 0
        for k, (r, c) in enumerate(cells):
            if pattern >> k & 1:
                nr, nc = _rotated_cell(q, r, c, clockwise)
                out |= bit(nr, nc)
        table.append(out)
    return tuple(table)


@cache
def _rotate_tables() -> tuple[tuple[Bitboard, ...], ...]:
    """``[q * 2 + d]``: the table for quadrant q (index into QUADRANTS), direction d (0 cw,
    1 ccw); built on first use (play runs on the native engine, not on these)."""
    return tuple(_rotation_table(q, d == "cw") for q in QUADRANTS for d in DIRECTIONS)


def __getattr__(name: str):
    if name == "ROTATE":
        return _rotate_tables()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_SHIFT = tuple(r0 * SIZE + c0 for r0, c0 in (_ORIGIN[q] for q in QUADRANTS))


def rotate(board: Bitboard, quadrant: int, direction: int) -> Bitboard:
    """``board`` with quadrant ``quadrant`` rotated (direction 0 = cw, 1 = ccw)."""
    s = _SHIFT[quadrant]
    b = board >> s
    pattern = (b & 7) | ((b >> 6) & 7) << 3 | ((b >> 12) & 7) << 6
    return (board & ~QUADRANT_MASK[quadrant]) | _rotate_tables()[quadrant * 2 + direction][pattern]


def _lines() -> tuple[Bitboard, ...]:
    out = []
    for r in range(SIZE):
        for c in range(SIZE):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(5)]
                if all(0 <= rr < SIZE and 0 <= cc < SIZE for rr, cc in cells):
                    out.append(sum(bit(rr, cc) for rr, cc in cells))
    return tuple(out)


LINES: tuple[Bitboard, ...] = _lines()
"""The 32 lines of five cells."""


def has_five(board: Bitboard) -> bool:
    """Whether ``board`` holds five in a row."""
    return any(board & line == line for line in LINES)
