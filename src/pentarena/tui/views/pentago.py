"""Pentago in the terminal."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from ...core.game import Move, State
from ..lines import Lines
from .base import (
    TerminalView,
)


class PentagoView(TerminalView):
    """Pentago: the board with rank 1 on top and the quadrants marked."""

    seat_names = ("White", "Black")
    moves_help = (("moves", "the empty cells and the twists (every move, numbered, near "
                            "the end), and any move that wins at once"),
                  ("moves d4", "the moves that place on d4, numbered (any start: 'moves d4 TR')"))

    def help_notes(self, state: State) -> list[str]:
        # what 'd4 TR cw' is made of: the screen asks for it from the first prompt
        return ["The board: files a-f left to right, ranks 1-6 top to bottom; the lines "
                "part its four quadrants, TL (top left: a1-c3), TR (top right: d1-f3), BL "
                "(bottom left: a4-c6) and BR (bottom right: d4-f6).",
                "A move places a marble on an empty cell, then turns a quadrant (any one, "
                "empty or not) a quarter turn, cw clockwise or ccw counter-clockwise: "
                "'d4 TR cw'. A placement that makes five needs no twist: 'd4'.",
                "Who wins: five of your marbles in a row (across, down or diagonally) once "
                "the quadrant has turned; five of both colours at once, or a full board, "
                "is a draw."]

    LISTED = 48
    """Up to this many legal moves 'moves' numbers them all (six empty cells); beyond, a
    list of 288 moves (8 twists of each empty cell) says less than the cells do."""

    def moves(self, state: State, arg: str) -> tuple[RenderableType, list[Move]]:
        moves = state.legal_moves()
        if arg or len(moves) <= self.LISTED:
            return super().moves(state, arg)
        cells = sorted({str(m).split()[0] for m in moves}, key=lambda c: (int(c[1:]), c[0]))
        wins = []
        for m in moves:
            after = state.clone()
            after.apply(m)
            if after.is_terminal() and after.winners() == {state.current_player}:
                wins.append(str(m))
        text = (f"{len(moves)} legal moves: a marble on any of the {len(cells)} empty cells "
                f"({' '.join(cells)}), then any quadrant (TL TR BL BR) turned cw or ccw. "
                + (f"Winning at once: {', '.join(wins[:8])}{' …' if len(wins) > 8 else ''}. "
                   if wins else "")
                + f"Type 'moves {cells[0]}' to number the moves from {cells[0]}.")
        return Text(text), []

    def board(self, state: State, last: Move | None) -> RenderableType:
        # the last marble underlined where its twist took it, a winning five on gold
        from ...games.pentago.render import landing, render_rich

        fives = {cell for seat_fives in (state.result_details() or {}).get("fives", [])
                 for five in seat_fives for cell in five}
        return render_rich(state, {landing(last)} if last is not None else set(), fives)

    def move_news(self, seat: int, move: str, after: State | None = None) -> str:
        # where the marble is once its quadrant has turned (underlined on the board), and
        # (``after`` given) where the twist took the other player's marbles: the browser
        # animates it, a terminal's board only shows them elsewhere
        from ...games.pentago.board import QUADRANT_MASK, bit, rotate
        from ...games.pentago.notation import cell_name, parse_move_text
        from ...games.pentago.render import landing

        parsed = parse_move_text(move)
        said = [] if not parsed.rotates or landing(parsed) == parsed.cell else \
            [f"the marble is now on {cell_name(landing(parsed))}"]
        if parsed.rotates and after is not None:
            quadrant, direction, other = parsed[1], parsed[2], 1 - seat
            moves = []
            for cell in range(36):
                here = bit(*divmod(cell, 6))
                if after.cell(cell) == other and here & QUADRANT_MASK[quadrant]:
                    back = rotate(here, quadrant, 1 - direction).bit_length() - 1
                    if back != cell:   # (the centre stays)
                        moves.append((back, cell))
            if moves:
                said.append(f"the twist moved {self.seat_names[other]}'s " + ", ".join(
                    f"{cell_name(b)} → {cell_name(c)}" for b, c in sorted(
                        moves)))
        return f"{self.seat_name(seat)} plays {move}" + (f" ({'; '.join(said)})" if said else "")

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

    def result(self, state: State) -> RenderableType:
        """The verdict with the line that made it (where no style marks it on the board:
        a pipe, a file, a replay) and, when the loser's own twist completed the winner's
        five, whose twist it was — as the browser's banner says it."""
        from ...games.pentago.notation import cell_name

        fives = (state.result_details() or {}).get("fives", [[], []])
        lines = [", ".join(f"{cell_name(f[0])}–{cell_name(f[-1])}" for f in seat_fives)
                 for seat_fives in fives]
        won = sorted(state.winners())
        if len(won) > 1:
            why = ("both have five in a row after the twist — " + "; ".join(
                f"{self.seat_name(s)} {lines[s]}" for s in (0, 1)) if any(lines)
                else "the board is full and nobody has five in a row")
            return Text(f"Game over. Draw: {why}.", style="bold")
        if not won:
            return super().result(state)
        winner = won[0]
        mover = (len(state.history()) - 1) % 2
        made = (f", made by {self.seat_name(mover)}'s own twist" if mover != winner else "")
        line = f" with five in a row ({lines[winner]}){made}" if lines[winner] else ""
        return Lines(Text(f"Game over. {self.verdict(state)}{line}.", style="bold"))
