"""Bitboards are plain Python ints: bit ``i`` set means cell ``i`` is in the set.

Boards are laid out row-major with a row stride chosen by the game (``index = y * stride + x``);
shifting a board by ``dy * stride + dx`` translates every cell by ``(dx, dy)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Bitboard = int
"""A set of cells: bit ``i`` set means cell ``i`` is in the set."""

EMPTY: Bitboard = 0


def popcount(board: Bitboard) -> int:
    """Number of cells in ``board``."""
    return board.bit_count()


def iter_bits(board: Bitboard) -> Iterator[int]:
    """The indices of the set bits of ``board``, lowest first."""
    while board:
        low = board & -board
        yield low.bit_length() - 1
        board ^= low


def bits_list(board: Bitboard) -> list[int]:
    """The indices of the set bits of ``board`` as a list, lowest first."""
    out = []
    append = out.append
    while board:
        low = board & -board
        append(low.bit_length() - 1)
        board ^= low
    return out


def nth_bit(board: Bitboard, n: int) -> int:
    """Index of the ``n``-th (0-based, lowest first) set bit of ``board``."""
    if not 0 <= n < board.bit_count():
        raise IndexError(f"board has {board.bit_count()} bits, asked for bit number {n}")
    for _ in range(n):
        board &= board - 1
    return (board & -board).bit_length() - 1


def from_indices(indices: Iterable[int]) -> Bitboard:
    """The board with exactly the given bits set."""
    board = 0
    for i in indices:
        board |= 1 << i
    return board


def offset_mask(cells: Iterable[tuple[int, int]], stride: int) -> Bitboard:
    """The board of ``cells`` (x, y pairs, all non-negative) laid out with ``stride``."""
    return from_indices(y * stride + x for x, y in cells)


def neighbours(board: Bitboard, stride: int) -> Bitboard:
    """Cells edge-adjacent to ``board`` and not in it.

    The caller keeps a margin of empty columns on both sides so that shifts by one never
    wrap from one row into the next.
    """
    grown = (board << 1) | (board >> 1) | (board << stride) | (board >> stride)
    return grown & ~board
