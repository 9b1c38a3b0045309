"""Pentic's computer levels: the settings of the native information-set search
(``native/src/pentic/ismcts.rs``) per level, calibrated so that each level beats the one
below in at least three games of four (README, "Pentic strength").

The search sees only the view of the seat to move (the engine narrows whatever it is
given to that view before it starts), deals the unseen cards at random every iteration,
and stops after its iterations or its time, whichever comes first: a level uses less than
its time on this machine, so that it plays the same on a faster or a busier one, and
deterministically for a seed.
"""

from __future__ import annotations

from typing import Any

from ...core.game import SearchResult
from .notation import MOVES_BY_ACTION, move_to_action

STRONGEST: dict[str, Any] = {
    "iterations": 10**9,
    "prior": 5.0,
    "exploration": 1.5,
    "playout_depth": 4,
}
"""PUCT with the immediate-score prior, without an iteration cap (a search bot with no
level, and ``perfect``): as many iterations as its time allows."""

LEVELS: dict[str, dict[str, Any]] = {
    # a glance ahead: the prior and a hundred deals (a few ms a move)
    "medium": {**STRONGEST, "iterations": 100},
    # about 0.5 s of one free core of the development machine a move (350,000 a second)
    "hard": {**STRONGEST, "iterations": 150_000},
    # its whole 5 s on that machine
    "expert": {**STRONGEST, "iterations": 2_000_000},
}
"""Per level: the native search's settings (see ``PenticCore._search``); the level's time
(0.5, 2 and 5 s a move) stays the upper bound."""

ANALYSIS: dict[str, Any] = {**STRONGEST, "playout_depth": None}
"""The post-game analysis's search (``level="analysis"``): every playout to the end, so a
move's value is its player's chance of winning (a share of a tie counted as its part) as
every other game's analysis reads it, not a lead four moves on."""


def search(state: Any, time_limit: float, seed: int = 0, level: str | None = None,
           root_move: Any = None, **settings: Any) -> SearchResult:
    """The native search's move for the player to move in ``state`` (a full state or
    that seat's view), with ``level``'s settings (unknown levels and None: the strongest,
    within ``time_limit``), updated by ``settings``.  ``root_move`` (a play's text or
    object): every iteration starts with it, and the result is its value."""
    chosen = {**(ANALYSIS if level == "analysis" else LEVELS.get(level or "", STRONGEST)),
              **settings}
    if root_move is not None:
        chosen["root_move"] = move_to_action(root_move)
    # the core refuses a limit below 0 or NaN, and a seed outside -2**63 .. 2**64 - 1
    action, value, iterations, _nodes, depth, _visits = state._search(
        seed, time_limit, **chosen)
    return SearchResult(MOVES_BY_ACTION[action], 2.0 * value - 1.0, depth, iterations)
