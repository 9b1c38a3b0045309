"""PettingZoo's own tests (api_test, seed_test, render_test) on every game and option set,
the masks against the engine, and the Gymnasium single-agent environment (Gymnasium's
check_env, games against a Pentarena level)."""

from __future__ import annotations

import contextlib
import functools
import io

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

import pentarena
from pentarena.integrations import pettingzoo as pz
from pentarena.integrations import tensors

from .agreement import option_sets

# api_test's generic remarks on dict observation spaces (PettingZoo's own classic games,
# with the same {"observation", "action_mask"} dicts, get them too)
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning")

ALL_SETS = [(name, options) for name in pz.GAMES for options in option_sets(name)]


def _id(case):
    name, options = case
    return name + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("case", ALL_SETS, ids=map(_id, ALL_SETS))
def test_api_test(case):
    name, options = case
    api_test(pz.env(name, **options), num_cycles=200)


@pytest.mark.parametrize("name", pz.GAMES)
def test_seed_and_render_tests(name):
    make = functools.partial(pz.env, name, players=3) if name != "pentago" else \
        functools.partial(pz.env, name)
    seed_test(make, num_cycles=40)
    with contextlib.redirect_stdout(io.StringIO()) as out:
        render_test(make)
    assert out.getvalue()  # human mode prints the position


@pytest.mark.parametrize("name", pz.GAMES)
def test_observations_and_masks_follow_the_engine(name):
    env = pz.env(name, render_mode="rgb_array")
    env.reset(seed=11)
    twin = pentarena.load_game(name).new_initial_state(seed=11)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert reward == (1.0 if env.pentarena.returns()[env.agent_name_mapping[agent]] == 1
                              else -1.0 if not env.pentarena.returns()[env.agent_name_mapping[agent]]
                              else 0.0)
            env.step(None)
            continue
        seat = env.agent_name_mapping[agent]
        assert seat == twin.current_player
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(twin.legal_actions())
        np.testing.assert_array_equal(obs["observation"], tensors.observation(twin, seat))
        # an observation of its own, writable (in-place normalisation), as other envs give
        obs["observation"] *= 2
        np.testing.assert_array_equal(obs["observation"], 2 * tensors.observation(twin, seat))
        picture = env.render()
        assert picture.dtype == np.uint8 and picture.shape[2] == 3
        action = int(env.action_space(agent).sample(obs["action_mask"]))
        env.step(action)
        twin.apply_action(action)
    assert twin.is_terminal()


def test_pentic_observations_hide_other_hands():
    env = pz.env("pentic", players=3)
    env.reset(seed=5)
    hands = env.pentarena.hands
    for agent, seat in env.agent_name_mapping.items():
        hand = tensors.split(env.observe(agent)["observation"], tensors.SPECS["pentic"])["hand"]
        assert sorted(np.flatnonzero(hand).tolist()) == sorted(hands[seat])


@pytest.mark.parametrize("name", pz.GAMES)
def test_single_agent_env_passes_gymnasium_checks(name):
    check_env(pz.SingleAgentEnv(name, opponent="random"), skip_render_check=True)


def test_single_agent_env_plays_against_a_level():
    env = pz.SingleAgentEnv("pentomino", seat=1, opponent="easy", opponent_time=0.05)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    done, steps = False, 0
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        obs, reward, done, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
    assert env.state.is_terminal() and reward in (1.0, -1.0)
    assert env.state.history()  # the bot's moves are on the record too
    # an action outside the mask ends the episode as a loss, or raises if asked to
    obs, _ = env.reset(seed=4)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(bad)
    assert (reward, done, info) == (-1.0, True, {"illegal_action": True})
    strict = pz.SingleAgentEnv("pentago", illegal_action="raise")
    obs, _ = strict.reset(seed=1)
    strict.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(pentarena.IllegalMoveError):
        strict.step(int(np.flatnonzero(strict._observe()["action_mask"] == 0)[0]))
    with pytest.raises(ValueError):
        pz.SingleAgentEnv("pentago", opponent="grandmaster")


@pytest.mark.parametrize("name", pz.GAMES)
def test_gymnasium_make_gives_the_single_agent_env_of_each_game(name):
    env = gymnasium.make(f"pentarena/{name}-v0", opponent="random")
    assert env.spec.id == f"pentarena/{name}-v0"
    assert isinstance(env.unwrapped, pz.SingleAgentEnv) and env.unwrapped.game.name == name
    obs, _ = env.reset(seed=2)
    legal = np.flatnonzero(obs["action_mask"])
    env.step(int(legal[0]))
    # the game's options and the environment's own arguments pass through
    if name != "pentago":  # (two seats, no options)
        three = gymnasium.make(f"pentarena/{name}-v0", players=3, seat=2,
                               opponent=["easy", "random"])
        assert three.unwrapped.game.num_players == 3 and three.unwrapped.seat == 2


def test_single_agent_env_levels_per_seat_its_checks_and_the_last_info():
    # a bad opponent_time is refused at once, by its own name (it was at reset, as time_limit)
    for bad in (-1, 0, "fast"):
        with pytest.raises(ValueError, match=r"^opponent_time must be"):
            pz.SingleAgentEnv("pentago", opponent_time=bad)
    with pytest.raises(ValueError, match=r"one per other seat"):
        pz.SingleAgentEnv("pentic", players=3, opponent=["easy"])
    with pytest.raises(pentarena.GameOptionError, match="unknown AI level"):
        pz.SingleAgentEnv("pentic", players=3, opponent=["easy", "grandmaster"])
    env = pz.SingleAgentEnv("pentic", players=3, seat=1, opponent=["easy", "random"])
    obs, _ = env.reset(seed=5)
    assert env._levels == {0: "easy", 2: "random"}
    rng = np.random.default_rng(1)
    done, info = False, {}
    while not done:
        assert info == {}  # nothing before the end
        obs, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert info["winners"] == sorted(env.state.winners())
    assert info["scores"] == env.state.scores()
    assert info["returns"][1] == reward and abs(sum(info["returns"])) < 1e-9


@pytest.mark.parametrize("seat", [9, -1, None, 1.0, "0", True])
def test_a_seat_the_table_does_not_have_is_a_game_option_error(seat):
    with pytest.raises(pentarena.GameOptionError, match=r"seat must be between 0 and 1, got"):
        pz.SingleAgentEnv("pentago", seat=seat)  # (no word of a spectator: a player it is)
    assert pz.SingleAgentEnv("pentomino", players=3, seat=np.int64(2)).seat == 2


def test_what_is_not_an_action_gets_a_clear_error_or_a_loss():
    env = pz.SingleAgentEnv("pentago")  # the default: outside the mask is a loss
    env.reset(seed=1)
    _, reward, done, _, info = env.step(324)  # out of range
    assert (reward, done, info) == (-1.0, True, {"illegal_action": True})
    env.reset(seed=1)
    _, reward, done, _, _ = env.step(1.5)  # not a whole number: not an action either
    assert (reward, done) == (-1.0, True)
    aec = pz.env("pentago")
    with pytest.raises(pentarena.IllegalMoveError, match="call reset"):
        aec.step(0)
    with pytest.raises(pentarena.IllegalMoveError, match="call reset"):
        aec.observe("player_0")
    aec.reset(seed=1)
    legal = int(np.flatnonzero(aec.observe("player_0")["action_mask"])[0])
    for bad, words in ((1.5, "whole number"), (None, "give an action id"), ("1", "whole number")):
        with pytest.raises(pentarena.InvalidMoveError, match=words):
            aec.step(bad)
    aec.step(np.int64(legal))  # a NumPy whole number is one
    assert aec.pentarena.history()
    while aec.agents:  # to the end, then past it
        agent = aec.agent_selection
        if aec.terminations[agent]:
            aec.step(None)
            continue
        aec.step(int(np.flatnonzero(aec.observe(agent)["action_mask"])[0]))
    with pytest.raises(pentarena.IllegalMoveError, match="episode is over"):
        aec.step(0)


@pytest.mark.parametrize("name", pz.GAMES)
def test_any_whole_seed_resets_deterministically(name):
    """Gymnasium takes any whole number from 0 up as a seed (PettingZoo any whole number):
    one outside the engine's signed 64 bits is reduced into them modulo 2**64."""
    options = {"players": 3} if name in ("pentup", "pentic") else {}

    def aec(seed):
        env = pz.env(name, **options)
        env.reset(seed=seed)
        return env.pentarena.to_json()

    def solo(seed):
        env = pz.SingleAgentEnv(name, seat=1, opponent="random", **options)
        obs, _ = env.reset(seed=seed)
        return env.state.to_json(), obs["observation"].tolist()

    for big, engine_seed in ((2**63, -(2**63)), (2**64 - 1, -1), (2**64 + 5, 5),
                             (np.uint64(2**63 + 1), -(2**63) + 1), (-(2**63), -(2**63))):
        state = aec(big)
        assert state["seed"] == engine_seed and state == aec(big) == aec(engine_seed)
        if isinstance(big, int) and big >= 0:  # (Gymnasium's own rule for its seeds)
            assert solo(big) == solo(big) and solo(big)[0]["seed"] == engine_seed


@pytest.mark.parametrize("name", pz.GAMES)
def test_gymnasium_made_envs_pass_check_env_with_their_spec(name):
    """With a spec (gymnasium.make), check_env also asks that reset(seed=123) then reset()
    replay: the episode after a seeded one is drawn from the seeded generator."""
    for seat in (0, 1):
        check_env(gymnasium.make(f"pentarena/{name}-v0", seat=seat, opponent="random").unwrapped,
                  skip_render_check=True)


@pytest.mark.parametrize("name", pz.GAMES)
def test_a_reset_without_seed_follows_the_last_seed(name):
    def episodes(env, reset):
        reset(env, 5)
        first = env.pentarena.to_json()
        reset(env, None)
        second = env.pentarena.to_json()
        return first, second

    for make, reset in ((lambda: pz.env(name), lambda e, s: e.reset(seed=s)),
                        (lambda: pz.SingleAgentEnv(name, seat=1, opponent="random"),
                         lambda e, s: e.reset(seed=s))):
        a, b = episodes(make(), reset), episodes(make(), reset)
        assert a == b and a[0]["seed"] == 5 and a[1]["seed"] != 5
    # never seeded: a fresh episode each time
    env = pz.env(name)
    env.reset()
    first = env.pentarena.to_json()["seed"]
    env.reset()
    assert env.pentarena.to_json()["seed"] != first


def test_a_zero_dimensional_integer_array_is_an_action():
    env = pz.SingleAgentEnv("pentago")
    obs, _ = env.reset(seed=0)
    action = np.array(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.action_space.contains(action)
    _, reward, done, _, info = env.step(action)
    assert not info.get("illegal_action") and len(env.state.history()) == 2
    aec = pz.env("pentago")
    aec.reset(seed=0)
    aec.step(np.array(int(np.flatnonzero(aec.observe("player_0")["action_mask"])[0])))
    assert len(aec.pentarena.history()) == 1
    with pytest.raises(pentarena.InvalidMoveError, match="whole number"):
        aec.step(np.array(1.0))


def test_render_before_reset_says_so():
    for env in (pz.env("pentago", render_mode="rgb_array"),
                pz.SingleAgentEnv("pentago", render_mode="rgb_array"),
                pz.env("pentago", render_mode="human")):
        with pytest.raises(pentarena.IllegalMoveError, match=r"call reset\(\) before render"):
            env.render()
