"""A newcomer's frictions at 80x24: leaving, resuming, what a move did, what a status means."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import pentarena
from pentarena.ai import RandomBot
from pentarena.tui import TerminalGame

from .test_terminal import scripted


def pentago(lines, confirm=True, **kwargs):
    out = io.StringIO()
    read = scripted(lines)
    tg = TerminalGame(pentarena.load_game("pentago"), [None, RandomBot(seed=1)],
                      console=Console(file=out, width=80, height=24, color_system=None),
                      read=read, seed=1, confirm_quit=confirm, **kwargs)
    tg.run()
    return tg, read.prompts, out.getvalue()


@pytest.mark.parametrize("word", ["quit", "q", "exit", "Q"])
def test_a_quit_word_asks_first_when_the_moves_would_be_lost(word):
    """'q' left at once, and a game without --save was gone: every quit word asks now."""
    tg, prompts, text = pentago(["d4 TR cw", word, "no", "a1 TL cw", word, "y"])
    assert prompts.count("Quit? > ") == 2
    assert "The game is not saved (2 moves would be lost): 'y' quits, 's FILE' saves it" in text
    assert "Not quit: play on." in text
    assert "White (seat 0) plays a1 TL cw" in text   # played on after 'no'
    assert text.rstrip().endswith("Goodbye.")


def test_nothing_to_lose_quits_at_once(tmp_path):
    """No move yet, a --save file written on the way out, or saved since the last move."""
    for lines, kwargs in ((["q"], {}),
                          (["d4 TR cw", "q"], {"save_path": tmp_path / "g.json"}),
                          (["d4 TR cw", f"save {tmp_path / 'h.json'}", "q"], {})):
        tg, prompts, text = pentago(lines, **kwargs)
        assert "Quit? > " not in prompts and "Goodbye." in text, lines


def test_the_question_saves_first_and_ctrl_d_quits():
    tg, prompts, text = pentago(["d4 TR cw", "quit"])   # the input ends at the question
    assert prompts[-1] == "Quit? > " and text.rstrip().endswith("Goodbye.")
    tg, prompts, text = pentago(["d4 TR cw"])            # Ctrl-D at the prompt: at once
    assert "Quit? > " not in prompts and text.rstrip().endswith("Goodbye.")


def test_the_question_saves_then_quits(tmp_path):
    path = tmp_path / "kept.json"
    tg, prompts, text = pentago(["d4 TR cw", "q", f"s {path}"])
    assert path.is_file() and "Saved the game (2 moves)" in text
    assert text.rstrip().endswith("Goodbye.")
    assert pentarena.GameRecord.load(path).moves == tg.state.history()


def test_a_script_is_not_asked():
    """Piped input (no confirm_quit): 'quit' leaves as it did, no extra line read."""
    tg, prompts, text = pentago(["d4 TR cw", "quit"], confirm=None)
    assert "Quit? > " not in prompts and text.rstrip().endswith("Goodbye.")


def test_resume_says_the_last_move(tmp_path, capsys, monkeypatch):
    """'Resumed after 2 moves.' alone: the person did not know where they were."""
    from pentarena.cli import main

    saved = tmp_path / "game.json"
    state = pentarena.load_game("pentago").new_initial_state()
    for move in ("a1 TL cw", "f6 BR ccw"):
        state.apply(move)
    saved.write_text(pentarena.GameRecord.of(state, players=["person", "computer: easy"])
                     .dumps())
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["resume", str(saved)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert ("Resumed after 2 moves; the last: Black (seat 1) plays f6 BR ccw (the marble is "
            "now on f4).") in out


def test_a_twist_says_where_it_took_the_other_players_marbles(tmp_path, capsys):
    """The browser animates a twist; at the terminal the person's marbles were elsewhere
    with nothing saying so. The move's line says it, in play and in a replay."""
    from pentarena.cli import main

    out = io.StringIO()
    tg = TerminalGame(pentarena.load_game("pentago"), [None, None],
                      console=Console(file=out, width=80, height=24, color_system=None),
                      read=scripted(["a1 BR cw", "b1 BR cw", "a3 BR cw", "e5 TL cw",
                                     "quit"]), seed=1)
    tg.run()
    text = out.getvalue()
    assert "Black (seat 1) plays e5 TL cw (the twist moved White's a1 → c1, a3 → a1)" in text
    assert "White (seat 0) plays a1 BR cw\n" in text     # nothing of Black's turned: as before
    path = tmp_path / "g.json"
    path.write_text(tg.record().dumps())
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert "4. Black (seat 1) plays e5 TL cw (the twist moved White's a1 → c1, a3 → a1)" \
        in capsys.readouterr().out


def test_a_drafts_status_says_what_each_set_is():
    """'Amber (seat 0): -' before a pick, with nothing saying what the dash meant."""
    out = io.StringIO()
    tg = TerminalGame(pentarena.load_game("pentomino", variant="draft"),
                      [None, RandomBot(seed=1)],
                      console=Console(file=out, width=80, height=24, color_system=None),
                      read=scripted(["pick L", "quit"]), seed=1)
    tg.run()
    text = out.getvalue()
    assert "Amber (seat 0) has picked: nothing yet" in text
    assert "Amber (seat 0) has picked: L" in text and ": -" not in text
    state = tg.state.clone()
    while state.to_json()["phase"] == "pick":
        state.apply(state.legal_moves()[0])
    shown = Console(file=io.StringIO(), width=80, color_system=None)
    shown.print(tg.view.status(state))
    said = shown.file.getvalue()
    assert "Amber (seat 0)'s pieces to place: " in said


def pentic_screens(players: int, seat: int, turns: int) -> list[str]:
    """What an 80x24 terminal has printed at each of a person's first prompts in Pentic."""
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=True, color_system=None)
    screens: list[str] = []

    def read(prompt: str) -> str:
        screens.append(out.getvalue())
        if len(screens) > turns:
            raise EOFError
        return str(tg.state.legal_moves()[len(screens) % 3])

    bots = [RandomBot(seed=s) for s in range(players)]
    bots[seat] = None
    tg = TerminalGame(pentarena.load_game("pentic", players=players), bots, console=console,
                      read=read, seed=5)
    tg.run()
    return screens


@pytest.mark.parametrize("players,seat", [(2, 0), (2, 1), (4, 0), (4, 3)])
def test_pentics_score_line_is_explained_once_and_fits_80x24(players, seat):
    """'0 Tics, 1 Single, 2 Nics → edge 1 …' was explained only by 'help': the first score
    line before a person's prompt says how it reads, and the turn still fits 80x24."""
    screens = pentic_screens(players, seat, 3)
    text = screens[-1]
    assert text.count("How that scored: a card beside it (not diagonally)") == 1
    for before, screen in zip(["", *screens], screens):
        turn = screen[len(before):].splitlines()
        moves = [i for i, line in enumerate(turn) if " plays " in line]
        if moves:
            assert len(turn) - moves[-1] + 1 <= 24, "\n".join(turn[moves[-1]:])
    noted = next(i for i, s in enumerate(screens) if "How that scored" in s)
    assert noted <= 1   # before the person's first prompt, or their second


def test_a_puzzle_asks_as_a_puzzle():
    out = io.StringIO()
    read = scripted(["F:a1,a2,b2,c2,b3", "q", "y"])
    TerminalGame(pentarena.load_game("pentomino-puzzle", region="6x10"), [None],
                 console=Console(file=out, width=80, color_system=None), read=read,
                 confirm_quit=True).run()
    assert "The puzzle is not saved (1 move would be lost)" in out.getvalue()


def test_pentic_says_who_reached_the_target():
    """'Someone reached 60' while the round was finished: the scores had to be read."""
    from pentarena.tui.views import view_for

    for seed in range(20):   # a deal where the round goes on after the target
        state = pentarena.load_game("pentic", players=3, target=30).new_initial_state(seed=seed)
        while not state.over and not state.ending:
            state.apply(state.legal_moves()[0])
        if not state.over:
            break
    shown = Console(file=io.StringIO(), width=200, color_system=None)
    shown.print(view_for("pentic").status(state))
    leader = max(range(3), key=lambda s: state.scores()[s])
    assert shown.file.getvalue().startswith(
        f"{('Navy', 'Coral', 'Teal')[leader]} (seat {leader}) reached 30: this round")


@pytest.mark.parametrize("players,seat", [(3, 0), (4, 2)])
def test_a_rounds_last_board_stays_in_sight_at_80x24(players, seat):
    """A Pentomino match: the round's last board, its result, then the next round's empty
    board and the status ran to 31 lines, and the move that ended the round scrolled out
    of an 80x24 terminal; a line says the new board is empty instead ('board' draws it)."""
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=True, color_system=None)
    screens: list[str] = []

    def read(prompt: str) -> str:
        screens.append(out.getvalue())
        if len(screens) > 12:
            raise EOFError
        moves = tg.state.legal_moves()
        return str(moves[len(screens) * 7 % len(moves)])

    bots = [RandomBot(seed=s) for s in range(players)]
    bots[seat] = None
    tg = TerminalGame(pentarena.load_game("pentomino", players=players), bots,
                      console=console, read=read, seed=3)
    tg.run()
    ends = 0
    for before, screen in zip(screens, screens[1:]):
        turn = screen[len(before):].splitlines()
        moves = [i for i, line in enumerate(turn) if " plays " in line]
        # (a line before the prompt saying the moves since the person's last says it too)
        said = any(line.startswith("Since your last move: ") for line in turn[moves[-1]:])
        assert len(turn) - moves[-1] + 1 <= 24 + said, "\n".join(turn[moves[-1]:])
        ends += any(re.match(r"Round \d+ over: ", line) for line in turn[moves[-1]:])
    assert ends and "The next round starts on an empty board ('board' draws it)." in screens[-1]


@pytest.mark.parametrize("terminal", [True, False], ids=["terminal", "pipe"])
@pytest.mark.parametrize("name,options", [
    ("pentago", {}), ("pentup", {}), ("pentup", {"players": 3}), ("pentomino", {}),
    ("pentomino", {"variant": "draft"}), ("pentic", {}), ("pentic", {"players": 4}),
    ("pentomino-puzzle", {"region": "6x10"})])
def test_no_two_blank_lines_in_a_row_to_the_end(name, options, terminal):
    """Pentago's computer turn printed the board's blank line, then an empty status's: two
    blank lines in a row; so did a Pentic game's end and a solved puzzle's."""
    game = pentarena.load_game(name, **options)
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=terminal,
                      color_system=None)

    def read(prompt: str) -> str:
        if tg.over:
            raise EOFError
        if tg.solo:
            return "solve"
        moves = tg.state.legal_moves()
        return str(moves[len(tg.state.history()) * 7 % len(moves)])

    bots = [None] + [RandomBot(seed=s) for s in range(1, game.num_players)]
    tg = TerminalGame(game, bots, console=console, read=read, seed=2, after_game=True)
    tg.run()
    lines = [line.rstrip() for line in out.getvalue().split("\n")]
    assert tg.over and "or 'quit'" in out.getvalue()
    doubled = [i for i in range(1, len(lines)) if lines[i - 1] == lines[i] == ""]
    assert not doubled, "\n".join(lines[max(doubled[0] - 12, 0):doubled[0] + 3])


def finished_pentago(after, confirm=True):
    """A Pentago game played to its end, then ``after`` typed at its 'game over' prompt."""
    out, prompts, lines = io.StringIO(), [], iter(after)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if not tg.over:
            return str(tg.state.legal_moves()[0])
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    tg = TerminalGame(pentarena.load_game("pentago"), [None, RandomBot(seed=1)],
                      console=Console(file=out, width=80, height=24, color_system=None),
                      read=read, seed=1, confirm_quit=confirm, after_game=True)
    tg.run()
    assert tg.over
    return tg, prompts[prompts.index("game over > "):], out.getvalue()


@pytest.mark.parametrize("word", ["q", "quit"])
def test_a_quit_word_after_a_finished_unsaved_game_asks_first(word, tmp_path):
    """'q' once the game was over left at once, and its record was gone as a game in
    progress's would be: asked the same question ('anything else' goes back)."""
    tg, prompts, text = finished_pentago([word, "no", word, "y"])
    played = len(tg.state.history())
    assert prompts == ["game over > ", "Quit? > ", "game over > ", "Quit? > "]
    assert (f"The game is not saved ({played} moves would be lost): 'y' quits, 's FILE' "
            "saves it first, anything else goes back.") in " ".join(text.split())
    assert "Not quit." in text and text.rstrip().endswith("Goodbye.")
    path = tmp_path / "over.json"
    tg, prompts, text = finished_pentago([word, f"s {path}"])
    assert pentarena.GameRecord.load(path).moves == tg.state.history()
    assert text.rstrip().endswith("Goodbye.")


def test_a_finished_game_saved_piped_or_ended_by_ctrl_d_leaves_at_once(tmp_path):
    for after, confirm in (([f"save {tmp_path / 'g.json'}", "q"], True), (["q"], None),
                           ([], True)):
        tg, prompts, text = finished_pentago(after, confirm)
        assert "Quit? > " not in prompts and text.rstrip().endswith("Goodbye."), after


@pytest.mark.parametrize("region,then", [
    ("6x10", "'pentarena play pentomino-puzzle --region 5x12' (or 4x15, 3x20, 8x8-centre)."),
    ("8x8-centre", "'pentarena play pentomino-puzzle --region 6x10' (or 5x12, 4x15, 3x20)."),
    ("#####/#####/#####", None)])
def test_a_solved_puzzle_says_solved_and_what_next(region, then):
    """A solved puzzle's prompt read 'game over >', as a game lost reads: 'solved >', and
    the line before it offers another region (a named one, of the twelve pieces)."""
    game = pentarena.load_game("pentomino-puzzle", region=region,
                               **({"pieces": "LPV"} if "#" in region else {}))
    solution = game.new_initial_state()
    solution.solve()
    out = io.StringIO()
    read = scripted([*solution.history(), "hint"])
    TerminalGame(game, [None], console=Console(file=out, width=80, color_system=None),
                 read=read, after_game=True).run()
    text = " ".join(out.getvalue().split())
    assert read.prompts[-2:] == ["solved > ", "solved > "] and "game over" not in text
    assert "Solved in " in text
    said = "Type 'save FILE', or 'quit'" + (f"; then another region to tile: {then}"
                                            if then else ".")
    assert text.count(said) == 2   # after the end, and again at 'hint'


def test_an_empty_pentic_hand_says_so():
    """Once the pile has run out, a played-out hand was shown as 'Your hand — Navy (seat
    0): ' with nothing after it, as if the cards had failed to print."""
    from pentarena.tui.views import view_for

    state = pentarena.load_game("pentic", players=2, target=10000).new_initial_state(seed=1)
    while state.hands[0]:
        state.apply(state.legal_moves()[0])
    assert not state.is_terminal()
    view = view_for("pentic")
    view.show_seat, view.hand_label = 0, "Your hand — Navy (seat 0)"
    shown = Console(file=io.StringIO(), width=80, color_system=None)
    shown.print(view.board(state, None))
    assert "Your hand — Navy (seat 0): no cards left\n" in shown.file.getvalue()


def screens_at_prompts(name: str, players: int, seat: int, turns: int,
                       terminal: bool = True) -> list[str]:
    """What an 80x24 terminal (or a pipe) has printed at each of a person's first prompts:
    the person at ``seat``, random computers at the other seats."""
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=terminal,
                      color_system=None)
    screens: list[str] = []

    def read(prompt: str) -> str:
        screens.append(out.getvalue())
        if len(screens) > turns:
            raise EOFError
        moves = tg.state.legal_moves()
        return str(moves[len(screens) * 7 % len(moves)])

    bots: list = [RandomBot(seed=s) for s in range(players)]
    bots[seat] = None
    tg = TerminalGame(pentarena.load_game(name, players=players), bots, console=console,
                      read=read, seed=3)
    tg.run()
    return screens


PLAYED = re.compile(r"^(\S+ )?(\w+ \(seat \d\)) plays (\S+)$")


@pytest.mark.parametrize("name,players,seat", [
    ("pentic", 3, 0), ("pentic", 4, 0), ("pentic", 4, 2), ("pentup", 3, 1),
    ("pentup", 4, 0), ("pentomino", 3, 2), ("pentomino", 4, 1)])
def test_the_others_moves_since_a_persons_last_are_in_sight_at_80x24(name, players, seat):
    """Three or four players at 80x24: each computer's turn reprinted the whole table, so at
    the person's prompt only the last opponent's move was in sight — the others' (and how
    a Pentic play scored), and the card the person drew, had scrolled off.  A line above
    the prompt now says each move since the person's last (a Pentic play with its points,
    a Pent-Up tile with its level), and what they drew."""
    screens = screens_at_prompts(name, players, seat, 5)
    checked = 0
    for before, screen in zip(screens[1:], screens[2:]):   # (from the person's first move)
        turn = screen[len(before):].splitlines()
        sight = " ".join(" ".join(screen.splitlines()[-23:]).split())   # (and the prompt)
        assert "Since your last move: " in sight, "\n".join(turn[-23:])
        played = [(i, PLAYED.match(line)) for i, line in enumerate(turn)]
        others = [(i, m[2], m[3]) for i, m in played if m and f"(seat {seat})" not in m[2]]
        assert len(others) == players - 1 or "over" in sight
        for i, who, move in others:
            if name == "pentic":
                points = re.search(r"= (\d+) points?\b", " ".join(turn[i + 1:i + 3]))
                said = f"{who} {move} +{points[1]}"
            elif name == "pentup":
                said = f"{who} {move.split(':')[0]} on level "
            else:
                said = f"{who} {move}"
            assert said in sight, f"{said!r} not in sight:\n" + "\n".join(turn[-23:])
            checked += 1
        drew = re.search(r"^You draw (\S+) from the pile\.$", "\n".join(turn), re.M)
        if name == "pentic":
            assert drew and f"you drew {drew[1]};" in sight
    assert checked >= 2 * (players - 1)


@pytest.mark.parametrize("players", [3, 4])
def test_a_pentic_table_is_drawn_once_between_a_persons_turns(players):
    """At a terminal the table is drawn after the person's play and before their next
    prompt, not after each computer's play in between (four tables, 13 lines each at
    80x24, for four players); a pipe keeps every table, as a log, and no catch-up line."""
    for terminal, tables in ((True, 2), (False, players)):
        screens = screens_at_prompts("pentic", players, 0, 3, terminal=terminal)
        for before, screen in zip(screens[1:], screens[2:]):
            turn = screen[len(before):]
            assert len(re.findall(r"^Pile: \d+ cards", turn, re.M)) == tables, turn
            assert ("Since your last move: " in turn) == terminal
