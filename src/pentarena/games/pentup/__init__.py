"""Pent-Up: 3D pentomino stacking for 2–4 players (RULES.md §1)."""

from ...core.game import GameInfo, Option, register_game
from .notation import PentUpMove, parse_move_text
from .rules import COLOURS, PentUpGame, PentUpState, Placements, Tile
from .scoring import SCORINGS

def _unused(options: dict) -> dict[str, str]:
    """teams counts only with 4 players."""
    if options["players"] == 4:
        return {}
    return {"teams": "teams are played with exactly 4 players (0+2 against 1+3)"}


register_game(
    GameInfo(
        name="pentup",
        title="Pent-Up",
        description="Stack pentominoes in 3D; each tile must go on the highest level it fits.",
        order=0,
        factory=PentUpGame,
        options={
            "players": Option(2, (2, 3, 4), "number of players (2-4)"),
            "scoring": Option("standard", SCORINGS, "standard (most tiles on the top level wins), "
                              "misere (most tiles on level 1) or advanced (a tile scores its "
                              "level: most points wins)"),
            "teams": Option(None, (None, True, False),
                            "4 players: White + Red v Black + Blue (seats 0 + 2 v 1 + 3); "
                            "automatic: yes",
                            kind=bool),
        },
        unused=_unused,
    )
)

__all__ = ["COLOURS", "PentUpGame", "PentUpMove", "PentUpState", "Placements", "Tile",
           "parse_move_text"]
