"""Information-set Monte Carlo tree search (single observer).

The searching seat sees only its own view of the game.  Every iteration deals the unseen
information at random (``State.determinize``), walks one shared tree of moves — choosing
among the children that are legal in this deal, by UCB with *availability* counts — adds a
child, plays the game out with the game's playout policy and backs the rewards up.  The
search never looks at anything its seat could not see.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from ..core.game import Move, State
from .bots import Bot, real_option, whole_option
from .mcts import SearchInfo


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "player")

    def __init__(self, player: int | None) -> None:
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.player = player  # who made the move into this node


class ISMCTSBot(Bot):
    name = "ismcts"

    def __init__(self, seed: int | None = None, time_limit: float = 1.0,
                 iterations: int | None = None, exploration: float = 0.7,
                 playout_depth: int | None = None,
                 on_progress: Callable[[SearchInfo], None] | None = None) -> None:
        """``playout_depth``: stop playouts after that many plies and score the position
        with the game's heuristic (``State.evaluate``); None plays to the end (the game may
        suggest a depth with ``State.playout_depth``)."""
        super().__init__(seed, time_limit)
        self.iterations = whole_option(iterations, "iterations", 1)
        self.exploration = real_option(exploration, "exploration", 0.0)
        self.playout_depth = whole_option(playout_depth, "playout_depth", 0)
        self.on_progress = on_progress
        self.last: SearchInfo | None = None

    def choose(self, state: State, time_limit: float | None = None) -> Move:
        start = time.perf_counter()
        deadline = start + self.budget(time_limit)
        me = state.current_player
        info = state.view(me)  # only what this seat may see, even when given a full state
        legal = info.legal_moves()
        if len(legal) == 1:
            return legal[0]
        root = _Node(None)
        rng = self.rng
        c = self.exploration
        depth = self.playout_depth or getattr(info, "playout_depth", None)
        seats = range(state.game.num_players)
        done = 0
        while (self.iterations is None or done < self.iterations) and (
                not done or time.perf_counter() < deadline):
            sim = info.determinize(rng)
            node, path = root, [root]
            while not sim.is_terminal():
                moves = sim.legal_moves()
                untried = [m for m in moves if m not in node.children]
                if untried:
                    move = untried[rng.randrange(len(untried))]
                    child = node.children[move] = _Node(sim.current_player)
                    sim._apply_move(move)
                    path.append(child)
                    break
                best, best_value = None, -1.0
                for m in moves:
                    ch = node.children[m]
                    ch.avail += 1
                    value = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if value > best_value:
                        best, best_value = m, value
                node = node.children[best]
                sim._apply_move(best)
                path.append(node)
            plies = 0
            while not sim.is_terminal() and (depth is None or plies < depth):
                sim._apply_move(sim.playout_move(rng))
                plies += 1
            if sim.is_terminal():
                rewards = sim.returns()
            else:  # a cut-off playout: the heuristic, squashed to 0..1
                rewards = [0.5 + 0.5 * math.tanh(2.0 * sim.evaluate(s)) for s in seats]
            for n in path:
                n.visits += 1
                if n.player is not None:
                    n.total += rewards[n.player]
            done += 1
        best_move, best_node = max(root.children.items(), key=lambda kv: kv[1].visits)
        self.last = SearchInfo(done, time.perf_counter() - start, best_move, best_node.visits,
                               best_node.total / max(1, best_node.visits))
        if self.on_progress:
            self.on_progress(self.last)
        return best_move
