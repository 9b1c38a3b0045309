"""Terminal play: a prompt loop over any game, with a per-game view for pictures."""

from .terminal import TerminalGame

__all__ = ["TerminalGame"]
