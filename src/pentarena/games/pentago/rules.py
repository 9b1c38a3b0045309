"""Pentago rules (RULES.md §2): place a marble, then rotate a quadrant; five in a row.

The rules run in the native engine (``native/src/pentago``, ``pentarena._native``).
:class:`PentagoState` inherits the engine's core, so the hot calls of the public API —
``legal_moves()``, ``apply()``, ``legal_actions()``, ``apply_action()``,
``is_terminal()``, ``current_player``, ``winners()``, ``scores()``, ``evaluate()``,
``position_key()`` — are Rust methods called directly; this module adds the readable
rest: set-up positions, move text, JSON, the AI hooks that draw from Python's ``random``.
The pure-Python engine in ``reference.py`` is the oracle the native one is tested against.
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..._native import PENTAGO_NUM_ACTIONS, PentagoCore
from ...core.bitboard import bits_list
from ...core.errors import (
    IllegalMoveError,
    StateFormatError,
    shown,
)
from ...core.game import (
    Game,
    SearchResult,
    Solution,
    State,
    check_time_limit,
    json_seed,
    replay_moves,
    setup_seed,
)
from ...core.memory import usable_bytes
from .board import LINES
from .notation import (
    CANONICAL,
    MOVES_BY_ACTION,
    NUM_ACTIONS,
    PLACE_ONLY,
    TEXT_BY_ACTION,
    WITH_ROTATION,
    PentagoMove,
    canonical_move,
    move_from_action,
    parse_move_text,
    parse_position,
)

COLOURS = ("White", "Black")
assert PENTAGO_NUM_ACTIONS == NUM_ACTIONS
SOLVER_MAX_GB = 12.0
"""The memory (GB) the midgame solver may use unless told otherwise: ``solve_moves``'s
``max_gb``, ``solve_position``'s and ``pentarena solve pentago --max-gb``'s default (the
native module's too).  20 empty cells need about 8.5 GB and 21 about 24, so it takes up to
20, on a machine with 16 GB; never more than the process may use either."""
SOLVER_MAX_THREADS = 256
"""The most threads ``solve_moves`` takes (the native core refuses more: each layer of the
solver splits its work among that many OS threads)."""


class PentagoGame(Game):
    """Pentago: 2 players, seat 0 White moves first."""

    name = "pentago"
    search = "alphabeta"  # the open-line evaluation searched two or three plies beats MCTS
    num_distinct_actions = NUM_ACTIONS
    """Dense action ids: see ``pentago.notation``."""
    state_class: type[State]  # PentagoState, set below (the reference engine: its own)
    level_tuning = MappingProxyType({
        # a level is a depth of the native search, its time only an upper bound, so that
        # it plays the same on a faster or a busier machine: medium 3 plies, hard 4,
        # expert 5 with threat extensions (a move threatening to win at once searched a
        # ply deeper, twice a line at most) and the exact solver from 17 empty cells (40%
        # of its time; the others 30%: 16), perfect the deepest of 7 with the extensions
        # that its 10 s allow and the solver from about 18.  A plain ply more wins about
        # 70% of the games (against a White that searches 4 plies or more, Black mostly
        # draws); the extensions lift a level about 8 points, and at 5 plies the line
        # weights fitted to exact values ("fitted") about 10 more (README, "Pentago levels")
        "medium": {"search": {"max_depth": 3}},
        "hard": {"search": {"max_depth": 4}},
        "expert": {"search": {"max_depth": 5, "extensions": 2, "fitted": True}, "solve_share": 0.4},
        "perfect": {"search": {"max_depth": 7, "extensions": 2, "fitted": True}},
    })

    def __init__(self) -> None:
        super().__init__()

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self, seed: int | None = None, position: str | None = None,
                          **kwargs: Any) -> PentagoState:
        """The empty board, or ``position``: six rows of ``W``/``B``/``.`` (rank 1 first,
        separated by ``/`` or newlines), optionally followed by ``w`` or ``b`` for the
        side to move (default: White if the counts are equal, else Black)."""
        if kwargs:
            raise TypeError(f"pentago takes no setup arguments besides seed and position: "
                            f"{sorted(kwargs)}")
        state = self.state_class(self, setup_seed(seed))
        if position is not None:
            state._set_position(position)
        return state

    def state_from_json(self, data: Mapping[str, Any] | str) -> PentagoState:
        data = self._check_json_header(data)
        state = self.state_class(self, json_seed(data))
        if data.get("position") is not None:
            try:
                state._set_position(data["position"])
            except ValueError as exc:
                raise StateFormatError(f"bad 'position': {exc}") from None
        return replay_moves(state, data)


class PentagoState(PentagoCore, State):
    """A Pentago position on the native engine.

    Inherited from the engine (``pentarena._native.PentagoCore``): ``current_player``,
    ``is_terminal``, ``legal_moves``, ``legal_actions``, ``apply`` (move objects and
    ``(cell, quadrant, direction)`` tuples are checked and played in Rust; text and
    anything else come back to :meth:`check_move` here), ``apply_action``,
    ``action_to_move``, ``winners``, ``scores``, ``evaluate``, ``position_key``,
    ``random_playouts``, ``boards`` and ``cell``.
    """

    def __init__(self, game: PentagoGame, seed: int | None = None) -> None:
        self.game = game
        self.seed = seed
        self._position: str | None = None

    def _set_position(self, text: str) -> None:
        white, black, to_move, self._position = parse_position(text)
        self._set_boards(white, black, to_move)

    # ------------------------------------------------------------------ moves
    def parse_move(self, text: str) -> PentagoMove:
        return parse_move_text(text)

    _apply_slow = State.apply  # what the engine's apply() calls for text and other objects

    def check_move(self, move: Any) -> None:
        if isinstance(move, str):
            move = parse_move_text(move)
        move = canonical_move(move)  # a move object, or an equal tuple
        self._check_action(move.action)  # the engine says what is wrong, if anything

    def _apply_move(self, move: PentagoMove) -> None:
        self.apply_action(CANONICAL[move].action)

    def move_from_action(self, action: int) -> PentagoMove:
        return move_from_action(action)

    def move_to_action(self, move: PentagoMove | str) -> int:
        """The action id of a move object, an equal tuple or move text."""
        if isinstance(move, str):
            move = parse_move_text(move)
        return canonical_move(move).action

    def random_move(self, rng: random.Random) -> PentagoMove:
        """A random empty cell, then one of its eight rotations (or the lone placement
        when it wins)."""
        if self.is_terminal():
            raise IllegalMoveError("the game is over: there is no move to choose")
        cell, wins = self._nth_empty(rng.randrange(self._empty_count()))
        if wins:
            return PLACE_ONLY[cell]
        return WITH_ROTATION[cell][rng.randrange(8)]

    def playout_move(self, rng: random.Random) -> PentagoMove:
        """A playout wins at once when it can; otherwise plays a random move."""
        if wins := self._win_cells():
            return PLACE_ONLY[rng.choice(bits_list(wins))]
        return self.random_move(rng)

    def order_moves(self, moves: list[PentagoMove], rng: random.Random) -> list[PentagoMove]:
        """A random order with the lone winning placements first: the search widens
        slowly over up to 288 moves and must never leave a win in one untried."""
        rng.shuffle(moves)
        moves.sort(key=lambda m: m[1] >= 0)
        return moves

    # ------------------------------------------------------------------ perfect play
    def solve_moves(self, time_limit: float | None = None, threads: int = 1,
                    max_gb: float = SOLVER_MAX_GB) -> tuple[int, list[tuple[PentagoMove, int]]] | None:
        """The exact value of this position for the player to move (1 win, 0 draw,
        -1 loss) and the value of every legal move (in ``legal_moves()`` order), from the
        native midgame solver (``native/src/pentago/midgame.rs``, without the GIL).

        None when it cannot finish within ``time_limit`` seconds (None: no limit; it gives
        up at once when its estimate is over the limit) or within ``max_gb`` of memory
        (nor more than this process may use): 18 empty cells take seconds and 1 GB, 20
        about a minute and 8 GB.  ``threads``: 1 to :data:`SOLVER_MAX_THREADS`; ValueError
        for a thread count, a ``max_gb`` (a number, 0 or more) or a time limit out of range."""
        check_time_limit(time_limit, optional=True)
        max_gb = _within_memory(max_gb)
        if self.is_terminal():
            return None
        found = self._solve(time_limit, threads, max_gb)
        if found is None:
            return None
        value, moves, _ = found
        return value, [(MOVES_BY_ACTION[a], v) for a, v in moves]

    def solve_position(self, time_limit: float = 1.0, *, threads: int = 1) -> Solution | None:
        """Perfect play (see :meth:`solve_moves`): the exact value and a move that keeps
        it — among several, the one the evaluation rates best (a win at once first).
        A win at once is found with any number of empty cells (``nodes`` 1); otherwise
        ``nodes`` counts the solver's positions: colourings of the empty cells times 128
        quadrant rotation states, a whole layer at a time (billions a second)."""
        check_time_limit(time_limit, optional=True)
        base = self.clone()  # (another thread may play on self while the solver runs)
        if base.is_terminal():
            return None
        action, _, _, _, proven = base._search(None, 1)  # a win at once: no solver needed
        if proven == 1:
            return Solution(1, MOVES_BY_ACTION[action], 1)
        found = base._solve(time_limit, threads, _within_memory(SOLVER_MAX_GB))
        if found is None:
            return None
        value, moves, colourings = found
        me = base.current_player

        def after(action: int) -> float:
            child = base.clone()
            child.apply_action(action)
            return child.evaluate(me)

        best = max((a for a, v in moves if v == value), key=after)
        return Solution(value, MOVES_BY_ACTION[best], colourings * 128)

    def search_position(self, time_limit: float = 1.0, max_depth: int | None = None,
                        extensions: int = 0, fitted: bool = False) -> SearchResult | None:
        """The native alpha-beta (``native/src/search``, Pentago's knowledge in
        ``native/src/pentago/search.rs``), without the GIL, for ``time_limit`` seconds or
        ``max_depth`` plies; ``extensions``: how many times a line may be searched a ply
        deeper after a move that threatens to win at once; ``fitted``: the evaluation's
        weights fitted to the exact solver's values rather than the hand-set ones.
        ``time_limit``: seconds, 0 or more; ``inf`` or None (no clock) only with a
        ``max_depth``."""
        bounded = max_depth is not None
        check_time_limit(time_limit, optional=bounded, unbounded=bounded)
        if self.is_terminal():
            return None
        action, value, depth, nodes, proven = self._search(time_limit, max_depth,
                                                           extensions=extensions,
                                                           fitted=fitted)
        return SearchResult(MOVES_BY_ACTION[action], value, depth, nodes, proven)

    def clone(self) -> PentagoState:
        new = self._copy()
        new.game = self.game
        new.seed = self.seed
        new._position = self._position
        return new

    def __reduce__(self):
        return _from_json, (self.game, self.to_json())

    # ------------------------------------------------------------------ records
    def history(self) -> list[str]:
        return [TEXT_BY_ACTION[a] for a in self._history_actions()]

    def result_details(self) -> dict[str, Any]:
        boards = self.boards
        fives = [[[i for i in range(36) if line >> i & 1]
                  for line in LINES if boards[s] & line == line] for s in (0, 1)]
        return {"fives": fives}

    def to_json(self) -> dict[str, Any]:
        cells = self._cells()
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "position": self._position,
            "moves": self.history(),
            "to_move": self.current_player,
            "board": [cells[r * 6:r * 6 + 6] for r in range(6)],
        }

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self)


PentagoGame.state_class = PentagoState


def _from_json(game: PentagoGame, data: dict[str, Any]) -> PentagoState:
    return game.state_from_json(data)


def _within_memory(max_gb: float) -> float:
    """``max_gb``, or less when this process may not use that much (the solver refuses a
    position whose tables would not fit instead of failing to allocate them); ValueError
    unless it is a number of gigabytes, 0 or more (``inf``: what the process may use)."""
    if not isinstance(max_gb, numbers.Real) or isinstance(max_gb, bool) or not max_gb >= 0:
        raise ValueError(f"max_gb must be a number of gigabytes, 0 or more, got {shown(max_gb)}")
    return min(max_gb, usable_bytes() * 0.9 / 1e9)
