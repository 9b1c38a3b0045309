"""Text pictures of a Pentago board: rank 1 at the top, quadrants separated."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

if TYPE_CHECKING:
    from .rules import PentagoState

MARKS = ("W", "B")
STYLES = ("bold black on grey93", "bold white on grey23")


def render_rich(state: PentagoState, highlight: set[int] | None = None) -> Text:
    highlight = highlight or set()
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
                style = STYLES[seat] + (" underline" if cell in highlight else "")
                out.append(MARKS[seat], style=style)
            out.append(" ")
        out.append("\n")
    return out


def render_text(state: PentagoState) -> str:
    return render_rich(state).plain
