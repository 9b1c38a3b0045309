"""Per-game terminal views: how a game is pictured and how its moves are summarised.

A view is looked up by game name; games without one fall back on ``str(state)`` and a
plain list of moves, so every registered game can be played in the terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from ..core.game import Move, State, game_info, unused_options
from ..core.polyomino import PIECE_NAMES

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
    words = [f"{key.replace('_', ' ')} "
             f"{('yes' if value else 'no') if isinstance(value, bool) else value}"
             for key, value in options.items() if key not in unused and (
                 not changed_only or key not in info.options
                 or value != info.options[key].default)]
    return " · ".join([info.title, *words])


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

    def __init__(self, draw: Callable[[int], RenderableType]) -> None:
        self.draw = draw

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.draw(options.max_width)


def no_match(arg: str, what: str, hint: str, state: State | None = None) -> Text:
    """'No legal move matches …', with the engine's reason when ``arg`` (or its first
    word) is a move it refuses (Pentago 'd4' on a taken cell: 'd4 is already taken')."""
    why = refusal(state, arg) if state is not None else None
    return Text(f"No {what} matches {arg!r}" + (f": {why}" if why else "") + f". {hint}",
                style="yellow")


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
    for m in moves:
        key = m.piece if getattr(m, "kind", "place") == "place" else str(m)
        counts[key] = counts.get(key, 0) + 1
    lines = [f"{k}: {plural(n, 'place')}" if len(k) == 1 else k for k, n in counts.items()]
    return Text(f"{plural(len(moves), noun)}:\n" + "\n".join(lines)
                + "\nType 'moves L' to list and number the places of one piece.")


class TerminalView:
    """Generic view: the state's own text and the full move list."""

    seat_names: tuple[str, ...] = ()
    show_seat: int | None = None  # whose hidden information may be shown
    hand_label = ""  # what that seat's hand is called on the screen ("Seat 1's hand")
    person_to_move = False  # whether a person types the next move (not a computer)
    interactive = False  # at the prompt of 'pentarena play' (not in a replay)
    focus: int | None = None  # the column a cropped board is centred on ('board X')
    moves_noun = "legal move"
    moves_note = ""  # e.g. the form of the moves listed
    example_move = ""  # shown when there is no legal move to quote
    moves_help: tuple[tuple[str, str], ...] = (
        ("moves [start]", "list your legal moves, numbered; with a start, only the moves "
                          "that begin with it"),)
    """The help's lines on 'moves': (command, what it does)."""
    board_help: tuple[tuple[str, str], ...] = (("board", "show the table again"),)

    def after_move(self, state: State) -> str:
        """A line to print after each move (e.g. how it scored); '' for none."""
        return ""

    def scores_are_points(self, state: State) -> bool:
        return state.game.rounds  # else one game, won by the last placer

    def round_over(self, state: State, last: Move) -> RenderableType | None:
        """When ``last`` (the move just played) ended a round of a match: the board as the
        round left it and what it scored; None otherwise."""
        return None

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

    def filter_key(self, arg: str) -> str:
        """What the moves' text must start with for 'moves ARG' (lower case)."""
        return arg.strip().lower()

    def moves(self, state: State, arg: str) -> tuple[RenderableType, list[Move]]:
        """A listing of legal moves (filtered by ``arg``) and the moves it numbers."""
        everything = state.legal_moves()
        key = self.filter_key(arg)
        moves = [m for m in everything if not arg or str(m).lower().startswith(key)]
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
        """Who won: a side (a seat, or partners) or a draw between every side that shares
        the best result (``State.winners`` holds all of their seats)."""
        won = state.winners()
        sides = [side for side in state.game.sides if won.intersection(side)]
        names = [" and ".join(self.seat_name(s) for s in side) for side in sides]
        if not sides:
            return "Nobody wins"
        if len(sides) == 1:
            return f"{names[0]} {'win' if len(sides[0]) > 1 else 'wins'}"
        if len(sides) == len(state.game.sides):
            return "Draw: " + ", ".join(names) + " share the result"
        return "Draw between " + ", ".join(names)

    def scores_are_points(self, state: State) -> bool:
        """Whether ``state.scores()`` are points worth printing, not just the win/draw
        markers of a game that is only won, drawn or lost."""
        return True

    def result(self, state: State) -> RenderableType:
        if not self.scores_are_points(state):
            return Text(f"Game over. {self.verdict(state)}.", style="bold")
        scores = ", ".join(f"{self.seat_name(s)} {self.score_text(state, s)}"
                           for s in range(state.game.num_players))
        return Text(f"Game over. {self.verdict(state)}.  Scores: {scores}", style="bold")


class PentUpView(TerminalView):
    """Pent-Up: the table with heights, colour codes and outlined tiles; each seat's tiles
    with their mandatory levels, its record (and each team's)."""

    seat_names = ("White", "Black", "Red", "Blue")
    moves_help = (("moves", "each tile's mandatory level and number of places"),
                  ("moves L", "every place for the L tile, numbered"))
    board_help = (("board", "show the table again"),
                  ("board X", "a table wider than the terminal: show the columns around "
                              "column X"))

    def seat_name(self, seat: int) -> str:
        from ..games.pentup.render import seat_code

        return f"{seat_code(seat)} {super().seat_name(seat)}"

    def board(self, state: State, last: Move | None) -> RenderableType:
        from ..games.pentup.render import render_rich

        highlight = set(last.cells) if last is not None else None
        more = ("type 'board X' to centre the table on column X, or widen the terminal"
                if self.interactive else "widen the terminal to see them all")
        focus = self.focus
        return Fitted(lambda width: render_rich(state, highlight, columns=width, focus=focus,
                                                more=more))

    def set_focus(self, arg: str) -> str | None:
        text = arg.strip()
        number = text[1:] if text[:1] in "+-" else text
        if not (number.isascii() and number.isdigit()):
            return (f"'board {text}': give a column number (the x of the cells, as the top "
                    f"line shows them), e.g. 'board 0'.")
        self.focus = int(text)
        return None

    @staticmethod
    def _teams(state: State) -> list[tuple[str, tuple[int, ...]]]:
        sides = state.game.sides
        if all(len(side) == 1 for side in sides):
            return []
        return [("AB"[i] if i < 2 else str(i), side) for i, side in enumerate(sides)]

    @staticmethod
    def _record_heading(state: State) -> tuple[str, str]:
        """The record column's heading and the legend line that explains it."""
        scoring = state.game.scoring
        top = max(1, state.max_level())
        if scoring == "advanced":
            return ("points", "points: each tile scores the number of its level; the most "
                              "points win, ties go to the most tiles on the highest level, then "
                              "one level down, and so on.")
        levels = list(range(top, 0, -1)) if scoring == "standard" else list(range(1, top + 1))
        order = "/".join(map(str, levels))
        if scoring == "standard":
            rule = ("record: tiles on each level, highest level first; the best record wins, "
                    "compared from the left (most tiles on the top level, then the next...).")
        else:
            rule = ("record (misère): tiles on each level, level 1 first; the best record "
                    "wins, compared from the left (most tiles on the table, then level 2...).")
        return (f"record (level {order})", rule)

    @staticmethod
    def _record(state: State, counts: list[int]) -> str:
        from ..games.pentup.scoring import record

        rec = record(counts, state.game.scoring)
        return str(rec[0]) if state.game.scoring == "advanced" else "/".join(map(str, rec))

    def status(self, state: State) -> RenderableType:
        from ..games.pentup.scoring import side_counts

        heading, rule = self._record_heading(state)
        table = Table(box=None, show_header=True, pad_edge=False)
        table.add_column("player", no_wrap=True)
        table.add_column("tiles left")
        table.add_column(heading)
        levels = state.mandatory_levels() if not state.is_terminal() else {}
        counts = state.level_counts()
        teams = self._teams(state)
        team_of = {s: name for name, side in teams for s in side}
        for seat in range(state.game.num_players):
            hand = state.hand(seat)
            if seat == state.current_player:
                tiles = " ".join(f"{p}{levels[p]}" if levels[p] > 1 else p for p in hand)
                name = Text("▶ " + self.seat_name(seat), style="bold")
            else:
                tiles = " ".join(hand)
                name = Text("  " + self.seat_name(seat))
            if teams:
                name.append(f" team {team_of[seat]}")
            table.add_row(name, tiles or "-", self._record(state, counts[seat]))
        if teams:
            totals = side_counts(counts, [side for _, side in teams])
            for (team, side), total in zip(teams, totals):
                partners = " + ".join(f"{self.seat_names[s]}" for s in side)
                table.add_row(Text(f"  team {team} = {partners}", style="italic"), "",
                              self._record(state, total))
        notes = ["tiles left: the letters are tiles; L2 = the L tile must go on level 2 this "
                 "turn (the highest level where it fits); no number: level 1.", rule]
        if teams:
            notes.append("teams: partners' records are added up; the team lines decide.")
        return Group(table, Text("\n".join(notes), style="dim"))

    moves_hint = (f"Type 'moves L' with one tile letter ({' '.join(PIECE_NAMES)}) for its "
                  f"places, or 'moves'.")

    def moves(self, state: State, arg: str) -> tuple[RenderableType, list[Move]]:
        if arg and len(arg.strip()) > 1:  # the moves whose text starts with it ('I:0,0')
            return super().moves(state, arg)
        if arg:
            piece = arg.strip().upper()
            if piece not in PIECE_NAMES:
                return no_match(arg, "tile", self.moves_hint), []
            if piece not in state.hand(state.current_player):
                return Text(f"You have no {piece} tile left to place.", style="yellow"), []
            moves = state.moves_for(piece)
            level = state.mandatory_levels()[piece]
            return numbered(f"{plural(len(moves), 'place')} for {piece} (level {level}):",
                            moves), moves
        lines = [f"{p}: level {pl.level}, {plural(pl.count(), 'place')}"
                 for p, pl in state.placements().items()]
        return Text("\n".join(lines) + "\nType 'moves L' to list the places of one tile."), []

    def score_text(self, state: State, seat: int) -> str:
        return self._record(state, state.level_counts()[seat])

    def result(self, state: State) -> RenderableType:
        from ..games.pentup.scoring import side_counts

        counts = state.level_counts()
        teams = self._teams(state)

        def tiles_per_level(width: int) -> Table:
            # narrow terminals: no frame, levels headed by their number only
            names = max(len(self.seat_name(s)) for s in range(len(counts)))
            narrow = names + 4 + 10 * len(counts[0]) > width
            table = Table(title="Tiles per level", box=None if narrow else box.HEAVY_HEAD)
            table.add_column("player", no_wrap=True)
            for lv in range(len(counts[0]), 0, -1):
                table.add_column(str(lv) if narrow else f"level {lv}", justify="right")
            for seat, row in enumerate(counts):
                table.add_row(self.seat_name(seat), *map(str, reversed(row)))
            if teams:
                for (team, side), row in zip(teams, side_counts(counts, [s for _, s in teams])):
                    table.add_row(f"team {team}", *map(str, reversed(row)), style="italic")
            return table

        table = Fitted(tiles_per_level)
        heading, rule = self._record_heading(state)
        lines = [f"{heading}: " + ", ".join(f"{self.seat_name(s)} "
                                            f"{self._record(state, counts[s])}"
                                            for s in range(state.game.num_players))]
        if teams:
            lines.append("teams: " + ", ".join(
                f"team {team} {self._record(state, row)}"
                for (team, _), row in zip(teams, side_counts(counts, [s for _, s in teams]))))
        return Group(table, Text(f"Game over. {self.verdict(state)}.", style="bold"),
                     Text("\n".join(lines)), Text(rule, style="dim"))


class PentagoView(TerminalView):
    """Pentago: the board with rank 1 on top and the quadrants marked."""

    seat_names = ("White", "Black")
    moves_help = (("moves", "every legal move, numbered, in columns"),
                  ("moves d4", "only the moves that place on d4 (any start: 'moves d4 TR')"))

    def board(self, state: State, last: Move | None) -> RenderableType:
        from ..games.pentago.render import render_rich

        return render_rich(state)

    def status(self, state: State) -> RenderableType:
        if state.is_terminal() or not self.person_to_move:
            return Text("")
        example = self.example(state)
        return Text(f"{self.seat_name(state.current_player)} to move: place a marble and "
                    f"twist a quadrant, e.g. '{example}' (just '{example.split()[0]}' when it "
                    f"makes five).", style="dim")

    def example(self, state: State) -> str:
        """'d4 TR cw' while it is legal, else the first legal move with a twist."""
        moves = state.legal_moves()
        texts = [str(m) for m in moves if m.rotates] or [str(m) for m in moves]
        return "d4 TR cw" if "d4 TR cw" in texts or not texts else texts[0]

    def scores_are_points(self, state: State) -> bool:
        return False  # 1 each for a draw, 1 and 0 for a win: the verdict says it


class PentominoView(TerminalView):
    """Golomb's game: the 8×8 board, the pool or each player's set, round scores."""

    seat_names = ("Amber", "Teal", "Plum", "Slate")
    moves_help = (("moves", "how many places each piece has (or the picks of the draft)"),
                  ("moves L", "every place for the L piece, numbered"))

    def board(self, state: State, last: Move | None) -> RenderableType:
        from ..games.pentomino.render import render_rich

        return render_rich(state, last.mask if last is not None and last.kind == "place" else 0)

    def status(self, state: State) -> RenderableType:
        data = state.to_json()
        lines = []
        if data["sets"] is not None:
            for seat, pieces in enumerate(data["sets"]):
                lines.append(f"{self.seat_name(seat)}: {' '.join(pieces) or '-'}")
            if data["phase"] == "pick":
                lines.append(f"Draft — left to pick: {' '.join(data['pool'])}  "
                             f"(type 'pick {data['pool'][0]}')")
        else:
            lines.append(f"Pool: {' '.join(data['pool']) or '-'}")
        if state.game.rounds:
            lines.append(f"Round {data['round']} — totals: "
                         + ", ".join(f"{self.seat_name(s)} {t}" for s, t in
                                     enumerate(data["totals"])) + f" (target {state.game.target})")
        if data["touched"]:
            lines.append(f"Touched: {data['touched']} — it must be placed now.")
        return Text("\n".join(lines))

    def moves(self, state: State, arg: str) -> tuple[RenderableType, list[Move]]:
        return piece_moves(self, state, arg)

    def example(self, state: State) -> str:
        moves = state.legal_moves()
        return str(moves[0]) if moves else "L:a1,b1,c1,d1,d2"

    def scores_are_points(self, state: State) -> bool:
        return state.game.rounds  # else one game, won by the last placer

    def round_over(self, state: State, last: Move) -> RenderableType | None:
        # a placement that leaves the round without placements (a new round) or ends the
        # match ends a round; the engine's record of it (state.rounds) has the rest
        if not state.game.rounds or last.kind != "place" or (
                state.placed and not state.is_terminal()):
            return None
        from ..games.pentomino.render import render_round

        return Group(render_round(state.rounds[-1], last.mask),
                     Text(self.round_summary(state), style="bold"))

    def round_summary(self, state: State) -> str:
        """'Round 1 over: none of the pieces left (I T) fits on the board. Plum (seat 2)
        placed last +10, Teal (seat 1) second-to-last +5 — totals: …'."""
        rounds = state.rounds
        finished = rounds[-1]
        placed = {p["piece"] for p in finished["placed"]}
        left = [p for p in PIECE_NAMES if p not in placed]
        why = (f"none of the pieces left ({' '.join(left)}) fits on the board" if left
               else "all 12 pieces are on the board")
        points = finished["points"]
        scorers = sorted((s for s, n in enumerate(points) if n > 0), key=lambda s: -points[s])
        order = ("placed last", "second-to-last", "third-to-last")
        scored = ", ".join(f"{self.seat_name(s)} {order[i]} +{points[s]}"
                           for i, s in enumerate(scorers))
        totals = ", ".join(f"{self.seat_name(s)} {t}" for s, t in enumerate(state.totals))
        return (f"Round {len(rounds)} over: {why}. {scored} — totals: {totals} "
                f"(target {state.game.target}).")

    def result(self, state: State) -> RenderableType:
        rounds = state.rounds
        if not rounds:
            return super().result(state)
        table = Table(title="Rounds")
        table.add_column("round")
        for seat in range(state.game.num_players):
            table.add_column(self.seat_name(seat), justify="right")
        for i, r in enumerate(rounds, 1):
            table.add_row(str(i), *map(str, r["points"]))
        return Group(table, super().result(state))


def piece_moves(view: TerminalView, state: State, arg: str) -> tuple[RenderableType, list[Move]]:
    """Pentomino listings: a summary per piece when long, the places of one piece with
    'moves L', or the moves that start with any other text."""
    moves = state.legal_moves()
    if not arg:
        if len(moves) > SUMMARY_OVER:
            return per_piece(state, moves, view.moves_noun), []
        return numbered(plural(len(moves), view.moves_noun) + ":", moves), moves
    key = arg.strip()
    letter = key.upper() if len(key) == 1 and key.upper() in PIECE_NAMES else None
    if letter:
        chosen = [m for m in moves if m.piece == letter]
    else:
        chosen = [m for m in moves if str(m).lower().startswith(key.lower())]
    if not chosen:
        if letter:
            return Text(f"No legal move uses the {letter} now; type 'moves' to see what you "
                        f"can play.", style="yellow"), []
        return no_match(arg, "piece or move", "Type 'moves' for every piece, or 'moves L' "
                                              "for the moves of one piece.", state), []
    if letter and all(m.kind == "place" for m in chosen):
        head = f"{plural(len(chosen), 'place')} for the {letter}:"
    elif letter:
        head = f"{plural(len(chosen), view.moves_noun)} with the {letter}:"
    else:
        head = f"{plural(len(chosen), view.moves_noun)} starting with {arg!r}:"
    return numbered(head, chosen), chosen


class PuzzleView(TerminalView):
    """Pentomino puzzles: the region, the pieces still to place."""

    moves_noun = "move"
    moves_help = (("moves", "how many places each piece has"),
                  ("moves L", "every place for the L piece, numbered"))
    finished_by_computer: int | None = None
    """Set by 'solve': how many moves the person had played before the computer finished."""

    def board(self, state: State, last: Move | None) -> RenderableType:
        return Text(str(state))

    def set_focus(self, arg: str) -> str | None:
        """'board X': centre a board that is wider than the terminal on column X; returns
        what was wrong with ``arg``, or None."""
        return "'board' takes no column in this game: type 'board' to show the table."

    def status(self, state: State) -> RenderableType:
        if state.is_terminal():
            return Text("")
        left = state.unplaced()
        return Text(f"Pieces to place: {' '.join(left) or '-'}.  'hint' suggests a move, "
                    f"'solve' finishes the puzzle, 'remove L' takes a piece back.", style="dim")

    def moves(self, state: State, arg: str) -> tuple[RenderableType, list[Move]]:
        return piece_moves(self, state, arg)

    def example(self, state: State) -> str:
        return "L:a1,b1,c1,d1,d2"

    def result(self, state: State) -> RenderableType:
        total = len(state.history())
        mine = self.finished_by_computer
        if mine is None:
            return Text(f"Solved in {plural(total, 'move')}!", style="bold green")
        if mine == 0:
            return Text(f"Solved by the computer ({plural(total, 'move')}).", style="bold green")
        return Text(f"Solved: the computer finished it after your {plural(mine, 'move')} "
                    f"({plural(total, 'move')} in all).", style="bold green")


class PenticView(TerminalView):
    """Pentic: the grid's top cards, the hand of the person to move, scores, pile."""

    moves_noun = "play"
    moves_note = " (card@position)"
    example_move = "3-star-orange@5"
    moves_help = (("moves", "every play of your cards, numbered (card@position)"),
                  ("moves 3-star", "only the plays of the cards whose name starts with "
                                   "3-star"))

    def filter_key(self, arg: str) -> str:
        # a card as it is drawn (with its shape symbol) or typed, then maybe @position
        from ..games.pentic.cards import typed_form

        card, at, position = arg.partition("@")
        return typed_form(card) + at + position.strip()

    def board(self, state: State, last: Move | None) -> RenderableType:
        from ..games.pentic.render import render_rich

        seat, label = self.show_seat, self.hand_label or "Your hand"
        return Fitted(lambda width: render_rich(state, seat, label, columns=width))

    def _typed_example(self, state: State) -> str:
        """A play as it is typed, with a card of the hand shown (the typed form)."""
        from ..games.pentic.cards import NAMES

        seat = self.show_seat
        hand = sorted(c for c in state.hands[seat] if c >= 0) if seat is not None else []
        return f"{NAMES[hand[0]]}@5" if hand else self.example_move

    def status(self, state: State) -> RenderableType:
        if state.ending and not state.over:
            return Text(f"Someone reached {state.game.target}: this round is finished so "
                        f"that everybody has the same number of turns.", style="yellow")
        if state.over:
            return Text("")
        holds = ", ".join(f"{self.seat_name(s)} holds {n}"
                          for s, n in enumerate(state.hand_sizes())) + "."
        if not (self.person_to_move and self.show_seat == state.current_player):
            return Text(holds, style="dim")  # no instructions for someone else's turn
        return Text(f"Play a card: <card>@<position>, e.g. {self._typed_example(state)} "
                    f"(positions 1-9, 5 is the centre; type a card as its hand shows it, "
                    f"number-shape-colour).  " + holds, style="dim")

    def example(self, state: State) -> str:
        return self._typed_example(state)

    def after_move(self, state: State) -> str:
        p = state.plays[-1]
        parts = [plural(p["tics"], "Tic"), plural(p["singles"], "Single"),
                 plural(p["nics"], "Nic")]
        extra = " — a Pentic play!" if p["pentic"] else ""
        extra += " — All-Nic!" if p["all_nic"] else ""
        bonus = f" + {p['bonus']} Extreme bonus" if p["bonus"] else ""
        return (f"{p['card']}@{p['position']}: {', '.join(parts)} → edge {p['edge']}, "
                f"{p['underneath']} underneath ×{p['multiplier']}{bonus} = "
                f"{plural(p['points'], 'point')}{extra}")


VIEWS: dict[str, Callable[[], TerminalView]] = {
    "pentic": PenticView,
    "pentup": PentUpView,
    "pentago": PentagoView,
    "pentomino": PentominoView,
    "pentomino-puzzle": PuzzleView,
}


def view_for(game_name: str) -> TerminalView:
    return VIEWS.get(game_name, TerminalView)()
