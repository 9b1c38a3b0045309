"""Pentic in the terminal: the grid, the hand, and each play's score in words."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType
from rich.text import Text

from ...core.game import Move, State
from ..lines import Lines, unit
from .base import (
    Fitted,
    TerminalView,
    plural,
)


class PenticView(TerminalView):
    """Pentic: the grid's top cards, the hand of the person to move, scores, pile."""

    seat_names = ("Navy", "Coral", "Teal", "Wine")  # the browser's colours
    moves_noun = "play"
    moves_note = " (card@position)"
    example_move = "3-star-orange@5"
    moves_help = (("moves", "every play of your cards, numbered (card@position)"),
                  ("moves 3-star", "only the plays of the cards whose name starts with "
                                   "3-star"))

    def move_filter(self, arg: str) -> Callable[[str], bool]:
        # the start of a card as it is drawn (with its shape symbol) or typed, then maybe
        # @position; a symbol is its shape ('★5': the 5 stars, '★': every star, '3-star@5':
        # the 3 stars on 5)
        from ...games.pentic.cards import SYMBOLS, typed_form

        card, at, position = arg.partition("@")
        start, position = typed_form(card), position.strip()
        shapes = {shape for shape, symbol in SYMBOLS.items() if symbol in card}

        def listed(text: str) -> bool:
            name, _, on = text.partition("@")
            return (name.startswith(start) and (not at or on.startswith(position))
                    and (not shapes or name.split("-")[1] in shapes))
        return listed

    def board(self, state: State, last: Move | None) -> RenderableType:
        from ...games.pentic.render import render_rich

        seat, label = self.show_seat, self.hand_label or "Your hand"
        names = [self.seat_name(s) for s in range(state.game.num_players)]
        return Fitted(lambda width: render_rich(state, seat, label, columns=width, names=names))

    def _typed_example(self, state: State) -> str:
        """A play as it is typed, with a card of the hand shown (the typed form)."""
        from ...games.pentic.cards import NAMES

        seat = self.show_seat
        hand = sorted(c for c in state.hands[seat] if c >= 0) if seat is not None else []
        return f"{NAMES[hand[0]]}@5" if hand else self.example_move

    def status(self, state: State) -> RenderableType:
        if state.ending and not state.over:
            # who reached it ('Someone reached 60' left the table to work it out)
            reached = " and ".join(self.seat_name(seat) for seat, score in
                                   enumerate(state.scores()) if score >= state.game.target)
            return Text(f"{reached or 'Someone'} reached {state.game.target}: this round is "
                        f"finished so that everybody has the same number of turns.",
                        style="yellow")
        if state.over:
            return Text("")
        holds = ", ".join(unit(f"{self.seat_name(s)} holds {n}")
                          for s, n in enumerate(state.hand_sizes())) + "."
        if state.pile_size == 0:  # the end comes from the hands, not from the target
            holds += (" The pile is empty: the game ends with the round in which a player "
                      "to move has no card left.")
        if not (self.person_to_move and self.show_seat == state.current_player):
            return Lines(Text(holds, style="dim"))  # no instructions for someone else's turn
        return Lines(Text(f"Play a card: <card>@<position>, e.g. {self._typed_example(state)} "
                    f"(positions 1-9, 5 is the centre; type a card as its hand shows it, "
                    f"number-shape-colour).  " + holds, style="dim"))

    def example(self, state: State) -> str:
        return self._typed_example(state)

    def help_notes(self, state: State) -> list[str]:
        """What the grid shows and how a play scores (RULES.md), for 'help'."""
        return [
            "The grid: positions 1-9 in reading order (5 the centre), each the top card of "
            "its stack, (3) = three cards high. A card is number-shape-colour; two cards "
            "share 0 (a Nic), 1 (a Single) or 2 (a Tic) of the three.",
            "A play scores against the top cards beside it (not diagonally): Singles give "
            "0, 1, 2, 5, 8 for 0-4 of them, Tics 0, 2, 8, 15, 25; the sum is doubled when "
            "the card covered is a Tic of it. In the centre, 4 Nics around score 25 (a "
            "Pentic play), 75 with a Nic underneath too (All-Nic). 1-circle-violet adds 5, "
            "5-star-red 10.",
            f"The game ends when a total reaches {state.game.target}, the round played out "
            "so that everybody has had as many turns; the highest total wins."]

    def result(self, state: State) -> RenderableType:
        """The result, then why the game ended: the target reached (and the round
        played out), or the pile run out and a player to move left without a card."""
        target = state.game.target
        if max(state.scores()) >= target:
            why = f"a player reached {target} points and the round was played out"
        else:
            why = "the pile ran out and a player to move had no card left"
        return Lines(Text.assemble(self.result_text(state), "\n",
                                   f"The game ended because {why}."))

    def hand_of(self, state: State, seat: int) -> list | None:
        return list(state.hands[seat])

    def drawn(self, before: list | None, state: State, seat: int) -> str:
        from ...games.pentic.render import card_text

        new = [c for c in state.hands[seat] if c >= 0 and c not in (before or [])]
        if new:
            return f"draw {card_text(new[0]).plain} from the pile."
        return "" if state.is_terminal() else "draw nothing: the pile is empty."

    scoring_explained = False

    def first_note(self, state: State) -> str:
        # the score line's words ('0 Tics, 1 Single, 2 Nics → edge 1, nic underneath ×1')
        # were explained only by 'help': said once, three lines at 80 columns
        if not self.interactive or self.scoring_explained or not state.plays:
            return ""
        self.scoring_explained = True
        return ("How that scored: a card beside it (not diagonally) sharing 2 of number, "
                "shape, colour is a Tic, 1 a Single, 0 a Nic; edge: Singles 0 1 2 5 8 + Tics "
                "0 2 8 15 25 for 0-4 of them; ×2 if a Tic with the card it covers. 'help': more.")

    def catch_up(self, seat: int, move: str, after: State) -> str:
        # the play and its points ('Coral (seat 1) 1-star-cyan@4 +10'): the score line's
        # words are under the play itself
        return unit(f"{self.seat_name(seat)} {move} +{after.plays[-1]['points']}")

    def after_move(self, state: State) -> str:
        # each part a unit (wrapped after its comma, or before its '→', '+', '=' or '—'):
        # Rich broke the line anywhere, '= 2' at the end of one line and 'points' alone
        # on the next at 80 columns
        p = state.plays[-1]
        parts = [unit(plural(p["tics"], "Tic")), unit(plural(p["singles"], "Single")),
                 unit(plural(p["nics"], "Nic"))]
        extra = " " + unit("— a Pentic play!") if p["pentic"] else ""
        extra += " " + unit("— All-Nic!") if p["all_nic"] else ""
        bonus = " " + unit(f"+ {p['bonus']} Extreme bonus") if p["bonus"] else ""
        return (f"{p['card']}@{p['position']}: {', '.join(parts)} "
                + unit(f"→ edge {p['edge']},") + " "
                + unit(f"{p['underneath']} underneath ×{p['multiplier']}") + bonus + " "
                + unit(f"= {plural(p['points'], 'point')}") + extra)
