"""Computer opponents that play any game through the core protocol."""

from .bots import LEVELS, Bot, GreedyBot, RandomBot, make_bot
from .mcts import MCTSBot, SearchInfo

__all__ = ["LEVELS", "Bot", "GreedyBot", "MCTSBot", "RandomBot", "SearchInfo", "make_bot"]
