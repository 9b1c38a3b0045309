"""Native Pentomino engines vs the pure-Python reference: seeded random games (and puzzle
place/remove walks) played on both, compared after every move.  Used by test_native.py
(1,000 games per option set in ``make test``) and by benchmarks/pentomino_differential.py
(10,000 in ``make bench``)."""

from __future__ import annotations

import random

import pentarena
from pentarena.games.pentomino.notation import (
    NUM_ACTIONS,
    REMOVES,
    PentominoMove,
    board_tables,
    place_moves,
    puzzle_moves,
)
from pentarena.games.pentomino.reference import ReferencePentominoGame, ReferencePuzzleGame

from ..differential import outcome

OPTION_SETS = {
    "standard": {},
    "touch-move": {"touch_move": True},
    "draft": {"variant": "draft"},
    "3 players": {"players": 3},
    "4 players": {"players": 4, "scoring": "15-10-5"},
}
REGIONS = {
    "3x20": {"region": "3x20"},
    "8x8-centre": {"region": "8x8-centre"},
    "6x10": {"region": "6x10"},
    "LPV": {"region": "#####/#####/#####", "pieces": "LPV"},
    "holes": {"region": "######/##..##/######/##..##", "pieces": "ILPU"},
}


def games(options: dict) -> tuple[pentarena.Game, pentarena.Game]:
    """(native, reference) games with these options."""
    native = pentarena.load_game("pentomino", **options)
    return native, ReferencePentominoGame(**native.options)


def puzzles(options: dict) -> tuple[pentarena.Game, pentarena.Game]:
    native = pentarena.load_game("pentomino-puzzle", **options)
    return native, ReferencePuzzleGame(**native.options)


def check_outcome(state, move):
    """``check_move`` alone: None or the error."""
    try:
        state.check_move(move)
    except ValueError as exc:
        return type(exc).__name__, str(exc)
    return None


def attempt(fn):
    """``fn()``, or the error it raises (type name, message)."""
    try:
        return fn()
    except ValueError as exc:
        return type(exc).__name__, str(exc)


def compare(native, reference, where: str, table: tuple, *, full: bool = True,
            hooks: bool = False) -> list:
    """Every observable of the two states agrees (``full``: also every seat's evaluation
    and the reference's own action ids; ``hooks``: the AI hooks with equal seeds).
    ``table``: the move objects by action id (the notation's, which the reference plays).
    Returns the legal moves."""
    assert native.current_player == reference.current_player, where
    assert native.is_terminal() == reference.is_terminal(), where
    moves = reference.legal_moves()
    assert native.legal_moves() == moves, f"{where}: legal moves differ"
    actions = native.legal_actions()
    assert [table[a] for a in actions] == moves, where  # (an id out of range: IndexError)
    assert native.winners() == reference.winners(), where
    assert native.scores() == reference.scores(), where
    assert native.history() == reference.history(), where
    assert native.to_json() == reference.to_json(), where
    if full or native.is_terminal():
        for seat in range(native.game.num_players):
            assert native.evaluate(seat) == reference.evaluate(seat), where
    if native.is_terminal():
        assert native.result_details() == reference.result_details(), where
    elif full:
        assert reference.legal_actions() == actions, where
    if hooks and not native.is_terminal():
        assert [native.action_to_move(a) for a in actions] == moves, where
        seed = len(native.history())
        for hook in ("random_move", "playout_move"):
            assert (getattr(native, hook)(random.Random(seed))
                    == getattr(reference, hook)(random.Random(seed))), f"{where}: {hook}"
        assert (native.order_moves(native.legal_moves(), random.Random(seed))
                == reference.order_moves(list(moves), random.Random(seed))), where
    return moves


def board_probe(rng: random.Random) -> PentominoMove:
    """A move of any kind on the 8×8 board: mostly placements, some words."""
    r = rng.random()
    if r < 0.1:
        return REMOVES[rng.choice("FILNPTUVWXYZ")]
    return board_tables()[0][rng.randrange(NUM_ACTIONS)]


def play_and_compare(options: dict, seed: int, *, probes: int = 1, every: int = 8,
                     choices: list[int] | None = None) -> int:
    """Play one random game on both engines, comparing after every move (every ``every``
    plies for the AI hooks); returns the number of moves played.  Moves are given in every
    form the API takes (move objects, text, equal new move objects, action ids), and a few
    other moves are tried on copies at each ply: both engines must accept them alike or
    refuse them with the same error.  ``choices`` (hypothesis): the index of each move."""
    native_game, reference_game = games(options)
    rng = random.Random(seed)
    native = native_game.new_initial_state(seed=seed)
    reference = reference_game.new_initial_state(seed=seed)
    plies = 0
    solved = False
    reload = rng.randrange(1, 30)
    table = board_tables()[0]
    while True:
        where = f"{options}, seed {seed}, ply {plies} ({' / '.join(native.history())})"
        moves = compare(native, reference, where, table, full=plies % every == 0,
                        hooks=plies == reload)
        for _ in range(probes if plies % 2 == 0 else 0):
            move = board_probe(rng)
            assert outcome(native, move) == outcome(reference, move), f"{where}: {move}"
            assert check_outcome(native, move) == check_outcome(reference, move), where
            if move[0] != "remove":
                a = native.move_to_action(move)
                assert a == reference.move_to_action(move)
                assert outcome(native, a, action=True) == outcome(reference, a, action=True)
        if native.is_terminal():
            return plies
        if (not solved and native_game.players == 2 and native.phase == "place"
                and len(native._placements(native.available(native.current_player))) <= 24):
            solved = True  # the endgame solvers: the same value and the same move
            a, b = native.solve_position(30), reference.solve_position(30)
            assert (a.value, a.move) == (b.value, b.move), where
        index = rng.randrange(len(moves)) if choices is None else choices[plies % len(choices)] % len(moves)
        move = moves[index]
        form = rng.randrange(4)
        if form == 3:
            native.apply_action(native.move_to_action(move))
        else:
            native.apply((move, str(move), tuple.__new__(PentominoMove, tuple(move)))[form])
        reference.apply(move)
        plies += 1
        if plies == reload:  # a JSON round trip carries on the same game
            native = native_game.state_from_json(native.to_json())


def puzzle_probe(game, rng: random.Random):
    """A move of any kind on the puzzle's grid: a placement inside the grid (maybe out of
    the region, maybe of a piece the puzzle does not use), a removal, or a pick."""
    r = rng.random()
    if r < 0.15:
        return REMOVES[rng.choice("FILNPTUVWXYZ")]
    if r < 0.2:
        return f"pick {rng.choice('FILNPTUVWXYZ')}"
    if r < 0.3:  # a placement on the whole grid, holes included
        from pentarena.games.pentomino.board import Grid

        box = Grid.rectangle(game.grid.width, game.grid.height)
        piece = rng.choice("FILNPTUVWXYZ")
        masks = [m for m, _ in place_moves(box)[piece]]
        if masks:
            return piece + ":" + ",".join(game.grid.squares(rng.choice(masks)))
    table = place_moves(game.grid)
    moves = [mv for p in table for _, mv in table[p]]
    return rng.choice(moves) if moves else "remove X"


def walk_and_compare(region: dict, seed: int, *, steps: int = 40, probes: int = 1,
                     hints: bool = False, choices: list[int] | None = None) -> int:
    """A random walk of placements and removals on a puzzle, on both engines, compared
    after every move; ``hints``: compare the hints too (the solvers' first solutions)."""
    native_game, reference_game = puzzles(region)
    rng = random.Random(seed)
    native = native_game.new_initial_state(seed=seed)
    reference = reference_game.new_initial_state(seed=seed)
    table = puzzle_moves(native_game.grid, native_game.pieces)
    reload = rng.randrange(steps)
    for step in range(steps):
        where = f"{region}, seed {seed}, step {step} ({' / '.join(native.history())})"
        moves = compare(native, reference, where, table, full=step % 8 == 0,
                        hooks=step == reload)
        assert native.placed == reference.placed and native.occ == reference.occ, where
        if step % 8 == 0 and not native.is_terminal():
            assert native.count_key() == reference.count_key(), where
        for _ in range(probes):
            move = puzzle_probe(native_game, rng)
            assert outcome(native, move) == outcome(reference, move), f"{where}: {move}"
        if hints and not native.is_terminal():
            assert attempt(native.hint) == attempt(reference.hint), where
        if native.is_terminal():
            return step
        index = rng.randrange(len(moves)) if choices is None else choices[step % len(choices)] % len(moves)
        move = moves[index]
        form = rng.randrange(3)
        if form == 2:
            native.apply_action(native.move_to_action(move))
        else:
            native.apply((move, str(move))[form])
        reference.apply(move)
        if step == reload:  # a JSON round trip carries on the same walk
            native = native_game.state_from_json(native.to_json())
    return steps
