"""Pent-Up's native MCTS (``state.search_position``): legal moves, repeatable searches,
the right last choices for 2–4 players and teams, and how the levels use it."""

from __future__ import annotations

import random

import pytest

import pentarena
from pentarena.ai import SearchBot, make_bot
from pentarena.ai.arena import check_player, make_player
from pentarena.ai.bots import PERFECT_SOLVE_SHARE, SOLVE_SHARE
from pentarena.core.game import SearchResult


def late(left: int, seed: int, **options) -> pentarena.core.game.State:
    """A random game played until ``left`` tiles remain."""
    game = pentarena.load_game("pentup", **options)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while len(state.history()) < 12 * game.num_players - left:
        state.apply(state.random_move(rng))
    return state


def side_reward(state, move, seat: int) -> float:
    """``seat``'s reward once ``move`` and then any last tiles are played (the last tile's
    level is fixed, so where it goes makes no difference)."""
    after = state.clone()
    after.apply(move)
    while not after.is_terminal():
        after.apply(after.legal_moves()[0])
    return after.returns()[seat]


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3},
                                     {"players": 4, "teams": True},
                                     {"players": 4, "teams": False, "scoring": "advanced"},
                                     {"players": 2, "scoring": "misere"}])
def test_the_second_to_last_tile_is_placed_as_well_as_it_can_be(options):
    """Two tiles left: the search's move is one of the best (for teams: the side's)."""
    mattered = 0
    for seed in range(400):
        state = late(2, seed, **options)
        seat = state.current_player
        values = {str(m): side_reward(state, m, seat) for m in state.legal_moves()}
        best = max(values.values())
        if min(values.values()) == best:
            continue  # every place is as good
        mattered += 1
        found = state.search_position(None, iterations=20_000, seed=seed)
        assert values[str(found.move)] == best, (options, seed, found)
        if mattered == 2:
            break
    assert mattered >= 1, "no position where the choice matters"


def test_the_result_is_a_legal_move_and_the_search_repeats():
    for options in ({"players": 2}, {"players": 3}, {"players": 4}):
        state = late(14, 3, **options)
        a = state.search_position(None, iterations=400, seed=5)
        b = state.search_position(None, iterations=400, seed=5)
        assert isinstance(a, SearchResult) and a.move in state.legal_moves()
        assert a == b and a.nodes == 400 and -1 <= a.value <= 1 and a.depth >= 1
        assert a.proven == 0


def test_a_time_limit_or_iterations_is_needed_and_a_finished_game_has_no_search():
    state = late(5, 1)
    with pytest.raises(ValueError):
        state.search_position(None)
    with pytest.raises(ValueError):
        state.search_position(-1.0)
    assert state.search_position(0.05).move in state.legal_moves()
    over = late(0, 1)
    assert over.is_terminal() and over.search_position(0.05) is None


def test_the_first_tile_and_a_lone_tile():
    state = pentarena.load_game("pentup").new_initial_state()
    assert state.search_position(None, iterations=50).move in state.legal_moves()
    last = late(1, 2)
    assert last.search_position(None, iterations=50).move in last.legal_moves()


def test_search_levels_use_the_native_search_and_python_levels_do_not():
    state = late(16, 4)
    bot = make_bot("medium", seed=1, time_limit=0.2)
    move = bot.choose(state)
    assert move in state.legal_moves()
    assert bot.searched is not None and bot.mcts.last is None
    old = SearchBot(seed=1, time_limit=0.2, native=False)
    assert old.choose(state) in state.legal_moves()
    assert old.searched is None and old.mcts.last is not None


def test_arena_players_named_python_level():
    assert check_player("python-hard", "pentup") == "python-hard"
    assert check_player("python-medium@0.3", "pentup") == "python-medium@0.3"
    with pytest.raises(pentarena.GameOptionError, match="unknown AI level"):
        check_player("python-best", "pentup")
    bot = make_player("python-hard", 1, None)
    assert isinstance(bot, SearchBot) and not bot.native and bot.time_limit == 2.0
    assert make_player("hard", 1, None).native
    assert make_player("python-random", 1, None).name == "random"


@pytest.mark.parametrize("split", [True, False])
def test_the_tree_plays_the_tile_then_its_place_or_whole_moves(split):
    """The default tree chooses a tile, then its place (``split``); the whole-move tree
    (the search before) is kept for comparisons.  Either way: a legal move, repeatable,
    and the best second-to-last place (where the mover's lone tile still has a choice)."""
    state = late(14, 3, players=3)
    found = state.search_position(None, iterations=500, seed=2, split=split)
    assert found.move in state.legal_moves() and found.nodes == 500
    assert found == state.search_position(None, iterations=500, seed=2, split=split)
    for seed in range(100):
        state = late(2, seed)
        seat = state.current_player
        values = {str(m): side_reward(state, m, seat) for m in state.legal_moves()}
        if min(values.values()) < max(values.values()):
            found = state.search_position(None, iterations=5_000, seed=seed, split=split)
            assert values[str(found.move)] == max(values.values()), seed
            break
    else:
        pytest.fail("no position where the choice matters")


def test_the_exploration_constant_is_checked():
    state = late(10, 1)
    a = state.search_position(None, iterations=300, seed=1, exploration=0.25)
    assert a.move in state.legal_moves()
    for bad in (-1.0, float("nan"), 11.0):
        with pytest.raises(ValueError, match="exploration must be 0 to 10"):
            state.search_position(None, iterations=10, exploration=bad)


def test_threads_pool_trees_and_repeat():
    state = late(14, 3)
    one = state.search_position(None, iterations=300, seed=5)
    two = state.search_position(None, iterations=300, seed=5, threads=2)
    assert two.nodes == 600 and two.move in state.legal_moves()
    assert two == state.search_position(None, iterations=300, seed=5, threads=2)
    assert one.nodes == 300
    with pytest.raises(ValueError, match="threads must be 1 to 64"):
        state.search_position(None, iterations=10, threads=0)


def test_the_levels_budget_work_so_the_end_of_the_game_gets_more_iterations():
    """A level's budget is playout plies: iterations grow as tiles run out, and the
    last tile (whose level is fixed) takes one iteration; the expert grows two trees,
    for twice the time of a bot of its time limit (its share of it first tries to solve),
    and so does perfect (no exact solver here) in its own time."""
    from pentarena.games.pentup import rules

    scale, power = rules.SEARCH_WORK
    calls = []
    real = rules.PentUpState._search

    def spy(self, time_limit, iterations, seed, threads=1, exploration=None, split=True):
        calls.append((12 * self.game.players - self._num_tiles(), iterations, threads))
        return real(self, 0.0, 1, seed, threads, exploration, split)

    solving = []
    real_solve = rules.PentUpState.solve_position

    def solve_spy(self, time_limit=1.0):
        solving.append(time_limit)
        return real_solve(self, time_limit)

    try:
        rules.PentUpState._search = spy
        rules.PentUpState.solve_position = solve_spy
        for left in (24, 8, 1):
            late(left, 2).search_position(1.0)
        make_bot("expert", seed=1, time_limit=0.3).choose(late(10, 2))
        make_bot("hard", seed=1, time_limit=0.3).choose(late(10, 2))
        make_bot("perfect", seed=1, time_limit=0.3).choose(late(10, 2))
    finally:
        rules.PentUpState._search = real
        rules.PentUpState.solve_position = real_solve
    (l0, i0, _), (l1, i1, _), (l2, i2, _), (_, _, threads), (_, _, one), (_, _, two) = calls
    assert (l0, l1, l2) == (24, 8, 1)
    assert i0 == round(scale / 23) and i1 == round(scale / 7) and i2 == 1
    assert threads == 2 and one == 1 and two == 2
    expert, hard, perfect = solving
    assert expert == pytest.approx(2 * hard) and hard == pytest.approx(0.3 * SOLVE_SHARE)
    assert perfect == pytest.approx(0.3 * PERFECT_SOLVE_SHARE)
