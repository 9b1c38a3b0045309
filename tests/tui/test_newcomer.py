"""A newcomer at the terminal (README, "Playing in the terminal"): narrow terminals, help
texts, typing mistakes, records written by other programs."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import pentarena
from pentarena.ai import RandomBot
from pentarena.games.pentomino.reference import ReferencePentominoGame, ReferencePuzzleGame
from pentarena.tui import TerminalGame
from pentarena.tui.views import view_for

from ..conformance import random_playout
from .test_views import plain, run_any


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


def test_a_winner_named_by_seat_number_starts_the_sentence():
    state = random_playout(pentarena.load_game("pentic", target=60), seed=1)
    assert len(state.winners()) == 1
    text = flat(plain(view_for("pentic").result(state)))
    assert "Game over. Seat " in text and "Game over. seat" not in text


def test_puzzle_help_lists_remove():
    _, _, text = run_any("pentomino-puzzle", ["help", "quit"], [None], region="3x20")
    assert "remove L" in text.split("Commands:", 1)[1]


def test_a_mistyped_command_is_named_and_a_lone_word_points_to_help():
    _, _, text = run_any("pentago", ["mvoes", "xyzzy", "solev", "d9", "quit"],
                         [None, RandomBot(seed=1)])
    text = flat(text)
    assert "'mvoes' is not a cell" in text
    assert "did you mean the command 'moves'?" in text
    assert "'xyzzy' is not a cell: files a-f, ranks 1-6 (1 is the top row) ('help' lists " \
           "the commands)" in text
    assert "'solve'" not in text  # no such command outside puzzles
    assert "'d9' is not a cell: files a-f, ranks 1-6 (1 is the top row) Goodbye." in text
    _, _, text = run_any("pentomino-puzzle", ["solev", "quit"], [None], region="3x20")
    assert "did you mean the command 'solve'?" in flat(text)


def test_the_prompt_is_printed_as_written(monkeypatch):
    # rich highlighted the prompt as a Python value: '(' and ')' bold, the seat number cyan
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=True, color_system="truecolor")
    game = pentarena.load_game("pentago")
    TerminalGame(game, [None, RandomBot(seed=1)], console=console).run()
    assert "White (seat 0) > " in out.getvalue()
