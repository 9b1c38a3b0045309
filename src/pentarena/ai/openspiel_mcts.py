"""OpenSpiel's own C++ MCTS (through pyspiel) as a Pentarena player, for Pentago: a
strength yardstick nobody here wrote.  Needs ``pip install 'pentarena[research]'``.

The two Pentagos differ in one rule: Pentarena ends the game when a placement makes five
(the twist is skipped), OpenSpiel always twists.  Positions are replayed into OpenSpiel
move by move; when OpenSpiel's choice places a marble that already makes five, Pentarena
plays the lone placement.
"""

from __future__ import annotations

from ..core.game import Move, State
from .bots import Bot

# OpenSpiel's action = cell * 8 + r, r = TL ccw, TL cw, TR ccw, TR cw, BR ccw, BR cw, BL ccw,
# BL cw; Pentarena's quadrants are TL, TR, BL, BR = 0..3 and directions cw = 0, ccw = 1.
OS_ROTATIONS = [(0, 1), (0, 0), (1, 1), (1, 0), (3, 1), (3, 0), (2, 1), (2, 0)]
TO_OS = {qd: r for r, qd in enumerate(OS_ROTATIONS)}


def to_openspiel(move) -> int:
    """OpenSpiel's action for a Pentarena Pentago move that twists."""
    cell, quadrant, direction = move
    return cell * 8 + TO_OS[(quadrant, direction)]


class OpenSpielMCTSBot(Bot):
    """pyspiel's MCTSBot with random rollouts and ``simulations`` a move."""

    name = "openspiel-mcts"

    def __init__(self, simulations: int, seed: int | None = None, uct_c: float = 2.0) -> None:
        super().__init__(seed)
        try:
            import pyspiel
        except ModuleNotFoundError as exc:
            raise ModuleNotFoundError("OpenSpiel's MCTS needs OpenSpiel, which is not "
                                      "installed: pip install 'pentarena[research]'",
                                      name=exc.name) from exc

        self.game = pyspiel.load_game("pentago")
        seed = self.rng.randrange(2**31)
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.bot = pyspiel.MCTSBot(self.game, evaluator, uct_c, simulations, 1000, False,
                                   seed, False)
        self.simulations = simulations

    def __repr__(self) -> str:  # (its budget is simulations, not the time it is given)
        return f"{type(self).__name__}(simulations={self.simulations})"

    def choose(self, state: State, time_limit: float | None = None) -> Move:
        self.budget(time_limit)  # (checked; the search stops after its simulations)
        if state.game.name != "pentago":
            raise ValueError("OpenSpiel's MCTS plays Pentago only")
        theirs = self.game.new_initial_state()
        for text in state.history():
            theirs.apply_action(to_openspiel(state.parse_move(text)))
        action = self.bot.step(theirs)
        cell, (quadrant, direction) = divmod(action, 8)[0], OS_ROTATIONS[action % 8]
        legal = state.legal_moves()
        for move in legal:
            if move[0] == cell and (tuple(move) == (cell, quadrant, direction) or move[1] < 0):
                return move  # the twist it chose, or the lone placement that makes five
        raise RuntimeError(f"OpenSpiel chose {theirs.action_to_string(action)}, which "
                           "Pentarena does not list")
