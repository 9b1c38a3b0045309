"""The post-game analysis at the terminal (``analysis`` in ``pentarena play``, ``pentarena
replay FILE --analyse``): every move judged as the browser's analysis judges it
(:mod:`pentarena.ai.analysis`), with a progress bar, then a table of the marks and values
and a summary per player."""

from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

from ..ai.analysis import JudgedMoves, analyse_game, analysis_note
from ..core.game import State, game_info
from .views import TerminalView, plural

SECONDS_PER_MOVE = 1.0
"""How long judging one move takes by default (as in the browser)."""


def unavailable(state: State) -> str | None:
    """Why ``state``'s game cannot be analysed (yet), in a sentence; None if it can."""
    game = state.game
    if game_info(game.name).solo:
        return "A puzzle has no opponent's moves to analyse."
    if not state.is_terminal():
        return ("The analysis is available once the game is over" +
                (": it judges every move with all cards known (every hand and the draw "
                 "pile), which nobody may see before then." if game.hidden_information
                 else "."))
    return None


def value_text(value: float | None, exact: bool) -> str:
    """A mover's value as the browser words it: won / drawn / lost when exact (or a
    search's sure result), else the estimate from -1 to +1 with its sign."""
    if value is None:
        return "?"
    if exact or abs(value) >= 1:
        return "won" if value > 0 else "lost" if value < 0 else "drawn"
    return f"{value:+.2f}"


def analysis_table(view: TerminalView, judged: JudgedMoves) -> RenderableType:
    """The judged moves in a table (ply, player, move, mark, the mover's value before →
    after, the best move found where it differs), the mistakes and blunders per player,
    and the note on what the values mean."""
    table = Table(title="Analysis: ✓ good, ?! mistake, ? blunder", title_justify="left")
    for heading in ("ply", "player", "move", "", "value before → after", "best found"):
        table.add_column(heading, no_wrap=heading in ("ply", ""))
    for m in judged.moves:
        values = ("not judged" if m["before"] is None or m["after"] is None else
                  f"{value_text(m['before'], m['exact'])} → {value_text(m['after'], m['exact'])}")
        best = m["best"] if m["best"] and m["best"] != m["move"] else ""
        table.add_row(str(m["ply"]), view.seat_name(m["seat"]), m["move"], m["mark"], values,
                      best)
    summary = [f"{view.seat_name(p['seat'])}: {plural(p['moves'], 'move')}, "
               f"{plural(p['mistakes'], 'mistake')}, {plural(p['blunders'], 'blunder')}"
               for p in judged.players()]
    return Group(table, Text("\n".join(summary)), Text(analysis_note(judged.game), style="dim"))


def show_analysis(console: Console, view: TerminalView, initial: State, moves: list[str],
                  seconds_per_move: float = SECONDS_PER_MOVE) -> JudgedMoves:
    """Judge every move of a finished game (``initial``: the full state before the first
    move, deals included; ``moves``: the move texts) about ``seconds_per_move`` each, with a
    transient progress bar, then print :func:`analysis_table`; returns the judged moves."""
    total = len(moves)
    with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task(f"judging {plural(total, 'move')}", total=total)
        judged = analyse_game(initial, moves, seconds_per_move,
                              on_move=lambda done, _: progress.update(task, completed=done))
    console.print(analysis_table(view, judged))
    return judged
