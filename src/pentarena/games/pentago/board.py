"""Pentago bitboards: a 36-bit int per colour, bit ``row * 6 + col`` (row 0 is the top
row, rank 1; col 0 is file a).  Quadrant rotations and the 32 lines of five are tables
built once at import."""

from __future__ import annotations

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


# ROTATE[q * 2 + d]: table for quadrant q (index into QUADRANTS), direction d (0 cw, 1 ccw)
ROTATE: tuple[tuple[Bitboard, ...], ...] = tuple(
    _rotation_table(q, d == "cw") for q in QUADRANTS for d in DIRECTIONS
)
_SHIFT = tuple(r0 * SIZE + c0 for r0, c0 in (_ORIGIN[q] for q in QUADRANTS))


def rotate(board: Bitboard, quadrant: int, direction: int) -> Bitboard:
    """``board`` with quadrant ``quadrant`` rotated (direction 0 = cw, 1 = ccw)."""
    s = _SHIFT[quadrant]
    b = board >> s
    pattern = (b & 7) | ((b >> 6) & 7) << 3 | ((b >> 12) & 7) << 6
    return (board & ~QUADRANT_MASK[quadrant]) | ROTATE[quadrant * 2 + direction][pattern]


# Per rotation r = quadrant * 2 + direction: (shift to the quadrant, bits outside it, table)
ROTATIONS: tuple[tuple[int, Bitboard, tuple[Bitboard, ...]], ...] = tuple(
    (_SHIFT[r // 2], FULL & ~QUADRANT_MASK[r // 2], ROTATE[r]) for r in range(8)
)


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

LINES_THROUGH: tuple[tuple[Bitboard, ...], ...] = tuple(
    tuple(line for line in LINES if line >> i & 1) for i in range(36)
)
"""For each cell, the lines of five that contain it."""


# Line counting: every line of five gets a 3-bit field in one int, holding how many of its
# cells a board covers.  A board's counts are the sum of three table entries, one per
# 12-bit chunk (two rows), so "which lines have four?" and "is there a five?" are a few
# integer operations.
_FIELD = 3
_LOW = sum(1 << (_FIELD * i) for i in range(len(LINES)))       # bit 0 of every field
_HIGH = _LOW << 2                                                # bit 2: count >= 4


def _chunk_table(chunk: int) -> tuple[int, ...]:
    adds = [sum(1 << (_FIELD * i) for i, line in enumerate(LINES) if line >> cell & 1)
            for cell in range(chunk * 12, chunk * 12 + 12)]
    table = [0] * 4096
    for pattern in range(1, 4096):
        low = pattern & -pattern
        table[pattern] = table[pattern ^ low] + adds[low.bit_length() - 1]
    return tuple(table)


_C0, _C1, _C2 = (_chunk_table(k) for k in range(3))


CHUNK_COUNTS = (_C0, _C1, _C2)
FIVE_BITS = _LOW
FOUR_BITS = _HIGH


def line_counts(board: Bitboard) -> int:
    """3 bits per line of five: how many of its cells ``board`` covers."""
    return _C0[board & 4095] + _C1[board >> 12 & 4095] + _C2[board >> 24]


def has_five(board: Bitboard) -> bool:
    """Whether ``board`` holds five in a row."""
    counts = _C0[board & 4095] + _C1[board >> 12 & 4095] + _C2[board >> 24]
    return bool(counts & (counts >> 2) & _LOW)  # a field of 5 = 0b101


def win_cells(mine: Bitboard, empty: Bitboard, fours: int | None = None) -> Bitboard:
    """The empty cells where one more marble of ``mine`` makes five in a row (``fours``:
    its line counts masked to the lines holding four, when already known)."""
    if fours is None:
        fours = (_C0[mine & 4095] + _C1[mine >> 12 & 4095] + _C2[mine >> 24]) & _HIGH
    found = 0
    while fours:
        low = fours & -fours
        fours ^= low
        found |= LINES[(low.bit_length() - 1) // _FIELD] & ~mine
    return found & empty


def five_through(board: Bitboard, cell: int) -> bool:
    for line in LINES_THROUGH[cell]:
        if board & line == line:
            return True
    return False
