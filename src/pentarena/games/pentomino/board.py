"""Boards for the pentomino games: a rectangular grid of cells as an int bitboard.

Cell ``(col, row)`` is bit ``row * width + col``; row 0 is rank 1 (the bottom row) and
col 0 is file a.  Every placement of every piece that fits a region is precomputed once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ...core.bitboard import Bitboard
from ...core.polyomino import ORIENTATIONS, PIECE_NAMES, Shape, canonical

FILES = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Grid:
    """A width × height grid; ``cells`` is the bitboard of the cells in play."""

    width: int
    height: int
    cells: Bitboard

    @classmethod
    def rectangle(cls, width: int, height: int) -> Grid:
        return cls(width, height, (1 << (width * height)) - 1)

    def index(self, col: int, row: int) -> int:
        return row * self.width + col

    def name(self, index: int) -> str:
        row, col = divmod(index, self.width)
        return f"{FILES[col]}{row + 1}"

    def parse_square(self, text: str) -> int:
        t = text.strip().lower()
        rank = t[1:]
        if len(t) < 2 or t[0] not in FILES[: self.width] or not (rank.isascii() and rank.isdigit()):
            raise ValueError(f"{text.strip()!r} is not a square: files a-{FILES[self.width - 1]}, "
                             f"ranks 1-{self.height}")
        row = int(t[1:]) - 1
        if not 0 <= row < self.height:
            raise ValueError(f"{text.strip()!r} is off the board: ranks run 1-{self.height}")
        return self.index(FILES.index(t[0]), row)

    def squares(self, mask: Bitboard) -> list[str]:
        out = []
        while mask:
            low = mask & -mask
            out.append(self.name(low.bit_length() - 1))
            mask ^= low
        return out

    def symmetries(self) -> list[tuple[int, ...]]:
        """The symmetries of the square/rectangle that map ``cells`` onto itself, each as a
        permutation of cell indices (identity first)."""
        w, h = self.width, self.height
        maps: list[list[int]] = []
        for swap in (False, True):
            if swap and w != h:
                continue
            for fx in (False, True):
                for fy in (False, True):
                    perm = []
                    for i in range(w * h):
                        y, x = divmod(i, w)
                        if swap:
                            x, y = y, x
                        if fx:
                            x = w - 1 - x
                        if fy:
                            y = h - 1 - y
                        perm.append(y * w + x)
                    if perm not in maps and apply_perm(self.cells, perm) == self.cells:
                        maps.append(perm)
        maps.sort(key=lambda p: p != list(range(w * h)))
        return [tuple(p) for p in maps]


def apply_perm(mask: Bitboard, perm) -> Bitboard:
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << perm[low.bit_length() - 1]
        mask ^= low
    return out


@lru_cache(maxsize=32)
def placements(grid: Grid) -> dict[str, tuple[Bitboard, ...]]:
    """Every placement of every piece inside ``grid.cells``, per piece letter, ordered by
    orientation then position."""
    out = {}
    for name in PIECE_NAMES:
        masks = []
        for shape in ORIENTATIONS[name]:
            sw = max(x for x, _ in shape) + 1
            sh = max(y for _, y in shape) + 1
            for row in range(grid.height - sh + 1):
                for col in range(grid.width - sw + 1):
                    mask = 0
                    for dx, dy in shape:
                        mask |= 1 << grid.index(col + dx, row + dy)
                    if mask & grid.cells == mask:
                        masks.append(mask)
        out[name] = tuple(masks)
    return out


def piece_of(grid: Grid, mask: Bitboard) -> str | None:
    """Which piece covers exactly the cells of ``mask`` (None if not a pentomino)."""
    from ...core.polyomino import identify_free

    cells = []
    m = mask
    while m:
        low = m & -m
        r, c = divmod(low.bit_length() - 1, grid.width)
        cells.append((c, r))
        m ^= low
    return identify_free(cells)


MAX_REGION_TEXT = 2_000
"""A region drawn as text is at most 40 rows of 26 cells (and their line ends)."""


def region_from_text(text: str) -> Grid:
    """A region drawn as text: rows top to bottom, ``#`` = a cell to cover, ``.`` = a hole;
    rows separated by newlines or ``/``."""
    if len(text) > MAX_REGION_TEXT:  # blank lines and spaces are read past, so count them too
        raise ValueError(f"a region's text may be at most {MAX_REGION_TEXT} characters")
    # (blank lines around a drawing typed over several lines are read past, and one slash
    # after the last row, as after every other; any other slash ends a row)
    lines = "\n".join(text.strip().splitlines())  # any line ends, as \n
    lines = lines[:-1] if lines.endswith("/") else lines
    rows = [r.strip() for r in lines.replace("/", "\n").split("\n")]
    if not any(rows):
        raise ValueError("the region is empty")
    if "" in rows:
        raise ValueError(f"row {rows.index('') + 1} of the region is empty: draw a row of "
                         "holes with dots (.....)")
    width = max(len(r) for r in rows)
    if width > len(FILES) or len(rows) > 40:
        raise ValueError(f"a region may be at most {len(FILES)} wide and 40 high")
    if any(set(r) - set("#.") for r in rows):
        raise ValueError("draw the region with # (cell) and . (hole) only")
    cells = 0
    height = len(rows)
    for i, r in enumerate(rows):
        row = height - 1 - i  # the first text row is the top row
        for col, ch in enumerate(r):
            if ch == "#":
                cells |= 1 << (row * width + col)
    return Grid(width, height, cells)


def iter_cells(mask: Bitboard) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@lru_cache(maxsize=32)
def _inner_columns(grid: Grid) -> tuple[Bitboard, Bitboard]:
    """Every square but the first column's, and every square but the last column's: what
    a shift by one square may reach without wrapping to the next row."""
    w = grid.width
    return (sum(1 << grid.index(c, r) for r in range(grid.height) for c in range(1, w)),
            sum(1 << grid.index(c, r) for r in range(grid.height) for c in range(w - 1)))


def areas(grid: Grid, mask: Bitboard) -> list[Bitboard]:
    """The parts of ``mask`` whose cells join side to side, in the order of their lowest
    cell."""
    w = grid.width
    not_first, not_last = _inner_columns(grid)  # asked for every state a server sends
    out = []
    while mask:
        area = mask & -mask
        while True:
            grown = (area | (area << 1 & not_first) | (area >> 1 & not_last) | area << w
                     | area >> w) & mask
            if grown == area:
                break
            area = grown
        out.append(area)
        mask &= ~area
    return out


def unfillable(grid: Grid, filled: Bitboard, unplaced: Iterable[str]) -> list[list[str]]:
    """The empty areas of a puzzle that no placement of the pieces left can cover, each as
    its squares, in the order of their lowest square: an area of fewer than five squares,
    of five that are not the shape of a piece left, or of a size that is not a multiple of
    5 — but for the largest area, which is then short only of the squares the smaller ones
    hold (the rest of the board, cut off from two squares, is not what the player should
    fill).  Empty when none is seen: the puzzle may still have no way to finish (the
    hint's solver knows)."""
    left = set(unplaced)
    parts = areas(grid, grid.cells & ~filled)
    largest = max(parts, key=lambda a: a.bit_count(), default=0)
    out = []
    for area in parts:
        size = area.bit_count()
        if (size < 5 or (size == 5 and piece_of(grid, area) not in left)
                or (size % 5 and (area != largest or len(parts) == 1))):
            out.append(grid.squares(area))
    return out


def free_shape(grid: Grid, filled: Bitboard) -> Shape:
    """The shape of ``grid``'s cells outside ``filled``, up to rotation, reflection and
    position (``()`` when none is left): equal for regions that tile alike."""
    free = [divmod(i, grid.width)[::-1] for i in iter_cells(grid.cells & ~filled)]
    return canonical(free) if free else ()


def outside_region(grid: Grid, mask: Bitboard) -> str:
    """Why a placement covering ``mask`` is refused when it leaves ``grid``'s region: the
    squares outside it, named."""
    out = grid.squares(mask & ~grid.cells)
    return (f"{', '.join(out)} {'is' if len(out) == 1 else 'are'} not part of the region: "
            f"that placement leaves it")
