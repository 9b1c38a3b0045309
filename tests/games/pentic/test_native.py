"""The native Pentic engine (Rust, ``pentarena._native``) against the pure-Python reference
engine (``pentic.reference``): random games from random decks, compared after every move
(legal moves in order, scores and breakdowns, results, JSON of the full state and of every
seat's view, errors), plus the parts of the API only the native engine has (dense actions,
batch playouts, seeded determinizations in the core)."""

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
from pentarena import GameOptionError, HiddenInformationError, IllegalMoveError, InvalidMoveError
from pentarena._native import PenticCore
from pentarena.games.pentic import NUM_ACTIONS, PenticState
from pentarena.games.pentic.cards import NAMES, parse
from pentarena.games.pentic.notation import MOVES_BY_ACTION, PenticMove
from pentarena.games.pentic.reference import ReferencePenticGame, ReferencePenticState

from ..differential import PARTS, seeds
from .differential import PLAYERS, TARGETS, games, play_and_compare

GAMES = 1000


def test_the_api_runs_on_the_native_engine():
    state = pentarena.load_game("pentic").new_initial_state(seed=1)
    assert isinstance(state, PenticState) and isinstance(state, pentarena.State)
    assert isinstance(state, PenticCore)
    for hot in ("legal_moves", "legal_actions", "apply", "apply_action", "is_terminal",
                "_apply_move", "best_move", "winners", "scores"):
        assert getattr(PenticState, hot) is getattr(PenticCore, hot), hot
    assert isinstance(ReferencePenticGame().new_initial_state(seed=1), ReferencePenticState)


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("players", PLAYERS)
def test_a_thousand_random_games_agree_with_the_reference(players, part):
    """1,000 games per seat count, to targets 250, 100 and 40 in turn."""
    plies = sum(play_and_compare(seed, players) for seed in seeds(GAMES, part))
    assert plies > 25 * GAMES // PARTS


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(125)), st.sampled_from(PLAYERS),
       st.sampled_from((*TARGETS, 1, 10_000)), st.integers(0, 2**32))
def test_random_decks_agree_with_the_reference(deck, players, target, seed):
    play_and_compare(seed, players, target, deck=list(deck), probes=3)


def test_dense_actions():
    game = pentarena.load_game("pentic")
    assert game.num_distinct_actions == NUM_ACTIONS == 1125 == PenticCore.NUM_ACTIONS
    state = game.new_initial_state(seed=3)
    for a in range(NUM_ACTIONS):
        move = state.action_to_move(a)
        assert move is MOVES_BY_ACTION[a] and move.action == a
        assert move == (a // 9, a % 9 + 1)
        assert state.move_to_action(move) == a == state.move_to_action(str(move))
    rng = random.Random(4)
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions == [m.action for m in state.legal_moves()] == sorted(actions)
        a = rng.choice(actions)
        by_move = state.clone()
        by_move.apply(state.action_to_move(a))
        state.apply_action(a)
        assert state.to_json() == by_move.to_json()
    assert state.legal_actions() == []


def test_action_errors():
    state = pentarena.load_game("pentic").new_initial_state(seed=5)
    for bad in (-1, 1125, 10**30, "3", 2.0, None):
        with pytest.raises(InvalidMoveError, match="action ids run from 0 to 1124"):
            state.apply_action(bad)
        with pytest.raises(InvalidMoveError, match="action ids run from 0 to 1124"):
            state.action_to_move(bad)
    for bad in ((3, 5), "3-star", 7):
        with pytest.raises(InvalidMoveError):
            state.move_to_action(bad)
    card = next(c for c in range(125) if NAMES[c] not in state.to_json()["hands"][0])
    with pytest.raises(IllegalMoveError, match=f"{NAMES[card]} is not in your hand"):
        state.apply_action(card * 9 + 4)
    assert state.history() == []


@pytest.mark.parametrize("engine", ["native", "reference"])
def test_errors_word_for_word(engine):
    game = games(2, 30)[0 if engine == "native" else 1]
    state = game.new_initial_state(seed=8)
    with pytest.raises(InvalidMoveError, match=r"^not a Pentic play: \(3, 5\); e\.g\. 3-star-orange@5$"):
        state.apply((3, 5))
    with pytest.raises(InvalidMoveError, match="not a Pentic play"):
        state.apply(None)
    for view in (state.view(None), state.view(1)):  # seat 0 is to move
        for hook, args in (("legal_moves", ()), ("legal_actions", ()), ("best_move", ()),
                           ("move_previews", ()), ("random_move", (random.Random(1),)),
                           ("playout_move", (random.Random(1),))):
            # not a move refused: a question the view cannot answer
            with pytest.raises(HiddenInformationError,
                               match="^this view does not know the hand of the player to move$"):
                getattr(view, hook)(*args)
    with pytest.raises(HiddenInformationError,
                       match="^a view can only be narrowed to its own seat$"):
        state.view(0).view(1)
    for seat in (2, -1):
        with pytest.raises(GameOptionError, match=r"^seat must be between 0 and 1 \(or None: "
                                                  rf"a spectator\), got {seat}$"):
            state.view(seat)
    for error in (HiddenInformationError, GameOptionError):
        assert issubclass(error, pentarena.PentarenaError) and issubclass(error, ValueError)
        assert not issubclass(error, (IllegalMoveError, InvalidMoveError))
    while not state.is_terminal():
        state.apply(state.best_move())
    for move in (MOVES_BY_ACTION[0], "1-circle-violet@1"):
        with pytest.raises(IllegalMoveError, match="^the game is over: no more moves can be played$"):
            state.apply(move)
    with pytest.raises(IllegalMoveError, match="^the game is over$"):
        state.check_move(MOVES_BY_ACTION[0])
    with pytest.raises(IllegalMoveError, match="^the game is over: no more moves can be played$"):
        state.best_move()
    for seed in range(20):  # whether the playout would have played greedily or at random
        for hook in ("random_move", "playout_move"):
            with pytest.raises(IllegalMoveError, match="^the game is over: there is no move to choose$"):
                getattr(state, hook)(random.Random(seed))
    assert state.legal_moves() == [] and state.move_previews() == {}


def test_random_playouts_run_in_the_core():
    state = pentarena.load_game("pentic", players=3).new_initial_state(seed=2)
    before = state.to_json()
    a = state.random_playouts(2000, 7)
    assert a == state.random_playouts(2000, 7), "the same seed gives the same games"
    assert a != state.random_playouts(2000, 8)
    assert sum(a["wins"]) + a["draws"] == 2000 and a["cutoffs"] == 0
    assert sum(a["returns"]) == pytest.approx(2000)
    assert 2000 * 100 <= a["plies"] <= 2000 * 116
    assert state.to_json() == before, "playouts leave the state alone"
    # from a view: each game from a fresh deal of the unseen cards
    view = state.view(0)
    v = view.random_playouts(500, 1)
    assert v == view.random_playouts(500, 1) and sum(v["wins"]) + v["draws"] == 500
    assert view.to_json() == state.view(0).to_json()
    # a finished game: its result, no move played
    done = pentarena.load_game("pentic", target=1).new_initial_state(seed=2)
    while not done.is_terminal():
        done.apply(done.best_move())
    r = done.random_playouts(10, 1)
    assert r["plies"] == 0 and r["returns"] == [10 * x for x in done.returns()]


def test_random_playouts_are_uniform_over_the_legal_moves():
    """The core's playouts pick like ``random.choice(state.legal_moves())``: their results
    agree with Python-driven games (seat 0's share of the wins within five standard
    errors)."""
    start = pentarena.load_game("pentic", target=120).new_initial_state(seed=11)
    n_native, n_python = 40_000, 2_000
    native = start.random_playouts(n_native, 3)
    share = (native["wins"][0] + native["draws"] / 2) / n_native
    rng, won = random.Random(3), 0.0
    for _ in range(n_python):
        state = start.clone()
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
        won += state.returns()[0]
    python = won / n_python
    error = (python * (1 - python) / n_python) ** 0.5
    assert abs(share - python) < 5 * error, (share, python)


def test_policy_playouts_play_like_playout_move():
    """``policy_playouts`` plays the policy of ``PenticState.playout_move`` (the best score
    85% of the time): the same share of wins for seat 0 and the same game length as games
    played through ``playout_move`` from Python (within five standard errors)."""
    start = pentarena.load_game("pentic", players=2).new_initial_state(seed=12)
    n_native, n_python = 40_000, 1_500
    native = start.policy_playouts(n_native, 5)
    rng, won, plies = random.Random(5), 0.0, []
    for _ in range(n_python):
        state = start.clone()
        while not state.is_terminal():
            state._apply_move(state.playout_move(rng))
        won += state.returns()[0]
        plies.append(len(state.history()))
    python = won / n_python
    share = sum(native["returns"][:1]) / n_native
    error = (python * (1 - python) / n_python) ** 0.5
    assert abs(share - python) < 5 * error, (share, python)
    mean = sum(plies) / n_python
    sd = (sum((p - mean) ** 2 for p in plies) / n_python) ** 0.5
    assert abs(native["plies"] / n_native - mean) < 5 * sd / n_python ** 0.5
    random_plies = start.random_playouts(2000, 5)["plies"] / 2000
    assert native["plies"] / n_native < random_plies / 2, "greedy games reach 250 sooner"


def test_policy_playouts_stop_at_a_depth():
    state = pentarena.load_game("pentic", players=4).new_initial_state(seed=3)
    view = state.view(state.current_player)
    r = view.policy_playouts(300, 9, depth=8)
    assert r == view.policy_playouts(300, 9, depth=8)
    assert (r["cutoffs"], r["plies"], sum(r["wins"]) + r["draws"]) == (300, 2400, 0)
    # a cut-off game is scored 0.5 + 0.5 * tanh(2 * evaluate(seat)), as the search does
    assert all(0 < x < 300 for x in r["returns"])
    assert view.policy_playouts(300, 9, depth=0)["returns"] == pytest.approx([150.0] * 4)


@pytest.mark.parametrize("engine", ["native", "reference"])
def test_determinize_with_an_int_seed(engine):
    """An int seeds the engine's own generator (native: in the core; the reference: a
    ``random.Random``), so the deals differ between the engines, yet each is repeatable
    and consistent with the view."""
    state = games(3, 250)[0 if engine == "native" else 1].new_initial_state(seed=9)
    for _ in range(6):
        state.apply(state.best_move())
    seat = state.current_player
    view = state.view(seat)
    a, b, c = view.determinize(4), view.determinize(4), view.determinize(2**64 - 1)
    assert a.to_json() == b.to_json() != c.to_json()
    for full in (a, c):
        assert type(full) is type(state) and not full.is_view and full.viewer == "all"
        assert full.view(seat).to_json() == view.to_json()
        assert full.hands[seat] == state.hands[seat]
        assert full.hand_sizes() == state.hand_sizes() and len(full.pile) == state.pile_size
        cards = [x for s in full.stacks for x in s] + [x for h in full.hands for x in h] + full.pile
        assert sorted(cards) == list(range(125))
        assert full.to_json()["plays"] == state.to_json()["plays"]
        assert full.legal_moves() == state.legal_moves()
    # a full state determinizes to a copy of itself
    assert state.determinize(1).to_json() == state.to_json()
    assert state.determinize(random.Random(1)).to_json() == state.to_json()
    # every run-time seed takes a state's (signed) seed too: modulo 2**64, -1 is 2**64 - 1
    assert view.determinize(-1).to_json() == c.to_json()
    assert view.determinize(-(2**63)).to_json() == view.determinize(2**63).to_json()
    for bad in (-(2**63) - 1, 2**64, True, 7.0, "7", None):
        for target in (view, state):
            with pytest.raises(pentarena.GameOptionError,
                               match=r"^determinize takes a random\.Random or a seed, a whole "
                                     r"number from -2\*\*63 to 2\*\*64 - 1; got "):
                target.determinize(bad)


def test_views_read_back_from_json_are_checked():
    game = pentarena.load_game("pentic")
    state = game.new_initial_state(seed=6)
    state.apply(state.best_move())
    data = state.view(1).to_json()
    assert game.state_from_json(data).to_json() == data
    for key, value in [("pile_size", 3), ("hand_sizes", [9, 5]), ("moves", ["x"]),
                       ("grid", data["grid"][:8]), ("plays", [{"seat": 0}])]:
        with pytest.raises(pentarena.StateFormatError, match="broken Pentic view"):
            game.state_from_json({**data, key: value})


def test_apply_move_takes_move_objects_and_pairs():
    """What the searches call (``_apply_move``): a move object or a (card, position)
    pair, checked by the engine."""
    state = pentarena.load_game("pentic").new_initial_state(seed=7)
    card = parse(state.to_json()["hands"][0][2])
    other = state.clone()
    state._apply_move((card, 5))
    other._apply_move(tuple.__new__(PenticMove, (card, 5)))
    assert state.to_json() == other.to_json() and state.history() == [f"{NAMES[card]}@5"]
    with pytest.raises(IllegalMoveError, match="is not in your hand"):
        state._apply_move((card, 5))
    with pytest.raises(InvalidMoveError, match="not a Pentic play"):
        state._apply_move((card, 10))


def test_copies_and_pickles():
    state = pentarena.load_game("pentic", players=3, target=90).new_initial_state(seed=5)
    for _ in range(4):
        state.apply(state.best_move())
    for original in (state, state.view(1), state.view(None)):
        for other in (original.clone(), copy.copy(original), copy.deepcopy(original),
                      pickle.loads(pickle.dumps(original))):
            assert type(other) is PenticState
            assert other.to_json() == original.to_json() and other.seed == original.seed
            assert other.viewer == original.viewer
            if original.viewer in ("all", original.current_player):
                assert other.legal_moves() == original.legal_moves()
                other.apply(other.legal_moves()[0])
                assert len(original.history()) == 4 and len(other.plays) == 5


def test_import_stays_light():
    """The runtime path never loads the reference engine."""
    code = ("import sys, pentarena; s = pentarena.load_game('pentic').new_initial_state(seed=1);"
            "s.apply(s.legal_moves()[0]); s.view(0).determinize(__import__('random').Random(1));"
            "print(sorted(m for m in sys.modules if m.startswith('pentarena.games.pentic')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "reference" not in out and "notation" in out, out
