"""The WebSocket protocol the server runs: uvicorn's own, but a text frame that is not
UTF-8 is the client's error, not the server's.

uvicorn answers such a frame by closing the connection (1007) *and* logging it as an
exception with its traceback: any client could fill the server's log with tracebacks, one
frame and one connection at a time, and it would not learn what was wrong.  Here the
connection is closed with 1007 and a reason that says so, and nothing is logged.
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

NOT_UTF8 = "text frames must be valid UTF-8 (send JSON text)"


class TextFrames(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (``uvicorn.run(ws=TextFrames)``), with the above."""

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
