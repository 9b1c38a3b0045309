"""Pentic: the TIC card game on a 3×3 grid of stacks, with hidden hands (RULES.md §4)."""

from ...core.game import GameInfo, Option, register_game
from .cards import NAMES, parse
from .notation import NUM_ACTIONS, PenticMove, parse_move_text
from .rules import MAX_TARGET, PenticGame, PenticState, check_options
from .scoring import NEIGHBOURS, PlayScore, score_play

register_game(
    GameInfo(
        name="pentic",
        title="Pentic",
        description="Play TIC cards on a 3×3 grid: score Singles, Tics and the Pentic centre.",
        order=4,
        factory=PenticGame,
        options={
            "players": Option(2, (2, 3, 4), "number of players (2-4)"),
            "target": Option(250, None, "points that end the game (after an equal round), "
                             f"1 to {MAX_TARGET}", kind=int),
        },
        check=check_options,
    )
)

__all__ = ["NAMES", "NEIGHBOURS", "NUM_ACTIONS", "PenticGame", "PenticMove", "PenticState", "PlayScore",
           "parse", "parse_move_text", "score_play"]
