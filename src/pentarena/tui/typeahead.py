"""What a person typed before the prompt, while the computer thought.

The terminal holds such a line (and a Ctrl-D) in its line buffer until the program reads.
GNU readline switches the terminal out of line mode when the prompt starts, and a Ctrl-D
waiting there becomes a plain character it ignores: the person's Ctrl-D was lost, and a
second one was needed to leave.  Read in line mode first, before readline starts, a Ctrl-D
is the end of input it was meant to be, and a line typed ahead is that line."""
from __future__ import annotations

import os
import select
from typing import TextIO

LINE_LIMIT = 4096
"""The longest line a terminal holds in line mode (Linux: 4095 characters and the end)."""


def typed_ahead(stream: TextIO) -> str | None:
    """The line typed at the terminal ``stream`` before it was asked for (without its end
    of line), None when nothing whole is waiting (or ``stream`` is not a terminal in line
    mode); EOFError when a Ctrl-D is what waits."""
    try:
        import termios
    except ImportError:  # (Windows)
        return None
    try:
        fd = stream.fileno()
        if not termios.tcgetattr(fd)[3] & termios.ICANON:
            return None  # characters, not lines: readline's to read
        if not select.select([fd], [], [], 0)[0]:
            return None  # (in line mode, only a whole line or a Ctrl-D is ready)
        data = os.read(fd, LINE_LIMIT)
    except (AttributeError, ValueError, OSError, termios.error):  # not a terminal
        return None
    if not data:
        raise EOFError
    return data.decode(errors="replace").rstrip("\r\n")
