"""The 125 TIC cards: every number 1–5 × shape × colour, once each.

A card is an int 0–124: ``(number - 1) * 25 + shape * 5 + colour``; its text is
``<number>-<shape>-<colour>``, e.g. ``3-star-orange``.  :func:`parse` also reads the card
as the terminal draws it (``★3-star-orange``, or the older ``3★ star orange``): the
shape symbols are ignored and spaces may stand for the dashes.
"""

from __future__ import annotations

import re

from ...core.errors import InvalidMoveError, shown

SHAPES = ("circle", "crescent", "triangle", "square", "star")
COLOURS = ("violet", "cyan", "yellow", "orange", "red")
SYMBOLS = {"circle": "●", "crescent": "☾", "triangle": "▲", "square": "■", "star": "★"}
"""The symbol the terminal draws before a card of each shape."""
NUM_CARDS = 125

Card = int


def make(number: int, shape: str, colour: str) -> Card:
    return (number - 1) * 25 + SHAPES.index(shape) * 5 + COLOURS.index(colour)


def number(card: Card) -> int:
    return card // 25 + 1


def shape(card: Card) -> str:
    return SHAPES[card // 5 % 5]


def colour(card: Card) -> str:
    return COLOURS[card % 5]


def name(card: Card) -> str:
    return f"{number(card)}-{shape(card)}-{colour(card)}"


NAMES: tuple[str, ...] = tuple(name(c) for c in range(NUM_CARDS))
_BY_NAME = {n: i for i, n in enumerate(NAMES)}


_SYMBOL_RE = re.compile("[" + "".join(SYMBOLS.values()) + "]")
_SEPARATORS_RE = re.compile(r"[\s_-]+")


def typed_form(text: str) -> str:
    """A card's text (or the start of one) as it is typed: lower case, shape symbols
    dropped, the parts joined by single dashes (``★3 Star`` -> ``3-star``)."""
    key = _SYMBOL_RE.sub(" ", text.strip().lower())
    return _SEPARATORS_RE.sub("-", key).strip("-")


def parse(text: str) -> Card:
    """A card from its text: ``3-star-orange`` in any letter case, or as the terminal
    prints it (``★3-star-orange``, ``3★ star orange``): shape symbols are ignored, and
    spaces (or underscores) separate the parts as well as dashes."""
    if not isinstance(text, str):  # (a saved view's card that is a number, a list, null)
        raise InvalidMoveError(f"a card is text such as 3-star-orange, not {shown(text)}")
    card = _BY_NAME.get(text)  # as saved (most often): no need to normalise it
    if card is None:
        card = _BY_NAME.get(typed_form(text))
    if card is None:
        raise InvalidMoveError(
            f"{text.strip()!r} is not a card: write <number>-<shape>-<colour> with a number "
            f"1-5, a shape ({', '.join(SHAPES)}) and a colour ({', '.join(COLOURS)}), "
            f"e.g. 3-star-orange")
    return card


def _commonness(a: Card, b: Card) -> int:
    return (a // 25 == b // 25) + (a // 5 % 5 == b // 5 % 5) + (a % 5 == b % 5)


COMMON: tuple[tuple[int, ...], ...] = tuple(
    tuple(_commonness(a, b) for b in range(NUM_CARDS)) for a in range(NUM_CARDS))
"""COMMON[a][b]: the properties two cards share: 0 Nic, 1 Single, 2 Tic (3 only for a == b)."""

NIC, SINGLE, TIC = 0, 1, 2
EXTREMES = {make(1, "circle", "violet"): 5, make(5, "star", "red"): 10}
"""The Extreme cards and their bonus points."""
