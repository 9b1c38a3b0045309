"""Boards fit the terminal's width (review of terminal play, finding 4): Pent-Up crops its
columns around the last move with a note, Pentic lays its grid out one position a line
when 3×3 does not fit, and the Pent-Up result table keeps the players' names whole."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import pentarena
from pentarena.ai import RandomBot
from pentarena.tui.views import view_for

from ..conformance import random_playout
from .test_views import SPLIT_END, SPLIT_START, plain, run_any

CROPPED = re.compile(r"Columns (-?\d+) to (-?\d+) of (-?\d+) to (-?\d+) shown")


def wide_pentup():
    """A finished 4-player table more than 80 characters wide, and its last move."""
    state = random_playout(pentarena.load_game("pentup", players=4), seed=3)
    return state, state.parse_move(state.history()[-1])


def longest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


def test_a_wide_pentup_table_is_cropped_around_the_last_move():
    state, last = wide_pentup()
    view = view_for("pentup")
    full = plain(view.board(state, last), width=400)
    assert longest(full) > 80 and not CROPPED.search(full)
    for width in (80, 60, 40):
        text = plain(view.board(state, last), width=width)
        assert longest(text) <= width
        first, end, left, right = map(int, CROPPED.search(" ".join(text.split())).groups())
        xs = [x for x, _ in last.cells]
        assert left <= first <= min(xs) and max(xs) <= end <= right
        assert "widen the terminal" in " ".join(text.split())
        header = text.splitlines()[0].split()
        assert header[0] == str(first) and header[-1] == str(end)
    # (no underline shows in plain text: a mark says which cells the last move covered)
    assert "the last move's cells are marked * (e.g. ○2*)" in " ".join(full.split())


def test_board_x_centres_a_cropped_table_on_column_x():
    state, last = wide_pentup()
    view = view_for("pentup")
    view.interactive = True
    left = int(CROPPED.search(" ".join(plain(view.board(state, last), width=80).split()))[3])
    assert view.set_focus("x") is not None and view.focus is None
    assert view.set_focus(str(left)) is None
    text = " ".join(plain(view.board(state, last), width=80).split())
    first, end, all_left, _ = map(int, CROPPED.search(text).groups())
    assert first == all_left == left
    assert "shown: 'board X' centres on column X." in text


def test_board_with_a_column_at_the_prompt():
    _, _, text = run_any("pentup", ["board 3", "board east", "quit"], [None, RandomBot(seed=1)])
    assert "'board east': give a column number" in text
    _, _, text = run_any("pentago", ["board 3", "quit"], [None, RandomBot(seed=1)])
    assert "'board' takes no column in this game" in text


def test_the_pentic_grid_fits_narrow_terminals():
    state = random_playout(pentarena.load_game("pentic"), seed=2)
    view = view_for("pentic")
    wide = plain(view.board(state, None), width=120)
    assert re.search(r"^1: .*2: .*3: ", wide, re.M)
    for width in (70, 50):
        narrow = plain(view.board(state, None), width=width)
        assert longest(narrow) <= width
        assert [line[:2] for line in narrow.splitlines()[:9]] == [f"{p}:" for p in range(1, 10)]


def test_the_pentup_result_keeps_names_whole_in_40_columns():
    state, _ = wide_pentup()
    text = plain(view_for("pentup").result(state), width=40)
    rows = [line for line in text.splitlines() if "(seat " in line and re.search(r"\d\s*$", line)]
    for seat, name in enumerate(("White", "Black", "Red", "Blue")):
        assert any(f"{name} (seat {seat})" in line for line in rows), name
    table = text.split("Game over")[0]
    assert longest(table) <= 40


def test_a_wide_puzzle_region_fits_narrow_terminals():
    """3×20 takes 44 columns spaced; below that each square takes one column."""
    state = pentarena.load_game("pentomino-puzzle", region="3x20").new_initial_state()
    for _ in range(5):
        state.apply(state.hint())
    last = state.parse_move(state.history()[-1])
    view = view_for("pentomino-puzzle")
    wide = plain(view.board(state, last), width=80)
    assert longest(wide) == 44 and wide.splitlines()[0].split() == list("abcdefghijklmnopqrst")
    for width in (40, 30):
        narrow = plain(view.board(state, last), width=width)
        assert longest(narrow) == 24 <= width
        assert narrow.splitlines()[0].strip() == "abcdefghijklmnopqrst"
        # the same squares filled, row by row
        for spaced, packed in zip(wide.splitlines()[1:], narrow.splitlines()[1:]):
            assert spaced[4::2].rstrip() == packed[4:].rstrip()
    letters = "".join(wide.splitlines()[1:])
    assert sum(ch.isalpha() for ch in letters[4:]) == 25


def test_a_file_name_longer_than_the_line_is_never_broken_by_a_newline(tmp_path, capsys):
    """Rich folds a long word with a newline in its middle; a file name in a message stays
    whole (the terminal wraps it softly, and it copies in one piece), the rest of the
    sentence is wrapped at spaces."""
    import io

    from rich.console import Console

    from pentarena.cli import main
    from pentarena.tui.lines import print_sentence

    name = "/tmp/" + "x" * 60 + "/game.json"
    out = io.StringIO()
    print_sentence(Console(file=out, width=40), f"Saved the game (2 moves) to {name}; "
                   f"'pentarena replay {name}' shows it.")
    lines = out.getvalue().splitlines()
    assert lines[0] == "Saved the game (2 moves) to"
    assert lines[1] == f"{name};" and lines[3] == f"{name}'"
    assert all(len(line) <= 40 for line in lines if name not in line)
    deep = tmp_path.joinpath(*["folder" * 3] * 4) / "missing.json"
    assert main(["replay", str(deep)]) == 2
    assert f"error: {deep}: no such file or directory" in capsys.readouterr().out.replace("\n", " ")


def test_a_replay_written_to_a_file_keeps_every_column(tmp_path, capsys, monkeypatch):
    """`pentarena replay FILE > out.txt`: no terminal to widen, so the wide table whole
    (it lost its outer columns to the 80 characters of a pipe, with "widen the terminal")."""
    from pentarena.cli import main
    from pentarena.record import GameRecord

    monkeypatch.delenv("COLUMNS", raising=False)
    state, _ = wide_pentup()
    path = tmp_path / "wide.json"
    path.write_text(GameRecord.of(state).dumps())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert not CROPPED.search(out) and "widen the terminal" not in out
    assert longest(out) > 80
    monkeypatch.setenv("COLUMNS", "60")            # asked for: that width, cropped
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert CROPPED.search(" ".join(out.split())) and longest(out) <= 60


@pytest.mark.parametrize("name,options", [("pentup", {"players": 3}), ("pentago", {}),
                                          ("pentomino", {}), ("pentic", {})])
def test_a_replay_written_to_a_file_ends_no_line_with_spaces(tmp_path, capsys, name, options):
    """Rich pads a table's cells and the boards' rows to their width: a Pent-Up replay to
    a file had spaces at the end of 824 of its 1,289 lines (Pentago 168 of 282)."""
    from pentarena.cli import main
    from pentarena.record import GameRecord

    path = tmp_path / "game.json"
    path.write_text(GameRecord.of(random_playout(pentarena.load_game(name, **options),
                                                 seed=2)).dumps())
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) > 100 and not [line for line in lines if line.endswith(" ")]


ROWS = re.compile(r"Rows (-?\d+) to (-?\d+) of (-?\d+) to (-?\d+) shown")


def at_a_terminal(renderable, width=200, height=24) -> str:
    out = io.StringIO()
    Console(file=out, width=width, height=height, force_terminal=True,
            color_system=None).print(renderable)
    return out.getvalue()


def test_a_tall_pentup_table_shows_the_rows_around_the_last_move_at_a_terminal():
    """A sprawling 4-player table (30 rows here) was printed whole after every move,
    about 60 lines: at a terminal, the rows around the last move, and a note; in a pipe
    or a file, all of them; and once the game is over, all of them (at its end 5 rows of
    16 were shown above the result)."""
    ended = random_playout(pentarena.load_game("pentup", players=4, scoring="misere"), seed=2)
    state = ended.game.new_initial_state()   # the game one move before its end
    for move in ended.history()[:-1]:
        state.apply(move)
    last = state.parse_move(state.history()[-1])
    view = view_for("pentup")
    view.interactive = True
    assert not ROWS.search(plain(view.board(state, last)))          # not a terminal: whole
    # the game over, its last table is whole at a terminal too: nothing follows to play
    assert not ROWS.search(" ".join(at_a_terminal(view.board(ended, last), height=24).split()))
    text = at_a_terminal(view.board(state, last), height=40)
    first, end, bottom, top = map(int, ROWS.search(" ".join(text.split())).groups())
    view.ended_by_resignation = True     # a game resigned: its last table whole too
    assert not ROWS.search(" ".join(at_a_terminal(view.board(state, last), height=40).split()))
    view.ended_by_resignation = False
    ys = [y for _, y in last.cells]
    assert bottom <= first <= min(ys) and max(ys) <= end <= top and end - first + 1 < 30
    assert "shown: 'board X Y' centres on column X, row Y." in " ".join(
        text.split())
    rows = [line.split()[0] for line in text.splitlines()
            if re.match(r"^ *-?\d+ ", line) and not line.startswith("      ")]
    assert rows[0] == str(end) and rows[-1] == str(first)
    # 'board X Y' centres it on row Y (the lowest here); a bad row says what it takes
    assert view.set_focus(f"0 {bottom}") is None and view.row_focus == bottom
    text = " ".join(at_a_terminal(view.board(state, last), height=40).split())
    assert ROWS.search(text).group(1) == str(bottom)
    assert "give a row number" in view.set_focus("0 north")
    assert "give a column, or a column and a row" in view.set_focus("1 2 3")
    assert view.set_focus("3,-2") is None and (view.focus, view.row_focus) == (3, -2)


def test_a_pentup_table_takes_the_lines_the_rest_of_the_turn_leaves_it():
    """At a terminal a table was cropped to its height less a fixed 14 lines, whatever
    the status under it took: with four players (a 7-line status) a turn ran to 27 lines
    of 24. It takes what the turn leaves it now: whole when it fits, else the most rows
    around the last move that fit with the note saying which."""
    from pentarena.games.pentup.render import MIN_ROWS, printed_lines, render_rich

    state = pentarena.load_game("pentup", players=3).new_initial_state()
    state.apply("I:0,0;1,0;2,0;3,0;4,0")
    state.apply(state.legal_moves()[0])
    state.apply(state.legal_moves()[3])   # rows -5 to 0
    whole = render_rich(state, columns=80).plain
    need = printed_lines(whole, 80)
    assert render_rich(state, columns=80, lines=need).plain == whole
    shown = []
    for room in range(need - 1, need - 12, -1):
        text = render_rich(state, columns=80, lines=room).plain
        first, end, bottom, top = map(int, ROWS.search(" ".join(text.split())).groups())
        assert (bottom, top) == (-5, 0)
        shown.append(end - first + 1)
        assert printed_lines(text, 80) <= room or shown[-1] == MIN_ROWS
    # one line short: five rows (the note's lines for the column numbers under the table
    # and the empty line; it kept four)
    assert shown == sorted(shown, reverse=True) and shown[0] == 5 and shown[-1] == MIN_ROWS
    # the view leaves the rest of the turn its lines, as the terminal measures them
    view = view_for("pentup")
    view.interactive = True
    for after in (6, 10):
        view.lines_after = after
        assert len(at_a_terminal(view.board(state, None), width=80).splitlines()) <= 24 - after


def pentup_prompts(players: int, seat: int, turns: int, pick, seed: int) -> list[str]:
    """What an 80x24 terminal has printed at each of a person's first ``turns`` prompts in
    a Pent-Up game (the person at ``seat``, random computers at the others; ``pick``: the
    index of the legal move played, from how many prompts came so far and the moves)."""
    from pentarena.tui.terminal import TerminalGame

    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=True, color_system=None)
    screens = []

    def read(prompt: str) -> str:
        screens.append(out.getvalue())
        if len(screens) > turns:
            raise EOFError
        moves = tg.state.legal_moves()
        return str(moves[pick(len(screens), len(moves))])

    bots = [RandomBot(seed=s) for s in range(players)]
    bots[seat] = None
    tg = TerminalGame(pentarena.load_game("pentup", players=players), bots,
                      console=console, read=read, seed=seed)
    tg.run()
    return screens


@pytest.mark.parametrize("players,seat", [(2, 0), (2, 1), (3, 1), (4, 0), (4, 1), (4, 3)])
def test_pentup_turns_fit_a_24_line_terminal(players, seat):
    """From the line saying the last move to the prompt, a person's turns after the first
    fit 80x24 with any number of players (with four, 27 lines: the table did not leave
    the status its room; the second turn's explanations 26 to 31: they are left out
    where the whole table would not fit with them)."""
    screens = pentup_prompts(players, seat, 4, lambda n, count: n * 7 % count, players + seat)
    for before, screen in zip(screens, screens[1:]):
        turn = screen[len(before):].splitlines()
        start = max(i for i, line in enumerate(turn) if " plays " in line)
        # (where the line before the prompt says the moves since the person's last, the
        # last move's own line may go: from the table's top)
        start += any(line.startswith("Since your last move: ") for line in turn[start:])
        assert len(turn) - start + 1 <= 24, "\n".join(turn[start:])


def test_a_persons_second_pentup_turn_fits_a_24_line_terminal():
    """The second turn explained everything: the table, its legend, the status and four
    notes ran to 29 lines at 80x24, and the top of the table scrolled away. From the
    computer's move to the prompt, it now fits (the columns' notes were on the first)."""
    screens = pentup_prompts(2, 0, 2, lambda n, count: 0, 1)
    second = screens[1][len(screens[0]):]
    shown = second[second.index("● Black (seat 1) plays"):]
    assert "outline each tile" in shown and "A move is a tile" in shown
    assert len(shown.splitlines()) + 1 <= 24   # and the prompt's line


TOP_NUMBERS = re.compile(r"^ {6}\s*-?\d+( +-?\d+)* *$")
"""A Pent-Up table's first line: its column numbers."""


@pytest.mark.parametrize("players,seat", [(2, 1), (3, 2), (4, 1), (4, 3)])
def test_a_persons_first_pentup_turn_shows_its_table_and_status_at_80x24(players, seat):
    """The first turn explains the table and the status's columns; under the table, with
    three or four players, they cropped the table to its three rows and still ran to 26
    to 30 lines at 80x24 (the top of the table out of sight). Where they would crop it,
    they come above the table now, and from the table to the prompt the turn fits."""
    turn = pentup_prompts(players, seat, 1, lambda n, count: 0, 1)[0].splitlines()
    start = max(i for i, line in enumerate(turn) if " plays " in line)
    top = next(i for i in range(start, len(turn)) if TOP_NUMBERS.match(turn[i]))
    assert len(turn) - top + 1 <= 24, "\n".join(turn[top:])
    text = "\n".join(turn[start:])
    for note in ("e.g. ○2: White's tile", "tiles left: the letters", "record: tiles on each",
                 "A move is a tile"):
        assert note in text
    before = "\n".join(turn[start:top])
    assert ("tiles left: the letters" in before) == (players > 2)
    assert "A move is a tile" not in before


def test_a_cropped_pentup_table_keeps_its_rows_at_80x24():
    """Four players at 80x24: the note under a table cropped to the terminal's height ran
    to three lines ('Rows -2 to 1 of -2 to 5 shown (the table is taller than the terminal):
    type 'board X Y' to centre it on the cell at column X, row Y, or make the terminal
    taller.'), and the table kept four rows of eight.  The note takes one line, and the
    table a row more."""
    screens = pentup_prompts(4, 1, 8, lambda n, count: n * 5 % count, 3)
    cropped = 0
    for before, screen in zip(screens, screens[1:]):
        turn = screen[len(before):]
        found = ROWS.search(turn)
        if found is None:
            continue
        cropped += 1
        first, end, _, _ = map(int, found.groups())
        note = next(line for line in turn.splitlines() if line.startswith("Rows "))
        assert "'board X Y'" in note and len(note) <= 80, note   # one line, with the way out
        assert end - first + 1 >= 5, turn
    assert cropped


def test_board_shows_the_table_above_the_prompt_with_four_players_at_80x24():
    """'board' with four players at 80x24: the legend and the five notes under the table
    left it three rows, its column numbers scrolled away, the screen mostly explanations.
    They come above the table now (as on a first turn), and the table, its numbers and
    the status under them fit the terminal."""
    from pentarena.tui.terminal import TerminalGame

    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=True, color_system=None)
    prompts = []

    def read(prompt: str) -> str:
        prompts.append(out.getvalue())
        if len(prompts) == 7:
            return "board"
        if len(prompts) > 7:
            raise EOFError
        moves = tg.state.legal_moves()
        return str(moves[len(prompts) * 5 % len(moves)])

    bots = [RandomBot(seed=s) for s in range(4)]
    bots[1] = None
    tg = TerminalGame(pentarena.load_game("pentup", players=4), bots,
                      console=console, read=read, seed=4)
    tg.run()
    shown = prompts[-1][len(prompts[-2]):].splitlines()[1:]   # after the line 'board'
    screen = shown[-24:]
    flat = " ".join(" ".join(screen).split())
    assert "the stack is 2 tiles high" in " ".join(" ".join(shown).split())  # explained
    assert "player" in flat and "tiles left" in flat
    header = [line for line in screen if re.match(r"^ {5,}-?\d+( +-?\d+)+ *$", line)]
    assert header, "\n".join(screen)   # the column numbers in sight
    found = ROWS.search(flat)
    assert found is None or int(found[2]) - int(found[1]) + 1 >= 4, "\n".join(screen)


SCORE_LINE = re.compile(r"^\S+@\d: \d+ Tics?, ")


@pytest.mark.parametrize("players", [3, 4])
def test_pentics_score_line_wraps_between_its_parts_at_every_width(players):
    """'… single underneath ×1 = 2' then 'points' alone on the next line (80 columns):
    each play's score line fits the width and breaks only after a comma or before its
    '→', '+', '=' or '—', at every width from 60 to 120; the other lines keep each seat
    with its number and score."""
    from pentarena.tui import TerminalGame

    from .test_terminal import scripted

    seen = 0
    for width in range(60, 121):
        out = io.StringIO()
        game = pentarena.load_game("pentic", players=players)
        bots = [None] + [RandomBot(seed=width + s) for s in range(1, players)]
        tg = TerminalGame(game, bots, read=scripted([]), seed=width,
                          console=Console(file=out, width=width, height=24,
                                          force_terminal=True, color_system=None))
        tg.read = lambda prompt: str(tg.state.legal_moves()[0]) \
            if len(tg.state.history()) < 6 * players else "quit"
        tg.run()
        lines = [line.rstrip() for line in out.getvalue().splitlines()]
        assert max(len(line) for line in lines) <= width
        for before, line in zip(lines, lines[1:]):   # each seat whole: 'Teal (seat 2): 75'
            assert not SPLIT_END.search(before), (width, before)
            assert "Scores:" not in before or not SPLIT_START.match(line), (width, line)
        for at, line in enumerate(lines):
            if not SCORE_LINE.match(line):
                continue
            said = line
            while not said.endswith(("point", "points", "play!", "All-Nic!")):
                at += 1
                before, after = said.split()[-1], lines[at].split()[0]
                assert before.endswith((",", ":")) or after in ("→", "+", "=", "—"), \
                    f"{width} columns: {said!r} / {lines[at]!r}"
                said += " " + lines[at]
            seen += 1
    assert seen >= 61 * players * 6


def test_pentics_grid_keeps_three_columns_at_80_late_in_a_game():
    """Stacks 10 or more high ('(20)') made the widest cells 26 characters, the grid 82
    wide: at 80 columns it fell to one position a line, 9 lines instead of 3.  Without the
    space after each position's colon it takes 79 at most; from 60 to 120 columns every
    line fits, and the grid is 3×3 wherever that fits."""
    state = random_playout(pentarena.load_game("pentic", players=4, target=10_000), seed=3)
    assert max(len(stack) for stack in state.stacks) >= 10   # (the deck played out)
    view = view_for("pentic")
    wide = plain(view.board(state, None), width=200)
    grid = [line for line in wide.splitlines() if re.match(r"\d: ", line)]
    full = longest("\n".join(grid))
    assert len(grid) == 3 and full > 80   # what no longer fit in 80
    for width in range(60, 121):
        text = plain(view.board(state, None), width=width)
        assert longest(text) <= width, width
        rows = [line for line in text.splitlines() if re.match(r"\d:", line)]
        assert len(rows) == (3 if width >= full - 3 else 9), width
        if len(rows) == 3:
            assert [re.findall(r"(\d):", row) for row in rows] == [
                ["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]]
            assert all(re.search(r"\(\d+\)$", row) for row in rows)   # heights kept


@pytest.mark.parametrize("name", ["pentago", "pentic"])
def test_helps_analysis_row_keeps_each_mark_with_its_word(name):
    """'help' said '(✓ good, ?! mistake, ?' on one line and 'blunder)' on the next at 80
    columns ('(✓' / 'good' at 60): a mark split from the word it stands for, inside the
    Rich table cell.  Each stays with its word at every width from 40 to 120."""
    game = pentarena.load_game(name)
    tg, _, _ = run_any(name, [], [None] + [RandomBot(seed=1)] * (game.num_players - 1))
    for width in range(40, 121):
        text = plain(tg.help(), width=width)
        lines = [line.strip() for line in text.splitlines()]
        row = lines.index(next(line for line in lines if line.startswith("analysis")))
        cell = lines[row:row + 5]
        assert " ".join(" ".join(cell).split()).count("(✓ good, ?! mistake, ? blunder)") == 1
        for line in cell:
            assert not re.search(r"(✓|\?!?)$", line), f"{width} columns: {line!r}"
            assert not re.match(r"(good|mistake|blunder)\b", line), f"{width}: {line!r}"
        assert longest(text) <= width
