"""RULES.md §2 (Pentago), rule by rule."""

from __future__ import annotations

import random

import pytest

import pentarena
from pentarena import GameOptionError, IllegalMoveError, InvalidMoveError
from pentarena.games.pentago import NUM_ACTIONS, move_from_action

GAME = pentarena.load_game("pentago")


def pos(text: str, to_move: str | None = None):
    rows = "/".join(r.strip() for r in text.strip().splitlines())
    return GAME.new_initial_state(position=rows + (f"/{to_move}" if to_move else ""))


def test_288_first_moves_and_action_ids():
    state = GAME.new_initial_state()
    moves = state.legal_moves()
    assert len(moves) == 288 == len(set(moves))
    assert sorted(m.action for m in moves) == list(range(288))
    assert all(move_from_action(m.action) == m for m in moves)
    assert NUM_ACTIONS == 324
    assert state.current_player == 0  # White moves first


def test_cells_are_named_with_rank_1_on_top():
    state = GAME.new_initial_state()
    state.apply("a1 BR cw")  # a1 is the top-left cell and BR does not move it
    assert state.to_json()["board"][0][0] == 0
    state.apply("f6 TL cw")  # f6 is the bottom-right cell
    assert state.to_json()["board"][5][5] == 1


def test_rotations_as_seen_on_the_printed_board():
    state = GAME.new_initial_state()
    state.apply("a1 TL cw")  # top-left corner of TL goes to its top-right corner, c1
    assert state.to_json()["board"][0][2] == 0
    state.apply("d1 TR ccw")  # top-left corner of TR goes to its bottom-left corner, d3
    assert state.to_json()["board"][2][3] == 1


@pytest.mark.parametrize("text,move", [
    ("d4 TR cw", "d4 TR cw"), ("D4/tr/CW", "d4 TR cw"), ("d4 / TR / Cw", "d4 TR cw"),
    ("  d4   tr   cw ", "d4 TR cw"), ("d4,TR,cw", "d4 TR cw"),
    # the move list's and the arrows' words, as a player copies them
    ("d4, turns top-right ↻", "d4 TR cw"), ("d4 top-right clockwise", "d4 TR cw"),
    ("d4 Bottom-Left ↺", "d4 BL ccw"), ("d4 turn TL anticlockwise", "d4 TL ccw"),
    ("d4 BR counter-clockwise", "d4 BR ccw")])
def test_move_text_any_case_and_separator(text, move):
    state = GAME.new_initial_state()
    assert str(state.parse_move(text)) == move


@pytest.mark.parametrize("text,why", [
    ("", "could not read"), ("g1 TL cw", "not a cell"), ("a7 TL cw", "not a cell"),
    ("a1 XX cw", "not a quadrant"), ("a1 TL up", "not a direction"), ("a1 TL", "has no direction"),
    ("a1 TL cw extra", "could not read"), ("a1" * 30, "too long"),
])
def test_malformed_move_text(text, why):
    with pytest.raises(InvalidMoveError, match=why):
        GAME.new_initial_state().apply(text)


def test_placement_five_wins_at_once_without_rotation():
    state = pos("""
        WWWW..
        BBB...
        B.....
        ......
        ......
        ......""", "w")
    moves = {str(m) for m in state.legal_moves()}
    assert "e1" in moves and not any(m.startswith("e1 ") for m in moves)
    with pytest.raises(IllegalMoveError, match="do not rotate"):
        state.apply("e1 BR cw")
    with pytest.raises(IllegalMoveError, match="must rotate"):
        state.apply("f6")
    state.apply("e1")
    assert state.winners() == {0} and state.is_terminal()
    assert state.history() == ["e1"]


def test_six_in_a_row_wins():
    state = pos("""
        WWW.WW
        BBB...
        BB....
        ......
        ......
        ......""", "w")
    state.apply("d1")
    assert state.winners() == {0}


def test_rotation_completing_only_the_opponents_five_loses():
    # Black holds a1 b1 c1 and d2 d3; twisting TR clockwise carries d3 to d1 and d2 to e1.
    state = pos("""
        BBB...
        ...B..
        W..B..
        .W...W
        ..W...
        ....W.""", "w")
    state.apply("a6 TR cw")
    assert state.winners() == {1}
    assert state.scores() == [0, 1]


def test_rotation_completing_only_the_movers_five_wins():
    # The first example with the colours swapped: White's twist carries d3 to d1, d2 to e1.
    state = pos("""
        WWW...
        ...W..
        B..W..
        .B...B
        ..B...
        ....B.""", "w")
    state.apply("a6 TR cw")
    assert state.winners() == {0} and state.is_terminal()


def test_the_36th_marble_twist_decides_before_the_full_board_draws():
    # Black places the 36th marble on d4: the twist that makes only Black's five wins, the
    # one that makes only White's loses, and the board full with no five is a draw.
    state = GAME.new_initial_state(position="BWBBWW/BWBBWW/BBBWWB/WWW.WB/BBWBBB/WWWWBW/b")
    for move, winners in (("d4 TR ccw", {1}), ("d4 BR cw", {0}), ("d4 TL cw", {0, 1})):
        after = state.clone()
        after.apply(move)
        assert after.is_terminal() and after.winners() == winners, move


def test_rotation_completing_both_fives_is_a_draw():
    # The same twist completes Black's rank 1 (d3->d1, d2->e1) and White's rank 3
    # (f3->d3, f2->e3).
    state = pos("""
        BBB...
        ...B.W
        WWWB.W
        ......
        ......
        ......""", "w")
    state.apply("a6 TR cw")
    assert state.winners() == {0, 1}
    assert state.is_terminal()


def test_five_across_three_quadrants():
    # b1 c2 (TL), d3 (TR), e4 f5 (BR): a diagonal through three quadrants
    state = pos("""
        .W....
        ..W...
        ...W..
        ....W.
        ......
        BBBB..""", "w")
    assert "f5" in {str(m) for m in state.legal_moves()}
    state.apply("f5")
    assert state.winners() == {0}


def test_board_full_without_five_is_a_draw():
    # A drawn filling: columns in pairs W W B B W W / alternate rows so nothing lines up.
    rows = ["WWBBWW", "BBWWBB", "WWBBWW", "BBWWBB", "WWBBWW", "BBWWB."]
    state = GAME.new_initial_state(position="/".join(rows) + "/b")
    moves = state.legal_moves()
    assert {m.cell for m in moves} == {35}
    for m in moves:
        s = state.clone()
        s.apply(m)
        assert s.is_terminal()
    drawn = [m for m in moves if (s := state.clone()).apply(m) is None and s.winners() == {0, 1}]
    assert drawn, "the 36th marble with no five after its twist draws"


def test_taken_cell_and_game_over():
    state = GAME.new_initial_state()
    state.apply("a1 BR cw")
    with pytest.raises(IllegalMoveError, match="already taken"):
        state.apply("a1 BR cw")
    won = pos("WWWW../BBB.../B...../....../....../......", "w")
    won.apply("e1")
    with pytest.raises(IllegalMoveError, match="over"):
        won.apply("f6 TL cw")


@pytest.mark.parametrize("text,why", [
    ("WWWWW./BBBB../....../....../....../B.....", "already has five"),
    ("xx", "got 1 rows"),
    ("WB..../....../....../....../......./......", r"row 5 is '\.\.\.\.\.\.\.'"),
    ("WW..../....../....../....../....../......", "White has 2 marbles and Black 0"),
    ("B...../....../....../....../....../......", "White has 0 marbles and Black 1:"),
    ("WB..../....../....../....../....../....../b", "so White is to move, not Black"),
    ("W...../....../....../....../....../....../w", "White has 1 marble and Black 0, so Black is to move, not White"),
])
def test_bad_positions_rejected(text, why):
    with pytest.raises(GameOptionError, match=why):  # a setting-up value, not a move
        GAME.new_initial_state(position=text)


def test_random_games_end_properly():
    rng = random.Random(1)
    for _ in range(200):
        state = GAME.new_initial_state()
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
        assert state.winners() in ({0}, {1}, {0, 1})
        assert 9 <= len(state.history()) <= 36
