"""The exact midgame solver (``native/src/pentago/midgame.rs``) and the native search
(``native/src/search``), through the public API: against plain minimax on the pure-Python
reference engine, against playing their own moves, and on known positions.  (``cargo
test`` compares the solver with brute force on every position size up to 8 empty cells.)"""

from __future__ import annotations

import random

import pytest

import pentarena
from pentarena.core.game import SearchResult, Solution
from pentarena.games.pentago.reference import ReferencePentagoGame

PENTAGO = pentarena.load_game("pentago")
REFERENCE = ReferencePentagoGame()


def value_of(state, seat: int) -> int:
    won = state.winners()
    return 0 if len(won) == 2 else (1 if seat in won else -1)


def negamax(state, memo: dict) -> int:
    """Plain minimax (with a memo) on the reference engine: the mover's value."""
    key = state.position_key()
    if key not in memo:
        me, best = state.current_player, -1
        for move in state.legal_moves():
            child = state.clone()
            child.apply(move)
            best = max(best, value_of(child, me) if child.is_terminal() else -negamax(child, memo))
            if best == 1:
                break
        memo[key] = best
    return memo[key]


def move_values(state) -> list[int]:
    """Every legal move's minimax value, in legal order."""
    memo: dict = {}
    me, out = state.current_player, []
    for move in state.legal_moves():
        child = state.clone()
        child.apply(move)
        out.append(value_of(child, me) if child.is_terminal() else -negamax(child, memo))
    return out


def random_rows(rng: random.Random, empty: int) -> str:
    cells = list(range(36))
    rng.shuffle(cells)
    filled = 36 - empty
    white = set(cells[:(filled + 1) // 2])
    black = set(cells[(filled + 1) // 2:filled])
    return "/".join("".join("W" if r * 6 + c in white else "B" if r * 6 + c in black else "."
                            for c in range(6)) for r in range(6))


def positions(seed: int, empty: int, count: int) -> list[str]:
    """``count`` random set-up positions (no five yet) with ``empty`` empty cells."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        rows = random_rows(rng, empty)
        try:
            REFERENCE.new_initial_state(position=rows)
        except ValueError:
            continue  # somebody already has five
        out.append(rows)
    return out


@pytest.mark.parametrize("empty,count", [(2, 12), (3, 12), (4, 10), (5, 6)])
def test_every_move_agrees_with_minimax_on_the_reference_engine(empty, count):
    seen = set()
    for rows in positions(empty, empty, count):
        solved = PENTAGO.new_initial_state(position=rows).solve_moves()
        reference = REFERENCE.new_initial_state(position=rows)
        assert solved is not None
        value, moves = solved
        assert [m for m, _ in moves] == reference.legal_moves()
        assert [v for _, v in moves] == move_values(reference), rows
        assert value == max(v for _, v in moves)
        seen.add(value)
    if empty <= 4:
        assert len(seen) >= 2, "won and other positions both checked"


def test_root_values_agree_with_minimax_with_six_and_seven_empty_cells():
    for empty in (6, 7):
        for rows in positions(100 + empty, empty, 3):
            solution = PENTAGO.new_initial_state(position=rows).solve_position(time_limit=10)
            assert solution.value == negamax(REFERENCE.new_initial_state(position=rows), {})


def late_states(seed: int, empty: int, count: int):
    """States reached by random play with ``empty`` empty cells left."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        state = PENTAGO.new_initial_state()
        while not state.is_terminal() and state._empty_count() > empty:
            state.apply(state.random_move(rng))
        if not state.is_terminal():
            out.append(state)
    return out


def test_solved_values_hold_when_the_chosen_move_is_played():
    values = set()
    for state in late_states(5, 11, 8):
        solution = state.solve_position(time_limit=30)
        assert isinstance(solution, Solution) and solution.move in state.legal_moves()
        values.add(solution.value)
        child = state.clone()
        child.apply(solution.move)
        if child.is_terminal():
            assert value_of(child, state.current_player) == solution.value
        else:  # the opponent's value is the negation
            assert child.solve_position(time_limit=30).value == -solution.value
        # and every move's value is the negation of the child's
        _, moves = state.solve_moves()
        for move, v in random.Random(1).sample(moves, 5):
            after = state.clone()
            after.apply(move)
            expected = (value_of(after, state.current_player) if after.is_terminal()
                        else -after.solve_position(time_limit=30).value)
            assert v == expected
    assert 1 in values


def test_a_five_at_once_is_a_win_and_a_lone_placement():
    state = PENTAGO.new_initial_state(position="WWWW.B/BBWBWB/WB.BWB/BWBWBW/WB..../....../w")
    value, moves = state.solve_moves()
    assert value == 1
    assert dict((str(m), v) for m, v in moves)["e1"] == 1
    solution = state.solve_position()
    assert solution.value == 1 and str(solution.move) == "e1"  # it wins at once


def test_a_win_at_once_is_solved_with_any_number_of_empty_cells():
    # 25 empty cells: far beyond the solver, but e1 wins at once
    state = PENTAGO.new_initial_state(position="WWWW../BBB.../B...../....../....../....../w")
    assert state.solve_position(time_limit=0.01) == Solution(1, state.parse_move("e1"), 1)
    assert state.solve_moves(time_limit=0.01) is None  # every move's value: out of reach
    blocked = PENTAGO.new_initial_state(position="WWWWB./BBB.../....../....../....../....../w")
    assert blocked.solve_position(time_limit=0.01) is None  # no win at once: out of reach


def test_a_search_to_the_end_of_the_game_is_exact():
    # 14 empty cells, a draw: the search stops at 14 plies and says 0
    state = PENTAGO.new_initial_state(position="WBW.BB/BW..W./WWB.BW/BBW.WB/W.B.../.W..B./w")
    assert state.solve_position(time_limit=60).value == 0
    found = state.search_position(time_limit=None, max_depth=64)
    assert (found.depth, found.value, found.proven) == (14, 0.0, 0)
    for late in late_states(41, 6, 6):
        value = late.solve_position().value
        found = late.search_position(time_limit=None, max_depth=64)
        assert found.proven == value and found.depth <= 6
        if value == 0:
            assert (found.depth, found.value) == (6, 0.0)


def test_a_full_board_but_one_cell():
    # one cell left: placing it and any twist ends the game (a draw unless a five appears)
    state = PENTAGO.new_initial_state(position="WBWBWB/BWBWBW/BWBWBW/WBWBWB/WBWBWB/WWBWB./b")
    value, moves = state.solve_moves()
    assert len(moves) == 8
    reference = REFERENCE.new_initial_state(position="WBWBWB/BWBWBW/BWBWBW/WBWBWB/WBWBWB/WWBWB./b")
    assert [v for _, v in moves] == move_values(reference)


def test_the_solver_gives_up_where_it_cannot_finish():
    assert PENTAGO.new_initial_state().solve_position(time_limit=1) is None  # 36 empty cells
    state = late_states(9, 22, 1)[0]
    assert state.solve_position(time_limit=0.01) is None  # far beyond the limit: at once
    finished = late_states(9, 8, 1)[0]
    finished.apply(finished.solve_position().move)
    while not finished.is_terminal():
        finished.apply(finished.legal_moves()[0])
    assert finished.solve_position() is None and finished.solve_moves() is None


# --------------------------------------------------------------------------- the search
def test_search_wins_in_one_move():
    lone = PENTAGO.new_initial_state(position="WWWW../BBB.../B...../....../....../....../w")
    found = lone.search_position(time_limit=5)
    assert isinstance(found, SearchResult)
    assert str(found.move) == "e1" and found.proven == 1 and found.value == 1
    # wins that need the twist (no lone placement wins), from random play
    checked = 0
    for state in late_states(21, 16, 40):
        found = state.search_position(time_limit=5, max_depth=1)
        if found.proven != 1 or state._win_cells():
            continue
        child = state.clone()
        child.apply(found.move)
        assert child.is_terminal() and child.winners() == {state.current_player}
        checked += 1
    assert checked >= 2


# Positions (as move lists from the start) where the search proves a win in two moves
# (three plies) and in three moves (five plies), found by random play.
WIN_IN_TWO = [
    "b6 BL cw, d4 BR ccw, a4 TR cw, b2 TR cw, d3 BR ccw, c4 TL ccw, d1 TR ccw, b3 TL cw, "
    "c1 BL cw, a4 BR ccw, e1 TL cw, c1 TR cw, e3 BL ccw",
    "c6 BR cw, c3 BR ccw, e5 TR ccw, a1 BR cw, c5 BR ccw, d2 TR ccw, b2 TL ccw, d1 TR ccw, "
    "f3 TL ccw, d2 BL ccw, f1 TL cw",
]
WIN_IN_THREE = [
    "f5 TL ccw, c1 BR ccw, b5 BR cw, a4 BR ccw, b1 TR ccw, d5 TL ccw, d3 TL cw, b3 BL ccw, "
    "d4 TR cw, b4 TR cw, a5 BR ccw, c4 TL ccw, e1 BR ccw, c6 BL cw, e4 TR cw",
]


def replay(moves: str):
    state = PENTAGO.new_initial_state()
    for move in moves.split(","):
        state.apply(move.strip())
    return state


def wins_at_once(state) -> bool:
    return state.search_position(time_limit=5, max_depth=1).proven == 1


@pytest.mark.parametrize("moves", WIN_IN_TWO)
def test_search_finds_a_win_in_two_moves_and_every_reply_loses(moves):
    state = replay(moves)
    me = state.current_player
    assert not wins_at_once(state)
    found = state.search_position(time_limit=10, max_depth=3)
    assert found.proven == 1
    child = state.clone()
    child.apply(found.move)
    assert not child.is_terminal() and not wins_at_once(child)
    for reply in child.legal_moves():  # brute force: every reply leaves a win at once
        after = child.clone()
        after.apply(reply)
        assert (after.winners() == {me}) if after.is_terminal() else wins_at_once(after)


@pytest.mark.parametrize("moves", WIN_IN_THREE)
def test_search_finds_a_win_in_three_moves(moves):
    state = replay(moves)
    me = state.current_player
    found = state.search_position(time_limit=20, max_depth=5)
    assert found.proven == 1
    child = state.clone()
    child.apply(found.move)
    for reply in random.Random(2).sample(child.legal_moves(), 30):
        after = child.clone()
        after.apply(reply)
        if after.is_terminal():
            assert after.winners() == {me}
        else:  # still a forced win, now in two moves
            assert after.search_position(time_limit=10, max_depth=3).proven == 1


def test_search_blocks_a_win_in_one():
    state = PENTAGO.new_initial_state(position="WWWW../....../....../...B../....B./B...../b")
    found = state.search_position(time_limit=2, max_depth=2)
    after = state.clone()
    after.apply(found.move)
    assert not wins_at_once(after), f"{found.move} leaves White a win"


def test_search_agrees_with_the_solver_on_proven_results():
    for state in late_states(31, 10, 10):
        found = state.search_position(time_limit=10, max_depth=4)
        if found.proven:
            _, moves = state.solve_moves()
            assert dict(moves)[found.move] == found.proven or found.proven == -1
            if found.proven == -1:
                assert max(v for _, v in moves) == -1


def test_fitted_search_weighs_lines_otherwise_and_proves_the_same():
    """``fitted=True`` (the expert levels' evaluation) changes the search's guesses, not
    its proofs: on open positions its scores differ, on late ones its proven results are
    the solver's."""
    state = PENTAGO.new_initial_state(position="....../.W..B./....../..W.../....../......")
    # (the depths end these searches in well under a second; the clocks are only bounds)
    hand, fitted = (state.search_position(time_limit=300, max_depth=2, fitted=f) for f in (False, True))
    assert not hand.proven and not fitted.proven and hand.value != fitted.value
    for state in late_states(33, 8, 10):
        found = state.search_position(time_limit=300, max_depth=8, fitted=True)
        assert found.depth == 8 or found.proven
        value, _ = state.solve_moves()
        assert found.proven == value
