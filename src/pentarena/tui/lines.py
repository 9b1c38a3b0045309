"""Sentences for the terminal, wrapped at spaces only.

Rich folds a word longer than the line (a long file name) with a newline in its middle,
which breaks the name when it is copied; here such a word is left whole on a line of its
own and the terminal wraps it softly."""
from __future__ import annotations

import textwrap

from rich.console import Console
from rich.text import Text


def wrapped(text: str, width: int) -> str:
    """``text`` wrapped to ``width`` columns at spaces, never inside a word; its own line
    breaks kept."""
    return "\n".join(textwrap.fill(line, max(width, 1), break_long_words=False,
                                   break_on_hyphens=False) if line.strip() else line
                     for line in text.split("\n"))


def print_sentence(console: Console, text: str, style: str = "", *, lead: str = "",
                   lead_style: str = "", wrap: bool = True) -> None:
    """Print ``lead`` + ``text`` (plain text, no markup) wrapped at spaces only (unless
    not ``wrap``: one line, as a log or a service manager keeps it); ``lead`` ('error:')
    in ``lead_style``."""
    shown = Text(wrapped(lead + text, console.width) if wrap else lead + text, style=style)
    if lead:
        shown.stylize(lead_style, 0, len(lead))
    console.print(shown, overflow="ignore", crop=False)
