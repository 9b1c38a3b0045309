"""Every Pentarena game as an OpenSpiel game (``pip install 'pentarena[research]'``).

Importing this module registers ``pentarena_pentup``, ``pentarena_pentago``,
``pentarena_pentomino`` and ``pentarena_pentic`` with ``pyspiel``; the table options are
game parameters::

    import pyspiel
    import pentarena.integrations.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game("pentarena_pentup", {"players": 3, "scoring": "misere"})

* Actions are the games' own dense ids (``game.num_distinct_actions``,
  ``state.legal_actions()``).  Pent-Up's ids are anchors in a 48 × 48 window that follows
  the structure (``state.action_window``), so an id names a placement *of that state*.
  Placements outside the window (a structure wider than 42 cells, never seen in random
  play) are not offered: ``legal_actions()`` lists the placements inside, and if none is,
  the window moves onto the first legal placement, so a game never gets stuck.  The
  adapter's ``actions_complete()`` says whether every legal placement has an id.
* Observation tensors (and Pentic's information-state tensors) come from the native core;
  their planes are in :mod:`pentarena.integrations.tensors` and docs/research.md.
* Returns follow OpenSpiel's zero-sum convention: with ``m`` sides (seats, or Pent-Up's
  two teams) and a side's share ``q`` of the win (1, or 1/k for k tied sides),
  ``(m * q - 1) / (m - 1)``: +1 for a sole win, -1/(m-1) for a loss, 0 for a 2-side draw.
* Pentic is an imperfect-information game with explicit chance nodes: the shuffle is
  dealt card by card (124 chance nodes, the 125th card follows), then the deck goes to
  the native engine in that order (``load_game("pentic").new_initial_state(deck=...)``).
  A seat's information state is its perfect-recall record: the grid, its own cards as
  dealt and drawn, and every play.

The Pentomino puzzle is not registered: a one-player game whose moves include removals
has no bounded length, which OpenSpiel requires.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from . import research_imports

with research_imports(__name__):
    import numpy as np
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame

import pentarena
from ..core.errors import GameOptionError, shown
from ..core.game import game_info
from ..games.pentic import NAMES as CARD_NAMES
from ..games.pentic.cards import NUM_CARDS
from . import tensors
from .returns import zero_sum_returns

GAMES = ("pentup", "pentago", "pentomino", "pentic")
"""The Pentarena games registered, as ``pentarena_<name>``."""

_AUTO = "auto"
"""A parameter's value for an option whose default is None (Pent-Up's ``teams``)."""

_RENAMED = {("pentomino", "scoring"): {"10-5": "last2", "15-10-5": "last3"}}
"""Option values OpenSpiel's game strings cannot hold (it reads ``10-5`` as a number):
Pentomino's ``scoring`` is ``last2`` (10-5: the last two placers score) or ``last3``."""


def short_name(game: str) -> str:
    return f"pentarena_{game}"


def _to_param(game: str, key: str, value: Any) -> Any:
    if value is None:
        return _AUTO
    if isinstance(value, bool) and game_info(game).options[key].default is None:
        return "on" if value else "off"  # a game string's `true` is read as a bool
    return _RENAMED.get((game, key), {}).get(value, value)


def parameter_spec(game: str) -> dict[str, Any]:
    """The OpenSpiel parameters of ``game``: its Pentarena options with their defaults."""
    return {key: _to_param(game, key, option.default)
            for key, option in game_info(game).options.items()}


def pentarena_options(game: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameters back to Pentarena options (``"auto"`` is the default None)."""
    options = game_info(game).options
    out = {}
    for key, value in params.items():
        if key in options and value == _AUTO and options[key].default is None:
            value = None
        back = {v: k for k, v in _RENAMED.get((game, key), {}).items()}
        out[key] = back.get(value, value)
    return out


def openspiel_params(game: str, **options: Any) -> dict[str, Any]:
    """Pentarena options as OpenSpiel parameters: None is ``"auto"``, a bool for an option
    whose default is None ``"on"``/``"off"``, Pentomino's scorings ``last2``/``last3``."""
    return {key: _to_param(game, key, value) for key, value in options.items()}


def load(game: str, **options: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` for a Pentarena game (``"pentup"``, or its OpenSpiel name
    ``"pentarena_pentup"``) with Pentarena options; GameOptionError for another name or
    an option the game does not take (as ``pentarena.load_game`` says it)."""
    name = game.removeprefix("pentarena_") if isinstance(game, str) else game
    if name not in GAMES:
        why = ("the Pentomino puzzle is not registered with OpenSpiel (a one-player game "
               "whose removals leave its length unbounded)" if name == "pentomino-puzzle"
               else f"unknown game {shown(game)}")
        raise GameOptionError(f"{why}; the games here: {', '.join(GAMES)} (or their "
                              "OpenSpiel names, pentarena_pentup, …)")
    pentarena.load_game(name, **options)  # GameOptionError for any bad option, as there
    return pyspiel.load_game(short_name(name), openspiel_params(name, **options))


# ---------------------------------------------------------------------------- the games


def _max_length(game: pentarena.Game) -> int:
    """The most decisions a game can take (player moves, not chance)."""
    name, opts = game.name, game.options
    players = game.num_players
    if name == "pentago":
        return 36
    if name == "pentup":
        return 12 * players
    if name == "pentic":
        return 125 - 9  # every play lays a card from a hand on the grid
    # Pentomino: per round at most 12 placements, a touch before each, picks in the draft
    per_round = 12 * (2 if opts["touch_move"] else 1) + (12 if opts["variant"] == "draft" else 0)
    if players == 2 or opts["variant"] == "draft":
        return per_round
    # a round gives out at least 15 points (10 + 5), and the match ends once a seat
    # reaches the target: at most players * (target - 1) points before the last round
    rounds = players * (opts["target"] - 1) // 15 + 2
    return rounds * per_round


def _max_chance_nodes(game: pentarena.Game) -> int:
    """The most chance nodes a history holds.  Only Pentic has any: its shuffle is dealt
    card by card (RULES.md §4, all 125 cards, whatever the number of players), a chance
    node per card but the last — the one card left, which follows without a choice."""
    if game.name != "pentic":
        return 0
    return NUM_CARDS - 1


def _game_type(name: str) -> pyspiel.GameType:
    info = game_info(name)
    players = info.options["players"].choices if "players" in info.options else (2,)
    hidden = name == "pentic"
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Pentarena {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if hidden
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(players),
        min_num_players=min(players),
        provides_information_state_string=True,
        provides_information_state_tensor=hidden,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_spec(name),
    )


class PentarenaGame(pyspiel.Game):
    """A Pentarena game for OpenSpiel; ``pentarena`` is the Pentarena game behind it."""

    NAME = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        # in the spelling a game string holds (Pentomino's scoring given as ``10-5`` is
        # kept as ``last2``): the game's name, str(game), loads it again (pickling does)
        params = openspiel_params(self.NAME, **pentarena_options(self.NAME, dict(params or {})))
        full = {**parameter_spec(self.NAME), **params}
        try:
            self.pentarena = pentarena.load_game(self.NAME, **pentarena_options(self.NAME, full))
        except GameOptionError as exc:  # it names the values as Pentarena spells them
            spelt = [f"{value} is {param}" for (game, _), renamed in _RENAMED.items()
                     if game == self.NAME for value, param in renamed.items()
                     if re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", str(exc))]
            if not spelt:
                raise
            raise GameOptionError(f"{exc} (in OpenSpiel's parameters {', '.join(spelt)})") \
                from None
        self.sides = list(self.pentarena.sides)
        m = len(self.sides)
        info = pyspiel.GameInfo(
            num_distinct_actions=tensors.num_actions(self.pentarena),
            max_chance_outcomes=125 if self.NAME == "pentic" else 0,
            num_players=self.pentarena.num_players,
            min_utility=-1.0 / (m - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_max_length(self.pentarena),
        )
        super().__init__(_TYPES[self.NAME], info, params)

    def __reduce__(self):
        # pyspiel's own pickling of a game rebuilds the C++ part only (no __init__: no
        # ``pentarena``); loading it again by its game string gives the whole game
        return _load_game, (str(self),)

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes a history holds (Pentic's deal; see ``_max_chance_nodes``)."""
        return _max_chance_nodes(self.pentarena)

    def new_initial_state(self) -> PentarenaState:
        state = _STATE_CLASS[self.NAME](self)
        state._h = _Held(self.pentarena.new_initial_state(seed=0)) if self.NAME != "pentic" \
            else _Held(None)
        return state

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if self.NAME == "pentic":
            return PenticObserver(iig_obs_type)
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return TensorObserver(self.NAME)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


def _load_game(text: str) -> PentarenaGame:
    """The game of a game string (``pentarena_pentup(players=3,...)``): how a pickled game
    comes back (this module registers the games as it is imported)."""
    return pyspiel.load_game(text)


class _Held:
    """What a state holds, copied cheaply: OpenSpiel clones a Python state by deep-copying
    its attributes, and a Pentarena state's own deep copy goes through JSON."""

    __slots__ = ("inner", "deck", "plays")

    def __init__(self, inner, deck=None, plays=None) -> None:
        self.inner = inner
        self.deck: list[int] = deck if deck is not None else []
        self.plays: list[tuple[int, int]] = plays if plays is not None else []

    def __deepcopy__(self, memo) -> _Held:
        inner = None if self.inner is None else self.inner.clone()
        return _Held(inner, list(self.deck), list(self.plays))


# ---------------------------------------------------------------------------- the states


class PentarenaState(pyspiel.State):
    """An OpenSpiel state around a Pentarena state (``state.pentarena``)."""

    def __init__(self, game: PentarenaGame) -> None:
        super().__init__(game)
        self._h = _Held(None)  # set by new_initial_state, or deep-copied by clone()

    @property
    def pentarena(self):
        """The Pentarena state (None while Pentic's deck is being dealt)."""
        return self._h.inner

    def current_player(self) -> int:
        seat = self._h.inner.current_player
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def is_terminal(self) -> bool:
        return self._h.inner.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        return self._h.inner.legal_actions()  # ascending in every game but Pentago

    def _apply_action(self, action: int) -> None:
        self._h.inner.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        inner = self._h.inner
        try:
            return str(inner.action_to_move(action))
        except (ValueError, IndexError, TypeError):
            return f"action {action}"

    def returns(self) -> list[float]:
        inner = self._h.inner
        n = self.get_game().num_players()
        if inner is None or not inner.is_terminal():
            return [0.0] * n
        return zero_sum_returns(inner.returns(), self.get_game().sides)

    def actions_complete(self) -> bool:
        """Whether every legal move has an action id (only Pent-Up's window can miss one)."""
        return bool(getattr(self._h.inner, "actions_complete", True))

    def __str__(self) -> str:
        """A short text of the position (``print(state.pentarena)`` draws the board)."""
        return position_text(self._h.inner)


class PentagoState(PentarenaState):
    """Pentago lists its lone winning placements first: OpenSpiel wants ascending ids."""

    def _legal_actions(self, player: int) -> list[int]:
        actions = self._h.inner.legal_actions()
        actions.sort()
        return actions


class PenticState(PentarenaState):
    """Pentic: chance deals the 125 cards one by one, then the seats play.

    Deck order ``d``: ``d[0:9]`` go to grid positions 1–9, ``d[9 + 5 s: 14 + 5 s]`` to seat
    ``s``, the rest is the pile, drawn from its front (RULES.md §4): play ``j`` draws
    ``d[9 + 5 * players + j]`` while the pile lasts."""

    def _dealing(self) -> bool:
        return self._h.inner is None

    def current_player(self) -> int:
        if self._h.inner is None:
            return pyspiel.PlayerId.CHANCE
        return super().current_player()

    def is_terminal(self) -> bool:
        return self._h.inner is not None and self._h.inner.is_terminal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        dealt = set(self._h.deck)
        left = [c for c in range(125) if c not in dealt]
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _legal_actions(self, player: int) -> list[int]:
        return self._h.inner.legal_actions()

    def _apply_action(self, action: int) -> None:
        h = self._h
        if h.inner is None:
            if action in h.deck or not 0 <= action < 125:
                raise ValueError(f"card {action} cannot be dealt now")
            h.deck.append(action)
            if len(h.deck) == 124:
                h.deck.append(next(c for c in range(125) if c not in set(h.deck)))
                game = self.get_game().pentarena
                h.inner = game.new_initial_state(deck=h.deck)
            return
        seat = h.inner.current_player
        h.inner.apply_action(action)
        h.plays.append((seat, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARD_NAMES[action]}"
        return super()._action_to_string(player, action)

    def information_record(self, seat: int) -> str:
        """``seat``'s perfect-recall record: what it was shown, in order."""
        h = self._h
        players = self.get_game().num_players()
        names = CARD_NAMES
        parts = [f"seat {seat}"]
        hands_end = 9 + 5 * players
        for k, card in enumerate(h.deck[:hands_end]):
            if k < 9:
                parts.append(f"grid {k + 1}: {names[card]}")
            elif (k - 9) // 5 == seat:
                parts.append(f"dealt {names[card]}")
        if h.inner is None:
            parts.append(f"dealing ({len(h.deck)} cards)")
        for j, (player, action) in enumerate(h.plays):
            parts.append(f"seat {player} plays {h.inner.action_to_move(action)}")
            if player == seat and hands_end + j < 125:
                parts.append(f"drew {names[h.deck[hands_end + j]]}")
        return "\n".join(parts)

    def public_record(self) -> str:
        """The public perfect-recall record: the grid as dealt and every play, in order
        (no hand, no draw: what a spectator saw)."""
        h = self._h
        parts = ["public"]
        parts.extend(f"grid {k + 1}: {CARD_NAMES[card]}" for k, card in enumerate(h.deck[:9]))
        if h.inner is None:
            parts.append(f"dealing ({len(h.deck)} cards)")
        parts.extend(f"seat {player} plays {h.inner.action_to_move(action)}"
                     for player, action in h.plays)
        return "\n".join(parts)

    def private_record(self, seat: int) -> str:
        """``seat``'s private perfect-recall record: its cards as dealt and drawn, in order
        (no grid, no play)."""
        h = self._h
        players = self.get_game().num_players()
        hands_end = 9 + 5 * players
        parts = [f"seat {seat}"]
        parts.extend(f"dealt {CARD_NAMES[card]}" for card in h.deck[9 + 5 * seat:14 + 5 * seat])
        parts.extend(f"drew {CARD_NAMES[h.deck[hands_end + j]]}"
                     for j, (player, _) in enumerate(h.plays)
                     if player == seat and hands_end + j < 125)
        return "\n".join(parts)

    def public_observation_text(self) -> str:
        """What a spectator sees now: the grid, the scores, the pile's size (no hand)."""
        inner = self._h.inner
        if inner is None:
            return f"public: dealing ({len(self._h.deck)} cards)"
        to_move = "game over" if inner.is_terminal() else f"seat {inner.current_player} to move"
        return f"public, {to_move}\n{inner.view(None)}"

    def private_observation_text(self, seat: int) -> str:
        """``seat``'s private information now: its hand."""
        inner = self._h.inner
        if inner is None:
            return f"seat {seat} hand: " + " ".join(
                CARD_NAMES[c] for c in self._h.deck[9 + 5 * seat:14 + 5 * seat])
        return f"seat {seat} hand: " + " ".join(CARD_NAMES[c] for c in inner.hands[seat])

    def __str__(self) -> str:
        inner = self._h.inner
        return f"dealing ({len(self._h.deck)} cards)" if inner is None else str(inner)

    def resample_from_infostate(self, player: int, probability_sampler) -> PenticState:
        """A state ``player`` cannot tell from this one, the cards it has not seen dealt
        at random (for OpenSpiel's information-set MCTS): the same grid, plays and cards of
        ``player``; the other seats' hands and the pile drawn uniformly from the unseen
        cards (each card another seat played is placed among that seat's cards in time)."""
        h = self._h
        game = self.get_game()
        if h.inner is None:
            raise ValueError("the deal is not over: nothing to resample yet")
        rng = random.Random(int(probability_sampler() * 2**53))
        players = game.num_players()
        hands_end = 9 + 5 * players
        deck: list[int | None] = [None] * 125
        deck[:9] = h.deck[:9]
        deck[9 + 5 * player:14 + 5 * player] = h.deck[9 + 5 * player:14 + 5 * player]
        known = set(h.deck[:9]) | set(h.deck[9 + 5 * player:14 + 5 * player])
        # each seat's card slots, in the order it got them: (time, deck index)
        slots: dict[int, list[tuple[int, int]]] = {
            s: [(-1, 9 + 5 * s + i) for i in range(5)] for s in range(players)}
        for j, (seat, _) in enumerate(h.plays):
            if hands_end + j < 125:
                if seat == player:
                    deck[hands_end + j] = h.deck[hands_end + j]
                    known.add(h.deck[hands_end + j])
                else:
                    slots[seat].append((j, hands_end + j))
        for j, (seat, action) in enumerate(h.plays):
            if seat == player:
                continue
            card = action // 9
            known.add(card)
            free = next(i for t, i in slots[seat] if t < j and deck[i] is None)
            deck[free] = card
        unseen = [c for c in range(125) if c not in known]
        rng.shuffle(unseen)
        for i in range(125):
            if deck[i] is None:
                deck[i] = unseen.pop()
        state = game.new_initial_state()
        for card in deck[:124]:
            state.apply_action(card)
        for _, action in h.plays:
            state.apply_action(action)
        return state

    def observation_text(self, seat: int) -> str:
        """What ``seat`` sees now (no history)."""
        inner = self._h.inner
        if inner is None:
            return f"seat {seat}: dealing ({len(self._h.deck)} cards)"
        return f"seat {seat}\n{inner.view(seat)}"


class TensorObserver:
    """OpenSpiel's observer for a perfect-information game: the native tensor."""

    def __init__(self, name: str) -> None:
        spec = tensors.SPECS[name]
        self.tensor = np.zeros(tensors.size(spec), np.float32)
        self.dict = tensors.split(self.tensor, spec)

    def set_from(self, state: PentarenaState, player: int) -> None:
        self.tensor[:] = tensors.observation(state.pentarena, player)

    def string_from(self, state: PentarenaState, player: int) -> str:
        inner = state.pentarena
        to_move = "game over" if inner.is_terminal() else f"seat {inner.current_player} to move"
        return f"seat {player} observing, {to_move}\n{position_text(inner)}"


def position_text(inner) -> str:
    """A short text of a perfect-information position (the board, not the history)."""
    name = inner.game.name
    if name == "pentago":
        return "/".join("".join(".WB"[0 if c is None else c + 1] for c in row)
                        for row in _rows(inner._cells(), 6))
    if name == "pentup":
        # each tile once: seat, piece, level, orientation and anchor (sorted: the position,
        # whatever order the tiles came in)
        return " ".join(sorted(f"{seat}{'FILNPTUVWXYZ'[piece]}{level}:{orient}@{x},{y}"
                               for seat, piece, orient, x, y, level in inner._tiles()))
    return str(inner)


def _rows(cells: list, width: int) -> list[list]:
    return [cells[i:i + width] for i in range(0, len(cells), width)]


class PenticObserver:
    """Pentic's observer: the observation (``perfect_recall`` off) or the information
    state (on), of the kinds OpenSpiel's ``IIGObservationType`` names:

    * ``private_info=SINGLE_PLAYER`` (the default) shows the seat's own cards,
      ``NONE`` leaves them out (a public observer: the tensor's ``hand`` is zero, the
      strings are a spectator's — never the deal, which is the history's chance actions);
    * ``public_info=False`` leaves out what every seat sees (the tensor holds only the
      ``hand``, the strings only the seat's own cards).
    """

    def __init__(self, iig_obs_type=None) -> None:
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        self.perfect_recall = iig_obs_type.perfect_recall
        self.public = iig_obs_type.public_info
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("Pentic observers show one seat's hand at most")
        spec = tensors.INFO_SPECS["pentic"] if self.perfect_recall else tensors.SPECS["pentic"]
        self.tensor = np.zeros(tensors.size(spec), np.float32)
        self.dict = tensors.split(self.tensor, spec)

    def set_from(self, state: PenticState, player: int) -> None:
        inner = state.pentarena
        if inner is None:
            self.tensor.fill(0.0)
            return
        if self.perfect_recall:
            self.tensor[:] = tensors.information_state(inner, player)
        else:
            self.tensor[:] = tensors.observation(inner, player)
        if not self.public:
            for name, part in self.dict.items():
                if name != "hand":
                    part.fill(0.0)
        if not self.private:
            self.dict["hand"].fill(0.0)

    def string_from(self, state: PenticState, player: int) -> str:
        if self.public and self.private:
            if self.perfect_recall:
                return state.information_record(player)
            return state.observation_text(player)
        if self.public:
            return state.public_record() if self.perfect_recall else state.public_observation_text()
        if self.private:
            if self.perfect_recall:
                return state.private_record(player)
            return state.private_observation_text(player)
        return ""


class PentupState(PentarenaState):
    """Pent-Up for OpenSpiel."""


class PentominoState(PentarenaState):
    """Golomb's pentomino game for OpenSpiel."""


# The game classes, by name in this module: pickle finds a game (and a state, which
# pickles its game) here, as OpenSpiel's own Python games are found in theirs.


class PentupGame(PentarenaGame):
    """``pentarena_pentup``: Pent-Up for OpenSpiel."""

    NAME = "pentup"


class PentagoGame(PentarenaGame):
    """``pentarena_pentago``: Pentago for OpenSpiel."""

    NAME = "pentago"


class PentominoGame(PentarenaGame):
    """``pentarena_pentomino``: Golomb's pentomino game for OpenSpiel."""

    NAME = "pentomino"


class PenticGame(PentarenaGame):
    """``pentarena_pentic``: Pentic for OpenSpiel."""

    NAME = "pentic"


_STATE_CLASS: dict[str, type[PentarenaState]] = {
    "pentup": PentupState, "pentago": PentagoState, "pentomino": PentominoState,
    "pentic": PenticState}
_TYPES: dict[str, pyspiel.GameType] = {}
GAME_CLASSES: dict[str, type[PentarenaGame]] = {
    "pentup": PentupGame, "pentago": PentagoGame, "pentomino": PentominoGame,
    "pentic": PenticGame}


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for name in GAMES:
        _TYPES[name] = _game_type(name)
        if short_name(name) not in registered:
            pyspiel.register_game(_TYPES[name], GAME_CLASSES[name])


_register()

__all__ = ["GAMES", "GAME_CLASSES", "load", "openspiel_params", "PentagoGame", "PentagoState",
           "PentarenaGame", "PentarenaState", "PenticGame", "PenticState", "PentominoGame",
           "PentominoState", "PentupGame", "PentupState", "parameter_spec", "short_name",
           "zero_sum_returns"]
