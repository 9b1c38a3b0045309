"""Odd input to a native engine and to its pure-Python reference gets the same answer.

The differential tests (``tests/games/*/differential.py``) give both engines legal moves
and well-formed probes; this file gives them what a careless caller might: tuples equal
to a move but holding a bool or a float, action ids that are bools or numpy integers,
move objects of another board or with text that is not their squares'.  Both engines must
play them alike (the same JSON after) or refuse them with the same error and message.
The explicit cases are the disagreements the deep differential hunt found (each seen
failing before its fix); the property test below them throws more of the same kind.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pentarena
from pentarena.games.pentago.notation import PentagoMove
from pentarena.games.pentago.reference import ReferencePentagoGame
from pentarena.games.pentic.notation import PenticMove
from pentarena.games.pentic.reference import ReferencePenticGame
from pentarena.games.pentomino.notation import PentominoMove, board_tables
from pentarena.games.pentomino.reference import ReferencePentominoGame, ReferencePuzzleGame
from pentarena.games.pentup.notation import PentUpMove
from pentarena.games.pentup.reference import ReferencePentUpGame

PAIRS = {
    "pentup": (pentarena.load_game("pentup"), ReferencePentUpGame()),
    "pentago": (pentarena.load_game("pentago"), ReferencePentagoGame()),
    "pentomino": (pentarena.load_game("pentomino"), ReferencePentominoGame()),
    "pentomino-touch": (pentarena.load_game("pentomino", touch_move=True),
                        ReferencePentominoGame(touch_move=True)),
    "puzzle": (pentarena.load_game("pentomino-puzzle"), ReferencePuzzleGame()),
    "pentic": (pentarena.load_game("pentic", players=3), ReferencePenticGame(players=3)),
}


def both(name: str, plies: int = 0, seed: int = 1):
    """The native and the reference state of ``PAIRS[name]``, ``plies`` random moves in."""
    native_game, reference_game = PAIRS[name]
    native = native_game.new_initial_state(seed=seed)
    reference = reference_game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if reference.is_terminal():
            break
        move = rng.choice(reference.legal_moves())
        native.apply(move)
        reference.apply(move)
    assert native.to_json() == reference.to_json()
    return native, reference


def outcome(state, method: str, given):
    """What ``method(given)`` does on a copy: ("ok", JSON after, its result) or the
    error (type name, message)."""
    copy = state.clone()
    try:
        result = getattr(copy, method)(given)
    except ValueError as exc:
        return type(exc).__name__, str(exc)
    return "ok", json.dumps(copy.to_json(), sort_keys=True), repr(result)


def assert_alike(name: str, given, plies: int = 0, *,
                 methods=("apply", "apply_action", "action_to_move", "move_to_action")) -> None:
    native, reference = both(name, plies)
    for method in methods:
        assert outcome(native, method, given) == outcome(reference, method, given), (
            f"{name} after {plies} plies: {method}({given!r})")


# ------------------------------------------------------------------ the hunt's findings


@pytest.mark.parametrize("plies", [0, 3])
@pytest.mark.parametrize("given", [(True, 0, 0), (1.0, 0, 0), (1, True, 0),
                                   PentagoMove(True, 0, 0), (8, 0, False)])
def test_pentago_a_tuple_equal_to_a_move_but_not_of_whole_numbers_is_refused_by_both(given, plies):
    # the reference's fast path found (True, 0, 0) in its table (True == 1) and played b1
    assert_alike("pentago", given, plies, methods=("apply",))
    native, _ = both("pentago", plies)
    with pytest.raises(pentarena.InvalidMoveError, match="^not a Pentago move"):
        native.apply(given)


def test_pentago_a_finished_game_says_so_before_judging_the_move():
    native_game, reference_game = PAIRS["pentago"]
    position = "WWWW../BBBB../....../....../....../......"
    native = native_game.new_initial_state(position=position)
    reference = reference_game.new_initial_state(position=position)
    native.apply("e1")
    reference.apply("e1")
    for odd in ((True, 0, 0), (1.0, 0, 0), (2, 0, 0)):
        assert outcome(native, "apply", odd) == outcome(reference, "apply", odd)


@pytest.mark.parametrize("name", sorted(PAIRS))
@pytest.mark.parametrize("given", [True, False])
def test_a_bool_is_no_action_id_on_either_engine(name, given):
    # the Pent-Up and Pentic references played True as action 1
    assert_alike(name, given, 2, methods=("apply_action", "action_to_move"))


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_a_numpy_integer_is_an_action_id_on_either_engine(name):
    # the Pentago and Pentomino references refused np.int64(3) (not an int)
    np = pytest.importorskip("numpy")
    native, _ = both(name, 2)
    legal = native.legal_actions()
    for odd in (np.int64(legal[0]), np.int64(legal[-1]), np.int64(-1), np.int32(10**9)):
        assert_alike(name, odd, 2, methods=("apply_action", "action_to_move"))


@pytest.mark.parametrize("plies", [0, 2])
def test_a_puzzle_refuses_the_8x8_boards_move_objects_it_does_not_have(plies):
    # the reference read the 8×8 mask in the puzzle's layout: "N:e3,e4,f4,f5,f6" covered
    # c2, k2, s2, t2 and h3 of the 6×10 (not an N), or said "i1 already covered"
    board = board_tables()[0]
    for action in (0, 150, 777, 1200, 1500, 2000, 2307):
        assert_alike("puzzle", board[action], plies, methods=("apply",))


def test_a_puzzle_records_a_placement_by_its_squares_not_the_objects_text():
    native, reference = both("puzzle")
    move = native.legal_moves()[10]
    odd = tuple.__new__(PentominoMove, (move[0], move[1], move[2], "Q:z9"))
    for state in (native, reference):
        state.apply(odd)
    assert native.history() == reference.history() == [str(move)]


@pytest.mark.parametrize("name", ["pentomino", "pentomino-touch"])
def test_pentomino_a_move_object_whose_text_is_not_its_move(name):
    # the reference played a placement object of any text, and recorded that text
    native, _ = both(name, 1)
    for move in native.legal_moves()[:3] + [board_tables()[0][5]]:
        for odd in (tuple.__new__(PentominoMove, (move[0], move[1], move[2], "Q:z9")),
                    tuple.__new__(PentominoMove, (move[0], "X", move[2], str(move))),
                    tuple.__new__(PentominoMove, (move[0], move[1], move[2] | 1, str(move)))):
            assert_alike(name, odd, 1, methods=("apply",))


def test_pentic_a_bool_is_no_grid_position():
    # both engines played PenticMove((card, True)) as position 1 (True in range(1, 10)),
    # and recorded it unlike each other
    native, _ = both("pentic", 2)
    card = native.legal_moves()[0].card
    for odd in ((card, True), (True, 1), (card, 1.0)):
        assert_alike("pentic", tuple.__new__(PenticMove, odd), 2, methods=("apply",))
        with pytest.raises(pentarena.InvalidMoveError, match="^not a Pentic play"):
            native.clone().apply(tuple.__new__(PenticMove, odd))


@pytest.mark.parametrize("name", ["pentomino", "pentomino-touch", "puzzle"])
def test_pentomino_a_move_object_of_no_kind_or_a_word_of_odd_text(name):
    # a kind of 0: the native 8×8 wrapper raised TypeError, the puzzle reference said
    # "puzzles have placements and removals, not '0'"; ('remove', 'F', 0, 0) went into
    # the puzzle reference's history as 0; a mask of None: TypeError on both puzzles
    native, _ = both(name, 2)
    move = native.legal_moves()[0]
    for odd in ((0, move[1], move[2], str(move)), (None, "F", 0, "touch F"),
                ("remove", "F", 0, 0), ("touch", "F", 0, 0), ("place", move[1], None, str(move)),
                ("place", move[1], [1], str(move)), ("place", 0, move[2], str(move))):
        assert_alike(name, tuple.__new__(PentominoMove, odd), 2, methods=("apply",))


def test_a_puzzle_gives_no_action_id_to_a_plain_tuple():
    native, _ = both("puzzle")
    assert_alike("puzzle", tuple(native.legal_moves()[3]), methods=("move_to_action",))


# ------------------------------------------------------------------ more of the same kind

PARTS = st.one_of(st.integers(-2, 40), st.booleans(), st.floats(-2, 40), st.none(),
                  st.sampled_from(["F", "I", "place", "touch", "pick", "remove", "a1"]))


@st.composite
def odd_inputs(draw):
    name = draw(st.sampled_from(sorted(PAIRS)))
    kind = draw(st.sampled_from(["tuple", "object", "action", "near"]))
    if kind == "tuple":
        given = tuple(draw(st.lists(PARTS, min_size=2, max_size=4)))
    elif kind == "object":
        cls = {"pentup": PentUpMove, "pentago": PentagoMove, "pentic": PenticMove}.get(
            name, PentominoMove)
        given = tuple.__new__(cls, draw(st.lists(PARTS, min_size=2, max_size=4)))
    elif kind == "action":
        given = draw(st.one_of(st.integers(-3, 150_000), st.booleans(), st.floats(0, 2000)))
    else:  # a legal move's parts with one changed: a bool, a float, another text
        native, _ = both(name, 2)
        move = draw(st.sampled_from(native.legal_moves()))
        parts = list(move)
        i = draw(st.integers(0, len(parts) - 1))
        parts[i] = draw(PARTS)
        given = tuple.__new__(type(move), parts) if draw(st.booleans()) else tuple(parts)
    return name, given


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(odd_inputs(), st.sampled_from([0, 2, 5]))
def test_odd_moves_and_action_ids_get_the_same_answer_from_both_engines(item, plies):
    name, given = item
    assert_alike(name, given, plies)
