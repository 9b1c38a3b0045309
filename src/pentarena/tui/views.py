"""Per-game terminal views: how a game is pictured and how its moves are summarised.

A view is looked up by game name; games without one fall back on ``str(state)`` and a
plain list of moves, so every registered game can be played in the terminal.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..core.game import Move, State


LISTED = 120
"""How many moves a listing shows."""


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def numbered(head: str, moves: list[Move]) -> Text:
    """``head`` and the first moves numbered #1, #2, ... (type '#3' to play the third)."""
    body = "  ".join(f"#{i + 1} {m}" for i, m in enumerate(moves[:LISTED]))
    more = f"\n... and {len(moves) - LISTED} more" if len(moves) > LISTED else ""
    tip = "\nType #N to play move number N." if moves else ""
    return Text(f"{head}\n{body}{more}{tip}")


class TerminalView:
    """Generic view: the state's own text and the full move list."""

    seat_names: tuple[str, ...] = ()
    show_seat: int | None = None  # whose hidden information may be shown
    moves_heading = "legal moves"
    example_move = ""  # shown when there is no legal move to quote

    def after_move(self, state: State) -> str:
        """A line to print after each move (e.g. how it scored); '' for none."""
        return ""

    def seat_name(self, seat: int) -> str:
        if seat < len(self.seat_names):
            return f"{self.seat_names[seat]} (seat {seat})"
        return f"seat {seat}"

    def board(self, state: State, last: Move | None) -> RenderableType:
        return Text(str(state))

    def status(self, state: State) -> RenderableType:
        return Text("")

    def moves(self, state: State, arg: str) -> tuple[RenderableType, list[Move]]:
        """A listing of legal moves (filtered by ``arg``) and the moves it numbers."""
        moves = [m for m in state.legal_moves()
                 if not arg or str(m).lower().startswith(arg.lower())]
        return numbered(f"{len(moves)} {self.moves_heading}:", moves), moves

    def example(self, state: State) -> str:
        moves = state.legal_moves()
        return str(moves[0]) if moves else self.example_move

    def result(self, state: State) -> RenderableType:
        won = sorted(state.winners())
        names = ", ".join(self.seat_name(s) for s in won)
        verdict = "Draw between " + names if len(won) > 1 else names + " wins"
        return Text(f"Game over. {verdict}.  Scores: {state.scores()}", style="bold")


class PentUpView(TerminalView):
    """Pent-Up: the table with heights and colours; tiles with their mandatory levels."""

    seat_names = ("White", "Black", "Red", "Blue")

    def board(self, state: State, last: Move | None) -> RenderableType:
        from ..games.pentup.render import render_rich

        return render_rich(state, set(last.cells) if last is not None else None)

    def status(self, state: State) -> RenderableType:
        table = Table(box=None, show_header=True, pad_edge=False)
        table.add_column("player")
        table.add_column("tiles left (mandatory level now)")
        table.add_column("record" if state.game.scoring != "advanced" else "points")
        levels = state.mandatory_levels() if not state.is_terminal() else {}
        scores = state.scores()
        team = {0: "A", 2: "A", 1: "B", 3: "B"} if state.game.teams else {}
        for seat in range(state.game.num_players):
            hand = state.hand(seat)
            if seat == state.current_player:
                tiles = " ".join(f"{p}{levels[p]}" if levels[p] > 1 else p for p in hand)
                name = Text("▶ " + self.seat_name(seat), style="bold")
            else:
                tiles = " ".join(hand)
                name = Text("  " + self.seat_name(seat))
            if team:
                name.append(f" team {team[seat]}")
            table.add_row(name, tiles or "-", str(scores[seat]))
        note = Text("Tile letters with a number must go on that level (e.g. L2).", style="dim")
        return Group(table, note)

    def moves(self, state: State, arg: str) -> tuple[RenderableType, list[Move]]:
        if arg:
            piece = arg[0].upper()
            moves = state.moves_for(piece)
            if not moves:
                return Text(f"you have no {piece} tile to place", style="red"), []
            level = state.mandatory_levels()[piece]
            return numbered(f"{plural(len(moves), 'place')} for {piece} (level {level}):",
                            moves), moves
        lines = [f"{p}: level {pl.level}, {plural(pl.count(), 'place')}"
                 for p, pl in state.placements().items()]
        return Text("\n".join(lines) + "\nType 'moves L' to list the places of one tile."), []

    def result(self, state: State) -> RenderableType:
        counts = state.level_counts()
        table = Table(title="Tiles per level")
        table.add_column("player")
        for lv in range(len(counts[0]), 0, -1):
            table.add_column(f"L{lv}", justify="right")
        for seat, row in enumerate(counts):
            table.add_row(self.seat_name(seat), *map(str, reversed(row)))
        return Group(table, super().result(state))


class PentagoView(TerminalView):
    """Pentago: the board with rank 1 on top and the quadrants marked."""

    seat_names = ("White", "Black")

    def board(self, state: State, last: Move | None) -> RenderableType:
        from ..games.pentago.render import render_rich

        return render_rich(state)

    def status(self, state: State) -> RenderableType:
        if state.is_terminal():
            return Text("")
        return Text(f"{self.seat_name(state.current_player)} to move: place a marble and "
                    f"twist a quadrant, e.g. 'd4 TR cw' (just 'd4' when it makes five).",
                    style="dim")

    def example(self, state: State) -> str:
        return "d4 TR cw"


class PentominoView(TerminalView):
    """Golomb's game: the 8×8 board, the pool or each player's set, round scores."""

    seat_names = ("Amber", "Teal", "Plum", "Slate")

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
                lines.append(f"Draft — left to pick: {' '.join(data['pool'])}  (type 'pick L')")
        else:
            lines.append(f"Pool: {' '.join(data['pool']) or '-'}")
        if state.game.rounds:
            lines.append(f"Round {data['round']} — totals: "
                         + ", ".join(f"{self.seat_name(s)} {t}" for s, t in
                                     enumerate(data["totals"])) + f" (target {state.game.target})")
        if data["touched"]:
            lines.append(f"Touched: {data['touched']} — it must be placed now.")
        return Text("\n".join(lines))

    def example(self, state: State) -> str:
        return "L:a1,b1,c1,d1,d2"

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


class PuzzleView(TerminalView):
    """Pentomino puzzles: the region, the pieces still to place."""

    def board(self, state: State, last: Move | None) -> RenderableType:
        return Text(str(state))

    def status(self, state: State) -> RenderableType:
        left = state.unplaced()
        return Text(f"Pieces to place: {' '.join(left) or '-'}.  'hint' suggests a move, "
                    f"'solve' finishes the puzzle, 'remove L' takes a piece back.", style="dim")

    def example(self, state: State) -> str:
        return "L:a1,b1,c1,d1,d2"

    def result(self, state: State) -> RenderableType:
        return Text(f"Solved in {len(state.history())} moves!", style="bold green")


class PenticView(TerminalView):
    """Pentic: the grid's top cards, the hand of the person to move, scores, pile."""

    seat_names = ("Player 1", "Player 2", "Player 3", "Player 4")
    moves_heading = "plays (card@position)"
    example_move = "3-star-orange@5"

    def board(self, state: State, last: Move | None) -> RenderableType:
        from ..games.pentic.render import render_rich

        return render_rich(state, self.show_seat)

    def status(self, state: State) -> RenderableType:
        if state.ending and not state.over:
            return Text(f"Someone reached {state.game.target}: this round is finished so "
                        f"that everybody has the same number of turns.", style="yellow")
        return Text(f"Play a card: <card>@<position>, e.g. 3-star-orange@5 (positions 1-9, "
                    f"5 is the centre).  Hand sizes: {state.hand_sizes()}", style="dim")

    def after_move(self, state: State) -> str:
        p = state.plays[-1]
        parts = [f"{p['tics']} Tic{'s' * (p['tics'] != 1)}",
                 f"{p['singles']} Single{'s' * (p['singles'] != 1)}", f"{p['nics']} Nic"
                 f"{'s' * (p['nics'] != 1)}"]
        extra = " — a Pentic play!" if p["pentic"] else ""
        extra += " — All-Nic!" if p["all_nic"] else ""
        bonus = f" + {p['bonus']} Extreme bonus" if p["bonus"] else ""
        return (f"{p['card']}@{p['position']}: {', '.join(parts)} → edge {p['edge']}, "
                f"{p['underneath']} underneath ×{p['multiplier']}{bonus} = {p['points']} "
                f"points{extra}")


VIEWS: dict[str, Callable[[], TerminalView]] = {
    "pentic": PenticView,
    "pentup": PentUpView,
    "pentago": PentagoView,
    "pentomino": PentominoView,
    "pentomino-puzzle": PuzzleView,
}


def view_for(game_name: str) -> TerminalView:
    return VIEWS.get(game_name, TerminalView)()
