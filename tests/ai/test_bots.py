"""The AI works on any game through the protocol; checked on Pent-Up and a toy game."""

from __future__ import annotations

import random

import pytest

import pentarena
from pentarena.ai import GreedyBot, MCTSBot, RandomBot, make_bot
from pentarena.core.errors import IllegalMoveError
from pentarena.core.game import Game, State


class NimGame(Game):
    """Take 1-3 stones; whoever takes the last stone wins.  A toy game for the AI tests."""

    name = "nim-test"

    def __init__(self, stones=10):
        super().__init__(stones=stones)
        self.stones = stones

    @property
    def num_players(self):
        return 2

    def new_initial_state(self, seed=None, **kw):
        return NimState(self, self.stones)

    def state_from_json(self, data):
        raise NotImplementedError


class NimState(State):
    def __init__(self, game, stones, to_move=0, hist=()):
        self.game, self.stones, self.to_move, self.hist = game, stones, to_move, list(hist)

    @property
    def current_player(self):
        return None if self.stones == 0 else self.to_move

    def legal_moves(self):
        return [k for k in (1, 2, 3) if k <= self.stones] if self.stones else []

    def parse_move(self, text):
        return int(text)

    def check_move(self, move):
        if move not in self.legal_moves():
            raise IllegalMoveError("bad take")

    def _apply_move(self, move):
        self.stones -= move
        self.hist.append(str(move))
        self.to_move = 1 - self.to_move

    def clone(self):
        return NimState(self.game, self.stones, self.to_move, self.hist)

    def winners(self):
        return {1 - self.to_move} if self.stones == 0 else set()

    def scores(self):
        return [0, 0]

    def history(self):
        return list(self.hist)

    def to_json(self):
        return {}


@pytest.mark.parametrize("stones,best", [(5, 1), (6, 2), (7, 3), (9, 1), (11, 3)])
def test_mcts_finds_the_winning_take_in_nim(stones, best):
    bot = MCTSBot(seed=1, iterations=3000, time_limit=30)
    assert bot.choose(NimState(NimGame(), stones)) == best


def test_mcts_is_deterministic_with_a_seed_and_iteration_budget():
    state = pentarena.load_game("pentup").new_initial_state()
    rng = random.Random(4)
    for _ in range(6):
        state.apply(state.random_move(rng))
    a = MCTSBot(seed=9, iterations=150, time_limit=60).choose(state)
    b = MCTSBot(seed=9, iterations=150, time_limit=60).choose(state)
    assert a == b and a in state.legal_moves()


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_every_level_answers_legally_within_its_time_limit(level, clock):
    game = pentarena.load_game("pentup", players=3)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(9):
        state.apply(state.random_move(rng))
    before = state.history()
    bot = make_bot(level, seed=2, time_limit=0.3)
    move = bot.choose(state)
    assert clock.now < 0.3 + 0.25  # it stopped once its clock passed the limit
    assert move in state.legal_moves()
    assert state.history() == before  # the bot does not touch the state it is given


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard", "expert", "perfect", "mcts"])
def test_every_level_plays_a_puzzle_towards_its_solution(level):
    # random play need never end a puzzle: the search levels play the puzzle's own hint
    # (a move towards a solution) instead of running playouts that never finish
    state = pentarena.load_game("pentomino-puzzle", region="3x20").new_initial_state()
    move = make_bot(level, seed=1, time_limit=0.3).choose(state)
    assert move in state.legal_moves()
    if level not in ("random", "easy"):
        assert move == state.hint()


def test_a_playout_that_never_ends_counts_as_a_share_each(monkeypatch):
    from pentarena.ai import mcts

    monkeypatch.setattr(mcts, "MAX_PLAYOUT_PLIES", 50)
    state = pentarena.load_game("pentomino-puzzle", region="3x20").new_initial_state()
    bot = MCTSBot(seed=1, iterations=3, time_limit=60)
    root = mcts._Node(None, None, state.current_player)
    for _ in range(3):
        bot._iterate(root, state.clone(), state.game.num_players, bot.rng)
    assert root.visits == 3 and root.totals == [3.0]


def test_mcts_reports_progress():
    reports = []
    bot = MCTSBot(seed=1, time_limit=0.6, on_progress=reports.append)
    state = pentarena.load_game("pentup").new_initial_state()
    bot.choose(state)
    assert len(reports) >= 2 and reports[-1].iterations >= reports[0].iterations
    assert bot.last.best is not None and bot.last.visits > 0


def test_greedy_prefers_the_move_its_heuristic_rates_best():
    # With a stacking spot available for an L, greedy gets a tile onto level 2.
    state = pentarena.load_game("pentup").new_initial_state()
    for m in ("I:0,0;1,0;2,0;3,0;4,0", "I:0,1;1,1;2,1;3,1;4,1"):
        state.apply(m)
    move = GreedyBot(seed=0, time_limit=5).choose(state)
    child = state.clone()
    child.apply(move)
    assert child.tiles[-1].level == 2


def test_random_bot_plays_all_moves_eventually():
    state = NimState(NimGame(), 10)
    bot = RandomBot(seed=0)
    assert {bot.choose(state) for _ in range(100)} == {1, 2, 3}


def test_unknown_level_and_bad_time_limit():
    with pytest.raises(ValueError, match="unknown AI level"):
        make_bot("godlike")
    with pytest.raises(ValueError, match="above 0"):
        RandomBot(time_limit=0)


def test_ismcts_sees_only_its_own_view():
    from pentarena.ai import ISMCTSBot

    state = pentarena.load_game("pentic").new_initial_state(seed=4)
    for _ in range(4):
        state.apply(state.best_move())
    seat = state.current_player
    a = ISMCTSBot(seed=3, iterations=300, time_limit=60).choose(state)
    b = ISMCTSBot(seed=3, iterations=300, time_limit=60).choose(state.view(seat))
    # a different deal of the hidden cards gives the same decision: nothing hidden is used
    other = state.view(seat).determinize(random.Random(99))
    c = ISMCTSBot(seed=3, iterations=300, time_limit=60).choose(other)
    assert a == b == c
    assert a in state.legal_moves()


def test_search_bot_asks_a_hidden_information_game_first():
    from pentarena.ai import SearchBot

    state = pentarena.load_game("pentic").new_initial_state(seed=1)
    bot = make_bot("medium", seed=1)
    move = bot.choose(state.view(0))
    assert move in state.legal_moves() and bot.searched is not None
    assert bot.ismcts.last is None and bot.mcts.last is None
    assert bot.searched.move == move and bot.searched.nodes > 0
    # the same seed, the same move (medium stops after its iterations, well inside 0.5 s)
    assert make_bot("medium", seed=1).choose(state.view(0)) == move
    # native=False (the arena's python-search): the package's own ISMCTS, as before
    bot = SearchBot(seed=1, time_limit=0.2, native=False)
    move = bot.choose(state)
    assert move in state.legal_moves() and bot.ismcts.last is not None and bot.searched is None
    assert isinstance(make_bot("python-search"), SearchBot) and not make_bot("python-search").native


def test_bot_arguments_are_checked():
    for bad in (0, -1, float("nan")):
        with pytest.raises(ValueError, match="above 0"):
            make_bot("medium", time_limit=bad)
        with pytest.raises(ValueError, match="above 0"):
            MCTSBot(time_limit=bad)
    with pytest.raises(pentarena.GameOptionError, match="unknown AI level 'godlike'") as err:
        make_bot("godlike")
    assert str(err.value).endswith("(also greedy, the same as easy; mcts; python-search)")
    # the arena's players: said to be its, and where they are made
    with pytest.raises(pentarena.GameOptionError) as err:
        make_bot("hard@1.5")
    assert "here make_bot('hard', time_limit=1.5)" in str(err.value)
    for spec in ("reference-hard", "python-medium", "openspiel-mcts:100"):
        with pytest.raises(pentarena.GameOptionError) as err:
            make_bot(spec)
        assert str(err.value) == (f"'{spec}' is a player of 'pentarena arena', not a level: "
                                  "pentarena.ai.arena.make_player(spec, seed, time_limit) "
                                  "makes those")
    assert make_bot("hard", time_limit=0.25).time_limit == 0.25


def test_perfect_information_searches_refuse_a_game_with_hidden_cards():
    """MCTSBot and AlphaBetaBot would search Pentic with every hand known (a full state)
    or fail deep inside (a view): both are refused up front, naming the bots that play it."""
    from pentarena.ai import AlphaBetaBot, ISMCTSBot, choose_for

    state = pentarena.load_game("pentic").new_initial_state(seed=2)
    for bot in (MCTSBot(seed=1, iterations=20, time_limit=60),
                AlphaBetaBot(seed=1, time_limit=60, max_depth=1)):
        for given in (state, state.view(0), state.view(None)):
            with pytest.raises(pentarena.HiddenInformationError,
                               match="ISMCTSBot .*make_bot") as caught:
                bot.choose(given)
            assert isinstance(caught.value, ValueError)
        assert bot.last is None  # nothing was searched
    # what the message names plays the game from the seat's view
    assert ISMCTSBot(seed=1, iterations=20, time_limit=60).choose(state.view(0)) in state.legal_moves()
    assert choose_for(make_bot("easy", seed=1), state) in state.legal_moves()
    # perfect information: as before
    nim = NimGame().new_initial_state()
    assert MCTSBot(seed=1, iterations=20, time_limit=60).choose(nim) in nim.legal_moves()


def test_see_all_searches_a_full_hidden_state_on_purpose():
    """see_all=True searches Pentic with every card known, on purpose (what knowing the
    hidden cards is worth); never a seat's view."""
    from pentarena.ai import AlphaBetaBot

    state = pentarena.load_game("pentic").new_initial_state(seed=2)
    for bot in (MCTSBot(seed=1, iterations=20, time_limit=60, see_all=True),
                AlphaBetaBot(seed=1, time_limit=60, max_depth=1, see_all=True)):
        assert bot.choose(state) in state.legal_moves()
        with pytest.raises(pentarena.HiddenInformationError, match="full state"):
            bot.choose(state.view(0))  # a view does not know the other hands
