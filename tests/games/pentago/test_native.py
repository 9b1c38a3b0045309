"""The native Pentago engine (Rust, ``pentarena._native``) against the pure-Python
reference engine (``pentago.reference``): random games and random positions, compared
after every move (legal moves in order, results, scores, JSON, errors), plus the parts of
the API only the native engine has (dense actions, batch playouts)."""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pentarena
from pentarena import GameOptionError, IllegalMoveError, InvalidMoveError
from pentarena._native import PentagoCore
from pentarena.games.pentago import NUM_ACTIONS, PentagoState
from pentarena.games.pentago.notation import MOVES_BY_ACTION
from pentarena.games.pentago.reference import ReferencePentagoState

from ..differential import PARTS, seeds
from .differential import NATIVE, REFERENCE, play_and_compare

GAMES = 1000


def test_the_api_runs_on_the_native_engine():
    state = NATIVE.new_initial_state()
    assert isinstance(state, PentagoState) and isinstance(state, pentarena.State)
    assert isinstance(state, PentagoCore)
    for hot in ("legal_moves", "legal_actions", "apply", "apply_action", "is_terminal"):
        assert getattr(PentagoState, hot) is getattr(PentagoCore, hot), hot
    assert isinstance(REFERENCE.new_initial_state(), ReferencePentagoState)


@pytest.mark.parametrize("part", range(PARTS))
def test_a_thousand_random_games_agree_with_the_reference(part):
    plies = sum(play_and_compare(seed) for seed in seeds(GAMES, part))
    assert plies > 20 * GAMES // PARTS


def board(order: list[int], black: int, white: int, side: bool) -> str:
    """The position text with Black's marbles on the first ``black`` cells of ``order``,
    White's on the next ``white``; with the side to move written out when ``side``."""
    cells = ["."] * 36
    for i, cell in enumerate(order[:black + white]):
        cells[cell] = "B" if i < black else "W"
    text = "/".join("".join(cells[r * 6:r * 6 + 6]) for r in range(6))
    return text + ("/" + "wb"[white - black] if side else "")


# a random board that a game can reach by its counts: as many marbles of each colour, or
# one more White (the side to move follows; sometimes written out)
positions = st.builds(
    lambda order, black, extra, side: board(order, black, black + extra, side),
    st.permutations(range(36)), st.integers(0, 17), st.integers(0, 1), st.booleans())


@settings(max_examples=300, deadline=None)
@given(positions, st.integers(0, 2**32))
def test_random_positions_agree_with_the_reference(text, seed):
    try:
        REFERENCE.new_initial_state(position=text)
    except GameOptionError as exc:  # a five already on the board
        with pytest.raises(GameOptionError, match="already has five"):
            NATIVE.new_initial_state(position=text)
        assert "already has five" in str(exc)
        return
    play_and_compare(seed, illegal_probes=2, start=text)


@pytest.mark.parametrize("text", [
    "WWWW../BBB.../B...../....../....../....../w",   # a lone winning placement
    "WWWW../BBBB../....../....../....../W...../b",   # both sides have four
    "WWBBWW/BBWWBB/WWBBWW/BBWWBB/WWBBWW/BBWWB./b",   # one cell left
    "WWBBWW/BBWWBB/WWBBWW/BBWWBB/WWBBWW/BBWWBB",     # full: a draw already
    ".W..../..W.../...W../....W./....../BBBB..//w",  # five across three quadrants
])
def test_set_up_positions_agree(text):
    for seed in range(20):
        play_and_compare(seed, start=text)


def test_dense_actions():
    assert NATIVE.num_distinct_actions == NUM_ACTIONS == 324
    state = NATIVE.new_initial_state()
    for a in range(NUM_ACTIONS):
        move = state.action_to_move(a)
        assert move is MOVES_BY_ACTION[a] and move.action == a
        assert state.move_to_action(move) == a == state.move_to_action(str(move))
        assert state.move_to_action(tuple(move)) == a
    rng = random.Random(4)
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions == [m.action for m in state.legal_moves()]
        a = rng.choice(actions)
        by_move = state.clone()
        by_move.apply(state.action_to_move(a))
        state.apply_action(a)
        assert state.to_json() == by_move.to_json()


def test_action_errors():
    state = NATIVE.new_initial_state()
    for bad in (-1, 324, 10**30, "3", 2.0, None):
        with pytest.raises(InvalidMoveError, match="action ids run from 0 to 323"):
            state.apply_action(bad)
        with pytest.raises(InvalidMoveError):
            state.action_to_move(bad)
    with pytest.raises(InvalidMoveError, match="not a Pentago move"):
        state.move_to_action((1, 9, 9))
    with pytest.raises(IllegalMoveError, match="must rotate"):
        state.apply_action(288)  # a1 alone, without a five
    state.apply_action(0)
    with pytest.raises(IllegalMoveError, match="already taken"):
        state.apply_action(2 * 8)  # a1 TL cw put the marble on c1
    assert state.history() == ["a1 TL cw"]


def test_random_playouts_run_in_the_core():
    state = NATIVE.new_initial_state()
    a = state.random_playouts(2000, 7)
    assert a == state.random_playouts(2000, 7), "the same seed gives the same games"
    assert a != state.random_playouts(2000, 8)
    assert sum(a["wins"]) + a["draws"] == 2000
    assert 2000 * 9 <= a["plies"] <= 2000 * 36
    assert state.history() == [] and not state.is_terminal(), "playouts leave the state alone"
    won = NATIVE.new_initial_state(position="WWWW../BBB.../B...../....../....../....../w")
    won.apply("e1")
    assert won.random_playouts(10, 1) == {"wins": [10, 0], "draws": 0, "plies": 0,
                                          "returns": [10.0, 0.0]}


def test_random_playouts_are_uniform_over_the_legal_moves():
    """The core's playouts pick like ``random.choice(state.legal_moves())``: their results
    agree with Python-driven playouts (White's share within five standard errors)."""
    start = NATIVE.new_initial_state()
    start.apply("c3 TL cw")
    n_native, n_python = 40_000, 2_000
    native = start.random_playouts(n_native, 3)["wins"][0] / n_native
    rng, white = random.Random(3), 0
    for _ in range(n_python):
        state = start.clone()
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
        white += state.winners() == {0}
    python = white / n_python
    error = (python * (1 - python) / n_python) ** 0.5
    assert abs(native - python) < 5 * error, (native, python)


def test_copies_and_pickles():
    state = NATIVE.new_initial_state(seed=5, position="W...../....../....../....../....../......")
    state.apply("f6 BR cw")
    for other in (state.clone(), copy.copy(state), copy.deepcopy(state),
                  pickle.loads(pickle.dumps(state))):
        assert type(other) is PentagoState
        assert other.to_json() == state.to_json() and other.seed == 5
        assert other.legal_moves() == state.legal_moves()
        assert other.position_key() == state.position_key()
        other.apply(other.legal_moves()[0])
        assert len(state.history()) == 1


def test_import_stays_light():
    """The runtime path never loads the reference engine or its tables."""
    code = ("import sys, pentarena; pentarena.load_game('pentago').new_initial_state(); "
            "print(sorted(m for m in sys.modules if m.startswith('pentarena.games.pentago')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "codes" not in out and "reference" not in out, out
