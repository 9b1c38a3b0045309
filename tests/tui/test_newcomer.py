"""A newcomer at the terminal (README, "Playing in the terminal"): narrow terminals, help
texts, typing mistakes, records written by other programs."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console

import pentarena
from pentarena.ai import RandomBot
from pentarena.cli import main
from pentarena.games.pentomino.reference import ReferencePentominoGame, ReferencePuzzleGame
from pentarena.tui import TerminalGame
from pentarena.tui.views import view_for

from ..conformance import random_playout
from .test_views import plain, run_any


def flat(text: str) -> str:
    return " ".join(text.split())


def test_arena_results_are_readable_in_a_narrow_terminal(monkeypatch, capsys):
    # at 40 columns rich squeezed the pairs' table to a letter a column ("┃ p ┃┃ won–draw")
    monkeypatch.setenv("COLUMNS", "40")
    assert main(["arena", "pentago", "--bots", "random,easy", "--games", "2", "--jobs", "1",
                 "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 40
    text = flat(out)
    assert "random: against easy, won–drawn–lost" in text
    assert "95% interval" in text and "Elo (95%)" in text and "standings" in text


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
    assert text.startswith("Game over. ") and text[len("Game over. ")].isupper(), text


def test_list_names_the_options_as_their_flags(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "60")
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 60
    assert "--touch-move" in out and "--no-teams" not in out
    for python_word in ("None", "True", "False", "touch_move"):
        assert python_word not in out
    # an option's description wraps under itself, not back to the left edge
    touch = next(i for i, line in enumerate(lines) if "--touch-move" in line)
    assert lines[touch + 1].startswith(" " * 8)
    # the AI levels a line each
    assert any(line.split()[:1] == ["hard"] for line in lines)
    assert any(line.split()[:1] == ["easy"] for line in lines)


def test_help_texts_are_plain_and_wrapped(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "60")
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "``" not in out
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    out = capsys.readouterr().out
    description = out.split("\n\n")[1]  # after the usage
    assert "'solve puzzle REGION'" in description
    assert max(len(line) for line in description.splitlines()) <= 60
    assert "  pentarena solve pentomino --from-start --draft  # the draft variant" in out


def test_a_record_saved_by_an_editor_with_a_byte_order_mark_replays(tmp_path, capsys):
    record = pentarena.GameRecord.of(random_playout(pentarena.load_game("pentago"), seed=2))
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + record.dumps().encode("utf-8"))
    assert main(["replay", str(path)]) == 0
    assert "Game over" in capsys.readouterr().out
    # a file that is not text at all is "not valid JSON", as any other unreadable record
    picture = tmp_path / "picture.json"
    picture.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF")
    assert main(["replay", str(picture)]) == 2
    assert "the record is not valid JSON" in flat(capsys.readouterr().out)
    assert json.loads(path.read_bytes())["game"] == "pentago"


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


def test_the_pentup_legend_names_what_marks_the_last_move(tmp_path, monkeypatch, capsys):
    # in a file or a pipe no underline shows, yet the legend said "the underlined cells
    # are the last move": there the last move's cells carry a mark, and the legend says so
    state = random_playout(pentarena.load_game("pentup"), seed=1)
    path = tmp_path / "pentup.json"
    path.write_text(pentarena.GameRecord.of(state).dumps())
    monkeypatch.setenv("COLUMNS", "200")  # the whole table: no column cropped
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "underlined" not in out
    assert "the last move's cells are marked * (e.g. ○2*)" in flat(out)
    last = len(state.history())
    final_board = out.split(f"\n{last}. ", 1)[1].split(" — e.g. ")[0]  # (not the legend)
    assert len(re.findall(r"[○●◆■]\d\*", final_board)) == 5  # the five cells of the move
    # where styles show, the underline marks it and the legend says so
    move = state.parse_move(state.history()[-1])
    out = io.StringIO()
    Console(file=out, width=200, force_terminal=True, color_system="truecolor").print(
        view_for("pentup").board(state, move))
    assert "\x1b[" in out.getvalue() and "*" not in out.getvalue()
    assert "the underlined cells are the last move" in flat(out.getvalue())


def test_puzzle_names_and_piece_letters_are_read_in_any_case(monkeypatch, capsys):
    assert main(["solve", "puzzle", "#####/#####/#####", "--pieces", "lpv"]) == 0
    out = capsys.readouterr().out
    assert all(f"{p}:" in out for p in "LPV")
    assert main(["solve", "puzzle", "8X8-Centre", "--count"]) == 0
    assert "65 solutions up to symmetry" in capsys.readouterr().out
    assert main(["solve", "puzzle", "3X20", "--pieces", "filnptuvwxyz"]) == 0
    capsys.readouterr()
    # and as the puzzle's options of play (and bench, arena), --name value or -o name=value
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "pentomino-puzzle", "--region", "3X20", "-o", "pieces=lpvfintuwxyz"]) == 0
    out = flat(capsys.readouterr().out)
    assert "Pentomino puzzles · region 3x20 · pieces LPVFINTUWXYZ" in out
    assert main(["bench", "pentomino-puzzle", "-o", "region=5X12", "--games", "1"]) == 0
    assert "region='5x12'" in capsys.readouterr().out


def test_an_option_without_its_equals_sign_says_name_equals_value(capsys):
    # argparse took 'variant' as the option and refused 'draft' with the top-level usage
    assert main(["play", "pentomino", "-o", "variant", "draft"]) == 2
    captured = capsys.readouterr()
    assert "error: -o expects name=value, e.g. -o variant=draft; got 'variant'" in \
        flat(captured.out)
    assert "unrecognized arguments" not in captured.err + captured.out
    assert main(["arena", "pentago", "--bots", "random,random", "-o", "=3"]) == 2
    assert "-o expects name=value, e.g. -o players=3; got '=3'" in flat(capsys.readouterr().out)


def test_piped_output_has_no_blank_line_left_by_a_progress_bar(tmp_path, capsys):
    # the progress bar is drawn at a terminal only; piped, the results start at once
    assert main(["arena", "pentago", "--bots", "random,random", "--games", "2", "--jobs", "1",
                 "--seed", "1"]) == 0
    assert capsys.readouterr().out.split("\n", 1)[0].strip()
    assert main(["bench", "pentago", "--games", "2"]) == 0
    assert capsys.readouterr().out.startswith("load_game('pentago')")
    assert main(["solve", "puzzle", "3x20", "--count"]) == 0
    assert capsys.readouterr().out.startswith("2 solutions up to symmetry")
    state = pentarena.load_game("pentago").new_initial_state()
    for move in ("f6 BL cw", "a1 BL cw", "e6 BL cw", "b1 BL cw", "d6 BL cw", "c1 BL cw",
                 "f4 BL cw", "d1 BL cw", "f5 BL cw", "e1"):
        state.apply(move)
    path = tmp_path / "pentago.json"
    path.write_text(pentarena.GameRecord.of(state).dumps())
    assert main(["replay", str(path), "--analyse", "--seconds-per-move", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "wins with five in a row (a1–e1).\nAnalysis: ✓ good" in out  # the result, then the analysis at once


def pentic_judged():
    """A finished Pentic game's moves, judged (made up: the table is what is tested), the
    longest card names played and found best."""
    from pentarena.ai.analysis import JudgedMoves

    state = random_playout(pentarena.load_game("pentic"), seed=1)
    history = state.history()
    longest = sorted(history, key=len)[-4:]
    judged = JudgedMoves(state.game)
    for ply, move in enumerate(history[:12], start=1):
        judged.moves.append({
            "ply": ply, "seat": (ply - 1) % 2, "move": longest[ply % 4] if ply < 5 else move,
            "before": 0.25, "after": -0.5 if ply == 3 else 0.2, "exact": False,
            "best": longest[(ply + 1) % 4], "verdict": "blunder" if ply == 3 else "good",
            "mark": "?" if ply == 3 else "✓"})
    return judged


def test_the_pentic_analysis_keeps_card_names_whole_in_80_columns():
    # at 80 columns the table cut card names to '5-triangle-orang…'
    from pentarena.tui.analysis import analysis_table

    judged = pentic_judged()
    assert max(len(m["move"]) for m in judged.moves) >= 19
    for width in (40, 80, 120):
        text = plain(analysis_table(view_for("pentic"), judged), width=width)
        lines = text.splitlines()
        assert "…" not in text and max(len(line.rstrip()) for line in lines) <= width
        # the moves' lines: before the sums per player and the note (whose wrapped
        # lines may begin with a number too)
        lines = lines[:next(i for i, line in enumerate(lines) if line.startswith("Navy (seat 0):"))]
        for m in judged.moves:
            # a row a move (at 40 columns a line a move, wrapped under itself), every card
            # name on it whole
            first = [i for i, line in enumerate(lines)
                     if line.replace("│", " ").split()[:1] in ([str(m["ply"])], [f"{m['ply']}."])]
            assert len(first) == 1, (width, m["ply"], text)
            entry = " ".join(lines[first[0]:first[0] + 4])
            assert m["move"] in entry and m["best"] in entry and f" {m['mark']} " in entry
            if width >= 80:  # a table: the move, its mark and the best found on one line
                assert m["move"] in lines[first[0]] and m["best"] in lines[first[0]]
        if width >= 80:
            assert "best found" in text and "before → after" in text
        assert "Navy (seat 0): 6 moves, 0 mistakes, 1 blunder" in flat(text)


@pytest.mark.parametrize("options,why", [
    ({}, r"Game over\. None of the pieces left \(([A-Z] )*[A-Z]\) fits on the board: "
         r"(Amber \(seat 0\)|Teal \(seat 1\)) placed the last piece and wins\."),
    ({"variant": "draft"}, r"Game over\. None of (Amber \(seat 0\)|Teal \(seat 1\))'s pieces "
                           r"left \(([A-Z] )*[A-Z]\) fits on the board: .* placed the last "
                           r"piece and wins\."),
])
def test_a_pentomino_game_over_says_why_it_ended(options, why):
    """Golomb's game ends when the player to move cannot place a piece: the result says
    so (which pieces were left, who placed last), as a round of a match does."""
    state = random_playout(pentarena.load_game("pentomino", **options), seed=1)
    text = flat(plain(view_for("pentomino").result(state), width=200))
    assert re.fullmatch(why, text), text
    winner = next(iter(state.winners()))
    assert f"seat {winner}) placed the last piece" in text


def test_a_saved_record_s_replay_command_can_be_copied_to_a_shell(tmp_path):
    """A file name with a space is quoted in the 'pentarena replay FILE' it suggests."""
    path = tmp_path / "my game.json"
    tg, _, text = run_any("pentago", [f"save {path}", "quit"], [None, RandomBot(seed=1)])
    assert f'pentarena replay "{path}"' in flat(text)
    assert path.exists()


def test_thousands_of_digits_at_the_prompt_get_a_message_not_the_end_of_the_game():
    """'#999…' and 'board 999…' past Python's 4,300 readable digits: a sentence and a new
    prompt (the game went on), not 'error: Exceeds the limit' and the shell."""
    digits = "9" * 5000
    tg, state, text = run_any("pentup", ["I:0,0;1,0;2,0;3,0;4,0", f"board {digits}",
                                         f"board -{digits}", f"#{digits}", "moves X", "#1",
                                         "quit"], [None, RandomBot(seed=1)])
    said = flat(text)
    assert "columns run from -1000000000 to 1000000000" in said
    assert "No move #" + "9" * 11 + "… in the last listing" in said and digits not in text
    assert len(state.history()) == 4 and state.history()[2].startswith("X:")
    tg, state, text = run_any("pentago", [f"moves {'x' * 3000}", "quit"],
                              [None, RandomBot(seed=1)])
    assert "No legal move matches 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'" in flat(text)
    assert "x" * 41 not in text


def test_a_record_with_a_number_of_thousands_of_digits_is_refused_in_words(tmp_path, capsys):
    """json refuses an int of over 4,300 digits with Python's advice to raise a limit;
    'replay' and 'solve' say what is wrong with the file instead."""
    record = pentarena.GameRecord.of(random_playout(pentarena.load_game("pentago"), seed=2))
    path = tmp_path / "huge.json"
    data = record.dumps()
    assert '"seed": 2,' in data
    path.write_text(data.replace('"seed": 2,', '"seed": ' + "9" * 5000 + ","))
    assert main(["replay", str(path)]) == 2
    out = flat(capsys.readouterr().out)
    assert "the record is not valid JSON: a number in it has over 4,300 digits" in out
    assert main(["solve", "pentago", str(path)]) == 2
    out = flat(capsys.readouterr().out)
    assert "not a JSON record or state (a number in it has over 4,300 digits)" in out
    assert "int_max_str_digits" not in out


@pytest.mark.parametrize("target,why", [
    (10_000, "The game ended because the pile ran out and a player to move had no card left."),
    (60, "The game ended because a player reached 60 points and the round was played out."),
])
def test_a_pentic_result_says_why_the_game_ended(target, why):
    """Below the target a game can end because the pile ran out: the result says which of
    the two ends it was, and once the pile is empty the status line says what comes."""
    game = pentarena.load_game("pentic", players=3, target=target)
    state = random_playout(game, seed=9)
    assert why in flat(plain(view_for("pentic").result(state)))
    if target == 10_000:
        before = game.new_initial_state(seed=9)
        for move in state.history():
            if before.pile_size == 0:
                break
            before.apply(move)
        status = flat(plain(view_for("pentic").status(before)))
        assert "The pile is empty: the game ends with the round in which a player to move " \
               "has no card left." in status


def test_list_ends_no_line_in_spaces(monkeypatch, capsys):
    """Piped or copied, 'pentarena list' has no trailing blanks (its grid used to pad every
    row to the width of its column, and a wrapped line kept the space it broke at)."""
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(line == line.rstrip() for line in lines)
    assert max(len(line) for line in lines) <= 80 and "--touch-move" in "\n".join(lines)


@pytest.mark.parametrize("game,start", [("pentago", "a1"), ("pentup", "F"), ("pentomino", "F")])
def test_a_number_after_a_summary_says_how_to_number_the_moves(game, start):
    """'moves' that only sums up (too many to number) then '#1': how to get a numbered
    listing ('moves a1'), which '#1' then plays from — not 'type moves' again (a loop)."""
    tg, state, text = run_any(game, ["moves", "#1", f"moves {start}", "#1", "quit"],
                              [None, RandomBot(seed=1)])
    said = flat(text)
    assert (f"No move #1 in the last listing; that listing was too long to number: type "
            f"'moves {start}' (for one) to number the moves that start with {start}.") in said
    assert state.history()[0].startswith(start)
    tg, state, text = run_any(game, ["#1", "moves zz", "#1", "quit"], [None, RandomBot(seed=1)])
    assert flat(text).count("No move #1 in the last listing; type 'moves' to list them.") == 2
    # the number typed apart from its '#' plays it too
    tg, state, text = run_any(game, [f"moves {start}", "# 1", "quit"], [None, RandomBot(seed=1)])
    assert state.history()[0].startswith(start) and "No move #" not in text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_drafts_game_over_keeps_each_seats_name_on_one_line(players):
    """'… fits on the board: Teal' ended a line at 80 columns and '(seat 1) placed the
    last piece and wins.' began the next: the seats' names are kept whole, as the other
    results keep them, at every width."""
    names = r"(Amber|Teal|Plum|Slate)"
    split = re.compile(rf"{names}\s*\n\s*\(seat|\(seat\s*\n\s*\d")
    game = pentarena.load_game("pentomino", variant="draft", players=players)
    broken = 0
    for seed in range(1, 4):
        state = random_playout(game, seed=seed)
        for width in range(40, 101):
            text = plain(view_for("pentomino").result(state), width=width)
            assert max(len(line) for line in text.splitlines()) <= width
            broken += bool(split.search(text))
    assert broken == 0


@pytest.mark.parametrize("options,says", [
    ({"players": 3}, "A match of rounds: each starts on an empty board with all 12 pieces, "
                     "begun by the next seat. A round ends when the player to move cannot "
                     "place any piece left; the last to place a piece scores 10, the one "
                     "before 5. The match ends after the round in which a total reaches 50: "
                     "the highest total wins."),
    ({"players": 4, "scoring": "15-10-5", "target": 100},
     "the last to place a piece scores 15, the one before 10, the one before that 5. The "
     "match ends after the round in which a total reaches 100"),
    ({"variant": "draft"}, "The draft: each picks 6 pieces in turn ('pick L'), then places "
                           "only their own, the seat after the first picker first."),
    ({"variant": "draft", "players": 4}, "each picks 3 pieces in turn"),
    ({}, "the game ends: the last to place a piece wins."),
])
def test_pentominos_help_says_how_the_game_is_won(options, says):
    """'help' said nothing of the game itself: 3-4 players saw 'Round 1 — totals: … (target
    50)' with no word on how a round scores until the first one ended; the draft, what the
    picks were for.  The notes follow the options, and the scores the engine gives."""
    game = pentarena.load_game("pentomino", **options)
    bots = [None] + [RandomBot(seed=1)] * (game.num_players - 1)
    _, _, text = run_any("pentomino", ["help", "quit"], bots, **options)
    assert says in flat(text)
    assert "files a-h left to right, ranks 1-8 bottom to top" in flat(text)
    if game.rounds:   # what the engine scores a round
        state = random_playout(game, seed=1)
        points = sorted((n for n in state.rounds[0]["points"] if n), reverse=True)
        assert points == [int(n) for n in options.get("scoring", "10-5").split("-")]
