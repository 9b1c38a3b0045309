"""The console the commands write to: Rich's, measuring a dumb terminal too.

Rich takes a terminal whose ``TERM`` is ``dumb`` (an editor's shell buffer, such as Emacs'
``M-x shell``) to be 80 columns wide whatever its size, so a 60-column window had every
longer line cut in the middle of a word; this console asks the terminal its size there, as
Rich does for any other terminal."""
from __future__ import annotations

import os

from rich.console import Console, ConsoleDimensions


class TerminalConsole(Console):
    """A Rich console that reads a dumb terminal's size (and follows it when resized)."""

    @property
    def size(self) -> ConsoleDimensions:
        if self.is_dumb_terminal and self._width is None and self._height is None:
            try:
                columns, lines = os.get_terminal_size(self.file.fileno())
            except (AttributeError, ValueError, OSError):  # not a file with a size
                pass
            else:
                if columns > 0:
                    return ConsoleDimensions(columns, lines or 25)
        return Console.size.fget(self)

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        Console.size.fset(self, new_size)
