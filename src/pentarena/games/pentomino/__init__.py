"""Pentomino: Golomb's 8×8 game, its draft variant, 3–4 player rounds (RULES.md §3), and
the solo tiling puzzles (``pentomino-puzzle``)."""

from ...core.game import GameInfo, Option, register_game
from .board import Grid, placements
from .notation import PentominoMove
from .puzzle import (
    KNOWN_COUNTS,
    REGIONS,
    PuzzleGame,
    PuzzleState,
    check_options,
    piece_letters,
    region_name,
)
from .rules import PentominoGame, PentominoState
from .solver import Solver


def _check(options: dict) -> None:
    if options["scoring"] == "15-10-5" and options["players"] != 4:
        from ...core.errors import GameOptionError

        raise GameOptionError("scoring 15-10-5 is for 4 players")


def _unused(options: dict) -> dict[str, str]:
    """target and scoring count only in matches of rounds."""
    if PentominoGame(**options).rounds:
        return {}
    game = "2 players play" if options["players"] == 2 else "the draft variant is"
    why = (f"it counts only in matches of rounds (3-4 players, standard variant), and {game} "
           f"a single game, won by the last placer")
    return {"target": why, "scoring": why}


register_game(
    GameInfo(
        name="pentomino",
        title="Pentomino",
        order=2,
        description="Golomb's game: take turns placing pentominoes; the last to place wins "
                    "(3–4 players: a match of rounds, won on points).",
        factory=PentominoGame,
        options={
            "players": Option(2, (2, 3, 4), "number of players (3-4 in the standard variant: "
                              "a match of rounds, won on points; in the draft: one game, the "
                              "last to place wins)"),
            "variant": Option("standard", ("standard", "draft"),
                              "standard (common pool) or draft (pick your pieces first)"),
            "touch_move": Option(False, (False, True), "a touched piece must be placed"),
            "scoring": Option("10-5", ("10-5", "15-10-5"),
                              "round points for the last placers (15-10-5: 4 players)"),
            "target": Option(50, (50, 100), "match target with 3-4 players"),
        },
        check=_check,
        unused=_unused,
    )
)

register_game(
    GameInfo(
        name="pentomino-puzzle",
        title="Pentomino puzzles",
        order=3,
        description="Tile a rectangle (or any shape) with the twelve pentominoes.",
        factory=PuzzleGame,
        options={
            "region": Option("6x10", None, "6x10, 5x12, 4x15, 3x20, 8x8-centre, or rows of "
                             "#/. separated by /", kind=str, canonical=region_name),
            "pieces": Option("FILNPTUVWXYZ", None, "the pieces to use, each once", kind=str,
                             canonical=piece_letters),
        },
        check=check_options,
        solo=True,
    )
)

__all__ = ["KNOWN_COUNTS", "REGIONS", "Grid", "PuzzleGame", "PuzzleState", "Solver", "PentominoGame", "PentominoMove", "PentominoState", "placements"]
