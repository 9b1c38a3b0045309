"""RULES.md §3 (Golomb's pentomino game), rule by rule."""

from __future__ import annotations

import random

import pytest

import pentarena
from pentarena import IllegalMoveError, InvalidMoveError
from pentarena.games.pentomino.board import Grid, apply_perm, placements


def new(**options):
    return pentarena.load_game("pentomino", **options).new_initial_state(seed=1)


def play_out(state, rng):
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
    return state


def test_2308_first_moves_and_296_up_to_symmetry():
    state = new()
    moves = state.legal_moves()
    assert len(moves) == 2308 == len(set(moves))
    grid = Grid.rectangle(8, 8)
    syms = grid.symmetries()
    assert len(syms) == 8
    orbits = {min((p, apply_perm(m, s)) for s in syms)
              for p, masks in placements(grid).items() for m in masks}
    assert len(orbits) == 296


def test_move_text():
    state = new()
    m = state.parse_move("L:a1,b1,c1,d1,d2")
    assert str(m) == "L:a1,b1,c1,d1,d2"
    assert state.parse_move(" l : d2, a1 ,b1,c1,d1") == m
    assert state.parse_move("L:a1;b1;c1;d1;d2") == m  # Pent-Up's separator reads too
    assert state.parse_move("L a1 b1 c1 d1 d2") == m == state.parse_move("l d2,a1,b1,c1,d1")
    for text, why in [("L:a1,b1,c1,d1", "names 4 squares"), ("L:a1,b1,c1,d1,i1", "not a square"),
                      ("L:a1,b1,c1,d1,d9", "off the board"), ("I:a1,b1,c1,d1,d2", "form the L"),
                      ("L:a1,a1,c1,d1,d2", "named twice"), ("Q:a1,b1,c1,d1,d2", "no pentomino"),
                      ("pick Q", "no pentomino"), ("jump", "could not read"), ("La1,b1", "could not read"),
                      ("L ", "names 0 squares")]:
        with pytest.raises(InvalidMoveError, match=why):
            state.apply(text)


def test_pieces_from_the_common_pool_any_side_up():
    state = new()
    state.apply("L:a1,b1,c1,d1,d2")
    with pytest.raises(IllegalMoveError, match="not in the pool"):
        state.apply("L:a8,b8,c8,d8,d7")
    state.apply("N:a8,b8,c8,c7,d7")  # the mirror image side is fine
    with pytest.raises(IllegalMoveError, match="already covered"):
        state.apply("I:a1,a2,a3,a4,a5")


def test_last_placer_wins_and_no_pass():
    rng = random.Random(3)
    for _ in range(20):
        state = new()
        while not state.is_terminal():
            moves = state.legal_moves()
            assert moves, "a player may not pass while a placement exists"
            state.apply(rng.choice(moves))
        last = len(state.history()) - 1
        assert state.winners() == {last % 2}
        assert state.scores()[last % 2] == 1
        # the player to move could not place any remaining piece
        pool = state.pool
        assert all(not state.can_place(p) for p in "FILNPTUVWXYZ" if pool >> "FILNPTUVWXYZ".index(p) & 1)


def test_all_twelve_placed_ends_the_game():
    # Play the twelve pieces of a tiling of the 8x8 board minus its centre 2x2.
    from pentarena.games.pentomino import PuzzleGame

    tiling = PuzzleGame(region="8x8-centre").new_initial_state()
    tiling.solve()
    state = new()
    for text in tiling.history():
        assert not state.is_terminal()
        state.apply(text)
    assert state.is_terminal() and state.pool == 0
    assert state.winners() == {1}  # seat 1 placed the twelfth, last piece


def test_touch_move():
    state = new(touch_move=True)
    moves = state.legal_moves()
    assert {str(m) for m in moves} == {f"touch {p}" for p in "FILNPTUVWXYZ"}
    with pytest.raises(IllegalMoveError, match="first touch"):  # an action is one half
        state.apply_action(state.move_to_action("L:a1,b1,c1,d1,d2"))
    state.apply("touch L")
    assert state.current_player == 0
    assert all(m.piece == "L" for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="you touched the L"):
        state.apply("I:a1,a2,a3,a4,a5")
    with pytest.raises(IllegalMoveError, match="touched the L: place it"):
        state.apply("touch I")
    state.apply("L:a1,b1,c1,d1,d2")
    assert state.current_player == 1
    assert state.history() == ["touch L", "L:a1,b1,c1,d1,d2"]


@pytest.mark.parametrize("engine", ["native", "reference"])
def test_touch_move_takes_the_rules_move_text(engine):
    # RULES.md §3's move text names a whole placement: with touch-move on it touches the
    # piece and places it, both or neither; action ids keep the two halves apart.
    from pentarena.games.pentomino.reference import ReferencePentominoGame

    game = (pentarena.load_game("pentomino", touch_move=True) if engine == "native"
            else ReferencePentominoGame(touch_move=True))
    state = game.new_initial_state()
    state.apply("L:a1,b1,c1,d1,d2")
    assert state.history() == ["touch L", "L:a1,b1,c1,d1,d2"]
    assert state.current_player == 1 and state.touched is None
    before = state.to_json()
    with pytest.raises(IllegalMoveError, match="a1 is already covered"):
        state.apply("I:a1,a2,a3,a4,a5")
    assert state.to_json() == before  # the touch did not stay behind
    # a move object too (the one a game without touch-move lists)
    state.apply(next(m for m in pentarena.load_game("pentomino").new_initial_state()
                     .legal_moves() if str(m) == "I:h1,h2,h3,h4,h5"))
    assert state.history()[-2:] == ["touch I", "I:h1,h2,h3,h4,h5"]
    with pytest.raises(IllegalMoveError, match="first touch the piece"):
        state.apply_action(state.move_to_action("F:e5,f5,f4,g4,f6"))
    state.apply("touch F")
    with pytest.raises(IllegalMoveError, match="you touched the F"):
        state.apply("N:a3,b3,c3,c4,d4")
    # a record of a whole placement replays to the same game
    again = game.state_from_json(state.to_json())
    assert again.history() == state.history()


def test_touch_move_only_pieces_that_fit():
    rng = random.Random(5)
    state = new(touch_move=True)
    while not state.is_terminal():
        for m in state.legal_moves():
            if m.kind == "touch":
                assert state.can_place(m.piece)
        state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("players,each", [(2, 6), (3, 4), (4, 3)])
def test_draft_picks_then_placement(players, each):
    state = new(players=players, variant="draft")
    order = []
    while state.phase == "pick":
        order.append(state.current_player)
        state.apply(f"pick {state.legal_moves()[0].piece}")
    assert order == [i % players for i in range(12)]
    assert all(len(s) == each for s in state.to_json()["sets"])
    assert state.current_player == 1  # the seat after the one who picked first
    mine = set(state.to_json()["sets"][1])
    assert {m.piece for m in state.legal_moves()} <= mine
    other = next(p for p in "FILNPTUVWXYZ" if p not in mine)
    with pytest.raises(IllegalMoveError, match="not in your set"):
        state.apply(next(str(m) for m in new().legal_moves() if m.piece == other))
    with pytest.raises(IllegalMoveError, match="draft is over"):
        state.apply("pick L")
    with pytest.raises(IllegalMoveError, match="picks are for the draft variant"):
        new().apply("pick L")  # a game without a draft says so, not that it is over


def test_draft_end_and_rematch():
    rng = random.Random(2)
    state = new(variant="draft")
    with pytest.raises(IllegalMoveError, match="draft comes first"):
        state.apply("L:a1,b1,c1,d1,d2")
    while state.phase == "pick" or len(state.placed) < 2:
        state.apply(rng.choice(state.legal_moves()))
    with pytest.raises(IllegalMoveError, match="a rematch comes once this game is over"):
        state.rematch()  # RULES.md §3: a *finished* draft game offers the rematch
    # a game resigned here (the draft done) has one; resigned during the draft, none
    assert state.rematch(resigned=True).to_json()["sets"] == state.rematch(
        resigned=True).to_json()["sets"] != state.to_json()["sets"]
    picking = new(variant="draft")
    picking.apply(rng.choice(picking.legal_moves()))
    with pytest.raises(IllegalMoveError, match="the draft was not finished"):
        picking.rematch(resigned=True)
    play_out(state, rng)
    sets = state._drafted()
    placers = [s for s, _, _ in state.placed]
    assert state.winners() == {placers[-1]}
    rematch = state.rematch()
    assert rematch.phase == "place"
    assert rematch.to_json()["sets"] == [sorted(sets[1], key="FILNPTUVWXYZ".index),
                                         sorted(sets[0], key="FILNPTUVWXYZ".index)]
    again = rematch.game.state_from_json(rematch.to_json())
    assert again.to_json() == rematch.to_json()
    three = play_out(new(players=3, variant="draft"), rng)
    r3 = three.rematch()
    assert r3.preset == [three._drafted()[2], three._drafted()[0], three._drafted()[1]]


def test_three_player_rounds_points_and_rotation():
    rng = random.Random(4)
    state = new(players=3)
    starts = []
    while not state.is_terminal():
        if not state.placed:
            starts.append(state.current_player)
        state.apply(rng.choice(state.legal_moves()))
    rounds = state.rounds
    assert starts == [i % 3 for i in range(len(rounds))]
    for r in rounds:
        placers = [p["seat"] for p in r["placed"]]
        expected = [0, 0, 0]
        expected[placers[-1]] += 10
        expected[placers[-2]] += 5
        assert r["points"] == expected
    totals = [sum(r["points"][s] for r in rounds) for s in range(3)]
    assert state.scores() == totals
    assert max(totals) >= 50
    assert max(sum(r["points"][s] for r in rounds[:-1]) for s in range(3)) < 50
    assert state.winners() == {s for s in range(3) if totals[s] == max(totals)}


def test_four_players_15_10_5_to_100():
    rng = random.Random(6)
    state = play_out(new(players=4, scoring="15-10-5", target=100), rng)
    totals = [0] * 4
    for r in state.rounds:  # 15 to the last placer, 10 to the one before, 5 before that
        last_three = [p["seat"] for p in r["placed"]][::-1][:3]
        expected = [0] * 4
        for seat, points in zip(last_three, (15, 10, 5)):
            expected[seat] += points
        assert r["points"] == expected
        totals = [t + p for t, p in zip(totals, expected)]
    assert state.scores() == totals and max(totals) >= 100
    assert state.winners() == {s for s in range(4) if totals[s] == max(totals)}
    with pytest.raises(pentarena.GameOptionError, match="for 4 players"):
        pentarena.load_game("pentomino", players=3, scoring="15-10-5")
