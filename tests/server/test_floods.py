"""A WebSocket flooded with tiny messages costs the server a bounded number of parsed ones
(:data:`pentarena.server.frames.MESSAGES_WAITING`): the rest of what it read waits as
bytes, parsed as the app reads, and every message is still answered, in order.

uvicorn parsed the whole of each socket read and queued every message in it as a dict, to
wait there for the connection's pace: 30 connections sending ``{"type": "sync"}`` as fast
as they could grew the server by ~1.4 MB each (256 at the per-address cap: ~350 MB)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct
import threading

import pytest
import uvicorn

from pentarena.server import frames
from pentarena.server.app import create_app
from pentarena.server.frames import TextFrames
from pentarena.server.hub import Limits

from tests.procs import wait_until

from .test_hangups import post, upgrade

WAITING = getattr(frames, "MESSAGES_WAITING", 64)
FLOOD = 1500
"""Tiny messages sent at once: ~30 KB, a socket read or two."""


class Noting(TextFrames):
    """TextFrames noting the most events its queue ever held, and the most bytes it held
    unparsed."""

    made: list[Noting] = []

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.most_waiting = self.most_held = 0
        queue, put = self.queue, self.queue.put_nowait

        def noting(event) -> None:
            put(event)
            self.most_waiting = max(self.most_waiting, queue.qsize())

        queue.put_nowait = noting
        Noting.made.append(self)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self.most_held = max(self.most_held, len(getattr(self, "held", b"")))


@pytest.fixture
def live(tmp_path):
    """The app on a loopback port, reading 1,000 messages a second (a flood still outruns
    it), its WebSocket protocol :class:`Noting`; yields (port, app)."""
    Noting.made.clear()
    app = create_app(f"sqlite:///{tmp_path / 'floods.sqlite3'}", ai="thread",
                     limits=Limits(messages_per_second=1000.0, message_burst=40))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(app, log_level="warning", ws=Noting, ws_per_message_deflate=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    wait_until(lambda: server.started, "the server did not start")
    yield sock.getsockname()[1], app
    server.should_exit = True
    thread.join(30)
    sock.close()


def frame(opcode: int, data: bytes, fin: bool = True) -> bytes:
    """A masked frame, as a client sends it."""
    mask = os.urandom(4)
    size = (bytes([0x80 | len(data)]) if len(data) < 126
            else bytes([0x80 | 126]) + struct.pack("!H", len(data)))
    return (bytes([(0x80 if fin else 0) | opcode]) + size + mask
            + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))


def text(message: dict) -> bytes:
    return frame(0x1, json.dumps(message, separators=(",", ":")).encode())


def handshake(port: int, path: str) -> socket.socket:
    return upgrade(socket.create_connection(("127.0.0.1", port), timeout=60), path)


def read_exactly(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        assert chunk, "the server closed the connection"
        data += chunk
    return data


def read_frame(sock: socket.socket) -> tuple[int, bytes]:
    """The server's next frame (unmasked): its opcode and payload."""
    first, second = read_exactly(sock, 2)
    size = second & 0x7F
    if size == 126:
        size = struct.unpack("!H", read_exactly(sock, 2))[0]
    elif size == 127:
        size = struct.unpack("!Q", read_exactly(sock, 8))[0]
    return first & 0x0F, read_exactly(sock, size)


def test_a_flood_of_tiny_messages_waits_as_bytes_and_is_all_answered_in_order(live):
    port, app = live
    table_id = post(port, "/api/tables", {"game": "pentic", "seats": [
        {"kind": "me"}, {"kind": "invite"}]})["table"]["id"]
    with handshake(port, f"/ws/{table_id}") as sock:
        # numbered messages of an unknown type: each answer names its number
        flood = [text({"type": f"q{n}"}) for n in range(FLOOD)]
        flood.insert(FLOOD // 2, frame(0x9, b"halfway"))  # a ping among them
        # one message in three fragments, the middle one a frame of its own
        flood.insert(FLOOD // 2 + 1, frame(0x1, b'{"type":', fin=False)
                     + frame(0x0, b'"frag', fin=False) + frame(0x0, b'ment"}'))
        sock.sendall(b"".join(flood))
        numbers, pongs = [], []
        while len(numbers) < FLOOD + 1:
            opcode, data = read_frame(sock)
            if opcode == 0xA:
                pongs.append((len(numbers), data))
            elif opcode == 0x1 and json.loads(data).get("code") == "bad-message":
                word = json.loads(data)["message"].split("'")[1]
                numbers.append(-1 if word == "fragment" else int(word[1:]))
        expected = list(range(FLOOD))
        expected.insert(FLOOD // 2, -1)
        assert numbers == expected  # every one answered, in order, none lost
        assert [data for _, data in pongs] == [b"halfway"]
        (protocol,) = Noting.made
        assert protocol.most_waiting <= WAITING, (
            f"{protocol.most_waiting} messages waited parsed at once (at most {WAITING})")
        assert protocol.most_held > 10_000, "the flood was never held unparsed"
        sock.sendall(frame(0x8, struct.pack("!H", 1000)))  # a close after the flood is read
        while (opcode := read_frame(sock)[0]) != 0x8:
            pass


# -- the protocol on its own: bytes in any pieces, a connection lost while they are held ---

class Transport:
    """What a TextFrames writes, and whether its reading is paused."""

    def __init__(self) -> None:
        self.written, self.paused, self.closing = bytearray(), False, False

    def write(self, data: bytes) -> None:
        self.written += data

    def get_write_buffer_size(self) -> int:
        return 0

    def pause_reading(self) -> None:
        self.paused = True

    def resume_reading(self) -> None:
        self.paused = False

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    abort = close

    def get_extra_info(self, name: str, default=None):
        return {"peername": ("127.0.0.1", 5000), "sockname": ("127.0.0.1", 80)}.get(name,
                                                                                    default)


def test_held_bytes_in_any_pieces_and_a_connection_lost_with_them_lose_no_message():
    async def main() -> None:
        got: list[dict] = []
        read = asyncio.Event()  # set: the app may read one more message

        async def app(scope, receive, send) -> None:
            assert (await receive())["type"] == "websocket.connect"
            await send({"type": "websocket.accept"})
            while True:
                await read.wait()
                read.clear()
                message = await receive()
                got.append(message)
                if message["type"] == "websocket.disconnect":
                    return

        config = uvicorn.Config(app, ws=TextFrames, ws_per_message_deflate=False,
                                ws_ping_interval=None)
        config.load()
        protocol = TextFrames(config, uvicorn.server.ServerState(), {})
        transport = Transport()
        protocol.connection_made(transport)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: "
                   f"Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        flood = [text({"n": n}) for n in range(500)]
        flood[100] = frame(0x1, b'{"n":', fin=False) + frame(0x9, b"") + frame(0x0, b"100}")
        flood[200] = frame(0x1, json.dumps({"n": 200, "pad": "x" * 300}).encode())
        data = request.encode() + b"".join(flood)
        for i in range(0, len(data), 7):  # in pieces that split lines, headers and frames
            protocol.data_received(data[i:i + 7])
            assert protocol.queue.qsize() <= WAITING
        assert len(getattr(protocol, "held", b"")) > 5000 and transport.paused
        for _ in range(3):  # the app accepts and reads on
            read.set()
            await asyncio.sleep(0)
        for _ in range(10_000):  # (a bound, should the reading stall)
            if len(got) >= 150:
                break
            read.set()
            await asyncio.sleep(0)
            assert protocol.queue.qsize() <= WAITING
        assert transport.written.count(b"\x8a\x00") == 1  # the held ping answered once read
        protocol.connection_lost(None)  # the rest is held: read before the disconnect
        for _ in range(10_000):
            if got[-1]["type"] == "websocket.disconnect":
                break
            read.set()
            await asyncio.sleep(0)
        assert [json.loads(m["text"])["n"] for m in got[:-1]] == list(range(500))
        assert not getattr(protocol, "held", b"")

    asyncio.run(main())
