"""The table protocol: every WebSocket message is a JSON object with a ``type``.

The connection is ``/ws/{table_id}``; it plays the seats of the tokens it carries: the
``pentarena_seat_<table id>`` cookie the REST answers set (the page never sees a token), or
``?token=<seat token>`` (which then replaces the cookie).  A token that holds no seat here
gets ``bad-token`` and the connection watches; without one it watches.

Client → server::

    {"type": "move", "move": "<move text>", "version": <moves played so far>}
                                           played only if the table is still after
                                           ``version`` moves, so a move sent again is
                                           never played twice: else refused —
                                           ``not-your-turn`` once the turn has passed to
                                           another seat, ``stale`` (with the current
                                           ``version``, and the state sent again) when it
                                           is yours again (a puzzle: always yours); without
                                           ``version`` (or null) it is played at the table
                                           as it is when it arrives
    {"type": "sync"}                       ask for the current state again
    {"type": "hint"}                       the player to move: a suggested move (puzzles: one
                                           that leads to a solution); one at a time; a
                                           game played on (or ended) before its turn on
                                           the server's workers gets ``stale`` (with
                                           ``version``) or ``game-over`` instead
    {"type": "solve"}                      puzzles: let the computer finish
    {"type": "ping"}

Server → client::

    {"type": "state", ...}                 the table as this connection may see it: ``table``
                                           (its seats, options, status), ``version``,
                                           ``state`` (the game's, hidden cards left out),
                                           ``current_player``, ``history``, ``winners``,
                                           ``scores``, ``details``, ``legal_moves`` (the seat
                                           to move's, if this connection holds it; else
                                           empty), ``previews``, ``thinking``; ``you`` the
                                           seat it sees as (the one to move if it holds
                                           it), ``yours`` all it holds; once a game with
                                           hidden cards is over, every seat's ``hands``, as
                                           its replay steps give them
    {"type": "error", "code": ..., "message": ...}
    {"type": "thinking", "seat": k}        a computer seat started thinking
    {"type": "presence", "connected": [..], "away": {"<seat>": <seconds>},
     "away_limit": <seconds>, "idle": {"<seat>": <seconds>}, "idle_limit": <seconds>,
     "heartbeat": <seconds>}
                                           which seats are connected now; how long each
                                           player's seat has had no connection, and how
                                           long before such a seat may be freed; how long
                                           the person to move has had the turn, and how
                                           long before their seat may be freed for that;
                                           how often the server pings the connection (a
                                           protocol ping, closing it unanswered after as
                                           long): a client that cannot see those pings
                                           (a browser) sends its own ``ping`` as often
                                           (sent on a change, and to each connection as it
                                           opens)
    {"type": "hint", "move": "<text>", "why": "<a sentence>", "version": <moves played>}
                                           the answer to a hint request, for the position
                                           after ``version`` moves (a game hint comes from a
                                           search of what the seat may see)
    {"type": "pong"}

Every malformed or refused message gets an ``error`` event naming what was wrong: a field
of another JSON type (``"version": "3"``, ``"version": true``) or one the message does not
take is refused (``bad-message``), never read loosely or ignored.  The codes: the message
itself — ``bad-json``, ``bad-message`` (also a binary frame), ``too-large`` (over 4,096
bytes); who sends it — ``bad-token``, ``not-seated``, ``not-your-turn``; the move —
``bad-version`` and ``stale`` (both with ``version``), ``invalid-move`` (not a move of this
game), ``illegal-move``, ``game-over``, ``replay-only`` (an imported record),
``too-long`` (the table's limit of moves); hints and puzzles — ``busy`` (one at a time),
``hints-off``, ``not-a-puzzle``, ``no-hint``, ``no-solution``; the server —
``unknown-table`` (then closed, 4404), ``database-unavailable`` (with ``retry_after``; then
closed, 1013, or the message refused), ``store-failed``.

The messages of a connection are read in turn, and at most 20 a second over time, 40 at
once (a page sends a few a minute): those sent faster wait, unread, none refused or lost
(a flood is held at its sender by the network's flow control, and a client that sends
without end stops answering the server's keepalive pings in time and is closed).  A
``?token=`` longer than 100 characters is not read (``bad-token``: the connection
watches).

The connection is closed with 1009 for a frame over 16 KiB (a fragmented message too: read
no further), 1007 for text that is not UTF-8, 1013 for a reader too slow to keep up with
its table (its messages queue no further), 1011 if its handler fails, and 1012 as the
server restarts: a page connects again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import JsonFlaw, shown, strict_loads

MAX_MESSAGE_BYTES = 4096


MESSAGE_MAX = 300
"""The longest refusal message sent: one that quotes what a client sent is cut there."""


class ProtocolError(Exception):
    """A refused client action; ``code`` is stable, ``message`` is for people (at most
    :data:`MESSAGE_MAX` characters)."""

    def __init__(self, code: str, message: str, **facts: Any) -> None:
        # whatever it quotes, a message can be sent: a lone surrogate a client sent (which
        # UTF-8 cannot encode) is written as its escape
        message = message.encode("utf-8", "backslashreplace").decode("utf-8")
        if len(message) > MESSAGE_MAX:
            message = message[:MESSAGE_MAX - 1] + "…"
        super().__init__(message)
        self.code = code
        self.message = message
        self.facts = facts
        """What a program (the table page) needs to act on the refusal, besides the code."""

    def detail(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **self.facts}

    def event(self) -> dict[str, Any]:
        return {"type": "error", **self.detail()}


DATABASE_RETRY_SECONDS = 5
"""How long a client is asked to wait when the database does not answer."""


def database_unavailable() -> ProtocolError:
    """The refusal of a request the database must answer while it does not (PostgreSQL
    down or out of reach): a 503 to ask again, not a 500, nor a "no such table"."""
    return ProtocolError("database-unavailable", "the database does not answer just now; "
                         f"please try again in {DATABASE_RETRY_SECONDS} s",
                         retry_after=DATABASE_RETRY_SECONDS)


@dataclass(frozen=True)
class MoveMessage:
    move: str
    version: int | None


@dataclass(frozen=True)
class SyncMessage:
    pass


@dataclass(frozen=True)
class PingMessage:
    pass


@dataclass(frozen=True)
class HintMessage:
    pass


@dataclass(frozen=True)
class SolveMessage:
    pass


ClientMessage = MoveMessage | SyncMessage | PingMessage | HintMessage | SolveMessage

FIELDS = {"move": ("type", "move", "version"), "sync": ("type",), "ping": ("type",),
          "hint": ("type",), "solve": ("type",)}
"""The fields of each client message: any other is refused, not ignored."""


def json_kind(value: Any) -> str:
    """What JSON type a value came as, in words (never the value itself, but for true,
    false and null)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a decimal number" if value.is_integer() else "a number with a fraction"
    return {str: "text", list: "a list", dict: "an object"}.get(type(value), "something else")


def json_flaw(raw: bytes, what: str = "the request body") -> str | None:
    """Why ``raw`` read as JSON cannot be taken as sent — NaN, Infinity or -Infinity
    (which Python's reader takes for numbers), a number too large, a name given twice in
    one object — as a sentence about ``what``; None: none of these (or ``raw`` is not
    JSON for another reason, which the reader of the request says itself)."""
    try:
        strict_loads(raw)
    except JsonFlaw as exc:
        return exc.words(what)
    except (ValueError, RecursionError):
        pass
    return None


def parse_client_message(raw: str | bytes) -> ClientMessage:
    """Read one client message; ProtocolError says what is wrong with it."""
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("too-large", f"messages may be at most {MAX_MESSAGE_BYTES} bytes "
                            f"of UTF-8 (this one is {size})")
    try:
        data = strict_loads(raw)
    except JsonFlaw as exc:
        raise ProtocolError("bad-json", exc.words("the message")) from None
    except ValueError:  # not JSON, or not UTF-8
        raise ProtocolError("bad-json", "the message is not valid JSON") from None
    except RecursionError:
        raise ProtocolError("bad-json", "the message is nested too deeply") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("bad-message", 'a message is a JSON object with a "type"')
    kind = data["type"]
    if kind not in FIELDS:
        raise ProtocolError("bad-message",
                            f"unknown message type {shown(kind)}; use move, sync, hint, solve "
                            f"or ping")
    extra = [key for key in data if key not in FIELDS[kind]]
    if extra:
        takes = ("only " if len(FIELDS[kind]) == 1 else "") + ", ".join(
            f'"{f}"' for f in FIELDS[kind])
        raise ProtocolError("bad-message", f"a {kind} message has no field "
                            f"{shown(extra[0])}; it takes {takes}")
    if kind == "move":
        move = data.get("move")
        version = data.get("version")
        if not isinstance(move, str):
            raise ProtocolError("bad-message", 'a move message needs "move": "<move text>"'
                                + (f", got {json_kind(move)}" if "move" in data else ""))
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise ProtocolError("bad-message", '"version" must be a whole number, the number '
                                f"of moves played (or null), got {json_kind(version)}")
        return MoveMessage(move, version)
    return {"sync": SyncMessage, "ping": PingMessage, "hint": HintMessage,
            "solve": SolveMessage}[kind]()
