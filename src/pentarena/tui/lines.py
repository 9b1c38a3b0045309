"""Sentences for the terminal, wrapped at spaces only.

Rich folds a word longer than the line (a long file name) with a newline in its middle,
which breaks the name when it is copied; here such a word is left whole on a line of its
own and the terminal wraps it softly."""
from __future__ import annotations

import textwrap

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

GLUE = "\u00a0"
"""A space no line breaks at (``textwrap`` breaks at ASCII whitespace only), printed as a
space: what :func:`unit` puts between a seat's name, its number and its score."""


def unit(text: str) -> str:
    """``text`` (a seat and its score: 'Teal (seat 2) 75') kept on one line when wrapped
    by :func:`wrapped` or :class:`Lines`."""
    return text.replace(" ", GLUE)


def wrapped(text: str, width: int) -> str:
    """``text`` wrapped to ``width`` columns at spaces, never inside a word nor a
    :func:`unit`; its own line breaks kept."""
    return "\n".join(textwrap.fill(line, max(width, 1), break_long_words=False,
                                   break_on_hyphens=False) if line.strip() else line
                     for line in text.split("\n")).replace(GLUE, " ")


class Lines:
    """Styled text printed wrapped at spaces only, as :func:`wrapped` wraps (rich alone
    would break a :func:`unit` apart: it breaks at any Unicode space)."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width, text = max(options.max_width, 1), self.text
        parts, base = [], 0
        for line in text.plain.split("\n"):
            cursor = 0
            for chunk in textwrap.wrap(line, width, break_long_words=False,
                                       break_on_hyphens=False) or [""]:
                at = line.find(chunk, cursor)
                parts.append(text[base + at:base + at + len(chunk)])
                cursor = at + len(chunk)
            base += len(line) + 1
        shown = Text("\n").join(parts)
        shown.plain = shown.plain.replace(GLUE, " ")  # (the same length: styles kept)
        yield shown


def print_sentence(console: Console, text: str, style: str = "", *, lead: str = "",
                   lead_style: str = "", wrap: bool = True) -> None:
    """Print ``lead`` + ``text`` (plain text, no markup) wrapped at spaces only (unless
    not ``wrap``: one line, as a log or a service manager keeps it); ``lead`` ('error:')
    in ``lead_style``."""
    shown = Text(wrapped(lead + text, console.width) if wrap else lead + text, style=style)
    if lead:
        shown.stylize(lead_style, 0, len(lead))
    console.print(shown, overflow="ignore", crop=False)
