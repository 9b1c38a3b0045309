"""The WebSocket protocol the server runs: uvicorn's own, with these changes.

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
* At most :data:`MESSAGES_WAITING` messages of a connection wait parsed for the app.
  uvicorn parses every frame of each socket read and queues each message as a dict, then
  pauses reading: the app reads at the connection's pace (:mod:`.pacing`), so a client
  sending tiny messages as fast as it could (``{"type":"sync"}``, 21 bytes a frame) kept a
  whole read's worth queued (up to 256 KiB: ~12,000 messages of ~250 bytes each parsed; 30
  such connections made the server 47 MB larger, ~1.5 MB each).  Here what the socket read
  is held as bytes and given to the parser a line at a time until the handshake's request
  is read, then whole frames (their length read from each header), never more frames than
  the queue has room for (a frame gives it one event at most); the app's ``receive`` gives
  it more as the queue drains, and reading resumes (uvicorn's own ``receive``, once the
  queue is empty) only when nothing is held.  Every message is read, in order; control
  frames among the held bytes are read in their turn (a ping answered, a pong noted, a
  close seen — after the messages before it, as the network's flow control would have held
  them).  Once the server has sent its close, all of it is parsed (messages are dropped
  then, uvicorn's own rule); a connection lost with bytes held has them read before its
  disconnect.
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

MESSAGES_WAITING = 64
"""Messages of one connection parsed and waiting for the app to read them, at most: the
rest of what the socket read waits as bytes (about 20 bytes for a small message, where a
parsed one is ~100), parsed as the app reads (at its pace, :mod:`.pacing`)."""

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


def frame_size(data: bytearray, at: int) -> int | None:
    """The length of the WebSocket frame starting at ``data[at]`` (RFC 6455 5.2: header,
    masking key, payload), or None while its header is not all there."""
    left = len(data) - at
    if left < 2:
        return None
    second = data[at + 1]
    size, header = second & 0x7F, 2
    if size >= 126:
        header = 4 if size == 126 else 10
        if left < header:
            return None
        size = int.from_bytes(data[at + 2:at + header], "big")
    return header + (4 if second & 0x80 else 0) + size


class Deferred:
    """Stands in for a connection's queue while the connection is lost with messages still
    held: what uvicorn puts in it (the disconnect) waits for them."""

    def __init__(self) -> None:
        self.events: list[Any] = []

    def put_nowait(self, event: Any) -> None:
        self.events.append(event)


INTERNALS = ("queue", "conn", "transport", "handshake_initiated", "close_sent",
             "read_paused", "disconnected")
"""uvicorn's own attributes the holding of messages relies on (0.50 on, pyproject pins <1):
should one go, or the queue be other than an ``asyncio.Queue``, uvicorn's reading applies."""


class TextFrames(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (``uvicorn.run(ws=TextFrames)``), with the above."""

    def connection_made(self, transport: Any) -> None:
        super().connection_made(Cutting(transport))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # uvicorn's internals (0.50 on, pyproject pins <1): should they change, the JSON
        # stands aside and websockets' plain-text refusal applies
        json_rejections(getattr(self, "conn", None))
        self.held = bytearray()  # bytes read, not yet given to the parser
        self.owed = 0  # bytes of the frame partly given to the parser that it still needs
        self.deferred: list[Any] | None = None  # put once ``held`` is parsed (lost with it)
        self.holding = (all(hasattr(self, name) for name in INTERNALS)
                        and isinstance(self.queue, asyncio.Queue))

    # -- at most MESSAGES_WAITING parsed, the rest held as bytes ---------------------------

    def data_received(self, data: bytes) -> None:
        if not self.holding:
            return super().data_received(data)
        self.held += data
        self.parse_held()

    async def receive(self) -> Any:
        if self.holding and self.held and self.queue.qsize() <= MESSAGES_WAITING // 2:
            self.parse_held()  # (before uvicorn's receive, which resumes reading once the
        return await super().receive()  # queue is empty: by then nothing is held)

    async def send(self, message: Any) -> None:
        await super().send(message)
        if self.holding and self.held and self.close_sent:
            self.parse_held()  # closing: the client's close reply is among them

    def connection_lost(self, exc: Exception | None) -> None:
        if not (self.holding and self.held) or self.close_sent:
            self.held.clear()
            return super().connection_lost(exc)
        queue, deferred = self.queue, Deferred()
        self.queue = deferred  # type: ignore[assignment]
        try:  # uvicorn's own bookkeeping; its disconnect event waits for the held messages
            super().connection_lost(exc)
        finally:
            self.queue = queue
        self.deferred = deferred.events
        self.parse_held()

    def parse_held(self) -> None:
        """Give the parser what is held: a line at a time until the handshake's request is
        read, then whole frames, no more than there is room for in the queue (each frame
        gives it one event at most); all of it once the server has sent its close."""
        held, stuck = self.held, False
        while held:
            conn = self.conn
            if (conn.parser_exc is not None or conn.handshake_exc is not None
                    or conn.close_rcvd is not None
                    or (self.close_sent and self.transport.is_closing())):
                held.clear()  # nothing more to read from this connection
                break
            if not self.handshake_initiated:
                end = held.find(b"\n") + 1 or len(held)
            elif self.close_sent:  # messages are dropped now, pings still answered
                end, self.owed = len(held), 0
            else:
                end, stuck = self.frames_end(MESSAGES_WAITING - self.queue.qsize())
                if not end:
                    break
            chunk = bytes(held[:end])
            del held[:end]
            super().data_received(chunk)
        if self.deferred is not None and (not held or stuck):
            held.clear()  # (a frame cut short by the lost connection is never read)
            events, self.deferred = self.deferred, None
            for event in events:
                self.queue.put_nowait(event)
        elif held and not stuck and not self.read_paused and not self.disconnected:
            self.read_paused = True  # read on once the app has drained what waits
            self.transport.pause_reading()

    def frames_end(self, room: int) -> tuple[int, bool]:
        """How many held bytes make up at most ``room`` frames (the one partly given to the
        parser counting as one), and whether the rest waits for bytes yet to come."""
        held, at = self.held, 0
        while room > 0 and at < len(held):
            if not self.owed:
                size = frame_size(held, at)
                if size is None:
                    return at, True
                self.owed = size
            take = min(self.owed, len(held) - at)
            at += take
            self.owed -= take
            room -= 1
        return at, bool(self.owed) or (room > 0 and at == len(held))

    def handle_ping(self) -> None:
        transport = getattr(self, "transport", None)
        if getattr(self, "disconnected", False) or (transport is not None
                                                    and transport.is_closing()):
            self.conn.data_to_send()  # nobody to answer (held pings parsed after a cut)
            return
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
