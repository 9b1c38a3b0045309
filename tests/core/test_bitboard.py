from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pentarena.core import bitboard as B


@given(st.sets(st.integers(0, 500), max_size=40))
def test_bits_round_trip(indices):
    board = B.from_indices(indices)
    assert B.bits_list(board) == sorted(indices)
    assert list(B.iter_bits(board)) == sorted(indices)
    assert B.popcount(board) == len(indices)
    for n, i in enumerate(sorted(indices)):
        assert B.nth_bit(board, n) == i


def test_nth_bit_out_of_range():
    with pytest.raises(IndexError):
        B.nth_bit(0b101, 2)


def test_neighbours_and_offset_mask():
    stride = 10
    board = B.offset_mask([(3, 3)], stride)
    assert B.bits_list(B.neighbours(board, stride)) == sorted(
        [2 * stride + 3, 3 * stride + 2, 3 * stride + 4, 4 * stride + 3]
    )
