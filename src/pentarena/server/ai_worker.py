"""Computer seats think here, in a separate process, so the server stays responsive.

The worker gets only what the computer's seat may see (``state.view(seat)`` as JSON),
rebuilds the position, and answers with move text.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any


def think(game_name: str, options: dict[str, Any], view_json: dict[str, Any], level: str,
          seed: int | None, time_limit: float | None) -> str:
    """Pick a move for the player to move in ``view_json``; returns its text."""
    from .. import load_game
    from ..ai.bots import make_bot

    game = load_game(game_name, **options)
    state = game.state_from_json(view_json)
    bot = make_bot(level, seed=seed, time_limit=time_limit)
    return str(bot.choose(state))


def make_executor(kind: str = "process", workers: int | None = None) -> Executor:
    """A process pool (default; 'spawn' so no server state is inherited) or a thread
    pool (for tests)."""
    if kind == "thread":
        return ThreadPoolExecutor(max_workers=workers or 1, thread_name_prefix="ai")
    import os

    workers = workers or max(1, (os.cpu_count() or 2) - 1)
    return ProcessPoolExecutor(max_workers=workers,
                               mp_context=multiprocessing.get_context("spawn"))
