"""Pentarena: Pent-Up, Pentago, Pentomino and Pentic for people and programs.

>>> import pentarena
>>> game = pentarena.load_game("pentup", players=3, scoring="misere")
>>> state = game.new_initial_state(seed=7)

A finished (or unfinished) game is saved as a :class:`GameRecord` (``docs/records.md``):

>>> record = pentarena.GameRecord.of(state)
>>> again = pentarena.GameRecord.from_json(record.dumps()).final_state()
"""

from .core.errors import (
    GameOptionError,
    HiddenInformationError,
    IllegalMoveError,
    InvalidMoveError,
    PentarenaError,
    StateFormatError,
)
from .core.game import Game, State, list_games, load_game
from . import games as _games  # noqa: F401  (registers every game)
from .record import GameRecord
from ._native import __version__ as __version__  # native/Cargo.toml's: the package's version

__all__ = [
    "Game",
    "GameOptionError",
    "GameRecord",
    "HiddenInformationError",
    "IllegalMoveError",
    "InvalidMoveError",
    "PentarenaError",
    "State",
    "StateFormatError",
    "list_games",
    "load_game",
]
