"""Native Pent-Up engine vs the pure-Python reference: one seeded random game, played on
both, compared after every move.  Used by test_native.py (1,000 games per option set in
``make test``) and by benchmarks/pentup_differential.py (10,000 in ``make bench``).

The scoring option changes nothing but the result, so a game is played once per seat
arrangement (2 players, 3, 4 in teams, 4 each for themselves) under one scoring and its
end is scored under all three on both engines."""

from __future__ import annotations

import random

import pentarena
from pentarena.games.pentup import PentUpMove
from pentarena.games.pentup.reference import ReferencePentUpGame

from ..differential import outcome

SCORINGS = ("standard", "misere", "advanced")
SEATINGS = ((2, False), (3, False), (4, True), (4, False))
"""(players, teams): the arrangements whose moves differ."""


def games(players: int, teams: bool, scoring: str):
    """The native and the reference game with these options."""
    options = {"players": players, "scoring": scoring}
    if players == 4:
        options["teams"] = teams
    return pentarena.load_game("pentup", **options), ReferencePentUpGame(**options)


def compare_results(native, reference, where: str) -> None:
    assert native.winners() == reference.winners(), where
    assert native.scores() == reference.scores(), where
    assert native.level_counts() == reference.level_counts(), where
    assert native.side_records() == reference.side_records(), where
    assert native.result_details() == reference.result_details(), where
    for seat in range(native.game.num_players):
        assert native.evaluate(seat) == reference.evaluate(seat), where


def compare_moves(native, reference, where: str) -> None:
    """What is checked at every ply: the player to move, the scores, the last tile, and
    the legal moves.  Listing them in Python is what the reference engine is slowest at,
    so they are compared as the reference generates them — per piece its mandatory level
    and, per orientation, the anchors as a bitboard of its frame (``_anchors()``) — with
    the native engine's laid out the same way (both list them by piece, orientation, y,
    x); the lists themselves, the JSON and the rest are compared by :func:`compare` every
    few plies and at the end."""
    assert native.current_player == reference.current_player, where
    assert native.is_terminal() == reference.is_terminal(), where
    assert native.count_legal_moves() == reference.count_legal_moves(), where
    assert native.winners() == reference.winners(), where
    assert native.scores() == reference.scores(), where
    if native.tiles:
        assert native.tiles[-1] == reference.tiles[-1], where
    frame = reference._frame
    if frame is None or native.is_terminal():
        assert native.legal_moves() == reference.legal_moves(), where
        return
    expected = {p: (a.level, a.anchors) for p, a in reference._anchors().items()}
    assert native._anchor_boards(frame.ox, frame.oy, frame.width) == expected, where


def compare(native, reference, where: str) -> list:
    """Every observable of the two states agrees; returns the legal moves."""
    compare_moves(native, reference, where)
    assert native.placements() == reference.placements(), where
    moves = native.legal_moves()
    assert moves == reference.legal_moves(), f"{where}: legal moves differ"
    assert native.mandatory_levels() == reference.mandatory_levels(), where
    assert native.history() == reference.history(), where
    assert native.to_json() == reference.to_json(), where
    assert native.max_level() == reference.max_level(), where
    compare_results(native, reference, where)
    assert native.action_window == reference.action_window, where
    assert native.actions_complete == reference.actions_complete, where
    assert native.legal_actions() == reference.legal_actions(), where
    assert native.heights() == reference.heights(), where
    assert native.tiles == reference.tiles, where
    if not native.is_terminal():
        seed = len(native.history())
        for hook in ("random_move", "playout_move"):
            assert (getattr(native, hook)(random.Random(seed))
                    == getattr(reference, hook)(random.Random(seed))), f"{where}: {hook}"
        assert (native.order_moves(list(moves), random.Random(seed))
                == reference.order_moves(list(moves), random.Random(seed))), where
        hand = native.hand(native.current_player)
        piece = hand[seed % len(hand)]
        assert native.moves_for(piece) == reference.moves_for(piece), where
    return moves


def probes(state, rng: random.Random, seen: list) -> list:
    """A few moves to try at this ply: earlier legal moves (now mostly illegal: taken,
    at the wrong height, no longer the highest level, exactly on one tile...), placements
    near the structure, and one far away."""
    out = rng.sample(seen, min(2, len(seen)))
    tiles = state.tiles
    if tiles:
        t = rng.choice(tiles)
        piece = rng.choice("FILNPTUVWXYZ")
        orient = rng.randrange(8) % len(pentarena.core.polyomino.ORIENTATIONS[piece])
        out.append(PentUpMove(piece, orient, t.x + rng.randint(-3, 3), t.y + rng.randint(-3, 3)))
        out.append(PentUpMove(t.piece, t.orient, t.x, t.y))  # exactly on a tile (if exposed)
    out.append(PentUpMove("X", 0, 10_000, -10_000))
    return out


def play_and_compare(seed: int, players: int = 2, teams: bool = False, *,
                     deep_every: int = 16) -> int:
    """Play one random game on both engines, comparing after every move: the legal moves,
    scores and the move just played (:func:`compare_moves`), and every ``deep_every``
    plies and at the end everything (:func:`compare`: the move lists in order, JSON, scores, dense
    actions, AI hooks) plus a few other moves tried on copies (same acceptance, same error
    and message); then the end is scored under every scoring.  Moves are given in every
    form the API takes (move objects, text, action ids).  Returns the moves played."""
    rng = random.Random(seed)
    scoring = SCORINGS[seed % 3]
    native_game, reference_game = games(players, teams, scoring)
    native = native_game.new_initial_state(seed=seed)
    reference = reference_game.new_initial_state(seed=seed)
    seen: list = []
    plies = 0
    round_trip = rng.randrange(1, 12 * players)
    while True:
        where = f"{players}p teams={teams} {scoring} seed {seed}, ply {plies}"
        if plies % deep_every == seed % deep_every or native.is_terminal():
            compare(native, reference, where)
            for move in probes(native, rng, seen):
                assert outcome(native, move) == outcome(reference, move), f"{where}: {move}"
                assert outcome(native, str(move)) == outcome(reference, str(move)), where
            action = rng.randrange(native_game.num_distinct_actions)
            assert (outcome(native, action, action=True)
                    == outcome(reference, action, action=True)), f"{where}: action {action}"
        else:
            compare_moves(native, reference, where)
        if native.is_terminal():
            break
        move = reference.random_move(rng)
        seen.append(move)
        form = rng.randrange(4)
        if form == 0:
            native.apply(move)
        elif form == 1:
            native.apply(str(move))
        elif form == 2:
            native._apply_move(move)
        else:
            native.apply_action(native.move_to_action(move))
        reference.apply(move)
        assert native.history()[-1] == str(move), where
        plies += 1
        if plies == round_trip:  # a JSON round trip carries on the same game
            native = native_game.state_from_json(native.to_json())
    # the same end under the other scorings
    for other in SCORINGS:
        if other != scoring:
            native_other, reference_game = games(players, teams, other)
            again = native_other.new_initial_state(seed=seed)
            for tile in native.tiles:
                again.apply(tile.move)
            rescored = reference.clone()
            rescored.game = reference_game
            compare_results(again, rescored, f"{players}p teams={teams} {other} seed {seed}")
    return plies
