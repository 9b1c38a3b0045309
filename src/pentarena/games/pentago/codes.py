"""The playing tables: the board as four base-3 quadrant codes.

A quadrant's nine cells (local index ``k = row * 3 + col``, top row first) each hold a
digit — 0 empty, 1 White, 2 Black — and the quadrant is the number ``sum(digit * 3**k)``,
one of 3**9 = 19,683 codes.  Everything a move needs is then a table look-up on a code:

* ``ROTATE[d][code]``: the code after a quarter turn (d = 0 clockwise, 1 counter-clockwise);
* ``COUNTS[q][code]``: both players' line counts (below) contributed by quadrant ``q``;
* ``OCCUPIED[code]``: the quadrant's taken cells as 9 bits;
* ``MOVES[q][code]``: the placements-with-rotation on the quadrant's empty cells.

Line counts.  Each of the 32 lines of five gets two 3-bit fields holding how many of its
cells each player covers: line i's White count in bits 6i–6i+2, its Black count in
6i+3–6i+5.  A board's counts are the sum of its four quadrants' entries; a field of 5
(0b101) is a five, a field with bit 2 set is a line of four.  (The evaluation reads the
same counts laid out one byte per line, ``LINE_BYTES``: wider ints, which play does not
need to pay for.)
"""

from __future__ import annotations

from .board import LINES
from .notation import PLACE_ONLY, WITH_ROTATION, PentagoMove

CODES = 3 ** 9
POW3 = tuple(3 ** k for k in range(9))
_ORIGIN = ((0, 0), (0, 3), (3, 0), (3, 3))

QUADRANT_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple((r0 + k // 3) * 6 + c0 + k % 3 for k in range(9)) for r0, c0 in _ORIGIN)
"""Board cell of each quadrant's local cell k."""
CELL_PLACE: tuple[tuple[int, int], ...] = tuple(
    next((q, cells.index(cell)) for q, cells in enumerate(QUADRANT_CELLS) if cell in cells)
    for cell in range(36))
"""(quadrant, local k) of each board cell."""


def _by_digits(adds: list[tuple[int, int, int]]) -> list[int]:
    """The table ``code -> sum(adds[k][digit_k])`` over all codes, built digit by digit
    (a code with digit d at position k is d * 3**k plus a code of the lower digits)."""
    table = [0]
    for a in adds:
        table = [x + a[d] for d in range(3) for x in table]
    return table


def _field(cell: int, width: int = 6) -> int:
    """Bit 0 of White's field of every line through ``cell``, ``width`` bits a line
    (Black's: shifted by width / 2)."""
    return sum(1 << (width * i) for i, line in enumerate(LINES) if line >> cell & 1)


def field_shift(seat: int, line: int) -> int:
    """Where the count of ``seat`` on line number ``line`` starts."""
    return 6 * line + 3 * seat


NUM_LINES = len(LINES)
FIVE_BITS = sum(1 << (3 * i) for i in range(2 * NUM_LINES))      # bit 0 of every field
_WHITE_FIELDS = sum(7 << (6 * i) for i in range(NUM_LINES))
SEAT_FIELDS = (_WHITE_FIELDS, _WHITE_FIELDS << 3)
"""Per seat: all bits of its fields."""
_FOUR_BITS = sum(1 << (6 * i + 2) for i in range(NUM_LINES))    # bit 2: count >= 4
FOURS = (_FOUR_BITS, _FOUR_BITS << 3)
"""Per seat: the bits of its fields that say "four or more"."""

THROUGH: tuple[int, ...] = tuple((_field(c) | _field(c) << 3) << 2 for c in range(36))
"""Per cell: bit 2 of both players' fields of the lines through it.  An empty cell wins by
placement for the mover exactly when ``fours & THROUGH[cell]``: a line through it
already holds four of the mover's marbles."""

COUNTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_by_digits([(0, _field(c), _field(c) << 3) for c in cells]))
    for cells in QUADRANT_CELLS)
LINE_BYTES: tuple[tuple[int, ...], ...] = tuple(
    tuple(_by_digits([(0, _field(c, 8), _field(c, 8) << 4) for c in cells]))
    for cells in QUADRANT_CELLS)


def _turned(k: int, clockwise: bool) -> int:
    r, c = divmod(k, 3)
    nr, nc = (c, 2 - r) if clockwise else (2 - c, r)
    return nr * 3 + nc


ROTATE: tuple[tuple[int, ...], ...] = tuple(
    tuple(_by_digits([(0, POW3[_turned(k, cw)], 2 * POW3[_turned(k, cw)]) for k in range(9)]))
    for cw in (True, False))

OCCUPIED: tuple[int, ...] = tuple(_by_digits([(0, 1 << k, 1 << k) for k in range(9)]))
WHITE9: tuple[int, ...] = tuple(_by_digits([(0, 1 << k, 0) for k in range(9)]))
BLACK9: tuple[int, ...] = tuple(_by_digits([(0, 0, 1 << k) for k in range(9)]))

SPREAD: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << cells[k] for k in range(9) if pattern >> k & 1) for pattern in range(512))
    for cells in QUADRANT_CELLS)
"""Per quadrant: a 9-bit pattern as 36-bit board bits."""
QUADRANT_BITS = tuple(spread[511] for spread in SPREAD)


def _moves_by_code(q: int) -> tuple[tuple[PentagoMove, ...], ...]:
    by_occupied = [tuple(m for k, cell in enumerate(QUADRANT_CELLS[q]) if not occ >> k & 1
                         for m in WITH_ROTATION[cell]) for occ in range(512)]
    return tuple(by_occupied[occ] for occ in OCCUPIED)


MOVES: tuple[tuple[tuple[PentagoMove, ...], ...], ...] = tuple(
    _moves_by_code(q) for q in range(4))

EMPTY_CELLS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(cell for k, cell in enumerate(cells) if not occ >> k & 1) for occ in range(512))
    for cells in QUADRANT_CELLS)
"""Per quadrant and 9-bit occupancy: its empty board cells, in order."""


def _info(move: PentagoMove) -> tuple:
    cell, q, d = move
    quadrant, k = CELL_PLACE[cell]
    place_only = q < 0
    return (move, quadrant, 1 << k, POW3[k], 2 * POW3[k], place_only, THROUGH[cell],
            0 if place_only else q, None if place_only else ROTATE[d])


MOVE_INFO: dict[PentagoMove, tuple] = {
    m: _info(m) for m in (*PLACE_ONLY, *(m for ms in WITH_ROTATION for m in ms))}
"""Per move (any equal tuple finds it): (the move object, its cell's quadrant, the cell's
bit in that quadrant's occupancy, what placing adds to the code for White and for Black,
whether it is a lone winning placement, THROUGH[cell], the rotated quadrant, its ROTATE
table)."""


def _line_values() -> tuple[int, ...]:
    """For one line's byte of counts: its open-line score for White (bits 0–15) and for
    Black (from bit 16).  A line free of the other colour is worth 4**count - 1 to the
    colour on it."""
    out = []
    for byte in range(256):
        w, b = byte & 15, byte >> 4
        white = 4 ** w - 1 if not b and w <= 5 else 0
        black = 4 ** b - 1 if not w and b <= 5 else 0
        out.append(white | black << 16)
    return tuple(out)


LINE_VALUES = _line_values()


def open_lines(codes: list[int], _values=LINE_VALUES.__getitem__, _b0=LINE_BYTES[0],
               _b1=LINE_BYTES[1], _b2=LINE_BYTES[2], _b3=LINE_BYTES[3]) -> tuple[int, int]:
    """(White's, Black's) open-line scores of a position."""
    counts = _b0[codes[0]] + _b1[codes[1]] + _b2[codes[2]] + _b3[codes[3]]
    total = sum(map(_values, counts.to_bytes(NUM_LINES, "little")))
    return total & 0xFFFF, total >> 16


def codes_from_boards(white: int, black: int) -> list[int]:
    return [sum(POW3[k] * ((white >> cell & 1) + 2 * (black >> cell & 1))
                for k, cell in enumerate(cells)) for cells in QUADRANT_CELLS]


def boards_from_codes(codes: list[int]) -> tuple[int, int]:
    white = black = 0
    for spread, code in zip(SPREAD, codes):
        white |= spread[WHITE9[code]]
        black |= spread[BLACK9[code]]
    return white, black


def line_counts(codes: list[int], _c0=COUNTS[0], _c1=COUNTS[1], _c2=COUNTS[2],
                _c3=COUNTS[3]) -> int:
    return _c0[codes[0]] + _c1[codes[1]] + _c2[codes[2]] + _c3[codes[3]]

