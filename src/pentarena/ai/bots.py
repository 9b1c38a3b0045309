"""Baseline bots and the named difficulty levels.

Every bot answers ``choose(state)`` within its time limit: no bot can block forever.
"""

from __future__ import annotations

import math
import numbers
import random
import time
from abc import ABC, abstractmethod
from typing import Any

from ..core.errors import GameOptionError, HiddenInformationError, IllegalMoveError, shown
from ..core.game import Game, Move, SearchResult, Solution, State

DEFAULT_TIME_LIMIT = 1.0


class Bot(ABC):
    """A computer player.  ``time_limit`` (seconds) bounds every decision."""

    name = "bot"

    def __init__(self, seed: int | None = None, time_limit: float = DEFAULT_TIME_LIMIT) -> None:
        self.rng = random.Random(seed)
        self.time_limit = bot_time_limit(time_limit)

    def budget(self, time_limit: float | None) -> float:
        """The seconds a ``choose`` call may take: ``time_limit``, or the bot's own when
        it is None; ValueError as for the bot's own (see :func:`bot_time_limit`)."""
        return self.time_limit if time_limit is None else bot_time_limit(time_limit)

    @abstractmethod
    def choose(self, state: State, time_limit: float | None = None) -> Move:
        """A legal move for the player to move in ``state`` (which is not changed)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(time_limit={self.time_limit})"


def bot_time_limit(time_limit: Any, name: str = "time_limit") -> float:
    """``time_limit`` if it is a finite number of seconds above 0; else ValueError saying
    so — NaN (a clock never passes it), 0 or less, ``inf`` (a bot answers within its time:
    no bot may block forever), text or a bool — of the argument ``name``."""
    if (not isinstance(time_limit, numbers.Real) or isinstance(time_limit, bool)
            or not 0 < time_limit < math.inf):  # (NaN compares false)
        raise ValueError(f"{name} must be a finite number of seconds above 0, got "
                         f"{time_limit!r}")
    return time_limit


def whole_option(value: Any, what: str, low: int, optional: bool = True) -> int | None:
    """A bot's whole-number setting: ``value`` if it is a whole number ``low`` or more (or
    None, when ``optional``); else ValueError saying so (not a failure later, mid-search)."""
    if value is None and optional:
        return None
    if not isinstance(value, numbers.Integral) or isinstance(value, bool) or value < low:
        none = "None or " if optional else ""
        raise ValueError(f"{what} must be {none}a whole number, {low} or more, got {shown(value)}")
    return int(value)


def real_option(value: Any, what: str, low: float, high: float = math.inf,
                above_low: bool = False) -> float:
    """A bot's numeric setting: ``value`` if it is a finite number from ``low`` (above it,
    when ``above_low``) to ``high``; else ValueError saying so (NaN, inf, text, a bool)."""
    if (not isinstance(value, numbers.Real) or isinstance(value, bool)
            or not (low < value if above_low else low <= value) or not value <= high
            or math.isinf(value)):  # (NaN compares false)
        bound = f"above {low:g}" if above_low else f"{low:g} or more"
        if high < math.inf:
            bound = f"from {low:g} to {high:g}"
        raise ValueError(f"{what} must be a finite number {bound}, got {shown(value)}")
    return value


class RandomBot(Bot):
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, state: State, time_limit: float | None = None) -> Move:
        self.budget(time_limit)  # (checked: answered at once)
        return state.random_move(self.rng)


def game_on(state: State) -> None:
    """IllegalMoveError unless ``state``'s game goes on (a bot asked for a move after the
    end: every game and level says so alike)."""
    if state.is_terminal():
        raise IllegalMoveError("the game is over: there is no move to choose")


def all_cards_known(bot: Bot, state: State) -> None:
    """HiddenInformationError unless ``bot`` (a search that treats ``state`` as the whole
    truth) may search ``state``: a game with hidden information only when the bot was made
    with ``see_all=True`` (every card known on purpose: what knowing them is worth), and then
    only a full state, never a seat's view."""
    game = state.game
    if not game.hidden_information:
        return
    kind = type(bot).__name__
    if not getattr(bot, "see_all", False):
        raise HiddenInformationError(
            f"{kind} searches as if every card were known, and {game.name} hides cards: "
            f"use ISMCTSBot (it searches only what the seat may see) or make_bot(level) "
            f"with choose_for(bot, state); pass see_all=True only to search a full state "
            f"with every hand known on purpose (as the post-game analysis does)")
    if getattr(state, "is_view", False):
        raise HiddenInformationError(
            f"{kind}(see_all=True) needs the full state, not a seat's view: a view of "
            f"{game.name} does not know the other hands; use ISMCTSBot for a view")


def _anywhere(state: State) -> bool:
    """A level's ``solve_when`` unless the game tunes it: solve in any position."""
    return True


class GreedyBot(Bot):
    """One ply of look-ahead: the move whose result the game's heuristic rates best for the
    mover (``State.evaluate``); ties are broken at random."""

    name = "greedy"

    def choose(self, state: State, time_limit: float | None = None) -> Move:
        game_on(state)
        budget = self.budget(time_limit)
        tuning = state.game.level_tuning.get("easy", {})
        share = tuning.get("solve_share")
        if share and tuning.get("solve_when", _anywhere)(state):  # exact play near the end
            solution = state.solve_position(budget * share)
            if solution is not None and solution.value >= 0:
                return solution.move
        deadline = time.perf_counter() + budget
        seat = state.current_player
        moves = state.legal_moves()
        self.rng.shuffle(moves)
        best_value, best = float("-inf"), moves[0]
        for i, move in enumerate(moves):
            child = state.clone()
            child.apply(move)
            value = child.evaluate(seat)
            if value > best_value:
                best_value, best = value, move
            if i % 16 == 15 and time.perf_counter() > deadline:
                break
        return best


LEVELS: dict[str, str] = {
    "random": "random legal moves",
    "easy": "greedy: the best-looking move one ply ahead",
    "medium": "each game's tree search, up to 0.5 s a move (Pent-Up and Pentomino: MCTS; "
              "Pentic: information-set search over the hands it cannot see; Pentago: "
              "alpha-beta); perfect play once the game can solve the position",
    "hard": "the same search, deeper, up to 2 s a move",
    "expert": "the same search, deeper still, up to 5 s a move (Pent-Up: 10 s, two trees at "
              "once)",
    "perfect": "exact play as soon as the game can be solved within the move's time "
               "(Pentago: from about 18 empty cells), the strongest search before; "
               "10 s a move",
}


SOLVE_SHARE = 0.3
"""Share of a search bot's time first spent trying to solve the position exactly."""
PERFECT_SOLVE_SHARE = 0.85
"""The same for the ``perfect`` level: most of its time, when the solver expects to finish."""
SEARCH_MARGIN = 0.15
"""Seconds (at most; 8% of shorter budgets) kept back from a native search's limit, so
that the move is back in Python within the bot's time."""


class SearchBot(Bot):
    """Tree search for any game: UCT MCTS with perfect information (or alpha-beta when the
    game asks for it, ``Game.search``), information-set MCTS when the game hides
    information (so the bot never uses what its seat cannot see).

    With perfect information it first asks the game to solve the position exactly
    (``State.solve_position``, for ``solve_share`` of its time): a proven win or draw is
    played at once — perfect play wherever the game can be solved — and otherwise the tree
    search uses the time left: the game's own search when it has one
    (``State.search_position``: Pentago's native alpha-beta), else this package's.
    ``solved`` holds that last exact result (None when the move came from a search),
    ``searched`` the last native search's report.  ``native=False`` leaves the game's own
    search out (this package's search only: how the levels played before a game had one,
    kept for comparisons)."""

    name = "search"

    def __init__(self, seed: int | None = None, time_limit: float = DEFAULT_TIME_LIMIT,
                 solve: bool = True, solve_share: float = SOLVE_SHARE,
                 perfect: bool = False, level: str | None = None,
                 native: bool = True) -> None:
        """``level``: the computer level this bot plays (a game may tune what a level does,
        ``Game.level_tuning``; a hidden-information game's own search calibrates its levels
        by it).  ``perfect``: the ``perfect`` level (the game's best solver and its opening
        book first).  ``native=False``: never the game's own search, only this package's
        (``ismcts.py`` for hidden information: what Pentic's levels played before its
        native search)."""
        super().__init__(seed, time_limit)
        solve_share = real_option(solve_share, "solve_share (of the time)", 0.0, 1.0)
        self.level = level
        self.native = native
        from .alphabeta import AlphaBetaBot
        from .ismcts import ISMCTSBot
        from .mcts import MCTSBot

        self.mcts = MCTSBot(seed=seed, time_limit=time_limit)
        self.ismcts = ISMCTSBot(seed=seed, time_limit=time_limit)
        self.alphabeta = AlphaBetaBot(seed=seed, time_limit=time_limit)
        self.use_solver = solve
        self.solve_share = solve_share
        self.perfect = perfect
        self.memory: dict = {}  # what the game's perfect_move keeps between this bot's moves
        self.solved: Solution | None = None
        self.searched: SearchResult | None = None

    def choose(self, state: State, time_limit: float | None = None) -> Move:
        game_on(state)
        budget = self.budget(time_limit)
        self.solved = self.searched = None
        if state.game.hidden_information:
            native = state.search_position(budget - min(SEARCH_MARGIN, budget * 0.08),
                                           seed=self.rng.getrandbits(64),
                                           level=self.level) if self.native else None
            if native is not None:
                self.searched = native
                return native.move
            return self.ismcts.choose(state, budget)
        start = time.perf_counter()
        # a game may tune what a level does (Game.level_tuning): its share of the time,
        # its solve share, and whether it uses the game's best solver ("prove", with the
        # bot's own tables) and its opening book ("book")
        tuning = state.game.level_tuning.get(self.level, {}) if self.level else {}
        budget *= tuning.get("time_share", 1.0)
        share = tuning.get("solve_share", self.solve_share)
        solver = tuning.get("solver", "book" if self.perfect else "solve")
        if self.use_solver and tuning.get("solve_when", _anywhere)(state):
            if solver != "solve":  # the game's best solver; lost: the most stubborn move
                solution = state.perfect_move(budget * share, book=solver == "book",
                                              memory=self.memory)
                stubborn = state.stubborn_losses
            else:
                solution, stubborn = state.solve_position(budget * share), False
            if solution is not None and (solution.value >= 0 or stubborn):
                self.solved = solution
                return solution.move
        left = max(budget - (time.perf_counter() - start), budget * (1 - share) / 2)
        native = (state.search_position(left - min(SEARCH_MARGIN, left * 0.08),
                                        **tuning.get("search", {}))
                  if self.native else None)
        if native is not None:
            self.searched = native
            return native.move
        bot = self.alphabeta if state.game.search == "alphabeta" else self.mcts
        return bot.choose(state, left)

    @property
    def last(self):
        return self.mcts.last or self.alphabeta.last or self.ismcts.last


def choose_for(bot: Bot, state: State, time_limit: float | None = None) -> Move:
    """Ask ``bot`` for the move of the player to move, showing it only that seat's view
    when the game hides information."""
    if state.game.hidden_information:
        state = state.view(state.current_player)
    return bot.choose(state, time_limit)


BUDGETS: dict[str, float] = {"medium": 0.5, "hard": 2.0, "expert": 5.0, "perfect": 10.0, "mcts": 1.0}
"""Seconds a move of each search level, before a game's ``time_share`` (``Game.level_tuning``)."""


def thinking_seconds(game: type[Game] | Game, level: str) -> float | None:
    """The longest the level thinks about a move of ``game`` (its budget times the game's
    ``time_share``); None for the levels that answer at once (``random``, ``easy``)."""
    if level not in BUDGETS:
        return None
    return BUDGETS[level] * game.level_tuning.get(level, {}).get("time_share", 1.0)


def make_bot(level: str, seed: int | None = None, time_limit: float | None = None) -> Bot:
    """The bot for a named level (see :data:`LEVELS`); ``time_limit`` overrides its budget."""
    def budget(default: float) -> float:
        return default if time_limit is None else time_limit  # (0 is refused, not the default)

    if not isinstance(level, str):
        raise GameOptionError(f"an AI level is a name (one of {', '.join(LEVELS)}), "
                              f"not {shown(level)}")
    if level == "random":
        return RandomBot(seed, budget(DEFAULT_TIME_LIMIT))
    if level in ("easy", "greedy"):
        return GreedyBot(seed, budget(DEFAULT_TIME_LIMIT))
    if level == "perfect":
        return SearchBot(seed=seed, time_limit=budget(BUDGETS[level]),
                         solve_share=PERFECT_SOLVE_SHARE, perfect=True, level=level)
    if level in BUDGETS:
        return SearchBot(seed=seed, time_limit=budget(BUDGETS[level]), level=level)
    if level == "python-search":
        return SearchBot(seed=seed, time_limit=budget(2.0), native=False)
    arena = "pentarena.ai.arena.make_player(spec, seed, time_limit) makes those"
    if level.startswith(("python-", "reference-", "openspiel-")):
        raise GameOptionError(f"{shown(level)} is a player of 'pentarena arena', not a "
                              f"level: {arena}")
    if "@" in level:
        base, _, seconds = level.partition("@")
        raise GameOptionError(f"{shown(level)} is a level with its time, as 'pentarena "
                              f"arena' writes it: here make_bot({shown(base)}, "
                              f"time_limit={seconds[:20]}); {arena}")
    raise GameOptionError(f"unknown AI level {shown(level)}; levels: {', '.join(LEVELS)} "
                          "(also greedy, the same as easy; mcts; python-search)")
