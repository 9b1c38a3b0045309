"""The `pentarena` command: game options as flags, commands that end, checked numbers,
clean Ctrl-C, saved games (issue 10, items 10-13 and the bot names of item 15)."""

from __future__ import annotations

import io
import json
import random
import sys

import pytest

import pentarena
from pentarena import GameRecord, cli
from pentarena.ai import RandomBot
from pentarena.ai.arena import round_robin, wilson
from pentarena.cli import BOT_NAMES, main
from pentarena.core.game import registered_games
from tests.aio import in_own_thread


def flat(text: str) -> str:
    """Console output with the line wrapping undone."""
    return " ".join(text.split())


def typed(monkeypatch, *lines: str) -> None:
    """What the person types at the prompt (then end of input)."""
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))


def option_cases():
    """(game, option name, a valid value as text) for every registered game option."""
    cases = []
    for info in registered_games():
        for name, opt in info.options.items():
            value = opt.default if opt.default is not None else [
                c for c in opt.choices if c is not None][-1]
            text = str(value).lower() if isinstance(value, bool) else str(value)
            cases.append((info.name, name, text, value))
    return cases


APPLIES = {("pentomino", "target"): ["--players", "3"],
           ("pentomino", "scoring"): ["--players", "4"],
           ("pentup", "teams"): ["--players", "4"]}
"""The options that count only with another option, and that option."""


# -- item 10: every game option as --name value and as -o name=value ---------------------

def test_the_readme_draft_command_is_accepted(monkeypatch, capsys):
    typed(monkeypatch, "pick L", "quit")
    assert main(["play", "pentomino", "--variant", "draft", "--ai", "random", "--seed", "1"]) == 0
    out = flat(capsys.readouterr().out)
    assert "variant draft" in out and "left to pick" in out
    assert "picks the L" in out


@pytest.mark.parametrize("game,name,text,value", option_cases(),
                         ids=lambda c: c if isinstance(c, str) else None)
def test_every_game_option_is_a_flag_and_an_o_option(game, name, text, value, capsys):
    flag = "--" + name.replace("_", "-")
    where = APPLIES.get((game, name), [])  # options that count only with others
    for argv in ([flag, text], ["-o", f"{name}={text}"]):
        assert main(["bench", game, *where, *argv, "--games", "1"]) == 0, argv
        out = flat(capsys.readouterr().out)
        assert f"{name}={value!r}" in out, (argv, out)


@pytest.mark.parametrize("command", ["play", "arena", "bench"])
@pytest.mark.parametrize("info", registered_games(), ids=lambda i: i.name)
def test_game_help_lists_that_games_options(command, info, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([command, info.name, "--help"])
    assert exit_.value.code == 0
    out = flat(capsys.readouterr().out)
    assert f"{info.name} options" in out
    for name, opt in info.options.items():
        assert "--" + name.replace("_", "-") in out
        if opt.choices:
            assert all(str(c).lower() in out.lower() for c in opt.choices if c is not None)
        if opt.default is not None:
            assert f"default: {str(opt.default).lower()}" in out.lower()
    others = {n for i in registered_games() if i is not info for n in i.options} - set(info.options)
    assert not any(f"--{n.replace('_', '-')} " in out for n in others)


def test_players_scoring_and_teams_keep_working(capsys):
    for argv, shown in [
        (["--players", "4", "--no-teams"], "teams=False"),
        (["--players", "4", "--teams"], "teams=True"),
        (["--teams", "--players", "4"], "teams=True"),
        (["--players", "4", "--teams", "false"], "teams=False"),
        (["--players", "3", "--scoring", "misere"], "scoring='misere'"),
    ]:
        assert main(["bench", "pentup", *argv, "--games", "1"]) == 0
        assert shown in flat(capsys.readouterr().out)
    # a flag before the game's name does not swallow the name
    assert main(["bench", "--teams", "pentup", "--players", "4", "--games", "1"]) == 0
    assert "teams=True" in flat(capsys.readouterr().out)


def test_option_errors_are_sentences(capsys):
    assert main(["bench", "pentomino", "--variant", "sideways", "--games", "1"]) == 2
    assert "--variant must be one of 'standard', 'draft'" in flat(capsys.readouterr().out)
    assert main(["play", "pentomino", "--touch-move", "maybe"]) == 2  # the flag as typed
    assert "error: --touch-move must be true or false, got 'maybe'" in flat(
        capsys.readouterr().out)
    assert main(["bench", "pentomino", "--variant", "draft", "-o", "variant=standard"]) == 2
    assert "given twice" in flat(capsys.readouterr().out)
    assert main(["bench", "pentago", "-o", "colour=red"]) == 2
    assert "no option 'colour'" in flat(capsys.readouterr().out)
    with pytest.raises(SystemExit) as exit_:  # pentago has no --players
        main(["bench", "pentago", "--players", "3"])
    assert exit_.value.code == 2
    assert main(["play", "chess", "--players", "2"]) == 2
    assert "unknown game 'chess'" in flat(capsys.readouterr().out)


# -- item 11: every command ends, or says why it cannot apply ------------------------------

def test_a_puzzle_whose_region_the_pieces_cannot_cover_is_refused_in_words(capsys):
    assert main(["play", "pentomino-puzzle", "--region", "##./.##", "--pieces", "L"]) == 2
    assert "the region has 4 cells but 1 piece covers 5" in flat(capsys.readouterr().out)
    assert main(["play", "pentomino-puzzle", "--region", "##./.##", "--pieces", "LI"]) == 2
    assert "the region has 4 cells but 2 pieces cover 10" in flat(capsys.readouterr().out)


@pytest.mark.parametrize("argv,words", [
    (["pentomino", "--target", "100"], "--target does not apply here: it counts only in "
                                       "matches of rounds (3-4 players, standard variant), and "
                                       "2 players play a single game"),
    (["pentomino", "--target", "50"], "--target does not apply here"),  # given: not ignored
    (["pentomino", "--scoring", "10-5"], "--scoring does not apply here"),
    (["pentomino", "--players", "4", "--variant", "draft", "--scoring", "15-10-5"],
     "--scoring does not apply here: it counts only in matches of rounds (3-4 players, "
     "standard variant), and the draft variant is a single game"),
    (["pentomino", "--players", "3", "-o", "variant=draft", "-o", "target=100"],
     "--target does not apply here"),
    (["pentago", "--hotseat", "--seat", "1"], "--seat names the people's seats when the "
                                              "computer plays the others, and --hotseat makes "
                                              "every seat a person"),
])
def test_play_refuses_options_it_would_ignore(argv, words, capsys):
    assert main(["play", *argv]) == 2
    out = flat(capsys.readouterr().out)
    assert words in out and "Pentarena —" not in out


def test_options_that_apply_are_accepted(monkeypatch, capsys):
    typed(monkeypatch, "quit")
    assert main(["play", "pentomino", "--players", "4", "--scoring", "15-10-5", "--target",
                 "100", "--ai", "random"]) == 0
    assert "scoring 15-10-5 · target 100" in flat(capsys.readouterr().out)
    # a record or table may carry the defaults of options that do not apply: still loads
    assert pentarena.load_game("pentomino", players=2, target=50, scoring="10-5").players == 2
    assert main(["arena", "pentomino", "--target", "100", "--bots", "random,random"]) == 2
    assert "--target does not apply here" in flat(capsys.readouterr().out)


def test_arena_refuses_a_solo_puzzle_with_a_reason(capsys):
    assert main(["arena", "pentomino-puzzle", "--bots", "random", "--games", "1"]) == 2
    out = flat(capsys.readouterr().out)
    assert "one-person puzzle" in out and "two or more" in out
    with pytest.raises(pentarena.GameOptionError, match="one-person puzzle"):
        round_robin("pentomino-puzzle", {}, ["random"], 1)


@pytest.mark.parametrize("region", ["6x10", "3x20"])
def test_bench_on_a_puzzle_measures_random_fillings_that_end(region, capsys):
    assert main(["bench", "pentomino-puzzle", "--region", region, "--games", "5"]) == 0
    out = flat(capsys.readouterr().out)
    assert "random fillings/s" in out and "placements/s" in out
    assert "of 5 fillings covered the region" in out
    assert "stopped" not in out


# -- item 12: numbers are checked, Ctrl-C exits cleanly -------------------------------------

@pytest.mark.parametrize("argv,message", [
    (["arena", "pentup", "--bots", "random,random", "--games", "0"], "--games: must be at least 1"),
    (["arena", "pentup", "--bots", "random,random", "--games", "-2"], "--games: must be at least 1"),
    (["arena", "pentup", "--bots", "random,random", "--games", "x"], "not a whole number"),
    (["arena", "pentup", "--bots", "random,random", "--time", "0"], "--time: must be more than 0"),
    (["arena", "pentup", "--bots", "random,,random"], "players separated by commas"),
    (["bench", "pentup", "--games", "-3"], "--games: must be at least 1"),
    (["play", "pentup", "--time", "-1"], "--time: must be more than 0"),
    (["play", "pentup", "--time", "nan"], "not a finite number"),
    (["play", "pentup", "--time", "inf"], "not a finite number"),
    (["play", "pentup", "--seat", "-1"], "--seat: seats are numbered from 0"),
    (["play", "pentup", "--seed", str(2**64)], "--seed: a seed must fit in 64 bits"),
    (["replay", "game.json", "--delay", "-1"], "--delay: must be 0 seconds or more"),
    (["replay", "game.json", "--analyse", "--seconds-per-move", "0"],
     "--seconds-per-move: must be more than 0 seconds"),
    (["serve", "--port", "70000"], "--port: a port is between 1 and 65535"),
    # a flag of another game's: the game's own options named
    (["arena", "pentago", "--bots", "random,easy", "--players", "3"],
     "pentago has no option --players (its options: none;"),
    (["play", "pentup", "--target", "3"], "pentup has no option --target (its options: "
                                           "--players, --scoring, --teams;"),
    (["list", "--foo"], "unrecognized arguments: --foo"),
    # a flag of another command: that command named, not the game blamed
    (["bench", "pentago", "--ai", "easy"], "bench takes no --ai (a flag of play and resume;"),
    (["bench", "pentup", "--time", "1"],
     "bench takes no --time (a flag of play, arena, resume and solve;"),
    (["play", "pentomino", "--games", "3"], "play takes no --games (a flag of arena and bench;"),
])
def test_numbers_are_checked_by_argparse(argv, message, capsys, monkeypatch):
    import pentarena.cli

    for command in ("serve", "play", "replay"):  # never start a server or a game here
        monkeypatch.setitem(pentarena.cli.COMMANDS, command,
                            lambda *a: pytest.fail("the command ran despite a bad number"))
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = flat(capsys.readouterr().err)
    assert message in err
    assert "Traceback" not in err


def test_arena_percentages_are_sane():
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(-1, -2) == (0.0, 1.0)
    lo, hi = wilson(3, 4)
    assert 0.0 <= lo <= 0.75 <= hi <= 1.0
    with pytest.raises(pentarena.GameOptionError, match="at least 1"):
        round_robin("pentup", {}, ["random", "random"], 0)


class InterruptingBot(RandomBot):
    """A computer player that is interrupted (Ctrl-C) while it thinks."""

    def choose(self, state, time_limit=None):
        raise KeyboardInterrupt


def test_ctrl_c_while_the_computer_thinks_exits_130_and_saves(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr("pentarena.cli.make_bot", lambda *a, **k: InterruptingBot())
    path = tmp_path / "left.json"
    typed(monkeypatch, "d4 TR cw")
    assert main(["play", "pentago", "--save", str(path)]) == 130
    captured = capsys.readouterr()
    out = flat(captured.out)
    assert "Interrupted." in out and "is thinking" in out
    assert "Traceback" not in captured.out + captured.err
    assert GameRecord.load(path).moves == ["d4 TR cw"]


def test_ctrl_c_at_the_prompt_and_in_arena_exits_130(monkeypatch, capsys, tmp_path):
    def interrupted(prompt=""):
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    assert main(["play", "pentago", "--ai", "random"]) == 130
    assert "Interrupted." in capsys.readouterr().out
    assert main(["play", "pentago", "--ai", "random", "--save", str(tmp_path / "g.json")]) == 130
    lines = capsys.readouterr().out.splitlines()
    saved = next(line for line in lines if "Saved the game" in line)
    assert saved.startswith("Saved the game")  # on a line of its own, not after the prompt

    def choose(bot, state, time_limit=None):
        raise KeyboardInterrupt

    monkeypatch.setattr("pentarena.ai.arena.choose_for", choose)
    assert main(["arena", "pentago", "--bots", "random,random", "--games", "3",
                 "--jobs", "1"]) == 130
    captured = capsys.readouterr()
    assert "Interrupted." in captured.out and "Traceback" not in captured.out + captured.err


# -- item 13: play --save, and replay reads it --------------------------------------------

def test_play_save_writes_a_record_that_replay_reads(monkeypatch, capsys, tmp_path):
    path = tmp_path / "game.json"
    typed(monkeypatch, "d4 TR cw", "quit")
    assert main(["play", "pentago", "--ai", "random", "--seed", "5", "--save", str(path)]) == 0
    assert "Saved the game (2 moves)" in flat(capsys.readouterr().out)
    data = json.loads(path.read_text())
    assert data["format"] == "pentarena-record/1" and data["game"] == "pentago"
    assert data["seed"] == 5 and data["moves"][0] == "d4 TR cw" and len(data["moves"]) == 2
    assert data["meta"]["players"] == ["person", "computer: random"]
    assert main(["replay", str(path)]) == 0
    out = flat(capsys.readouterr().out)
    assert "1. White (seat 0) plays d4 TR cw" in out and "2. Black (seat 1) plays" in out


def test_a_saved_game_or_another_file_is_never_written_over(monkeypatch, capsys, tmp_path):
    """--save and 'save FILE' replaced whatever was there (a finished game's record, a
    note): refused, but for the game's own file — the one it saves to, or resumes; a
    name with a space is taken in quotes, as the messages print it."""
    game, note = tmp_path / "game.json", tmp_path / "note.txt"
    typed(monkeypatch, "d4 TR cw", "quit")
    assert main(["play", "pentago", "--ai", "random", "--seed", "5", "--save", str(game)]) == 0
    kept = game.read_text()
    capsys.readouterr()
    assert main(["play", "pentago", "--ai", "random", "--save", str(game)]) == 2
    assert "exists already; name a new file" in flat(capsys.readouterr().out)
    assert game.read_text() == kept
    note.write_text("precious")
    spaced = tmp_path / "my game.json"
    typed(monkeypatch, f"save {note}", f'save "{spaced}"', "save", "quit")
    assert main(["resume", str(game)]) == 0                 # its own file: saved back to
    out = flat(capsys.readouterr().out)
    assert f"{note} exists already: save under a new name" in out and note.read_text() == "precious"
    assert spaced.exists() and "Saved the game (2 moves) to " + str(game) in out
    assert main(["resume", str(game), "--save", str(note)]) == 2 and note.read_text() == "precious"


def test_play_and_replay_name_the_game_and_its_options_in_words(monkeypatch, capsys, tmp_path):
    path = tmp_path / "game.json"
    typed(monkeypatch, "quit")
    assert main(["play", "pentomino", "--ai", "random", "--seed", "3", "--save", str(path)]) == 0
    first = flat(capsys.readouterr().out.split("\n\n")[0])
    assert first.startswith("Pentarena — Pentomino · players 2 · variant standard · touch move "
                            "no. Type 'help' for commands.")  # target and scoring: not here
    assert main(["replay", str(path)]) == 0
    first = flat(capsys.readouterr().out.split("\n\n")[0])
    assert first.startswith("Pentomino · players 2 · variant standard · touch move no — seed 3, "
                            "0 moves")


# White's 9th move f5 is a blunder, and Black's e1 makes five (tests/server/test_analysis.py)
BLUNDER_GAME = ["f6 BL cw", "a1 BL cw", "e6 BL cw", "b1 BL cw", "d6 BL cw", "c1 BL cw",
                "f4 BL cw", "d1 BL cw", "f5 BL cw", "e1"]


def pentago_record(path, moves):
    state = pentarena.load_game("pentago").new_initial_state()
    for move in moves:
        state.apply(move)
    path.write_text(GameRecord.of(state).dumps(), encoding="utf-8")
    return path


def test_file_errors_name_the_file_in_words(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert f"{tmp_path / 'missing.json'}: no such file or directory" in flat(capsys.readouterr().out)
    assert main(["replay", str(tmp_path)]) == 2
    out = flat(capsys.readouterr().out)
    assert f"{tmp_path}: is a directory" in out and "Errno" not in out


def test_replay_analyse_judges_every_move_of_a_finished_game(tmp_path, capsys):
    path = pentago_record(tmp_path / "blunder.json", BLUNDER_GAME)
    assert main(["replay", str(path), "--analyse", "--seconds-per-move", "0.05"]) == 0
    out = capsys.readouterr().out
    report = out[out.index("Game over."):]
    rows = {cells[1]: cells[1:-1] for cells in
            ([c.strip() for c in line.split("│")] for line in report.splitlines())
            if len(cells) > 2 and cells[1].isdigit()}
    assert sorted(map(int, rows)) == list(range(1, 11))
    assert rows["9"][:4] == ["9", "White (seat 0)", "f5 BL cw", "?"]
    assert rows["9"][4].endswith("→ lost")
    assert rows["10"][1:5] == ["Black (seat 1)", "e1", "✓", "won → won"]
    assert "White (seat 0): 5 moves" in flat(report) and "Black (seat 1): 5 moves" in flat(report)
    assert "Values are the chances of the player who moved" in flat(report)


def test_replay_analyse_needs_a_finished_game(tmp_path, capsys):
    """An unfinished record is printed, then refused with a sentence and exit status 1."""
    path = pentago_record(tmp_path / "unfinished.json", BLUNDER_GAME[:4])
    assert main(["replay", str(path), "--analyse", "--seconds-per-move", "0.05"]) == 1
    out = flat(capsys.readouterr().out)
    assert "4. Black (seat 1) plays b1 BL cw" in out
    assert ("Not analysed: the analysis needs a finished game, and this record stops after "
            "4 moves, before the end.") in out
    assert "Analysis:" not in out
    assert main(["replay", str(path)]) == 0  # without --analyse, as before


def test_replay_of_a_resigned_game_says_so_and_analyses_it(tmp_path, capsys):
    """A record of a game resigned on the server (``meta.resigned``) ends there: the
    replay says who resigned and who wins, and the analysis takes it."""
    state = pentarena.load_game("pentago").new_initial_state()
    for move in BLUNDER_GAME[:4]:
        state.apply(move)
    record = GameRecord.of(state, resigned=0)
    assert record.resigned() == 0
    path = tmp_path / "resigned.json"
    path.write_text(record.dumps(), encoding="utf-8")
    assert main(["replay", str(path), "--analyse", "--seconds-per-move", "0.05"]) == 0
    out = flat(capsys.readouterr().out)
    assert "White (seat 0) resigned: Black (seat 1) wins." in out
    assert "White (seat 0): 2 moves" in out
    # a record whose game ended by its rules, or a seat it does not have, is refused with
    # why (it was taken as no resignation, without a word)
    finished = pentarena.load_game("pentago").new_initial_state()
    for move in BLUNDER_GAME:
        finished.apply(move)
    for wrong, why in ((GameRecord.of(state, resigned=5), "seat 5, but the game's seats"),
                       (GameRecord.of(state, resigned="0"), "a whole number: not '0'"),
                       (GameRecord.of(finished, resigned=1), "end the game by its rules")):
        path.write_text(wrong.dumps())
        assert main(["replay", str(path)]) == 2
        out = flat(capsys.readouterr().out)
        assert out.startswith("error: meta.resigned") and why in out, out


def test_play_with_piped_input_ends_with_the_game(monkeypatch, capsys):
    """Input that is not a terminal: the game's end ends the program (no prompt for the
    analysis, which a person at a terminal gets)."""
    typed(monkeypatch, *BLUNDER_GAME, "analysis")
    assert main(["play", "pentago", "--hotseat"]) == 0
    out = flat(capsys.readouterr().out)
    assert "Game over. Black (seat 1) wins with five in a row (a1–e1)." in out and "Analysis:" not in out


def test_a_seat_given_twice_and_a_flag_the_command_would_not_read_are_refused(tmp_path,
                                                                              capsys):
    assert main(["play", "pentic", "--seat", "0", "--seat", "0"]) == 2
    out = flat(capsys.readouterr().out)
    assert "--seat 0 is given twice" in out and "Pentarena —" not in out
    state = pentarena.load_game("pentago").new_initial_state()
    state.apply("a1 TL cw")
    path = tmp_path / "game.json"
    path.write_text(pentarena.GameRecord.of(state).dumps())
    assert main(["replay", str(path), "--seconds-per-move", "2"]) == 2
    assert "--seconds-per-move is the time --analyse spends" in flat(capsys.readouterr().out)
    assert main(["replay", str(path)]) == 0  # a record without a seed: none is named
    assert flat(capsys.readouterr().out).startswith("Pentago — 1 move 1. White (seat 0) plays")


def test_play_save_into_a_missing_folder_is_refused_before_the_game(tmp_path, capsys):
    assert main(["play", "pentago", "--save", str(tmp_path / "nowhere" / "g.json")]) == 2
    out = flat(capsys.readouterr().out)
    assert "does not exist" in out and "Pentarena —" not in out


def test_play_save_naming_a_folder_is_refused_before_the_game(tmp_path, capsys):
    assert main(["play", "pentago", "--save", str(tmp_path)]) == 2
    out = flat(capsys.readouterr().out)
    assert f"--save: '{tmp_path}' is a folder; name a file" in out
    assert str(tmp_path / "game.json") in out and "Pentarena —" not in out


def test_save_command_at_the_prompt(monkeypatch, capsys, tmp_path):
    path = tmp_path / "mid.json"
    typed(monkeypatch, "I:0,0;1,0;2,0;3,0;4,0", f"save {path}", "save", "quit")
    assert main(["play", "pentup", "--ai", "random", "--seed", "2"]) == 0
    out = flat(capsys.readouterr().out)
    assert f"Saved the game (2 moves) to {path}" in out
    assert "Type 'save FILE'" in out  # a bare 'save' without --save says how
    assert GameRecord.load(path).moves[0] == "I:0,0;1,0;2,0;3,0;4,0"


# -- item 15: the bot names ---------------------------------------------------------------

def test_an_arena_spelling_of_a_level_and_its_time_is_shown_as_flags(capsys):
    assert main(["play", "pentago", "--ai", "hard@1.5"]) == 2
    assert "'hard@1.5': give the level and its time apart here: --ai hard --time 1.5" in \
        flat(capsys.readouterr().out)


def test_unknown_bot_level_lists_every_accepted_name(capsys):
    assert main(["arena", "pentup", "--bots", "random,grandmaster", "--games", "1"]) == 2
    out = flat(capsys.readouterr().out)
    assert "unknown AI level 'grandmaster'" in out
    for name in BOT_NAMES:
        assert name in out
    assert {"mcts", "greedy", "random", "easy", "medium", "hard", "expert"} <= set(BOT_NAMES)
    assert main(["arena", "pentago", "--bots", "greedy,random", "--games", "1"]) == 0


def test_solution_counts_are_plural_only_when_plural(capsys):
    assert main(["solve", "puzzle", "#####", "--pieces", "I", "--count"]) == 0
    out = flat(capsys.readouterr().out)
    assert "1 solution up to symmetry" in out and "1 solutions" not in out


# -- pentarena solve pentago: the value of a position and of every move ------------------

SOLVABLE = "WBW.BB/BW..W./WWB.BW/BBW.WB/W.B.../.W..B./w"  # 14 empty cells: a draw


def test_the_solve_help_shows_a_position_it_solves(capsys):
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    shown = capsys.readouterr().out.split("pentarena solve pentago '")[1].split("'")[0]
    assert shown == SOLVABLE


def test_the_solve_help_shows_moves_it_solves(capsys):
    from pentarena.cli import PENTAGO_MOVES_EXAMPLE

    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    assert "--moves '{}'".format(PENTAGO_MOVES_EXAMPLE[1]) in capsys.readouterr().out
    position, moves = PENTAGO_MOVES_EXAMPLE
    assert main(["solve", "pentago", position, "--moves", moves, "--time", "60"]) == 0
    assert "16 empty cells" in flat(capsys.readouterr().out)


def test_solve_moves_and_the_cli_share_one_memory_default(capsys):
    """One constant: solve_moves's max_gb, solve --max-gb's default and its help."""
    import inspect

    from pentarena.cli import SOLVE_DEFAULTS
    from pentarena.games.pentago.rules import SOLVER_MAX_GB, PentagoState

    default = inspect.signature(PentagoState.solve_moves).parameters["max_gb"].default
    assert default == SOLVE_DEFAULTS["max_gb"] == SOLVER_MAX_GB
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    assert f"(default: {SOLVER_MAX_GB:g})" in flat(capsys.readouterr().out)


def test_solve_pentago_prints_the_value_of_every_move(capsys):
    assert main(["solve", "pentago", SOLVABLE]) == 0
    out = flat(capsys.readouterr().out)
    assert "White to move, 14 empty cells: White draws with perfect play" in out
    state = pentarena.load_game("pentago").new_initial_state(position=SOLVABLE)
    counts = {title: 0 for title in ("winning", "drawing", "losing")}
    for title in counts:
        if f"{title} moves (" in out:
            counts[title] = int(out.split(f"{title} moves (")[1].split(")")[0])
    assert sum(counts.values()) == len(state.legal_moves()) == 112
    assert counts["drawing"] >= 1 and counts["winning"] == 0
    for move in ("d4 TL cw", "d1 (any turn)"):  # a single move and a whole placement
        assert move in out


def test_solve_pentago_json_record_and_moves(capsys, tmp_path):
    assert main(["solve", "pentago", SOLVABLE, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    state = pentarena.load_game("pentago").new_initial_state(position=SOLVABLE)
    assert data["value"] == 0 and data["empty"] == 14
    assert set(data["moves"]) == {str(m) for m in state.legal_moves()}
    assert max(data["moves"].values()) == data["value"]
    # a record file: its last position; and moves played from a position
    game = pentarena.load_game("pentago")
    played = game.new_initial_state(position=SOLVABLE)
    played.apply("d4 TL cw")
    record = tmp_path / "game.json"
    record.write_text(json.dumps(played.to_json()))
    assert main(["solve", "pentago", str(record), "--json"]) == 0
    after = json.loads(capsys.readouterr().out)
    assert after["empty"] == 13 and after["to_move"] == 1 and after["value"] == 0
    assert main(["solve", "pentago", SOLVABLE, "--moves", "d4 TL cw", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["moves"] == after["moves"]
    # the move list's words (a comma inside) with the moves separated by semicolons
    assert main(["solve", "pentago", SOLVABLE, "--moves", "d4, turns top-left ↻;", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["moves"] == after["moves"]
    saved = pentarena.GameRecord.of(game.new_initial_state())
    path = tmp_path / "start.json"
    path.write_text(saved.dumps())
    assert main(["solve", "pentago", str(path), "--max-gb", "1"]) == 2  # 36 empty cells
    assert "GB" in flat(capsys.readouterr().out)


def test_solve_pentago_refuses_what_it_cannot_read(capsys):
    assert main(["solve", "pentago", "WWWW"]) == 2
    assert "neither a file nor a position" in flat(capsys.readouterr().out)
    for kind in ("pentago", "pentomino"):  # a file name, not a position: say it is missing
        assert main(["solve", kind, "no-such-game.json"]) == 2
        assert flat(capsys.readouterr().out) == "error: no-such-game.json: no such file"
    assert main(["solve", "pentago", SOLVABLE, "--moves", "z9 TL cw"]) == 2
    assert "--moves: move 1" in flat(capsys.readouterr().out)
    assert main(["solve", "puzzle"]) == 2
    capsys.readouterr()
    # nothing to solve given: said, not the empty board tried (36 empty cells: too big)
    assert main(["solve", "pentago"]) == 2
    assert flat(capsys.readouterr().out).startswith("error: give a position to solve: rows")
    # a position that cannot be is said to be one (not "neither a file nor a position")
    assert main(["solve", "pentago", "WWWWW./....../....../....../....../BBBB../b"]) == 2
    assert ("is not a position Pentago can have: the position already has five in a row"
            in flat(capsys.readouterr().out))
    assert main(["solve", "pentago", "/home/me/games/saved/pentago/lastgame"]) == 2
    assert "is neither a file nor a position" in flat(capsys.readouterr().out)  # a path


def late_pentago(empty: int, seed: int = 3):
    """A Pentago position reached by random play with ``empty`` empty cells, game on."""
    game, rng = pentarena.load_game("pentago"), random.Random(seed)
    while True:
        state = game.new_initial_state()
        while state._empty_count() > empty and not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
        if not state.is_terminal():
            return state


def test_solve_pentago_says_what_memory_and_time_it_lacks(tmp_path, capsys, monkeypatch):
    path = tmp_path / "twenty.json"
    path.write_text(json.dumps(late_pentago(20).to_json()))
    assert main(["solve", "pentago", str(path), "--max-gb", "4"]) == 2
    assert "need about 8.5 GB, more than --max-gb 4" in flat(capsys.readouterr().out)
    monkeypatch.setattr(cli, "usable_bytes", lambda: 2 * 10**9)  # e.g. ulimit -v
    assert main(["solve", "pentago", str(path)]) == 2
    assert "more than the 1.8 GB this process may use" in flat(capsys.readouterr().out)
    assert main(["solve", "pentago", str(path), "--time", "0.5", "--threads", "1"]) == 2
    monkeypatch.undo()
    assert main(["solve", "pentago", str(path), "--time", "0.5", "--threads", "1"]) == 1
    assert "not tried: the estimate for 20 empty cells is" in flat(capsys.readouterr().out)
    with pytest.raises(SystemExit):
        main(["solve", "pentago", str(path), "--max-gb", "0"])
    assert "must be more than 0 GB" in capsys.readouterr().err


def test_the_pentago_solver_keeps_within_the_memory_it_may_use(monkeypatch):
    from pentarena.games.pentago import rules

    state = late_pentago(16)
    monkeypatch.setattr(rules, "usable_bytes", lambda: 10**6)  # tables of 0.13 GB refused
    assert state.solve_moves() is None and state.solve_position(10) is None
    monkeypatch.undo()
    assert state.solve_moves() is not None


def test_play_refuses_computer_options_without_a_computer_seat(capsys):
    for argv, why in ((["pentago", "--hotseat", "--ai", "easy"], "--hotseat makes every seat"),
                      (["pentomino-puzzle", "--ai", "easy"], "a puzzle has no computer"),
                      (["pentomino-puzzle", "--seat", "1"], "a puzzle has one seat, yours"),
                      (["pentomino-puzzle", "--hotseat"], "--hotseat is for games of several"),
                      (["pentago", "--seat", "0", "--seat", "1", "--time", "2"],
                       "every seat is a person")):
        assert main(["play", *argv]) == 2, argv
        assert why in flat(capsys.readouterr().out), argv


@pytest.mark.parametrize("argv,words", [
    (["puzzle", "3x20", "--json"], "--json does not apply to solve puzzle; it takes --pieces"),
    (["puzzle", "3x20", "--time", "5"], "--time does not apply to solve puzzle"),
    (["pentago", "start", "--count"], "--count does not apply to solve pentago"),
    (["pentago", "start", "--draft"], "--draft does not apply to solve pentago"),
    (["pentomino", "start", "--max-gb", "3"], "--max-gb does not apply to solve a pentomino position"),
    (["pentomino", "start", "--threads", "2"], "--threads does not apply"),
    (["pentomino", "--from-start", "--json"], "--json does not apply to solve pentomino --from-start"),
])
def test_solve_refuses_options_it_would_ignore(argv, words, capsys):
    assert main(["solve", *argv]) == 2
    assert words in flat(capsys.readouterr().out)


def test_solve_pentomino_tables_must_fit(capsys, monkeypatch):
    monkeypatch.setattr(cli, "usable_bytes", lambda: 4 * 10**9)
    for argv in (["start", "--table-bits", "30"], ["--from-start", "--table-bits", "30"],
                 ["--from-start", "--draft", "--threads", "4", "--table-bits", "26"]):
        assert main(["solve", "pentomino", *argv]) == 2, argv
        assert "this process may use; give fewer bits" in flat(capsys.readouterr().out)


def test_solve_pentomino_from_start_resumes(tmp_path, capsys):
    checkpoint = tmp_path / "proof.jsonl"
    argv = ["solve", "pentomino", "--from-start", "--checkpoint", str(checkpoint),
            "--table-bits", "16", "--time", "0.001", "--book", str(tmp_path / "book.json")]
    assert main(argv) == 0
    assert "stopped: 0 of 1181 replies" in capsys.readouterr().out
    assert checkpoint.read_text().count('"kind": "first"') == 1
    assert main(argv) == 0  # resumed: the same first move, not started again
    assert checkpoint.read_text().count('"kind": "first"') == 1
    assert (tmp_path / "book.json").exists()
    assert main(["solve", "pentomino"]) == 2  # the proof starts from the empty board


def test_solve_pentomino_positions_agree_with_the_reference_solver(capsys, tmp_path):
    from pentarena.games.pentomino.reference import ReferencePentominoGame

    # the empty board: the opening book of the proof answers at once
    assert main(["solve", "pentomino", "start", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["value"], data["move"], data["placed"]) == (1, "L:e3,e4,e5,e6,f6", 0)
    # a draft's placement phase: sets, then moves, then a saved file of the same position
    sets = "ILNPWZ/FTUVXY"
    moves = ["U:c2,d2,c3,c4,d4", "N:b3,b4,a5,b5,a6", "X:f2,e3,f3,g3,f4"]
    assert main(["solve", "pentomino", f"draft:{sets}", "--moves", "; ".join(moves),
                 "--json", "--table-bits", "18"]) == 0
    data = json.loads(capsys.readouterr().out)
    reference = ReferencePentominoGame(variant="draft").new_initial_state(
        sets=[list(s) for s in sets.split("/")])
    for m in moves:
        reference.apply(m)
    expected = reference.solve_position(120)
    assert (data["to_move"], data["placed"], data["pieces"]) == (0, 3, "ILPWZ")
    assert data["value"] == expected.value
    if expected.value == 1:  # a winning move: the opponent loses after it
        after = reference.clone()
        after.apply(data["move"])
        assert after.solve_position(120).value == -1
    native = pentarena.load_game("pentomino", variant="draft").new_initial_state(
        sets=[list(s) for s in sets.split("/")])
    for m in moves:
        native.apply(m)
    saved = tmp_path / "draft.json"
    saved.write_text(json.dumps(native.to_json()))
    assert main(["solve", "pentomino", str(saved)]) == 0
    out = flat(capsys.readouterr().out)
    words = {1: "Amber wins with perfect play", -1: "Amber loses with perfect play"}
    assert words[expected.value] in out and "Amber's pieces ILPWZ" in out
    assert "Amber (seat 0) to move" in out  # the seats named as 'play' names them


def test_solve_pentomino_refuses_what_it_cannot_solve(capsys, tmp_path):
    cases = [
        (["draft:ILNPWZ/FTUVX"], "each seat drafts 6 pieces"),
        (["draft:ILNPWZ/FTUVXY", "--moves", "L:a1,b1,c1,d1,d2"], "--moves: move 1"),
        (["start", "--moves", "L:e3,e4,e5,e6,f6, I:a1,a2,a3,a4,a5"], "separate them with ';'"),
        (["a1b2"], "neither a file nor a position"),
        (["start", "--from-start"], "without a position"),
    ]
    picking = pentarena.load_game("pentomino", variant="draft").new_initial_state()
    picking.apply("pick L")
    (tmp_path / "picking.json").write_text(json.dumps(picking.to_json()))
    cases.append(([str(tmp_path / "picking.json")], "the draft is not finished"))
    three = pentarena.load_game("pentomino", players=3).new_initial_state()
    (tmp_path / "three.json").write_text(json.dumps(three.to_json()))
    cases.append(([str(tmp_path / "three.json")], "only the 2-player game"))
    (tmp_path / "broken.json").write_text("{not json")
    cases.append(([str(tmp_path / "broken.json")], "not a JSON record or state"))
    (tmp_path / "pentago.json").write_text(json.dumps(
        pentarena.load_game("pentago").new_initial_state().to_json()))
    cases.append(([str(tmp_path / "pentago.json")], "not a Pentomino record or state (it is "
                   f"a pentago one: 'pentarena solve pentago {tmp_path / 'pentago.json'}' reads it)"))
    (tmp_path / "pentup.json").write_text(json.dumps(
        pentarena.load_game("pentup").new_initial_state().to_json()))
    cases.append(([str(tmp_path / "pentup.json")], "(it is a pentup one: 'pentarena solve' "
                                                   "takes Pentago and Pentomino positions)"))
    for argv, words in cases:
        assert main(["solve", "pentomino", *argv]) == 2, argv
        assert words in flat(capsys.readouterr().out), argv
    # a position the proof search cannot finish in the time given: said so, status 1
    assert main(["solve", "pentomino", "draft:ILNPWZ/FTUVXY", "--time", "0.01"]) == 1
    assert "not solved within 0.01 s" in flat(capsys.readouterr().out)


def test_solve_pentomino_draft_from_start_stops_and_resumes(tmp_path, capsys):
    checkpoint = tmp_path / "draft.jsonl"
    argv = ["solve", "pentomino", "--from-start", "--draft", "--checkpoint", str(checkpoint),
            "--table-bits", "16", "--time", "0.001", "--book", str(tmp_path / "book.json")]
    assert main(argv) == 0
    assert "stopped: 0 drafts proved so far" in flat(capsys.readouterr().out)
    book = json.loads((tmp_path / "book.json").read_text())
    assert book["splits"] == {} and book["result"] is None
    # a finished proof (made-up values): the result, read from the checkpoint
    from pentarena.games.pentomino import draft_proof

    def made_up(prover, mask0):
        return mask0 % 3 == 0, None, 1
    draft_proof.run_proof(checkpoint, [None], prove=made_up)
    assert main(argv) == 0
    out = flat(capsys.readouterr().out)
    winner = "the second picker" if draft_proof.read_checkpoint(checkpoint).result() else "the first picker"
    assert f"proved: {winner}" in out and "of the 924 drafts proved" in out
    first = draft_proof.Picks(draft_proof.read_checkpoint(checkpoint).value).best_pick(0, 0)
    assert (first is None) == (winner == "the second picker")  # only a winning seat 0 has one
    assert (first is None) or f"first picking {'FILNPTUVWXYZ'[first]} (" in out
    assert main(["solve", "pentomino", "--draft"]) == 2
    assert "--draft goes with --from-start" in flat(capsys.readouterr().out)
    assert main(["solve", "pentomino", "--from-start", "--draft", "--first", "L:a1,b1,c1,d1,d2"]) == 2
    assert "--first is for Golomb's game" in flat(capsys.readouterr().out)


def test_serve_trusts_forwarded_headers_only_from_the_proxies_named(monkeypatch, tmp_path):
    from pentarena.server import app as app_module

    from .services import free_port

    seen = []
    monkeypatch.setattr(app_module, "run_uvicorn", lambda app, sock, **kw: seen.append(kw) or True)
    db = f"sqlite:///{tmp_path / 's.sqlite3'}"
    assert main(["serve", "--database-url", db, "--port", str(free_port())]) == 0
    assert main(["serve", "--database-url", db, "--port", str(free_port()),
                 "--trust-proxy", "127.0.0.1"]) == 0
    plain, proxied = seen
    # by default a client is the address it connects from: X-Forwarded-For is ignored, so
    # nobody can claim another address to get round the limits per address
    assert plain["proxy_headers"] is False
    assert proxied["proxy_headers"] is True and proxied["forwarded_allow_ips"] == "127.0.0.1"


def test_serve_passes_the_limits_per_address(monkeypatch, tmp_path):
    from pentarena.server import app as app_module

    from .services import free_port

    seen = []
    monkeypatch.setattr(app_module, "run_uvicorn",
                        lambda app, sock, **kw: seen.append(app.state.hub.limits) or True)
    db = f"sqlite:///{tmp_path / 's.sqlite3'}"
    assert main(["serve", "--database-url", db, "--port", str(free_port())]) == 0
    assert main(["serve", "--database-url", db, "--port", str(free_port()),
                 "--tables-per-minute", "7", "--seat-changes-per-minute", "9"]) == 0
    monkeypatch.setenv("PENTARENA_AWAY_SECONDS", "30")
    assert main(["serve", "--database-url", db, "--port", str(free_port())]) == 0
    assert main(["serve", "--database-url", db, "--port", str(free_port()),
                 "--away-seconds", "5"]) == 0  # the flag before the environment
    default, given, from_env, flag = seen
    assert (default.away_seconds, from_env.away_seconds, flag.away_seconds) == (120, 30, 5)
    assert (default.tables_per_minute, default.seat_changes_per_minute) == (60, 60)
    assert (given.tables_per_minute, given.seat_changes_per_minute) == (7, 9)


def test_serve_checks_its_origins_proxies_and_environment(monkeypatch, tmp_path, capsys):
    """--allow-origin takes an origin (scheme and host, as browsers send it), --trust-proxy
    addresses or networks; what is not one is refused at once (accepted before, and
    silently matching nothing); a bad $PENTARENA_AWAY_SECONDS is said of the variable."""
    from pentarena.server import app as app_module

    from .services import free_port

    seen = []
    monkeypatch.setattr(app_module, "run_uvicorn", lambda app, sock, **kw: seen.append(kw) or True)
    db = f"sqlite:///{tmp_path / 's.sqlite3'}"
    serve = ["serve", "--database-url", db, "--port", str(free_port())]
    for flag, value, said in (
            ("--allow-origin", "notaurl", "an origin is the scheme and host of a site, e.g. "
             "https://play.example.org (a port may follow: http://localhost:5173), got 'notaurl'"),
            ("--allow-origin", "https://play.example.org/lobby", "got 'https://play.example.org/lobby'"),
            ("--allow-origin", "ftp://play.example.org", "got 'ftp://play.example.org'"),
            ("--trust-proxy", "127.0.0.1,proxy", "'proxy' is not an IP address or network: name "
             "the proxies as addresses or networks, comma-separated (127.0.0.1,10.0.0.0/8), or * "
             "for any")):
        with pytest.raises(SystemExit) as refused:
            main([*serve, flag, value])
        assert refused.value.code == 2
        err = flat(capsys.readouterr().err)
        assert f"argument {flag}: " in err and said in err
    assert main([*serve, "--allow-origin", "HTTPS://Play.Example.org/", "--trust-proxy",
                 "10.0.0.0/8, ::1"]) == 0
    assert seen[-1]["forwarded_allow_ips"] == "10.0.0.0/8,::1"
    capsys.readouterr()
    monkeypatch.setenv("PENTARENA_AWAY_SECONDS", "two minutes")
    assert main(serve) == 2
    assert flat(capsys.readouterr().out) == ("error: $PENTARENA_AWAY_SECONDS (the default of "
                                             "--away-seconds): 'two minutes' is not a whole number")


def test_a_server_that_cannot_start_says_why_in_a_sentence(tmp_path, capsys, monkeypatch):
    """A database that cannot be opened, a URL that is not one, or an optional package that
    is not installed: one sentence naming the remedy, exit status 2, no traceback (the
    server is never started)."""
    from pentarena.server import app as app_module

    from .services import free_port

    def never(*args, **kwargs):
        raise AssertionError("the server must not start")

    monkeypatch.setattr(app_module, "run_uvicorn", never)
    port = str(free_port())

    closed = f"postgresql+psycopg://pentarena:secret@127.0.0.1:{free_port()}/pentarena"
    assert main(["serve", "--port", port, "--database-url", closed]) == 2
    out = flat(capsys.readouterr().out)
    assert out.startswith("error: cannot open postgresql+psycopg://pentarena:***@127.0.0.1:")
    assert "secret" not in out and "Traceback" not in out
    assert main(["serve", "--port", port, "--database-url", "not a url"]) == 2
    assert "error: cannot open not a url: Could not parse" in flat(capsys.readouterr().out)
    # a database Pentarena does not work with, the usual postgres:// spelling, a Redis URL
    # that is not one: a sentence each (tracebacks before)
    assert main(["serve", "--port", port, "--database-url", "mysql://u:pw@127.0.0.1/db"]) == 2
    out = flat(capsys.readouterr().out)
    assert "Pentarena works with SQLite and PostgreSQL: --database-url postgresql+psycopg://" in out
    assert main(["serve", "--port", port, "--database-url", "postgres://u:pw@127.0.0.1/db"]) == 2
    assert "write postgresql+psycopg://… (SQLAlchemy does not read postgres://)" in flat(
        capsys.readouterr().out)
    assert main(["serve", "--port", port, "--database-url", f"sqlite:///{tmp_path / 'r.db'}",
                 "--redis-url", "notaurl"]) == 2
    assert "error: --redis-url: Invalid url: notaurl; write redis://host:6379/0" in flat(
        capsys.readouterr().out)
    # a port in use (another server there): said before anything else is opened or held
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = str(taken.getsockname()[1])
        assert main(["serve", "--port", busy, "--database-url", closed]) == 2
        # one line, not wrapped, where the output is not a terminal (a log, a service)
        assert capsys.readouterr().out == (
            f"error: port {busy} on 127.0.0.1 is in use (another server is running there?): "
            "stop it, or choose another port with --port\n")
    assert main(["serve", "--host", "192.0.2.1", "--port", port]) == 2  # not this machine's
    assert flat(capsys.readouterr().out).startswith(
        f"error: cannot listen on 192.0.2.1, port {port}: Cannot assign requested address")
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    monkeypatch.setitem(sys.modules, "saq", None)  # as if pentarena[cluster] were not installed
    monkeypatch.setitem(sys.modules, "redis", None)
    monkeypatch.setitem(sys.modules, "redis.asyncio", None)
    for command in (["serve", "--port", port, "--database-url", db],
                    ["worker", "--database-url", db]):
        # (the worker runs its own event loop: on a thread of its own, as the browser
        # tests' Playwright session keeps one running in this one: tests/aio.py)
        assert in_own_thread(main, [*command, "--redis-url", "redis://127.0.0.1:1/0"]) == 2
        out = flat(capsys.readouterr().out)
        assert "is not installed; it comes with pip install 'pentarena[cluster]'" in out, out


def test_one_version_everywhere(capsys):
    """``pentarena --version``, ``python -m pentarena --version``, ``pentarena.__version__``
    and the installed metadata all say native/Cargo.toml's version (its one source)."""
    import importlib.metadata
    import re
    import subprocess
    import tomllib
    from pathlib import Path

    cargo = tomllib.loads((Path(__file__).parents[1] / "native" / "Cargo.toml").read_text())
    version = cargo["package"]["version"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    assert pentarena.__version__ == importlib.metadata.version("pentarena") == version
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out == f"pentarena {version}\n"
    run = subprocess.run([sys.executable, "-m", "pentarena", "--version"], capture_output=True,
                         text=True, timeout=120)
    assert (run.returncode, run.stdout) == (0, f"pentarena {version}\n")


def test_a_true_or_false_flag_followed_by_another_word_names_what_it_takes(capsys):
    """`--teams maybe` after the game's name: the flag's own refusal, with the values it
    takes, not argparse's 'unrecognized arguments: maybe' under the top-level usage."""
    assert main(["play", "pentup", "--players", "4", "--teams", "maybe"]) == 2
    out = flat(capsys.readouterr().out)
    assert "--teams must be true or false, got 'maybe'" in out
    assert "unrecognized arguments" not in out
    # before the game's name the next word is still the game, not the flag's value
    assert main(["bench", "--teams", "pentup", "--players", "4", "--games", "1"]) == 0
    assert "teams=True" in flat(capsys.readouterr().out)


def test_the_command_list_says_solve_also_answers_pentomino_positions(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = flat(capsys.readouterr().out)
    assert "or who wins a 2-player Pentomino position" in out


def test_solve_pentomino_names_the_shared_pool_as_the_pool(capsys):
    """Golomb's game has one pool for both players: 'pool FILN…', not 'Amber's pieces'
    (which the draft's own sets are)."""
    assert main(["solve", "pentomino", "start"]) == 0
    out = flat(capsys.readouterr().out)
    assert "(0 pieces placed, pool FILNPTUVWXYZ)" in out and "Amber's pieces" not in out


@pytest.mark.parametrize("game", [None, "pentup", "pentago", "pentomino", "pentic",
                                  "pentomino-puzzle"])
def test_every_argument_says_what_it_is_for(game):
    """``--help`` describes every flag and argument of every command (none listed bare)."""
    import argparse

    from pentarena.cli import build_parser

    def bare(parser: argparse.ArgumentParser, where: str) -> list[str]:
        found = []
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found += bare(sub, f"{where} {name}")
            elif not isinstance(action, argparse._HelpAction) and not action.help:
                found.append(f"{where} {action.option_strings or action.dest}")
        return found

    assert bare(build_parser(game), "pentarena") == []


def test_replay_names_the_players_the_record_names(tmp_path, capsys):
    """The record's players (and who held a seat before its last player) under the title;
    a record that names nobody prints no such line."""
    moves = ["a1 BR cw", "a6 BR cw", "b1 BR cw", "b6 BR cw", "c1 BR cw", "c6 BR cw"]
    path = tmp_path / "r.json"
    path.write_text(GameRecord("pentago", {}, 1, moves, {
        "players": ["Ann", "Carol"],
        "earlier_players": [[], [{"name": "Bobby", "until": 4}]]}).dumps())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == ("Players — White (seat 0): Ann; Black (seat 1): Bobby until move 4, "
                      "then Carol")
    path.write_text(GameRecord("pentago", {}, 1, moves, {"players": ["person", ""]}).dumps())
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("1. White (seat 0) plays")
    # an unnamed person beside a named seat is said, not left out
    path.write_text(GameRecord("pentago", {}, 1, moves,
                               {"players": ["person", "computer: easy"]}).dumps())
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == (
        "Players — White (seat 0): a person; Black (seat 1): computer: easy")
    path.write_text(GameRecord("pentago", {}, 1, moves, {
        "players": ["Ann", "Carol"], "earlier_players": [[], [{"name": "B", "until": 9}]]}).dumps())
    assert main(["replay", str(path)]) == 2
    assert "meta.earlier_players[1] lists who held seat 1 before" in capsys.readouterr().out
    # a meta that cannot be is refused whether or not the record names its players, and
    # before anything is printed (as the server's import refuses it)
    for meta, said in (({"earlier_players": 5}, "meta.earlier_players is a list a seat"),
                       ({"solved_from": 99}, "meta.solved_from is how many")):
        path.write_text(GameRecord("pentago", {}, 1, moves, meta).dumps())
        assert main(["replay", str(path)]) == 2
        out = capsys.readouterr().out
        assert out.startswith("error: ") and said in " ".join(out.split()), out
