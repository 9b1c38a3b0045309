"""UCT Monte Carlo tree search over the game protocol.

Each iteration walks down the tree choosing children by UCB1 from the point of view of the
player to move, adds one child, plays the rest of the game with the game's playout policy
(``State.playout_move``, uniform random by default) and adds the final rewards
(``State.returns``, one per seat) to every node on the path.  Wide nodes grow by
*progressive widening*: a node visited ``n`` times may have ``widen * sqrt(n)`` children,
taken in the order of the game's move-ordering hook, so that search goes deep enough to
matter even when a position has hundreds of legal moves.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..core.game import Move, State
from .bots import Bot, all_cards_known, game_on, real_option, whole_option

MAX_PLAYOUT_PLIES = 10_000
"""A playout longer than this (a game random play need not end) counts as a share each."""


@dataclass
class SearchInfo:
    """What a search reports: iterations, elapsed seconds, the best move and its stats."""

    iterations: int
    elapsed: float
    best: Move | None
    visits: int
    value: float


class _Node:
    __slots__ = ("move", "parent", "children", "untried", "visits", "totals", "to_move")

    def __init__(self, move: Move | None, parent: _Node | None, to_move: int | None) -> None:
        self.move = move
        self.parent = parent
        self.children: list[_Node] = []
        self.untried: list[Move] | None = None
        self.visits = 0
        self.totals: list[float] | None = None
        self.to_move = to_move


class MCTSBot(Bot):
    """UCT with progressive widening and a game-supplied playout policy.

    A perfect-information search: it refuses a game that hides information (Pentic) with
    HiddenInformationError — ``ISMCTSBot``, or ``make_bot(level)`` with ``choose_for``,
    plays such a game from what its seat may see — unless made with ``see_all=True``,
    which searches a full state with every hand known (the post-game analysis does)."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        time_limit: float = 1.0,
        iterations: int | None = None,
        exploration: float = 0.8,
        widen: float = 2.0,
        on_progress: Callable[[SearchInfo], None] | None = None,
        game_policy: bool = True,
        see_all: bool = False,
    ) -> None:
        """``game_policy``: use the game's playout and move-ordering hooks; False plays
        uniformly random playouts in random order (a baseline for comparisons).
        ``see_all``: search a hidden-information game's full state, every card known
        (refused otherwise)."""
        super().__init__(seed, time_limit)
        self.see_all = see_all
        self.game_policy = game_policy
        self.iterations = whole_option(iterations, "iterations", 1)
        self.exploration = real_option(exploration, "exploration", 0.0)
        self.widen = real_option(widen, "widen", 0.0, above_low=True)
        self.on_progress = on_progress
        self.last: SearchInfo | None = None

    def choose(self, state: State, time_limit: float | None = None) -> Move:
        budget = self.budget(time_limit)
        game_on(state)
        all_cards_known(self, state)
        hint = getattr(state, "hint", None)  # a puzzle: random playouts need never end,
        if state.game.num_players == 1 and callable(hint):  # and its hint leads to a solution
            return hint()
        start = time.perf_counter()
        deadline = start + budget
        root = _Node(None, None, state.current_player)
        n = state.game.num_players
        rng = self.rng
        done = 0
        next_report = start + 0.25
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if done and time.perf_counter() >= deadline:
                break
            self._iterate(root, state.clone(), n, rng)
            done += 1
            if self.on_progress and time.perf_counter() >= next_report:
                next_report += 0.25
                self.on_progress(self._info(root, done, start))
        self.last = self._info(root, done, start)
        if self.on_progress:
            self.on_progress(self.last)
        if self.last.best is None:  # no iteration finished: fall back on the ordering hook
            return state.order_moves(state.legal_moves(), rng)[0]
        return self.last.best

    def _iterate(self, root: _Node, state: State, n: int, rng) -> None:
        node = root
        c = self.exploration
        # selection
        while True:
            if node.to_move is None:
                break
            if node.untried is None:
                moves = state.legal_moves()
                if self.game_policy:
                    node.untried = state.order_moves(moves, rng)
                else:
                    rng.shuffle(moves)
                    node.untried = moves
            allowed = max(1, int(self.widen * math.sqrt(node.visits + 1)))
            if node.untried and len(node.children) < allowed:
                move = node.untried.pop(0)
                state.apply(move)
                child = _Node(move, node, state.current_player)
                node.children.append(child)
                node = child
                break
            log_n = math.log(node.visits)
            me = node.to_move
            best, best_value = None, -1.0
            for ch in node.children:
                value = ch.totals[me] / ch.visits + c * math.sqrt(log_n / ch.visits)
                if value > best_value:
                    best, best_value = ch, value
            node = best
            state.apply(node.move)
        # simulation
        playout = state.playout_move if self.game_policy else state.random_move
        for _ in range(MAX_PLAYOUT_PLIES):
            if state.is_terminal():
                rewards = state.returns()
                break
            state._apply_move(playout(rng))
        else:  # a game that random play does not end: a share each
            rewards = [1.0 / n] * n
        # backpropagation
        while node is not None:
            node.visits += 1
            if node.totals is None:
                node.totals = list(rewards)
            else:
                t = node.totals
                for i in range(n):
                    t[i] += rewards[i]
            node = node.parent

    @staticmethod
    def _info(root: _Node, done: int, start: float) -> SearchInfo:
        if not root.children:
            return SearchInfo(done, time.perf_counter() - start, None, 0, 0.0)
        best = max(root.children, key=lambda ch: ch.visits)
        value = best.totals[root.to_move] / best.visits
        return SearchInfo(done, time.perf_counter() - start, best.move, best.visits, value)
