"""Pent-Up in the terminal: the table (cropped to the terminal's width), tiles and levels."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.game import Move, State
from ...core.polyomino import PIECE_NAMES
from ...games.pentup.notation import COORD_LIMIT
from ..lines import Lines, unit
from .base import (
    Fitted,
    TerminalView,
    no_match,
    numbered,
    plural,
)


EXPLAINED_TURNS = 2
"""A person's first turns show the table's legend and what a move looks like (the first
also what the columns mean); later ones only on asking.  (All of it on the second turn
ran to 29 lines at 80 columns: the top of the table scrolled out of a 24-line terminal.)
The second, only where the whole table fits with them (:meth:`PentUpView.crowded`); the
first, where it does not, above the table (:meth:`PentUpView.preface`)."""

MOVES_L = unit("'moves L'")
"""The command, kept on one line where a note wraps."""


class PentUpView(TerminalView):
    """Pent-Up: the table with heights, colour codes and outlined tiles; each seat's tiles
    with their mandatory levels, its record (and each team's)."""

    seat_names = ("White", "Black", "Red", "Blue")
    moves_help = (("moves", "each tile's mandatory level and number of places"),
                  ("moves L", "every place for the L tile, numbered"))
    board_help = (("board", "show the table again"),
                  ("board X", "a table wider than the terminal: show the columns around "
                              "column X"),
                  ("board X Y", "... and, taller than the terminal, the rows around row Y"))

    explained = 0
    """How many of a person's turns showed the legend and the notes: the first
    :data:`EXPLAINED_TURNS`, then on asking ('board', 'help')."""
    brief = False
    """This turn leaves the legend and the notes out: with them the table would not fit
    the terminal (:meth:`crowded`)."""
    prefaced = False
    """A person's first turn, or a 'board' asked for, whose table would not fit with its
    legend and notes: they come above the table (:meth:`preface`), the table and the
    status under them, with what a move looks like (a four-player first turn ran to 30
    lines of 24)."""

    def explaining(self) -> bool:
        return not self.prefaced and (
            self.explain or not self.interactive
            or (self.explained < EXPLAINED_TURNS and not self.brief))

    def crowded(self, state: State, last: Move | None, lines: int, columns: int) -> bool:
        from ...games.pentup.render import printed_lines, render_rich

        if not self.explaining():
            return False  # already brief or prefaced
        whole = render_rich(state, set(last.cells) if last is not None else None,
                            columns=columns, with_legend=True)
        if printed_lines(whole.plain, columns) + self.lines_after <= lines:
            return False
        if self.explain or (self.explained == 0 and self.person_to_move):
            # asked for ('board'), or a person's first turn: all of it, above the table
            # ('board' with four players at 80x24 left the table three rows under them,
            # its column numbers scrolled away)
            self.prefaced = True
        else:
            self.brief = True
        return True

    def preface(self, state: State) -> RenderableType | None:
        """On a first turn whose table would not fit with them (:meth:`crowded`), the
        legend and what the status's columns mean, printed above the table; else None."""
        from ...games.pentup.render import legend

        if not self.prefaced:
            return None
        players = state.game.num_players
        return Fitted(lambda width, styled: Lines(Text("\n".join(
            ["The table: " + legend(players, styled, not styled),
             *self.notes(state, move=False)]), style="dim")), styles=True)

    def turn_shown(self, state: State) -> None:
        if self.person_to_move and not state.is_terminal() and (
                self.explaining() or self.prefaced):
            self.explained += 1
        self.explain = self.brief = self.prefaced = self.caught_up = False

    def seat_name(self, seat: int) -> str:
        from ...games.pentup.render import seat_code

        return f"{seat_code(seat)} {super().seat_name(seat)}"

    def catch_up(self, seat: int, move: str, after: State) -> str:
        # the tile and the level it went on ('◆ Red (seat 2) F on level 1'): its five
        # cells made three opponents' moves three lines, and the table lost a row to them
        cells = after.parse_move(move).cells
        return unit(f"{self.seat_name(seat)} {move.partition(':')[0]} on level "
                    f"{after.height(cells[0])}")

    def board(self, state: State, last: Move | None) -> RenderableType:
        from ...games.pentup.render import render_rich

        highlight = set(last.cells) if last is not None else None
        # at a terminal one line each (three at 80 columns took a row of the table's room):
        # 'Rows -2 to 1 of -2 to 5 shown: 'board X Y' centres on column X, row Y.'
        more = (": 'board X' centres on column X" if self.interactive
                else " (the table is wider than the terminal): widen the terminal to see "
                     "them all")
        more_rows = (": 'board X Y' centres on column X, row Y" if self.interactive
                     else " (the table is taller than the terminal): make the terminal "
                          "taller to see them all")
        focus, row_focus, legend = self.focus, self.row_focus, self.explaining()
        # the last table is shown whole: nothing follows to play (a resignation included)
        over = state.is_terminal() or self.ended_by_resignation
        return Fitted(lambda width, styled, lines: render_rich(
            state, highlight, columns=width, focus=focus, more=more, styled=styled,
            with_legend=legend, lines=None if over or lines is None
            else lines - self.lines_after, row_focus=row_focus, more_rows=more_rows),
            styles=True, lines=True)

    def set_focus(self, arg: str) -> str | None:
        """'board X' (a column), 'board X Y' or 'board X,Y' (a cell: its column and row)."""
        parts = arg.replace(",", " ").split()
        if len(parts) > 2:
            return (f"'board {arg.strip()[:40]}': give a column, or a column and a "
                    f"row (the x and y of a cell, as the table's edges number them), e.g. "
                    f"'board 0' or 'board 0 -3'.")
        numbers = []
        for text, what in zip(parts, ("column", "row")):
            number = text[1:] if text[:1] in "+-" else text
            if not (number.isascii() and number.isdigit()):
                example = "'board 0'" if what == "column" else "'board 0 -3'"
                where = "the top line" if what == "column" else "the left edge"
                return (f"'board {arg.strip()[:40]}': give a {what} number (the "
                        f"{'x' if what == 'column' else 'y'} of the cells, as {where} shows "
                        f"them), e.g. {example}.")
            if len(number.lstrip("0")) > len(str(COORD_LIMIT)):  # (nor int() of 4,300 digits)
                return (f"'board {text[:20]}…': {what}s run from -{COORD_LIMIT} to "
                        f"{COORD_LIMIT}; give one the table shows, e.g. 'board 0'.")
            numbers.append(int(text))
        self.focus = numbers[0]
        self.row_focus = numbers[1] if len(numbers) > 1 else None
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
        from ...games.pentup.scoring import record

        rec = record(counts, state.game.scoring)
        return str(rec[0]) if state.game.scoring == "advanced" else "/".join(map(str, rec))

    def status(self, state: State) -> RenderableType:
        from ...games.pentup.scoring import side_counts

        heading = self._record_heading(state)[0]
        table = Table(box=None, show_header=True, pad_edge=False)
        table.add_column("player", no_wrap=True)
        table.add_column("tiles left")
        table.add_column(heading)
        over = state.is_terminal() or self.ended_by_resignation
        levels = state.mandatory_levels() if not over else {}
        counts = state.level_counts()
        teams = self._teams(state)
        team_of = {s: name for name, side in teams for s in side}
        for seat in range(state.game.num_players):
            hand = state.hand(seat)
            if seat == state.current_player and not over:
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
        short = Text("'board' shows the table with its legend, 'help' what the columns "
                     "mean.", style="dim")
        if self.prefaced:  # the columns explained above the table
            notes = self.notes(state, columns=False)
        elif not self.explaining():
            # (under it, the moves since the person's last: the reminder gives them its line)
            return table if self.caught_up else Group(table, short)
        else:
            notes = self.notes(state, columns=self.explain or not self.interactive
                               or self.explained == 0)
        return Group(table, Lines(Text("\n".join(notes), style="dim")) if notes else short)

    def help_notes(self, state: State) -> list[str]:
        from ...games.pentup.render import legend

        return ["The table: " + legend(state.game.num_players), *self.notes(state)]

    def notes(self, state: State, columns: bool = True, move: bool = True) -> list[str]:
        """What a move looks like (on a person's turn, with ``move``) and, with
        ``columns``, what the status's columns mean."""
        notes = []
        if move and self.person_to_move and not state.is_terminal():
            notes.append(f"A move is a tile and its five cells (x,y), e.g. "
                         f"{self.example(state)} — {MOVES_L} lists the places of the L.")
        if columns:
            notes += ["tiles left: the letters are tiles; L2 = the L tile must go on level 2 "
                      "this turn (the highest level where it fits); no number: level 1.",
                      self._record_heading(state)[1]]
            if self._teams(state):
                notes.append("teams: partners' records are added up; the team lines decide.")
        return notes

    moves_hint = (f"Type 'moves L' with one tile letter ({' '.join(PIECE_NAMES)}) for its "
                  f"places, or 'moves'.")

    def moves(self, state: State, arg: str) -> tuple[RenderableType, list[Move]]:
        if state.current_player is not None:  # the tiles the mover has left, not all twelve
            hand = " ".join(state.hand(state.current_player))
            self.moves_hint = (f"Type 'moves L' with one tile letter ({hand}) for its places, "
                               f"or 'moves'.")
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
        from ...games.pentup.scoring import side_counts

        counts = state.level_counts()
        teams = self._teams(state)

        def tiles_per_level(width: int) -> Table:
            # narrow terminals: no frame, levels headed by their number only
            labels = {team: f"team {team} = " + " + ".join(self.seat_names[s] for s in side)
                      for team, side in teams}   # (as the status's team lines name them)
            names = max([len(self.seat_name(s)) for s in range(len(counts))]
                        + [len(label) for label in labels.values()])
            narrow = names + 4 + 10 * len(counts[0]) > width
            table = Table(title="Tiles per level", box=None if narrow else box.HEAVY_HEAD)
            table.add_column("player", no_wrap=True)
            # in the order the record compares them: misère from level 1 up, else down
            low_first = state.game.scoring == "misere"
            levels = list(range(1, len(counts[0]) + 1))
            if not low_first:
                levels.reverse()
            for lv in levels:
                table.add_column(str(lv) if narrow else f"level {lv}", justify="right")
            for seat, row in enumerate(counts):
                table.add_row(self.seat_name(seat), *(str(row[lv - 1]) for lv in levels))
            if teams:
                for (team, side), row in zip(teams, side_counts(counts, [s for _, s in teams])):
                    table.add_row(labels[team], *(str(row[lv - 1]) for lv in levels),
                                  style="italic")
            return table

        table = Fitted(tiles_per_level)
        heading, rule = self._record_heading(state)
        lines = [f"{heading}: " + ", ".join(unit(f"{self.seat_name(s)} "
                                                 f"{self._record(state, counts[s])}")
                                            for s in range(state.game.num_players))]
        if teams:
            lines.append("teams: " + ", ".join(
                unit(f"team {team} {self._record(state, row)}")
                for (team, _), row in zip(teams, side_counts(counts, [s for _, s in teams]))))
        return Group(table, Lines(Text(f"Game over. {self.verdict(state)}.", style="bold")),
                     Lines(Text("\n".join(lines))), Text(rule, style="dim"))
