"""Text pictures of a Pentago board: rank 1 at the top, quadrants separated."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

if TYPE_CHECKING:
    from .rules import PentagoState

MARKS = ("W", "B")
STYLES = ("bold black on grey93", "bold white on grey23")
FIVE_STYLES = ("bold black on gold1", "bold white on dark_goldenrod")
"""A marble of a winning five: on gold, as the page draws it."""


def landing(move) -> int:
    """The cell where a move's marble ends up once its quadrant has turned."""
    from .board import bit, rotate

    if not move.rotates:
        return move.cell
    return rotate(bit(*divmod(move.cell, 6)), move[1], move[2]).bit_length() - 1


def render_rich(state: PentagoState, highlight: set[int] | None = None,
                fives: set[int] | None = None) -> Text:
    """The board; ``highlight``: cells underlined (the last marble placed); ``fives``:
    cells on gold (the winning five or fives)."""
    highlight, fives = highlight or set(), fives or set()
    out = Text("    a b c   d e f\n")
    for r in range(6):
        if r == 3:
            out.append("   ───────┼──────\n")
        out.append(f" {r + 1}  ")
        for c in range(6):
            if c == 3:
                out.append("│ ")
            cell = r * 6 + c
            seat = state.cell(cell)
            if seat is None:
                out.append("·", style="grey50")
            else:
                style = ((FIVE_STYLES if cell in fives else STYLES)[seat]
                         + (" underline" if cell in highlight else ""))
                out.append(MARKS[seat], style=style)
            out.append(" ")
        out.append("\n")
    return out


def render_text(state: PentagoState) -> str:
    return render_rich(state).plain
