"""A line or a Ctrl-D typed while the computer thinks (typeahead.py): the terminal holds it
in line mode, and readline lost a Ctrl-D waiting there — the person had to press it twice
to leave. Real terminals here: pseudo-terminals, with the kernel's line discipline (and
in test_pty.py, `pentarena`'s prompt at one)."""
from __future__ import annotations

import os
import pty
import select
import termios

import pytest

from pentarena.tui.typeahead import typed_ahead

DEADLINE = 60.0
"""Seconds a condition may take on a busy machine before the test gives up."""


def ready(fd: int) -> None:
    """Wait until ``fd`` has something to read."""
    assert select.select([fd], [], [], DEADLINE)[0], "nothing came"


@pytest.fixture
def terminal():
    """A pseudo-terminal: the side a person types into, and the program's (a file)."""
    keyboard, program = pty.openpty()
    with os.fdopen(program, "r", closefd=True) as stream:
        yield keyboard, stream
    os.close(keyboard)


def test_a_ctrl_d_typed_ahead_is_the_end_of_input(terminal):
    keyboard, stream = terminal
    assert typed_ahead(stream) is None           # nothing typed
    os.write(keyboard, b"\x04")
    ready(stream.fileno())
    with pytest.raises(EOFError):
        typed_ahead(stream)


def test_a_line_typed_ahead_is_that_line_and_half_a_line_waits(terminal):
    keyboard, stream = terminal
    os.write(keyboard, b"d4 TR cw\n")
    ready(stream.fileno())
    assert typed_ahead(stream) == "d4 TR cw"
    os.write(keyboard, b"e5")                    # no Enter yet: not a line
    assert typed_ahead(stream) is None
    os.write(keyboard, b"\n")
    ready(stream.fileno())
    assert typed_ahead(stream) == "e5"


def test_out_of_line_mode_characters_are_left_to_readline(terminal):
    keyboard, stream = terminal
    attrs = termios.tcgetattr(stream.fileno())
    attrs[3] &= ~termios.ICANON
    termios.tcsetattr(stream.fileno(), termios.TCSANOW, attrs)
    os.write(keyboard, b"x")
    ready(stream.fileno())
    assert typed_ahead(stream) is None
    assert os.read(stream.fileno(), 10) == b"x"


def test_not_a_terminal_has_nothing_typed_ahead(tmp_path):
    path = tmp_path / "moves.txt"
    path.write_text("d4\n")
    with path.open() as stream:
        assert typed_ahead(stream) is None

