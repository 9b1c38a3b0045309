"""Alpha-beta search with iterative deepening, for two-player zero-sum games with perfect
information whose heuristic (``State.evaluate``) is worth searching with — Pentago's
open-line count is.

Each iteration searches every root move to the next depth (leaves scored by
``evaluate``, finished games by their result, quicker wins preferred), re-ordering the
root moves by the last iteration's values; the search stops at the time limit and plays
the best move of the deepest finished iteration.  The root's moves start in the game's
search order (``State.order_moves``, shuffled for variety); below the root they come in
``legal_moves()`` order — games list their most forcing moves first — after two *killer*
moves per depth: the last replies that cut the search off there, which often refute the
next sibling too.  Children that reach
the same position (``State.position_key``) are searched once.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator

from ..core.errors import IllegalMoveError
from ..core.game import Move, State
from .bots import Bot, all_cards_known, whole_option
from .mcts import SearchInfo

WIN_BONUS = 0.01
"""A finished game is worth ±(1 + WIN_BONUS × plies of depth left): quicker wins first."""


class _OutOfTime(Exception):
    pass


class AlphaBetaBot(Bot):
    """Iterative-deepening alpha-beta; ``last`` reports nodes (as ``iterations``), the
    depth reached (as ``visits``) and the chosen move's value.  The game's ``evaluate``
    must stay strictly between -1 and 1 for unfinished games: ±1 and beyond mean a
    finished game, and a root value there ends the search as proven.

    A perfect-information search: a game that hides information (Pentic) is refused with
    HiddenInformationError (``ISMCTSBot`` or ``make_bot`` play it) unless the bot is made
    with ``see_all=True``, which searches a full state with every hand known."""

    name = "alphabeta"

    def __init__(self, seed: int | None = None, time_limit: float = 1.0,
                 max_depth: int | None = None, see_all: bool = False) -> None:
        super().__init__(seed, time_limit)
        self.see_all = see_all
        self.max_depth = whole_option(max_depth, "max_depth", 1)
        self.last: SearchInfo | None = None
        self._nodes = 0
        self._deadline = 0.0
        self._killers: dict[int, list[Move]] = {}  # by ply from the root
        self._iteration = 0
        self._horizon = False

    def choose(self, state: State, time_limit: float | None = None) -> Move:
        start = time.perf_counter()
        self._deadline = start + self.budget(time_limit)
        self._nodes = 0
        self._killers = {}
        me = state.current_player
        if state.is_terminal():
            raise IllegalMoveError("the game is over: there is no move to choose")
        all_cards_known(self, state)
        root = list(self._children(state, state.order_moves(state.legal_moves(), self.rng)))
        best, best_value, reached = root[0][0], 0.0, 0
        depth = 1
        while len(root) > 1 and time.perf_counter() < self._deadline:
            self._iteration = depth
            self._horizon = False  # set when a leaf is cut off by depth, not by the game end
            try:
                scored = []
                alpha = -math.inf
                for move, child in root:
                    value = self._value(child, depth - 1, alpha, math.inf, me)
                    scored.append((value, move, child))
                    alpha = max(alpha, value)
            except _OutOfTime:
                break
            scored.sort(key=lambda t: -t[0])  # stable: ties keep the shuffled order
            root = [(move, child) for _, move, child in scored]
            best, best_value, reached = scored[0][1], scored[0][0], depth
            if abs(best_value) >= 1 or not self._horizon:
                break  # the result is proven (a forced win or loss, or the whole game seen)
            if self.max_depth and depth >= self.max_depth:
                break
            depth += 1
        self.last = SearchInfo(self._nodes, time.perf_counter() - start, best, reached,
                               best_value)
        return best

    def _children(self, state: State, moves: list[Move], first: list[Move] | None = None
                  ) -> Iterator[tuple[Move, State]]:
        """(move, resulting state) for ``moves`` in order (the legal ones of ``first``
        before the rest), one per resulting position; made one at a time, so a cut-off
        makes no more."""
        seen = set()
        for move in reversed(first or ()):
            if move in moves:
                moves.remove(move)
                moves.insert(0, move)
        for move in moves:
            child = state.clone()
            child._apply_move(move)
            key = child.position_key()
            if key is not None:
                if key in seen:
                    continue
                seen.add(key)
            yield move, child

    def _value(self, state: State, depth: int, alpha: float, beta: float, me: int) -> float:
        """The minimax value of ``state`` for seat ``me``, searched ``depth`` plies."""
        if state.is_terminal():
            return (state.returns()[me] * 2.0 - 1.0) * (1.0 + WIN_BONUS * depth)
        if depth == 0:
            self._horizon = True
            return state.evaluate(me)
        self._nodes += 1
        if time.perf_counter() > self._deadline:
            raise _OutOfTime
        maximizing = state.current_player == me
        best = -math.inf if maximizing else math.inf
        killers = self._killers.setdefault(self._iteration - depth, [])
        for move, child in self._children(state, state.legal_moves(), killers):
            value = self._value(child, depth - 1, alpha, beta, me)
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                if move not in killers:
                    killers.insert(0, move)
                    del killers[2:]
                break
        return best
