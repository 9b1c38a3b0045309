"""`pentarena play` at a real terminal: a pseudo-terminal of a given size, keys typed."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time

import pytest

LIMIT = 120.0
"""Seconds after which a line that never came fails the test (a safety net: the test goes
on as soon as the line is there)."""


class Terminal:
    """A command in a pseudo-terminal of ``columns`` × ``lines``: what it printed, keys.
    ``args``: pentarena's (or with ``code``, the Python program run instead)."""

    def __init__(self, args: list[str], columns: int, lines: int, term: str,
                 more: dict[str, str] | None = None, code: str | None = None) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env.update(TERM=term, NO_COLOR="1", **(more or {}))
        program = ["-c", code] if code is not None else ["-m", "pentarena", *args]
        self.proc = subprocess.Popen([sys.executable, *program], stdin=slave,
                                     stdout=slave, stderr=slave, env=env,
                                     start_new_session=True)
        os.close(slave)
        self.raw = b""

    @property
    def text(self) -> str:
        return self.raw.decode(errors="replace").replace("\r", "")

    def expect(self, needle: str, count: int = 1) -> None:
        """Read until ``needle`` has been printed ``count`` times."""
        deadline = time.monotonic() + LIMIT
        while self.text.count(needle) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"{needle!r} never came; the screen:\n{self.text[-2000:]}")
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if ready:
                try:
                    self.raw += os.read(self.master, 65536)
                except OSError:  # the command ended
                    if self.proc.poll() is not None:
                        raise AssertionError(f"{needle!r} never came:\n{self.text[-2000:]}")

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()
        os.close(self.master)


@pytest.fixture
def terminal():
    opened = []

    def start(args, columns=80, lines=24, term="xterm", env=None, code=None):
        opened.append(Terminal(args, columns, lines, term, env, code))
        return opened[-1]

    yield start
    for t in opened:
        t.close()


@pytest.mark.parametrize("size,columns", [(60, None), (80, 40), (80, 120)])
def test_a_dumb_terminal_is_written_to_its_width(terminal, size, columns):
    """TERM=dumb (an editor's shell): lines fit the 60 columns the terminal has, or the
    COLUMNS it is given (as Emacs' shell sets it) — Rich took any dumb terminal to be 80
    wide, with COLUMNS or not, and cut words in two."""
    width = columns or size
    t = terminal(["play", "pentago", "--ai", "easy", "--seed", "1"], columns=size, term="dumb",
                 env={"COLUMNS": str(columns)} if columns else None)
    t.expect("White (seat 0) > ")
    t.type("help\n")
    t.expect("White (seat 0) > ", 2)
    t.type("quit\n")
    t.expect("Goodbye.")
    lines = [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line) for line in t.text.split("\n")]
    assert max(len(line) for line in lines) <= width, max(lines, key=len)
    assert any(len(line) > min(width - 10, 80) for line in lines)   # the help used the width


def test_the_prompt_edits_a_line_and_recalls_the_last_one(terminal):
    """The up arrow brings back the line typed before (readline), and the left arrow
    moves within the line: no escape codes read as a move."""
    t = terminal(["play", "pentago", "--ai", "easy", "--seed", "1"])
    t.expect("White (seat 0) > ")
    t.type("d4 TR c\x1b[D\x1b[Dc\n")     # typed 'c', went back, fixed it: 'd4 TRc c'
    t.expect("White (seat 0) > ", 2)
    t.type("d4 TR cw\n")
    t.expect("White (seat 0) > ", 3)
    t.type("\x1b[A\n")                   # the same move again: d4 is taken now
    t.expect("White (seat 0) > ", 4)
    t.type("quit\n")
    t.expect("Quit? > ")     # two moves played and not saved: asked first
    t.type("y\n")
    t.expect("Goodbye.")
    assert "'TRc' is not a quadrant" in t.text   # the arrows moved the cursor
    assert "is not a cell" not in t.text and "taken" in t.text


def navy_plays_first(t) -> None:
    """A Pentic hot seat (seed 7) at its first hand-over: Navy sees their hand, plays, and
    the keyboard is handed over again."""
    t.type("\n")
    t.expect("Navy (seat 0) > ")
    t.type("1-circle-violet@1\n")                      # (in Navy's hand with seed 7)
    t.expect("press Enter to see your hand > ", 2)


def test_a_dumb_terminals_hot_seat_says_it_cannot_clear_the_screen(terminal):
    """Pentic at one keyboard in an editor's shell (TERM=dumb): no escape codes it would
    show as junk, the last hand pushed out of view with blank lines, and the hand-over
    says honestly that it stays above (it promised a cleared screen)."""
    t = terminal(["play", "pentic", "--hotseat", "--seed", "7"], columns=80, lines=24,
                 term="dumb")
    t.expect("press Enter to see your hand > ")
    assert "this terminal (TERM=dumb) cannot clear it: it stays above" in " ".join(t.text.split())
    navy_plays_first(t)
    t.type("\n")
    t.expect("Coral (seat 1) > ")
    assert "\x1b[2J" not in t.text and "\n" * 24 in t.text


def test_a_dumb_terminal_is_told_that_the_analysis_runs(terminal, tmp_path):
    """replay --analyse at a dumb terminal (no progress bar can be drawn there): a line
    says the moves are being judged, rather than a silence until the table."""
    import random

    import pentarena
    from pentarena.record import GameRecord

    state, rng = pentarena.load_game("pentago").new_initial_state(), random.Random(2)
    while not state.is_terminal():
        state.apply(state.random_move(rng))
    path = tmp_path / "game.json"
    path.write_text(GameRecord.of(state).dumps())
    t = terminal(["replay", str(path), "--analyse", "--seconds-per-move", "0.05"], term="dumb")
    t.expect(f"Judging {len(state.history())} moves, about 0.05 s each…")
    t.expect("Analysis: ✓ good")


SLOW_COMPUTER = """
import select, sys
import pentarena
from pentarena.ai import RandomBot
from pentarena.tui.terminal import TerminalGame

class Slow(RandomBot):
    # thinks until the person has typed something (a line, or a Ctrl-D)
    def choose(self, state, time_limit=None):
        select.select([sys.stdin], [], [])
        return super().choose(state, time_limit)

TerminalGame(pentarena.load_game("pentago"), [None, Slow(seed=1)]).run()
"""


def test_a_ctrl_d_typed_while_the_computer_thinks_leaves_the_game(terminal):
    """The terminal holds it in line mode; readline, starting the next prompt, took it for
    a plain character: the person had to press Ctrl-D twice (typeahead.py)."""
    t = terminal([], code=SLOW_COMPUTER)
    t.expect("White (seat 0) > ")
    t.type("a1 TL cw\r")                 # read by readline, which is loaded from now on
    t.expect("is thinking")
    t.type("\x04")
    t.expect("Goodbye.")
    assert t.proc.wait(timeout=LIMIT) == 0


def test_a_move_typed_while_the_computer_thinks_is_played_at_the_prompt(terminal):
    t = terminal([], code=SLOW_COMPUTER)
    t.expect("White (seat 0) > ")
    t.type("a1 TL cw\r")
    t.expect("is thinking")
    t.type("f6 BR cw\r")
    t.expect("White (seat 0) > f6 BR cw")   # shown at the prompt, as if typed there
    t.expect("White (seat 0) plays f6 BR cw")


def test_quit_at_the_hand_over_asks_first_and_ctrl_d_leaves(terminal):
    """A hot seat's 'press Enter' prompt takes 'q' as the game's prompt does: asked first
    when the moves would be lost (anything else: back to the hand-over); Ctrl-D leaves."""
    t = terminal(["play", "pentic", "--hotseat", "--seed", "7"])
    t.expect("press Enter to see your hand > ")
    navy_plays_first(t)
    t.type("q\n")
    t.expect("Quit? > ")
    t.type("\n")
    t.expect("Not quit: play on.")
    t.expect("press Enter to see your hand > ", 3)
    t.type("\x04")
    t.expect("Goodbye.")
    assert t.proc.wait(timeout=LIMIT) == 0
