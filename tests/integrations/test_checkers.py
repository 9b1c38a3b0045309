"""Checks a researcher runs first, beyond OpenSpiel's random_sim_test and PettingZoo's
api_test on the bare environment: OpenSpiel's contract at every ply of whole random games
(masks, tensor sizes against the reported shapes, serialization, clones, returns within
the utilities and summing to the declared utility_sum, max_game_length), and PettingZoo's
api_test through the wrappers PettingZoo's own classic games use, with PettingZoo's
``state()`` left to PettingZoo (``env.pentarena`` is the Pentarena state)."""

from __future__ import annotations

import random

import pyspiel
import pytest
from pettingzoo.test import api_test
from pettingzoo.utils import wrappers

from pentarena.integrations import openspiel as ps
from pentarena.integrations import pettingzoo as pz

from .test_pettingzoo import _id  # the cases' names, as the PettingZoo tests give them

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning")

CASES = [("pentup", {"players": 3, "scoring": "misere"}),
         ("pentup", {"players": 4, "scoring": "advanced"}),
         ("pentup", {"players": 4, "teams": False}),
         ("pentago", {}),
         ("pentomino", {"players": 2, "variant": "draft", "touch_move": True}),
         ("pentomino", {"players": 4, "scoring": "15-10-5"}),
         ("pentic", {"players": 2}),
         ("pentic", {"players": 4, "target": 100})]


@pytest.mark.parametrize("case", CASES, ids=map(_id, CASES))
def test_openspiel_contract_at_every_ply(case):
    name, options = case
    game = ps.load(name, **options)
    kind = game.get_type()
    players, actions = game.num_players(), game.num_distinct_actions()
    obs_size = game.observation_tensor_size()
    info_size = (game.information_state_tensor_size()
                 if kind.provides_information_state_tensor else None)
    rng = random.Random(_id(case))
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
            state.apply_action(rng.choice(outcomes)[0])
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        assert legal == sorted(set(legal)) and 0 <= legal[0] and legal[-1] < actions
        mask = state.legal_actions_mask(seat)
        assert len(mask) == actions and [a for a, m in enumerate(mask) if m] == legal
        if moves % 5 == 0:
            for s in range(players):
                assert len(state.observation_tensor(s)) == obs_size
                if info_size is not None:
                    assert len(state.information_state_tensor(s)) == info_size
            again = game.deserialize_state(state.serialize())
            assert again.history() == state.history() and str(again) == str(state)
            _, again = pyspiel.deserialize_game_and_state(
                pyspiel.serialize_game_and_state(game, state))
            assert again.history() == state.history()
            copy = state.clone()
            assert copy.legal_actions() == legal and str(copy) == str(state)
        state.apply_action(rng.choice(legal))
        moves += 1
    returns = state.returns()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    assert sum(returns) == pytest.approx(game.utility_sum())
    assert moves <= game.max_game_length()
    assert state.legal_actions() == []


@pytest.mark.parametrize("name", pz.GAMES)
def test_pettingzoo_wrappers_and_global_state(name):
    options = {"players": 3} if name in ("pentup", "pentic") else {}
    env = pz.env(name, **options)
    api_test(wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
        wrappers.TerminateIllegalWrapper(env, illegal_reward=-1))), num_cycles=300)
    env.reset(seed=1)
    assert env.pentarena.game.name == name and not env.pentarena.history()
    with pytest.raises(NotImplementedError, match="env.pentarena"):
        env.state()  # PettingZoo's global state, as PettingZoo names it (was shadowed)
    wrapped = wrappers.OrderEnforcingWrapper(pz.env(name, **options))
    wrapped.reset(seed=1)
    with pytest.raises(NotImplementedError):
        wrapped.state()
    assert wrapped.unwrapped.pentarena.game.name == name
