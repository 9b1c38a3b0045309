"""Pentic move text and dense action ids, shared by the state on the native engine
(``rules.py``) and the pure-Python reference engine (``reference.py``).

A play is a card and a grid position 1–9, written ``3-star-orange@5``.  Its dense action id
is ``card * 9 + position - 1`` (0–1124; a card is ``(number - 1) * 25 + shape * 5 +
colour``), so ``legal_actions()`` ascend in the order of ``legal_moves()``: the hand's
cards, lowest first, each on positions 1 to 9.
"""

from __future__ import annotations

import numbers
from typing import Any

from ...core.errors import InvalidMoveError, action_index, described
from .cards import NAMES, NUM_CARDS, Card, parse

POSITIONS = 9
NUM_ACTIONS = NUM_CARDS * POSITIONS
"""1125 dense action ids: 125 cards × 9 positions."""


class PenticMove(tuple):
    """(card, position 1–9); text ``3-star-orange@5``."""

    __slots__ = ()

    @property
    def card(self) -> Card:
        return self[0]

    @property
    def position(self) -> int:
        return self[1]

    @property
    def action(self) -> int:
        """The dense action id: ``card * 9 + position - 1``."""
        return self[0] * POSITIONS + self[1] - 1

    def __str__(self) -> str:
        return f"{NAMES[self[0]]}@{self[1]}"

    def __repr__(self) -> str:
        try:
            return f"PenticMove({str(self)!r})"
        except (IndexError, TypeError, ValueError):  # a malformed move (errors quote it)
            return f"PenticMove{tuple(self)!r}"

    def __reduce__(self):
        # pickle, copy and deepcopy give back the one object of the play (the one the
        # native engine recognises by address)
        return _restore, tuple(self)


def _restore(card: int, position: int) -> PenticMove:
    """The play ``(card, position)`` as unpickled: its object in :data:`MOVES` when it is
    a play of the game (anything else as it was, for ``apply`` to refuse)."""
    if isinstance(card, int) and 0 <= card < NUM_CARDS and position in range(1, 10):
        return MOVES[card][position - 1]
    return tuple.__new__(PenticMove, (card, position))


MOVES: tuple[tuple[PenticMove, ...], ...] = tuple(
    tuple(tuple.__new__(PenticMove, (c, p)) for p in range(1, 10)) for c in range(NUM_CARDS))
"""``MOVES[card][position - 1]``: the one move object of each play (the native engine
hands out these very objects)."""
MOVES_BY_ACTION: tuple[PenticMove, ...] = tuple(m for row in MOVES for m in row)
TEXT_BY_ACTION: tuple[str, ...] = tuple(str(m) for m in MOVES_BY_ACTION)


POSITION_TEXTS = tuple("123456789")
"""A play's position as written: one ASCII digit (``"²".isdigit()`` is true, yet no number)."""


FORMAT_HELP = "write <card>@<position>, e.g. 3-star-orange@5 (positions 1-9 in reading order)"


def parse_move_text(text: str) -> PenticMove:
    """Read a play's text; InvalidMoveError says what is wrong with it (as the other
    games' parsers do: not text, too long, unreadable, a card without its position)."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"move text must be a string; {FORMAT_HELP}")
    if len(text) > 60:
        raise InvalidMoveError(f"move text is too long; {FORMAT_HELP}")
    card_text, sep, pos = text.strip().rpartition("@")
    if not sep:
        _refuse_a_card_without_its_position(text)
        raise InvalidMoveError(f"could not read {text!r}: {FORMAT_HELP}")
    if not card_text.strip():
        raise InvalidMoveError(f"{text.strip()!r} has no card before @: {FORMAT_HELP}")
    card = parse(card_text)
    if not pos.strip():
        raise InvalidMoveError(f"{text.strip()!r} has no grid position after @: add 1-9 "
                               f"(1 top-left, 5 centre, 9 bottom-right), e.g. "
                               f"{card_text.strip()}@5")
    if pos.strip() not in POSITION_TEXTS:
        raise InvalidMoveError(f"{pos.strip()!r} is not a grid position: use 1-9 "
                               f"(1 top-left, 5 centre, 9 bottom-right)")
    return MOVES[card][int(pos) - 1]


def _refuse_a_card_without_its_position(text: str) -> None:
    """``3-star-orange`` alone, or ``3-star-orange 5``: say that the play lacks its grid
    position, or its ``@``, and how to write it, rather than that it cannot be read."""
    head, _, tail = text.strip().rpartition(" ")
    for card_text, position in ((text, None), (head, tail.strip())):
        if position is not None and position not in POSITION_TEXTS:
            continue
        try:
            card = parse(card_text) if card_text.strip() else None
        except InvalidMoveError:
            continue
        if card is None:
            continue
        if position is None:
            raise InvalidMoveError(
                f"'{NAMES[card]}' has no grid position: add @ and a position 1-9 "
                f"(1 top-left, 5 centre, 9 bottom-right), e.g. '{NAMES[card]}@5'")
        raise InvalidMoveError(f"write the card and its position joined by @: "
                               f"'{NAMES[card]}@{position}'")


def _whole(x: Any) -> bool:
    """A whole number: an int or numpy's, not a bool (True is no card 1, nor position 1)."""
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def canonical_move(move: Any) -> PenticMove:
    """The move object equal to ``move`` (a move object or move text); InvalidMoveError
    for anything else."""
    if isinstance(move, str):
        return parse_move_text(move)
    if not isinstance(move, PenticMove) or len(move) != 2 or not (
            _whole(move[0]) and 0 <= move[0] < NUM_CARDS
            and _whole(move[1]) and 1 <= move[1] <= 9):
        raise InvalidMoveError(f"not a Pentic play: {described(move)}; e.g. 3-star-orange@5")
    return MOVES[move[0]][move[1] - 1]


def move_from_action(action: Any) -> PenticMove:
    """The move object of an action id; InvalidMoveError unless 0 <= action < 1125."""
    return MOVES_BY_ACTION[action_index(action, NUM_ACTIONS)]  # (True is no action 1)


def move_to_action(move: Any) -> int:
    """The action id of a move object or move text."""
    return canonical_move(move).action


__all__ = ["MOVES", "MOVES_BY_ACTION", "NUM_ACTIONS", "PenticMove", "TEXT_BY_ACTION",
           "canonical_move", "move_from_action", "move_to_action", "parse_move_text"]
