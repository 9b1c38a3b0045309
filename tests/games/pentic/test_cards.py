"""Pentic cards are typed as the terminal prints them (issue 10, item 15)."""

from __future__ import annotations

import pytest

import pentarena
from pentarena import InvalidMoveError
from pentarena.games.pentic.cards import NAMES, NUM_CARDS, parse
from pentarena.games.pentic.render import card_text


def test_every_printed_card_reads_back():
    for card in range(NUM_CARDS):
        printed = card_text(card).plain
        assert NAMES[card] in printed  # the typed form is on screen
        assert parse(printed) == card


@pytest.mark.parametrize("text", ["3☾ crescent violet", "3 crescent violet", "☾ 3-crescent-violet",
                                  "3-Crescent-VIOLET", " 3 - crescent - violet ",
                                  "3_crescent_violet"])
def test_printed_and_spaced_forms(text):
    assert NAMES[parse(text)] == "3-crescent-violet"


@pytest.mark.parametrize("text", ["3-crescent", "6-star-red", "3-crescent-violet-red", "☾", ""])
def test_other_text_is_still_not_a_card(text):
    with pytest.raises(InvalidMoveError, match="is not a card"):
        parse(text)


def test_a_play_typed_as_printed():
    state = pentarena.load_game("pentic").new_initial_state(seed=4)
    card = parse(state.to_json()["hands"][0][0])
    state.apply(f"{card_text(card).plain}@5")
    assert state.history() == [f"{NAMES[card]}@5"]
