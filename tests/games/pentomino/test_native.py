"""The native Pentomino engines (Rust, ``pentarena._native``) against the pure-Python
reference engines (``pentomino.reference``) and solvers (``reference_solver``,
``reference_endgame``): random games and puzzle walks compared after every move (legal
moves in order, results, scores, JSON, errors), hypothesis-driven positions, the solvers'
answers, and the parts of the API only the native engine has (dense actions, batch
playouts, the GIL released)."""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pentarena
from pentarena import IllegalMoveError, InvalidMoveError
from pentarena._native import PentominoCore, PuzzleCore
from pentarena.games.pentomino import KNOWN_COUNTS, PentominoState, PuzzleState, Solver
from pentarena.games.pentomino.board import Grid, placements, region_from_text
from pentarena.games.pentomino.notation import BOARD_MOVES, NUM_ACTIONS, puzzle_moves
from pentarena.games.pentomino.reference import (
    ReferencePentominoGame,
    ReferencePentominoState,
    ReferencePuzzleState,
)
from pentarena.games.pentomino.reference_solver import ReferenceSolver

from ..differential import PARTS, seeds
from .differential import OPTION_SETS, REGIONS, games, play_and_compare, puzzles, walk_and_compare

GAMES = 1000
WALKS = 200  # per region: 1,000 puzzle walks in all
HOT = ("legal_moves", "legal_actions", "apply", "apply_action", "is_terminal", "winners",
       "scores", "evaluate", "random_playouts")


def test_the_api_runs_on_the_native_engines():
    state = pentarena.load_game("pentomino").new_initial_state()
    assert isinstance(state, PentominoState) and isinstance(state, PentominoCore)
    puzzle = pentarena.load_game("pentomino-puzzle").new_initial_state()
    assert isinstance(puzzle, PuzzleState) and isinstance(puzzle, PuzzleCore)
    for hot in HOT:
        assert getattr(PentominoState, hot) is getattr(PentominoCore, hot), hot
        if hot != "evaluate":  # puzzles: State's (0 until solved)
            assert getattr(PuzzleState, hot) is getattr(PuzzleCore, hot), hot
    assert isinstance(ReferencePentominoGame().new_initial_state(), ReferencePentominoState)


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("label", OPTION_SETS)
def test_a_thousand_random_games_agree_with_the_reference(label, part):
    plies = sum(play_and_compare(OPTION_SETS[label], seed) for seed in seeds(GAMES, part))
    assert plies > 8 * GAMES // PARTS


@pytest.mark.parametrize("label", REGIONS)
def test_puzzle_walks_agree_with_the_reference(label):
    small = label in ("LPV", "holes")  # hints: the reference's search is quick there
    steps = sum(walk_and_compare(REGIONS[label], seed, hints=small and seed < 50)
                for seed in range(WALKS))
    assert steps > 20 * WALKS


options = st.sampled_from(list(OPTION_SETS.values()))
choices = st.lists(st.integers(0, 10**6), min_size=1, max_size=80)


@settings(max_examples=60, deadline=None)
@given(options, choices, st.integers(0, 2**32))
def test_hypothesis_games_agree_with_the_reference(opts, picks, seed):
    play_and_compare(opts, seed, choices=picks)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(list(REGIONS.values())), choices, st.integers(0, 2**32))
def test_hypothesis_walks_agree_with_the_reference(region, picks, seed):
    walk_and_compare(region, seed, steps=len(picks), choices=picks)


# ------------------------------------------------------------------ dense actions
def test_dense_actions_of_the_game():
    game = pentarena.load_game("pentomino", touch_move=True)
    assert game.num_distinct_actions == NUM_ACTIONS == 2332
    state = game.new_initial_state()
    for a in range(NUM_ACTIONS):
        move = state.action_to_move(a)
        assert move is BOARD_MOVES[a]
        assert state.move_to_action(move) == a == state.move_to_action(str(move))
    assert [str(BOARD_MOVES[a]) for a in (0, 2307, 2308, 2319, 2320, 2331)] == [
        "F:b1,c1,a2,b2,b3", "Z:f6,f7,g7,h7,h8", "pick F", "pick Z", "touch F", "touch Z"]
    rng = random.Random(4)
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions == [state.move_to_action(m) for m in state.legal_moves()]
        a = rng.choice(actions)
        by_move = state.clone()
        by_move.apply(state.action_to_move(a))
        state.apply_action(a)
        assert state.to_json() == by_move.to_json()


def test_dense_actions_of_a_puzzle():
    game = pentarena.load_game("pentomino-puzzle", region="#####/#####/#####", pieces="LPV")
    moves = puzzle_moves(game.grid, game.pieces)
    assert game.num_distinct_actions == len(moves)
    assert [str(m) for m in moves[-3:]] == ["remove L", "remove P", "remove V"]
    n = sum(len(placements(game.grid)[p]) for p in "LPV")
    assert moves[n - 1].kind == "place" and moves[n].kind == "remove"
    state = game.new_initial_state()
    assert state.legal_actions() == list(range(n))
    state.apply_action(0)
    assert state.legal_actions()[-1] == n  # remove L
    assert state.action_to_move(n) is moves[n]
    state.apply_action(n)
    assert state.history() == [str(moves[0]), "remove L"]


def test_action_errors():
    state = pentarena.load_game("pentomino").new_initial_state()
    for bad in (-1, 2332, 10**30, "3", 2.0, None):
        with pytest.raises(InvalidMoveError, match="action ids run from 0 to 2331"):
            state.apply_action(bad)
        with pytest.raises(InvalidMoveError):
            state.action_to_move(bad)
    with pytest.raises(IllegalMoveError, match="picks are for the draft variant"):
        state.apply_action(2308)
    with pytest.raises(IllegalMoveError, match="touch-move is off"):
        state.apply_action(2320)
    with pytest.raises(InvalidMoveError, match="no action id"):
        state.move_to_action("remove L")
    state.apply("L:a1,b1,c1,d1,d2")
    a = state.move_to_action("I:a1,a2,a3,a4,a5")
    with pytest.raises(IllegalMoveError, match="a1 is already covered"):
        state.apply_action(a)
    assert state.history() == ["L:a1,b1,c1,d1,d2"]
    puzzle = pentarena.load_game("pentomino-puzzle", region="3x20").new_initial_state()
    with pytest.raises(InvalidMoveError, match="action ids run from 0 to"):
        puzzle.apply_action(puzzle.game.num_distinct_actions)


# ------------------------------------------------------------------ batch playouts
def test_random_playouts_run_in_the_core():
    for label, opts in OPTION_SETS.items():
        state = pentarena.load_game("pentomino", **opts).new_initial_state()
        a = state.random_playouts(500, 7)
        assert a == state.random_playouts(500, 7), "the same seed gives the same games"
        assert a != state.random_playouts(500, 8)
        assert sum(a["wins"]) + a["draws"] == 500, label
        assert len(a["wins"]) == state.game.num_players
        if state.game.rounds:
            assert a["rounds"] >= 500 * 3 and sum(a["points"]) >= 500 * 50
        else:
            assert a["draws"] == 0 and "rounds" not in a
        assert state.history() == [] and not state.is_terminal(), "playouts leave the state alone"
    puzzle = pentarena.load_game("pentomino-puzzle", region="#####/#####/#####", pieces="LPV")
    fills = puzzle.new_initial_state().random_playouts(300, 1)
    assert fills["solved"] + fills["stuck"] == 300 and 0 < fills["solved"] < 300
    assert 15 * fills["solved"] < fills["cells"] < 15 * 300


def test_random_playouts_are_uniform_over_the_legal_moves():
    """The core's playouts pick like ``random.choice(state.legal_moves())``: their results
    agree with Python-driven playouts (seat 0's share within five standard errors)."""
    for opts in ({}, {"touch_move": True}, {"variant": "draft"}):
        start = pentarena.load_game("pentomino", **opts).new_initial_state()
        n_native, n_python = 40_000, 1_500
        native = start.random_playouts(n_native, 3)["wins"][0] / n_native
        rng, first = random.Random(3), 0
        for _ in range(n_python):
            state = start.clone()
            while not state.is_terminal():
                state.apply(rng.choice(state.legal_moves()))
            first += state.winners() == {0}
        python = first / n_python
        error = (python * (1 - python) / n_python) ** 0.5
        assert abs(native - python) < 5 * error, (opts, native, python)


# ------------------------------------------------------------------ the solvers
def random_region(rng: random.Random, k: int) -> tuple[Grid, str]:
    """A region made of k random pieces placed without overlap in a small box (so it has a
    tiling), and those pieces."""
    while True:
        w, h = rng.randrange(4, 9), rng.randrange(3, 7)
        if w * h < 5 * k + 4:
            continue
        table = placements(Grid.rectangle(w, h))
        pieces = rng.sample("FILNPTUVWXYZ", k)
        occ = 0
        for p in pieces:
            fits = [m for m in table[p] if not m & occ]
            if not fits:
                break
            occ |= rng.choice(fits)
        else:
            return Grid(w, h, occ), "".join(sorted(pieces, key="FILNPTUVWXYZ".index))


def test_solvers_agree_with_the_reference_on_random_regions():
    rng = random.Random(12)
    for _ in range(60):
        grid, pieces = random_region(rng, rng.randrange(2, 5))
        native, reference = Solver(grid, pieces), ReferenceSolver(grid, pieces)
        assert native.solutions() == reference.solutions()
        assert native.first() == reference.first()
        for sym in (True, False):
            a, b = native.count(sym, keep=3), reference.count(sym, keep=3)
            assert (a.count, a.raw, a.solutions) == (b.count, b.raw, b.solutions), grid
        filled = native.first()[0][1]  # finish from a position: one piece placed
        rest = [p for p in pieces if p != native.first()[0][0]]
        assert Solver(grid, rest, filled).solutions() == ReferenceSolver(grid, rest, filled).solutions()


@pytest.mark.parametrize("region", ["3x20", "8x8-centre"])
def test_solver_counts_agree_with_the_reference(region):
    game = pentarena.load_game("pentomino-puzzle", region=region)
    native, reference = Solver(game.grid, game.pieces), ReferenceSolver(game.grid, game.pieces)
    a, b = native.count(keep=5), reference.count(keep=5)
    assert a.count == b.count == KNOWN_COUNTS[region]
    assert (a.raw, a.solutions) == (b.raw, b.solutions)
    assert native.first() == reference.first()


def test_every_named_region_and_its_progress():
    for region, count in KNOWN_COUNTS.items():
        seen = []
        report = pentarena.load_game("pentomino-puzzle", region=region).count_solutions(
            progress=lambda found, pct: seen.append((found, pct)))
        assert report.count == count and report.complete
        assert seen[-1] == (count, 100) and seen == sorted(seen), region


def test_counting_stops_at_its_time_limit_and_on_errors():
    grid = region_from_text("##########/" * 6)
    report = Solver(grid, "FILNPTUVWXYZ").count(time_limit=0.0)
    assert not report.complete and report.count < 2339

    def stop(found, pct):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        Solver(grid, "FILNPTUVWXYZ").count(progress=stop)


def test_counting_releases_the_gil():
    grid = region_from_text("##########/" * 6)
    done = []
    worker = threading.Thread(target=lambda: done.append(Solver(grid, "FILNPTUVWXYZ").count()))
    spins = 0
    worker.start()
    while worker.is_alive():
        spins += 1
        time.sleep(0)
    worker.join()
    assert done[0].count == 2339 and spins > 100


def late_positions(options: dict, count: int, max_moves: int, seed: int = 11):
    native_game, reference_game = games(options)
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        texts: list[str] = []
        state = native_game.new_initial_state()
        while not state.is_terminal():
            if (state.phase == "place" and state.touched is None
                    and len(state._placements(state.available(state.current_player))) <= max_moves):
                reference = reference_game.new_initial_state()
                for t in texts:
                    reference.apply(t)
                found.append((state.clone(), reference))
                break
            move = rng.choice(state.legal_moves())
            texts.append(str(move))
            state.apply(move)
    return found


@pytest.mark.parametrize("options", [{}, {"variant": "draft"}, {"touch_move": True}])
def test_the_endgame_solvers_agree(options):
    values = set()
    for native, reference in late_positions(options, 15, 60):
        a, b = native.solve_position(60), reference.solve_position(60)
        assert (a.value, a.move) == (b.value, b.move)
        values.add(a.value)
    assert values == {1, -1}


# ------------------------------------------------------------------ copies, import
def test_copies_and_pickles():
    for name, opts, moves in (("pentomino", {"variant": "draft"}, ["pick L", "pick X"]),
                              ("pentomino-puzzle", {"region": "3x20"}, ["X:b1,a2,b2,c2,b3"])):
        state = pentarena.load_game(name, **opts).new_initial_state(seed=5)
        for m in moves:
            state.apply(m)
        for other in (state.clone(), copy.copy(state), copy.deepcopy(state),
                      pickle.loads(pickle.dumps(state))):
            assert type(other) is type(state)
            assert other.to_json() == state.to_json() and other.seed == 5
            assert other.legal_moves() == state.legal_moves()
            other.apply(other.legal_moves()[0])
            assert len(state.history()) == len(moves)


def test_rematch_keeps_the_native_engine():
    state = pentarena.load_game("pentomino", variant="draft").new_initial_state(seed=2)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
    again = state.rematch()
    assert type(again) is PentominoState and again.preset is not None


def test_puzzles_of_any_size_use_the_reference_tables():
    # a region drawn in a grid of more than 64 squares
    game = pentarena.load_game("pentomino-puzzle", region="#####..../#####..../#####....",
                               pieces="LPV")
    native, reference = puzzles({"region": "#####..../#####..../#####....", "pieces": "LPV"})
    state = game.new_initial_state()
    state.solve()
    assert state.is_terminal()
    assert isinstance(reference.new_initial_state(), ReferencePuzzleState)
    assert native.count_solutions().count == reference.count_solutions().count


def test_import_stays_light():
    """The runtime path never loads the reference engines or numba."""
    code = ("import sys, pentarena; pentarena.load_game('pentomino').new_initial_state(); "
            "s = pentarena.load_game('pentomino-puzzle', region='3x20').new_initial_state(); "
            "s.hint(); s.count_solutions(); "
            "print(sorted(m for m in sys.modules if m.startswith('pentarena.games.pentomino') "
            "or m in ('numba', 'numpy', 'llvmlite')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "reference" not in out and "numba" not in out and "numpy" not in out, out
