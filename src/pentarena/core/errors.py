"""The errors Pentarena raises.

Every error carries a sentence a person can act on: what was wrong and, where possible,
what would be right.  Move errors subclass :class:`ValueError` so that code written for
plain Python rules engines keeps working.
"""

from __future__ import annotations

import operator
from typing import Any


class PentarenaError(Exception):
    """Base class of every error raised by Pentarena."""


class InvalidMoveError(PentarenaError, ValueError):
    """The move text could not be understood (malformed, unknown piece, bad coordinates)."""


class IllegalMoveError(PentarenaError, ValueError):
    """The move was understood but the rules do not allow it in this position."""


class GameOptionError(PentarenaError, ValueError):
    """An unknown game name, an unknown option or an option value out of range — or an
    argument of the same kind that is not a move: a seat, a seed, a dealt deck."""


class HiddenInformationError(PentarenaError, ValueError):
    """Hidden information was needed where it is not known: a seat's view asked for what
    that seat may not see (the moves of a player whose hand it does not show, another
    seat's view), or a search that needs every card known (``MCTSBot``, ``AlphaBetaBot``)
    given a game that hides information (``ISMCTSBot`` or ``make_bot`` play it fairly)."""


class StateFormatError(PentarenaError, ValueError):
    """A saved state or game record is malformed or inconsistent."""


def shown(value: Any, limit: int = 40) -> str:
    """``value`` as an error message quotes it (text in quotes), cut to ``limit``
    characters with an ellipsis: what a caller or a client sent may be huge."""
    try:
        text = repr(value) if isinstance(value, str) else str(value)
    except ValueError:  # an int past Python's 4,300 printable digits, or holding one
        text = unprintable(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def described(value: Any, limit: int = 60) -> str:
    """``repr(value)`` for an error message (a wrong move object says what it is), cut to
    ``limit`` characters, and never failing: Python refuses to print an int of over
    4,300 digits, and the message about it must not fail in its turn."""
    try:
        text = repr(value)
    except ValueError:
        text = unprintable(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def action_index(action: Any, count: int) -> int:
    """``action`` as a dense action id from 0 to ``count - 1``: a whole number (an int or
    anything with ``__index__``, as numpy's), not a bool (``True`` is no action 1) — else
    InvalidMoveError naming the range, in the native core's words (``action_arg``)."""
    try:
        index = None if isinstance(action, bool) else operator.index(action)
    except TypeError:
        index = None
    if index is None or not 0 <= index < count:
        raise InvalidMoveError(f"action ids run from 0 to {count - 1}, got {described(action, 40)}")
    return index


def unprintable(value: Any) -> str:
    """What an error message says of a value Python will not print (an int past 4,300
    digits, or a container holding one)."""
    if isinstance(value, int):
        digits = int(abs(value).bit_length() * 0.30103) + 1
        return f"a whole number of about {digits:,} digits"
    return f"a {type(value).__name__} holding a whole number too long to print"


def json_error(exc: ValueError) -> str:
    """Why ``json.loads`` refused its text, in words for a person: a number of over 4,300
    digits is said so (not with Python's advice to raise its limit), and bytes that are
    not UTF-8 by the first bad byte and where it is (not the codec's wording)."""
    if isinstance(exc, UnicodeDecodeError):
        return (f"it is not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset "
                f"{exc.start})")
    if "int_max_str_digits" in str(exc):
        return "a number in it has over 4,300 digits"
    import json

    if isinstance(exc, json.JSONDecodeError):  # where, as an editor counts (no char offset)
        return f"{exc.msg[:1].lower()}{exc.msg[1:200]} at line {exc.lineno}, column {exc.colno}"
    return str(exc)[:200]


class JsonFlaw(ValueError):
    """What in JSON text cannot be taken as it is: ``str()`` says it, after "is not
    valid JSON: " when ``valid`` is False (Python's reader took it), else "is not accepted: "
    (JSON that reads two ways)."""

    def __init__(self, phrase: str, valid: bool = False) -> None:
        super().__init__(phrase)
        self.valid = valid

    def words(self, what: str) -> str:
        return f"{what} is {'not accepted' if self.valid else 'not valid JSON'}: {self}"


def _not_json(name: str) -> Any:
    """Python reads NaN, Infinity and -Infinity as numbers; JSON has none of them."""
    raise JsonFlaw(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    """A JSON number too large for a float (1e400) is read as infinity: refused."""
    value = float(text)
    if value in (float("inf"), float("-inf")):
        cut = text if len(text) <= 20 else text[:20] + "…"
        raise JsonFlaw(f"{cut} is too large a number", valid=True)
    return value


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose names are each given once: {"move": a, "move": b} is read one way
    by one program and another way by the next."""
    import json

    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        cut = twice if len(twice) <= 40 else twice[:40] + "…"
        raise JsonFlaw(f"{json.dumps(cut)} is given twice in one object: give each name "
                       "once", valid=True)
    return data


def strict_loads(raw: str | bytes | bytearray) -> Any:
    """JSON as the standard has it, read one way only: NaN, Infinity and -Infinity (which
    Python's reader takes for numbers), a number too large for a float and a name given
    twice in one object raise :class:`JsonFlaw` (a ValueError) saying which — for what
    clients send the server, and for records and saved states read from files."""
    import json

    return json.loads(raw, parse_constant=_not_json, parse_float=_finite,
                      object_pairs_hook=_unique)


def json_object(data, what: str, max_bytes: int | None = None) -> dict:
    """``data`` (a mapping, or JSON text) as a dict; StateFormatError naming ``what`` if it
    is too large, not JSON (or, as text, not valid Unicode), or not an object."""
    import json
    from collections.abc import Mapping

    if isinstance(data, (str, bytes, bytearray)):
        if max_bytes is not None and len(data) > max_bytes:
            raise StateFormatError(f"{what} may be at most {max_bytes} bytes")
        try:
            data = strict_loads(data)
        except JsonFlaw as exc:  # NaN, 1e400, a name given twice
            raise StateFormatError(exc.words(what)) from None
        except ValueError as exc:  # not JSON, not UTF-8, or a number of over 4,300 digits
            raise StateFormatError(f"{what} is not valid JSON: {json_error(exc)}") from None
        except RecursionError:
            raise StateFormatError(f"{what} is nested too deeply to be read") from None
        try:  # JSON may escape a lone surrogate ("\ud800"): text no page or database can hold
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise StateFormatError(f"{what} holds text that is not valid Unicode "
                                   f"(a lone surrogate such as \\ud800)") from None
    if not isinstance(data, Mapping):
        raise StateFormatError(f"{what} must be a JSON object")
    return dict(data)
