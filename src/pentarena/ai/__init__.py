"""Computer opponents that play any game through the core protocol."""

from .alphabeta import AlphaBetaBot
from .bots import LEVELS, Bot, GreedyBot, RandomBot, SearchBot, choose_for, make_bot
from .ismcts import ISMCTSBot
from .mcts import MCTSBot, SearchInfo

__all__ = ["LEVELS", "AlphaBetaBot", "Bot", "GreedyBot", "ISMCTSBot", "MCTSBot", "RandomBot",
           "SearchBot", "SearchInfo", "choose_for", "make_bot"]
