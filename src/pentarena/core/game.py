"""The game protocol every Pentarena game implements, and the game registry.

A :class:`Game` holds the immutable facts of a table (name, options, number of seats) and
creates states.  A :class:`State` is one mutable position.  Moves are small hashable value
objects whose ``str()`` is canonical move text that ``State.parse_move`` reads back.
"""

from __future__ import annotations

import math
import numbers
import operator
import random
import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .errors import (
    GameOptionError,
    IllegalMoveError,
    InvalidMoveError,
    StateFormatError,
    described,
    json_object,
    shown,
)

Move = Hashable
"""A game's move: hashable, ``str(move)`` is its canonical text."""


@dataclass(frozen=True)
class Solution:
    """The exact value of a position for the player to move, from exhaustive search.

    ``value``: 1 the mover wins with best play, 0 a draw, -1 the mover loses whatever it
    plays.  ``move``: a move that keeps that value (a winning move when ``value`` is 1).
    ``nodes``: positions searched (as the game's solver counts them: Pentago's counts
    every rotation state of a layer it computes at once)."""

    value: int
    move: Move
    nodes: int = 0


@dataclass(frozen=True)
class SearchResult:
    """What a game's own (native) search found for the player to move.

    ``move``: the move it chose.  ``value``: its score for the mover, -1..1 (±1 only for
    a proven result).  ``proven``: 1 a forced win, -1 a forced loss, 0 otherwise: a
    heuristic value, or an exact one where ``depth`` reached the end of the game (Pentago:
    as many plies as empty cells; ``value`` 0 then is a proven draw).  ``depth``: plies
    searched, at most the plies the game can still last; ``nodes``: positions visited.  ``seat_values``: where the
    search keeps them, every seat's mean reward at the root, 0..1 (a game of more than
    two sides, where one value for the mover does not say how the others stand)."""

    move: Move
    value: float
    depth: int
    nodes: int
    proven: int = 0
    seat_values: tuple[float, ...] | None = None


def _folded(text: str) -> str:
    """``text`` as a name is matched: without case or accents (``Misère`` is ``misere``)."""
    decomposed = unicodedata.normalize("NFKD", text.strip())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@dataclass(frozen=True)
class Option:
    """One table option: its default, the allowed values and a line of help."""

    default: Any
    choices: tuple[Any, ...] | None = None
    help: str = ""
    kind: type | None = None
    canonical: Callable[[str], str] | None = None
    """Text as the option spells it, whatever its case (a puzzle's ``8X8-Centre`` is
    ``8x8-centre``); without it, a choice of text is matched whatever its case."""

    def check(self, name: str, value: Any, *, text: bool = True) -> Any:
        """``value`` if the option takes it, else GameOptionError saying what it takes.
        ``text``: also read a number or a yes/no from text (``"3"``, ``"yes"``: what a
        command line gives) and a name in any case, accents or none (``Misère``); without it (JSON
        clients) a value must be of its own type and spelled as the option spells it."""
        kind = self.kind or type(self.default)
        if text and isinstance(value, str) and kind is str:
            if self.canonical is not None:
                value = self.canonical(value)
            elif self.choices is not None:  # any case, with or without accents (misère)
                value = {_folded(c): c for c in self.choices if isinstance(c, str)}.get(
                    _folded(value), value)
        if text and kind is bool and isinstance(value, str):
            low = value.strip().lower()
            if low in ("true", "yes", "1", "on"):
                value = True
            elif low in ("false", "no", "0", "off"):
                value = False
        elif (text and kind is int and isinstance(value, str)
              and re.fullmatch(r"-?[0-9]+", value.strip())):
            try:
                value = int(value)
            except ValueError:  # over Python's 4,300 digits: out of any option's range
                raise GameOptionError(f"option {name!r} is out of range: "
                                      f"{described(value)}") from None
        what = {int: "a whole number", bool: "true or false", str: "text"}.get(kind, kind.__name__)
        if value is None and self.default is not None:  # null only where it is the default
            raise GameOptionError(f"option {name!r} must be {what}, got null")
        if value is not None and kind is not type(None) and not isinstance(value, kind):
            raise GameOptionError(f"option {name!r} must be {what}, got {described(value)}")
        if isinstance(value, bool) and kind is int:
            # (said so for JSON's true and Python's True alike)
            raise GameOptionError(f"option {name!r} must be a number, not true or false")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise GameOptionError(f"option {name!r} must be one of {allowed}; "
                                  f"got {described(value)}")
        return value


class Game(ABC):
    """Immutable facts about a table: the game's name, its options, its seats."""

    name: str = ""
    hidden_information: bool = False
    """True when a seat may not see everything (``State.view`` hides it)."""
    analysis_thresholds: tuple[float, float] = (0.3, 0.6)
    """The post-game analysis's marks: a move that lowers its player's estimated value
    (−1 lost … +1 won) by the first is a mistake, by the second a blunder."""
    analysis_iterations_per_second: int = 100_000
    """How many iterations a second of post-game analysis runs where the game's own tree
    search values a move (about two thirds of what it runs a second on this machine):
    counted, not read from a clock, so that a record gets the same verdicts however busy
    the machine is."""
    search: str = "mcts"
    """The tree search the search bots use with perfect information: "mcts", or
    "alphabeta" for two-player games whose ``State.evaluate`` is worth searching with."""
    level_tuning: Mapping[str, Mapping[str, Any]] = MappingProxyType({})
    """What a named AI level does differently in this game (``ai.bots.SearchBot``): per
    level, ``solve_share`` (of the move's time first spent solving exactly) and
    ``solver``: "solve" (``State.solve_position``), "prove" (``State.perfect_move``
    without a book) or "book" (``State.perfect_move``); ``search``: keyword arguments for
    the game's native ``State.search_position``."""

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = dict(options)

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats."""

    @property
    def sides(self) -> list[tuple[int, ...]]:
        """Groups of seats that win or lose together (one seat each unless teams)."""
        return [(s,) for s in range(self.num_players)]

    def opponents(self, seat: int) -> list[int]:
        """The seats of every side but ``seat``'s, in order: who wins when it resigns."""
        return [s for side in self.sides if seat not in side for s in side]

    @abstractmethod
    def new_initial_state(self, seed: int | None = None, **kwargs: Any) -> State:
        """The starting position.  ``seed`` fixes every shuffle."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any] | str) -> State:
        """Rebuild a state from :meth:`State.to_json` output."""

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"load_game({self.name!r}{', ' if opts else ''}{opts})"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        inherit_docs(cls, Game)

    def _check_json_header(self, data: Mapping[str, Any] | str) -> dict[str, Any]:
        """Parse ``data`` if it is text and check it belongs to this game and options."""
        data = json_object(data, "the state")
        if "game" not in data:
            raise StateFormatError(
                f"this is not a saved state: it has no 'game' field (state.to_json() gives "
                f"one, with 'game': {self.name!r}); its fields: "
                f"{', '.join(shown(k) for k in list(data)[:8]) or 'none'}"
            )
        if data.get("game") != self.name:
            raise StateFormatError(
                f"this state is for game {data.get('game')!r}, not {self.name!r}"
            )
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise StateFormatError("'options' must be an object")
        if dict(options) != self.options:
            raise StateFormatError(
                f"this state was saved with options {dict(options)}, "
                f"but this game has {self.options}"
            )
        return dict(data)


SEED_RANGE = range(-(2**63), 2**63)
"""Seeds are signed 64-bit numbers (what every database stores as an integer)."""


def setup_seed(seed: Any) -> int | None:
    """A ``new_initial_state`` seed: None, or a whole number that fits in 64 bits (as a
    saved state and a record store it); else GameOptionError saying so."""
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                             or seed not in SEED_RANGE):
        raise GameOptionError(f"a seed is None or a whole number that fits in 64 bits "
                              f"(between -2**63 and 2**63 - 1), got {shown(seed)}")
    return seed


RUN_SEED_RANGE = range(-(2**63), 2**64)
"""The seeds a playout, a search or a deal at run time takes (``random_playouts``,
``search_position(seed=...)``, ``determinize``): a state's seed (signed 64 bits) or 64
random bits; the engine uses the number modulo 2**64 (two's complement)."""


def check_time_limit(time_limit: Any, *, optional: bool = False,
                     unbounded: bool = True) -> float | None:
    """``time_limit`` if it is a number of seconds, 0 or more; else ValueError saying
    so (NaN, a negative number, text, a bool).  ``optional``: None is allowed (no limit).
    ``unbounded``: ``inf`` is allowed — where something else bounds the work (the
    solvers, a depth, iterations); where nothing does, the caller passes False and
    ``inf`` is refused too."""
    if time_limit is None and optional:
        return None
    if (not isinstance(time_limit, numbers.Real) or isinstance(time_limit, bool)
            or not time_limit >= 0):  # (NaN compares false)
        raise ValueError(f"time_limit must be a number of seconds, 0 or more, got "
                         f"{shown(time_limit)}")
    if not unbounded and math.isinf(time_limit):
        raise ValueError("time_limit must be finite here: nothing else would stop the "
                         "search (give iterations or a depth to search without a clock)")
    return time_limit


def json_seed(data: Mapping[str, Any]) -> int | None:
    """The ``seed`` of a saved state: None or a whole number that fits in 64 bits (what
    ``new_initial_state`` takes, and a record and a database hold); else StateFormatError."""
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise StateFormatError("'seed' must be a whole number or null")
    if seed is not None and seed not in SEED_RANGE:
        raise StateFormatError(f"'seed' must fit in 64 bits (between -2**63 and 2**63 - 1), "
                               f"got {shown(seed)}")
    return seed


def replay_moves(state: State, data: Mapping[str, Any]) -> State:
    """Apply the saved ``moves`` to ``state``; a StateFormatError names the first bad one."""
    for i, text in enumerate(ensure_sequence(data.get("moves", []), "'moves'")):
        if not isinstance(text, str):
            raise StateFormatError(f"move {i + 1} must be move text, got {text!r}")
        try:
            state.apply(text)
        except (ValueError, TypeError) as exc:
            raise StateFormatError(f"move {i + 1} ({text!r}) cannot be replayed: {exc}") from None
    return state


class State(ABC):
    """One position of a game.  Mutable: :meth:`apply` changes it in place."""

    game: Game

    # --- the API contract -------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to move, or None when the game is over."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal move, in a deterministic order."""

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read move text; raises InvalidMoveError when it cannot be understood."""

    @abstractmethod
    def _apply_move(self, move: Move) -> None:
        """Play a move already known to be legal."""

    @abstractmethod
    def check_move(self, move: Move) -> None:
        """Raise IllegalMoveError with a reason if ``move`` is not legal here."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abstractmethod
    def winners(self) -> set[int]:
        """The winning seats; empty until the game is over.

        Every game answers the same way: the seats of every side (a seat, or a team's
        partners) that shares the best result.  One side best: its seats (a team's win
        names both partners).  A tie between sides: the seats of all of them — so a full
        draw (a Pentago draw, equal Pent-Up records, equal Pentic or Pentomino match
        totals) returns every seat, e.g. ``{0, 1}``, never an empty set.  A solved puzzle
        returns its one seat, ``{0}``.  ``returns()`` shares the reward out between the
        winning sides.
        """

    @abstractmethod
    def scores(self) -> list[Any]:
        """One score per seat (points or a record, depending on the game)."""

    @abstractmethod
    def history(self) -> list[str]:
        """The moves played so far, as canonical text."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict from which ``game.state_from_json`` rebuilds this state."""

    def is_terminal(self) -> bool:
        """Whether the game is over (no seat is to move)."""
        return self.current_player is None

    def apply(self, move: Move | str) -> None:
        """Play ``move`` (a move object or move text) for the player to move.

        Raises InvalidMoveError (text not understood) or IllegalMoveError (not allowed);
        the state is unchanged when either is raised.
        """
        if self.is_terminal():
            raise IllegalMoveError("the game is over: no more moves can be played")
        if isinstance(move, str):
            move = self.parse_move(move)
        self.check_move(move)
        self._apply_move(move)

    def view(self, seat: int | None) -> State:
        """What ``seat`` may see (None: a spectator).  Perfect-information games: a copy.
        GameOptionError for a seat the table does not have."""
        check_seat(seat, self.game.num_players)
        return self.clone()

    def move_previews(self) -> dict[str, Any] | None:
        """Per legal move text, what it would do (e.g. its score) — shown before Confirm;
        None when the game has nothing to preview."""
        return None

    def secrets(self, seat: int | None) -> list[str]:
        """Texts that ``seat`` (None: a spectator) must never be shown; [] when nothing
        is hidden.  The conformance suite checks views against them."""
        return []

    def result_details(self) -> dict[str, Any]:
        """Game-specific figures behind the scores, for result banners (JSON-ready)."""
        return {}

    # --- hooks used by the AI (game-agnostic defaults) --------------------------------
    def random_move(self, rng: random.Random) -> Move:
        """A uniformly random legal move.  Games may override with a faster generator."""
        moves = self.legal_moves()
        if not moves:
            raise IllegalMoveError("the game is over: there is no move to choose")
        return rng.choice(moves)

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with what this state shows, hidden information dealt
        at random (games without hidden information: a copy)."""
        return self.clone()

    def playout_move(self, rng: random.Random) -> Move:
        """The move a Monte Carlo playout makes here; games may bias it.  Default: random."""
        return self.random_move(rng)

    def order_moves(self, moves: list[Move], rng: random.Random) -> list[Move]:
        """``moves`` in the order a search should try them (most promising first).

        Default: a random order.  The list may be reordered in place and is returned.
        """
        rng.shuffle(moves)
        return moves

    def solve_position(self, time_limit: float = 1.0) -> Solution | None:
        """Perfect play: the exact value of this position and a best move, if the game
        can search it out within ``time_limit`` seconds.  None when the game has no exact
        solver for this position or the search did not finish in time (the default).
        ``time_limit``: seconds, 0 or more (``inf`` or None: no limit); ValueError otherwise."""
        check_time_limit(time_limit, optional=True)
        return None

    def proved_value(self) -> Solution | None:
        """The exact value of this position as a shipped table of proofs holds it (no
        search: e.g. a draft's picks settled by the proved drafts), with a best move;
        None where no table settles it (the default)."""
        return None

    stubborn_losses = False
    """Whether :meth:`perfect_move` names, in a lost position (value -1), the move that
    makes the win hardest for the opponent (then the ``perfect`` level plays it)."""

    def perfect_move(self, time_limit: float = 1.0, book: bool = True,
                     memory: dict[str, Any] | None = None) -> Solution | None:
        """The ``perfect`` level's exact move: what the game knows beyond
        :meth:`solve_position` (an opening book — unless ``book`` is false —, a solver
        whose tables last between moves, kept in the caller's ``memory`` when given);
        by default :meth:`solve_position` itself."""
        check_time_limit(time_limit, optional=True)
        return self.solve_position(time_limit)

    def search_position(self, time_limit: float = 1.0, **options: Any) -> SearchResult | None:
        """The game's own strong search (e.g. native alpha-beta with game knowledge), run
        for ``time_limit`` seconds; None when the game has none (the default): the AI then
        searches through this protocol.  Hidden-information games are also given
        ``seed`` (their search is randomized) and ``level`` (the computer level asking,
        so that a game can calibrate its levels), and must search only what the player
        to move may see.  ``time_limit``: seconds, 0 or more (``inf`` or None — no clock —
        only with ``iterations`` or ``max_depth`` to stop the search); ValueError
        otherwise."""
        bounded = "iterations" in options or "max_depth" in options
        check_time_limit(time_limit, optional=bounded, unbounded=bounded)
        return None

    def position_key(self) -> Hashable | None:
        """A key equal for states that play on identically (same position, same player
        to move), so a search can skip transpositions; None: no key (the default)."""
        return None

    def returns(self) -> list[float]:
        """Reward per seat at the end: 1 for a sole winning side, shared out on ties."""
        won = self.winners()
        if not won:
            return [0.0] * self.game.num_players
        winning_sides = sum(1 for side in self.game.sides if won.intersection(side))
        share = 1.0 / winning_sides
        return [share if s in won else 0.0 for s in range(self.game.num_players)]

    def evaluate(self, seat: int) -> float:
        """A heuristic value of this position for ``seat`` (higher is better); 0 = unknown.
        GameOptionError for a seat the table does not have."""
        check_player(seat, self.game.num_players)
        if self.is_terminal():
            return self.returns()[seat] * 2.0 - 1.0
        return 0.0

    def __str__(self) -> str:
        return f"<{self.game.name} state after {len(self.history())} moves>"

    def __eq__(self, other: object) -> bool:
        """Two states are equal when they are the same game's (its options too) with the
        same moves played from the same start — the same deal or sets where the game has
        them — whatever seed made that start: what :meth:`to_json` holds, the seed aside.
        A native state and its pure-Python reference compare too; a transposition (the
        same board by other moves) is not equal.  States change as they are played, so
        they are not hashable, as a list is not: key a table by ``tuple(s.history())``."""
        if not isinstance(other, State):
            return NotImplemented
        if self is other:
            return True
        mine, theirs = self.to_json(), other.to_json()
        mine.pop("seed", None)
        theirs.pop("seed", None)
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]  (mutable: see __eq__)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        inherit_docs(cls, State)


def _seats(players: int) -> str:
    """The seats of a table, as the native core names them ('between 0 and 2'); a puzzle's
    one seat as '0'."""
    return "0" if players == 1 else f"between 0 and {players - 1}"


def check_seat(seat: Any, players: int) -> None:
    """GameOptionError unless ``seat`` is None (a spectator) or a seat of the table (the
    native core's words)."""
    if seat is None:
        return
    try:
        index = None if isinstance(seat, bool) else operator.index(seat)
    except TypeError:
        index = None
    if index is None or not 0 <= index < players:
        raise GameOptionError(f"seat must be {_seats(players)} (or None: a spectator), got "
                              f"{shown(seat)}")


def check_player(seat: Any, players: int) -> int:
    """``seat`` if it is a seat of the table (a whole number from 0 to ``players - 1``, not a
    bool); else GameOptionError (the native core's words)."""
    try:
        index = None if isinstance(seat, bool) else operator.index(seat)
    except TypeError:
        index = None
    if index is None or not 0 <= index < players:
        raise GameOptionError(f"seat must be {_seats(players)}, got {shown(seat)}")
    return index


def inherit_docs(cls: type, contract: type) -> None:
    """Give each public method (or property) that ``cls`` defines without a docstring
    the docstring of the ``contract`` class's method of that name: ``help(state.history)``
    then says what the API promises on every game."""
    for name, member in vars(cls).items():
        if name.startswith("_") or name not in vars(contract):
            continue
        promised = vars(contract)[name]
        doc = (promised.fget if isinstance(promised, property) else promised).__doc__
        target = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
        if not doc or (getattr(target, "__doc__", None) or "").strip():
            continue
        try:
            target.__doc__ = doc
        except (AttributeError, TypeError):  # a built-in's doc is fixed (the native core's)
            pass


# ----------------------------------------------------------------------------------------
# Registry
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its name, title, one-line description and options."""

    name: str
    title: str
    description: str
    factory: Callable[..., Game]
    options: Mapping[str, Option] = field(default_factory=dict)
    check: Callable[[dict[str, Any]], None] | None = None
    unused: Callable[[Mapping[str, Any]], dict[str, str]] | None = None
    """The options that the other (resolved) options leave without effect, each with
    why (Pentomino's target with 2 players); front ends refuse them when they are given.
    Not an error for ``load_game``: a record or table may carry their defaults."""
    solo: bool = False
    """A one-player puzzle: random play need not end; ``state.hint()`` leads to the end."""
    order: int = 100
    """Where the game is listed (lower first), then by name."""

    def defaults(self) -> dict[str, Any]:
        return {k: o.default for k, o in self.options.items()}

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "solo": self.solo,
            "options": {
                k: {"default": o.default, "choices": list(o.choices) if o.choices else None,
                    "help": o.help}
                for k, o in self.options.items()
            },
        }


_REGISTRY: dict[str, GameInfo] = {}


def register_game(info: GameInfo) -> None:
    """Make a game loadable by name."""
    _REGISTRY[info.name] = info


def game_info(name: str) -> GameInfo:
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise GameOptionError(f"unknown game {name!r}; known games: {known}") from None


def resolve_options(name: str, options: Mapping[str, Any], /, *,
                    text: bool = True) -> dict[str, Any]:
    """The full option dict for ``name``: defaults filled in, every value checked
    (``text=False``: numbers and true/false given as text are refused, not read)."""
    info = game_info(name)
    unknown = set(options) - set(info.options)
    if unknown:
        allowed = ", ".join(info.options) or "none"
        shown = sorted(repr(k) if len(repr(k)) <= 40 else repr(k)[:37] + "…" for k in unknown)
        raise GameOptionError(f"{name} has no option {', '.join(shown[:5])}"
                              f"{' …' if len(shown) > 5 else ''}; options: {allowed}")
    resolved = info.defaults()
    for key, value in options.items():
        resolved[key] = info.options[key].check(key, value, text=text)
    if info.check:
        info.check(resolved)
    return resolved


def unused_options(name: str, resolved: Mapping[str, Any], /) -> dict[str, str]:
    """The options of ``name`` that ``resolved`` (all its options) leaves without
    effect, each with why; {} when all apply."""
    info = game_info(name)
    return info.unused(resolved) if info.unused else {}


def load_game(name: str, /, **options: Any) -> Game:
    """The game ``name`` with ``options`` (unknown names or values raise GameOptionError)."""
    info = game_info(name)
    return info.factory(**resolve_options(name, options))


def list_games() -> list[dict[str, Any]]:
    """Every registered game with its title, description and options (with defaults)."""
    return [info.describe() for info in registered_games()]


def registered_games() -> list[GameInfo]:
    return sorted(_REGISTRY.values(), key=lambda info: (info.order, info.name))


def ensure_sequence(value: Any, what: str) -> Sequence[Any]:
    """``value`` if it is a list, else a StateFormatError naming ``what``."""
    if not isinstance(value, list):
        raise StateFormatError(f"{what} must be a list")
    return value


__all__ = [
    "Game",
    "GameInfo",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Option",
    "State",
    "ensure_sequence",
    "json_seed",
    "replay_moves",
    "game_info",
    "list_games",
    "load_game",
    "register_game",
    "registered_games",
    "resolve_options",
    "unused_options",
]
