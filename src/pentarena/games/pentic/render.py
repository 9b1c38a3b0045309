"""Text pictures of a Pentic table: the 3×3 grid's top cards, hands, scores, pile."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.text import Text

from .cards import NAMES, SYMBOLS, colour, shape

GLUE = "\u00a0"
"""A space no line breaks at (``textwrap`` breaks at ASCII whitespace only)."""

STYLE = {"violet": "bold magenta", "cyan": "bold cyan", "yellow": "bold yellow",
         "orange": "bold dark_orange", "red": "bold red"}
SYMBOL = SYMBOLS
GAP = 2
"""Spaces between the grid's columns."""


def card_text(card: int) -> Text:
    """The shape's symbol, then the card as it is typed, in the card's colour: e.g.
    ``★3-star-orange`` (typing it with or without the symbol plays it)."""
    if card < 0:
        return Text("??", style="dim")
    return Text(f"{SYMBOL[shape(card)]}{NAMES[card]}", style=STYLE[colour(card)])


def _cells(state, tops: Sequence[int], colon: str) -> list[Text]:
    """Each position's cell: its number, ``colon``, its top card, its stack's height."""
    cells = []
    for p in range(1, 10):
        cell = Text(f"{p}{colon}")
        cell.append_text(card_text(tops[p - 1]))
        cell.append(f" ({len(state.stacks[p - 1])})", style="dim")
        cells.append(cell)
    return cells


def _widths(cells: Sequence[Text]) -> list[int]:
    """The width of each of the grid's three columns."""
    return [max(len(cells[row * 3 + col].plain) for row in range(3)) for col in range(3)]


def render_rich(state, seat: int | None = None, label: str = "Your hand",
                columns: int | None = None, names: Sequence[str] | None = None) -> Text:
    """The grid's top cards (with each stack's height), the pile, the scores (each seat
    by its name in ``names``, else ``seat N``) and, with ``seat``, that seat's hand under
    ``label``.  The grid is drawn 3×3 when it fits in ``columns`` characters (without the
    space after each position's colon if it takes that), else one position a line (1-3
    the top row)."""
    out = Text()
    tops = state.tops()
    cells = _cells(state, tops, ": ")
    widths = _widths(cells)
    if columns is not None and sum(widths) + 2 * GAP > columns:
        # a stack 10 or more high ('(20)') made the widest cards' columns 82 wide: the
        # space after each position's colon goes ('5:★3-crescent-yellow (20)', 79 at most)
        tight = _cells(state, tops, ":")
        if sum(_widths(tight)) + 2 * GAP <= columns:
            cells, widths = tight, _widths(tight)
    if columns is not None and sum(widths) + 2 * GAP > columns:
        for cell in cells:
            out.append_text(cell)
            out.append("\n")
    else:
        for row in range(3):
            for col in range(3):
                cell = cells[row * 3 + col]
                out.append_text(cell)
                if col < 2:
                    out.append(" " * (widths[col] - len(cell.plain) + GAP))
            out.append("\n")
    # each seat with its score on one line ('Teal (seat 2):' and its '60' were wrapped
    # apart): the line wrapped here at the spaces between them only
    pile = f"{state.pile_size} card{'' if state.pile_size == 1 else 's'}"  # ('1 cards')
    scores = (f"Pile: {pile}.  Scores: "
              + ", ".join(f"{names[s] if names else f'seat {s}'}: {t}".replace(" ", GLUE)
                          for s, t in enumerate(state.totals)))
    if columns:
        scores = textwrap.fill(scores, columns, break_long_words=False,
                               break_on_hyphens=False)
    out.append(scores.replace(GLUE, " ") + "\n")
    if seat is not None and not state.over:
        out.append(f"{label}: ")
        for c in sorted(state.hands[seat]):
            out.append_text(card_text(c))
            out.append("   ")
        if not state.hands[seat]:   # (the pile ran out: 'Your hand: ' ended the line bare)
            out.append("no cards left", style="dim")
        out.append("\n")
    return out


def render_text(state) -> str:
    seat = state.viewer if state.is_view else None
    return render_rich(state, seat if isinstance(seat, int) else None).plain + (
        "" if not state.plays else f"Last play: {state.plays[-1]['card']}@"
        f"{state.plays[-1]['position']} for {state.plays[-1]['points']} points\n")


__all__ = ["NAMES", "card_text", "render_rich", "render_text"]
