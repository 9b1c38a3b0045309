"""Bad input to the public API and the native engines' Python surface gets a clear error.

Malformed move text, illegal moves, broken JSON, out-of-range numbers and wrong types get
one of the package's errors (DESIGN.md) — or ValueError / TypeError where the API says so —
with a sentence that says what was wrong; never a crash, a ``PanicException``, an
``OverflowError`` about C integer types, a hang, or a state left half changed (a refused
``apply`` leaves ``to_json()`` as it was).  Property tests (hypothesis) mutate the JSON of
real games and throw arbitrary values at the moves and the numeric arguments; the explicit
cases below them are the regressions this pass fixed.
"""

from __future__ import annotations

import copy
import json
import math
import pickle
import random
import subprocess
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pentarena
from pentarena import (
    GameOptionError,
    InvalidMoveError,
    PentarenaError,
    StateFormatError,
)
from pentarena import _native

OPTION_SETS = [
    ("pentup", {}), ("pentup", {"players": 3, "scoring": "misere"}),
    ("pentup", {"players": 4, "scoring": "advanced"}),
    ("pentago", {}),
    ("pentomino", {}), ("pentomino", {"variant": "draft"}), ("pentomino", {"players": 3}),
    ("pentomino", {"players": 4, "scoring": "15-10-5", "variant": "draft"}),
    ("pentomino", {"touch_move": True}),
    ("pentomino-puzzle", {}), ("pentomino-puzzle", {"region": "#####/#####", "pieces": "IL"}),
    ("pentic", {}), ("pentic", {"players": 3}), ("pentic", {"players": 4}),
]
GAMES = [pentarena.load_game(name, **opts) for name, opts in OPTION_SETS]
NAMES = ("pentup", "pentago", "pentomino", "pentic", "pentomino-puzzle")
PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
"""Modest runs: the whole file stays well under 30 s on a busy machine."""


def played(game, plies: int, seed: int = 1):
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def saved_states():
    """JSON of real games: every option set at a few lengths, Pentic's views too."""
    out = []
    for game in GAMES:
        for plies in (0, 5):
            state = played(game, plies, seed=plies + 2)
            out.append((game, state.to_json()))
            if game.name == "pentic":
                out.append((game, state.view(1).to_json()))
                out.append((game, state.view(None).to_json()))
    draft = pentarena.load_game("pentomino", variant="draft")
    out.append((draft, draft.new_initial_state(
        seed=3, sets=[list("FILNPT"), list("UVWXYZ")]).to_json()))
    return out


SAVED = saved_states()

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70),
    st.sampled_from([-1, 0, 1, 9, 124, 125, 2**63, 2**64]), st.floats(),
    st.text(max_size=8), st.sampled_from(["F", "pick F", "1-circle-violet", "a1", "W", "x" * 5000]),
    st.lists(st.integers(-3, 130), max_size=4), st.lists(st.text(max_size=3), max_size=3),
    st.just([[["F"]]]), st.just({"a": [1]}), st.just(list(range(3000))),
)


def _paths(obj, prefix=()):
    if prefix:
        yield prefix
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(obj, list):
        for i, value in enumerate(obj[:10]):
            yield from _paths(value, prefix + (i,))


@st.composite
def mutated_json(draw):
    """A saved state with one to three of its fields replaced by junk, dropped, repeated
    or cut short."""
    game, data = draw(st.sampled_from(SAVED))
    data = json.loads(json.dumps(data))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(data))
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        how = draw(st.sampled_from(["junk", "drop", "repeat", "cut"]))
        value = parent[last]
        if how == "junk":
            parent[last] = json.loads(json.dumps(draw(JUNK)))
        elif how == "drop":
            del parent[last]
        elif how == "repeat" and isinstance(value, list) and value:
            value.append(json.loads(json.dumps(value[draw(st.integers(0, len(value) - 1))])))
        elif how == "cut" and isinstance(value, (list, str)) and value:
            parent[last] = value[:draw(st.integers(0, len(value) - 1))]
    return game, data


# ------------------------------------------------------------------ property tests


@PROPERTY
@given(mutated_json(), st.booleans())
def test_mutated_saved_states_load_exactly_or_are_refused_as_broken(item, as_text):
    game, data = item
    try:
        state = game.state_from_json(json.dumps(data) if as_text else data)
    except StateFormatError:
        return
    again = game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()


MOVE_TEXTS = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["I:0,0;1,0;2,0;3,0;4,0", "a1 TL cw", "f6", "pick F", "touch X", "remove I",
                     "F:b1,c1,a2,b2,b3", "1-circle-violet@5", "@", "I:1e9,0", "x" * 10_000]),
    st.builds(lambda a, b: f"{a}@{b}", st.text(max_size=12), st.text(max_size=3)),
)
def _odd_move_objects():
    """Each game's move class holding what no move holds (as a careless caller or a
    broken pickle may make them)."""
    from pentarena.games.pentago.notation import PentagoMove
    from pentarena.games.pentic.notation import PenticMove
    from pentarena.games.pentomino.notation import PentominoMove
    from pentarena.games.pentup.notation import PentUpMove

    parts = st.one_of(st.integers(-2, 130), st.integers(), st.text(max_size=2), st.none(),
                      st.lists(st.none(), max_size=1), st.floats(), st.booleans())
    return st.one_of(*(st.lists(parts, max_size=5).map(lambda xs, c=cls: tuple.__new__(c, xs))
                       for cls in (PentagoMove, PenticMove, PentominoMove, PentUpMove)))


ODD_MOVES = st.one_of(
    MOVE_TEXTS, _odd_move_objects(), st.integers(), st.floats(), st.booleans(), st.none(), st.binary(max_size=4),
    st.lists(st.integers(-2, 40), max_size=5).map(tuple),
    st.tuples(st.sampled_from(["place", "pick", "touch", "remove", "F", "I"]),
              st.one_of(st.text(max_size=2), st.integers(-1, 12), st.lists(st.none(), max_size=1)),
              st.integers(-1, 2**70), st.text(max_size=4)),
)


@PROPERTY
@given(st.sampled_from(GAMES), st.integers(0, 2**16), st.integers(0, 40),
       st.lists(ODD_MOVES, min_size=1, max_size=4))
def test_any_move_is_played_or_refused_with_the_state_unchanged(game, seed, plies, moves):
    state = played(game, plies, seed)
    for given_move in moves:
        before = snapshot(state)
        for method in ("apply", "apply_action", "action_to_move", "move_to_action"):
            child = state.clone()
            try:
                getattr(child, method)(given_move)
            except PentarenaError:
                assert snapshot(child) == before, f"a refused {method} changed the state"
            # (a move the state takes is fine: any other exception fails the test)


COUNTS = st.one_of(st.integers(-2**70, 2**70), st.sampled_from([-1, 0, 2**32, 2**64]),
                   st.floats(), st.booleans(), st.none(), st.text(max_size=3))


@PROPERTY
@given(st.sampled_from(GAMES), COUNTS)
def test_seats_action_ids_and_cells_get_a_clear_error(game, value):
    # the package's errors, ValueError, TypeError or (a cell) IndexError: never an
    # OverflowError about C integer types, a StopIteration, a panic
    state = played(game, 3)
    calls = ["evaluate", "apply_action", "action_to_move"]
    calls += {"pentomino": ["available"], "pentup": ["hand", "height", "top_tile"],
              "pentago": ["cell"]}.get(game.name, [])
    before = snapshot(state)
    for name in calls:
        child = state.clone()
        args = ((value, 0),) if name in ("height", "top_tile") else (value,)
        try:
            getattr(child, name)(*args)
        except (PentarenaError, TypeError, IndexError) as exc:
            assert str(exc)
            assert snapshot(child) == before
    if game.name != "pentomino-puzzle":
        try:
            _native.observation_tensor(state, value)
        except (GameOptionError, TypeError) as exc:
            assert str(exc)


WHOLE_BAD = st.one_of(st.integers(-2**70, -1), st.integers(2**64, 2**70), st.floats(),
                      st.booleans(), st.text(min_size=1, max_size=3))
GIGABYTES_BAD = st.one_of(st.floats(max_value=-1e-9), st.just(float("nan")), st.booleans(),
                          st.text(max_size=3), st.none())
SEARCH_ARGS = {
    "pentago": [("search_position", "max_depth"), ("search_position", "extensions"),
                ("solve_moves", "threads"), ("solve_moves", "max_gb")],
    "pentup": [("search_position", "iterations"), ("search_position", "threads")],
    "pentic": [("search_position", "iterations"), ("search_position", "determinizations"),
               ("search_position", "playout_depth"), ("policy_playouts", "depth")],
}
STATES = {name: played(pentarena.load_game(name), 4) for name in SEARCH_ARGS}


@PROPERTY
@given(st.sampled_from([(n, m, a) for n, args in SEARCH_ARGS.items() for m, a in args]),
       st.data())
def test_search_settings_out_of_range_are_refused_by_name(item, data):
    # ValueError naming the setting, not OverflowError ("out of range integral type
    # conversion attempted") or a bool taken for 0 or 1
    name, method, arg = item
    state = STATES[name].clone()
    value = data.draw(GIGABYTES_BAD if arg == "max_gb" else WHOLE_BAD)
    if method == "policy_playouts":
        call = lambda: state.policy_playouts(3, 1, **{arg: value})  # noqa: E731
    else:
        extra = {"iterations": 5} if name != "pentago" and arg != "iterations" else {}
        call = lambda: getattr(state, method)(0.01, **extra, **{arg: value})  # noqa: E731
    with pytest.raises(ValueError, match=rf"^({arg}|a playout depth) ") as refused:
        call()
    assert not isinstance(refused.value, OverflowError)


# ------------------------------------------------------------------ seats


@pytest.mark.parametrize("name", NAMES)
def test_evaluate_refuses_a_seat_the_table_has_not(name):
    # Pent-Up raised StopIteration, the puzzle took anything, the native cores an
    # OverflowError ("can't convert negative int to unsigned") or "no such seat"
    game = pentarena.load_game(name)
    state = game.new_initial_state(seed=1)
    n = game.num_players
    for bad in (-1, n, 2**64, 2**70, True, 1.5, None, "0"):
        seats = "0" if n == 1 else f"between 0 and {n - 1}"   # (a puzzle's one seat)
        with pytest.raises(GameOptionError, match=rf"^seat must be {seats}, got "):
            state.evaluate(bad)
    assert isinstance(state.evaluate(0), float)


def test_other_seat_arguments_say_the_range():
    pentomino = pentarena.load_game("pentomino").new_initial_state()
    pentup = pentarena.load_game("pentup", players=3).new_initial_state()
    pentic = pentarena.load_game("pentic").new_initial_state(seed=1)
    for call, n in ((pentomino.available, 2), (pentup.hand, 3),
                    (lambda s: _native.observation_tensor(pentic, s), 2),
                    (lambda s: _native.information_state_tensor(pentic, s), 2)):
        for bad in (-1, n, 2**64, True):
            with pytest.raises(GameOptionError, match=rf"^seat must be between 0 and {n - 1}, "
                                                      rf"got {bad!r}"):
                call(bad)
    assert pentup.hand(2) == list("FILNPTUVWXYZ")


# ------------------------------------------------------------------ action ids and moves


@pytest.mark.parametrize("name", NAMES)
def test_an_action_id_is_a_whole_number_not_a_bool(name):
    # True played action 1
    state = pentarena.load_game(name).new_initial_state(seed=1)
    before = snapshot(state)
    for bad in (True, False, 1.0, -1, 2**64, "0", None):
        with pytest.raises(InvalidMoveError, match="^action ids run from 0 to "):
            state.apply_action(bad)
        with pytest.raises(InvalidMoveError, match="^action ids run from 0 to "):
            state.action_to_move(bad)
    assert snapshot(state) == before
    if name == "pentago":
        with pytest.raises(InvalidMoveError):
            state.move_from_action(True)


def test_malformed_move_objects_are_refused_as_moves():
    # their repr raised IndexError / TypeError inside the error message, and a puzzle took
    # a two-letter "piece" for its first letter
    from pentarena.games.pentago.notation import PentagoMove
    from pentarena.games.pentic.notation import PenticMove
    from pentarena.games.pentomino.notation import PentominoMove

    odd = [PentagoMove(0, 9, 9), PentagoMove("a", "b", "c"), tuple.__new__(PentominoMove, ("place",)),
           tuple.__new__(PentominoMove, ("pick", ["F"], 0, "pick F")),
           tuple.__new__(PenticMove, ([], 1)), tuple.__new__(PenticMove, (0,))]
    for name in NAMES:
        state = played(pentarena.load_game(name), 2)
        before = snapshot(state)
        for move in odd:
            repr(move)
            with pytest.raises(InvalidMoveError):
                state.apply(move)
            with pytest.raises(InvalidMoveError):
                state.move_to_action(move)
            assert snapshot(state) == before
    puzzle = pentarena.load_game("pentomino-puzzle").new_initial_state()
    puzzle.apply("F:b1,c1,a2,b2,b3")
    before = snapshot(puzzle)
    with pytest.raises(InvalidMoveError):
        puzzle.apply(tuple.__new__(PentominoMove, ("remove", "FI", 0, "remove FI")))
    assert snapshot(puzzle) == before


def test_piece_arguments_name_the_pieces():
    pentup = pentarena.load_game("pentup").new_initial_state()
    pentomino = pentarena.load_game("pentomino").new_initial_state()
    for bad in (5, None):
        with pytest.raises(InvalidMoveError, match="letter"):
            pentup.moves_for(bad)
    assert pentup.moves_for("q") == [] and pentup.moves_for("i")
    for bad in ("", "FI", "q", 5, None):  # "" and "FI" answered for F
        with pytest.raises(InvalidMoveError, match="no pentomino called"):
            pentomino.can_place(bad)
    assert pentomino.can_place("F")
    assert pentup.height((2**70, 0)) == 0 and pentup.top_tile((0, -2**70)) is None


# ------------------------------------------------------------------ set-up and saved states


@pytest.mark.parametrize("name", NAMES)
def test_a_saved_seed_outside_64_bits_is_a_broken_state(name):
    # accepted (and saved again, a number no record or database holds), or, in Pentic, a
    # GameOptionError
    game = pentarena.load_game(name)
    data = game.new_initial_state(seed=5).to_json()
    for bad in (2**63, -(2**63) - 1, 2**70):
        with pytest.raises(StateFormatError, match="'seed' must fit in 64 bits"):
            game.state_from_json({**data, "seed": bad})
    assert game.state_from_json({**data, "seed": 2**63 - 1}).seed == 2**63 - 1


def test_a_pentic_view_with_a_card_that_is_no_text_is_a_broken_state():
    # AttributeError ('int' object has no attribute 'strip')
    game = pentarena.load_game("pentic")
    view = played(game, 3).view(0).to_json()
    for where in ("grid", "hand"):
        for bad in (5, None, [1], {"a": 1}, True):
            data = copy.deepcopy(view)
            if where == "grid":
                data["grid"][4][-1] = bad
            else:
                data["hand"][0] = bad
            if bad is None and where == "hand":
                continue  # (null: a card this view does not know)
            with pytest.raises(StateFormatError):
                game.state_from_json(data)


def test_draft_sets_of_odd_pieces_are_refused():
    # TypeError (unhashable type: 'list') from new_initial_state and state_from_json
    game = pentarena.load_game("pentomino", variant="draft")
    data = game.new_initial_state(seed=1).to_json()
    for sets in ([[["F"], *"ILNPT"], list("UVWXYZ")], [[{"a": 1}] * 6, list("UVWXYZ")],
                 [list("FILNPT"), list("UVWXYQ")], [list("FILNPT"), [*"UVWXY", 5]]):
        with pytest.raises(GameOptionError):
            game.new_initial_state(sets=sets)
        with pytest.raises(StateFormatError, match="preset_sets"):
            game.state_from_json({**data, "preset_sets": sets})
    with pytest.raises(GameOptionError, match="only for the draft"):
        pentarena.load_game("pentomino").new_initial_state(sets=[list("FILNPT"), list("UVWXYZ")])


def test_game_classes_refuse_what_load_game_refuses():
    # OverflowError, KeyError, or a table with no such variant or pieces
    from pentarena.games.pentomino import PentominoGame, PuzzleGame
    from pentarena.games.pentup import PentUpGame

    for make in (lambda: PentUpGame(players=300), lambda: PentUpGame(players=-1),
                 lambda: PentUpGame(scoring="x"), lambda: PentominoGame(players=300),
                 lambda: PentominoGame(target=70000), lambda: PentominoGame(scoring="x"),
                 lambda: PentominoGame(variant="x"), lambda: PuzzleGame(region="#####", pieces="Q")):
        with pytest.raises(GameOptionError):
            make()
    assert PentUpGame(players=4).teams and PentominoGame(players=3).rounds


# ------------------------------------------------------------------ time limits and sizes


def test_pentomino_solves_without_a_time_limit():
    # None ("no limit", as documented) raised TypeError: must be real number, not NoneType
    state = played(pentarena.load_game("pentomino"), 6, seed=3)
    solution = state.solve_position(None)
    assert solution is not None and solution.move in state.legal_moves()
    assert state.perfect_move(None) is not None
    assert state.perfect_move(None, book=False) is not None


def test_pentago_solver_threads_and_memory_are_checked():
    # threads=-1: OverflowError; 10**6: as many OS threads a layer; max_gb "x": TypeError
    # ('<' not supported), NaN or -1: silently "too big"
    state = pentarena.load_game("pentago").new_initial_state(
        position="WBW.BB/BW..W./WWB.BW/BBW.WB/W.B.../.W..B./w")
    for bad in (-1, 0, 257, 10**6, 1.5, True):
        with pytest.raises(ValueError, match=r"^threads must be 1 to 256, got "):
            state.solve_moves(None, threads=bad)
    for bad in ("x", None, float("nan"), -1):
        with pytest.raises(ValueError, match=r"^max_gb must be a number of gigabytes"):
            state.solve_moves(None, max_gb=bad)
    assert state.solve_moves(None, threads=2)[0] == 0


def test_a_prover_table_too_big_to_allocate_is_a_memory_error():
    # table_bits=32 (allowed) asked for 64 GB and aborted the whole process
    code = textwrap.dedent("""
        from pentarena._native import PentominoProver
        try:
            PentominoProver(32)
            print("made")  # (a machine that can give 64 GB)
        except MemoryError as exc:
            assert "table_bits 32" in str(exc), exc
            print("refused")
    """)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-500:]
    assert run.stdout.strip() in ("made", "refused")
    for bad in (9, 33, -1, 2**40, True):
        with pytest.raises(ValueError, match="^table_bits must be between 10 and 32"):
            _native.PentominoProver(bad)


INTERRUPT = """
import os, signal, sys, threading, time
# Ctrl-C raises KeyboardInterrupt even in a test run started in the background (nohup, &),
# whose processes are born with SIGINT ignored: Python then installs no handler of its own
signal.signal(signal.SIGINT, signal.default_int_handler)
import pentarena
state = pentarena.load_game(sys.argv[1]).new_initial_state(seed=1)
call = (lambda: state.policy_playouts(2**64 - 1, 1)) if sys.argv[2] == "policy" else (
    lambda: state.random_playouts(2**64 - 1, 1))
threading.Timer(0.05, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
try:
    call()
except KeyboardInterrupt:
    print("interrupted")
"""


@pytest.mark.parametrize("name, kind", [(n, "random") for n in NAMES] + [("pentic", "policy")])
def test_playouts_of_any_count_stop_at_ctrl_c(name, kind):
    # 2**64 - 1 playouts (a valid count) ran in Rust without the GIL for ever: Ctrl-C did
    # nothing (the timeout is only a guard)
    run = subprocess.run([sys.executable, "-c", INTERRUPT, name, kind], capture_output=True,
                         text=True, timeout=120)
    assert run.stdout.strip() == "interrupted", run.stderr[-500:]


def test_search_settings_are_checked_by_name():
    pentago = pentarena.load_game("pentago").new_initial_state()
    pentup = pentarena.load_game("pentup").new_initial_state(seed=1)
    pentic = pentarena.load_game("pentic").new_initial_state(seed=1)
    cases = [
        (lambda: pentago.search_position(0.01, max_depth=-1), "max_depth"),
        (lambda: pentago.search_position(0.01, max_depth=True), "max_depth"),
        (lambda: pentago.search_position(0.01, extensions=-1), "extensions"),
        (lambda: pentup.search_position(None, iterations=-1), "iterations"),
        (lambda: pentup.search_position(None, iterations=2**64), "iterations"),
        (lambda: pentup.search_position(None, iterations=5, threads=-1), "threads must be 1 to 64"),
        (lambda: pentic.search_position(None, iterations=-1), "iterations"),
        (lambda: pentic.search_position(None, iterations=5, determinizations=-1), "determinizations"),
        (lambda: pentic.search_position(None, iterations=5, playout_depth=-1), "playout depth"),
        (lambda: pentic.policy_playouts(3, 1, depth=-1), "playout depth"),
        (lambda: pentic.policy_playouts(3, 1, depth=2**40), "playout depth"),
    ]
    for call, words in cases:
        with pytest.raises(ValueError, match=words) as refused:
            call()
        assert not isinstance(refused.value, OverflowError), refused.value
    assert pentic.policy_playouts(3, 1, depth=None)["cutoffs"] == 0
    assert pentic.search_position(None, iterations=5, playout_depth=None).move


# ------------------------------------------------------------------ bots


def test_bot_settings_are_checked_when_the_bot_is_made():
    # MCTSBot(exploration=nan) failed mid-search with AttributeError, ISMCTSBot(iterations=0)
    # with "max() arg is an empty sequence", SearchBot(solve_share=2) overran its time
    from pentarena.ai import AlphaBetaBot, ISMCTSBot, MCTSBot, make_bot
    from pentarena.ai.bots import SearchBot

    makers = [
        (lambda v: MCTSBot(iterations=v), (0, -1, 1.5, "x", True)),
        (lambda v: MCTSBot(exploration=v), (float("nan"), -1, math.inf, "x")),
        (lambda v: MCTSBot(widen=v), (0, -1, float("nan"))),
        (lambda v: ISMCTSBot(iterations=v), (0, -1, 1.5)),
        (lambda v: ISMCTSBot(exploration=v), (float("nan"), -0.5)),
        (lambda v: ISMCTSBot(playout_depth=v), (-1, 1.5, "x")),
        (lambda v: AlphaBetaBot(max_depth=v), (0, -1, 1.5, "x")),
        (lambda v: SearchBot(solve_share=v), (-0.1, 1.5, float("nan"), "x")),
    ]
    for make, bads in makers:
        for bad in bads:
            with pytest.raises(ValueError, match=r"must be "):
                make(bad)
    for bad in (["hard"], None, 5):
        with pytest.raises(GameOptionError, match="AI level"):
            make_bot(bad)
    state = pentarena.load_game("pentago").new_initial_state()
    assert MCTSBot(seed=1, iterations=5, exploration=0, time_limit=5).choose(state)
    assert AlphaBetaBot(seed=1, max_depth=1, time_limit=5).choose(state)


# ------------------------------------------------------------------ copies


@pytest.mark.parametrize("game", GAMES, ids=[f"{n}{o or ''}" for n, o in OPTION_SETS])
def test_states_survive_pickle_and_copy(game):
    state = played(game, 7, seed=4)
    states = [state]
    if game.hidden_information:
        states += [state.view(0), state.view(None), state.view(0).determinize(3)]
    for s in states:
        for again in (pickle.loads(pickle.dumps(s)), copy.copy(s), copy.deepcopy(s), s.clone()):
            assert type(again) is type(s) and again.to_json() == s.to_json()
