"""PettingZoo AEC environments for every Pentarena game, and a Gymnasium single-agent
environment against a Pentarena AI level (``pip install 'pentarena[research]'``)::

    from pentarena.integrations import pettingzoo as pz
    env = pz.env("pentup", players=3)              # any game name and its options
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

    solo = pz.SingleAgentEnv("pentago", opponent="easy")   # a gymnasium.Env

Agents are ``player_0``, ``player_1``, … in seat order.  An observation is
``{"observation": float32 tensor, "action_mask": int8 mask}``: the tensor of
:mod:`pentarena.integrations.tensors` from that seat's point of view (only what the seat
may see: Pentic hides the other hands and the pile), the mask over the game's dense
actions (all zeros for an agent not to move).  ``reset(seed=...)`` takes any whole
number: the engine's seeds are signed 64-bit, and a seed outside that range is reduced
into it modulo 2**64 (so 2**63 plays as -2**63); ``reset()`` without one after it plays
the next episode of that seed's sequence (a fresh random one if none was ever given).
Rewards come once, at the end: +1 for a
sole win, -1/(sides-1) for a loss, shared out on ties (zero-sum; Pent-Up's partners get
their team's).  ``render_mode="human"`` prints the position as text; ``"rgb_array"``
returns a picture (:mod:`pentarena.integrations.render`).  ``env.pentarena`` is the
Pentarena state behind an episode (as the OpenSpiel adapter's ``state.pentarena``);
PettingZoo's global ``env.state()`` is not provided.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from . import research_imports

with research_imports(__name__):
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv

import pentarena
from ..ai.bots import bot_time_limit, choose_for, make_bot
from ..core.errors import shown
from ..core.game import check_player
from . import render as _render
from . import tensors
from .returns import zero_sum_returns

GAMES = ("pentup", "pentago", "pentomino", "pentic")


def observation_bound(game: pentarena.Game) -> float:
    """The largest value an observation tensor of ``game`` can hold."""
    if game.name == "pentup":
        return 24.0  # a stack's height
    if game.name == "pentic":  # totals / target: at most target - 1 + one play (<= 85)
        return max(1.0, (game.options["target"] + 85) / game.options["target"])
    if game.name == "pentomino":
        return 2.0  # match totals / target
    return 1.0


def _spaces(game: pentarena.Game) -> tuple[spaces.Dict, spaces.Discrete]:
    n = tensors.num_actions(game)
    size = tensors.size(tensors.SPECS[game.name])
    observation = spaces.Dict({
        "observation": spaces.Box(0.0, observation_bound(game), (size,), np.float32),
        "action_mask": spaces.Box(0, 1, (n,), np.int8),
    })
    return observation, spaces.Discrete(n)


def _mask(state, n: int) -> np.ndarray:
    mask = np.zeros(n, np.int8)
    mask[state.legal_actions()] = 1
    return mask


def _action_id(action: Any) -> int:
    """``action`` as an action id: a whole number (a NumPy one too, or a 0-d integer
    array, as ``Discrete.contains`` takes and some frameworks hand over), else
    InvalidMoveError saying so — ``int()`` would play 1.5 as 1."""
    if (isinstance(action, np.ndarray) and action.shape == ()
            and np.issubdtype(action.dtype, np.integer)):
        action = action.item()
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise pentarena.InvalidMoveError(f"an action is a whole number (an action id), got "
                                         f"{action!r}")
    return int(action)


def _seed(seed: int | None, rng: np.random.Generator | None = None) -> int:
    """The engine's seed of an episode: for None, the next of the environment's own
    generator ``rng`` (seeded by the last ``reset(seed=...)``, so that ``reset(seed=1);
    reset()`` replays, as Gymnasium asks), or a fresh random one without it; else ``seed``
    itself when it fits the engine's signed 64 bits (``new_initial_state``), and any
    other whole number — Gymnasium takes every one from 0 up — reduced into that range
    modulo 2**64 (two's complement: 2**63 plays as -2**63, 2**64 as 0, 2**64 + 5 as 5)."""
    if seed is None:
        if rng is not None:
            return int(rng.integers(2**63))
        return random.SystemRandom().randrange(2**63)
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)):
        return (int(seed) + 2**63) % 2**64 - 2**63
    return seed  # (anything else: new_initial_state says what a seed is)


class PentarenaEnv(AECEnv):
    """The AEC environment of one Pentarena game (see the module doc)."""

    metadata = {"render_modes": ["human", "rgb_array"], "name": "pentarena_v0",
                "is_parallelizable": False, "render_fps": 2}

    def __init__(self, game: str = "pentago", render_mode: str | None = None, **options: Any):
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.game = pentarena.load_game(game, **options)
        self.metadata = {**self.metadata, "name": f"pentarena_{game}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space, act_space = _spaces(self.game)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._n = act_space.n
        self.pentarena = None
        """The Pentarena state of the episode (as the OpenSpiel adapter's
        ``state.pentarena``; None before ``reset``)."""
        self._rng: np.random.Generator | None = None

    def state(self) -> np.ndarray:
        """PettingZoo's global state (for centralised training): not provided — Pentic
        hides cards from every seat, and the other games' observation of seat 0 is the
        whole position.  ``env.pentarena`` is the Pentarena state."""
        raise NotImplementedError("state() is not provided; env.pentarena is the Pentarena "
                                  "state, env.observe(agent) a seat's observation")

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:  # the episodes after it, reset without a seed, follow from it
            self._rng = np.random.default_rng(_seed(seed) % 2**64)
        self.pentarena = self.game.new_initial_state(seed=_seed(seed, self._rng))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.pentarena.current_player]

    def _started(self) -> None:
        if self.pentarena is None:
            raise pentarena.IllegalMoveError("call reset() before observe() or step()")

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        self._started()
        seat = self.agent_name_mapping[agent]
        mask = (_mask(self.pentarena, self._n) if self.pentarena.current_player == seat
                else np.zeros(self._n, np.int8))
        return {"observation": tensors.observation(self.pentarena, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        self._started()
        if not self.agents:
            raise pentarena.IllegalMoveError("the episode is over: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise pentarena.InvalidMoveError(f"{agent} is to move: give an action id (None is "
                                             f"for an agent whose episode is over)")
        self.pentarena.apply_action(_action_id(action))
        self._cumulative_rewards[agent] = 0.0
        if self.pentarena.is_terminal():
            values = zero_sum_returns(self.pentarena.returns(), list(self.game.sides))
            self.rewards = {a: values[self.agent_name_mapping[a]] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[self.pentarena.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> np.ndarray | None:
        """``rgb_array``: the picture; ``human``: prints the position (a spectator's view
        of Pentic) and returns None."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        if self.pentarena is None:
            raise pentarena.IllegalMoveError("call reset() before render()")
        if self.render_mode == "rgb_array":
            return _render.picture(self.pentarena)
        print(self.pentarena.view(None) if self.game.hidden_information else self.pentarena)
        return None

    def close(self) -> None:
        pass


def env(game: str = "pentago", render_mode: str | None = None, **options: Any) -> PentarenaEnv:
    """The AEC environment of ``game`` with its Pentarena ``options``."""
    return PentarenaEnv(game, render_mode=render_mode, **options)


raw_env = env


class SingleAgentEnv(gymnasium.Env):
    """One seat of a Pentarena game against Pentarena's AI (``make_bot(opponent)``) at
    every other seat: a ``gymnasium.Env`` with the AEC environment's observation and
    action spaces.  The reward is the seat's zero-sum return, at the end.  An action the
    mask does not allow ends the episode as a loss (reward -1/(sides-1), ``info
    ["illegal_action"]``), as PettingZoo's ``TerminateIllegalWrapper`` does; with
    ``illegal_action="raise"`` it raises the engine's error instead
    (``pentarena.IllegalMoveError``; ``InvalidMoveError`` for what is not an action id).
    ``opponent``: a level for every other seat, or a list of levels, one per other seat
    in seat order.  ``opponent_time``: seconds per opponent move for the search levels
    (they stop on the clock, so their moves, and an episode against them, may differ
    from run to run for the same seed; ``random`` and ``easy`` replay exactly).  The
    ``info`` of the step that ends the game holds its ``winners``, every seat's
    ``returns`` (zero-sum, as the reward) and ``scores``; an illegal action's holds
    ``illegal_action`` only (the game did not end by its rules: it has no winners or
    scores)."""

    metadata = {"render_modes": ["human", "rgb_array"], "render_fps": 2}

    def __init__(self, game: str = "pentago", seat: int = 0,
                 opponent: str | Sequence[str] = "random", opponent_time: float | None = None,
                 render_mode: str | None = None, illegal_action: str = "lose",
                 **options: Any) -> None:
        if illegal_action not in ("lose", "raise"):
            raise ValueError("illegal_action must be 'lose' or 'raise'")
        self.illegal_action = illegal_action
        self.game = pentarena.load_game(game, **options)
        self.seat = check_player(seat, self.game.num_players)  # a player: no spectator
        others = [s for s in range(self.game.num_players) if s != self.seat]
        if isinstance(opponent, str):
            levels = [opponent] * len(others)
        elif isinstance(opponent, Sequence) and len(opponent) == len(others):
            levels = list(opponent)
        else:
            raise ValueError(f"opponent is a level, or a list of {len(others)} (one per other "
                             f"seat, in seat order), got {shown(opponent)}")
        self.opponent = opponent
        self._levels = dict(zip(others, levels))
        self.opponent_time = opponent_time
        self.render_mode = render_mode
        self.observation_space, self.action_space = _spaces(self.game)
        self._n = self.action_space.n
        # a bad time or an unknown level fails here, not at reset
        if opponent_time is not None:
            bot_time_limit(opponent_time, "opponent_time")
        for level in levels:
            make_bot(level)
        self.state = None
        self._lost = False
        self._bots: dict[int, Any] = {}

    @property
    def pentarena(self):
        """The Pentarena state of the episode (``state``, named as the AEC environment's)."""
        return self.state

    def _observe(self) -> dict[str, np.ndarray]:
        mask = (_mask(self.state, self._n) if self.state.current_player == self.seat
                else np.zeros(self._n, np.int8))
        return {"observation": tensors.observation(self.state, self.seat), "action_mask": mask}

    def _opponents_move(self) -> None:
        state = self.state
        while not state.is_terminal() and state.current_player != self.seat:
            bot = self._bots[state.current_player]
            state.apply(choose_for(bot, state, self.opponent_time))

    def _reward(self) -> float:
        if not self.state.is_terminal():
            return 0.0
        return zero_sum_returns(self.state.returns(), list(self.game.sides))[self.seat]

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)  # np_random: seeded by seed, else kept (or from entropy)
        seed = _seed(seed, self.np_random)
        self.state = self.game.new_initial_state(seed=seed)
        self._lost = False
        self._bots = {s: make_bot(level, seed=seed + s, time_limit=self.opponent_time)
                      for s, level in self._levels.items()}
        self._opponents_move()
        return self._observe(), {}

    def step(self, action: int):
        if self.state is None or self.state.is_terminal() or self._lost:
            raise pentarena.IllegalMoveError("the episode is over: call reset()")
        try:
            self.state.apply_action(_action_id(action))
        except (pentarena.IllegalMoveError, pentarena.InvalidMoveError):  # outside the mask
            if self.illegal_action == "raise":
                raise
            self._lost = True
            loss = -1.0 / (len(self.game.sides) - 1)
            return self._observe(), loss, True, False, {"illegal_action": True}
        self._opponents_move()
        terminated = self.state.is_terminal()
        info = {}
        if terminated:
            info = {"winners": sorted(self.state.winners()), "scores": self.state.scores(),
                    "returns": zero_sum_returns(self.state.returns(), list(self.game.sides))}
        return self._observe(), self._reward(), terminated, False, info

    def render(self):
        if self.render_mode is not None and self.state is None:
            raise pentarena.IllegalMoveError("call reset() before render()")
        if self.render_mode == "rgb_array":
            return _render.picture(self.state)
        if self.render_mode == "human":
            print(self.state.view(self.seat) if self.game.hidden_information else self.state)
        return None


# gymnasium.make("pentarena/pentago-v0", opponent="easy", ...): SingleAgentEnv, its game set
for _name in GAMES:
    if f"pentarena/{_name}-v0" not in gymnasium.registry:
        gymnasium.register(id=f"pentarena/{_name}-v0",
                           entry_point="pentarena.integrations.pettingzoo:SingleAgentEnv",
                           kwargs={"game": _name})
del _name

__all__ = ["GAMES", "PentarenaEnv", "SingleAgentEnv", "env", "raw_env"]
