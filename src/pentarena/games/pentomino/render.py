"""Text pictures of a pentomino board: rank 8 at the top, each square shows the letter of
the piece on it, coloured by the seat that placed it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

if TYPE_CHECKING:
    from .board import Grid

STYLES = ("bold black on orange3", "bold black on dark_cyan", "bold white on plum4",
          "bold white on grey39", "bold black on grey85")


def grid_width(grid: Grid, compact: bool = False) -> int:
    """How many columns :func:`render_grid` takes for ``grid``."""
    return 4 + grid.width * (1 if compact else 2)


def render_grid(grid: Grid, pieces: dict[int, tuple[int, str]],
                highlight: int = 0, compact: bool = False, dead: int = 0) -> Text:
    """``pieces`` maps square index to (style index, letter); ``compact``: one column a
    square instead of two (for terminals too narrow for the spaced picture); ``dead``: the
    empty squares no piece left can cover (a puzzle's), drawn as a red ``×``."""
    from .board import FILES

    gap = "" if compact else " "
    out = Text("    " + gap.join(FILES[: grid.width]) + "\n")
    for row in range(grid.height - 1, -1, -1):
        out.append(f"{row + 1:>3} ")
        for col in range(grid.width):
            i = grid.index(col, row)
            if not grid.cells >> i & 1:
                out.append(" " + gap)
                continue
            if i in pieces:
                style_i, letter = pieces[i]
                style = STYLES[style_i % len(STYLES)] + (" underline" if highlight >> i & 1 else "")
                out.append(letter, style=style)
            elif dead >> i & 1:
                out.append("×", style="bold red")
            else:
                out.append("·", style="grey50")
            out.append(gap)
        out.append("\n")
    return out


def render_rich(state, highlight: int = 0) -> Text:
    from .notation import BOARD

    return render_grid(BOARD, state.board_pieces(), highlight)


def render_round(finished: dict, highlight: int = 0) -> Text:
    """The board as a finished round left it (an entry of ``state.rounds``)."""
    from .notation import BOARD

    pieces = {BOARD.parse_square(square): (placed["seat"], placed["piece"])
              for placed in finished["placed"] for square in placed["squares"]}
    return render_grid(BOARD, pieces, highlight)


def render_text(state) -> str:
    return render_rich(state).plain
