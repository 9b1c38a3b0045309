"""RULES.md §1, sentence by sentence."""

from __future__ import annotations

import pytest

import pentarena
from pentarena import IllegalMoveError, InvalidMoveError
from pentarena.core.polyomino import ORIENTATIONS

# Two I tiles side by side form a 5x2 area on level 1 made of two tiles.
I_ROW0 = "I:0,0;1,0;2,0;3,0;4,0"
I_ROW1 = "I:0,1;1,1;2,1;3,1;4,1"
# Two L tiles that exactly cover that 5x2 area on level 2.
L_LEFT = "L:0,0;1,0;2,0;3,0;0,1"
L_RIGHT = "L:1,1;2,1;3,1;4,1;4,0"


def play(*moves: str, players: int = 2, **options):
    state = pentarena.load_game("pentup", players=players, **options).new_initial_state()
    for m in moves:
        state.apply(m)
    return state


def test_components_and_colours():
    for players, tiles in ((2, 24), (3, 36), (4, 48)):
        state = play(players=players)
        assert sum(len(state.hand(s)) for s in range(players)) == tiles
        assert all(state.hand(s) == list("FILNPTUVWXYZ") for s in range(players))
    assert pentarena.games.pentup.COLOURS == ("White", "Black", "Red", "Blue")


def test_first_tile_may_go_anywhere():
    for text in ("X:100,101;99,101;101,101;100,100;100,102", "I:-7,-3;-7,-2;-7,-1;-7,0;-7,1"):
        state = play(text)
        assert state.history() == [str(state.parse_move(text))]
        assert state.height((100, 101) if text[0] == "X" else (-7, -3)) == 1


def test_first_moves_listed_once_per_orientation_at_origin():
    state = play()
    moves = state.legal_moves()
    assert len(moves) == 63
    assert all(min(x for x, _ in m.cells) == 0 and min(y for _, y in m.cells) == 0 for m in moves)


def test_corner_only_contact_rejected_edge_contact_accepted():
    state = play(I_ROW0)
    with pytest.raises(IllegalMoveError, match="corner"):
        state.apply("L:5,1;5,2;5,3;5,4;6,4")
    state.apply("L:5,0;5,1;5,2;5,3;6,3")
    assert state.height((5, 0)) == 1


def test_level_one_tile_cannot_float_apart():
    state = play(I_ROW0)
    with pytest.raises(IllegalMoveError, match="share an edge"):
        state.apply("X:10,11;9,11;11,11;10,10;10,12")


def test_tile_cannot_overlap_at_mixed_heights():
    state = play(I_ROW0)
    with pytest.raises(IllegalMoveError, match="same height"):
        state.apply("L:4,0;5,0;6,0;7,0;7,1")


def test_exactly_on_one_tile_rejected():
    state = play(I_ROW0, I_ROW1, players=3)
    with pytest.raises(IllegalMoveError, match="exactly on top of one tile"):
        state.apply(I_ROW0)
    with pytest.raises(IllegalMoveError, match="exactly on top of one tile"):
        state.apply(I_ROW1)


def test_across_two_tiles_accepted_different_colours():
    state = play(I_ROW0, I_ROW1)  # White's I and Black's I
    state.apply(L_LEFT)
    tile = state.tiles[-1]
    assert tile.level == 2 and tile.seat == 0
    assert {state.tiles[0].seat, state.tiles[1].seat} == {0, 1}


def test_across_two_tiles_of_the_same_colour_accepted():
    # White I, Black far piece, White L beside its I, then Black stacks across both White tiles.
    state = play(I_ROW0, "X:6,-1;5,0;6,0;7,0;6,1")
    assert state.mandatory_levels()["V"] == 1
    state.apply("V:0,1;1,1;2,1;0,2;0,3")
    assert state.tiles[-1].level == 1
    # Black's P across White's I (row 0) and White's V (row 1): two white tiles.
    state.apply("P:1,0;2,0;3,0;1,1;2,1")
    assert state.tiles[-1].level == 2


def test_mandatory_highest_level_for_the_chosen_tile():
    state = play(I_ROW0, I_ROW1)
    levels = state.mandatory_levels()
    assert levels["L"] == 2  # an L fits across both I tiles
    assert levels["X"] == 1  # an X needs 3x3 and fits only on the table
    with pytest.raises(IllegalMoveError, match="must be placed there") as err:
        state.apply("L:0,2;1,2;2,2;3,2;3,3")
    assert "level 2" in str(err.value) and "for example L:" in str(err.value)
    # A different tile that fits only on level 1 may be placed on the table this turn.
    state.apply("X:1,2;0,3;1,3;2,3;1,4")
    assert state.tiles[-1].level == 1


@pytest.mark.parametrize("engine", ["native", "reference"])
def test_a_tile_that_must_go_higher_hears_that_before_where_it_lies(engine):
    """Far from every tile, an L that fits on level 2 breaks two rules: the refusal names
    the one that says where it can go (it named the contact rule, the page's Confirm
    then blaming the wrong rule)."""
    from pentarena.games.pentup.reference import ReferencePentUpGame

    game = (pentarena.load_game("pentup") if engine == "native" else ReferencePentUpGame())
    state = game.new_initial_state()
    for m in (I_ROW0, I_ROW1):
        state.apply(m)
    with pytest.raises(IllegalMoveError) as err:
        state.apply("L:20,0;21,0;22,0;23,0;23,1")
    assert str(err.value).startswith("the L tile fits on level 2, so it must be placed there")
    with pytest.raises(IllegalMoveError, match="must share an edge"):  # the X: the table only
        state.apply("X:21,0;20,1;21,1;22,1;21,2")


def test_i_tile_on_two_rows_can_only_go_to_the_table():
    state = play(I_ROW0, I_ROW1, players=3)
    assert state.mandatory_levels()["I"] == 1
    state.apply("I:0,2;1,2;2,2;3,2;4,2")


def test_level_three_only_on_level_two_cells():
    state = play(I_ROW0, I_ROW1, L_LEFT, L_RIGHT)
    assert state.max_level() == 2
    levels = state.mandatory_levels()
    assert levels["P"] == 3
    for move in state.moves_for("P"):
        assert all(state.height(c) == 2 for c in move.cells)
    with pytest.raises(IllegalMoveError, match="same height"):
        state.apply("P:3,1;4,1;4,0;5,0;5,1")  # height-2 and bare cells mixed
    state.apply("P:0,0;1,0;0,1;1,1;2,1")
    assert state.tiles[-1].level == 3
    assert state.max_level() == 3


def test_no_edge_contact_needed_above_the_table():
    # The level-2 L_LEFT touches nothing at level 2 and is still legal.
    state = play(I_ROW0, I_ROW1, L_LEFT)
    assert state.tiles[-1].level == 2


def test_on_one_tile_is_refused_on_every_level_the_same_shape_across_two_is_not():
    # Level 2 is a 5x2 area of two L tiles (on two I tiles); on level 3 an L lying exactly
    # on either L is refused, an L of the same shape shifted across both is placed.
    state = play(I_ROW0, I_ROW1, L_LEFT, L_RIGHT, players=4)
    for copy in (L_LEFT, L_RIGHT):
        with pytest.raises(IllegalMoveError, match="exactly on top of one tile"):
            state.apply(copy)
    state.apply("L:0,1;1,1;2,1;3,1;3,0")
    assert state.tiles[-1].level == 3 and state.tiles[-1].seat == 0


def test_game_ends_when_all_tiles_placed():
    import random

    for players in (2, 3, 4):
        state = play(players=players)
        rng = random.Random(players)
        plies = 0
        while not state.is_terminal():
            assert state.current_player == plies % players
            state.apply(state.random_move(rng))
            plies += 1
        assert plies == 12 * players
        assert state.current_player is None
        assert state.legal_moves() == []
        with pytest.raises(IllegalMoveError, match="over"):
            state.apply("I:0,0;1,0;2,0;3,0;4,0")


def test_already_played_tile_rejected():
    state = play(I_ROW0, I_ROW1)
    with pytest.raises(IllegalMoveError, match="already placed the I"):
        state.apply("I:0,2;1,2;2,2;3,2;4,2")


@pytest.mark.parametrize(
    "text,why",
    [
        ("", "could not read"),
        ("I", "could not read"),
        ("Q:0,0;1,0;2,0;3,0;4,0", "no pentomino called"),
        ("I:0,0;1,0;2,0;3,0", "names 4 cells"),
        ("I:0,0;1,0;2,0;3,0;4,0;5,0", "names 6 cells"),
        ("I:0,0;1,0;2,0;3,0;3,0", "five different cells"),
        ("I:0,0;1,0;2,x;3,0;4,0", "could not read the cell"),
        ("L:0,0;1,0;2,0;3,0;4,0", "form an I, not the L"),
        ("X:0,0;2,0;4,0;6,0;8,0", "no pentomino"),
        ("I:0,0;1,0;2,0;3,0;4,0" * 20, "too long"),
    ],
)
def test_malformed_move_text(text, why):
    state = play(I_ROW0)
    before = state.to_json()
    with pytest.raises(InvalidMoveError, match=why):
        state.apply(text)
    assert state.to_json() == before


def test_move_text_in_any_cell_order_and_spacing():
    state = play()
    m1 = state.parse_move("I:0,0;1,0;2,0;3,0;4,0")
    m2 = state.parse_move(" i : 4,0 ; 2,0;0,0;3,0;1,0 ")
    assert m1 == m2 and str(m1) == "I:0,0;1,0;2,0;3,0;4,0"
    assert state.parse_move("I:-4,-9;-3,-9;-2,-9;-1,-9;0,-9").cells[0] == (-4, -9)


def test_sixty_three_orientations():
    assert sum(len(v) for v in ORIENTATIONS.values()) == 63
    counts = {k: len(v) for k, v in ORIENTATIONS.items()}
    assert counts == {"F": 8, "L": 8, "N": 8, "P": 8, "Y": 8, "T": 4, "U": 4, "V": 4,
                      "W": 4, "Z": 4, "I": 2, "X": 1}


def test_level_one_spot_always_exists():
    import random

    rng = random.Random(5)
    state = play(players=4)
    while not state.is_terminal():
        for piece in state.hand(state.current_player):
            assert state.moves_for(piece), piece
        state.apply(state.random_move(rng))


def test_foreign_objects_are_not_moves():
    from pentarena.games.pentup import PentUpMove

    state = play(I_ROW0)
    before = state.to_json()
    for junk in (None, 42, ("I", 0, 0, 0), PentUpMove("I", 7, 0, 0), PentUpMove("Q", 0, 0, 0),
                 PentUpMove("I", 0, 1.5, 0)):
        with pytest.raises(InvalidMoveError, match="not a Pent-Up move"):
            state.apply(junk)
    assert state.to_json() == before
