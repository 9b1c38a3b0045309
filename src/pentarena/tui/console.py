"""The console the commands write to: Rich's, measuring a dumb terminal too.

Rich takes a terminal whose ``TERM`` is ``dumb`` (an editor's shell buffer, such as Emacs'
``M-x shell``) to be 80 columns wide whatever its size, so a 60-column window had every
longer line cut in the middle of a word; this console asks the terminal its size there, as
Rich does for any other terminal.  Written to a file or a pipe, its lines end without the
spaces Rich pads tables and boards with (a replay to a file had them on 824 of its 1,289
lines)."""
from __future__ import annotations

import os
import re
from collections.abc import Iterable

from rich.console import Console, ConsoleDimensions
from rich.segment import Segment

TRAILING = re.compile(r" +(?=\n)")


class TerminalConsole(Console):
    """A Rich console that reads a dumb terminal's size (and follows it when resized),
    and writes no spaces at the end of a line to a file or a pipe."""

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        text = super()._render_buffer(buffer)
        # a terminal keeps them: a live display (the arena's progress) overwrites its lines
        return text if self.is_terminal else TRAILING.sub("", text)

    @property
    def size(self) -> ConsoleDimensions:
        if self.is_dumb_terminal:
            # COLUMNS / LINES (Rich's _width / _height) first, as Emacs' shell sets them;
            # else the terminal's own size; Rich's 80 × 25 where neither says
            columns, lines = self._width, self._height
            if columns is None or lines is None:
                try:
                    size = os.get_terminal_size(self.file.fileno())
                except (AttributeError, ValueError, OSError):  # not a file with a size
                    size = None
                if size is not None and size.columns > 0:
                    columns, lines = columns or size.columns, lines or size.lines
            if columns is not None:
                return ConsoleDimensions(columns, lines or 25)
        return Console.size.fget(self)

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        Console.size.fset(self, new_size)
