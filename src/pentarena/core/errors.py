"""The errors Pentarena raises.

Every error carries a sentence a person can act on: what was wrong and, where possible,
what would be right.  Move errors subclass :class:`ValueError` so that code written for
plain Python rules engines keeps working.
"""

from __future__ import annotations


class PentarenaError(Exception):
    """Base class of every error raised by Pentarena."""


class InvalidMoveError(PentarenaError, ValueError):
    """The move text could not be understood (malformed, unknown piece, bad coordinates)."""


class IllegalMoveError(PentarenaError, ValueError):
    """The move was understood but the rules do not allow it in this position."""


class GameOptionError(PentarenaError, ValueError):
    """An unknown game name, an unknown option or an option value out of range."""


class StateFormatError(PentarenaError, ValueError):
    """A saved state or game record is malformed or inconsistent."""
