"""Text pictures of a Pent-Up table.

Each covered cell shows the colour code of its top tile and the stack height, e.g. ``○2``
(White's tile on top, two tiles high).  The colour codes are symbols — ``○`` White,
``●`` Black, ``◆`` Red, ``■`` Blue — so that they cannot be read as tile letters (F I L N
P T U V W X Y Z).  Lines outline every tile: a border is drawn between two cells whose top
tiles differ, so tiles of one colour never merge.  Rows run top to bottom from the highest y;
a legend under the picture says what the codes and numbers mean.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

if TYPE_CHECKING:
    from .rules import PentUpState, Tile

SEAT_NAMES = ("White", "Black", "Red", "Blue")
SEAT_CODES = ("○", "●", "◆", "■")
"""The code of each seat's colour on the table: symbols, never a tile letter."""
STYLES = ("bold black on grey93", "bold white on grey23", "bold white on red3",
          "bold white on blue3")
BORDER = "grey62"
EMPTY = "·"

# (up, down, left, right) border segments meeting at a corner -> the box-drawing character
_CORNERS = {
    (False, False, False, False): " ",
    (True, True, False, False): "│", (False, False, True, True): "─",
    (True, True, True, True): "┼",
    (True, True, False, True): "├", (True, True, True, False): "┤",
    (False, True, True, True): "┬", (True, False, True, True): "┴",
    (False, True, False, True): "┌", (False, True, True, False): "┐",
    (True, False, False, True): "└", (True, False, True, False): "┘",
    (True, False, False, False): "╵", (False, True, False, False): "╷",
    (False, False, True, False): "╴", (False, False, False, True): "╶",
}


def _bounds(state: PentUpState) -> tuple[int, int, int, int] | None:
    cells = state.heights()
    if not cells:
        return None
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return min(xs), max(xs), min(ys), max(ys)


def seat_code(seat: int) -> str:
    return SEAT_CODES[seat]


def legend(players: int) -> str:
    """What the codes and numbers on the table mean."""
    colours = "  ".join(f"{SEAT_CODES[s]} {SEAT_NAMES[s]}" for s in range(players))
    return (f"{colours} — e.g. ○2: White's tile is on top and the stack is 2 tiles high (that "
            f"tile lies on level 2); lines outline each tile.")


def render_text(state: PentUpState) -> str:
    """A plain-text picture of the table (no colours), with its legend."""
    return render_rich(state).plain


def render_rich(state: PentUpState, highlight: set[tuple[int, int]] | None = None,
                with_legend: bool = True) -> Text:
    """A coloured picture of the table with each tile outlined; ``highlight`` marks cells
    (e.g. the last move, underlined); ``with_legend`` adds the legend line under it."""
    out = Text()
    bounds = _bounds(state)
    if bounds is None:
        out.append("(empty table: the first tile may go anywhere)\n")
        return out
    x0, x1, y0, y1 = bounds
    highlight = highlight or set()
    tops: dict[tuple[int, int], Tile] = {c: state.top_tile(c) for c in state.heights()}
    marks = {c: f"{SEAT_CODES[t.seat]}{t.level}" for c, t in tops.items()}
    width = max(3, *(len(str(x)) for x in (x0, x1)), *(len(m) for m in marks.values()))

    def top(x: int, y: int) -> Tile | None:
        return tops.get((x, y))

    def fill(*cells: tuple[int, int]) -> str:
        """The tile style if every cell is under one tile (inside it), else no style."""
        tiles = {top(*c) for c in cells}
        if len(tiles) == 1:
            (t,) = tiles
            if t is not None:
                return STYLES[t.seat]
        return ""

    def rule(y: int) -> None:
        """The line between row y (above) and row y - 1 (below)."""
        out.append(" " * 5)
        for x in range(x0, x1 + 2):
            up = top(x - 1, y) != top(x, y)
            down = top(x - 1, y - 1) != top(x, y - 1)
            left = top(x - 1, y) != top(x - 1, y - 1)
            right = top(x, y) != top(x, y - 1)
            if any((up, down, left, right)):
                out.append(_CORNERS[(up, down, left, right)], style=BORDER)
            else:
                out.append(" ", style=fill((x - 1, y), (x, y), (x - 1, y - 1), (x, y - 1)))
            if x > x1:
                break
            if top(x, y) != top(x, y - 1):
                out.append("─" * width, style=BORDER)
            else:
                out.append(" " * width, style=fill((x, y), (x, y - 1)))
        out.append("\n")

    out.append(" " * 6 + "".join(f"{x:^{width}} " for x in range(x0, x1 + 1)).rstrip() + "\n")
    rule(y1 + 1)
    for y in range(y1, y0 - 1, -1):
        out.append(f"{y:>4} ")
        for x in range(x0, x1 + 2):
            if top(x - 1, y) != top(x, y):
                out.append("│", style=BORDER)
            else:
                out.append(" ", style=fill((x - 1, y), (x, y)))
            if x > x1:
                break
            t = top(x, y)
            if t is None:
                out.append(f"{EMPTY:^{width}}", style="grey50")
                continue
            style = STYLES[t.seat] + (" underline" if (x, y) in highlight else "")
            out.append(f"{marks[(x, y)]:^{width}}", style=style)
        out.append("\n")
        rule(y)
    if with_legend:
        out.append(legend(state.game.num_players) + "\n", style="dim")
    return out
