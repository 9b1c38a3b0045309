"""Pent-Up rules (RULES.md §1): the engine every other layer asks.

The rules run in the native engine (``native/src/pentup``, ``pentarena._native``).
:class:`PentUpState` inherits the engine's core, so the hot calls of the public API —
``legal_moves()``, ``apply()``, ``legal_actions()``, ``apply_action()``,
``action_to_move()``, ``is_terminal()``, ``current_player``, ``winners()``,
``count_legal_moves()``, ``random_playouts()`` — are Rust methods called directly; this
module adds the readable rest: move text, JSON, records and scores, the AI hooks that draw
from Python's ``random``.  The pure-Python engine in ``reference.py`` is the oracle the
native one is tested against.

Dense actions.  The table is unbounded, so action ids name placements in a window that
moves with the structure: ``(orientation * W + dy) * W + dx`` with ``W`` = 48, where the
orientation is one of the 63 fixed orientations (numbered piece by piece, F I L N P T U V W
X Y Z, each piece's in ``ORIENTATIONS`` order) and ``(dx, dy)`` is the placement's anchor
(its min-x, min-y corner) minus the window's origin.  The origin is five cells left of and
above the structure's bounding box (``(-5, -5)`` on the empty table), so every placement
that touches the structure — every legal move — has an id while the structure spans at
most 42 cells each way (random games stay far below).  Beyond that, the legal moves outside
the window have no id (``state.actions_complete`` is False) and, if none of the legal moves
is inside, the window is centred on the first legal move instead: ``legal_actions()`` is
never empty while the game goes on.  ``state.action_window`` gives ``(x, y, W, W)``; ids
mean different placements in different positions, as the window moves.  Ascending ids are
the order of the legal moves, so ``legal_actions()`` is sorted.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from ..._native import PentupCore
from ...core.errors import GameOptionError, IllegalMoveError, InvalidMoveError, shown
from ...core.game import (
    Game,
    SearchResult,
    State,
    check_time_limit,
    json_seed,
    replay_moves,
    resolve_options,
    setup_seed,
)
from ...core.polyomino import ORIENTATIONS, PIECE_NAMES, Cell
from .notation import PentUpMove, coerce_move, parse_move_text
from .scoring import SideScores

COLOURS = ("White", "Black", "Red", "Blue")
PLAYOUT_GREED = 0.75
"""Share of playout moves that place a tile on the highest level available."""
MAX_ITERATIONS = 2**62
"""The most iterations a time limit asks for (``time_limit=inf``: no limit but the clock)."""
SEARCH_WORK = (181_000, 1.65)
"""The levels' calibration: a search given ``t`` seconds (``search_position``) may play
``181,000 * t ** 1.65`` playout plies, that is as many iterations as that makes with the
game's tiles left to place (an iteration costs about one ply per tile left: about 340,000
plies a second here), or fewer if the clock runs out first.  ``medium`` (0.46 s once the
bot's margin is kept back) gets 50,000 plies — 2,200 iterations from the empty table,
7,200 with 8 tiles left; ``mcts`` (0.92 s) 157,000; ``hard`` (1.85 s) 500,000 — 22,000
iterations from the empty table, 71,000 with 8 left, about 1.5 s a move; ``expert`` (twice
the time: 9.85 s) 7,900,000, where its clock stops it first (two trees, one a core).  A
budget in work rather than seconds makes a level play the same on a fast or a busy
machine; one in work rather than iterations gives the end of the game, where iterations
are cheap, as many as the start; and the steeper-than-linear curve keeps each level well
above the one below."""
NUM_ACTIONS: int = PentupCore.NUM_ACTIONS
"""63 orientations × 48 × 48 anchors: see the module doc."""
WINDOW: int = PentupCore.WINDOW
_PIECE_INDEX = {name: i for i, name in enumerate(PIECE_NAMES)}
_TWO_TREES = MappingProxyType({"search": {"threads": 2}})
"""The top levels' search: two trees at once, one a core (``search_position``'s threads)."""


class Tile(NamedTuple):
    """A placed tile."""

    seat: int
    piece: str
    orient: int
    x: int
    y: int
    level: int

    @property
    def cells(self) -> tuple[Cell, ...]:
        return tuple((self.x + dx, self.y + dy) for dx, dy in ORIENTATIONS[self.piece][self.orient])

    @property
    def move(self) -> PentUpMove:
        return PentUpMove(self.piece, self.orient, self.x, self.y)


class Placements(NamedTuple):
    """Where one tile may go this turn: its mandatory level and its number of places."""

    level: int
    spots: int

    def count(self) -> int:  # type: ignore[override]
        return self.spots


class PentUpGame(Game):
    """A Pent-Up table: 2–4 players, scoring standard | misere | advanced, teams with 4."""

    name = "pentup"
    num_distinct_actions = NUM_ACTIONS
    analysis_iterations_per_second = 40_000  # its MCTS: 41,000–64,000 a second here
    """Dense action ids: see the module doc."""
    state_class: type[State]  # PentUpState, set below (the reference engine: its own)
    level_tuning = MappingProxyType({
        # the top level grows two trees at once for twice the others' time (10 s a
        # move): at 5 s it searched about 4.9 times what hard does a tree and beat it
        # two games in three, at 10 s 86.3% of 80 (README, "Pent-Up levels")
        "expert": {**_TWO_TREES, "time_share": 2.0},
        # Pent-Up has no exact solver: perfect is that search in its own 10 s
        "perfect": _TWO_TREES,
    })

    def __init__(self, players: int = 2, scoring: str = "standard", teams: bool | None = None):
        # the options load_game checks, checked here too: the class (and the reference
        # engine's) refuses what load_game refuses, rather than the native core failing
        resolved = resolve_options(self.name, {"players": players, "scoring": scoring,
                                               "teams": teams})
        players, scoring, teams = resolved["players"], resolved["scoring"], resolved["teams"]
        if teams is None:
            teams = players == 4
        if teams and players != 4:
            raise GameOptionError("teams are played with exactly 4 players (0+2 against 1+3)")
        super().__init__(players=players, scoring=scoring, teams=teams)
        self.players = players
        self.scoring = scoring
        self.teams = teams

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def sides(self) -> list[tuple[int, ...]]:
        if self.teams:
            return [(0, 2), (1, 3)]
        return [(s,) for s in range(self.players)]

    def new_initial_state(self, seed: int | None = None, **kwargs: Any) -> PentUpState:
        if kwargs:
            raise TypeError(f"pentup takes no setup arguments besides seed: {sorted(kwargs)}")
        return self.state_class(self, setup_seed(seed))

    def state_from_json(self, data: Mapping[str, Any] | str) -> PentUpState:
        data = self._check_json_header(data)
        return replay_moves(self.state_class(self, json_seed(data)), data)


class PentUpState(PentupCore, SideScores, State):
    """A Pent-Up position on the native engine.

    Inherited from the engine (``pentarena._native.PentupCore``): ``current_player``,
    ``is_terminal``, ``legal_moves``, ``count_legal_moves``, ``legal_actions``, ``apply``
    (move objects are checked and played in Rust; text and anything else come back to
    :meth:`check_move` here), ``apply_action``, ``action_to_move``, ``action_window``,
    ``actions_complete``, ``winners``, ``max_level`` and ``random_playouts``.
    """

    def __init__(self, game: PentUpGame, seed: int | None = None) -> None:
        self.game = game
        self.seed = seed
        self._tile_objects: tuple[Tile, ...] = ()
        self._setup(game.players, game.teams, game.scoring)

    # ------------------------------------------------------------------ queries
    def _tile_tuple(self) -> tuple[Tile, ...]:
        """The placed tiles as Tile objects, each made once (so one tile is always the same
        object); shared with copies, extended as tiles are placed."""
        known = self._tile_objects
        if len(known) < self._num_tiles():
            known = self._tile_objects = known + tuple(
                Tile(seat, PIECE_NAMES[p], o, x, y, level)
                for seat, p, o, x, y, level in self._tiles()[len(known):])
        return known

    @property
    def tiles(self) -> list[Tile]:
        """Every placed tile, in the order played."""
        return list(self._tile_tuple())

    def height(self, cell: Cell) -> int:
        """The number of tiles stacked on ``cell``."""
        return self._height(*cell)

    def top_tile(self, cell: Cell) -> Tile | None:
        top = self._top_index(*cell)
        return None if top is None else self._tile_tuple()[top]

    def heights(self) -> dict[Cell, int]:
        """Height of every covered cell."""
        out: dict[Cell, int] = {}
        for t in self._tile_tuple():
            for c in t.cells:
                out[c] = t.level
        return out

    def hand(self, seat: int) -> list[str]:
        """The unplayed tiles of ``seat``, as piece letters."""
        h = self._hand(seat)
        return [p for i, p in enumerate(PIECE_NAMES) if h >> i & 1]

    def placements(self) -> dict[str, Placements]:
        """For each unplayed tile of the player to move: its mandatory level and its number
        of places (empty when the game is over)."""
        return {PIECE_NAMES[p]: Placements(level, n) for p, level, n in self._summary()}

    def mandatory_levels(self) -> dict[str, int]:
        """Piece letter -> the level at which that tile must be placed this turn."""
        return {PIECE_NAMES[p]: level for p, level, _ in self._summary()}

    def moves_for(self, piece: str) -> list[PentUpMove]:
        """The legal placements of one tile (a piece letter) this turn, at its mandatory
        level; [] for a letter that names no tile."""
        if not isinstance(piece, str):
            raise InvalidMoveError(f"a tile is named by its letter ({' '.join(PIECE_NAMES)}), "
                                   f"not {shown(piece)}")
        p = _PIECE_INDEX.get(piece.upper())
        return [] if p is None else self._moves_for(p)

    # ------------------------------------------------------------------ AI hooks
    def random_move(self, rng: random.Random) -> PentUpMove:
        """A uniformly random legal move, drawn without listing them."""
        total = self.count_legal_moves()
        if not total:
            raise IllegalMoveError("the game is over: there is no move to choose")
        return self._nth_legal(rng.randrange(total))

    def order_moves(self, moves: list[PentUpMove], rng: random.Random) -> list[PentUpMove]:
        """Higher placements first (random order within a level)."""
        rng.shuffle(moves)
        levels = self.mandatory_levels()
        moves.sort(key=lambda m: -levels[m[0]])
        return moves

    def playout_move(self, rng: random.Random) -> PentUpMove:
        """Mostly a random placement of a tile that goes highest; sometimes any move."""
        summary = self._summary()
        if rng.random() < PLAYOUT_GREED and len(summary) > 1:
            top = max(level for _, level, _ in summary)
            if top > 1:
                pieces = [(p, n) for p, level, n in summary if level == top]
                p, n = rng.choice(pieces)
                return self._nth_of_piece(p, rng.randrange(n))
        return self.random_move(rng)

    def search_position(self, time_limit: float = 1.0, iterations: int | None = None,
                        seed: int | None = None, threads: int = 1,
                        exploration: float | None = None,
                        split: bool = True) -> SearchResult | None:
        """The native MCTS (``native/src/search/mcts.rs``, Pent-Up's ordering and playout
        policy in ``native/src/pentup/search.rs``), run without the GIL for ``iterations``
        iterations — by default as many as :data:`SEARCH_WORK` gives ``time_limit``
        seconds — stopping at ``time_limit`` seconds if that comes first
        (``time_limit=None``: iterations only).  The same position, seed and iterations
        give the same answer whenever the clock does not stop the search.  ``seed``
        (default: from the game's seed and the tiles placed) fixes its random choices.
        ``threads`` searches run at once (each with the whole budget, from its own seed),
        their root statistics pooled: the ``expert`` level uses 2.  ``exploration``: UCB1's
        constant (default 0.4).  ``split``: the tree chooses the tile to place, then its
        place (the default), rather than whole moves (the search before).  ``value``: the
        mover's mean reward, -1 … 1; ``nodes``: iterations (all threads'); ``depth``: the
        tree's depth in moves; ``seat_values``: each seat's mean reward at the root, 0..1."""
        if time_limit is None and iterations is None:
            raise ValueError("give a time_limit or a number of iterations")
        # inf (no clock) only with iterations: its budget of work would never run out
        check_time_limit(time_limit, optional=True, unbounded=iterations is not None)
        if iterations is None:
            scale, power = SEARCH_WORK
            left = 12 * self.game.players - self._num_tiles()
            # the last tile's level is fixed: where it goes changes nothing
            iterations = (max(1, round(min(scale * time_limit ** power / (left - 1),
                                           MAX_ITERATIONS)))  # (inf: no limit but the clock)
                          if left > 1 else 1)
        if seed is None:  # (the engine refuses a seed outside -2**63 .. 2**64 - 1)
            seed = ((self.seed or 0) * 64 + self._num_tiles()) & (2**64 - 1)
        found = self._search(time_limit, iterations, seed, threads, exploration, split)
        if found is None:
            return None
        move, mean, done, _visits, _nodes, depth, root = found
        return SearchResult(move, 2.0 * mean - 1.0, depth, done, seat_values=tuple(root))

    # ------------------------------------------------------------------ moves
    def parse_move(self, text: str) -> PentUpMove:
        return parse_move_text(text)

    _apply_slow = State.apply  # what the engine's apply() calls for text and other objects

    def check_move(self, move: Any) -> None:
        move = coerce_move(move)
        if self.current_player is None:
            raise IllegalMoveError("the game is over: no more tiles can be placed")
        self._check(_PIECE_INDEX[move[0]], move[1], move[2], move[3])

    def _apply_move(self, move: PentUpMove) -> None:
        self._play(_PIECE_INDEX[move[0]], move[1], move[2], move[3])

    def move_to_action(self, move: PentUpMove | str) -> int:
        """The action id of a move object or move text (InvalidMoveError when it lies
        outside the action window)."""
        move = coerce_move(move)
        action = self._action_of(_PIECE_INDEX[move[0]], move[1], move[2], move[3])
        if action is None:
            x0, y0, w, h = self.action_window
            raise InvalidMoveError(
                f"{move} lies outside the action window (anchors x {x0}..{x0 + w - 1}, "
                f"y {y0}..{y0 + h - 1}): it has no action id; play it with apply()")
        return action

    def clone(self) -> PentUpState:
        new = self._copy()
        new.game = self.game
        new.seed = self.seed
        new._tile_objects = self._tile_objects
        return new

    def __reduce__(self):
        return _from_json, (self.game, self.to_json())

    # ------------------------------------------------------------------ outcome
    def level_counts(self) -> list[list[int]]:
        """Per seat, the tiles placed at level 1, 2, ... up to the highest level reached."""
        return self._level_counts()

    # ------------------------------------------------------------------ records
    def history(self) -> list[str]:
        return self._history()

    def to_json(self) -> dict[str, Any]:
        tiles = self._tile_tuple()
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "moves": self.history(),
            "to_move": self.current_player,
            "hands": [self.hand(s) for s in range(self.game.players)],
            "tiles": [
                {"seat": t.seat, "piece": t.piece, "level": t.level,
                 "cells": [list(c) for c in t.cells]}
                for t in tiles
            ],
        }

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self)


PentUpGame.state_class = PentUpState


def _from_json(game: PentUpGame, data: dict[str, Any]) -> PentUpState:
    return game.state_from_json(data)
