"""RULES.md audit, §2 (Pentago): every rule statement, number, Decision and example checked
on BOTH engines — the native one (``pentarena.load_game``) and the pure-Python reference
(``pentago.reference``) — through the public API.  (test_rules.py checks most of them on
the native engine alone.)"""

from __future__ import annotations

import random

import pytest

import pentarena
from pentarena import IllegalMoveError, InvalidMoveError
from pentarena.games.pentago import COLOURS
from pentarena.games.pentago.reference import ReferencePentagoGame

ENGINES = {"native": pentarena.load_game("pentago"), "reference": ReferencePentagoGame()}
QUADRANTS = {"TL": (0, 0), "TR": (0, 3), "BL": (3, 0), "BR": (3, 3)}  # (row, col) of a corner


@pytest.fixture(params=sorted(ENGINES))
def pentago(request):
    """The game on one engine (each test runs on both)."""
    return ENGINES[request.param]


def name(row: int, col: int) -> str:
    """A cell's name: file a-f left to right, rank 1-6 from the TOP row (RULES.md §2)."""
    return "abcdef"[col] + str(row + 1)


def position(cells: dict[tuple[int, int], str], to_move: str | None = None) -> str:
    rows = ["".join(cells.get((r, c), ".") for c in range(6)) for r in range(6)]
    return "/".join(rows) + (f"/{to_move}" if to_move else "")


def board(state) -> list[list[int | None]]:
    return state.to_json()["board"]


def lines_of_five() -> list[list[tuple[int, int]]]:
    """Every line of five cells on the 6x6 board: horizontal, vertical, both diagonals."""
    out = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for r in range(6):
            for c in range(6):
                cells = [(r + i * dr, c + i * dc) for i in range(5)]
                if all(0 <= rr < 6 and 0 <= cc < 6 for rr, cc in cells):
                    out.append(cells)
    return out


def has_five(cells: set[tuple[int, int]]) -> bool:
    return any(all(c in cells for c in line) for line in lines_of_five())


# ------------------------------------------------------------------ board and seats
def test_cells_files_left_to_right_rank_1_on_top(pentago):
    """§2 Board: 6x6, files a-f left to right, ranks 1-6 — Decision: rank 1 is the TOP
    row, as printed; seat 0 (moves first) plays White, seat 1 Black."""
    assert COLOURS == ("White", "Black")
    state = pentago.new_initial_state()
    assert state.current_player == 0
    for cell, (row, col), seat in (("a1", (0, 0), 0), ("f1", (0, 5), 1), ("a6", (5, 0), 0),
                                   ("f6", (5, 5), 1), ("c4", (3, 2), 0)):
        assert state.current_player == seat
        # twist a quadrant the cell is not in: the marble stays where it was placed
        other = next(q for q, (r0, c0) in QUADRANTS.items()
                     if not (r0 <= row < r0 + 3 and c0 <= col < c0 + 3))
        state.apply(f"{cell} {other} cw")
        assert board(state)[row][col] == seat, cell
    rendered = str(state).splitlines()
    assert rendered[1].split()[0] == "1" and "W" in rendered[1]  # rank 1 printed on top
    # a set-up position's W is White = seat 0
    white = pentago.new_initial_state(position="W...../....../....../....../....../......")
    assert board(white)[0][0] == 0 and white.current_player == 1


def test_288_legal_first_moves(pentago):
    """§2 Known facts: 36 x 8 = 288 legal first moves (any cell, any of the four empty
    quadrants, either way)."""
    moves = pentago.new_initial_state().legal_moves()
    assert len(moves) == len(set(map(str, moves))) == 288
    assert {str(m) for m in moves} == {f"{name(r, c)} {q} {d}" for r in range(6)
                                       for c in range(6) for q in QUADRANTS
                                       for d in ("cw", "ccw")}


# ------------------------------------------------------------------ a turn
def test_place_on_an_empty_cell_only(pentago):
    """§2 step 1: PLACE one marble on any empty cell."""
    state = pentago.new_initial_state()
    state.apply("a1 BR cw")
    before = state.to_json()
    with pytest.raises(IllegalMoveError, match="already taken"):
        state.apply("a1 BR cw")
    assert state.to_json() == before


@pytest.mark.parametrize("quadrant", sorted(QUADRANTS))
@pytest.mark.parametrize("direction", ["cw", "ccw"])
def test_every_quadrant_turns_as_seen_on_the_printed_board(pentago, quadrant, direction):
    """§2 step 2: ROTATE any one of the four quadrants by 90 degrees, clockwise or
    counter-clockwise as seen on the printed board (rank 1 on top): each of its nine cells
    goes where a quarter turn of the printed picture takes it; nothing else moves."""
    r0, c0 = QUADRANTS[quadrant]
    far = next(q for q in QUADRANTS if QUADRANTS[q][0] != r0 and QUADRANTS[q][1] != c0)
    fr, fc = QUADRANTS[far]
    for r in range(3):
        for c in range(3):
            # White's lone marble at (r, c) of the quadrant; Black places in the opposite
            # quadrant and twists this one
            state = pentago.new_initial_state(
                position=position({(r0 + r, c0 + c): "W"}))
            state.apply(f"{name(fr + 1, fc + 1)} {quadrant} {direction}")
            nr, nc = (c, 2 - r) if direction == "cw" else (2 - c, r)
            grid = board(state)
            assert grid[r0 + nr][c0 + nc] == 0, (r, c)
            assert grid[fr + 1][fc + 1] == 1
            assert sum(v is not None for row in grid for v in row) == 2


def test_empty_and_symmetric_quadrants_may_be_turned(pentago):
    """§2 step 2: any quadrant may be turned, including empty or symmetric quadrants and
    quadrants holding any marbles (a twist that changes nothing is still a move)."""
    state = pentago.new_initial_state()
    state.apply("b2 TL cw")  # White's marble in TL's centre: TL is symmetric
    state.apply("e5 TL ccw")  # Black twists the symmetric TL (and places in BR)
    assert board(state)[1][1] == 0 and board(state)[4][4] == 1
    state.apply("b5 BR cw")  # BR holds Black's centre marble: symmetric too
    assert board(state)[4][4] == 1 and board(state)[4][1] == 0
    assert state.history() == ["b2 TL cw", "e5 TL ccw", "b5 BR cw"]


def winning_cells(state) -> set[tuple[int, int]]:
    """The empty cells where the mover's marble makes a five at once."""
    grid = board(state)
    me = {(r, c) for r in range(6) for c in range(6) if grid[r][c] == state.current_player}
    empty = [(r, c) for r in range(6) for c in range(6) if grid[r][c] is None]
    return {cell for cell in empty if has_five(me | {cell})}


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_moves_are_every_cell_by_every_twist_or_the_winning_placement(pentago, seed):
    """§2 A turn, at every ply of seeded games: each empty cell gives 8 moves (4 quadrants
    x 2 directions) unless a marble there makes a five, which is then the lone placement
    `<cell>`, winning at once without a twist; the game stops at the first five, or after
    the 36th marble's twist."""
    rng = random.Random(seed)
    state = pentago.new_initial_state()
    while not state.is_terminal():
        wins = winning_cells(state)
        grid = board(state)
        empty = [(r, c) for r in range(6) for c in range(6) if grid[r][c] is None]
        expected = {name(*cell) for cell in wins} | {
            f"{name(*cell)} {q} {d}" for cell in empty if cell not in wins
            for q in QUADRANTS for d in ("cw", "ccw")}
        assert {str(m) for m in state.legal_moves()} == expected
        state.apply(rng.choice(state.legal_moves()))
    grid = board(state)
    fives = [has_five({(r, c) for r in range(6) for c in range(6) if grid[r][c] == s})
             for s in (0, 1)]
    if fives[0] and fives[1]:
        assert state.winners() == {0, 1}
    elif any(fives):
        assert state.winners() == {fives.index(True)}
    else:
        assert sum(v is not None for row in grid for v in row) == 36
        assert state.winners() == {0, 1}


@pytest.mark.parametrize("line", lines_of_five(), ids=lambda line: "-".join(name(*c) for c in line))
def test_every_line_of_five_wins_horizontal_vertical_diagonal(pentago, line):
    """§2: a line of five of the mover's marbles (horizontal, vertical or diagonal; a line
    may span two or three quadrants) made by the placement wins at once, without a twist.
    All 32 lines, each completed at a different one of its cells."""
    assert len(lines_of_five()) == 32
    gap = lines_of_five().index(line) % 5
    white = {c for i, c in enumerate(line) if i != gap}
    black = [(r, c) for r in range(6) for c in range(6) if (r, c) not in line][::7][:4]
    cells = {**dict.fromkeys(white, "W"), **dict.fromkeys(black, "B")}
    state = pentago.new_initial_state(position=position(cells, "w"))
    cell = name(*line[gap])
    assert cell in {str(m) for m in state.legal_moves()}
    with pytest.raises(IllegalMoveError):
        state.clone().apply(f"{cell} TL cw")  # no twist after a five
    state.apply(cell)
    assert state.is_terminal() and state.winners() == {0}
    assert state.history() == [cell]


def test_a_broken_line_is_not_a_five(pentago):
    """§2: five in an unbroken row — a1 b1 c1 e1 f1 with d1 empty is no five."""
    state = pentago.new_initial_state(position="WWW.WW/BBB.../B...../....../....../......")
    state.apply("a6 BL cw")  # Black places away from rank 1 and twists BL
    assert not state.is_terminal() and state.winners() == set()


def test_a_line_of_six_wins(pentago):
    """§2 Decision: a line of six also wins (it contains a five)."""
    state = pentago.new_initial_state(position="WWW.WW/BBB.../BB..../....../....../......")
    state.apply("d1")
    assert state.winners() == {0} and state.is_terminal()
    assert all(v == 0 for v in board(state)[0])


# the twist examples: Black holds a1 b1 c1 and d2 d3; TR clockwise carries d3 to d1 and
# d2 to e1 (test_rules.py's positions), with a White five made by the same twist or not
OPPONENT_ONLY = "BBB.../...B../W..B../.W...W/..W.../....W."
MOVER_ONLY = "WWW.../...W../B..W../.B...B/..B.../....B."
BOTH = "BBB.../...B.W/WWWB.W/....../....../......"


@pytest.mark.parametrize("rows,winners", [(MOVER_ONLY, {0}), (OPPONENT_ONLY, {1}),
                                          (BOTH, {0, 1})])
def test_after_the_twist_the_fives_decide(pentago, rows, winners):
    """§2 step 2: after the rotation, both players with a five: a draw (both win); only
    the mover: the mover wins; only the opponent: the opponent wins."""
    state = pentago.new_initial_state(position=rows + "/w")
    state.apply("a6 TR cw")
    assert state.is_terminal() and state.winners() == winners


def test_the_36th_marble(pentago):
    """§2: if all 36 cells are filled (after the 36th marble's rotation) and nobody has
    won: a draw; the 36th marble's twist may still make a five for either side."""
    state = pentago.new_initial_state(position="BWBBWW/BWBBWW/BBBWWB/WWW.WB/BBWBBB/WWWWBW/b")
    for move, winners in (("d4 TR ccw", {1}), ("d4 BR cw", {0}), ("d4 TL cw", {0, 1})):
        after = state.clone()
        after.apply(move)
        assert after.is_terminal() and after.winners() == winners, move
        grid = board(after)
        assert sum(v is not None for row in grid for v in row) == 36
    drawn = pentago.new_initial_state(position="WWBBWW/BBWWBB/WWBBWW/BBWWBB/WWBBWW/BBWWB./b")
    assert {str(m).split()[0] for m in drawn.legal_moves()} == {"f6"}
    for move in drawn.legal_moves():
        after = drawn.clone()
        after.apply(move)
        assert after.is_terminal()
        grid = board(after)
        fives = [has_five({(r, c) for r in range(6) for c in range(6) if grid[r][c] == s})
                 for s in (0, 1)]
        if not any(fives):
            assert after.winners() == {0, 1}


def test_eighteen_marbles_each(pentago):
    """§2 Board: two players with 18 marbles each — a game that fills the board has
    placed 18 White and 18 Black marbles, alternately."""
    for seed in range(300):
        rng = random.Random(seed)
        state = pentago.new_initial_state()
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
        if len(state.history()) == 36:
            break
    else:
        pytest.fail("no seeded game filled the board")
    cells = [v for row in board(state) for v in row]
    assert cells.count(0) == 18 and cells.count(1) == 18
    assert state.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        state.apply("a1 TL cw")


# ------------------------------------------------------------------ move text
@pytest.mark.parametrize("text", ["d4 TR cw", "d4/tr/CW", "D4 / Tr / cW", "d4/TR/ccw"])
def test_move_text_separators_and_case(pentago, text):
    """§2 Move text: `<cell> <quadrant> <dir>`, e.g. `d4 TR cw`; `/` also separates and
    any letter case reads (`d4/tr/CW`)."""
    state = pentago.new_initial_state()
    move = state.parse_move(text)
    assert str(move) == ("d4 TR ccw" if "ccw" in text.lower() else "d4 TR cw")
    state.apply(text)
    assert state.history() == [str(move)]
    assert board(state)[3][3] == 0  # d4: file d, rank 4 (BR, which was not turned)


def test_move_text_a_lone_cell_only_for_a_winning_placement(pentago):
    """§2 Move text: `<cell>` for a placement that wins at once, otherwise a cell, a
    quadrant and a direction."""
    state = pentago.new_initial_state(position="WWWW../BBB.../B...../....../....../......")
    with pytest.raises(IllegalMoveError, match="must rotate"):
        state.clone().apply("f6")
    with pytest.raises(IllegalMoveError, match="do not rotate"):
        state.clone().apply("e1 BR cw")
    for text in ("g1 TL cw", "a7 TL cw", "a1 XX cw", "a1 TL up", "a1 TL"):
        with pytest.raises(InvalidMoveError):
            state.parse_move(text)
    state.apply("E1")
    assert state.history() == ["e1"] and state.winners() == {0}


def test_check_move_reads_move_text_and_explains_the_illegal(pentago):
    """§2 Move text: text the engine accepts is accepted by ``check_move`` too (the table
    and the terminal check a move before playing it), and an illegal move given as text is
    refused for its rule, not as unreadable."""
    state = pentago.new_initial_state(position="WWWW../BBB.../B...../....../....../......")
    state.check_move("e1")  # the placement five: legal, and nothing is played
    state.check_move("f6 TL cw")
    assert state.history() == []
    with pytest.raises(IllegalMoveError, match="do not rotate"):
        state.check_move("e1 BR cw")
    with pytest.raises(IllegalMoveError, match="must rotate"):
        state.check_move("f6")
    with pytest.raises(IllegalMoveError, match="already taken"):
        state.check_move("a1 TL cw")
