"""The post-game analysis at the terminal (``analysis`` in ``pentarena play``, ``pentarena
replay FILE --analyse``): every move judged as the browser's analysis judges it
(:mod:`pentarena.ai.analysis`), with a progress bar, then a table of the marks and values
and a summary per player."""

from __future__ import annotations

import textwrap

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

from ..ai.analysis import JudgedMoves, analyse_game, analysis_note
from ..core.game import State, game_info
from ..server.jobs import ANALYSIS_MOVE_SECONDS
from .lines import GLUE, unit, wrapped
from .views import TerminalView, plural

SECONDS_PER_MOVE = ANALYSIS_MOVE_SECONDS
"""How long judging one move takes by default (as in the browser; a hint is checked so)."""


def unavailable(state: State) -> str | None:
    """Why ``state``'s game cannot be analysed (yet), in a sentence; None if it can."""
    game = state.game
    if game_info(game.name).solo:
        return "A puzzle has no opponent's moves to analyse."
    if not state.is_terminal():
        return ("The analysis is available once the game is over" +
                (": the best moves it shows name every player's cards, which nobody "
                 "may see before then." if game.hidden_information
                 else "."))
    return None


def value_text(value: float | None, exact: bool) -> str:
    """A mover's value as the browser words it: won / drawn / lost when exact (or a
    search's sure result), else the chance of winning it stands for (a value v from -1
    to +1: (v + 1) / 2, as a percentage)."""
    if value is None:
        return "?"
    if exact or abs(value) >= 1:
        return "won" if value > 0 else "lost" if value < 0 else "drawn"
    return f"{round((value + 1) * 50)}%"


TITLE = "Analysis: ✓ good, ?! mistake, ? blunder"


class JudgedTable:
    """The judged moves drawn for the width they are printed at: a table with a frame
    where it fits whole; else one without a frame, its columns two spaces apart (the
    values headed 'before → after'), where that fits — a Pentic card name or a Pent-Up
    move is never cut; else a line per move, wrapped at spaces under itself."""

    HEADINGS = ("ply", "player", "move", "", "value before → after", "best found")

    def __init__(self, rows: list[tuple[str, ...]]) -> None:
        self.rows = rows

    def table(self, framed: bool) -> Table:
        headings = list(self.HEADINGS)
        if framed:
            table = Table(title=TITLE, title_justify="left")
        else:
            headings[4] = "before → after"
            table = Table(title=TITLE, title_justify="left", box=box.SIMPLE_HEAD,
                          show_edge=False, pad_edge=False, collapse_padding=True)
        for heading in headings:
            table.add_column(heading, no_wrap=heading in ("ply", ""))
        for row in self.rows:
            table.add_row(*row)
        return table

    def lines(self, width: int) -> Text:
        """A line per move: '5. seat 0: 2-triangle-red@8 ?! +0.09 → -0.35, best found
        4-square-orange@3'; 'before → after' kept on one line."""
        out = [wrapped(TITLE, width)]
        for ply, player, move, mark, values, best in self.rows:
            line = " ".join(part for part in (f"{ply}. {player}:", move, mark,
                                              unit(values)) if part)
            if best:
                line += f", best found {best}"
            out.append(textwrap.fill(line, max(width, 1), subsequent_indent="    ",
                                     break_long_words=False, break_on_hyphens=False
                                     ).replace(GLUE, " "))
        return Text("\n".join(out))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for framed in (True, False):
            table = self.table(framed)
            if console.measure(table, options=options.update_width(10_000)).maximum <= width:
                yield table
                return
        yield self.lines(width)


def analysis_table(view: TerminalView, judged: JudgedMoves) -> RenderableType:
    """The judged moves (ply, player, move, mark, the mover's value before → after, the
    best move found where it differs), as fits the terminal (:class:`JudgedTable`), the
    mistakes and blunders per player, and the note on what the values mean."""
    rows = []
    for m in judged.moves:
        values = ("not judged" if m["before"] is None or m["after"] is None else
                  f"{value_text(m['before'], m['exact'])} → "
                  f"{value_text(m['after'], m['exact'] or m.get('ended', False))}")
        best = m["best"] if m["best"] and m["best"] != m["move"] else ""
        rows.append((str(m["ply"]), view.seat_name(m["seat"]), m["move"], m["mark"], values,
                     best))
    summary = [f"{view.seat_name(p['seat'])}: {plural(p['moves'], 'move')}, "
               f"{plural(p['mistakes'], 'mistake')}, {plural(p['blunders'], 'blunder')}"
               for p in judged.players()]
    return Group(JudgedTable(rows), Text("\n".join(summary)),
                 Text(analysis_note(judged.game), style="dim"))


def show_analysis(console: Console, view: TerminalView, initial: State, moves: list[str],
                  seconds_per_move: float = SECONDS_PER_MOVE) -> JudgedMoves:
    """Judge every move of a finished game (``initial``: the full state before the first
    move, deals included; ``moves``: the move texts) about ``seconds_per_move`` each, with a
    transient progress bar, then print :func:`analysis_table`; returns the judged moves."""
    total = len(moves)
    if console.is_dumb_terminal:   # (no progress bar there: a line, so the wait is said)
        console.print(f"Judging {plural(total, 'move')}, about {seconds_per_move:g} s each…",
                      markup=False, highlight=False)
    with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task(f"judging {plural(total, 'move')}", total=total)
        judged = analyse_game(initial, moves, seconds_per_move,
                              on_move=lambda done, _: progress.update(task, completed=done))
    console.print(analysis_table(view, judged))
    return judged
