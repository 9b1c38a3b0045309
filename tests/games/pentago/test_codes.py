"""The quadrant-code tables that play Pentago agree with plain 36-bit bitboards."""

from __future__ import annotations

import random

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pentarena
from pentarena import IllegalMoveError, InvalidMoveError
from pentarena.games.pentago.board import FULL, LINES, has_five, rotate
from pentarena.games.pentago.codes import (
    FIVE_BITS,
    ROTATE,
    SEAT_FIELDS,
    boards_from_codes,
    codes_from_boards,
    field_shift,
    line_counts,
    open_lines,
)

GAME = pentarena.load_game("pentago")

# a random board: each cell empty, White or Black
boards = st.lists(st.integers(0, 2), min_size=36, max_size=36).map(
    lambda cells: (sum(1 << i for i, v in enumerate(cells) if v == 1),
                   sum(1 << i for i, v in enumerate(cells) if v == 2)))


@settings(max_examples=300, deadline=None)
@given(boards)
def test_codes_round_trip(wb):
    assert boards_from_codes(codes_from_boards(*wb)) == wb


@settings(max_examples=300, deadline=None)
@given(boards, st.integers(0, 3), st.integers(0, 1))
def test_code_rotation_matches_bitboard_rotation(wb, quadrant, direction):
    codes = codes_from_boards(*wb)
    codes[quadrant] = ROTATE[direction][codes[quadrant]]
    assert boards_from_codes(codes) == tuple(rotate(b, quadrant, direction) for b in wb)


@settings(max_examples=300, deadline=None)
@given(boards)
def test_line_counts_match_the_lines(wb):
    n = line_counts(codes_from_boards(*wb))
    for seat, board in enumerate(wb):
        for i, line in enumerate(LINES):
            field = n >> field_shift(seat, i) & 7
            assert field == (board & line).bit_count()
        five = n & (n >> 2) & FIVE_BITS
        assert bool(five & SEAT_FIELDS[seat]) == has_five(board)


@settings(max_examples=300, deadline=None)
@given(boards)
def test_open_line_scores_match_a_line_by_line_sum(wb):
    white, black = wb
    expected = [sum(4 ** (mine & line).bit_count() - 1 for line in LINES if not theirs & line)
                for mine, theirs in ((white, black), (black, white))]
    assert list(open_lines(codes_from_boards(white, black))) == expected


def test_legal_moves_match_a_plain_generator():
    """Legal moves from the tables = every empty cell with its 8 rotations, except that a
    cell where the placement makes five has only the lone placement."""
    rng = random.Random(7)
    for _ in range(200):
        state = GAME.new_initial_state()
        while not state.is_terminal():
            mine = state.boards[state.current_player]
            empty = FULL & ~(state.boards[0] | state.boards[1])
            expected = set()
            for cell in range(36):
                if empty >> cell & 1:
                    if has_five(mine | 1 << cell):
                        expected.add(str(cell_move(cell)))
                    else:
                        expected |= {f"{cell_move(cell)} {q} {d}" for q in ("TL", "TR", "BL", "BR")
                                     for d in ("cw", "ccw")}
            moves = state.legal_moves()
            assert len(moves) == len(expected) == len({str(m) for m in moves})
            assert {str(m) for m in moves} == expected
            random_move = state.random_move(rng)
            assert str(random_move) in expected
            state.apply(rng.choice(moves))


def cell_move(cell: int) -> str:
    return "abcdef"[cell % 6] + str(cell // 6 + 1)


def test_moves_as_plain_tuples():
    state = GAME.new_initial_state()
    state.apply((0, 3, 0))  # a1 BR cw, as (cell, quadrant, direction)
    assert state.history() == ["a1 BR cw"]
    with pytest.raises(IllegalMoveError, match="already taken"):
        state.apply((0, 3, 0))
    for bad in [(99, 0, 0), (1, 7, 0), [1, 0, 0], (1, [0], 0), None, 3.5,
                (21.0, 1, 0), (True, False, True), (21, True, 0)]:  # numbers that are no ints
        with pytest.raises(InvalidMoveError, match=r"not a Pentago move: .*\(cell, quadrant, "
                           r"direction\) tuple of whole numbers: cell 0-35.*; a placement "
                           r"that wins before its twist is \(cell, -1, -1\)$"):
            state.apply(bad)
        with pytest.raises(InvalidMoveError, match="not a Pentago move"):
            state.move_to_action(bad)
    assert state.history() == ["a1 BR cw"] and state.current_player == 1
    state.apply((numpy.int64(21), 1, 0))  # a researcher's array element is a whole number
    assert state.history() == ["a1 BR cw", "d4 TR cw"]
