"""Text pictures of a Pent-Up table.

Each covered cell shows the colour code of its top tile and the stack height, e.g. ``○2``
(White's tile on top, two tiles high).  The colour codes are symbols — ``○`` White,
``●`` Black, ``◆`` Red, ``■`` Blue — so that they cannot be read as tile letters (F I L N
P T U V W X Y Z).  Lines outline every tile: a border is drawn between two cells whose top
tiles differ, so tiles of one colour never merge.  Rows run top to bottom from the highest y;
a legend under the picture says what the codes and numbers mean.
"""

from __future__ import annotations

import textwrap
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
LAST_MARK = "*"
"""Marks the last move's cells where no underline shows (a pipe, a file, a dumb terminal)."""

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


def legend(players: int, underlined: bool = False, marked: bool = False) -> str:
    """What the codes and numbers on the table mean (``underlined``: and that the
    underlined cells are the last move; ``marked``: that the cells marked with
    :data:`LAST_MARK` are)."""
    colours = "  ".join(f"{SEAT_CODES[s]} {SEAT_NAMES[s]}" for s in range(players))
    last = ("; the underlined cells are the last move." if underlined else
            f"; the last move's cells are marked {LAST_MARK} (e.g. ○2{LAST_MARK})." if marked
            else ".")
    return (f"{colours} — e.g. ○2: White's tile is on top and the stack is 2 tiles high (that "
            f"tile lies on level 2); lines outline each tile" + last)


ROW_LABEL = 5
"""Characters before a row's first border: the row number (y) and a space."""


def _window(lo: int, hi: int, fit: int, centre: float | None) -> tuple[int, int]:
    """``lo``..``hi`` whole if ``fit`` of them fit, else ``fit`` of them centred on
    ``centre`` (the middle when None) and kept inside."""
    if hi - lo + 1 <= fit:
        return lo, hi
    middle = (lo + hi) / 2 if centre is None else centre
    first = min(max(lo, round(middle - (fit - 1) / 2)), hi - fit + 1)
    return first, first + fit - 1


def columns_shown(x0: int, x1: int, cell: int, columns: int | None,
                  centre: float | None) -> tuple[int, int]:
    """The columns (x) of a table spanning ``x0``..``x1`` that fit in ``columns``
    characters (``cell`` characters a cell, plus a border each): every one if they fit,
    else as many as fit, centred on ``centre`` (the middle when None) and kept inside."""
    if columns is None:
        return x0, x1
    return _window(x0, x1, max(1, (columns - ROW_LABEL - 1) // (cell + 1)), centre)


MIN_ROWS = 3
"""The fewest rows a table cropped to a short terminal shows."""


def printed_lines(text: str, columns: int | None) -> int:
    """The lines ``text`` (ending in a line break) takes printed ``columns`` wide: its
    lines wrapped at spaces, and the empty line the printer's own line break leaves."""
    return sum(len(textwrap.wrap(line, columns, break_long_words=False)) or 1
               if columns else 1 for line in text.split("\n"))


def render_text(state: PentUpState) -> str:
    """A plain-text picture of the table (no colours), with its legend."""
    return render_rich(state).plain


NUMBERS_BELOW = 5
"""A table of this many rows or more has its column numbers under it too: at a 24-line
terminal the line above it has scrolled away by the time the prompt asks for a move (not
a table cropped to the terminal's height: it fits, its top line in sight)."""


def render_rich(state: PentUpState, highlight: set[tuple[int, int]] | None = None,
                with_legend: bool = True, columns: int | None = None,
                focus: int | None = None,
                more: str = " (the table is wider than the terminal): widen the terminal to see "
                            "them all",
                styled: bool = True, lines: int | None = None, row_focus: int | None = None,
                more_rows: str = " (the table is taller than the terminal): make the terminal "
                                 "taller to see them all") -> Text:
    """A coloured picture of the table with each tile outlined; ``highlight`` marks cells
    (e.g. the last move): underlined, or where no style shows (``styled`` False: a pipe, a
    file) with :data:`LAST_MARK` after the cell's code (``○2*``); ``with_legend`` adds the
    legend line under it, which says which.

    ``columns``: the characters a line may take.  A table wider than that shows only the
    columns (x) that fit, centred on column ``focus``, else on the highlighted cells, else
    on the middle of the structure, and a note under it says which columns are shown and,
    in ``more`` (its words after 'shown'), how to see the rest.  ``lines``: the
    terminal's height; a table taller than it leaves room for shows the rows around row
    ``row_focus``, else around the highlighted cells (``more_rows`` says how to see the
    rest)."""
    out = Text()
    bounds = _bounds(state)
    if bounds is None:
        out.append("(empty table: the first tile may go anywhere)\n")
        return out
    all_x0, all_x1, all_y0, all_y1 = bounds
    highlight = highlight or set()
    tops: dict[tuple[int, int], Tile] = {c: state.top_tile(c) for c in state.heights()}
    marks = {c: f"{SEAT_CODES[t.seat]}{t.level}" for c, t in tops.items()}
    if not styled:
        marks.update((c, marks[c] + LAST_MARK) for c in highlight if c in marks)
    width = max(3, *(len(str(x)) for x in (all_x0, all_x1)), *(len(m) for m in marks.values()))
    # a cropped table is centred on the focus asked for, else on the highlighted cells
    mean = [sum(c[i] for c in highlight) / len(highlight) if highlight else None for i in (0, 1)]
    x0, x1 = columns_shown(all_x0, all_x1, width, columns,
                           focus if focus is not None else mean[0])

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

    def picture(y0: int, y1: int, cropped: bool = False) -> Text:
        """The table's rows ``y0``..``y1`` and the notes under it (``cropped``: to the
        terminal's height, which it then fits, its top line in sight at the prompt)."""
        out = Text()

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

        numbers = " " * 6 + "".join(f"{x:^{width}} " for x in range(x0, x1 + 1)).rstrip() + "\n"
        out.append(numbers)
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
                style = STYLES[t.seat] + (" underline" if styled and (x, y) in highlight else "")
                out.append(f"{marks[(x, y)]:^{width}}", style=style)
            out.append("\n")
            rule(y)
        if y1 - y0 + 1 >= NUMBERS_BELOW and not cropped:  # the top line may have scrolled away
            out.append(numbers)
        if (x0, x1) != (all_x0, all_x1):
            out.append(f"Columns {x0} to {x1} of {all_x0} to {all_x1} shown{more}.\n",
                       style="yellow")
        if (y0, y1) != (all_y0, all_y1):
            out.append(f"Rows {y0} to {y1} of {all_y0} to {all_y1} shown{more_rows}.\n",
                       style="yellow")
        if with_legend:
            out.append(legend(state.game.num_players, bool(highlight) and styled,
                              bool(highlight) and not styled) + "\n", style="dim")
        return out

    whole = picture(all_y0, all_y1)
    if lines is None or printed_lines(whole.plain, columns) <= lines:
        return whole
    # too tall for the terminal: the most rows around the focus (else the last move) that
    # fit with their note, the note saying which rows are shown
    centre = row_focus if row_focus is not None else mean[1]
    # (without the empty line under it, its note ends it, nor the column numbers under it,
    # the top line is in sight: at 80x24 four players' tables kept four rows, those two
    # lines a fifth's)
    for fit in range(all_y1 - all_y0, MIN_ROWS, -1):
        shown = picture(*_window(all_y0, all_y1, fit, centre), cropped=True)
        shown.rstrip()
        if printed_lines(shown.plain, columns) <= lines:
            return shown
    shown = picture(*_window(all_y0, all_y1, MIN_ROWS, centre), cropped=True)
    shown.rstrip()
    return shown
