"""Native Pentic engine vs the pure-Python reference: one random game, dealt alike on both
and played alike, compared after every move.  Used by test_native.py (1,000 games per
option set in ``make test``, and hypothesis decks) and by benchmarks/pentic_differential.py
(10,000 games per option set in ``make bench``)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pentarena
from pentarena.games.pentic.cards import NAMES, NUM_CARDS
from pentarena.games.pentic.notation import MOVES_BY_ACTION, PenticMove
from pentarena.games.pentic.reference import ReferencePenticGame

PLAYERS = (2, 3, 4)
TARGETS = (250, 100, 40)
"""Game ``seed`` of a seat count plays to ``TARGETS[seed % 3]``: the default 250 (that
random play seldom reaches: the pile runs out) and targets that end games early."""


@cache
def games(players: int, target: int):
    return (pentarena.load_game("pentic", players=players, target=target),
            ReferencePenticGame(players=players, target=target))


def outcome(state, how: str, move: Any):
    """What playing a move does to a copy of ``state``: ("ok", figures after) or the error
    (type name, message)."""
    copy = state.clone()
    try:
        if how == "action":
            copy.apply_action(move)
        else:
            copy.apply(move)
    except ValueError as exc:
        return type(exc).__name__, str(exc)
    return "ok", copy.history(), copy.totals, copy.hand_sizes(), copy.current_player


def hooks(state, seed: int) -> dict[str, Any]:
    """What each move-proposing hook gives here, with equal seeds: its result, or its error
    (type name, message) — on a view that does not know the mover's hand and on a finished
    game they refuse."""
    out: dict[str, Any] = {}
    for hook, args in (("legal_moves", ()), ("best_move", ()), ("move_previews", ()),
                       ("random_move", (random.Random(seed),)),
                       ("playout_move", (random.Random(seed),))):
        try:
            out[hook] = getattr(state, hook)(*args)
        except ValueError as exc:
            out[hook] = type(exc).__name__, str(exc)
    return out


def same_json(native: dict, reference: dict, where: str, *, plays: bool) -> None:
    """Equal JSON; ``plays=False`` compares the list of plays by its length and last entry
    only (the earlier ones were compared after earlier moves, and at the end)."""
    if not plays:
        native, reference = dict(native), dict(reference)
        n, r = native.pop("plays"), reference.pop("plays")
        assert len(n) == len(r) and n[-1:] == r[-1:], f"{where}: plays"
    assert native == reference, f"{where}: JSON"


def compare_views(native, reference, where: str, rng: random.Random, deep: bool) -> None:
    """Every seat's view (and a spectator's) agrees, with the AI hooks of one of them (of
    all when ``deep``); when ``deep``, the mover's view also read back from its JSON and
    played on, and its determinizations for equal seeds."""
    players = native.game.num_players
    mover = native.current_player
    seats = [None, *range(players)]
    checked = rng.choice(seats)  # one seat's secrets and unseen cards (all when deep)
    for seat in seats:
        nv, rv = native.view(seat), reference.view(seat)
        at = f"{where}, view of {seat}"
        data = nv.to_json()
        same_json(data, rv.to_json(), at, plays=False)
        if deep or seat == checked:
            assert nv.unseen_cards() == rv.unseen_cards(), at
            assert nv.secrets(seat) == rv.secrets(seat) == [], at
            assert native.secrets(seat) == reference.secrets(seat), at
            seed = rng.randrange(2**32)
            assert hooks(nv, seed) == hooks(rv, seed), f"{at}: hooks"
        if seat == mover and mover is not None:
            assert nv.legal_moves() == rv.legal_moves(), at
            if not deep:
                continue
            seed = rng.randrange(2**32)
            nd, rd = nv.determinize(random.Random(seed)), rv.determinize(random.Random(seed))
            same_json(nd.to_json(), rd.to_json(), f"{at}, determinized", plays=False)
            assert nd.pile == rd.pile and nd.hands == rd.hands, at
            for view in (nv, rv):  # an int seed: each engine's own generator, other deals
                full = view.determinize(seed)
                assert not full.is_view and full.view(seat).to_json() == data, at
            if rng.random() < 0.5:  # the view read back from JSON plays on alike
                again = native.game.state_from_json(data)
                same_json(again.to_json(), data, f"{at}, from JSON", plays=True)
                move = rng.choice(rv.legal_moves())
                again.apply(move)
                rv.apply(move)
                same_json(again.to_json(), rv.to_json(), f"{at}, played on", plays=False)


def compare(native, reference, where: str, rng: random.Random, *, views: bool,
            deep: bool) -> None:
    """Every observable of the two states agrees; ``deep`` (and a finished game): the AI
    hooks with equal seeds and the score previews too, of the state and of every view, and
    the determinizations."""
    assert native.current_player == reference.current_player, where
    assert native.is_terminal() == reference.is_terminal() == native.over, where
    moves = native.legal_moves()
    assert moves == reference.legal_moves(), f"{where}: legal moves differ"
    assert native.legal_actions() == reference.legal_actions() == [m.action for m in moves], where
    assert native.winners() == reference.winners(), where
    assert native.scores() == reference.scores(), where
    assert native.hands == reference.hands and native.pile == reference.pile, where
    assert native.tops() == reference.tops() and native.stacks == reference.stacks, where
    assert native.ending == reference.ending and native.turns == reference.turns, where
    for seat in range(native.game.num_players):
        assert native.evaluate(seat) == reference.evaluate(seat), where
    same_json(native.to_json(), reference.to_json(), where, plays=False)
    over = native.is_terminal()
    if views:
        compare_views(native, reference, where, rng, deep or over)
    if over:
        assert native.result_details() == reference.result_details(), where
        assert native.plays == reference.plays, where
    if deep or over:
        seed = rng.randrange(2**32)
        assert hooks(native, seed) == hooks(reference, seed), f"{where}: hooks"


def given_as(move: PenticMove, form: int):
    """``move`` in one of the forms the API takes: ("apply", object / text / the card as
    the terminal prints it / a move object the engine did not make) or ("action", id)."""
    card, position = move
    if form == 0:
        return "apply", move
    if form == 1:
        return "apply", str(move)
    if form == 2:
        return "action", move.action
    if form == 3:
        return "apply", tuple.__new__(PenticMove, (card, position))
    return "apply", f" {NAMES[card].replace('-', ' ').upper()} @{position}"


def play_and_compare(seed: int, players: int = 2, target: int | None = None, *,
                     deck: list[int] | None = None, views_every: int = 1,
                     probes: int = 1, deep: float = 0.15) -> int:
    """Play one random game on both engines, comparing after every move (and every seat's
    view every ``views_every`` moves; the deeper checks of :func:`compare` after a share
    ``deep`` of the moves); returns the number of moves played.

    The deal is ``deck`` if given, else the seed's shuffle (even seeds) or an explicit
    random deck (odd seeds); the target is ``target`` if given, else ``TARGETS[seed % 3]``.
    Moves come from a mix of random and best-scoring plays, in every form the API takes;
    at each ply ``probes`` other moves (a random card anywhere, most often one not in the
    hand) are tried on copies: both engines must accept them alike or refuse them with the
    same error."""
    if target is None:
        target = TARGETS[seed % len(TARGETS)]
    rng = random.Random(seed)
    native_game, reference_game = games(players, target)
    if deck is None and seed % 2 == 0:
        native = native_game.new_initial_state(seed=seed)
        reference = reference_game.new_initial_state(seed=seed)
    else:
        if deck is None:
            deck = list(range(NUM_CARDS))
            rng.shuffle(deck)
        native = native_game.new_initial_state(deck=deck)
        reference = reference_game.new_initial_state(deck=[NAMES[c] for c in deck])
    greedy = rng.random()  # some games mostly greedy (ended by the target), some random
    plies = 0
    while True:
        where = f"seed {seed}, {players} players to {target}, ply {plies}"
        compare(native, reference, where, rng, views=plies % views_every == 0,
                deep=rng.random() < deep)
        for _ in range(probes):
            probe = MOVES_BY_ACTION[rng.randrange(len(MOVES_BY_ACTION))]
            how, given = given_as(probe, rng.randrange(5))
            assert outcome(native, how, given) == outcome(reference, how, given), f"{where}: {given}"
        if native.is_terminal():
            assert native.legal_moves() == [] and native.legal_actions() == []
            return plies
        move = reference.best_move() if rng.random() < greedy else rng.choice(
            reference.legal_moves())
        how, given = given_as(move, rng.randrange(5))
        if how == "action":
            native.apply_action(given)
        else:
            native.apply(given)
        reference.apply(move)
        plies += 1
        if plies % 7 == 0:  # a JSON round trip carries on the same game
            native = native_game.state_from_json(native.to_json())
        elif plies % 7 == 3:
            native = native.clone()
