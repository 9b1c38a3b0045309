"""Pentago in the terminal."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from ...core.game import Move, State
from .base import (
    TerminalView,
)


class PentagoView(TerminalView):
    """Pentago: the board with rank 1 on top and the quadrants marked."""

    seat_names = ("White", "Black")
    moves_help = (("moves", "every legal move, numbered, in columns"),
                  ("moves d4", "only the moves that place on d4 (any start: 'moves d4 TR')"))

    def board(self, state: State, last: Move | None) -> RenderableType:
        # the last marble underlined where its twist took it, a winning five on gold
        from ...games.pentago.render import landing, render_rich

        fives = {cell for seat_fives in (state.result_details() or {}).get("fives", [])
                 for five in seat_fives for cell in five}
        return render_rich(state, {landing(last)} if last is not None else set(), fives)

    def move_news(self, seat: int, move: str) -> str:
        # where the marble is once its quadrant has turned (underlined on the board)
        from ...games.pentago.notation import cell_name, parse_move_text
        from ...games.pentago.render import landing

        parsed = parse_move_text(move)
        moved = "" if not parsed.rotates or landing(parsed) == parsed.cell else \
            f" (the marble is now on {cell_name(landing(parsed))})"
        return f"{self.seat_name(seat)} plays {move}{moved}"

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
