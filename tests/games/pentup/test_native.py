"""The native Pent-Up engine (Rust, ``pentarena._native``) against the pure-Python
reference engine (``pentup.reference``): random games and random positions, compared
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
from pentarena import IllegalMoveError, InvalidMoveError
from pentarena._native import PentupCore
from pentarena.core.polyomino import ORIENTATIONS, PIECE_NAMES
from pentarena.games.pentup import PentUpMove, PentUpState
from pentarena.games.pentup.reference import ReferencePentUpState

from ..differential import PARTS, seeds
from .differential import (
    SCORINGS,
    SEATINGS,
    compare,
    games,
    outcome,
    play_and_compare,
)

GAMES = int(__import__("os").environ.get("PENTUP_GAMES", 1000))
"""Random games per seating; each is scored under all three scorings, so every option set
(players 2/3/4, teams on/off, each scoring) has its results checked on 1,000 games."""


def test_the_api_runs_on_the_native_engine():
    native, reference = games(2, False, "standard")
    state = native.new_initial_state()
    assert isinstance(state, PentUpState) and isinstance(state, pentarena.State)
    assert isinstance(state, PentupCore)
    for hot in ("legal_moves", "legal_actions", "apply", "apply_action", "is_terminal",
                "count_legal_moves", "winners", "random_playouts"):
        assert getattr(PentUpState, hot) is getattr(PentupCore, hot), hot
    assert isinstance(reference.new_initial_state(), ReferencePentUpState)


def test_the_engine_has_the_packages_orientations():
    expected = [(p, i, [tuple(c) for c in shape])
                for p in PIECE_NAMES for i, shape in enumerate(ORIENTATIONS[p])]
    assert [(p, i, [tuple(c) for c in cells])
            for p, i, cells in PentupCore._orientations()] == expected


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("players,teams", SEATINGS, ids=lambda v: str(v))
def test_a_thousand_random_games_agree_with_the_reference(players, teams, part):
    games = seeds(GAMES, part)
    plies = sum(play_and_compare(seed, players, teams) for seed in games)
    assert plies == len(games) * 12 * players


# a random position: a seating, a scoring, a seed for the random moves and how many
seatings = st.sampled_from(SEATINGS)
probe_moves = st.lists(st.tuples(st.sampled_from(PIECE_NAMES), st.integers(0, 7),
                                 st.integers(-8, 8), st.integers(-8, 8)), max_size=6)


@settings(max_examples=120, deadline=None)
@given(seatings, st.sampled_from(SCORINGS), st.integers(0, 2**32), st.integers(0, 48),
       probe_moves)
def test_random_positions_agree_with_the_reference(seating, scoring, seed, plies, probes):
    players, teams = seating
    native_game, reference_game = games(players, teams, scoring)
    native = native_game.new_initial_state(seed=seed)
    reference = reference_game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(min(plies, 12 * players)):
        move = reference.playout_move(rng)
        native.apply(move)
        reference.apply(move)
    compare(native, reference, f"{seating} {scoring} seed {seed} after {plies}")
    base = reference.tiles[0] if reference.tiles else None
    for piece, orient, dx, dy in probes:
        x, y = (base.x + dx, base.y + dy) if base else (dx, dy)
        move = PentUpMove(piece, orient % len(ORIENTATIONS[piece]), x, y)
        assert outcome(native, move) == outcome(reference, move), move
        assert outcome(native, str(move)) == outcome(reference, str(move)), move


def long_game(players: int = 4):
    """A game (native and reference) whose every tile goes as far right as it can: the
    structure outgrows the action window and the engine's small frame."""
    native, reference = (g.new_initial_state() for g in games(players, False, "standard"))
    yield native, reference
    while not native.is_terminal():
        moves = native.legal_moves()
        move = max(moves, key=lambda m: (max(x for x, _ in m.cells), -m[3]))
        native.apply(move)
        reference.apply(move)
        yield native, reference


def test_a_structure_wider_than_the_frames_agrees_with_the_reference():
    incomplete = 0
    for native, reference in long_game():
        compare(native, reference, str(native.history()[-1:]))
        actions = native.legal_actions()
        assert actions or native.is_terminal(), "a game that goes on has legal actions"
        incomplete += not native.actions_complete
        if not native.actions_complete:
            x0, y0, w, h = native.action_window
            outside = [m for m in native.legal_moves()
                       if not (x0 <= m[2] < x0 + w and y0 <= m[3] < y0 + h)]
            assert outside and len(actions) + len(outside) == native.count_legal_moves()
            with pytest.raises(InvalidMoveError, match="outside the action window"):
                native.move_to_action(outside[0])
    bounds = [x for x, _ in native.heights()]
    assert max(bounds) - min(bounds) > 60 and incomplete > 0


def test_dense_actions():
    game = pentarena.load_game("pentup", players=3)
    assert game.num_distinct_actions == 63 * 48 * 48
    state = game.new_initial_state()
    assert state.action_window == (-5, -5, 48, 48)
    rng = random.Random(4)
    while not state.is_terminal():
        actions = state.legal_actions()
        moves = state.legal_moves()
        assert state.actions_complete and actions == sorted(actions)
        assert actions == [state.move_to_action(m) for m in moves]
        assert [state.action_to_move(a) for a in actions] == moves
        assert state.move_to_action(str(moves[0])) == actions[0]
        a = rng.choice(actions)
        by_move = state.clone()
        by_move.apply(state.action_to_move(a))
        state.apply_action(a)
        assert state.to_json() == by_move.to_json()
    assert state.legal_actions() == [] and state.actions_complete
    with pytest.raises(IllegalMoveError, match="game is over"):
        state.apply_action(0)


def test_action_errors():
    state = pentarena.load_game("pentup").new_initial_state()
    last = 63 * 48 * 48 - 1
    for bad in (-1, last + 1, 10**30, "3", 2.0, None):
        with pytest.raises(InvalidMoveError, match=f"action ids run from 0 to {last}"):
            state.apply_action(bad)
        with pytest.raises(InvalidMoveError):
            state.action_to_move(bad)
    state.apply("I:0,0;1,0;2,0;3,0;4,0")
    # the window's origin is 5 left of and above the structure: an I standing at x = 50
    with pytest.raises(InvalidMoveError, match="outside the action window"):
        state.move_to_action("I:50,0;50,1;50,2;50,3;50,4")
    far = state.action_to_move(last)  # the window's last anchor: far from the structure
    with pytest.raises(IllegalMoveError, match="share an edge"):
        state.apply_action(last)
    assert far == PentUpMove("Z", 3, 42, 42)
    assert state.history() == ["I:0,0;1,0;2,0;3,0;4,0"]


def test_coordinates_are_limited():
    for engine in games(2, False, "standard"):
        state = engine.new_initial_state()
        for bad in (PentUpMove("I", 0, 10**9 + 1, 0), PentUpMove("I", 0, 0, -10**30)):
            with pytest.raises(InvalidMoveError, match="not a Pent-Up move"):
                state.apply(bad)
        with pytest.raises(InvalidMoveError, match="out of reach: x and y lie between"):
            state.apply("I:1000000001,0;1000000002,0;1000000003,0;1000000004,0;1000000005,0")
        with pytest.raises(IllegalMoveError, match="first tile's cells must have x and y between"
                           r" -999999744 and 999999744, so that every tile of the game"):
            state.apply(PentUpMove("I", 0, 10**9, -10**9))
        with pytest.raises(InvalidMoveError, match="ASCII digits"):  # not Arabic-Indic digits
            state.apply("I:\u0660,\u0661;\u0661,\u0661;\u0662,\u0661;\u0663,\u0661;\u0664,\u0661")
        assert state.history() == []


@pytest.mark.parametrize("corner", [(1, 1), (-1, -1)])
def test_every_move_of_a_game_at_the_edge_of_reach_round_trips(corner):
    # The first tile as far out as it may go: every later legal move (the whole game keeps
    # within ±10⁹) is written, read back and saved like any other.
    reach = 10**9 - 256
    sx, sy = corner
    rng = random.Random(sx)
    for engine in games(2, False, "standard"):
        state = engine.new_initial_state()
        first = PentUpMove.from_cells("I", [(sx * reach, sy * (reach - i)) for i in range(5)])
        state.apply(str(first))
        while not state.is_terminal():
            moves = state.legal_moves()
            for m in moves[:: max(1, len(moves) // 40)]:
                assert state.parse_move(str(m)) == m
            state.apply(str(rng.choice(moves)))
        again = engine.state_from_json(state.to_json())
        assert again.history() == state.history() and again.winners() == state.winners()


def test_random_playouts_run_in_the_core():
    state = pentarena.load_game("pentup").new_initial_state()
    a = state.random_playouts(300, 7)
    assert a == state.random_playouts(300, 7), "the same seed gives the same games"
    assert a != state.random_playouts(300, 8)
    assert sum(a["wins"]) + a["draws"] == 300 and a["plies"] == 300 * 24
    assert a["shared"] == [a["draws"], a["draws"]]
    assert state.history() == [] and not state.is_terminal(), "playouts leave the state alone"
    teams = pentarena.load_game("pentup", players=4).new_initial_state()
    b = teams.random_playouts(40, 1)
    assert b["wins"][0] == b["wins"][2] and b["wins"][1] == b["wins"][3]
    assert b["wins"][0] + b["wins"][1] + b["draws"] == 40 and b["plies"] == 40 * 48
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(state.random_move(rng))
    won = [int(s in state.winners()) for s in (0, 1)]
    sole = len(state.winners()) == 1
    assert state.random_playouts(5, 1) == {
        "wins": [5 * w * sole for w in won], "shared": [5 * w * (not sole) for w in won],
        "draws": 5 * (not sole), "plies": 0, "returns": [5.0 * r for r in state.returns()]}


def test_random_playouts_are_uniform_over_the_legal_moves():
    """The core's playouts pick like ``random.choice(state.legal_moves())``: their results
    agree with Python-driven playouts (White's share within five standard errors)."""
    start = pentarena.load_game("pentup").new_initial_state()
    for move in ("I:0,0;1,0;2,0;3,0;4,0", "I:0,1;1,1;2,1;3,1;4,1"):
        start.apply(move)
    n_native, n_python = 20_000, 1_000
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
    state = pentarena.load_game("pentup", players=3, scoring="misere").new_initial_state(seed=5)
    for move in ("I:0,0;1,0;2,0;3,0;4,0", "I:0,1;1,1;2,1;3,1;4,1"):
        state.apply(move)
    for other in (state.clone(), copy.copy(state), copy.deepcopy(state),
                  pickle.loads(pickle.dumps(state))):
        assert type(other) is PentUpState
        assert other.to_json() == state.to_json() and other.seed == 5
        assert other.legal_moves() == state.legal_moves()
        assert other.top_tile((0, 0)) == state.top_tile((0, 0))
        other.apply(other.legal_moves()[0])
        assert len(state.history()) == 2 and len(state.tiles) == 2


def test_import_stays_light():
    """The runtime path never loads the reference engine or its frame tables."""
    code = ("import sys, pentarena; s = pentarena.load_game('pentup').new_initial_state(); "
            "s.apply(s.legal_moves()[0]); s.legal_moves(); str(s); "
            "print(sorted(m for m in sys.modules if m.startswith('pentarena.games.pentup')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "reference" not in out and "frame" not in out, out


def test_the_first_tile_by_action_id_is_one_the_mask_lists():
    # any place is legal for the first tile (as text), but the dense action ids and the
    # mask are the centre's: an id outside legal_actions() is refused on both engines
    for game in games(2, False, "standard"):
        state = game.new_initial_state()
        legal = state.legal_actions()
        assert 0 not in legal
        with pytest.raises(pentarena.IllegalMoveError, match="not one of the first tile's"):
            state.clone().apply_action(0)
        state.clone().apply_action(legal[0])
        state.apply("F:-5,-4;-4,-5;-4,-4;-4,-3;-3,-5")  # the rules: anywhere
        assert len(state.history()) == 1
