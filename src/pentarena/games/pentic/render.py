"""Text pictures of a Pentic table: the 3×3 grid's top cards, hands, scores, pile."""

from __future__ import annotations

from rich.text import Text

from .cards import NAMES, SYMBOLS, colour, shape

STYLE = {"violet": "bold magenta", "cyan": "bold cyan", "yellow": "bold yellow",
         "orange": "bold dark_orange", "red": "bold red"}
SYMBOL = SYMBOLS


def card_text(card: int) -> Text:
    """The shape's symbol, then the card as it is typed, in the card's colour: e.g.
    ``★3-star-orange`` (typing it with or without the symbol plays it)."""
    if card < 0:
        return Text("??", style="dim")
    return Text(f"{SYMBOL[shape(card)]}{NAMES[card]}", style=STYLE[colour(card)])


def render_rich(state, seat: int | None = None, label: str = "Your hand") -> Text:
    """The grid's top cards (with each stack's height), the pile, the scores and, with
    ``seat``, that seat's hand under ``label``."""
    out = Text()
    tops = state.tops()
    for row in range(3):
        for col in range(3):
            p = row * 3 + col + 1
            cell = Text(f"{p}: ")
            cell.append_text(card_text(tops[p - 1]))
            cell.append(f" ({len(state.stacks[p - 1])})", style="dim")
            out.append_text(cell)
            if col < 2:
                out.append(" " * max(1, 27 - len(cell.plain)))
        out.append("\n")
    out.append(f"Pile: {state.pile_size} cards.  Scores: "
               + ", ".join(f"seat {s}: {t}" for s, t in enumerate(state.totals)) + "\n")
    if seat is not None and not state.over:
        out.append(f"{label}: ")
        for c in sorted(state.hands[seat]):
            out.append_text(card_text(c))
            out.append("   ")
        out.append("\n")
    return out


def render_text(state) -> str:
    seat = state.viewer if state.is_view else None
    return render_rich(state, seat if isinstance(seat, int) else None).plain + (
        "" if not state.plays else f"Last play: {state.plays[-1]['card']}@"
        f"{state.plays[-1]['position']} for {state.plays[-1]['points']} points\n")


__all__ = ["NAMES", "card_text", "render_rich", "render_text"]
