"""What every terminal view shares: the base view (``str(state)`` and a plain list of
moves, for a game without a view of its own) and the helpers the games' views use."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

from ...core.game import Move, State, game_info, unused_options
from ...games.pentomino.board import region_from_text
from ..lines import Lines, unit

SUMMARY_OVER = 60
"""Pentomino and puzzles: more legal moves than this are summarised per piece."""


def plural(n: int, word: str) -> str:
    """``1 move``, ``2 moves``: a count with its noun in the right number."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def game_title(name: str, options: Mapping[str, Any], changed_only: bool = False) -> str:
    """The game's title and the options that count in words: ``Pent-Up · players 2 ·
    scoring standard · teams no`` (``changed_only``: only those that differ from the
    defaults)."""
    info = game_info(name)
    unused = unused_options(name, options)
    words = [f"{key.replace('_', ' ')} {_shown(key, value)}"
             for key, value in options.items() if key not in unused and (
                 not changed_only or key not in info.options
                 or value != info.options[key].default)]
    return " · ".join([info.title, *words])


def _shown(key: str, value: Any) -> str:
    """An option's value in words: yes/no, a drawn puzzle region by its size ('drawn, 5×5,
    25 squares', not its rows of # and .), else as it is."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key == "region" and isinstance(value, str) and ("/" in value or (
            value and set(value) <= set("#."))):   # (one row has no '/')
        grid = region_from_text(value)
        squares = grid.cells.bit_count()
        return (f"drawn, {grid.width}×{grid.height}, "
                f"{squares} square{'' if squares == 1 else 's'}")
    return str(value)


def numbered(head: str, moves: list[Move]) -> RenderableType:
    """``head`` and every move numbered #1, #2, ... in columns (type '#3' to play the
    third)."""
    if not moves:
        return Text(head)
    cells = [f"#{i + 1} {m}" for i, m in enumerate(moves)]
    return Group(Text(head), Columns(cells, equal=True, padding=(0, 3)),
                 Text("Type #N to play move number N.", style="dim"))


class Fitted:
    """A picture drawn for the width it is printed at: rich passes the console's width
    (the terminal's) when it prints it, so a board can fit the terminal."""

    def __init__(self, draw: Callable[..., RenderableType], *, styles: bool = False,
                 lines: bool = False) -> None:
        self.draw = draw
        self.styles = styles
        """``draw`` also takes whether the console shows styles (underlines, colours):
        not in a pipe, a file or a dumb terminal."""
        self.lines = lines
        """... and the terminal's height (None for a pipe or a file: all of it)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        args: list[Any] = [options.max_width]
        if self.styles:
            args.append(console.color_system is not None)
        if self.lines:
            args.append(console.height if console.is_terminal else None)
        yield self.draw(*args)


def clipped(text: str, limit: int = 40) -> str:
    """``text`` as typed, quoted, for a message: its start and '…' when it is longer than
    ``limit`` (a pasted page is not printed back)."""
    return repr(text) if len(text) <= limit else repr(text[:limit] + "…")


def no_match(arg: str, what: str, hint: str, state: State | None = None) -> Text:
    """'No legal move matches …', with the engine's reason when ``arg`` (or its first
    word) is a move it refuses (Pentago 'd4' on a taken cell: 'd4 is already taken')."""
    why = refusal(state, arg) if state is not None else None
    return Text(f"No {what} matches {clipped(arg)}" + (f": {why}" if why else "")
                + f". {hint}", style="yellow")


def refusal(state: State, text: str) -> str | None:
    """Why the engine refuses the move ``text`` (or the one its first word makes), in
    its words; None when neither reads as a move, or the move is legal."""
    words = text.split()
    for candidate in dict.fromkeys([text.strip(), words[0] if words else ""]):
        try:
            move = state.parse_move(candidate)
        except ValueError:
            continue
        try:
            state.check_move(move)
        except ValueError as exc:
            return str(exc).rstrip(".")
        return None
    return None


def per_piece(state: State, moves: list[Move], noun: str) -> Text:
    """How many places each piece has (for listings too long to number)."""
    counts: dict[str, int] = {}
    others: list[str] = []  # a puzzle's take-backs, a draft's picks, touches: said apart
    for m in moves:
        if getattr(m, "kind", "place") == "place":
            counts[m.piece] = counts.get(m.piece, 0) + 1
        else:
            others.append(str(m))
    lines = [f"{k}: {plural(n, 'place')}" for k, n in counts.items()]
    if others:
        lines.append("Or: " + ", ".join(others))
    return Text(f"{plural(len(moves), noun)}:\n" + "\n".join(lines)
                + "\nType 'moves L' to list and number the places of one piece.")


class TerminalView:
    """Generic view: the state's own text and the full move list."""

    seat_names: tuple[str, ...] = ()
    show_seat: int | None = None  # whose hidden information may be shown
    hand_label = ""  # what that seat's hand is called on the screen ("Seat 1's hand")
    person_to_move = False  # whether a person types the next move (not a computer)
    ended_by_resignation = False  # nobody is to move any more
    interactive = False  # at the prompt of 'pentarena play' (not in a replay)
    focus: int | None = None  # the column a cropped board is centred on ('board X')
    row_focus: int | None = None  # the row a board taller than the terminal is ('board X Y')
    moves_noun = "legal move"
    moves_note = ""  # e.g. the form of the moves listed
    example_move = ""  # shown when there is no legal move to quote
    moves_help: tuple[tuple[str, str], ...] = (
        ("moves [start]", "list your legal moves, numbered; with a start, only the moves "
                          "that begin with it"),)
    """The help's lines on 'moves': (command, what it does)."""
    board_help: tuple[tuple[str, str], ...] = (("board", "show the table again"),)

    explain = False
    """The next board and status explain themselves in full (the 'board' command)."""
    caught_up = False
    """This turn's status is followed by the moves since the person's last one (the
    terminal's catch-up line): a status may leave out a reminder to make room for it."""
    lines_after = 6
    """Terminal lines a turn's screen takes besides its board: the line saying the move
    above it, the status and the prompt under it (set by the terminal from the status it
    prints; a board taller than the rest of the terminal is cropped)."""

    def crowded(self, state: State, last: Move | None, lines: int, columns: int) -> bool:
        """Whether this turn's explanations, unasked for, would crop the board in a
        terminal of ``lines`` by ``columns``: then it is shown without them
        (:meth:`turn_shown` ends that); never here."""
        return False

    def preface(self, state: State) -> RenderableType | None:
        """What this turn prints above its board: explanations :meth:`crowded` moved out
        from under it; none here."""
        return None

    def turn_shown(self, state: State) -> None:
        """Called once a turn's board and status are printed."""

    def help_notes(self, state: State) -> list[str]:
        """Lines 'help' adds after the commands (what the table shows); none by default."""
        return []

    def changes_board(self, last: Move) -> bool:
        """Whether the move just played changed the board (else it is not drawn again)."""
        return True

    def hand_of(self, state: State, seat: int) -> list | None:
        """The hidden hand ``seat`` holds (None: the game has none)."""
        return None

    def drawn(self, before: list | None, state: State, seat: int) -> str:
        """The card ``seat`` drew with its move ('' for none): said to that person only,
        never in the news repeated to the next person at the keyboard."""
        return ""

    def after_move(self, state: State) -> str:
        """A line to print after each move (e.g. how it scored); '' for none."""
        return ""

    def first_note(self, state: State) -> str:
        """What :meth:`after_move`'s line means, once, under the last one before a
        person's prompt (at the prompt of 'pentarena play' only); '' for none."""
        return ""

    def round_over(self, state: State, last: Move) -> RenderableType | None:
        """When ``last`` (the move just played) ended a round of a match: the board as the
        round left it and what it scored; None otherwise."""
        return None

    def move_news(self, seat: int, move: str, after: State | None = None) -> str:
        """The line that announces ``move`` (its text), just played by ``seat``
        (``after``: the position it made, where the line says what else it did)."""
        return f"{self.seat_name(seat)} plays {move}"

    def catch_up(self, seat: int, move: str, after: State) -> str:
        """``move`` (its text), just played by ``seat``, as the line before a person's
        prompt repeats it among the moves since their last one: short, and a :func:`unit`
        ('● Black (seat 1) I:0,0;1,0;2,0;3,0;4,0', never a name on one line and its move
        on the next)."""
        return unit(f"{self.seat_name(seat)} {move}")

    def seat_name(self, seat: int) -> str:
        """How the terminal names a seat, everywhere: ``White (seat 0)``, or ``seat 0``
        when the game has no colours (seat numbers are the ones ``--seat`` takes)."""
        if seat < len(self.seat_names):
            return f"{self.seat_names[seat]} (seat {seat})"
        return f"seat {seat}"

    def board(self, state: State, last: Move | None) -> RenderableType:
        return Text(str(state))

    def set_focus(self, arg: str) -> str | None:
        """'board X': centre a board that is wider than the terminal on column X; returns
        what was wrong with ``arg``, or None."""
        return "'board' takes no column in this game: type 'board' to show the table."

    def status(self, state: State) -> RenderableType:
        return Text("")

    moves_hint = "Type 'moves' to list them all."
    """What to try when a 'moves' filter matches nothing."""

    def move_filter(self, arg: str) -> Callable[[str], bool]:
        """Whether a move's text (lower case) is listed by 'moves ARG': it starts with
        ``arg``."""
        key = arg.strip().lower()
        return lambda text: text.startswith(key)

    def moves(self, state: State, arg: str) -> tuple[RenderableType, list[Move]]:
        """A listing of legal moves (filtered by ``arg``) and the moves it numbers."""
        everything = state.legal_moves()
        listed = self.move_filter(arg)
        moves = [m for m in everything if not arg or listed(str(m).lower())]
        if arg and not moves:
            return no_match(arg, "legal move", self.moves_hint, state), []
        head = plural(len(moves), self.moves_noun) + self.moves_note
        if arg:
            head += f" starting with {arg!r}"
        return numbered(head + ":", moves), moves

    def example(self, state: State) -> str:
        moves = state.legal_moves()
        return str(moves[0]) if moves else self.example_move

    def score_text(self, state: State, seat: int) -> str:
        score = state.scores()[seat]
        return "/".join(map(str, score)) if isinstance(score, (list, tuple)) else str(score)

    def verdict(self, state: State) -> str:
        """Who won: a side (a seat, or partners), the sides that share the best result
        ('Navy (seat 0) and Coral (seat 1) share the win'), or a draw when every side
        does (``State.winners`` holds all of their seats)."""
        won = state.winners()
        sides = [side for side in state.game.sides if won.intersection(side)]
        names = [" and ".join(unit(self.seat_name(s)) for s in side) for side in sides]
        if not sides:
            return "Nobody wins"
        if len(sides) == 1:  # a sentence: 'Seat 1 wins' where seats have no colours
            winner = f"{names[0]} {'win' if len(sides[0]) > 1 else 'wins'}"
            return winner[:1].upper() + winner[1:]
        if len(sides) == len(state.game.sides):
            return "Draw: " + ", ".join(names) + " share the result"
        # some sides tied for the best, the others behind: as the browser's banner says it
        return " and ".join(names) + " share the win"

    def scores_are_points(self, state: State) -> bool:
        """Whether ``state.scores()`` are points worth printing, not just the win/draw
        markers of a game that is only won, drawn or lost."""
        return True

    def resigned(self, state: State, seat: int) -> str:
        """How a game that ``seat`` resigned ended: 'Black resigned: White wins.'"""
        others = state.game.opponents(seat)
        return (f"{self.seat_name(seat)} resigned: "
                f"{' and '.join(self.seat_name(s) for s in others)} "
                f"{'win' if len(others) > 1 else 'wins'}.")

    def result(self, state: State) -> RenderableType:
        return Lines(self.result_text(state))

    def result_text(self, state: State) -> Text:
        """The result's line(s), each seat and its score a :func:`unit`."""
        if not self.scores_are_points(state):
            return Text(f"Game over. {self.verdict(state)}.", style="bold")
        scores = ", ".join(unit(f"{self.seat_name(s)} {self.score_text(state, s)}")
                           for s in range(state.game.num_players))
        return Text(f"Game over. {self.verdict(state)}.  Scores: {scores}", style="bold")
