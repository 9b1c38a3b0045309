"""Pentago: 6×6, place a marble then twist a quadrant; five in a row (RULES.md §2)."""

from ...core.game import GameInfo, register_game
from .notation import NUM_ACTIONS, PentagoMove, move_from_action, parse_move_text
from .rules import COLOURS, PentagoGame, PentagoState

register_game(
    GameInfo(
        name="pentago",
        title="Pentago",
        description="Place a marble, then twist a quadrant: five in a row wins.",
        order=1,
        factory=PentagoGame,
        options={},
    )
)

__all__ = ["COLOURS", "NUM_ACTIONS", "PentagoGame", "PentagoMove", "PentagoState",
           "move_from_action", "parse_move_text"]
