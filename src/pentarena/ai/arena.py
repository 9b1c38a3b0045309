"""Matches between computer players: who beats whom, by how much, and how sure we are.

``round_robin`` plays every pair of players of a two-player game against each other
(seats alternated, each game in its own process) and returns, per pair, wins, draws and
losses with a 95% interval of the score and the Elo difference it implies.  Games for
three or more seats play one match with the players rotating through the seats.

Players are named by their computer level (``random``, ``easy``, ``medium``, ...), with an
optional time per move (``hard@1.5``); ``python-LEVEL`` (``python-hard``) is that level
without the game's own native search (the package's Python search, as the level played
before the game had one: for comparisons); ``reference-LEVEL`` (``reference-hard``) is the
same Python search thinking on the game's pure-Python reference engine, that is the level
exactly as it played before the native core existed; or ``openspiel-mcts:SIMS`` for
OpenSpiel's own C++ MCTS with SIMS simulations a move (Pentago, with ``pip install
'pentarena[research]'``): an opponent nobody here wrote.
"""

from __future__ import annotations

import hashlib
import importlib
import math
import multiprocessing
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import GameOptionError
from ..core.game import Move, State, game_info, load_game
from .bots import LEVELS, Bot, SearchBot, choose_for, make_bot

Z95 = 1.96
BOT_ALIASES: dict[str, str] = {
    "greedy": "the same as easy",
    "mcts": "the search of medium with 1 s a move",
    "python-search": "the package's Python search only, never a game's native one, 2 s a "
                     "move (Pentic: the information-set MCTS that was hard before the "
                     "native search)",
}
BOT_NAMES: tuple[str, ...] = (*LEVELS, *BOT_ALIASES)
"""Every computer level ``make_bot`` accepts."""
PYTHON_PREFIX = "python-"
"""``python-hard``: the level without the game's native search (see the module doc)."""
REFERENCE_PREFIX = "reference-"
"""``reference-hard``: the Python search on the pure-Python engine (see the module doc)."""
REFERENCE_GAMES: dict[str, str] = {
    "pentago": "pentarena.games.pentago.reference:ReferencePentagoGame",
    "pentic": "pentarena.games.pentic.reference:ReferencePenticGame",
    "pentomino": "pentarena.games.pentomino.reference:ReferencePentominoGame",
    "pentup": "pentarena.games.pentup.reference:ReferencePentUpGame",
}
"""The pure-Python engines a ``reference-`` player thinks on (a Pentic seat's view goes
over as a view: the reference engine deals the cards it cannot see itself)."""


def wilson(points: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval for a score rate (``points`` of ``n``; none: 0–1)."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, points / n))
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo(score: float) -> float:
    """The Elo difference a score rate implies (±inf at 0% and 100%)."""
    if score <= 1e-9:
        return -math.inf
    if score >= 1 - 1e-9:
        return math.inf
    return 400 * math.log10(score / (1 - score))


@dataclass
class Record:
    """One player's results against another, from the first player's side."""

    first: str
    second: str
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    @property
    def score(self) -> float:
        return self.points / self.games if self.games else 0.5

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.points, self.games)

    @property
    def elo(self) -> tuple[float, float, float]:
        """(Elo difference, low, high): from the score and its 95% interval."""
        lo, hi = self.interval
        return elo(self.score), elo(lo), elo(hi)

    def add(self, returns: Sequence[float]) -> None:
        """A game's returns, first player first."""
        if returns[0] > returns[1]:
            self.wins += 1
        elif returns[0] < returns[1]:
            self.losses += 1
        else:
            self.draws += 1


@dataclass
class Match:
    """A game for three or more seats: points per player over the rotating games."""

    players: list[str]
    games: int = 0
    points: list[float] = field(default_factory=list)


# -- players -----------------------------------------------------------------------------
OPENSPIEL_MAX_SIMS = 100_000_000
"""The most simulations a move ``openspiel-mcts:SIMS`` takes (OpenSpiel's bot counts them in
32 bits; at ~10,000 a second a move of this many would take hours already)."""


def base_level(level: str) -> str:
    """The level a player's name asks ``make_bot`` for: the name itself where it is one
    (``python-search``), else without its ``python-`` or ``reference-`` prefix."""
    if level in BOT_NAMES:
        return level
    return level.removeprefix(PYTHON_PREFIX).removeprefix(REFERENCE_PREFIX)


def check_player(spec: str, game_name: str) -> str:
    """``spec`` if it names a player for this game; GameOptionError says why not."""
    name, _, arg = spec.partition(":")
    if name == "openspiel-mcts":
        if game_name != "pentago":
            raise GameOptionError("openspiel-mcts plays Pentago only (OpenSpiel has no "
                                  f"{game_name})")
        if not (arg.isascii() and arg.isdigit()) or not 1 <= int(arg) <= OPENSPIEL_MAX_SIMS:
            raise GameOptionError(f"write openspiel-mcts:SIMS with SIMS the simulations a move, "
                                  f"from 1 to {OPENSPIEL_MAX_SIMS:,}, e.g. openspiel-mcts:1000")
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            raise GameOptionError("openspiel-mcts needs OpenSpiel: pip install "
                                  "'pentarena[research]'") from None
        return spec
    level = spec.partition("@")[0]
    if level.startswith(REFERENCE_PREFIX) and game_name not in REFERENCE_GAMES:
        raise GameOptionError(f"{spec!r}: reference- players think on a pure-Python engine "
                              f"({', '.join(REFERENCE_GAMES)}); {game_name} has none; try "
                              f"python-{spec[10:]}")
    level = base_level(level)
    if level not in BOT_NAMES:
        raise GameOptionError(f"unknown AI level {level!r}; levels: {', '.join(BOT_NAMES)}; "
                              "a level may be followed by @SECONDS (hard@1.5) and preceded by "
                              "python- (without the game's native search) or reference- "
                              "(the same on the pure-Python engine); or "
                              "openspiel-mcts:SIMS (Pentago)")
    seconds_after_at(spec)
    return spec


def seconds_after_at(spec: str) -> float | None:
    """The seconds a move after @ in ``spec`` (``hard@1.5``), None without @;
    GameOptionError for anything but a finite number above 0."""
    _, at, seconds = spec.partition("@")
    if not at:
        return None
    try:
        value = float(seconds)
    except ValueError:
        value = math.nan
    if not (value > 0 and math.isfinite(value)):
        raise GameOptionError(f"{spec!r}: the time after @ is seconds a move, e.g. hard@1.5")
    return value


def labels(players: Sequence[str]) -> list[str]:
    """The players' names in results: a name given more than once numbered in order
    (``easy,easy,greedy`` → ``easy#1``, ``easy#2``, ``greedy``), so that each keeps its own
    record."""
    return [f"{p}#{players[:i + 1].count(p)}" if players.count(p) > 1 else p
            for i, p in enumerate(players)]


def make_player(spec: str, seed: int, time_limit: float | None) -> Bot:
    """The player ``spec`` names (see :func:`check_player`, which round robins ask first;
    here a bad ``openspiel-mcts:SIMS`` or time after @ is refused the same way)."""
    name, _, arg = spec.partition(":")
    if name == "openspiel-mcts":
        from .openspiel_mcts import OpenSpielMCTSBot

        check_player(spec, "pentago")
        return OpenSpielMCTSBot(int(arg), seed=seed)
    level = spec.partition("@")[0]
    reference = level.startswith(REFERENCE_PREFIX)
    python = reference or level.startswith(PYTHON_PREFIX)
    seconds = seconds_after_at(spec)
    bot = make_bot(base_level(level), seed=seed, time_limit=seconds or time_limit)
    if python and isinstance(bot, SearchBot):
        bot.native = False
    return OnReference(bot) if reference else bot


class OnReference(Bot):
    """``bot`` thinking on the game's pure-Python reference engine: each position is
    replayed there (``to_json``/``state_from_json``) and ``bot`` chooses on that copy."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(time_limit=bot.time_limit)
        self.bot = bot
        self.games: dict[str, Any] = {}

    def choose(self, state: State, time_limit: float | None = None) -> Move:
        key = repr(state.game)
        if key not in self.games:
            module, _, cls = REFERENCE_GAMES[state.game.name].partition(":")
            self.games[key] = getattr(importlib.import_module(module), cls)(**state.game.options)
        return self.bot.choose(self.games[key].state_from_json(state.to_json()), time_limit)

    def __repr__(self) -> str:
        return f"OnReference({self.bot!r})"


# -- games ---------------------------------------------------------------------------------
def derive_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` of a round robin given ``seed`` (or of seat ``number``'s
    player in the game given ``seed``): 62 bits hashed from both, so the games of
    ``--seed 1`` and of ``--seed 2`` are independent samples (with ``seed + number`` they
    shared all but one game)."""
    digest = hashlib.blake2b(f"arena {seed} {number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 2


def play_game(job: tuple[str, dict[str, Any], list[str], int, float | None]) -> list[float]:
    """One game: ``players[seat]`` plays ``seat``; the returns per seat."""
    game_name, options, players, seed, time_limit = job
    game = load_game(game_name, **options)
    bots = [make_player(p, derive_seed(seed, s), time_limit) for s, p in enumerate(players)]
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        state.apply(choose_for(bots[state.current_player], state))
    return state.returns()


def _check(game_name: str, players: Sequence[str], games: int) -> None:
    if game_info(game_name).solo:
        raise GameOptionError(
            f"{game_name} is a one-person puzzle: arena plays computer players against each "
            f"other and needs a game for two or more (try 'pentarena solve puzzle REGION')")
    if not isinstance(games, int) or games < 1:
        raise GameOptionError(f"the number of games must be at least 1, got {games!r}")
    for p in players:
        check_player(p, game_name)


def schedule(game_name: str, options: dict[str, Any], players: Sequence[str], games: int,
             seed: int, time_limit: float | None = None) -> list[tuple[Any, tuple]]:
    """(what a game counts towards, its job) for every game to play."""
    _check(game_name, players, games)
    n = load_game(game_name, **options).num_players
    jobs: list[tuple[Any, tuple]] = []
    if n == 2 and len(players) >= 2:
        for i in range(len(players)):
            for j in range(i + 1, len(players)):
                for g in range(games):  # seats alternate; the same seeds for every pair
                    seated = [players[i], players[j]] if g % 2 == 0 else [players[j], players[i]]
                    jobs.append(((i, j, g % 2),
                                 (game_name, options, seated, derive_seed(seed, g), time_limit)))
        return jobs
    if len(players) != n:
        raise GameOptionError(f"{game_name} with these options has {n} seats: name {n} "
                              f"players (or, for two-seat games, two or more), got {len(players)}")
    for g in range(games):
        order = [(g + s) % n for s in range(n)]  # order[seat] = player index
        jobs.append((order, (game_name, options, [players[b] for b in order],
                             derive_seed(seed, g), time_limit)))
    return jobs


def round_robin(game_name: str, options: dict[str, Any], players: Sequence[str], games: int,
                time_limit: float | None = None, seed: int = 0, jobs: int | None = None,
                on_game: Callable[[], None] | None = None) -> list[Record] | Match:
    """Every pair of ``players`` plays ``games`` games (two-seat games; seats alternate),
    or, for more seats, one rotating match.  A player named twice is two players
    (``labels``).  Games run in ``jobs`` processes (default: the cores; 1: in this process).  ``on_game`` is called after each game (progress)."""
    planned = schedule(game_name, options, players, games, seed, time_limit)
    pairwise = isinstance(planned[0][0], tuple)
    names = labels(players)
    records = {(i, j): Record(names[i], names[j]) for i in range(len(players))
               for j in range(i + 1, len(players))} if pairwise else {}
    match = Match(names, 0, [0.0] * len(players))

    def count(key, returns: list[float]) -> None:
        if pairwise:
            i, j, swapped = key
            records[(i, j)].add(returns[::-1] if swapped else returns)
        else:
            match.games += 1
            for seat, b in enumerate(key):
                match.points[b] += returns[seat]
        if on_game:
            on_game()

    workers = jobs or os.cpu_count() or 1
    if workers == 1:
        for key, job in planned:
            count(key, play_game(job))
    else:  # leaving the block (Ctrl-C included) terminates the processes at once
        with multiprocessing.get_context("spawn").Pool(workers, _ignore_ctrl_c) as pool:
            for key, returns in pool.imap_unordered(_keyed_game, planned):
                count(key, returns)
    return list(records.values()) if pairwise else match


def _keyed_game(planned: tuple[Any, tuple]) -> tuple[Any, list[float]]:
    key, job = planned
    return key, play_game(job)


def _ignore_ctrl_c() -> None:
    """In a game process: Ctrl-C is the parent's to handle (it stops every process)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
