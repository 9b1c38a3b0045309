"""What the differential tests compare between a native engine and its pure-Python
reference (tests/games/<game>/differential.py): a state's whole JSON, and what playing a
move does to a copy."""

from __future__ import annotations

import json

PARTS = 4
"""A thousand random games are played in this many tests of a quarter each (interleaved
seeds), so that pytest's workers share them out instead of one waiting on the last."""


def seeds(games: int, part: int) -> range:
    """The seeds of part ``part`` (0 to PARTS - 1) of ``games`` games."""
    return range(part, games, PARTS)


def canonical(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def outcome(state, move, *, action: bool = False):
    """What playing a move (an action id with ``action``) does to a copy of ``state``:
    ("ok", JSON after) or the error (type name, message)."""
    copy = state.clone()
    try:
        if action:
            copy.apply_action(move)
        else:
            copy.apply(move)
    except ValueError as exc:
        return type(exc).__name__, str(exc)
    return "ok", canonical(copy)
