"""Pentomino: Golomb's 8×8 game, its draft variant, 3–4 player rounds (RULES.md §3), and
the solo tiling puzzles (``pentomino-puzzle``)."""

from ...core.game import GameInfo, Option, register_game
from .board import Grid, placements
from .notation import PentominoMove
from .rules import PentominoGame, PentominoState


def _check(options: dict) -> None:
    if options["scoring"] == "15-10-5" and options["players"] != 4:
        from ...core.errors import GameOptionError

        raise GameOptionError("scoring 15-10-5 is for 4 players")


register_game(
    GameInfo(
        name="pentomino",
        title="Pentomino",
        description="Golomb's game: take turns placing pentominoes; the last to place wins.",
        factory=PentominoGame,
        options={
            "players": Option(2, (2, 3, 4), "number of players (3-4: a match of rounds)"),
            "variant": Option("standard", ("standard", "draft"),
                              "standard (common pool) or draft (pick your pieces first)"),
            "touch_move": Option(False, (False, True), "a touched piece must be placed"),
            "scoring": Option("10-5", ("10-5", "15-10-5"),
                              "round points for the last placers (15-10-5: 4 players)"),
            "target": Option(50, (50, 100), "match target with 3-4 players"),
        },
        check=_check,
    )
)

__all__ = ["Grid", "PentominoGame", "PentominoMove", "PentominoState", "placements"]
