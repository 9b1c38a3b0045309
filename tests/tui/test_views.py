"""Terminal views: a readable Pent-Up table, listings, undo, results and seat names
(issue 10, items 14 and 15)."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

import pentarena
from pentarena.ai import RandomBot
from pentarena.core.polyomino import PIECE_NAMES
from pentarena.games.pentup.render import SEAT_CODES
from pentarena.cli import main
from pentarena.tui import TerminalGame
from pentarena.tui.views import VIEWS, view_for

from ..conformance import random_playout
from .test_terminal import scripted


def run_any(name, lines, bots, seed=1, **options):
    game = pentarena.load_game(name, **options)
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    tg = TerminalGame(game, bots, console=console, read=scripted(lines), seed=seed)
    return tg, tg.run(), out.getvalue()


def plain(renderable, width=200) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def pentup_after(moves, players=2):
    state = pentarena.load_game("pentup", players=players).new_initial_state()
    for m in moves:
        state.apply(m)
    return state


# -- item 14: Pent-Up in the terminal -------------------------------------------------------

def test_pentup_colour_codes_cannot_be_read_as_tile_letters():
    assert not set(SEAT_CODES) & set(PIECE_NAMES + PIECE_NAMES.lower())
    state = random_playout(pentarena.load_game("pentup", players=4), seed=3)
    board = plain(view_for("pentup").board(state, None))
    assert not re.search(r"[FILNPTUVWXYZ]\d", board), "a cell reads like a tile and a level"
    for seat, code in enumerate(SEAT_CODES):
        assert re.search(re.escape(code) + r"\d", board), f"seat {seat}'s tiles are shown"


def test_pentup_tiles_of_one_colour_are_outlined():
    # White's I on row 0 and White's X right beside it: one colour, two tiles
    state = pentup_after(["I:0,0;1,0;2,0;3,0;4,0", "I:0,1;1,1;2,1;3,1;4,1",
                          "X:6,1;5,0;6,0;7,0;6,-1"])
    board = str(state)
    row0 = next(line for line in board.splitlines() if line.startswith("   0 "))
    assert "○1 │○1" in row0, "a border between White's I and White's X"
    assert "○1  ○1  ○1  ○1  ○1 │" in row0, "no border inside a tile"
    lines = board.splitlines()
    between = lines[lines.index(row0) - 1]  # the line between Black's row 1 and row 0
    assert "───────────────────" in between, "Black's I and White's I are separated"


def test_a_tall_pentup_table_has_its_column_numbers_under_it_too():
    """At a 24-line terminal the top of a tall table has scrolled away at the prompt, and
    the x of a move is read from the numbers: they are under the table too."""
    low = pentup_after(["I:0,0;1,0;2,0;3,0;4,0"])
    lines = plain(view_for("pentup").board(low, None)).splitlines()
    assert lines[0].split() == [str(x) for x in range(0, 5)]
    assert sum(line.split() == lines[0].split() for line in lines) == 1
    tall = pentup_after(["I:0,0;0,1;0,2;0,3;0,4", "I:1,0;1,1;1,2;1,3;1,4"])
    lines = plain(view_for("pentup").board(tall, None)).splitlines()
    numbers = [i for i, line in enumerate(lines) if line.split() == ["0", "1"]]
    assert numbers[0] == 0 and lines[numbers[1] - 1].strip().startswith("└")


def test_pentup_board_has_a_legend():
    state = pentup_after(["I:0,0;1,0;2,0;3,0;4,0"], players=4)
    board = plain(view_for("pentup").board(state, None))
    for code, name in zip(SEAT_CODES, ("White", "Black", "Red", "Blue")):
        assert f"{code} {name}" in board
    assert "2 tiles high" in board and "outline each tile" in board


def test_pentup_status_explains_levels_and_the_record_column():
    state = pentup_after(["I:0,0;1,0;2,0;3,0;4,0", "I:0,1;1,1;2,1;3,1;4,1"])
    text = " ".join(plain(view_for("pentup").status(state)).split())
    assert "L2 = the L tile must go on level 2" in text
    assert "record: tiles on each level, highest level first" in text
    misere = pentarena.load_game("pentup", scoring="misere").new_initial_state()
    assert "level 1 first" in " ".join(plain(view_for("pentup").status(misere)).split())
    advanced = pentarena.load_game("pentup", players=3, scoring="advanced").new_initial_state()
    assert "points: each tile scores" in " ".join(plain(view_for("pentup").status(advanced)).split())


def test_pentup_status_shows_each_seats_own_record_and_a_line_per_team():
    # 4 players, teams 0+2 v 1+3: after five moves White has 2 tiles, the others 1 each
    state = pentarena.load_game("pentup", players=4).new_initial_state(seed=1)
    rng = random.Random(1)
    for _ in range(5):
        state.apply(state.random_move(rng))
    assert [sum(c) for c in state.level_counts()] == [2, 1, 1, 1]
    lines = plain(view_for("pentup").status(state)).splitlines()

    def row(start):
        return next(line for line in lines if start in line).split()

    assert row("White (seat 0)")[-1] == "2"
    assert row("Red (seat 2)")[-1] == "1"
    assert row("team A = White + Red")[-1] == "3"
    assert row("team B = Black + Blue")[-1] == "2"


def test_a_team_win_is_a_win_not_a_draw():
    game = pentarena.load_game("pentup", players=4)
    state = next(s for s in (random_playout(game, seed) for seed in range(20))
                 if len(s.winners()) == 2)
    text = " ".join(plain(view_for("pentup").result(state)).split())
    a, b = sorted(state.winners())
    names = ("White", "Black", "Red", "Blue")
    assert f"{names[a]} (seat {a}) and {SEAT_CODES[b]} {names[b]} (seat {b}) win" in text
    assert "Draw" not in text and "level 1" in text
    # the tiles per level name each team's partners, as the status does
    assert "team A = White + Red" in text and "team B = Black + Blue" in text


# -- item 15: listings, help, undo, results, Pentic cards, seat names -----------------------

def test_moves_that_match_nothing_say_so():
    _, _, text = run_any("pentago", ["moves zz", "quit"], [None, RandomBot(seed=1)])
    assert "No legal move matches 'zz'" in text and "0 legal moves" not in text
    _, _, text = run_any("pentomino", ["moves zz", "moves L:z", "quit"], [None, RandomBot(seed=1)])
    assert "No piece or move matches 'zz'" in text and "0 legal moves" not in text
    _, _, text = run_any("pentup", ["moves zz", "moves Q", "quit"], [None, RandomBot(seed=1)])
    assert "No legal move matches 'zz'" in text and "No tile matches 'Q'" in text


def test_moves_filters_as_the_move_input_reads():
    """'moves' takes a Pentic card as drawn (with its symbol), Pent-Up a start of a move's
    text, and Pentago says why a taken cell has no moves (review, finding 7)."""
    from pentarena.games.pentic.cards import NAMES
    from pentarena.games.pentic.render import card_text

    game = pentarena.load_game("pentic")
    card = min(game.new_initial_state(seed=1).hands[0])
    drawn, typed_form = card_text(card).plain, NAMES[card]
    _, _, text = run_any("pentic", [f"moves {drawn}", f"moves {drawn}@3", "quit"],
                         [None, RandomBot(seed=1)])
    assert f"9 plays (card@position) starting with {drawn!r}:" in text
    assert f"#1 {typed_form}@1" in text and f"#1 {typed_form}@3" in text
    assert "No legal move" not in text

    # a symbol is its shape: seed 1's hand holds 4-square-orange and 4-crescent-yellow
    assert {"4-square-orange", "4-crescent-yellow"} <= {NAMES[c] for c in
                                                       game.new_initial_state(seed=1).hands[0]}
    _, _, text = run_any("pentic", ["moves ■4", "moves ■", "moves ☾4@2", "moves 4@9", "quit"],
                         [None, RandomBot(seed=1)])
    assert "9 plays (card@position) starting with '■4':" in text
    assert "18 plays (card@position) starting with '■':" in text  # 4 and 5 squares
    assert "1 play (card@position) starting with '☾4@2':" in text
    assert "#1 4-crescent-yellow@2" in text
    assert "2 plays (card@position) starting with '4@9':" in text
    listed = text.split("starting with '■4':")[1].split("starting with '■':")[0]
    assert "crescent" not in listed and "4-square-orange@9" in listed

    _, _, text = run_any("pentup", ["moves I:0", "moves I:0,0;1,0", "#1", "quit"],
                         [None, RandomBot(seed=1)])
    assert "2 legal moves starting with 'I:0':" in text
    assert "1 legal move starting with 'I:0,0;1,0':" in text
    assert "White (seat 0) plays I:0,0;1,0;2,0;3,0;4,0" in text

    _, _, text = run_any("pentago", ["d4 TR cw", "moves d4", "moves d4 BL", "quit"],
                         [None, RandomBot(seed=1)])
    flat = " ".join(text.split())
    assert "No legal move matches 'd4': d4 is already taken: place on an empty cell." in flat
    assert "No legal move matches 'd4 BL': d4 is already taken" in flat


def test_pentago_lists_the_cells_then_numbers_a_cells_moves_and_help_explains_filtering():
    _, _, text = run_any("pentago", ["help", "moves", "moves d4", "#8", "quit"],
                         [None, RandomBot(seed=1)])
    flat = " ".join(text.split())
    # 288 moves say less than their 36 cells and 8 twists do
    assert ("288 legal moves: a marble on any of the 36 empty cells (a1 b1 c1 d1 e1 f1 a2 "
            in flat and "f6), then any quadrant (TL TR BL BR) turned cw or ccw." in flat)
    assert "#288" not in text and "Type 'moves a1' to number the moves from a1." in flat
    assert "moves d4" in text and "the moves that place on d4, numbered" in flat
    assert "8 legal moves starting with 'd4':" in text
    assert "White (seat 0) plays d4 BR ccw" in text


def test_pentago_lists_every_move_near_the_end_and_the_wins_at_once():
    import pentarena
    from pentarena.tui.views.pentago import PentagoView

    view = PentagoView()
    state = pentarena.load_game("pentago").new_initial_state(
        position="WWWW../BBB.../B...../....../....../....../w")
    listing, numbered = view.moves(state, "")
    assert numbered == [] and "Winning at once: e1." in listing.plain
    late = pentarena.load_game("pentago").new_initial_state(
        position="WBWBWB/BWBWBW/BWBWBW/WBWBWB/WBWBWB/WWBWB./b")
    listing, numbered = view.moves(late, "")  # one empty cell: its 8 moves, numbered
    assert numbered == late.legal_moves() and len(numbered) == 8


def test_pentomino_listing_is_summarised_per_piece_then_numbered():
    tg, state, text = run_any("pentomino", ["moves", "moves x", "#1", "quit"],
                              [None, RandomBot(seed=1)])
    assert "2308 legal moves:" in text and "X: 36 places" in text
    assert "36 places for the X:" in text and state.history()[0].startswith("X:")


def test_hotseat_undo_takes_back_the_last_move():
    tg, state, text = run_any("pentago", ["d4 TR cw", "undo", "undo", "quit"], [None, None])
    assert "Took back 1 move: d4 TR cw." in text
    assert "nothing to undo" in text and "nothing of yours" not in text
    assert state.history() == []


def test_undo_before_your_first_move_against_the_computer():
    tg, state, text = run_any("pentago", ["undo", "quit"], [RandomBot(seed=1), None])
    assert "nothing of yours to undo yet" in text and len(state.history()) == 1


def test_a_puzzle_finished_by_the_computer_says_so_once(tmp_path, capsys):
    tg, state, text = run_any("pentomino-puzzle", ["X:b1,a2,b2,c2,b3", "solve"], [None],
                              region="3x20")
    assert state.is_terminal()
    assert text.count("Solved") == 1 and "Solved by the computer." not in text
    assert "the computer finished it after your 1 move" in text
    # no solution of 3x20 has the X in its corner: the computer took it back first, and
    # says so, or the count of its moves would not add up
    assert state.history()[1] == "remove X"
    assert f"({len(state.history())} moves in all; it took back 1 piece)" in text
    # the record says who solved it, and its replay too (it said "Solved in 14 moves!")
    record = tg.record()
    assert record.meta["solved_from"] == 1 and record.solved_from() == 1
    saved = tmp_path / "solved.json"
    saved.write_text(record.dumps())
    capsys.readouterr()
    assert main(["replay", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "the computer finished it after your 1 move" in " ".join(out.split())
    # each move by who made it ("You plays" for every move before)
    assert "1. You place X:b1,a2,b2,c2,b3" in out and "2. The computer takes back the X" in out
    assert "3. The computer places " in out and "plays" not in out


def test_a_puzzle_says_which_empty_squares_no_piece_left_can_cover():
    tg, state, text = run_any("pentomino-puzzle", ["L:a1,a2,a3,a4,b4", "Z:b1,c1,c2,c3,d3",
                                                   "remove Z", "quit"], [None])
    flat = " ".join(text.split())
    assert flat.count("Stuck: 2 empty squares marked × (b2, b3) cannot be covered by the "
                      "pieces left — take a piece back.") == 1  # after the Z only
    assert flat.count("×") == 3  # b2 and b3 on the board, and the sentence
    assert state.history()[-1] == "remove Z"


def test_a_puzzle_solved_by_hand_says_so_once():
    game = pentarena.load_game("pentomino-puzzle", region="3x20")
    start = game.new_initial_state()
    lines = [f"{p}:" + ",".join(game.grid.squares(m)) for p, m in start.completion()]
    tg, state, text = run_any("pentomino-puzzle", lines, [None], region="3x20")
    assert state.is_terminal() and text.count("Solved") == 1
    assert "Solved in 12 moves!" in text


def test_pentic_cards_are_typed_as_they_are_printed():
    from pentarena.games.pentic import parse
    from pentarena.games.pentic.render import card_text

    game = pentarena.load_game("pentic")
    hand = sorted(parse(c) for c in game.new_initial_state(seed=1).to_json()["hands"][0])
    printed = card_text(hand[0]).plain
    typed_form = pentarena.games.pentic.cards.NAMES[hand[0]]
    tg, state, text = run_any("pentic", [f"{printed}@5", "quit"], [None, RandomBot(seed=1)])
    assert printed in text and typed_form in printed
    assert f"e.g. {typed_form}@5" in text  # the hint quotes a card of the hand, as typed
    assert state.history()[0] == f"{typed_form}@5"


def test_pentic_plays_typed_in_the_older_printed_form():
    from pentarena.games.pentic.cards import COLOURS, NAMES, SHAPES, SYMBOLS, number, parse

    for card in range(125):
        shape, colour = SHAPES[card // 5 % 5], COLOURS[card % 5]
        old = f"{number(card)}{SYMBOLS[shape]} {shape} {colour}"
        assert parse(old) == card == parse(NAMES[card].upper())


def test_seats_are_named_one_way_in_the_terminal():
    for name, make in VIEWS.items():
        view = make()
        if pentarena.load_game(name).num_players == 1:  # a puzzle: no seats to tell apart
            assert view.seat_name(0) == "You"
            continue
        for seat in range(pentarena.load_game(name).num_players):
            assert view.seat_name(seat).endswith(f"seat {seat}" if not view.seat_names
                                                 else f"(seat {seat})")
    tg, state, text = run_any("pentic", ["quit"], [None, RandomBot(seed=1)])
    assert "Player" not in text
    assert "Navy (seat 0): 0, Coral (seat 1): 0" in text
    assert "Navy (seat 0) holds 5, Coral (seat 1) holds 5" in text


def test_pentomino_draft_suggests_a_piece_still_available():
    tg, state, text = run_any("pentomino", ["pick L", "L:a1,b1,c1,d1,d2", "quit"],
                              [None, RandomBot(seed=2)], variant="draft")
    left = state.to_json()["pool"]
    after = text.split("picks the L", 1)[1]
    assert "'pick L'" not in after
    last_error = after.split("Not played: ", 1)[1].splitlines()[0]
    assert re.search(r"'pick ([A-Z])'", last_error).group(1) in left
    assert f"(type 'pick {left[0]}')" in after


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_view_names_its_moves_help(name):
    game = pentarena.load_game(name)
    bots = [None] + [RandomBot(seed=s) for s in range(1, game.num_players)]
    tg, state, text = run_any(name, ["help", "quit"], bots)
    assert "moves" in text and "save FILE" in text
    assert ("solve" in text) == (name == "pentomino-puzzle")


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_help_fits_80_columns_and_lists_only_what_applies(name):
    game = pentarena.load_game(name)
    bots = [None] + [RandomBot(seed=s) for s in range(1, game.num_players)]
    tg, _, _ = run_any(name, [], bots)
    text = plain(tg.help(), width=80)
    lines = text.splitlines()
    assert lines[0] == "Commands:" and max(len(line.rstrip()) for line in lines) <= 80
    listed = lines[1:lines.index("")] if "" in lines else lines[1:]  # then the game's notes
    commands = [line.split()[0] for line in listed if line[2:3] != " "]
    assert commands[:2] == ["<move>", "moves"] and commands[-2:] == ["help", "quit"]
    assert ("The table: ○ White" in text) == (name == "pentup")  # what its codes mean
    # Pentic: what (3) after a card means, and how a play scores
    assert ("(3) = three cards high" in " ".join(text.split())) == (name == "pentic")
    assert ("Singles give 0, 1, 2, 5, 8" in " ".join(text.split())) == (name == "pentic")
    assert ("analysis" in commands) == (name != "pentomino-puzzle")
    flat = " ".join(text.split())
    if name == "pentomino-puzzle":
        assert "computer's replies" not in flat and "undo take back the last move" in flat
    elif not game.hidden_information:
        assert "undo take back your last move and the computer's replies" in flat


def test_hotseat_help_says_undo_takes_back_the_last_move():
    tg, _, _ = run_any("pentago", [], [None, None])
    flat = " ".join(plain(tg.help(), width=80).split())
    assert "undo take back the last move" in flat and "computer" not in flat.split("undo")[1][:40]


@pytest.mark.parametrize("name,options,points", [
    ("pentago", {}, False), ("pentomino", {}, False), ("pentomino", {"variant": "draft"}, False),
    ("pentomino", {"players": 3}, True), ("pentic", {}, True)])
def test_the_result_prints_scores_only_when_they_are_points(name, options, points):
    state = random_playout(pentarena.load_game(name, **options), seed=1)
    text = plain(view_for(name).result(state))
    assert "Game over." in text and ("Scores:" in text) == points


def test_pentago_instructions_are_for_a_person_with_a_legal_example():
    tg, state, text = run_any("pentago", ["d4 TR cw", "quit"], [None, RandomBot(seed=1)])
    instructions = [line for line in text.splitlines() if "to move: place a marble" in line]
    assert len(instructions) == 2 and all(line.startswith("White (seat 0)") for line in instructions)
    assert "e.g. 'd4 TR cw'" in instructions[0]
    example = re.search(r"e\.g\. '([^']+)'", instructions[1]).group(1)
    assert example != "d4 TR cw" and example in {str(m) for m in state.legal_moves()}
    # the computer's turn: no instructions between White's move and Black's
    computer_turn = text.split("White (seat 0) plays", 1)[1].split("Black (seat 1) plays", 1)[0]
    assert "to move: place a marble" not in computer_turn


def test_pentago_underlines_the_last_marble_where_its_twist_took_it_and_golds_the_five():
    """The marble of 'a1 TL cw' is drawn on c1 after the twist: that cell is underlined
    (terminal review: you had to work out where it went); a winning five is on gold."""
    game = pentarena.load_game("pentago")
    view = view_for("pentago")
    state = game.new_initial_state()
    last = state.parse_move("a1 TL cw")
    state.apply(last)

    def styles(text):  # cell name -> the style of its marble's character
        plain, out = text.plain, {}
        files = plain.split("\n")[0]
        for span in text.spans:
            if plain[span.start] not in "WB":
                continue
            line_start = plain.rfind("\n", 0, span.start) + 1
            rank = plain[line_start:line_start + 3].strip()
            out[files[span.start - line_start] + rank] = str(span.style)
        return out

    drawn = styles(view.board(state, last))
    assert list(drawn) == ["c1"] and "underline" in drawn["c1"]
    assert view.move_news(0, "a1 TL cw") == "White (seat 0) plays a1 TL cw (the marble is now on c1)"
    assert view.move_news(1, "b2 TL cw") == "Black (seat 1) plays b2 TL cw"  # the centre stays
    state = game.new_initial_state(seed=1)
    for move in ["a1 BR cw", "a6 BR cw", "b1 BR cw", "b6 BR cw", "c1 BR cw", "c6 BR cw",
                 "d1 BL cw", "d6 BL cw", "e1"]:
        state.apply(move)
    drawn = styles(view.board(state, state.parse_move("e1")))
    golden = sorted(cell for cell, style in drawn.items() if "gold" in style)
    assert golden == ["a1", "b1", "c1", "d1", "e1"] and "underline" in drawn["e1"]


def test_pentup_explains_its_table_on_a_persons_first_turns_then_on_asking():
    """The legend and the column notes (4-6 lines) were printed with every table: a round
    of 4 players ran to 350 lines (terminal review). A person's first turn explains the
    columns, the first two the legend and what a move looks like (all of it on the
    second turn ran to 29 lines at 80 columns); later tables say where to find them, and
    'board' and 'help' show them."""
    lines = ["I:0,0;1,0;2,0;3,0;4,0", "moves L", "#1", "moves T", "#1", "board", "help", "quit"]
    _, _, text = run_any("pentup", lines, [None, RandomBot(seed=1)])
    note = "tiles left: the letters are tiles"
    move = "A move is a tile and its five cells"
    legend = "outline each tile"
    short = "'board' shows the table with its legend, 'help' what the columns mean."
    # turn 1, then 'board', then help: 3; what a move looks like on turns 1 and 2
    assert text.count(note) == 3 and text.count(short) >= 2
    second_turn = text.split("(seat 0) plays L:")[0].split("(seat 1) plays L:", 1)[1]
    assert legend in second_turn and move in second_turn and note not in second_turn
    third_turn = text.split("(seat 0) plays T:")[0].split("(seat 0) plays L:", 1)[1]
    assert short in third_turn and note not in third_turn and move not in third_turn
    assert legend not in third_turn
    assert "\u00a0" not in text      # ('moves L' kept whole where it wraps, with a plain space)


def test_a_computer_that_may_think_a_while_says_for_how_long_at_most():
    from pentarena.ai.bots import make_bot

    tg, _, _ = run_any("pentago", [], [None, make_bot("expert")])
    assert tg._for_how_long(make_bot("expert")) == " (up to 5 s)"
    assert tg._for_how_long(make_bot("hard")) == " (up to 2 s)"
    assert tg._for_how_long(make_bot("medium")) == ""   # half a second: no need
    assert tg._for_how_long(make_bot("easy")) == ""


def test_pentic_says_the_card_you_draw_and_the_end_whether_you_won():
    from pentarena.games.pentic.render import card_text

    game = pentarena.load_game("pentic", target=20)
    state = game.new_initial_state(seed=1)
    first = str(state.legal_moves()[0])
    state.apply(first)
    drawn = card_text(state.hands[0][-1]).plain
    _, final, text = run_any("pentic", [first, *["#1"] * 0, "quit"], [None, RandomBot(seed=1)],
                             target=20)
    assert f"You draw {drawn} from the pile." in text
    # a whole game against the computer ends saying how it went for you
    lines = []
    for _ in range(200):
        lines += ["moves", "#1"]
    tg, final, text = run_any("pentic", lines, [None, RandomBot(seed=1)], target=20)
    assert final.is_terminal()
    said = "You win!" if 0 in final.winners() and len(final.winners()) == 1 else \
        "You lose." if 0 not in final.winners() else "A draw"
    assert said in text


def test_a_hint_or_solve_on_a_region_with_no_tiling_says_so_as_a_sentence():
    _, _, text = run_any("pentomino-puzzle", ["hint", "solve", "quit"], [None],
                         region="#####/#####/#####/#####/#####", pieces="FILNP")
    flat = " ".join(text.split())
    assert "No hint: this region cannot be tiled with these pieces." in flat
    assert "Not solved: this region cannot be tiled with these pieces." in flat


def test_the_pentup_title_names_teams_only_where_they_count():
    from pentarena.tui.views.base import game_title

    two = dict(pentarena.load_game("pentup", players=2).options)
    four = dict(pentarena.load_game("pentup", players=4).options)
    assert game_title("pentup", two) == "Pent-Up · players 2 · scoring standard"
    assert game_title("pentup", four) == "Pent-Up · players 4 · scoring standard · teams yes"


def test_a_drawn_region_is_named_by_its_size_in_the_title():
    from pentarena.tui.views.base import game_title

    drawn = dict(pentarena.load_game("pentomino-puzzle", region="#####/#####/#####/#####/#####",
                                     pieces="LPUVY").options)
    assert game_title("pentomino-puzzle", drawn) == (
        "Pentomino puzzles · region drawn, 5×5, 25 squares · pieces LPUVY")
    named = dict(pentarena.load_game("pentomino-puzzle", region="3x20").options)
    assert game_title("pentomino-puzzle", named).startswith("Pentomino puzzles · region 3x20")
    edged = dict(pentarena.load_game("pentomino-puzzle", region="\n#####/#####\n",
                                     pieces="IL").options)  # its size, not its text
    assert game_title("pentomino-puzzle", edged).startswith(
        "Pentomino puzzles · region drawn, 5×2, 10 squares")
    row = dict(pentarena.load_game("pentomino-puzzle", region="#" * 15, pieces="ILV").options)
    assert game_title("pentomino-puzzle", row).startswith(   # one row: no '/' in it
        "Pentomino puzzles · region drawn, 15×1, 15 squares")


def test_pentup_moves_names_only_the_tiles_left():
    _, _, text = run_any("pentup", ["I:0,0;1,0;2,0;3,0;4,0", "moves Q", "quit"],
                         [None, RandomBot(seed=1)])
    flat = " ".join(text.split())
    assert "No tile matches 'Q'. Type 'moves L' with one tile letter (F L N P T U V W X Y Z)" in flat


def test_a_pick_or_a_touch_does_not_draw_the_unchanged_board_again():
    _, _, text = run_any("pentomino", ["pick F", "quit"], [None, RandomBot(seed=1)],
                         variant="draft")
    assert text.count("    a b c d e f g h") == 1 and "picks the N" in text  # the computer's too
    assert "Draft — left to pick: I L P T U V W X Y Z" in text  # the status still follows
    _, _, text = run_any("pentomino", ["touch F", "quit"], [None, RandomBot(seed=1)],
                         touch_move=True)
    assert text.count("    a b c d e f g h") == 1
    _, _, text = run_any("pentomino", ["touch F", "board", "quit"], [None, RandomBot(seed=1)],
                         touch_move=True)
    assert text.count("    a b c d e f g h") == 2  # asked for


def test_the_end_of_the_draft_says_the_placing_begins_and_how():
    state = pentarena.load_game("pentomino", variant="draft").new_initial_state()
    view = view_for("pentomino")
    while state.to_json()["phase"] == "pick":
        assert view.after_move(state) == "" or not state.history()
        state.apply(state.legal_moves()[0])
    said = view.after_move(state)
    assert said.startswith("The draft is over: now each places pieces of their own set, "
                           f"{view.seat_name(state.current_player)} first — write a placement as ")
    state.apply(state.legal_moves()[0])
    assert view.after_move(state) == ""   # once


def test_pentago_says_the_winning_line_and_whose_twist_made_it():
    """Where no style marks the five (a pipe, a replay), the result names it, and a five
    made by the loser's own twist says so."""
    view = view_for("pentago")
    said = {}
    for seed in range(1, 12):
        rng = random.Random(seed)
        state = pentarena.load_game("pentago").new_initial_state()
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
        said[seed] = plain(view.result(state)).strip()
    assert said[1] == "Game over. White (seat 0) wins with five in a row (a3–e3)."
    assert said[7] == ("Game over. Black (seat 1) wins with five in a row (a1–e5, b2–f6), "
                       "made by White (seat 0)'s own twist.")
    assert said[6] == "Game over. Draw: the board is full and nobody has five in a row."


def test_the_misere_result_lists_the_levels_in_the_order_that_decides():
    """Misère compares records from level 1 up: its end table's columns run that way too
    (they ran level 3 | 2 | 1 beside a record read 1/2/3)."""
    for scoring, first in (("misere", "level 1"), ("standard", "level ")):
        state = random_playout(pentarena.load_game("pentup", scoring=scoring), seed=2)
        heading = next(line for line in plain(view_for("pentup").result(state)).splitlines()
                       if "player" in line)
        levels = sorted((f"level {n}" for n in range(1, 6) if f"level {n}" in heading),
                        key=heading.index)   # as they appear
        assert levels == (sorted(levels) if scoring == "misere" else sorted(levels, reverse=True))
        assert heading.split("player")[1].strip(" ┃│").startswith(first)


def test_a_puzzles_take_backs_are_listed_under_their_own_heading():
    tg, state, text = run_any("pentomino-puzzle", ["X:b1,a2,b2,c2,b3", "moves", "quit"], [None],
                              region="3x20")
    assert "\nOr: remove X\n" in text and "\nremove X\n" not in text


def test_the_end_of_a_touch_move_draft_says_a_turn_begins_with_a_touch():
    state = pentarena.load_game("pentomino", variant="draft", touch_move=True).new_initial_state()
    view = view_for("pentomino")
    while state.to_json()["phase"] == "pick":
        state.apply(state.legal_moves()[0])
    said = view.after_move(state)
    assert "touch-move: touch a piece (touch " in said and "write a placement as touch" not in said


SPLIT_END = re.compile(r"(\(seat \d\):|holds|[○●◆■]|\(target)$")
SPLIT_START = re.compile(r"\s*(\(seat|\d+(/\d+)*[,.]?(\s|$)|holds)")


@pytest.mark.parametrize("name, options", [
    ("pentic", {"players": 4}), ("pentic", {"players": 3}),
    ("pentup", {"players": 4}), ("pentup", {"players": 4, "scoring": "misere"}),
    ("pentomino", {"players": 4, "scoring": "15-10-5", "target": 50})])
def test_at_80_columns_a_seat_stays_with_its_number_and_score(name, options):
    """Lines wrap between seats, never inside 'Teal (seat 2) 75' ('Teal ⏎(seat 2) 75',
    '◆ ⏎Red (seat 2)' and '(target ⏎50)' were seen at 80 columns)."""
    game = pentarena.load_game(name, **options)
    for seed in range(3):
        state = game.new_initial_state(seed=seed) if name == "pentic" else game.new_initial_state()
        rng = random.Random(seed)
        view = view_for(name)
        said = []
        while not state.is_terminal():
            if len(state.history()) % 7 == 0:
                said.append(plain(view.status(state), width=80))
            state.apply(rng.choice(state.legal_moves()))
        said.append(plain(view.result(state), width=80))
        for width in (80, 64, 50):
            said.append(plain(view.result(state), width=width))
        for text in said:
            for line in text.splitlines():
                assert not SPLIT_END.search(line.rstrip()), (line, text)
                assert not SPLIT_START.match(line), (line, text)
            assert "\u00a0" not in text


def test_a_win_shared_by_some_sides_is_said_as_the_browser_says_it():
    """Two of three tied first: "… share the win" (it said "Draw between Navy (seat 0),
    Coral (seat 1)", though Teal lost); all tied: a draw."""
    from types import SimpleNamespace

    def ended(winners):
        return SimpleNamespace(game=SimpleNamespace(sides=[[0], [1], [2]]),
                               winners=lambda: set(winners))

    view = view_for("pentic")
    said = lambda winners: view.verdict(ended(winners)).replace("\u00a0", " ")  # (a unit's spaces)
    assert said({0, 1}) == "Navy (seat 0) and Coral (seat 1) share the win"
    assert said({2}) == "Teal (seat 2) wins"
    assert said({0, 1, 2}).startswith("Draw: ")


@pytest.mark.parametrize("name, options, says", [
    ("pentomino", {}, "Place a piece: its letter and five squares, e.g. L:a1,b1,c1,d1,d2 — "
                      "'moves L' lists the places of the L."),
    ("pentomino", {"touch_move": True}, "Touch a piece ('touch L'), then place it: its "
                                        "letter and five squares, e.g. L:a1,b1,c1,d1,d2 —"),
    ("pentup", {"players": 3}, "A move is a tile and its five cells (x,y), e.g. "
                                "F:0,1;1,0;1,1;1,2;2,0 — 'moves L' lists the places of the L.")])
def test_a_persons_turn_says_what_a_move_looks_like(name, options, says):
    """Pentic's status said how to type a play; Pent-Up and Pentomino said nothing until
    'help' or a move typed wrong."""
    state = pentarena.load_game(name, **options).new_initial_state()
    view = view_for(name)
    assert says not in " ".join(plain(view.status(state)).split())   # a computer to move
    view.person_to_move = True
    assert says in " ".join(plain(view.status(state)).split())


def test_pentics_target_says_its_range_in_the_help(capsys):
    """'--target 0' is refused with 'between 1 and 10000 points': the help says so first."""
    with pytest.raises(SystemExit):
        main(["play", "pentic", "--help"])
    assert "1 to 10000" in " ".join(capsys.readouterr().out.split())


def test_pentago_help_says_what_the_quadrants_and_twists_are():
    """A newcomer at Pentago was asked for 'd4 TR cw' and 'c3 TL cw', and neither the
    screen nor 'help' said what TL, TR, cw or ccw were, nor what wins: 'help' says it."""
    tg, _, _ = run_any("pentago", [], [None, RandomBot(seed=1)])
    text = plain(tg.help(), width=80)
    flat = " ".join(text.split())
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80
    for words in ("TL (top left: a1-c3)", "TR (top right: d1-f3)", "BL (bottom left: a4-c6)",
                  "BR (bottom right: d4-f6)", "cw clockwise", "ccw counter-clockwise",
                  "five of your marbles in a row"):
        assert words in flat, words


def test_pentics_scores_keep_each_seat_with_its_score():
    """At 80 columns three players' scores broke 'Teal (seat 2):' from its '60' (the
    next line held the number alone). Each seat and its score stay on one line."""
    import re

    from pentarena.tui.views.pentic import PenticView

    state = pentarena.load_game("pentic", players=3).new_initial_state(seed=2)
    while not state.is_terminal() and min(state.totals) < 100:
        state.apply(state.legal_moves()[0])
    view = PenticView()
    for width in range(40, 100):
        text = plain(view.board(state, None), width=width)
        scores = text[text.index("Scores:"):].split("\n")
        for line in scores[:3]:
            assert not re.search(r"(\(seat|\(seat \d\):)\s*$", line), text
            assert not re.match(r"^\s*(\d+\)|\d+,|\d+$)", line), text


def test_pentics_last_card_on_the_pile_is_one_card():
    """The pile's count under the grid said 'Pile: 1 cards.' for the last card."""
    state = pentarena.load_game("pentic", players=4, target=10_000).new_initial_state(seed=2)
    rng = random.Random(2)
    while state.pile_size > 1:
        state.apply(state.random_move(rng))
    text = plain(view_for("pentic").board(state, None), width=80)
    assert "Pile: 1 card.  Scores: " in text
    state.apply(state.random_move(rng))
    assert "Pile: 0 cards.  Scores: " in plain(view_for("pentic").board(state, None), width=80)
