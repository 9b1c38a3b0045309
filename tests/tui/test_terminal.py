"""Terminal play, driven by scripted input."""

from __future__ import annotations

import io

from rich.console import Console

import pentarena
from pentarena.ai import RandomBot
from pentarena.cli import main
from pentarena.tui import TerminalGame


def scripted(lines):
    it = iter(lines)

    def read(prompt: str) -> str:
        read.prompts.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    read.prompts = []
    return read


def run_game(lines, bots=None, players=2, seed=1):
    game = pentarena.load_game("pentup", players=players)
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    bots = bots if bots is not None else [None] + [RandomBot(seed=s) for s in range(1, players)]
    tg = TerminalGame(game, bots, console=console, read=scripted(lines), seed=seed)
    state = tg.run()
    return tg, state, out.getvalue()


def test_bad_input_gets_a_message_and_a_new_prompt():
    tg, state, text = run_game(["Q:1", "I:0,0;1,0", "L:0,0;1,0;2,0;3,0;4,0", "", "frobnicate",
                                "#7", "I:0,0;1,0;2,0;3,0;4,0", "quit"])
    assert "could not read the cell" in text
    assert "names 2 cells" in text
    assert "form an I, not the L" in text
    assert "No move #7" in text
    assert state.history()[0] == "I:0,0;1,0;2,0;3,0;4,0"
    assert len(state.history()) == 2  # the computer answered
    assert "Goodbye" in text


def test_moves_listing_and_play_by_number():
    tg, state, text = run_game(["moves", "moves X", "#1", "quit"])
    assert "X: level 1, 1 place" in text
    assert "#1 X:" in text
    assert state.history()[0].startswith("X:")


def test_illegal_move_explains_the_mandatory_level():
    lines = ["I:0,0;1,0;2,0;3,0;4,0", "L:0,2;1,2;2,2;3,2;3,3", "quit"]
    # Black (random, seeded) replies; then White tries an L on the table.
    tg, state, text = run_game(lines)
    assert "Not played" in text or len(state.history()) == 4


def test_hint_and_undo():
    tg, state, text = run_game(["I:0,0;1,0;2,0;3,0;4,0", "undo", "undo", "hint", "quit"])
    assert "Took back 2 moves: I:0,0;1,0;2,0;3,0;4,0, " in text
    assert "nothing to undo" in text
    assert "Hint: " in text
    # and why, as in the browser
    assert "quick games on from here" in " ".join(text.split())
    assert state.history() == []


def test_the_terminal_hint_is_the_browsers():
    """Same level and time as the server's Hint (the terminal's was medium's, weaker than
    the README says)."""
    import inspect

    from pentarena.server.hub import Limits
    from pentarena.tui import TerminalGame

    default = inspect.signature(TerminalGame).parameters["hint_level"].default
    assert default == Limits().advice_level == "hard"


def test_hotseat_full_game_to_the_result():
    # Two people at one keyboard; each lists the places of their first tile and plays #1.
    game = pentarena.load_game("pentup")
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    holder = {}
    turn = {"listed": False}

    def read(prompt):
        tg = holder["tg"]
        turn["listed"] = not turn["listed"]
        if turn["listed"]:
            return "moves " + tg.state.hand(tg.state.current_player)[0]
        return "#1"

    tg = holder["tg"] = TerminalGame(game, [None, None], console=console, read=read)
    state = tg.run()
    text = out.getvalue()
    assert state.is_terminal()
    assert "Game over" in text and "Tiles per level" in text


def test_computer_against_computer_finishes():
    tg, state, text = run_game([], bots=[RandomBot(seed=1), RandomBot(seed=2)], players=2)
    assert state.is_terminal() and "Game over" in text


def test_cli_list_and_arena(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "pentup" in out and "scoring" in out
    assert main(["arena", "pentup", "--bots", "random,random", "--games", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "every pair" in out and "Elo" in out and "standings" in out
    assert main(["bench", "pentup", "--games", "3"]) == 0
    assert "random games/s" in " ".join(capsys.readouterr().out.split())
    # more seats: one match, standings best first with their games, as with two seats
    assert main(["arena", "pentup", "--players", "3", "--bots", "random,random,easy",
                 "--games", "3", "--jobs", "1"]) == 0
    rows = [line.split("│")[1:-1] for line in capsys.readouterr().out.splitlines()
            if line.startswith("│")]
    assert [[cell.strip() for cell in row[:3]] for row in rows] == [
        ["easy", "3", "3"], ["random#1", "3", "0"], ["random#2", "3", "0"]]


def test_cli_reports_bad_options(capsys):
    assert main(["play", "pentup", "--players", "9"]) == 2
    assert "must be one of" in capsys.readouterr().out
    assert main(["arena", "pentup", "--bots", "random", "--games", "1"]) == 2
    assert "has 2 seats: name 2 players" in " ".join(capsys.readouterr().out.split())
    assert main(["play", "pentup", "--ai", "grandmaster"]) == 2
    assert "unknown AI level" in capsys.readouterr().out


def test_four_player_teams_are_shown():
    tg, state, text = run_game(["quit"], players=4)
    assert "team A" in text and "team B" in text


def run_any(name, lines, bots, **options):
    game = pentarena.load_game(name, **options)
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    tg = TerminalGame(game, bots, console=console, read=scripted(lines), seed=1)
    return tg, tg.run(), out.getvalue()


def test_pentago_in_the_terminal():
    tg, state, text = run_any("pentago", ["e2 XX cw", "d4 TR cw", "moves a1", "#1", "quit"],
                              [None, RandomBot(seed=1)])
    assert "not a quadrant" in text
    assert state.history()[0] == "d4 TR cw" and state.history()[2].startswith("a1 ")
    assert "│" in text  # the quadrant separator


def test_pentomino_draft_in_the_terminal():
    tg, state, text = run_any("pentomino", ["L:a1,b1,c1,d1,d2", "pick L", "quit"],
                              [None, RandomBot(seed=2)], variant="draft")
    assert "draft comes first" in text
    assert state.history()[0] == "pick L" and len(state.history()) == 2
    assert "left to pick" in text


def test_pentomino_match_to_the_end_between_computers():
    tg, state, text = run_any("pentomino", [], [RandomBot(seed=s) for s in range(3)], players=3)
    assert state.is_terminal() and "Rounds" in text and "Game over" in text


def test_puzzle_hint_and_solve_in_the_terminal():
    tg, state, text = run_any("pentomino-puzzle", ["hint", "X:b1,a2,b2,c2,b3", "hint", "solve"],
                              [None], region="3x20")
    assert "Hint: remove X" in text
    assert "No solution keeps every piece where it is now: take back the last one" in text
    assert "Placed there, this piece still leads to a complete solution." in text  # the first
    assert state.is_terminal() and "Solved" in text


def test_puzzle_count_in_the_terminal_as_in_the_browser():
    """'count' counts as the browser's Count solutions does (the whole region, then from
    the position), and the solved message says how many solutions the region has."""
    tg, state, text = run_any("pentomino-puzzle", ["count", "X:c1,b2,c2,d2,c3", "count", "remove X",
                                                   "X:b1,a2,b2,c2,b3", "count", "help", "solve"],
                              [None], region="3x20")
    text = " ".join(text.split())
    assert "2 solutions up to symmetry (found in" in text
    assert "4 ways to finish from here (found in" in text  # as the browser counts it
    # a puzzle has no seats to name: "You place …", "You take back the X", not "seat 0 plays"
    assert "You place X:c1,b2,c2,d2,c3" in text and "You take back the X" in text
    assert "seat 0" not in text
    assert "No way to finish from here: take a piece back (found in" in text
    assert "count the solutions" in text  # in the help
    assert state.is_terminal()
    assert "This region has 2 solutions up to symmetry: this is one of them." in text


def test_puzzle_count_of_a_region_with_no_tiling():
    tg, state, text = run_any("pentomino-puzzle", ["count", "quit"], [None],
                              region="#####/#####/#####", pieces="ILP")
    assert "No solution: this region cannot be tiled with these pieces." in text


def test_cli_solve(capsys):
    assert main(["solve", "puzzle", "3x20", "--count"]) == 0
    assert "2 solutions up to symmetry" in capsys.readouterr().out
    assert main(["solve", "puzzle", "#####/#####/#####", "--pieces", "LPV"]) == 0
    assert "L:" in capsys.readouterr().out
    assert main(["solve", "puzzle", "#####/#####/#####", "--pieces", "ILP"]) == 1
    assert "no solution" in capsys.readouterr().out
    assert main(["solve", "puzzle", "7x7"]) == 2


def test_pentic_in_the_terminal_shows_only_your_hand_and_each_score():
    from pentarena.ai import GreedyBot

    game = pentarena.load_game("pentic")
    first = game.new_initial_state(seed=1)
    own = first.to_json()["hands"][0]
    tg, state, text = run_any("pentic", ["7-star-red@5", f"{own[0]}@5", "quit"],
                              [None, GreedyBot(seed=1)])
    assert "not a card" in text
    assert state.history()[0] == f"{own[0]}@5"
    assert " points" in text and "edge" in text  # the breakdown of each play
    from pentarena.games.pentic.render import card_text
    from pentarena.games.pentic import parse
    hidden = state.to_json()["hands"][1]  # the computer's cards, never shown to you
    assert hidden and not any(card_text(parse(c)).plain in text for c in hidden)


def test_undo_is_refused_in_a_game_with_hidden_cards():
    """Undo would replay the same deal: the card you would draw and the computer's hand
    would be known.  It is refused with the reason, and help says so."""
    game = pentarena.load_game("pentic")
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    tg = TerminalGame(game, [None, RandomBot(seed=1)], console=console, read=scripted([]),
                      seed=1)
    first = str(tg.state.legal_moves()[0])
    tg.read = scripted([first, "undo", "help", "quit"])
    state = tg.run()
    text = " ".join(out.getvalue().split())
    assert "Took back" not in text and len(state.history()) == 2
    assert "There is no undo in a game with hidden cards: taking a move back replays the " \
           "same deal" in text
    assert "undo not in a game with hidden cards" in text
    assert "take back your last move" not in text


def test_a_finished_draft_offers_its_rematch_in_the_terminal(tmp_path, capsys):
    """RULES.md §3: a finished draft offers a rematch with the sets swapped: 'rematch' at
    the prompt after the game plays it, the same seats, saved beside the first game."""
    import random

    saved = tmp_path / "draft.json"
    rng = random.Random(2)
    out = io.StringIO()
    tg = None

    def read(prompt: str) -> str:
        if prompt.startswith("game over"):
            read.after += 1
            return {1: "rematch", 2: "rematch"}.get(read.after, "quit")
        if not read.early and len(tg.state.history()) == 2:
            read.early = True
            return "rematch"  # too soon
        return str(rng.choice(tg.state.legal_moves()))

    read.after, read.early = 0, False
    tg = TerminalGame(pentarena.load_game("pentomino", variant="draft"),
                      [None, RandomBot(seed=3)], console=Console(file=out, width=200,
                                                                color_system=None),
                      read=read, seed=1, save_path=saved, after_game=True)
    tg.run()
    text = out.getvalue()
    first, again = pentarena.GameRecord.load(saved), pentarena.GameRecord.load(
        tmp_path / "draft-rematch.json")
    assert "A rematch comes once this game is over." in text
    assert "Amber (seat 0) picks the " in text and "plays pick" not in text
    assert ("Type 'rematch' to play again with the sets swapped, 'analysis' to judge every "
            "move, 'save FILE', or 'quit'.") in text
    assert "The rematch: the sets swapped, no picks; Teal (seat 1) places first." in text
    picks = [m[5:] for m in first.moves if m.startswith("pick ")]
    drafted = [sorted(picks[0::2]), sorted(picks[1::2])]
    assert [sorted(s) for s in again.sets] == [drafted[1], drafted[0]]
    assert again.final_state().is_terminal() and not any(
        m.startswith("pick ") for m in again.moves)
    # the rematch's own rematch swaps them back, in a third file
    third = pentarena.GameRecord.load(tmp_path / "draft-rematch-2.json")
    assert [sorted(s) for s in third.sets] == drafted
    # Golomb's game has none
    tg, state, text = run_any("pentago", ["rematch", "quit"], [None, RandomBot(seed=1)])
    assert "A rematch comes once this game is over." in text


def test_resign_ends_the_game_and_the_record_says_so(tmp_path, capsys):
    """'resign' in a game of two sides: the other side wins, the record says it (as the
    server's do) and `pentarena replay` shows it; after it, only the after-game commands;
    with three sides it is refused (the others would play on)."""
    saved = tmp_path / "resigned.json"
    out = io.StringIO()
    tg = TerminalGame(pentarena.load_game("pentago"), [None, RandomBot(seed=1)],
                      console=Console(file=out, width=120, color_system=None), seed=1,
                      read=scripted(["d4 TR cw", "help", "resign", "no", "resign", "yes",
                                     "undo", "analysis",
                                     f"save {saved}", "quit"]), after_game=True,
                      analysis_seconds=0.05)
    state, text = tg.run(), out.getvalue()
    assert "give up the game: the other side wins" in text
    assert "Not resigned: play on." in text   # asked first
    assert "White (seat 0) resigned: Black (seat 1) wins." in text and "You lose." in text
    assert "The game is over." in text   # 'undo' after it
    assert "The analysis is available once" not in text and "✓" in text
    assert len(state.history()) == 2 and tg.over and tg.winners() == {1}
    record = pentarena.GameRecord.load(saved)
    assert record.meta["resigned"] == 0 and record.resigned() == 0
    capsys.readouterr()
    assert main(["replay", str(saved)]) == 0
    assert "White (seat 0) resigned: Black (seat 1) wins." in capsys.readouterr().out
    # hot seat, teams: the person at the keyboard resigns for their team
    tg, state, text = run_game(["resign", "y"], bots=[None] * 4, players=4)
    assert tg.winners() == {1, 3} and "resigned" in text and "win." in text
    # (asked naming the partner who loses too, as the browser asks)
    assert ("Resign for your team? ◆ Red (seat 2) loses with you: ● Black (seat 1) and ■ "
            "Blue (seat 3) win. Type 'yes' to resign > ") in tg.read.prompts
    # the table after it marks nobody to move (it marked the one who resigned, ▶)
    game = pentarena.load_game("pentup")
    out = io.StringIO()
    TerminalGame(game, [None, None], console=Console(file=out, width=120, color_system=None),
                 read=scripted(["resign", "y", "board", "quit"]), seed=1, after_game=True).run()
    after = out.getvalue().split("resigned:")[-1]
    assert "○ White (seat 0)" in after and "▶" not in after
    # a puzzle: nobody to resign to
    tg, state, text = run_any("pentomino-puzzle", ["resign", "quit"], [None])
    assert "A puzzle has nobody to resign to: type 'quit' to leave it." in text
    # three sides: the others play on
    tg, state, text = run_game(["resign", "quit"], players=3)
    assert "A game of 3 sides goes on without a player who stops" in text
    assert tg.resigned is None and not tg.over


def test_resume_goes_on_with_a_saved_game(tmp_path, capsys, monkeypatch):
    """`pentarena resume FILE`: the saved game where it stopped, the same seats (a person,
    the computer at its level), written back to FILE as it goes; a finished game is
    refused, pointing at replay."""
    import json

    saved = tmp_path / "game.json"
    game = pentarena.load_game("pentago")
    tg = TerminalGame(game, [None, RandomBot(seed=1)], read=scripted(["d4 TR cw", "quit"]),
                      console=Console(file=io.StringIO(), width=120, color_system=None),
                      save_path=saved, meta={"players": ["person", "computer: easy"]})
    tg.run()
    before = json.loads(saved.read_text())["moves"]
    assert len(before) == 2
    monkeypatch.setattr("sys.stdin", io.StringIO("a1 TL cw\nquit\n"))
    capsys.readouterr()
    assert main(["resume", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "Resumed after 2 moves; the last: " in out and "Black (seat 1) is thinking" in out
    data = json.loads(saved.read_text())
    assert data["moves"][:3] == [*before, "a1 TL cw"] and len(data["moves"]) == 4
    assert data["meta"]["players"] == ["person", "computer: easy"]
    # the server's words for a computer seat, and names (people)
    from pentarena.cli import _saved_seats

    record = pentarena.GameRecord.load(saved)
    record.meta["players"] = ["Ann", "computer (hard)"]
    assert _saved_seats(record, 2, None) == ([None, "hard"], ["Ann", "computer: hard"], False)
    record.meta["players"] = ["", "computer (hard)"]  # an unnamed person
    assert _saved_seats(record, 2, None)[1] == ["person", "computer: hard"]
    record.meta["players"] = ["Ann", "computer (hard)"]
    assert _saved_seats(record, 2, "easy")[0] == [None, "easy"]
    # players that name no seats: said, and the default taken
    bad = json.loads(saved.read_text())
    bad["meta"]["players"] = "computer: easy"
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps(bad))
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["resume", str(odd)]) == 0
    assert "The record's meta.players does not name its 2 seats: you play seat 0 and the " \
        "computer the others." in " ".join(capsys.readouterr().out.split())
    # --save into a folder that is not there: refused before the game starts
    assert main(["resume", str(saved), "--save", str(tmp_path / "nowhere" / "x.json")]) == 2
    assert "--save: the folder" in capsys.readouterr().out
    # over: replay it instead
    over = tmp_path / "over.json"
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply(state.legal_moves()[0])
    over.write_text(pentarena.GameRecord.of(state).dumps())
    assert main(["resume", str(over)]) == 2
    assert f"the game in {over} is over: 'pentarena replay" in " ".join(
        capsys.readouterr().out.split())


def test_a_touch_is_said_as_the_browser_says_it():
    tg, state, text = run_any("pentomino", ["touch X", "quit"], [None, RandomBot(seed=1)],
                              touch_move=True)
    assert state.history() == ["touch X"] and "Amber (seat 0) touches the X" in text


def test_a_draft_resigned_after_the_picks_offers_its_rematch_too():
    import random

    rng = random.Random(4)
    tg = None
    answers = iter(["resign", "yes", "rematch", "quit"])

    def read(prompt: str) -> str:
        if tg.state.to_json()["phase"] == "pick" and not prompt.startswith(("game over", "Resign")):
            return str(rng.choice(tg.state.legal_moves()))
        return next(answers)

    out = io.StringIO()
    tg = TerminalGame(pentarena.load_game("pentomino", variant="draft"),
                      [None, RandomBot(seed=3)], read=read, seed=1, after_game=True,
                      console=Console(file=out, width=200, color_system=None))
    tg.run()
    text = out.getvalue()
    assert "resigned" in text and "Type 'rematch' to play again with the sets swapped" in text
    assert "The rematch: the sets swapped, no picks" in text
    assert tg.resigned is None and tg.state.to_json()["phase"] == "place"


def _touch_game(lines, bots):
    game = pentarena.load_game("pentomino", touch_move=True)
    out = io.StringIO()
    tg = TerminalGame(game, bots, console=Console(file=out, width=120, color_system=None),
                      read=scripted(lines), seed=2)
    return tg, tg.run(), out.getvalue()


def test_undo_under_touch_move_takes_back_whole_turns():
    """A touch binds its turn (RULES.md §3): undo does not take back a lone touch (it was
    an escape from the rule), and takes a placement back with its touch (one undo was
    left holding a touch never typed)."""
    tg, state, text = _touch_game(["touch X", "undo", "quit"], [None, RandomBot(seed=1)])
    assert state.history() == ["touch X"]
    assert "The X is touched: under touch-move it must be placed now" in text
    tg, state, text = _touch_game(["L:a1,b1,c1,d1,d2", "undo", "quit"], [None, RandomBot(seed=1)])
    assert state.history() == [] and "Took back" in text and "Touched: L" not in text.split(
        "Took back")[-1]
    # hot seat: the last turn, its touch with it
    tg, state, text = _touch_game(["L:a1,b1,c1,d1,d2", "touch I", "undo", "quit"], [None, None])
    assert state.history() == ["touch L", "L:a1,b1,c1,d1,d2", "touch I"]
    tg, state, text = _touch_game(["L:a1,b1,c1,d1,d2", "undo", "quit"], [None, None])
    assert state.history() == []
