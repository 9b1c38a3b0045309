"""Alpha-beta, the exact Pentomino endgame solver and how the search bot uses them."""

from __future__ import annotations

import random

import pytest

import pentarena
from pentarena.ai import AlphaBetaBot, SearchBot, make_bot
from pentarena.core.game import Solution

from .test_bots import NimGame

PENTAGO = pentarena.load_game("pentago")
PENTOMINO = pentarena.load_game("pentomino")


@pytest.mark.parametrize("stones,best", [(5, 1), (6, 2), (7, 3), (9, 1), (11, 3)])
def test_alphabeta_solves_nim(stones, best):
    bot = AlphaBetaBot(seed=1, time_limit=5)
    assert bot.choose(NimGame(stones).new_initial_state()) == best
    assert bot.last.value >= 1  # a proven win


def pentago(rows: str, to_move: str):
    return PENTAGO.new_initial_state(position="/".join(rows.split()) + "/" + to_move)


def test_pentago_wins_at_once_when_it_can():
    state = pentago("WWWW.. BBB... B..... ...... ...... ......", "w")
    moves = state.legal_moves()
    assert str(moves[0]) == "e1"  # the winning placement is listed first
    assert state.evaluate(0) == 0.99 and state.evaluate(1) == -0.99
    for level in ("medium", "easy"):
        assert str(make_bot(level, seed=3, time_limit=0.3).choose(state)) == "e1"
    rng = random.Random(1)
    assert all(str(state.playout_move(rng)) == "e1" for _ in range(20))
    assert str(state.order_moves(state.legal_moves(), rng)[0]) == "e1"


def test_pentago_blocks_a_win_in_one():
    # White threatens e1 (four on rank 1); Black must cover e1 (any twist that keeps a1-d1
    # and e1 in a row would still let White win, so the search has to find a real block).
    state = pentago("WWWW.. ...... ...... ...B.. ....B. B.....", "b")
    bot = AlphaBetaBot(seed=2, time_limit=2.0)
    move = bot.choose(state)
    after = state.clone()
    after.apply(move)
    assert not any(not m.rotates for m in after.legal_moves()), f"{move} leaves White a win"


def test_alphabeta_answers_within_its_time_limit(clock):
    state = PENTAGO.new_initial_state()
    rng = random.Random(5)
    for _ in range(8):
        state.apply(state.random_move(rng))
    bot = AlphaBetaBot(seed=1, time_limit=0.3)
    move = bot.choose(state)
    assert clock.now < 0.6
    assert move in state.legal_moves() and bot.last.visits >= 1


def test_alphabeta_stops_when_the_whole_game_is_seen(clock):
    # one empty cell: every move ends the game (a draw here), so deeper search is pointless
    rows = ["WWBBWW", "BBWWBB", "WWBBWW", "BBWWBB", "WWBBWW", "BBWWB."]
    state = PENTAGO.new_initial_state(position="/".join(rows) + "/b")
    bot = AlphaBetaBot(seed=1, time_limit=30)
    move = bot.choose(state)
    assert clock.now < 1.0  # a few clock readings, not 30 s of them
    assert move in state.legal_moves() and bot.last.visits == 1


def brute_force_wins(state) -> bool:
    """Plain minimax through the public API: does the player to move win?"""
    return any(mover_wins_after(state, move) for move in state.legal_moves())


def mover_wins_after(state, move) -> bool:
    me = state.current_player
    child = state.clone()
    child.apply(move)
    if child.is_terminal():
        return me in child.winners()
    if child.current_player == me:  # touch-move: the same player places next
        return brute_force_wins(child)
    return not brute_force_wins(child)


def late_positions(options: dict, count: int, max_moves: int):
    game = pentarena.load_game("pentomino", **options)
    rng = random.Random(11)
    found = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal():
            placements = state._placements(state.available(state.current_player)) \
                if state.phase == "place" else []
            if placements and len(placements) <= max_moves and state.touched is None:
                found.append(state.clone())
                break
            state.apply(rng.choice(state.legal_moves()))
    return found


@pytest.mark.parametrize("options", [{}, {"variant": "draft"}, {"touch_move": True}])
def test_pentomino_endgame_solver_agrees_with_brute_force(options):
    values = set()
    for state in late_positions(options, 12, 80):
        solution = state.solve_position(time_limit=10)
        values.add(solution and solution.value)
        assert solution is not None
        assert (solution.value == 1) == brute_force_wins(state)
        assert solution.move in state.legal_moves()
        if solution.value == 1:  # the move it names wins
            assert mover_wins_after(state, solution.move)
    assert values == {1, -1}  # won and lost positions both checked


def test_pentomino_solve_gives_up_in_time_and_where_it_does_not_apply(clock):
    opening = PENTOMINO.new_initial_state()
    assert opening.solve_position(time_limit=0.2) is None  # the opening is too wide
    assert clock.now < 0.5
    for options in ({"players": 3}, {"variant": "draft"}):  # rounds; the draft's picks
        state = pentarena.load_game("pentomino", **options).new_initial_state()
        assert state.solve_position() is None
    assert PENTAGO.new_initial_state().solve_position() is None  # not every game has one


def test_search_bot_plays_the_solved_win():
    state = late_positions({}, 1, 60)[0]
    solution = state.solve_position(time_limit=10)
    bot = SearchBot(seed=4, time_limit=2.0)
    move = bot.choose(state)
    if solution.value == 1:
        assert isinstance(bot.solved, Solution) and bot.solved.value == 1
        assert move == bot.solved.move
    else:  # a lost position: the bot searches on for the best practical chance
        assert bot.solved is None and move in state.legal_moves()
    plain = SearchBot(seed=4, time_limit=0.2, solve=False)
    plain.choose(state)
    assert plain.solved is None


# -- Pentago: the native search and the exact solver behind the levels --------------------

def pentago_late(seed: int, empty: int):
    rng = random.Random(seed)
    while True:
        state = PENTAGO.new_initial_state()
        while not state.is_terminal() and state._empty_count() > empty:
            state.apply(state.random_move(rng))
        if not state.is_terminal():
            return state


def test_pentago_levels_search_natively_within_their_budget(monkeypatch):
    from pentarena.games.pentago.rules import PentagoState

    asked = []
    original = PentagoState.search_position

    def spy(self, time_limit=1.0, max_depth=None, extensions=0, fitted=False):
        asked.append((time_limit, max_depth, extensions, fitted))
        return original(self, min(time_limit, 0.05), max_depth, extensions, fitted)

    monkeypatch.setattr(PentagoState, "search_position", spy)
    state = pentago_late(1, 30)
    # each level searches deeper than the one below, its time an upper bound; expert and
    # perfect extend the lines that threaten a win at once and weigh the lines as fitted
    # to exact values
    for level, budget, depth, extensions, fitted in (
            ("medium", 0.5, 3, 0, False), ("hard", 2.0, 4, 0, False),
            ("expert", 5.0, 5, 2, True), ("perfect", 10.0, 7, 2, True)):
        bot = make_bot(level, seed=1)
        move = bot.choose(state)
        assert move in state.legal_moves() and bot.searched is not None
        assert bot.searched.move == move and 1 <= bot.searched.depth <= depth
        time_limit, max_depth, asked_extensions, asked_fitted = asked[-1]
        assert 0 < time_limit <= budget - 0.03  # a margin is kept for getting back to Python
        assert (max_depth, asked_extensions, asked_fitted) == (depth, extensions, fitted)
    assert "perfect" in pentarena.ai.LEVELS


def test_pentago_levels_reach_their_depth_whatever_the_clock():
    """A level is a depth: the same move on a fast machine and on a busy one (given the
    time, which is only an upper bound)."""
    state = pentago_late(2, 30)
    for level, depth in (("medium", 3), ("hard", 4)):
        moves = set()
        for time_limit in (30.0, 60.0):
            bot = make_bot(level, seed=1, time_limit=time_limit)
            moves.add(bot.choose(state))
            assert bot.searched is not None and bot.searched.depth == depth
        assert len(moves) == 1


def test_pentago_perfect_and_hard_play_a_winning_move_where_the_game_is_won():
    checked = 0
    for seed in range(40):
        state = pentago_late(100 + seed, 12)
        value, moves = state.solve_moves()
        if value != 1 or all(v == 1 for _, v in moves):
            continue  # won positions where a move can throw the win away
        wins = {m for m, v in moves if v == 1}
        perfect = make_bot("perfect", seed=seed)
        assert perfect.choose(state) in wins
        assert perfect.solved is not None and perfect.solved.value == 1
        hard = make_bot("hard", seed=seed, time_limit=1.0)
        assert hard.choose(state) in wins  # solved within its share of the time, too
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_pentago_perfect_keeps_a_draw_and_searches_on_when_lost():
    found = {0: None, -1: None}
    for seed in range(200):
        state = pentago_late(300 + seed, 10)
        value, moves = state.solve_moves()
        if value in found and found[value] is None:
            found[value] = (state, moves)
        if all(found.values()):
            break
    state, moves = found[0]
    bot = make_bot("perfect", seed=1, time_limit=2)
    assert dict(moves)[bot.choose(state)] == 0 and bot.solved.value == 0
    state, moves = found[-1]
    move = bot.choose(state, 0.5)
    assert move in state.legal_moves() and bot.solved is None  # lost: the search picks


@pytest.mark.parametrize("game,call", [
    ("pentago", lambda s, t: s.search_position(t)),
    ("pentago", lambda s, t: s.solve_moves(t)),
    ("pentomino", lambda s, t: s.solve_position(t)),
    ("pentic", lambda s, t: s.search_position(t)),
    ("pentup", lambda s, t: s.search_position(t)),
])
def test_native_time_limits_that_are_not_a_number_are_refused(game, call):
    # a Rust Duration panics on them (a PanicException that `except Exception` misses)
    state = pentarena.load_game(game).new_initial_state(seed=1)
    for bad in (float("nan"), -1.0):
        with pytest.raises(ValueError, match="number of seconds, 0 or more"):
            call(state, bad)


def test_an_infinite_time_limit_means_no_limit():
    rng = random.Random(4)
    state = PENTAGO.new_initial_state()
    while state._empty_count() > 10 or state.is_terminal():  # 10 empty cells, game on
        if state.is_terminal():
            state = PENTAGO.new_initial_state()
        state.apply(rng.choice(state.legal_moves()))
    assert state.solve_moves(float("inf"))[0] == state.solve_moves()[0]
    assert state.search_position(1e300, max_depth=2).move in state.legal_moves()
    pentup = pentarena.load_game("pentup").new_initial_state(seed=1)
    for _ in range(40):  # near the end: a search with no limit but its iterations
        if pentup.is_terminal():
            break
        pentup.apply(pentup.random_move(rng))
    if not pentup.is_terminal():
        assert pentup.search_position(float("inf"), iterations=50).move in pentup.legal_moves()
