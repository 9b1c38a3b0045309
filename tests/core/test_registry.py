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


def test_names_are_read_in_any_case_by_the_api_as_by_the_command_line():
    """A choice or a puzzle's named region and pieces, in any case, are the option's own
    spelling (the command line did this alone); JSON clients (text=False) spell them."""
    from pentarena.core.game import resolve_options

    assert pentarena.load_game("pentup", scoring="Misere").options["scoring"] == "misere"
    for spelt in ("misère", "Misère", " MISÈRE "):  # as the pages write it
        assert pentarena.load_game("pentup", scoring=spelt).options["scoring"] == "misere"
    assert pentarena.load_game("pentup", players=4, teams="On").options["teams"] is True
    puzzle = pentarena.load_game("pentomino-puzzle", region="8X8-Centre", pieces="filnptuvwxyz")
    assert puzzle.options == {"region": "8x8-centre", "pieces": "FILNPTUVWXYZ"}
    drawn = pentarena.load_game("pentomino-puzzle", region="#####/#####/#####", pieces="lpv")
    assert drawn.options == {"region": "#####/#####/#####", "pieces": "LPV"}
    with pytest.raises(pentarena.GameOptionError, match="must be one of"):
        resolve_options("pentup", {"scoring": "Misere"}, text=False)


def test_a_puzzles_region_and_pieces_are_refused_with_what_was_wrong():
    with pytest.raises(pentarena.GameOptionError,
                       match=r"no region is named '9x9'; the named ones: 6x10, 5x12"):
        pentarena.load_game("pentomino-puzzle", region="9x9")
    with pytest.raises(pentarena.GameOptionError, match="draw the region with # .* only"):
        pentarena.load_game("pentomino-puzzle", region="##x#")
    with pytest.raises(pentarena.GameOptionError, match=r"letters, e.g. FILNPTUVWXYZ: Q is no piece"):
        pentarena.load_game("pentomino-puzzle", region="#####/#####/#####", pieces="LPQ")
    with pytest.raises(pentarena.GameOptionError, match=r": L given twice"):
        pentarena.load_game("pentomino-puzzle", region="#####/#####/#####", pieces="LLP")


def test_option_type_errors_are_clear():
    with pytest.raises(pentarena.GameOptionError, match="must be a whole number"):
        Option(2).check("players", "two")
    with pytest.raises(pentarena.GameOptionError, match="^option .players. must be a number, not true or false$"):
        pentarena.load_game("pentup", players=True)


def test_errors_are_value_errors():
    assert issubclass(pentarena.IllegalMoveError, ValueError)
    assert issubclass(pentarena.InvalidMoveError, ValueError)
    assert issubclass(pentarena.IllegalMoveError, pentarena.PentarenaError)
