"""The post-game analysis at the terminal: the 'analysis' command before and after the end
of a game, and the prompt that stays open after it for a person at a terminal."""

from __future__ import annotations

import io
import re

from rich.console import Console

import pentarena
from pentarena.ai import RandomBot
from pentarena.record import GameRecord
from pentarena.tui import TerminalGame

from .test_terminal import scripted

# as in tests/server/test_analysis.py: White's f5 (the 9th move) lets Black's e1 make five
BLUNDER_GAME = ["f6 BL cw", "a1 BL cw", "e6 BL cw", "b1 BL cw", "d6 BL cw", "c1 BL cw",
                "f4 BL cw", "d1 BL cw", "f5 BL cw", "e1"]
FAST = 0.05  # seconds judging one move


def hotseat(name, lines, after_game=True, options=None, **kwargs):
    """Everyone at one keyboard types ``lines``; returns the game and what it printed."""
    game = pentarena.load_game(name, **(options or {}))
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    tg = TerminalGame(game, [None] * game.num_players, console=console, read=scripted(lines),
                      after_game=after_game, analysis_seconds=FAST, **kwargs)
    tg.run()
    return tg, out.getvalue()


def row(text, ply):
    """The analysis table's row of ``ply``, its cells."""
    for line in text.splitlines():
        cells = [c.strip() for c in line.split("│")]
        if len(cells) > 2 and cells[1] == str(ply):
            return cells[1:-1]
    raise AssertionError(f"no row for ply {ply} in:\n{text}")


def test_analysis_before_the_end_says_when_it_is_available():
    tg, text = hotseat("pentago", ["d4 TR cw", "analysis", "quit"])
    assert "The analysis is available once the game is over." in text
    assert "Analysis:" not in text and tg.state.history() == ["d4 TR cw"]
    # hidden hands: why it has to wait
    game = pentarena.load_game("pentic")
    out = io.StringIO()
    tg = TerminalGame(game, [None, RandomBot(seed=1)], read=scripted(["analysis", "quit"]),
                      console=Console(file=out, width=120, color_system=None), seed=1)
    tg.run()
    text = " ".join(out.getvalue().split())
    assert ("available once the game is over: the best moves it shows name every player's "
            "cards" in text)


def test_analysis_after_the_game_marks_the_blunder():
    tg, text = hotseat("pentago", BLUNDER_GAME + ["analysis", "undo", "analysis", "quit"])
    assert tg.state.winners() == {1}
    end = text.index("Game over.")
    assert "Type 'analysis' to judge every move, 'save FILE', or 'quit'." in text[end:]
    report = text[end:]
    ply, player, move, mark, values, best = row(report, 9)
    assert (ply, player, move, mark) == ("9", "White (seat 0)", "f5 BL cw", "?")
    assert values.endswith("→ lost") and best and best != "f5 BL cw"
    assert row(report, 10)[1:] == ["Black (seat 1)", "e1", "✓", "won → won", ""]
    for ply in range(1, 11):
        assert row(report, ply)[3] in ("✓", "?!", "?")
        assert re.fullmatch(r"(\d{1,2}%|won|drawn|lost) → (\d{1,2}%|won|drawn|lost)",
                            row(report, ply)[4])
    summary = " ".join(report.split())
    assert re.search(r"White \(seat 0\): 5 moves, \d+ mistakes?, [1-9]\d* blunders?", summary)
    assert re.search(r"Black \(seat 1\): 5 moves, \d+ mistakes?, \d+ blunders?", summary)
    assert "Values are the chances of the player who moved" in summary
    # the game is over: no more moves (nor undo); asked again, the same analysis is shown
    assert "The game is over. Type 'analysis'" in summary
    assert tg.state.history() == BLUNDER_GAME
    assert report.count("Analysis: ✓ good, ?! mistake, ? blunder") == 2
    assert tg.analysed is not None and len(tg.analysed.moves) == len(BLUNDER_GAME)
    assert text.rstrip().endswith("Goodbye.")


def test_after_the_game_the_record_is_saved_once_and_the_end_of_input_ends(tmp_path):
    path = tmp_path / "game.json"
    other = tmp_path / "again.json"
    tg, text = hotseat("pentago", BLUNDER_GAME + ["board", f"save {other}"], save_path=path)
    assert text.count(f"Saved the game (10 moves) to {path}") == 1  # at the end, not again
    assert GameRecord.load(path).moves == GameRecord.load(other).moves == BLUNDER_GAME
    assert text.rstrip().endswith("Goodbye.")  # the end of input leaves cleanly


def test_piped_input_ends_with_the_game(monkeypatch):
    """Not at a terminal (or with another reader): no prompt after the game, as before."""
    tg, text = hotseat("pentago", BLUNDER_GAME + ["analysis"], after_game=None)
    assert not tg.after_game and "Game over." in text
    assert "Type 'analysis'" not in text and "Analysis:" not in text

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    game = pentarena.load_game("pentago")
    monkeypatch.setattr("sys.stdin", Terminal())
    assert TerminalGame(game, [None, None]).after_game
    monkeypatch.setattr("sys.stdin", io.StringIO())
    assert not TerminalGame(game, [None, None]).after_game
    monkeypatch.setattr("sys.stdin", None)
    assert not TerminalGame(game, [None, None]).after_game


def test_a_solved_puzzle_has_no_analysis():
    tg, text = hotseat("pentomino-puzzle", ["analysis", "solve", "analysis", "hint", "quit"],
                       options={"region": "3x20"})
    text = " ".join(text.split())
    assert text.count("A puzzle has no opponent's moves to analyse") == 2
    assert "Type 'save FILE', or 'quit'; then another region to tile" in text
    assert "The puzzle is solved." in text
