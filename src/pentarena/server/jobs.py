"""The jobs the worker pool runs (in a worker process, away from the event loop).

Each gets plain JSON-ready arguments — for a computer seat only what that seat may see
(``state.view(seat)`` as JSON) — rebuilds the position and answers with plain data.
"""

from __future__ import annotations

from typing import Any


def _state(game_name: str, options: dict[str, Any], state_json: dict[str, Any]):
    from .. import load_game

    return load_game(game_name, **options).state_from_json(state_json)


def think(game_name: str, options: dict[str, Any], view_json: dict[str, Any], level: str,
          seed: int | None, time_limit: float | None) -> str:
    """Pick a move for the player to move in ``view_json``; returns its text."""
    from ..ai.bots import make_bot

    state = _state(game_name, options, view_json)
    bot = make_bot(level, seed=seed, time_limit=time_limit)
    return str(bot.choose(state))


def hint(game_name: str, options: dict[str, Any], state_json: dict[str, Any]) -> str:
    """Puzzles: a move that leads to a solution from this position."""
    return str(_state(game_name, options, state_json).hint())


def count(game_name: str, options: dict[str, Any], state_json: dict[str, Any]) -> dict[str, Any]:
    """Puzzles: how many solutions there are from this position (see
    ``PuzzleState.count_solutions``)."""
    state = _state(game_name, options, state_json)
    report = state.count_solutions()
    return {"count": report.count, "seconds": round(report.seconds, 3), "nodes": report.nodes,
            "from_start": not state.placed}


def warm() -> bool:
    """Run in each worker at start: load what the first hint or count would otherwise wait
    for (the engines, the move tables, the native solver)."""
    from .. import load_game

    state = load_game("pentomino-puzzle", region="3x20").new_initial_state()
    state.hint()
    return True
