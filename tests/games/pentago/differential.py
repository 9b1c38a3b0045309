"""Native Pentago engine vs the pure-Python reference: one seeded random game, played on
both, compared after every move.  Used by test_native.py (1,000 games in ``make test``)
and by benchmarks/pentago_differential.py (10,000 games in ``make bench``)."""

from __future__ import annotations

import random

import pentarena
from pentarena.games.pentago.notation import MOVES_BY_ACTION
from pentarena.games.pentago.reference import ReferencePentagoGame

from ..differential import outcome

NATIVE = pentarena.load_game("pentago")
REFERENCE = ReferencePentagoGame()


def reference_key(state) -> int:
    """The reference's position key (quadrant codes, side to move, over) packed the way
    the native engine packs its key."""
    q0, q1, q2, q3, to_move, over = state.position_key()
    return q0 | q1 << 15 | q2 << 30 | q3 << 45 | to_move << 60 | int(over) << 61


def compare(native, reference, where: str) -> None:
    """Every observable of the two states agrees."""
    assert native.current_player == reference.current_player, where
    assert native.is_terminal() == reference.is_terminal(), where
    moves = native.legal_moves()
    assert moves == reference.legal_moves(), f"{where}: legal moves differ"
    assert native.legal_actions() == reference.legal_actions() == [m.action for m in moves], where
    assert native.winners() == reference.winners(), where
    assert native.scores() == reference.scores(), where
    assert native.history() == reference.history(), where
    assert native.to_json() == reference.to_json(), where
    assert native.boards == reference.boards, where
    assert native.position_key() == reference_key(reference), where
    for seat in (0, 1):
        assert native.evaluate(seat) == reference.evaluate(seat), where
    if native.is_terminal():
        assert native.result_details() == reference.result_details(), where
    else:
        seed = len(native.history())
        for hook in ("random_move", "playout_move"):
            assert (getattr(native, hook)(random.Random(seed))
                    == getattr(reference, hook)(random.Random(seed))), f"{where}: {hook}"
        assert (native.order_moves(native.legal_moves(), random.Random(seed))
                == reference.order_moves(reference.legal_moves(), random.Random(seed))), where


def play_and_compare(seed: int, *, illegal_probes: int = 3, start: str | None = None) -> int:
    """Play one random game on both engines (from ``start``, a position text, if given),
    comparing after every move; returns the number of moves played.  The moves are given
    in every form the API takes (move objects, text, tuples, action ids), and a few other
    moves are tried on copies at each ply: both engines must accept them alike or refuse
    them with the same error."""
    rng = random.Random(seed)
    native = NATIVE.new_initial_state(position=start)
    reference = REFERENCE.new_initial_state(position=start)
    plies = 0
    while True:
        where = f"seed {seed}, ply {plies} ({' / '.join(native.history())})"
        compare(native, reference, where)
        for _ in range(illegal_probes):
            probe = rng.randrange(len(MOVES_BY_ACTION))
            move = MOVES_BY_ACTION[probe]
            assert outcome(native, move) == outcome(reference, move), f"{where}: {move}"
            assert outcome(native, probe, action=True) == outcome(reference, probe, action=True)
        if native.is_terminal():
            return plies
        move = rng.choice(reference.legal_moves())
        form = rng.randrange(4)
        given = (move, str(move), tuple(move), move.action)[form]
        if form == 3:
            native.apply_action(given)
        else:
            native.apply(given)
        reference.apply(move)
        plies += 1
        if plies % 5 == 0:  # a JSON round trip carries on the same game
            native = NATIVE.state_from_json(native.to_json())
