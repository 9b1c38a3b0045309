"""A WebSocket whose client stays connected but stops reading is let go for good: its socket
(file descriptor), its connection at the hub and its table's hold on memory end once the
server gives up on it, although what it was sent can never be delivered
(:mod:`pentarena.server.frames`).

Such a client keeps its TCP window at zero: a plain close would wait for the unsent bytes
for as long as the client lives.  Here the server's socket buffers are small (set on the
listening socket, inherited by each connection) and its keepalive pings short, so the
buffers fill at once and the server gives up in seconds."""

from __future__ import annotations

import base64
import json
import os
import socket
import threading

import pytest
import uvicorn

from pentarena.server.app import create_app
from pentarena.server.frames import TextFrames

from tests.e2e.helpers import pentup_record
from tests.procs import wait_until

BUFFER = 8192
"""Bytes of kernel buffer on either side: a few state events fill them."""


@pytest.fixture
def live(tmp_path):
    """The app on a loopback port with small socket buffers and 1-second keepalive pings;
    yields (port, app, uvicorn server)."""
    app = create_app(f"sqlite:///{tmp_path / 'hangups.sqlite3'}", ai="thread")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, BUFFER)
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(app, log_level="warning", ws=TextFrames, ws_ping_interval=1.0,
                            ws_ping_timeout=1.0, ws_per_message_deflate=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    wait_until(lambda: server.started, "the server did not start")
    yield sock.getsockname()[1], app, server
    server.should_exit = True
    thread.join(30)
    sock.close()


def post(port: int, path: str, body: dict) -> dict:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        data = json.dumps(body).encode()
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
                     .encode() + data)
        reply = b""
        while chunk := sock.recv(65536):
            reply += chunk
    return json.loads(reply.split(b"\r\n\r\n", 1)[1])


def frame(text: str) -> bytes:
    """A masked text frame, as a client sends it."""
    data, mask = text.encode(), os.urandom(4)
    assert len(data) < 126
    return (bytes([0x81, 0x80 | len(data)]) + mask
            + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))


def upgrade(sock: socket.socket, path: str) -> socket.socket:
    """``sock`` (connected) made a WebSocket at ``path``: the handshake sent, its answer read."""
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101 "), head
    return sock


def never_reading(port: int, table_id: str) -> socket.socket:
    """A WebSocket to the table that reads nothing after its handshake."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, BUFFER)
    sock.connect(("127.0.0.1", port))
    return upgrade(sock, f"/ws/{table_id}")


def test_a_client_that_asks_and_never_reads_is_let_go(live):
    port, app, server = live
    hub = app.state.hub
    table_id = post(port, "/api/records", pentup_record(4))["id"]  # a big state (~9 KB)
    sock = never_reading(port, table_id)
    with sock:
        sock.sendall(frame(json.dumps({"type": "sync"})) * 40)  # 40 answers it never reads
        wait_until(lambda: hub.clients.get(table_id), "the connection never joined")
        # the keepalive ping goes unanswered: the server gives the connection up
        wait_until(lambda: not hub.clients.get(table_id),
                   "the hub still holds the connection of a client that reads nothing")
        wait_until(lambda: not server.server_state.connections,
                   "the server still holds the socket of a client that reads nothing")


def test_a_client_closed_for_a_bad_frame_while_not_reading_is_let_go(live):
    port, app, server = live
    hub = app.state.hub
    table_id = post(port, "/api/records", pentup_record(4))["id"]
    sock = never_reading(port, table_id)
    with sock:
        sock.sendall(frame(json.dumps({"type": "sync"})) * 40)
        wait_until(lambda: hub.clients.get(table_id), "the connection never joined")
        mask = os.urandom(4)  # a text frame that is not UTF-8: the server closes (1007)
        sock.sendall(bytes([0x81, 0x82]) + mask + bytes(b ^ m for b, m in zip(b"\xff\xfe", mask)))
        wait_until(lambda: not server.server_state.connections,
                   "the server still holds the socket of a client it closed")
        wait_until(lambda: not hub.clients.get(table_id),
                   "the hub still holds the connection of a client the server closed")
