"""The WebSocket protocol the server runs: uvicorn's own, with two changes.

* A text frame that is not UTF-8 is the client's error, not the server's.  uvicorn answers
  such a frame by closing the connection (1007) *and* logging it as an exception with its
  traceback: any client could fill the server's log with tracebacks, one frame and one
  connection at a time, and it would not learn what was wrong.  Here the connection is
  closed with 1007 and a reason that says so, and nothing is logged.
* A handshake the server refuses (``Upgrade: websocket`` with a missing or malformed
  ``Sec-WebSocket-Key``, an unsupported ``Sec-WebSocket-Version``, ...) is answered in the
  API's refusal shape, ``{"detail": {"code": ..., "message": ...}}`` with its status
  (400 ``bad-handshake``, 426 ``upgrade-required`` ...), not as plain text.  Every
  refusal of a handshake goes through the ``reject`` of the connection's sans-I/O
  ``websockets.ServerProtocol`` (its own ``accept`` calls it, and so does uvicorn), so
  that one method is wrapped: the status and headers stay, the body says the same in JSON.
* A ping is answered only while the client reads what it is sent.  uvicorn writes each
  pong as its ping arrives, whatever the connection's unsent backlog, and pings are read
  at once (messages wait for the table's pace, pings do not): a client sending pings and
  never reading its pongs made the server buffer every one (200 MB sent, the server
  186 MB larger, until the connection closed).  Past :data:`PONG_BACKLOG` bytes waiting to
  be sent, the connection is cut as one that stopped reading (the table's send queue drops
  such a connection too).
* A connection the server closes while it still has bytes to send is cut once
  :data:`CUT_AFTER` seconds have not sent them.  A plain close waits for them to go: a
  client that stays connected but reads nothing (its TCP window shut) would keep the
  socket, and its connection at the hub, for as long as it lived — whether the server
  closed it for a keepalive ping unanswered, a bad frame or a full send queue — and, its
  transport "closing", it counted against no address's cap either.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

NOT_UTF8 = "text frames must be valid UTF-8 (send JSON text)"

HANDSHAKE_CODES = {400: "bad-handshake", 403: "forbidden", 405: "method-not-allowed",
                   426: "upgrade-required", 505: "http-version-not-supported", 500: "error"}
"""The ``code`` of a refused WebSocket handshake, by status."""

FAILED = "Failed to open a WebSocket connection"

PONG_BACKLOG = 1024 * 1024
"""Bytes waiting to be sent past which a ping cuts the connection instead of being
answered: far above what a reading client ever has waiting (the table's sends wait at
64 KiB, one message over at most)."""

CUT_AFTER = 5.0
"""Seconds a connection being closed may take to send what it still holds before it is cut."""


def handshake_message(status: int, text: str) -> str:
    """websockets' words for a refused handshake (``Failed to open a WebSocket connection:
    missing Sec-WebSocket-Key header.``), as the API's refusals put them."""
    why = text.strip().splitlines()[0] if text.strip() else ""
    why = why.removeprefix(FAILED).lstrip(":. ").rstrip(".")
    why = why[:200].encode("utf-8", "replace").decode("utf-8")  # a header's value may be long
    if status >= 500:
        return "the WebSocket could not be opened: the server failed (its log says why)"
    if not why:
        return "the server refused to open this WebSocket"
    if "Sec-WebSocket-Version" in why:
        why += " (the server speaks version 13, RFC 6455)"
    return f"not a valid WebSocket handshake: {why}"


def json_rejections(conn: Any) -> None:
    """Make ``conn`` (a ``websockets.ServerProtocol``) refuse handshakes in JSON."""
    reject = getattr(conn, "reject", None)
    if reject is None or getattr(reject, "json_body", False):
        return

    def rejecting(status: Any, text: str) -> Any:
        response = reject(status, text)
        try:  # websockets' Response: status_code, headers (a mutable Headers), body
            code = int(response.status_code)
            body = json.dumps({"detail": {
                "code": HANDSHAKE_CODES.get(code, "bad-handshake" if code < 500 else "error"),
                "message": handshake_message(code, text)}}).encode()
            del response.headers["Content-Type"], response.headers["Content-Length"]
            response.headers["Content-Type"] = "application/json"
            response.headers["Content-Length"] = str(len(body))
            response.body = body
        except Exception:  # another websockets: its own plain-text refusal stands
            return reject(status, text)
        return response

    rejecting.json_body = True  # type: ignore[attr-defined]
    conn.reject = rejecting


class Cutting:
    """A transport whose ``close`` cuts the connection (``abort``) if what it holds to send
    is not sent within :data:`CUT_AFTER` seconds; anything else is the transport's own."""

    def __init__(self, transport: asyncio.Transport) -> None:
        self._transport = transport

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)

    def close(self) -> None:
        transport = self._transport
        transport.close()
        if transport.get_write_buffer_size():  # (once gone, the abort does nothing)
            asyncio.get_running_loop().call_later(CUT_AFTER, transport.abort)


class TextFrames(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (``uvicorn.run(ws=TextFrames)``), with the above."""

    def connection_made(self, transport: Any) -> None:
        super().connection_made(Cutting(transport))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # uvicorn's internals (0.50 on, pyproject pins <1): should they change, the JSON
        # stands aside and websockets' plain-text refusal applies
        json_rejections(getattr(self, "conn", None))

    def handle_ping(self) -> None:
        transport = getattr(self, "transport", None)
        if transport is not None and transport.get_write_buffer_size() > PONG_BACKLOG:
            self.conn.data_to_send()  # the pong is not sent: nobody reads it
            transport.abort()  # connection_lost tells the app (1006), which then leaves
            return
        super().handle_ping()

    def send_receive_event_to_app(self) -> None:
        # uvicorn's internals (0.50 on, pyproject pins <1): should they change, the check
        # stands aside and uvicorn's own handling (close 1007, a logged error) applies
        frames = getattr(self, "frames", None)
        if (isinstance(frames, list) and getattr(self, "curr_msg_data_type", None) == "text"
                and not getattr(self, "close_sent", True)):
            try:
                b"".join(frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                self.conn.send_close(1007, NOT_UTF8)
                self.handle_parser_exception()  # tells the app, sends the close, hangs up
                return
        super().send_receive_event_to_app()
