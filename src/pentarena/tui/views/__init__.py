"""Per-game terminal views: how a game is pictured and how its moves are summarised.

A view is looked up by game name; games without one fall back on ``str(state)`` and a
plain list of moves, so every registered game can be played in the terminal.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import TerminalView, game_title, plural
from .pentago import PentagoView
from .pentic import PenticView
from .pentomino import PentominoView, PuzzleView
from .pentup import PentUpView

VIEWS: dict[str, Callable[[], TerminalView]] = {
    "pentic": PenticView,
    "pentup": PentUpView,
    "pentago": PentagoView,
    "pentomino": PentominoView,
    "pentomino-puzzle": PuzzleView,
}


def view_for(game_name: str) -> TerminalView:
    return VIEWS.get(game_name, TerminalView)()


__all__ = ["VIEWS", "TerminalView", "game_title", "plural", "view_for"]
