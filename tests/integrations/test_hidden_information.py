"""Pentic's hidden information through every observer a researcher can ask OpenSpiel for,
and through PettingZoo: whatever a seat cannot see (another hand, the pile's order) never
changes what the seat is shown.  Two deals that differ only in two cards the seat has not
seen, with the same plays, must look the same to it."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

from pentarena.integrations import openspiel as ps
from pentarena.integrations import pettingzoo as pz
from pentarena.integrations import tensors

KINDS = [pyspiel.IIGObservationType(public_info=public, perfect_recall=recall, private_info=private)
         for public in (True, False) for recall in (False, True)
         for private in (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.SINGLE_PLAYER)]


def _deal(game, deck, actions):
    state = game.new_initial_state()
    for card in deck[:124]:
        state.apply_action(card)
    for action in actions:
        state.apply_action(action)
    return state


def _seen(state, deck, seat, players):
    """The cards ``seat`` has seen: the grid as dealt, its own cards, every card played."""
    hands_end = 9 + 5 * players
    seen = set(deck[:9]) | set(deck[9 + 5 * seat:14 + 5 * seat])
    for j, (player, action) in enumerate(state._h.plays):
        seen.add(action // 9)
        if player == seat and hands_end + j < 125:
            seen.add(deck[hands_end + j])
    return seen


def _shown(game, state, seat):
    """Everything the adapters show ``seat`` of ``state``."""
    out = {"observation_string": state.observation_string(seat),
           "information_state_string": state.information_state_string(seat),
           "observation_tensor": state.observation_tensor(seat),
           "information_state_tensor": state.information_state_tensor(seat)}
    for kind in KINDS:
        observation = make_observation(game, kind)
        observation.set_from(state, seat)
        label = f"{kind.public_info}/{kind.perfect_recall}/{kind.private_info}"
        out[f"tensor {label}"] = observation.tensor.tolist()
        out[f"string {label}"] = observation.string_from(state, seat)
    if not state.is_terminal() and state.current_player() == seat:
        out["legal_actions"] = state.legal_actions()
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_observer_shows_a_card_the_seat_has_not_seen(players):
    game = ps.load("pentic", players=players)
    compared = 0
    for g in range(3):
        rng = random.Random(f"{players}-{g}")
        deck = list(range(125))
        rng.shuffle(deck)
        state = _deal(game, deck, [])
        actions = []
        for _ in range(rng.randrange(0, 100)):
            if state.is_terminal():
                break
            actions.append(rng.choice(state.legal_actions()))
            state.apply_action(actions[-1])
        env = pz.env("pentic", players=players)
        for seat in range(players):
            seen = _seen(state, deck, seat, players)
            unseen = [i for i in range(125) if deck[i] not in seen]
            i, j = rng.sample(unseen, 2)
            other = deck[:]
            other[i], other[j] = other[j], other[i]
            twin = _deal(game, other, actions)
            assert _shown(game, state, seat) == _shown(game, twin, seat)
            env.pentarena = twin.pentarena
            first = env.observe(f"player_{seat}")
            env.pentarena = state.pentarena
            second = env.observe(f"player_{seat}")
            for key in ("observation", "action_mask"):
                np.testing.assert_array_equal(first[key], second[key])
            compared += 1
    assert compared == 3 * players


def test_the_public_observer_shows_the_public_position_not_the_deal():
    """A public observer (no private information) describes what a spectator sees — the
    grid, the plays — and never the history's chance actions (the whole deal)."""
    game = ps.load("pentic")
    rng = random.Random(9)
    deck = list(range(125))
    rng.shuffle(deck)
    state = _deal(game, deck, [])
    for _ in range(4):
        state.apply_action(rng.choice(state.legal_actions()))
    public = pyspiel.PrivateInfoType.NONE
    record = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=True, private_info=public)).string_from(state, 0)
    now = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, private_info=public)).string_from(state, 0)
    hidden = {ps.CARD_NAMES[c] for h in state.pentarena.hands for c in h}
    hidden |= {ps.CARD_NAMES[c] for c in state.pentarena.deck[9 + 10 + 4:]}
    for text in (record, now):
        assert not any(name in text for name in hidden), text
    assert all(f"plays {state.action_to_string(p, a)}" in record
               for p, a in state._h.plays)
    assert str(state.pentarena.view(None)) in now
    # a different public position gives a different public observation
    other = state.clone()
    other.apply_action(other.legal_actions()[0])
    again = state.clone()
    again.apply_action(again.legal_actions()[-1])
    observer = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, private_info=public))
    assert observer.string_from(other, 0) != observer.string_from(again, 0)


def test_private_only_observers_hold_only_the_seats_cards():
    """``public_info=False``: only the seat's own cards (the hand; its cards as dealt and
    drawn for perfect recall), nothing every seat sees."""
    game = ps.load("pentic")
    rng = random.Random(3)
    state = _deal(game, rng.sample(range(125), 125), [])
    for _ in range(5):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    hand = sorted(state.pentarena.hands[seat])
    for recall in (False, True):
        observation = make_observation(game, pyspiel.IIGObservationType(
            public_info=False, perfect_recall=recall))
        observation.set_from(state, seat)
        assert np.flatnonzero(observation.tensor).tolist() == hand
        text = observation.string_from(state, seat)
        assert "plays" not in text and "grid" not in text and "Pile" not in text
        assert all(ps.CARD_NAMES[c] in text for c in hand)
        nothing = make_observation(game, pyspiel.IIGObservationType(
            public_info=False, perfect_recall=recall, private_info=pyspiel.PrivateInfoType.NONE))
        nothing.set_from(state, seat)
        assert not nothing.tensor.any() and nothing.string_from(state, seat) == ""
    assert set(tensors.SPECS["pentic"][0]) == {"hand", (125,)}
