"""Checks every registered game, with every option set, must pass (DESIGN.md contract)."""

from __future__ import annotations

import json
import random

import pytest

import pentarena
from pentarena import IllegalMoveError, InvalidMoveError, StateFormatError
from pentarena.core.game import game_info

from .conformance import (
    POOL_POSITIONS,
    canonical_json,
    near_the_end,
    next_move,
    option_id,
    option_sets,
    pool_job,
    random_playout,
    round_trips,
)

OPTION_SETS = option_sets()
GARBAGE = ["", "   ", "??", "zz:zz", "{}", "\x00", "é" * 50, "1" * 5000, "move", ";;;;"]


def test_every_game_is_listed_with_defaults():
    listed = {g["name"]: g for g in pentarena.list_games()}
    assert "pentup" in listed
    for info in listed.values():
        assert info["title"] and info["description"]
        for opt in info["options"].values():
            assert "default" in opt


def test_unknown_game_and_option_rejected():
    with pytest.raises(pentarena.GameOptionError, match="unknown game"):
        pentarena.load_game("chess")
    with pytest.raises(pentarena.GameOptionError, match="no option"):
        pentarena.load_game("pentup", colour="red")
    with pytest.raises(pentarena.GameOptionError, match="must be one of"):
        pentarena.load_game("pentup", players=7)


@pytest.mark.parametrize("item", OPTION_SETS, ids=option_id)
def test_random_playouts_obey_the_protocol(item):
    name, opts = item
    game = pentarena.load_game(name, **opts)
    seed = sum(map(ord, option_id(item)))
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    seen_moves = []  # moves legal at some earlier ply: candidates for illegal ones now
    plies = 0
    while not state.is_terminal():
        player = state.current_player
        assert player is not None and 0 <= player < game.num_players
        assert state.winners() == set()
        moves = state.legal_moves()
        assert moves, "a non-terminal state must have legal moves"
        assert moves == state.legal_moves(), "legal_moves must be deterministic"
        assert len(set(moves)) == len(moves), "legal_moves must not repeat a move"
        before = canonical_json(state)
        for move in moves:
            text = str(move)
            assert state.parse_move(text) == move, f"{text!r} does not round-trip"
            child = state.clone()
            child.apply(move)
            assert child.history()[-1] == text
        legal = set(moves)
        texts = {str(m) for m in moves}
        for move in rng.sample(seen_moves, min(20, len(seen_moves))):
            if move in legal:
                continue
            for given in (move, str(move)):
                child = state.clone()
                try:
                    child.apply(given)
                except IllegalMoveError:
                    continue
                # only a shorthand for listed moves is taken: a touch-move placement's text
                # names the touch and the placement (RULES.md §3's move text)
                added = child.history()[len(state.history()):]
                assert len(added) > 1 and added[0] in texts, f"{given!r} is not legal here"
        for junk in GARBAGE:
            with pytest.raises(InvalidMoveError):
                state.apply(junk)
        assert canonical_json(state) == before, "a rejected move changed the state"
        seen_moves.extend(rng.sample(moves, min(10, len(moves))))
        state.apply(next_move(state, rng, plies))
        plies += 1
        if plies % 3 == 0 and not game.hidden_information:  # the search hooks
            solution = state.solve_position(time_limit=0.05)
            if solution is not None:
                assert solution.value in (-1, 0, 1)
                assert solution.move in state.legal_moves()
                assert canonical_json(state) == canonical_json(state.clone())
            key = state.position_key()
            if key is not None:
                hash(key)
                assert state.clone().position_key() == key
        if plies % 7 == 0:  # JSON round-trip and view in the middle of the game
            copy = game.state_from_json(state.to_json())
            assert canonical_json(copy) == canonical_json(state)
            assert copy.legal_moves() == state.legal_moves()
            for seat in [None, *range(game.num_players)]:
                view = state.view(seat)
                assert view.history() == state.history()
                text = json.dumps(view.to_json())
                leaked = [x for x in state.secrets(seat) if x in text]
                assert not leaked, f"seat {seat} can see {leaked[:3]}"
                again = game.state_from_json(view.to_json())
                assert canonical_json(again) == canonical_json(view)
                if not game.hidden_information:
                    assert canonical_json(view) == canonical_json(state)
    assert state.legal_moves() == []
    assert state.current_player is None
    assert state.winners(), "a finished game names its winners"
    assert state.winners() <= set(range(game.num_players))
    assert len(state.scores()) == game.num_players
    with pytest.raises(IllegalMoveError):
        state.apply(seen_moves[0])


@pytest.mark.parametrize("item", OPTION_SETS, ids=option_id)
def test_replay_json_and_seed_reproduce_the_game(item):
    name, opts = item
    game = pentarena.load_game(name, **opts)
    final = random_playout(game, seed=11)
    again = random_playout(game, seed=11)
    assert final.history() == again.history(), "the same seed must give the same game"
    replay = game.new_initial_state(seed=11)
    for text in final.history():
        replay.apply(text)
    assert canonical_json(replay) == canonical_json(final)
    assert replay.winners() == final.winners() and replay.scores() == final.scores()
    data = final.to_json()
    loaded = game.state_from_json(data)
    assert canonical_json(loaded) == canonical_json(final)
    import json

    assert canonical_json(game.state_from_json(json.dumps(data))) == canonical_json(final)
    clone = final.clone()
    assert canonical_json(clone) == canonical_json(final)


@pytest.mark.parametrize("item", OPTION_SETS, ids=option_id)
def test_states_compare_by_position_and_are_not_hashable(item):
    """``==`` read identity only: a state was unequal to its own clone and to itself
    loaded from its JSON. Equal now when the same moves were played from the same start
    (whatever seed made it); a move more, another game or options, unequal; a view
    compares as what it holds; mutable, so not hashable (as a list)."""
    name, opts = item
    game = pentarena.load_game(name, **opts)
    state = near_the_end(game, seed=5)
    same = [state.clone(), game.state_from_json(state.to_json()),
            game.state_from_json(json.dumps(state.to_json()))]
    assert all(other == state and not other != state for other in same)
    later = state.clone()
    later.apply(later.legal_moves()[0])
    assert later != state and state != later and state != state.to_json()
    for other_name, other_opts in OPTION_SETS:  # the same game's with other options, others'
        other = pentarena.load_game(other_name, **other_opts)
        if other.options != game.options or other.name != name:
            assert state != near_the_end(other, seed=5)
    seat = state.current_player
    assert state.view(seat) == state.view(seat)
    with pytest.raises(TypeError, match="unhashable"):
        hash(state)


@pytest.mark.parametrize("name", ["pentago", "pentup", "pentomino", "pentic"])
def test_a_native_state_equals_its_reference_by_the_same_moves(name):
    """The pure-Python reference engine's states compare with the native ones: the same
    game's with the same moves played are equal, whatever the engine."""
    from importlib import import_module

    module = import_module(f"pentarena.games.{name}.reference")
    reference_game = next(getattr(module, n) for n in dir(module)
                          if n.startswith("Reference") and n.endswith("Game"))()
    native = random_playout(pentarena.load_game(name), seed=7)
    reference, prefix = reference_game.new_initial_state(seed=7), native.game.new_initial_state(7)
    for move in native.history()[:6]:
        reference.apply(move)
        prefix.apply(move)
    assert reference == prefix and prefix == reference
    reference.apply(reference.legal_moves()[0])
    assert reference != prefix


def reference_games():
    """Every pure-Python reference engine's game class, by game name (the puzzle too)."""
    from importlib import import_module

    out = {}
    for name in ("pentago", "pentup", "pentomino", "pentic"):
        module = import_module(f"pentarena.games.{name}.reference")
        for attr in dir(module):
            cls = getattr(module, attr)
            if attr.startswith("Reference") and attr.endswith("Game"):
                out[cls.name] = cls
    return out


REFERENCE_OPTION_SETS = list({
    option_id((name, pentarena.load_game(name, **opts).options)): (name, opts)
    for name, opts in OPTION_SETS}.values())


@pytest.mark.parametrize("item", REFERENCE_OPTION_SETS, ids=option_id)
def test_the_reference_engines_name_a_seat_in_range_at_every_ply(item):
    """The contract's ``current_player`` (a seat in ``range(num_players)``, None once
    terminal) holds on the reference engines too, the oracles of the rule tests: the
    playouts above check it on the native engines only (a solo puzzle's one seat is 0 —
    the reference puzzle answering 1 went unnoticed by every rule test)."""
    name, opts = item
    game = reference_games()[name](**pentarena.load_game(name, **opts).options)
    if game_info(name).solo:
        assert game.num_players == 1
    rng = random.Random(3)
    state = game.new_initial_state(seed=3)
    for ply in range(10_000):
        if state.is_terminal():
            break
        assert state.current_player in range(game.num_players), (ply, state.current_player)
        state.apply(next_move(state, rng, ply))
    assert state.is_terminal() and state.current_player is None


@pytest.mark.parametrize("item", OPTION_SETS[:3], ids=option_id)
def test_clone_is_independent(item):
    name, opts = item
    game = pentarena.load_game(name, **opts)
    state = game.new_initial_state(seed=3)
    rng = random.Random(3)
    for _ in range(3):
        state.apply(rng.choice(state.legal_moves()))
    copy = state.clone()
    before = canonical_json(state)
    copy.apply(rng.choice(copy.legal_moves()))
    assert canonical_json(state) == before
    assert len(copy.history()) == len(state.history()) + 1


@pytest.mark.parametrize("name", sorted({n for n, _ in OPTION_SETS}))
@pytest.mark.parametrize(
    "bad",
    ["not json", "[]", '{"game": "other"}', '{"game": "%s", "options": 5}',
     '{"game": "%s", "options": {"players": 99}}', "{\"game\": \"%s\", \"moves\": [\"zz\"]}"],
)
def test_broken_state_json_rejected(name, bad):
    game = pentarena.load_game(name)
    text = bad.replace("%s", name)
    if '"options"' not in text and text.startswith("{") and '"game": "%s"' % name in text:
        import json

        obj = json.loads(text)
        obj["options"] = game.options
        text = json.dumps(obj)
    with pytest.raises(StateFormatError):
        game.state_from_json(text)


@pytest.mark.parametrize("name", sorted({n for n, _ in OPTION_SETS}))
def test_an_object_without_a_game_is_said_to_be_no_saved_state(name):
    game = pentarena.load_game(name)
    with pytest.raises(StateFormatError) as err:
        game.state_from_json({"x": 1})
    assert str(err.value) == ("this is not a saved state: it has no 'game' field "
                              f"(state.to_json() gives one, with 'game': '{name}'); its "
                              "fields: 'x'")


@pytest.mark.parametrize("name", sorted({n for n, _ in OPTION_SETS}))
def test_a_seed_is_a_whole_number_of_64_bits_or_none(name):
    # what a saved state and a record can hold, so a state made reloads
    game = pentarena.load_game(name)
    for bad in ("x", 1.5, True, [1], 2**63, -(2**63) - 1):
        with pytest.raises(pentarena.GameOptionError, match="fits in 64 bits"):
            game.new_initial_state(seed=bad)
    for good in (None, 0, 2**63 - 1, -(2**63)):
        state = game.new_initial_state(seed=good)
        if good is not None:
            assert game.state_from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize("name", sorted({n for n, _ in OPTION_SETS}))
def test_a_number_too_long_to_print_is_refused_with_a_pentarena_error(name):
    """Python will not print an int of over 4,300 digits (ValueError), so a message that
    quotes one must not try: a move, a seat, a seed or an option this large is refused
    with the game's own narrow error, saying what it is, never a bare ValueError."""
    huge = 10**5000
    game = pentarena.load_game(name)
    state = game.new_initial_state(seed=1)
    for bad in (huge, (huge, 1)):
        with pytest.raises(InvalidMoveError, match="whole number"):
            state.apply(bad)
    with pytest.raises(pentarena.GameOptionError, match="whole number of about 5,001 digits"):
        state.view(huge)
    with pytest.raises(pentarena.GameOptionError, match="fits in 64 bits"):
        game.new_initial_state(seed=huge)
    option = next(iter(game_info(name).options), None)
    if option is not None:
        for value in (huge, "9" * 5000):
            with pytest.raises(pentarena.GameOptionError) as err:
                pentarena.load_game(name, **{option: value})
            assert len(str(err.value)) < 200
    assert state.history() == []


@pytest.mark.parametrize("name", sorted({n for n, _ in OPTION_SETS} - {"pentomino-puzzle"}))
def test_a_finished_game_has_no_move_to_choose(name):
    from pentarena.ai import make_bot

    game = pentarena.load_game(name)
    state, rng = game.new_initial_state(seed=5), random.Random(5)
    while not state.is_terminal():
        state.apply(state.random_move(rng))
    with pytest.raises(IllegalMoveError, match="over"):
        state.random_move(rng)
    for level in ("random", "easy", "medium"):
        with pytest.raises(IllegalMoveError, match="over"):
            make_bot(level, seed=1, time_limit=0.05).choose(state)


SOLVED = {"pentago", "pentomino"}
"""The games whose ``solve_position`` answers near the end (Pentomino: with 2 players)."""


@pytest.mark.parametrize("item", OPTION_SETS, ids=option_id)
def test_moves_and_solutions_survive_pickle_and_copy(item):
    # a move sent to a worker process (or copied) comes back equal and plays the same,
    # including where the engine recognises its own move objects by address
    name, opts = item
    game = pentarena.load_game(name, **opts)
    seed = sum(map(ord, option_id(item)))
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    for ply in range(40):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        for move in {*moves[:2], *moves[-2:], *rng.sample(moves, min(3, len(moves)))}:
            played = state.clone()
            played.apply(move)
            for again in round_trips(move):
                assert type(again) is type(move) and again == move and hash(again) == hash(move)
                assert str(again) == str(move) and repr(again) == repr(move)
                child = state.clone()
                child.apply(again)
                assert canonical_json(child) == canonical_json(played), f"{again!r} plays otherwise"
                if hasattr(state, "move_to_action"):
                    assert state.move_to_action(again) == state.move_to_action(move)
        state.apply(next_move(state, rng, ply))
    if name in SOLVED and game.num_players == 2:
        near = near_the_end(game, seed)
        solution = near.solve_position(float("inf"))  # (near the end: at once)
        assert solution is not None
        for again in round_trips(solution):
            assert again == solution and type(again.move) is type(solution.move)
            child, played = near.clone(), near.clone()
            child.apply(again.move)
            played.apply(solution.move)
            assert canonical_json(child) == canonical_json(played)


POOL_GAMES = ("pentup", "pentago", "pentomino", "pentic", "pentomino-puzzle")
"""A game per move class (PentUpMove, PentagoMove, PentominoMove, PenticMove), and the
puzzle (PentominoMove objects of its own region)."""


def test_moves_come_back_from_a_spawned_worker_process():
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(1) as pool:
        # (a guard, not a measure: a result that cannot be unpickled kills the pool's
        # result thread, and the answer would never come)
        answers = pool.map_async(pool_job, POOL_GAMES).get(timeout=600)
    for name, (moves, solution) in zip(POOL_GAMES, answers):
        mine, my_solution = pool_job(name)
        assert moves == mine and [type(m) for m in moves] == [type(m) for m in mine]
        assert solution == my_solution
        game = pentarena.load_game(name)
        extra = {"position": POOL_POSITIONS[name]} if name in POOL_POSITIONS else {}
        for theirs, ours in zip([*moves, *([solution.move] if solution else [])],
                                [*mine, *([my_solution.move] if my_solution else [])]):
            a, b = (game.new_initial_state(seed=1, **extra) for _ in range(2))
            a.apply(theirs)
            b.apply(ours)
            assert canonical_json(a) == canonical_json(b)


GAME_NAMES = sorted({n for n, _ in OPTION_SETS})
TIME_LIMITED = ("solve_position", "perfect_move", "search_position", "solve_moves")
"""The public methods that take a time limit (those a game has)."""


def _over(game):
    state, rng = game.new_initial_state(seed=2), random.Random(2)
    plies = 0
    while not state.is_terminal():
        state.apply(next_move(state, rng, plies))
        plies += 1
    return state


@pytest.mark.parametrize("name", GAME_NAMES)
def test_time_limits_that_are_no_number_of_seconds_are_refused(name):
    # NaN, a negative number or text: ValueError from every method and game alike (at the
    # start and once the game is over, before anything else is looked at)
    from pentarena.ai import make_bot
    from pentarena.ai.bots import Bot

    game = pentarena.load_game(name)
    for state in (game.new_initial_state(seed=2), _over(game)):
        methods = [m for m in TIME_LIMITED if hasattr(state, m)]
        assert {"solve_position", "perfect_move", "search_position"} <= set(methods)
        for method in methods:
            for bad in (float("nan"), -1.0, -1e-9, float("-inf"), "1", True):
                with pytest.raises(ValueError, match="^time_limit must be a number of seconds, "
                                                     "0 or more, got "):
                    getattr(state, method)(bad)
        # a search with nothing but its clock to stop it: inf is refused too
        with pytest.raises(ValueError, match="time_limit must be finite"):
            state.search_position(float("inf"))
    state = game.new_initial_state(seed=2)
    for level in ("random", "easy"):
        bot = make_bot(level, seed=1, time_limit=0.05)
        for bad in (float("nan"), -1.0, 0, float("inf"), "1"):
            with pytest.raises(ValueError, match="^time_limit must be a finite number of "
                                                 "seconds above 0, got "):
                bot.choose(state, bad)
            with pytest.raises(ValueError, match="above 0"):
                make_bot(level, time_limit=bad)
        assert isinstance(bot, Bot) and bot.choose(state, 0.05) in state.legal_moves()


SEED_WORDS = r"a whole number from -2\*\*63 to 2\*\*64 - 1"


@pytest.mark.parametrize("name,options", [(n, o) for n, o in OPTION_SETS
                                          if n != "pentomino-puzzle"])
def test_every_batch_of_playouts_says_the_seats_returns(name, options):
    """``returns``: every seat's rewards summed over the playouts, as ``State.returns()``
    gives them (1 a win of its side, shared out on ties), in every game."""
    state = pentarena.load_game(name, **options).new_initial_state(seed=2)
    n = 120
    stats = state.random_playouts(n, 7)
    returns, wins = stats["returns"], stats["wins"]
    assert len(returns) == len(wins) == state.game.num_players
    for seat, (r, w) in enumerate(zip(returns, wins)):
        assert w <= r <= w + stats.get("shared", [stats["draws"]] * len(wins))[seat] + 1e-9
    sides = state.game.sides
    per_side = sum(returns[min(side)] for side in sides)  # a team's reward counts once
    unfinished = stats.get("cutoffs", 0)
    assert n - unfinished - 1e-6 <= per_side <= n + 1e-6, stats


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_seed_taken_at_run_time_has_one_range(name):
    # a state's seed (signed 64 bits) and 64 random bits alike, the engine taking the
    # number modulo 2**64; anything else a GameOptionError (a ValueError) saying the range
    game = pentarena.load_game(name)
    state = game.new_initial_state(seed=-5)
    before = canonical_json(state)
    calls = [lambda s: state.random_playouts(3, s)]
    if name == "pentic":
        calls.append(lambda s: state.policy_playouts(3, s, depth=4))
        calls.append(lambda s: state.view(0).determinize(s).to_json())
    if name in ("pentic", "pentup"):
        calls.append(lambda s: state.search_position(None, iterations=30, seed=s).move)
    for call in calls:
        assert call(-1) == call(2**64 - 1)
        assert call(-(2**63)) == call(2**63)
        assert call(state.seed) == call(state.seed)  # the state's own seed is one
        for bad in (2**64, -(2**63) - 1, 1.5, True, "1"):
            with pytest.raises(pentarena.GameOptionError, match=SEED_WORDS):
                call(bad)
    # no seed (or None): 64 fresh random bits each call, so two runs differ
    unseeded = [state.random_playouts(1), state.random_playouts(1, None)]
    unseeded += [state.random_playouts(1) for _ in range(30)]
    assert len({repr(sorted(stats.items())) for stats in unseeded}) > 1
    if name == "pentic":
        assert state.policy_playouts(2)["plies"] > 0
    for bad in (-1, 1.5, True, -(10**50)):
        with pytest.raises(ValueError, match="number of playouts is a whole number"):
            state.random_playouts(bad, 1)
    for bad in (2**64, 10**30, 10**50):  # whole numbers: the bound is what is wrong
        with pytest.raises(ValueError, match=r"number of playouts is at most "
                                             r"18446744073709551615 \(2\*\*64 - 1\), got"):
            state.random_playouts(bad, 1)
    assert canonical_json(state) == before


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_view_refuses_what_it_cannot_answer_with_a_pentarena_error(name):
    game = pentarena.load_game(name)
    state = game.new_initial_state(seed=4)
    n = game.num_players
    seats = "0" if n == 1 else f"between 0 and {n - 1}"  # (a puzzle: not "between 0 and 0")
    for seat in (n, -1, n + 7, "0", 1.0):
        with pytest.raises(pentarena.GameOptionError,
                           match=rf"^seat must be {seats} \(or None: a spectator\)"):
            state.view(seat)
    if not game.hidden_information:
        return
    mover = state.current_player
    other = (mover + 1) % n
    view = state.view(other)
    for question in (view.legal_moves, view.legal_actions, lambda: view.view(mover),
                     lambda: state.view(None).view(other)):
        with pytest.raises(pentarena.HiddenInformationError) as refused:
            question()
        assert isinstance(refused.value, ValueError)
        assert not isinstance(refused.value, (IllegalMoveError, InvalidMoveError))


CONTRACT = ("current_player", "legal_moves", "apply", "clone", "is_terminal", "winners",
            "scores", "history", "parse_move", "to_json", "view", "legal_actions",
            "apply_action", "action_to_move", "move_to_action", "solve_position",
            "search_position", "random_playouts")
"""DESIGN.md's public API contract (the state's part), and random_playouts."""


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_contract_method_says_what_it_does(name):
    # help(state.legal_actions) shows a sentence on every game, the native core's methods
    # included (their docstrings are the Rust doc comments)
    game = pentarena.load_game(name)
    state = game.new_initial_state(seed=1)
    undocumented = []
    for attr in CONTRACT:
        member = getattr(type(state), attr)  # (the class's: current_player is a property)
        if not (member.__doc__ or "").strip():
            undocumented.append(attr)
    for attr in ("new_initial_state", "state_from_json"):
        if not (getattr(game, attr).__doc__ or "").strip():
            undocumented.append(f"game.{attr}")
    assert not undocumented, f"{name}: no docstring on {undocumented}"
