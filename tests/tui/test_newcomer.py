"""A newcomer at the terminal (README, "Playing in the terminal"): narrow terminals, help
texts, typing mistakes, records written by other programs."""

from __future__ import annotations

import pytest

import pentarena
from pentarena.games.pentomino.reference import ReferencePentominoGame, ReferencePuzzleGame


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("name,options,other", [
    ("pentomino", {}, None),
    ("pentomino", {"variant": "draft"}, "'pick L'"),
    ("pentomino", {"touch_move": True}, "'touch L'"),
    ("pentomino-puzzle", {"region": "3x20"}, "'remove L'"),
])
def test_unreadable_pentomino_text_names_only_the_moves_of_this_game(name, options, other):
    # every game was told "(or 'pick L')", which only a draft has (a puzzle refuses it)
    native = pentarena.load_game(name, **options)
    reference = (ReferencePuzzleGame if name == "pentomino-puzzle" else
                 ReferencePentominoGame)(**native.options)
    for game in (native, reference):
        state = game.new_initial_state()
        with pytest.raises(ValueError) as err:
            state.apply("remove")
        message = str(err.value)
        assert "could not read 'remove'" in message
        words = [w for w in ("'pick L'", "'touch L'", "'remove L'") if w in message]
        assert words == ([other] if other else []), message
