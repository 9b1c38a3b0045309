"""3–4 player Pentomino: the move that ends a round is drawn on the round's final board,
with what the round scored and the totals (review of terminal play, finding 3)."""

from __future__ import annotations

import io

from rich.console import Console

import pentarena
from pentarena import GameRecord
from pentarena.ai import RandomBot
from pentarena.cli import main
from pentarena.games.pentomino.render import render_round
from pentarena.tui import TerminalGame
from pentarena.tui.views import view_for

from .test_terminal import scripted


def flat(text: str) -> str:
    return " ".join(text.split())


def match(players=3, seed=1):
    game = pentarena.load_game("pentomino", players=players)
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    tg = TerminalGame(game, [RandomBot(seed=seed + s) for s in range(players)], console=console,
                      read=scripted([]), seed=seed)
    return tg.run(), out.getvalue()


def summaries(state):
    """Each round's summary as the view words it, from the engine's record of the rounds."""
    view = view_for("pentomino")
    out = []
    for n in range(1, len(state.rounds) + 1):
        totals = [sum(r["points"][s] for r in state.rounds[:n]) for s in range(len(state.totals))]
        out.append((n, state.rounds[n - 1], totals, view))
    return out


def test_every_round_ends_on_its_final_board_with_its_points_and_totals():
    state, text = match()
    assert len(state.rounds) >= 2
    for n, finished, totals, view in summaries(state):
        board = render_round(finished).plain
        line = f"Round {n} over: "
        assert line in text, n
        summary = flat(text.split(line, 1)[1].split("(target", 1)[0])
        last = finished["placed"][-1]["seat"]
        assert f"{view.seat_name(last)} placed last +10" in summary
        assert "totals: " + ", ".join(f"{view.seat_name(s)} {t}" for s, t in enumerate(totals)) \
            in summary
        # the round's final board is printed just before its summary
        assert text.split(line, 1)[0].rstrip().endswith(board.rstrip())
    assert text.count("over: ") == len(state.rounds)


def test_why_the_round_ended():
    state, text = match()
    placed = {p["piece"] for p in state.rounds[0]["placed"]}
    left = " ".join(p for p in "FILNPTUVWXYZ" if p not in placed)
    assert f"Round 1 over: none of the pieces left ({left}) fits on the board." in flat(text)


def test_replay_shows_each_round_end(tmp_path, capsys):
    state, _ = match(players=4, seed=2)
    path = tmp_path / "match.json"
    path.write_text(GameRecord.of(state).dumps(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    for n, finished, totals, view in summaries(state):
        assert f"Round {n} over: " in out
        board = render_round(finished).plain.splitlines()   # (a file's lines end unpadded)
        assert "\n".join(line.rstrip() for line in board) in out


def test_two_player_games_have_no_rounds():
    tg_state, text = match(players=2)
    assert "over: " not in text and "Game over" in text


def test_a_round_summary_keeps_each_seat_and_its_points_on_one_line():
    """At 80 columns a round's summary broke 'Teal (seat 1) placed last +10' and
    'Amber (seat 0) 20' apart ('… totals: Amber (seat' / '0) 20, …'): rich wraps at the
    spaces kept for them.  Each seat, what it scored and its total stay on one line."""
    import re

    end, _ = match(players=4, seed=3)
    view = view_for("pentomino")
    for width in range(50, 100):
        out = io.StringIO()
        Console(file=out, width=width, color_system=None).print(
            view.round_over(end, end.parse_move(end.history()[-1])))
        text = out.getvalue()
        assert "Round " in text and " over: " in text
        for line in text.splitlines():
            assert not re.search(r"\((seat|target)?\s*$", line), text
            assert not re.match(r"^(\d\)|placed|second|\(seat)", line), text
