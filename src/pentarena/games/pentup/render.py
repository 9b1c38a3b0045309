"""Text pictures of a Pent-Up table.

Each covered cell shows the colour initial of its top tile and the stack height, e.g.
``W2`` (White's tile on top, two tiles high).  Rows run top to bottom from the highest y.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

if TYPE_CHECKING:
    from .rules import PentUpState

INITIALS = ("W", "B", "R", "U")
STYLES = ("bold black on grey93", "bold white on grey23", "bold white on red3",
          "bold white on blue3")


def _bounds(state: PentUpState) -> tuple[int, int, int, int] | None:
    cells = state.heights()
    if not cells:
        return None
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return min(xs), max(xs), min(ys), max(ys)


def render_text(state: PentUpState) -> str:
    """A plain-text picture of the table (no colours)."""
    return render_rich(state).plain


def render_rich(state: PentUpState, highlight: set[tuple[int, int]] | None = None) -> Text:
    """A coloured picture of the table; ``highlight`` marks cells (e.g. the last move)."""
    out = Text()
    bounds = _bounds(state)
    if bounds is None:
        out.append("(empty table: the first tile may go anywhere)\n")
        return out
    x0, x1, y0, y1 = bounds
    highlight = highlight or set()
    width = max(len(str(x0)), len(str(x1)), 2)
    out.append(" " * 5 + "".join(f"{x:>{width + 1}}" for x in range(x0, x1 + 1)) + "\n")
    for y in range(y1, y0 - 1, -1):
        out.append(f"{y:>4} ")
        for x in range(x0, x1 + 1):
            tile = state.top_tile((x, y))
            out.append(" ")
            if tile is None:
                out.append(" " * (width - 1) + "·", style="grey50")
                continue
            mark = f"{INITIALS[tile.seat]}{tile.level}"
            style = STYLES[tile.seat] + (" underline" if (x, y) in highlight else "")
            out.append(f"{mark:>{width}}", style=style)
        out.append("\n")
    return out
