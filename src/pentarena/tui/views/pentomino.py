"""Pentomino in the terminal: Golomb's game, the draft, rounds, and the puzzles."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.game import Move, State
from ...core.polyomino import PIECE_NAMES
from ..lines import Lines, unit
from .base import (
    SUMMARY_OVER,
    Fitted,
    TerminalView,
    no_match,
    numbered,
    per_piece,
    plural,
)


class PentominoView(TerminalView):
    """Golomb's game: the 8×8 board, the pool or each player's set, round scores."""

    seat_names = ("Amber", "Teal", "Plum", "Slate")
    moves_help = (("moves", "how many places each piece has (or the picks of the draft)"),
                  ("moves L", "every place for the L piece, numbered"))

    def move_news(self, seat: int, move: str, after: State | None = None) -> str:
        """A pick and a touch in words, as the browser's move list says them."""
        verb, _, piece = move.partition(" ")
        if verb in ("pick", "touch") and piece:
            return f"{self.seat_name(seat)} {verb}es the {piece}" if verb == "touch" else \
                f"{self.seat_name(seat)} picks the {piece}"
        return super().move_news(seat, move)

    def catch_up(self, seat: int, move: str, after: State) -> str:
        # a move that ended a round says what the round scored (its board, its result
        # and the next round's moves came before the person's prompt)
        said = super().catch_up(seat, move, after)
        if self.round_over(after, after.parse_move(move)) is None:
            return said
        points = after.rounds[-1]["points"]
        scored = ", ".join(unit(f"{self.seat_name(s)} +{points[s]}")
                           for s in sorted(range(len(points)), key=lambda s: -points[s])
                           if points[s] > 0)
        return f"{said} — round {len(after.rounds)} over: {scored}"

    def changes_board(self, last: Move) -> bool:
        # a draft's pick and a touch-move's touch leave the board as it was
        return last.kind not in ("pick", "touch")

    def board(self, state: State, last: Move | None) -> RenderableType:
        from ...games.pentomino.render import render_rich

        return render_rich(state, last.mask if last is not None and last.kind == "place" else 0)

    def status(self, state: State) -> RenderableType:
        data = state.to_json()
        lines = []
        if data["sets"] is not None:
            # what each set is, said ('Amber (seat 0): -' left a newcomer guessing)
            for seat, pieces in enumerate(data["sets"]):
                name = self.seat_name(seat)
                lines.append(f"{name} has picked: {' '.join(pieces) or 'nothing yet'}"
                             if data["phase"] == "pick" else
                             f"{name}'s pieces to place: {' '.join(pieces) or 'none left'}")
            if data["phase"] == "pick":
                lines.append(f"Draft — left to pick: {' '.join(data['pool'])}  "
                             f"(type 'pick {data['pool'][0]}')")
        else:
            lines.append(f"Pool: {' '.join(data['pool']) or 'empty'}")
        if state.game.rounds:
            lines.append(f"Round {data['round']} — totals: "
                         + ", ".join(unit(f"{self.seat_name(s)} {t}") for s, t in
                                     enumerate(data["totals"]))
                         + f" {unit(f'(target {state.game.target})')}")
        if data["touched"]:
            lines.append(f"Touched: {data['touched']} — it must be placed now.")
        elif self.person_to_move and data["phase"] == "place":   # what a move looks like
            first = "Touch a piece ('touch L'), then place it" if state.game.touch_move else (
                "Place a piece")
            lines.append(f"{first}: its letter and five squares, e.g. L:a1,b1,c1,d1,d2 — "
                         f"'moves L' lists the places of the L.")
        return Lines(Text("\n".join(lines)))

    def help_notes(self, state: State) -> list[str]:
        """The board and how the game is won (RULES.md §3), for 'help': a match of rounds
        on points was not explained anywhere before its first round ended."""
        game = state.game
        notes = ["The board: files a-h left to right, ranks 1-8 bottom to top; a letter is "
                 "a square of that piece. A piece goes on five empty squares, either side "
                 "up; nobody may pass while a piece can be placed."]
        if game.options.get("variant") == "draft":
            picks = 12 // game.num_players
            notes.append(f"The draft: each picks {picks} pieces in turn ('pick L'), then "
                         f"places only their own, the seat after the first picker first. "
                         f"When the player to move cannot place any of theirs, the game "
                         f"ends: the last to place a piece wins.")
        elif game.rounds:
            points = [int(n) for n in game.options["scoring"].split("-")]
            order = ("the last to place a piece scores", "the one before", "the one "
                     "before that")
            scored = ", ".join(f"{who} {n}" for who, n in zip(order, points))
            notes.append(f"A match of rounds: each starts on an empty board with all 12 "
                         f"pieces, begun by the next seat. A round ends when the player to "
                         f"move cannot place any piece left; {scored}. The match ends "
                         f"after the round in which a total reaches {game.target}: the "
                         f"highest total wins.")
        else:
            notes.append("When the player to move cannot place any piece left (or all 12 "
                         "are down), the game ends: the last to place a piece wins.")
        return notes

    def after_move(self, state: State) -> str:
        """The draft's last pick: the placing begins, said (it was a bare prompt)."""
        data = state.to_json()
        history = state.history()
        if (data["sets"] is None or data["phase"] == "pick" or not history
                or not history[-1].startswith("pick ") or state.is_terminal()):
            return ""
        first = self.seat_name(state.current_player)
        example = self.example(state)
        if example.startswith("touch "):  # touch-move: a turn begins with its touch
            return (f"The draft is over: now each places pieces of their own set, {first} "
                    f"first — touch-move: touch a piece ({example}), then place it "
                    f"(or 'moves L').")
        return (f"The draft is over: now each places pieces of their own set, {first} "
                f"first — write a placement as {example} (or 'moves L').")

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
        from ...games.pentomino.render import render_round

        return Group(render_round(state.rounds[-1], last.mask),
                     Lines(Text(self.round_summary(state), style="bold")))  # (units whole)

    def why_over(self, state: State) -> str | None:
        """Why a single game (Golomb's, touch-move, a draft) ended: the player to move
        after the last placement could not place a piece — 'none of the pieces left (V W
        Z) fits on the board'; None for anything else (a match of rounds)."""
        won = state.winners()
        if state.game.rounds or not state.is_terminal() or len(won) != 1:
            return None
        data = state.to_json()
        stuck = (next(iter(won)) + 1) % state.game.num_players
        if data["sets"] is not None:
            left = data["sets"][stuck]
            if not left:
                return f"{self.seat_name(stuck)} has no pieces left to place"
            return (f"none of {self.seat_name(stuck)}'s pieces left ({' '.join(left)}) "
                    f"fits on the board")
        if not data["pool"]:
            return "all 12 pieces are on the board"
        return f"none of the pieces left ({' '.join(data['pool'])}) fits on the board"

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
        scored = ", ".join(unit(f"{self.seat_name(s)} {order[i]} +{points[s]}")
                           for i, s in enumerate(scorers))
        totals = ", ".join(unit(f"{self.seat_name(s)} {t}") for s, t in enumerate(state.totals))
        return (f"Round {len(rounds)} over: {why}. {scored} — totals: {totals} "
                f"{unit(f'(target {state.game.target}).')}")

    def result(self, state: State) -> RenderableType:
        rounds = state.rounds
        if not rounds:
            why = self.why_over(state)
            if why is None:
                return super().result(state)
            # each seat's name a unit: 'Teal' ended a line and '(seat 1)' began the next
            names = [self.seat_name(s) for s in range(state.game.num_players)]
            for name in names:
                why = why.replace(name, unit(name))
            winner = unit(names[next(iter(state.winners()))])
            return Lines(Text(f"Game over. {why[:1].upper()}{why[1:]}: {winner} placed the "
                              f"last piece and wins.", style="bold"))
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
                  ("moves L", "every place for the L piece, numbered"),
                  ("remove L", "take the L piece off the board"))
    finished_by_computer: int | None = None
    """Set by 'solve': how many moves the person had played before the computer finished."""

    def seat_name(self, seat: int) -> str:
        return "You"  # the puzzle's one seat (the prompt: "You > ")

    def move_news(self, seat: int, move: str, after: State | None = None) -> str:
        """As the browser's move list says it: "You take back the X", "You place …"."""
        if move.startswith("remove "):
            return f"You take back the {move.removeprefix('remove ')}"
        return f"You place {move}"

    @staticmethod
    def computer_news(move: str) -> str:
        """A move of the computer's 'solve' (a replay says whose it was)."""
        if move.startswith("remove "):
            return f"The computer takes back the {move.removeprefix('remove ')}"
        return f"The computer places {move}"

    def board(self, state: State, last: Move | None) -> RenderableType:
        """The region, one column a square where two (the spaced picture) do not fit."""
        from ...games.pentomino.render import grid_width, render_grid

        mask = last.mask if last is not None and last.kind == "place" else 0
        dead = sum(1 << state.grid.parse_square(square)
                   for area in state.result_details()["unfillable"] for square in area)
        return Fitted(lambda width: render_grid(state.grid, state.board_pieces(), mask,
                                                compact=grid_width(state.grid) > width,
                                                dead=dead))

    def status(self, state: State) -> RenderableType:
        if state.is_terminal():
            return Text("")
        left = state.unplaced()
        text = Text(f"Pieces to place: {' '.join(left) or '-'}.  'hint' suggests a move, "
                    f"'solve' finishes the puzzle, 'remove L' takes a piece back.", style="dim")
        dead = [square for area in state.result_details()["unfillable"] for square in area]
        if dead:  # as the browser says it
            some = f" ({', '.join(dead)})" if len(dead) <= 6 else ""
            text = Text.assemble((f"Stuck: {plural(len(dead), 'empty square')} marked ×{some} cannot be "
                                  "covered by the pieces left — take a piece back.\n",
                                  "bold red"), text)
        return text

    def moves(self, state: State, arg: str) -> tuple[RenderableType, list[Move]]:
        return piece_moves(self, state, arg)

    def example(self, state: State) -> str:
        return "L:a1,b1,c1,d1,d2"

    def result(self, state: State) -> RenderableType:
        total = len(state.history())
        mine = self.finished_by_computer
        known = state.result_details().get("known_solutions")
        # as the browser's banner says it
        among = (f" This region has {plural(known, 'solution')} up to symmetry: this is one "
                 "of them.") if known else ""
        if mine is None:
            return Text(f"Solved in {plural(total, 'move')}!{among}", style="bold green")
        if mine == 0:
            return Text(f"Solved by the computer ({plural(total, 'move')}).{among}",
                        style="bold green")
        removed = sum(1 for text in state.history()[mine:] if text.startswith("remove "))
        taken_back = f"; it took back {plural(removed, 'piece')}" if removed else ""
        return Text(f"Solved: the computer finished it after your {plural(mine, 'move')} "
                    f"({plural(total, 'move')} in all{taken_back}).{among}", style="bold green")

    @staticmethod
    def count_text(state: State) -> str:
        """The solutions counted from here, in the browser's Count solutions words."""
        report = state.count_solutions()
        took = f"(found in {report.seconds:.1f} s)"
        if not state.placed:
            if not report.count:
                return "No solution: this region cannot be tiled with these pieces."
            return f"{plural(report.count, 'solution')} up to symmetry {took}."
        if report.count:
            return f"{plural(report.count, 'way')} to finish from here {took}."
        return f"No way to finish from here: take a piece back {took}."
