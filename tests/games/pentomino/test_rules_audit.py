"""RULES.md audit, §3 (Pentomino: Golomb's game, touch-move, the draft, 3–4 player rounds,
the puzzles): every rule statement, number, Decision and example checked on BOTH engines —
the native one (``pentarena.load_game``) and the pure-Python reference
(``pentomino.reference``) — through the public API.  (test_rules.py and test_puzzle.py check
most of them on the native engine alone.)  Where a test needs to know whether a piece fits,
it asks :func:`fits`, a plain reading of the rules, not the engine."""

from __future__ import annotations

import random

import pytest

import pentarena
from pentarena import GameOptionError, IllegalMoveError, InvalidMoveError
from pentarena.core.polyomino import ORIENTATIONS, PIECE_NAMES
from pentarena.games.pentomino.reference import ReferencePentominoGame, ReferencePuzzleGame


def native(**options):
    return pentarena.load_game("pentomino", **options)


def reference(**options):
    return ReferencePentominoGame(**native(**options).options)


ENGINES = {"native": native, "reference": reference}
PUZZLES = {"native": lambda **o: pentarena.load_game("pentomino-puzzle", **o),
           "reference": lambda **o: ReferencePuzzleGame(
               **pentarena.load_game("pentomino-puzzle", **o).options)}


@pytest.fixture(params=sorted(ENGINES))
def pentomino(request):
    """A function making a game with the given options on one engine."""
    return ENGINES[request.param]


@pytest.fixture(params=sorted(PUZZLES))
def puzzle(request):
    return PUZZLES[request.param]


# ------------------------------------------------------------------ a plain reading
def square(col: int, row: int) -> str:
    """File a-h left to right, rank 1-8 bottom to top."""
    return "abcdefgh"[col] + str(row + 1)


def placements_on(width: int, height: int, piece: str) -> list[frozenset[str]]:
    out = []
    for shape in ORIENTATIONS[piece]:
        w = max(x for x, _ in shape) + 1
        h = max(y for _, y in shape) + 1
        for row in range(height - h + 1):
            for col in range(width - w + 1):
                out.append(frozenset(square(col + x, row + y) for x, y in shape))
    return out


PLACEMENTS = {p: placements_on(8, 8, p) for p in PIECE_NAMES}


def covered(state) -> set[str]:
    """The covered squares, read from the saved board (row 0 = rank 1)."""
    board = state.to_json()["board"]
    return {square(c, r) for r in range(8) for c in range(8) if board[r][c] is not None}


def fits(piece: str, taken: set[str]) -> bool:
    return any(not (cells & taken) for cells in PLACEMENTS[piece])


def own_pieces(state, seat: int) -> list[str]:
    data = state.to_json()
    return data["sets"][seat] if data["sets"] is not None else data["pool"]


def play_out(state, rng, check=None):
    while not state.is_terminal():
        if check:
            check(state)
        state.apply(rng.choice(state.legal_moves()))
    return state


# ------------------------------------------------------------------ board and pieces
def test_board_files_left_to_right_ranks_bottom_to_top(pentomino):
    """§3 Board: 8x8, files a-h left to right, ranks 1-8 bottom to top; one set of the 12
    pentominoes."""
    state = pentomino().new_initial_state()
    assert state.to_json()["pool"] == list(PIECE_NAMES)
    state.apply("L:a1,b1,c1,d1,d2")
    board = state.to_json()["board"]
    assert [board[0][c] for c in range(4)] == [[0, "L"]] * 4 and board[1][3] == [0, "L"]
    state.apply("I:h4,h5,h6,h7,h8")  # h8: the top-right square
    assert all(board_row[7] == [1, "I"] for board_row in state.to_json()["board"][3:8])
    lines = [line.split() for line in str(state).splitlines()]
    ranks = [int(parts[0]) for parts in lines if parts and parts[0].isdigit()]
    assert ranks == [8, 7, 6, 5, 4, 3, 2, 1]  # printed: rank 8 on top, rank 1 at the bottom
    assert lines[-1][1:5] == ["L", "L", "L", "L"]
    for bad in ("I:a9,a8,a7,a6,a5", "I:i1,i2,i3,i4,i5"):
        with pytest.raises(InvalidMoveError):
            state.parse_move(bad)


def test_2308_first_moves_296_up_to_the_boards_symmetries(pentomino):
    """§3 Facts for tests: 2308 possible first moves, 296 up to the board's 8 symmetries —
    counted from the engine's own list of first moves."""
    moves = pentomino().new_initial_state().legal_moves()
    placed = {(m.piece, frozenset(str(m).split(":")[1].split(","))) for m in moves}
    assert len(moves) == len(placed) == 2308
    assert placed == {(p, cells) for p in PIECE_NAMES for cells in PLACEMENTS[p]}

    def image(cells, k):
        out = set()
        for sq in cells:
            x, y = "abcdefgh".index(sq[0]), int(sq[1]) - 1
            if k & 4:
                x, y = y, x
            if k & 1:
                x = 7 - x
            if k & 2:
                y = 7 - y
            out.add(square(x, y))
        return frozenset(out)

    orbits = {min(tuple(sorted(image(cells, k))) for k in range(8)) + (p,)
              for p, cells in placed}
    assert len(orbits) == 296


def test_any_piece_from_the_pool_any_side_up_on_empty_squares(pentomino):
    """§3: players alternately take any unplayed piece from the common pool and place it
    (any rotation, any side up) on 5 empty squares."""
    state = pentomino().new_initial_state()
    state.apply("L:a1,b1,c1,d1,d2")
    assert state.current_player == 1
    with pytest.raises(IllegalMoveError, match="not in the pool"):
        state.apply("L:a8,b8,c8,d8,d7")
    with pytest.raises(IllegalMoveError, match="already covered"):
        state.apply("I:a1,a2,a3,a4,a5")
    state.apply("N:a8,b8,c8,c7,d7")  # the mirror image side up
    state.apply("F:e5,f5,f4,g4,f6")
    assert state.to_json()["pool"] == [p for p in PIECE_NAMES if p not in "LNF"]
    assert [s for s, _, _ in state.placed] == [0, 1, 0]


# ------------------------------------------------------------------ the end
@pytest.mark.parametrize("seed", range(6))
def test_no_pass_the_last_placer_wins_pieces_never_move(pentomino, seed):
    """§3 Two players: no pass while a placement exists (every listed move is a
    placement, and there is one exactly when a piece fits); the game ends when the player
    to move cannot place any remaining piece; the player who placed the last piece wins;
    placed pieces never move."""
    state = pentomino().new_initial_state(seed=seed)
    rng = random.Random(seed)
    seen: dict[str, list] = {}
    while not state.is_terminal():
        taken = covered(state)
        pool = state.to_json()["pool"]
        assert any(fits(p, taken) for p in pool)
        moves = state.legal_moves()
        assert moves and all(m.kind == "place" for m in moves)
        assert {m.piece for m in moves} == {p for p in pool if fits(p, taken)}
        with pytest.raises(InvalidMoveError):
            state.parse_move("pass")
        board = state.to_json()["board"]
        for sq, owner in seen.items():  # every placed piece is still where it was put
            assert board[int(sq[1]) - 1]["abcdefgh".index(sq[0])] == owner
        move = rng.choice(moves)
        state.apply(move)
        for sq in str(move).split(":")[1].split(","):
            seen[sq] = [state.placed[-1][0], move.piece]
    taken = covered(state)
    assert not any(fits(p, taken) for p in state.to_json()["pool"])
    last = state.placed[-1][0]
    assert last == (len(state.placed) - 1) % 2
    assert state.winners() == {last} and state.scores()[last] == 1


def test_the_game_ends_when_all_twelve_are_placed(pentomino):
    """§3: the game ends when all 12 are placed (a tiling of the board minus its centre
    2x2, played alternately); the twelfth placer, seat 1, wins."""
    tiling = pentarena.load_game("pentomino-puzzle", region="8x8-centre").new_initial_state()
    tiling.solve()
    state = pentomino().new_initial_state()
    for text in tiling.history():
        assert not state.is_terminal()
        state.apply(text)
    assert state.is_terminal() and state.to_json()["pool"] == []
    assert state.winners() == {1}


# ------------------------------------------------------------------ touch-move
def test_touch_move_is_off_by_default(pentomino):
    """§3 Touch-move: table option `touch_move`, default off — a placement is one move."""
    game = pentomino()
    assert game.touch_move is False and game.options["touch_move"] is False
    state = game.new_initial_state()
    assert all(m.kind == "place" for m in state.legal_moves())
    state.apply("L:a1,b1,c1,d1,d2")
    assert state.history() == ["L:a1,b1,c1,d1,d2"] and state.current_player == 1
    with pytest.raises(IllegalMoveError):
        state.apply("touch I")


def test_touch_move_a_selected_piece_must_be_placed(pentomino):
    """§3 Touch-move (tournament rule 7): once the player to move has selected a piece
    that can be placed somewhere, that piece must be the one placed; only such pieces can
    be selected."""
    state = pentomino(touch_move=True).new_initial_state()
    assert {str(m) for m in state.legal_moves()} == {f"touch {p}" for p in PIECE_NAMES}
    state.apply("touch L")
    assert state.current_player == 0
    assert {m.piece for m in state.legal_moves()} == {"L"}
    with pytest.raises(IllegalMoveError, match="touched the L"):
        state.apply("I:h1,h2,h3,h4,h5")
    with pytest.raises(IllegalMoveError, match="touched the L"):
        state.apply("touch I")
    state.apply("L:a1,b1,c1,d1,d2")
    assert state.current_player == 1
    rng = random.Random(5)

    def only_pieces_that_fit(s):
        if s.touched is None:
            assert {m.piece for m in s.legal_moves()} == {
                p for p in s.to_json()["pool"] if fits(p, covered(s))}

    play_out(state, rng, only_pieces_that_fit)


# ------------------------------------------------------------------ the draft
@pytest.mark.parametrize("players,each", [(2, 6), (3, 4), (4, 3)])
def test_draft_picks_then_placement(pentomino, players, each):
    """§3 Draft: the players pick pieces from the 12 one at a time in seat order (2
    players: 6 each; 3: 4; 4: 3) into private sets; Decision: placement starts with the
    player seated after the one who picked first; each player may only place their own
    pieces; move text `pick L`."""
    state = pentomino(players=players, variant="draft").new_initial_state()
    rng = random.Random(players)
    pickers = []
    while state.to_json()["phase"] == "pick":
        pickers.append(state.current_player)
        assert all(str(m).startswith("pick ") for m in state.legal_moves())
        state.apply(f"pick {rng.choice(state.to_json()['pool'])}")
    assert pickers == [i % players for i in range(12)]
    sets = state.to_json()["sets"]
    assert [len(s) for s in sets] == [each] * players
    assert sorted(p for s in sets for p in s) == sorted(PIECE_NAMES)
    assert state.current_player == 1 % players
    for seat in range(players):
        mover = state.current_player
        assert {m.piece for m in state.legal_moves()} == set(sets[mover])
        foreign = next(p for p in PIECE_NAMES if p not in sets[mover])
        with pytest.raises(IllegalMoveError, match="not in your set"):
            state.clone().apply(next(m for m in native().new_initial_state().legal_moves()
                                     if m.piece == foreign
                                     and not set(str(m)[2:].split(",")) & covered(state)))
        state.apply(rng.choice(state.legal_moves()))
        assert state.placed[-1][0] == mover and state.current_player == (mover + 1) % players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draft_ends_when_the_mover_cannot_place_its_own_pieces(pentomino, players):
    """§3 Draft: the game ends when the player to move cannot place any of their own
    remaining pieces — even when another player still could — and the last placer wins.
    The seeds include such games."""
    another_could = 0
    for seed in range(12):
        state = pentomino(players=players, variant="draft").new_initial_state(seed=seed)
        rng = random.Random(seed)

        def mover_can_place(s):
            if s.to_json()["phase"] == "place":
                assert any(fits(p, covered(s)) for p in own_pieces(s, s.current_player))

        play_out(state, rng, mover_can_place)
        taken = covered(state)
        last = state.placed[-1][0]
        stuck = (last + 1) % players
        assert not any(fits(p, taken) for p in own_pieces(state, stuck))
        assert state.winners() == {last}
        another_could += any(fits(p, taken) for s in range(players) if s != stuck
                             for p in own_pieces(state, s))
    assert another_could


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draft_rematch_swaps_or_rotates_the_sets(pentomino, players):
    """§3 Draft: a finished draft game offers a rematch with the two sets swapped (2
    players) or rotated one seat (3-4 players: seat i gets seat i-1's set, the engines'
    reading of "rotated one seat")."""
    state = pentomino(players=players, variant="draft").new_initial_state(seed=3)
    rng = random.Random(3)
    while state.to_json()["phase"] == "pick":
        state.apply(rng.choice(state.legal_moves()))
    sets = state.to_json()["sets"]
    with pytest.raises(IllegalMoveError):
        state.rematch()  # only once the game is finished
    play_out(state, rng)
    again = state.rematch()
    assert again.to_json()["phase"] == "place"
    assert again.to_json()["sets"] == [sets[(i - 1) % players] for i in range(players)]
    if players == 2:
        assert again.to_json()["sets"] == [sets[1], sets[0]]
    assert again.current_player == 1 % players
    assert not native().new_initial_state().to_json()["sets"]  # no sets without a draft


def test_the_draft_picks_each_piece_once_before_any_placement(pentomino):
    """§3 Draft: before play the players pick pieces from the 12 one at a time — a piece
    once; no placement while picking; no rematch of an unfinished draft."""
    state = pentomino(variant="draft").new_initial_state()
    state.apply("pick L")
    with pytest.raises(IllegalMoveError, match="the L has already been picked"):
        state.apply("pick L")
    with pytest.raises(IllegalMoveError, match="the draft comes first"):
        state.apply("I:h1,h2,h3,h4,h5")
    with pytest.raises(IllegalMoveError, match="the draft was not finished"):
        state.rematch(resigned=True)
    assert state.history() == ["pick L"] and state.current_player == 1


@pytest.mark.parametrize("sets", [
    [["F", "I", "L", "N", "P", "T"]],  # one set for two seats
    [["F", "I", "L", "N", "P", "T"], ["U", "V", "W", "X", "Y", "F"]],  # the F twice
    [["F", "I", "L", "N", "P"], ["T", "U", "V", "W", "X", "Y", "Z"]],  # 5 and 7 pieces
])
def test_preset_draft_sets_share_out_the_twelve(pentomino, sets):
    """§3 Draft: the players' private sets are the 12 pieces shared out, 6 each (2
    players): a rematch's preset sets that are not are refused."""
    with pytest.raises(ValueError):
        pentomino(variant="draft").new_initial_state(sets=sets)


def test_placed_pieces_never_move_and_a_finished_game_takes_no_move(pentomino):
    """§3: placed pieces never move; the game ends when the player to move cannot place
    any remaining piece."""
    state = pentomino().new_initial_state()
    state.apply("L:a1,b1,c1,d1,d2")
    with pytest.raises(IllegalMoveError, match="pieces stay where they are placed"):
        state.apply("remove L")
    play_out(state, random.Random(2))
    for text in ("L:a8,b8,c8,d8,d7", "pick L", "remove L"):
        with pytest.raises(IllegalMoveError, match="the game is over"):
            state.apply(text)
        with pytest.raises(IllegalMoveError, match="the game is over"):
            state.check_move(text)  # as the table and the terminal ask before applying


# ------------------------------------------------------------------ rounds
MATCHES = [({"players": 3}, (10, 5), 50),
           ({"players": 3, "target": 100}, (10, 5), 100),
           ({"players": 4}, (10, 5), 50),
           ({"players": 4, "scoring": "15-10-5", "target": 100}, (15, 10, 5), 100)]


@pytest.mark.parametrize("options,points,target", MATCHES, ids=lambda v: str(v))
def test_a_match_of_rounds(pentomino, options, points, target):
    """§3 3 or 4 players: a match of rounds on the shared pool; a round ends when the
    player to move cannot place any remaining piece (or all 12 are placed); the last
    placer scores 10 and the second-to-last 5 (4 players with `scoring=15-10-5`: 15, 10, 5
    to the last three); the match ends after the round in which any player reaches the
    target (50 or 100); highest total wins, equal totals share; Decision: the starting
    seat rotates by one each round."""
    players = options["players"]
    state = pentomino(**options).new_initial_state(seed=7)
    rng = random.Random(7)
    taken_at_end: list[tuple[set[str], list[str], int]] = []
    while not state.is_terminal():
        before = len(state.rounds)
        taken, pool, mover = covered(state), state.to_json()["pool"], state.current_player
        assert any(fits(p, taken) for p in pool)
        move = rng.choice(state.legal_moves())
        state.apply(move)
        if len(state.rounds) > before:  # that placement ended a round
            taken_at_end.append((taken | set(str(move)[2:].split(",")),
                                 [p for p in pool if p != move.piece], (mover + 1) % players))
    rounds = state.rounds
    assert len(rounds) == len(taken_at_end) >= 2
    totals = [0] * players
    for number, (r, (taken, pool, stuck)) in enumerate(zip(rounds, taken_at_end)):
        assert r["start"] == number % players
        placers = [p["seat"] for p in r["placed"]]
        assert placers == [(r["start"] + i) % players for i in range(len(placers))]
        assert placers[-1] == (stuck - 1) % players
        assert not any(fits(p, taken) for p in pool)  # the next player could place nothing
        expected = [0] * players
        for seat, pts in zip(reversed(placers), points):
            expected[seat] += pts
        assert r["points"] == expected
        assert max(totals) < target, "the match went on after a player reached the target"
        totals = [t + p for t, p in zip(totals, expected)]
    assert max(totals) >= target
    assert state.scores() == totals
    assert state.winners() == {s for s in range(players) if totals[s] == max(totals)}


def test_match_options(pentomino):
    """§3: option `target` 50 or 100, default 50; `scoring=15-10-5` is for 4 players."""
    assert pentomino(players=3).target == 50
    with pytest.raises(GameOptionError):
        pentarena.load_game("pentomino", players=3, target=75)
    with pytest.raises(GameOptionError, match="4 players"):
        pentarena.load_game("pentomino", players=3, scoring="15-10-5")


def test_equal_match_totals_share_the_win(pentomino):
    """§3: highest total wins, equal totals share the win — seeded matches include a tie,
    and every tied seat wins it."""
    for seed in range(200):
        state = play_out(pentomino(players=3).new_initial_state(seed=seed), random.Random(seed))
        totals = state.scores()
        best = {s for s in range(3) if totals[s] == max(totals)}
        assert state.winners() == best
        if len(best) > 1:
            return
    pytest.fail("no tied match among the seeds")


# ------------------------------------------------------------------ puzzles
REGION_SHAPES = {"6x10": (10, 6), "5x12": (12, 5), "4x15": (15, 4), "3x20": (20, 3),
                 "8x8-centre": (8, 8)}


@pytest.mark.parametrize("region", sorted(REGION_SHAPES))
def test_puzzle_regions(puzzle, region):
    """§3 Puzzle mode: rectangles 6x10, 5x12, 4x15, 3x20 and the 8x8 square with its
    centre 2x2 removed, by default with all 12 pieces each once."""
    state = puzzle(region=region).new_initial_state()
    data = state.to_json()
    width, height = REGION_SHAPES[region]
    assert (data["width"], data["height"]) == (width, height)
    holes = {"d4", "e4", "d5", "e5"} if region == "8x8-centre" else set()
    expected = {"abcdefghijklmnopqrstuvwxyz"[c] + str(r + 1) for c in range(width)
                for r in range(height)} - holes
    assert set(data["cells"]) == expected and len(expected) == 60
    assert data["unplaced"] == list(PIECE_NAMES)


@pytest.mark.parametrize("region,count", [("6x10", 2339), ("5x12", 1010), ("4x15", 368),
                                          ("3x20", 2), ("8x8-centre", 65)])
def test_puzzle_solution_counts(puzzle, region, count):
    """§3 Facts for tests (solutions counted up to the region's symmetries): 6x10: 2339,
    5x12: 1010, 4x15: 368, 3x20: 2, 8x8 minus centre 2x2: 65 — on both engines' solvers."""
    assert puzzle(region=region).count_solutions().count == count


def test_puzzle_region_drawn_as_text(puzzle):
    """§3 Puzzle mode: any region drawn as text (`#` = cell to cover, `.` = hole), with the
    pieces chosen; solved when the region is covered."""
    game = puzzle(region="#######/#.#####/#######", pieces="FLNU")
    state = game.new_initial_state()
    data = state.to_json()
    assert len(data["cells"]) == 20 and "b2" not in data["cells"]  # the hole
    assert {"a1", "b1", "b3", "g3"} <= set(data["cells"])
    with pytest.raises(IllegalMoveError):
        state.clone().apply("L:a2,b2,c2,d2,d3")  # across the hole
    state.solve()
    assert state.is_terminal() and state.winners() == {0}
    with pytest.raises(GameOptionError):
        puzzle(region="#####/#####", pieces="L")  # 10 cells for one piece


def test_puzzle_place_and_remove_freely_solved_when_covered(puzzle):
    """§3 Puzzle mode: the player places and removes pieces freely (any placed piece, at
    any time); the puzzle is solved when the region is covered, not before."""
    state = puzzle(region="3x20").new_initial_state()
    state.apply("I:a1,b1,c1,d1,e1")
    state.apply("L:a2,b2,c2,d2,d3")
    state.apply("remove I")  # not the last one placed
    assert [p["piece"] for p in state.to_json()["placed"]] == ["L"]
    with pytest.raises(IllegalMoveError):
        state.apply("remove I")
    with pytest.raises(IllegalMoveError):
        state.apply("X:e1,d2,e2,f2,e3")  # d2 is covered
    state.apply("remove L")
    state.solve()
    assert state.is_terminal() and state.winners() == {0}
    assert len(state.to_json()["placed"]) == 12
    tiling = state.to_json()["placed"]
    redo = puzzle(region="3x20").new_initial_state()
    for i, p in enumerate(tiling):
        assert not redo.is_terminal(), "solved before the region was covered"
        redo.apply(f"{p['piece']}:{','.join(p['squares'])}")
    assert redo.is_terminal()


# ------------------------------------------------------------------ move text
def test_move_text(pentomino):
    """§3 Move text: `<piece>:<sq>,<sq>,<sq>,<sq>,<sq>`, e.g. `L:a1,b1,c1,d1,d2`, squares
    in any order; draft picks: `pick L`."""
    state = pentomino().new_initial_state()
    move = state.parse_move("L:a1,b1,c1,d1,d2")
    assert str(move) == "L:a1,b1,c1,d1,d2" and state.parse_move("L:d2,c1,a1,d1,b1") == move
    assert state.parse_move("L a1 b1 c1 d1 d2") == move  # a space for the colon reads too
    for bad in ("L:a1,b1,c1,d1", "I:a1,b1,c1,d1,d2", "La1,b1,c1,d1,d2"):
        with pytest.raises(InvalidMoveError):
            state.parse_move(bad)
    state.apply("L:a1,b1,c1,d1,d2")
    assert state.history() == ["L:a1,b1,c1,d1,d2"]
    draft = pentomino(variant="draft").new_initial_state()
    draft.apply("pick L")
    assert draft.history() == ["pick L"] and draft.to_json()["sets"][0] == ["L"]


def test_the_players_option_says_what_three_or_four_players_play():
    """With 3–4 players the standard variant plays a match of rounds (points) and the draft
    one game (the last placer wins): the option's help, shown in the lobby and the terminal,
    says both (it spoke of rounds only), and the game's description names the match."""
    from pentarena.core.game import game_info

    info = game_info("pentomino")
    words = info.options["players"].help
    assert "standard variant: a match of rounds" in words and "in the draft: one game" in words
    assert "won on points" in info.description
    for players in (3, 4):   # as the engine plays them
        assert pentarena.load_game("pentomino", players=players).rounds
        assert not pentarena.load_game("pentomino", players=players, variant="draft").rounds
