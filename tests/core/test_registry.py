from __future__ import annotations

import pytest

import pentarena
from pentarena.core.game import Option


def test_list_games_names_options_and_defaults():
    games = {g["name"]: g for g in pentarena.list_games()}
    pentup = games["pentup"]
    assert pentup["title"] == "Pent-Up"
    assert pentup["options"]["players"]["default"] == 2
    assert pentup["options"]["scoring"]["choices"] == ["standard", "misere", "advanced"]


def test_load_game_fills_defaults_and_converts_text():
    game = pentarena.load_game("pentup", players="3", scoring="misere")
    assert game.options == {"players": 3, "scoring": "misere", "teams": False}
    assert pentarena.load_game("pentup", players=4, teams="false").teams is False


def test_option_type_errors_are_clear():
    with pytest.raises(pentarena.GameOptionError, match="must be a whole number"):
        Option(2).check("players", "two")
    with pytest.raises(pentarena.GameOptionError, match="must be a number"):
        pentarena.load_game("pentup", players=True)


def test_errors_are_value_errors():
    assert issubclass(pentarena.IllegalMoveError, ValueError)
    assert issubclass(pentarena.InvalidMoveError, ValueError)
    assert issubclass(pentarena.IllegalMoveError, pentarena.PentarenaError)
