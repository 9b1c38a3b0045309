"""OpenSpiel's own checks on every Pentarena game and option set, OpenSpiel's MCTS playing
whole games, observers against the native tensors, and Pentic's hidden information."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from open_spiel.python.observation import make_observation

import pentarena
from pentarena.integrations import openspiel as ps
from pentarena.integrations import tensors

from .agreement import option_sets

ALL_SETS = [(name, options) for name in ps.GAMES for options in option_sets(name)]


def _id(case):
    name, options = case
    return name + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("case", ALL_SETS, ids=map(_id, ALL_SETS))
def test_random_sim_test(case):
    """pyspiel.random_sim_test: OpenSpiel's API consistency checks (clones, histories,
    returns, observations and information states of every seat, serialization)."""
    name, options = case
    game = ps.load(name, **options)
    long_match = name == "pentomino" and options["players"] > 2 and options["variant"] == "standard"
    pyspiel.random_sim_test(game, num_sims=1 if long_match else 2, serialize=not long_match,
                            verbose=False)


@pytest.mark.parametrize("case", ALL_SETS, ids=map(_id, ALL_SETS))
def test_no_history_exceeds_the_reported_maxima(case):
    """Whole random games: the chance nodes, the players' moves and the whole history stay
    within what the game reports (Pentic deals its 125 cards in 124 chance nodes, the
    last card following, with any number of players)."""
    name, options = case
    game = ps.load(name, **options)
    rng = random.Random(_id(case))
    for _ in range(2):
        state = game.new_initial_state()
        chance = moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                chance += 1
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                moves += 1
                state.apply_action(rng.choice(state.legal_actions()))
        assert chance <= game.max_chance_nodes_in_history()
        assert moves <= game.max_game_length()
        assert len(state.history()) <= game.max_history_length()
        if name == "pentic":
            assert chance == game.max_chance_nodes_in_history() == 124
        else:
            assert chance == game.max_chance_nodes_in_history() == 0


@pytest.mark.parametrize("scoring", ["10-5", "15-10-5", "last2", "last3"])
def test_a_pentomino_scoring_given_either_way_keeps_a_game_string_that_loads(scoring):
    """Pentarena's spelling of a scoring, given to pyspiel.load_game, is kept in OpenSpiel's
    (``last2``/``last3``): the game's string loads it again, so it pickles."""
    import pickle

    import pyspiel

    game = pyspiel.load_game("pentarena_pentomino", {"players": 4, "scoring": scoring})
    expected = {"10-5": "10-5", "last2": "10-5"}.get(scoring, "15-10-5")
    assert game.pentarena.options["scoring"] == expected
    assert "scoring=last" in str(game)
    again = pyspiel.load_game(str(game))
    assert again.pentarena.options == game.pentarena.options
    assert pickle.loads(pickle.dumps(game)).pentarena.options == game.pentarena.options


@pytest.mark.parametrize("name", ps.GAMES)
def test_games_and_states_pickle(name):
    """The adapter's games and states pickle and come back equal, as OpenSpiel's own
    Python games do (its classes are found by name in pentarena.integrations.openspiel)."""
    import pickle

    options = {"players": 3} if name in ("pentup", "pentic") else {}
    game = ps.load(name, **options)
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is type(game) and str(again) == str(game)
    assert again.pentarena.options == game.pentarena.options
    rng = random.Random(name)
    state = game.new_initial_state()
    checked = 0
    while True:
        copy = pickle.loads(pickle.dumps(state))
        assert type(copy) is type(state)
        assert copy.history() == state.history() and str(copy) == str(state)
        assert copy.is_terminal() == state.is_terminal()
        if not state.is_terminal():
            assert copy.legal_actions() == state.legal_actions()
            if not state.is_chance_node():
                assert copy.observation_string(0) == state.observation_string(0)
        checked += 1
        if state.is_terminal():
            break
        for _ in range(1 + rng.randrange(40 if name == "pentic" else 4)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert copy.returns() == state.returns() and checked > 3


def test_registered_names_and_parameters():
    for name in ps.GAMES:
        assert ps.short_name(name) in pyspiel.registered_names()
    game = pyspiel.load_game("pentarena_pentup(players=4,teams=off,scoring=misere)")
    assert game.num_players() == 4
    assert game.pentarena.options == {"players": 4, "scoring": "misere", "teams": False}
    assert game.num_distinct_actions() == 63 * 48 * 48
    assert ps.load("pentup", players=4).pentarena.teams is True
    assert ps.load("pentic", players=3, target=100).max_chance_outcomes() == 125
    with pytest.raises(pentarena.GameOptionError):
        ps.load("pentomino", players=3, scoring="15-10-5")
    with pytest.raises(pentarena.GameOptionError, match="pentup has no option 'foo'"):
        ps.load("pentup", foo=1)  # as pentarena.load_game says it (not a pyspiel.SpielError)
    # the OpenSpiel spelling of a value the refusal names, and the games' OpenSpiel names
    with pytest.raises(pentarena.GameOptionError) as refused:
        pyspiel.load_game("pentarena_pentomino(players=3,scoring=last3)")
    assert str(refused.value) == ("scoring 15-10-5 is for 4 players (in OpenSpiel's "
                                  "parameters 15-10-5 is last3)")
    assert str(ps.load("pentarena_pentago")) == "pentarena_pentago()"
    for name, said in (("pentarena_chess", "unknown game 'pentarena_chess'"),
                       ("pentomino-puzzle", "the Pentomino puzzle is not registered")):
        with pytest.raises(pentarena.GameOptionError) as refused:
            ps.load(name)
        assert str(refused.value).startswith(said)
        assert "the games here: pentup, pentago, pentomino, pentic" in str(refused.value)


@pytest.mark.parametrize("name", ps.GAMES)
def test_mcts_plays_whole_games(name):
    """OpenSpiel's MCTSBot (open_spiel.python.algorithms.mcts) plays every seat of a game
    to the end on the adapter."""
    options = {"players": 3} if name in ("pentup", "pentic") else {}
    game = ps.load(name, **options)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator,
                       random_state=rng, solve=False)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9 and max(returns) > 0


def test_mcts_beats_random_at_pentago():
    """The adapter is a real game to a search: MCTS wins most games against random play."""
    game = ps.load("pentago")
    rng = np.random.RandomState(5)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=60,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    wins = 0
    for g in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == g % 2:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        wins += state.returns()[g % 2] > 0
    assert wins >= 3


@pytest.mark.parametrize("name", ps.GAMES)
def test_observers_hold_the_native_tensors(name):
    game = ps.load(name, players=3) if name != "pentago" else ps.load(name)
    observation = make_observation(game)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(140):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        for seat in range(game.num_players()):
            observation.set_from(state, seat)
            np.testing.assert_array_equal(observation.tensor,
                                          tensors.observation(state.pentarena, seat))
            assert set(observation.dict) == {n for n, _ in tensors.SPECS[name]}
        if state.move_number() % 16 == 0:  # through the C++ API too (a list of floats)
            seat = state.current_player()
            assert state.observation_tensor(seat) == list(tensors.observation(state.pentarena, seat))
        state.apply_action(rng.choice(state.legal_actions()))


def test_pentic_hides_what_a_seat_cannot_see():
    """A seat's observation and information state are the same whatever the cards it
    cannot see: two deals agreeing on the grid and seat 0's hand look the same to seat 0
    until it draws, and its tensors equal those of its own view."""
    game = ps.load("pentic")
    deck = list(range(125))
    random.Random(4).shuffle(deck)
    other = deck[:14] + deck[14:][::-1]   # seat 1's hand and the pile differ
    states = []
    for order in (deck, other):
        state = game.new_initial_state()
        for card in order[:124]:
            state.apply_action(card)
        states.append(state)
    a, b = states
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.information_state_string(1) != b.information_state_string(1)
    view = a.pentarena.view(0)
    np.testing.assert_array_equal(tensors.observation(view, 0),
                                  tensors.observation(a.pentarena, 0))
    np.testing.assert_array_equal(tensors.information_state(view, 0),
                                  tensors.information_state(a.pentarena, 0))
    with pytest.raises(pentarena.HiddenInformationError, match="does not show seat 1's hand"):
        tensors.observation(view, 1)
    with pytest.raises(pentarena.GameOptionError, match="seat must be between 0 and 1"):
        tensors.observation(a.pentarena, 2)
    # seat 0 plays and draws: its record shows its draw, seat 1's does not
    action = a.legal_actions()[0]
    a.apply_action(action)
    drawn = pentarena.games.pentic.NAMES[deck[19]]
    assert f"drew {drawn}" in a.information_state_string(0)
    assert drawn not in a.information_state_string(1)


def test_pentic_chance_nodes_deal_the_seeded_shuffle():
    game = ps.load("pentic", players=4)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 125 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    with pytest.raises(Exception):
        state.apply_action(125)
    for k in range(124):
        assert len(state.chance_outcomes()) == 125 - k
        state.apply_action(state.chance_outcomes()[-1][0])
    assert not state.is_chance_node() and state.current_player() == 0
    assert state.pentarena.deck == list(range(124, -1, -1))


def test_returns_follow_the_zero_sum_convention():
    from pentarena.integrations.returns import zero_sum_returns
    assert zero_sum_returns([1.0, 0.0], [(0,), (1,)]) == [1.0, -1.0]
    assert zero_sum_returns([0.5, 0.5], [(0,), (1,)]) == [0.0, 0.0]
    assert zero_sum_returns([0.0, 1.0, 0.0], [(0,), (1,), (2,)]) == [-0.5, 1.0, -0.5]
    assert zero_sum_returns([0.5, 0.5, 0.0], [(0,), (1,), (2,)]) == [0.25, 0.25, -0.5]
    assert zero_sum_returns([1.0, 0.0, 1.0, 0.0], [(0, 2), (1, 3)]) == [1.0, -1.0, 1.0, -1.0]


def test_pentup_actions_follow_the_window():
    """Pent-Up's action ids are anchors in the state's window: the adapter's legal actions
    are the engine's, and ``actions_complete`` is reported."""
    game = ps.load("pentup")
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        assert state.actions_complete()
        x, y, w, h = state.pentarena.action_window
        action = rng.choice(state.legal_actions())
        move = state.pentarena.action_to_move(action)
        assert state.action_to_string(state.current_player(), action) == str(move)
        assert (action % 48, action // 48 % 48) == (move[2] - x, move[3] - y)
        state.apply_action(action)


def test_pentic_resampling_feeds_information_set_mcts():
    """resample_from_infostate keeps what the seat knows and deals the rest anew;
    OpenSpiel's ISMCTSBot searches with it."""
    from open_spiel.python.algorithms import ismcts

    game = ps.load("pentic", players=3)
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    for _ in range(10):
        state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(5)]
    for world in worlds:
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert world.legal_actions() == state.legal_actions()
        assert world.history()[124:] == state.history()[124:]
    others = {tuple(sorted(w.pentarena.hands[(seat + 1) % 3])) for w in worlds}
    assert len(others) > 1
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0,
                           max_simulations=5, random_state=rng)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
