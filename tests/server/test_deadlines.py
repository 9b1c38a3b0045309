"""Slow and idle HTTP connections are closed; one address holds only so many open
(:mod:`pentarena.server.deadlines`), on a real uvicorn server on loopback running the app
with short deadlines (2 s: long enough that a busy machine still sends a whole request
in time).  Tests wait for the server to act, never for a time."""

from __future__ import annotations

import json
import logging
import socket
import threading

import pytest
import uvicorn
from websockets.sync.client import connect

from pentarena.server.app import create_app
from pentarena.server.deadlines import guarded_protocol
from pentarena.server.quietlog import UVICORN_MESSAGE, Quieted

from tests.procs import wait_until

WAIT = 60.0  # a socket that hears nothing for this long fails the test


@pytest.fixture
def live(tmp_path):
    """Start the app on a free loopback port with ``guarded_protocol(**limits)``."""
    servers = []

    def start(**limits):
        app = create_app(f"sqlite:///{tmp_path / 'deadlines.sqlite3'}", ai="thread")
        config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning",
                                http=guarded_protocol(**limits))
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        wait_until(lambda: server.started, "the server did not start")
        servers.append((server, thread))
        return server.servers[0].sockets[0].getsockname()[1]

    yield start
    for server, thread in servers:
        server.should_exit = True
        thread.join(30)


def opened(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    return sock


def answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    out = b""
    while chunk := sock.recv(65536):
        out += chunk
    return out


def get(port: int, path: str = "/api/games") -> int:
    with opened(port) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                     .encode())
        return int(answer(sock).split(b" ", 2)[1])


def test_headers_that_never_finish_get_408_and_the_connection_closes(live):
    port = live(header_seconds=2.0)
    with opened(port) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        reply = answer(sock)  # the server closes it: recv returns b""
    assert reply.startswith(b"HTTP/1.1 408 ")
    assert b"the request's headers did not arrive within 2 s" in reply
    with opened(port) as sock:  # a connection that sends nothing at all
        assert answer(sock).startswith(b"HTTP/1.1 408 ")
    assert get(port) == 200  # a whole request is served


def test_a_body_that_stops_coming_closes_the_connection(live):
    port = live(body_seconds=2.0)
    with opened(port) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"ga")
        assert answer(sock) == b""  # closed without an answer: the request never finished
    with opened(port) as sock:  # the same, asking for an upgrade the server does not make
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\n"
                     b"Upgrade: h2c\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"ga")
        assert not answer(sock).startswith(b"HTTP/1.1 2")  # it ends (the parser's choice how)


def test_a_kept_alive_connection_gets_a_new_deadline_for_each_request(live):
    port = live(header_seconds=2.0)
    with opened(port) as sock:
        request = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        for _ in range(3):
            sock.sendall(request)
            head = b""
            while b"\r\n\r\n" not in head:
                head += sock.recv(1)
            assert head.startswith(b"HTTP/1.1 200 ")
            length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length")))
            body = b""
            while len(body) < length:
                body += sock.recv(length - len(body))
            assert "games" in json.loads(body)
        sock.sendall(b"GET /api/games HTTP/1.1\r\n")  # then a request that stalls
        assert answer(sock).startswith(b"HTTP/1.1 408 ")


def test_blank_lines_between_requests_do_not_hold_a_connection(live):
    port = live(header_seconds=2.0)
    with opened(port) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        head = b""
        while b"\r\n\r\n" not in head:
            head += sock.recv(1)
        assert head.startswith(b"HTTP/1.1 200 ")
        sock.sendall(b"\r\n")  # the parser skips it: no request begins
        assert b"HTTP/1.1 408 " in answer(sock)


def test_headers_over_the_size_limit_get_431(live):
    port = live(header_bytes=4096)
    with opened(port) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"x" * 5000)
        reply = answer(sock)  # without the end of the headers: the size is enough
    assert reply.startswith(b"HTTP/1.1 431 ")
    assert b"the request's headers are over 4 KiB" in reply
    assert b'{"detail": {"code": "headers-too-large"' in reply  # the usual refusal, in JSON
    with opened(port) as sock:  # whole headers of up to twice the limit, in one piece
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"x" * 7000
                     + b"\r\n\r\n")
        assert answer(sock).startswith(b"HTTP/1.1 431 ")
    with opened(port) as sock:  # headers under the limit, then a body over it: fine
        body = json.dumps({"game": "pentago", "seats": [{"kind": "me"}, {"kind": "me"}]})
        body += " " * 20_000  # JSON may end in white space
        sock.sendall((f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close"
                      f"\r\nX-Pad: {'p' * 3000}\r\nContent-Type: application/json\r\n"
                      f"Content-Length: {len(body)}\r\n\r\n{body}").encode())
        assert answer(sock).startswith(b"HTTP/1.1 201 ")


def test_a_websocket_outlives_the_header_deadline(live):
    port = live(header_seconds=2.0)
    table = None
    with opened(port) as sock:
        body = json.dumps({"game": "pentago", "seats": [{"kind": "me"}, {"kind": "me"}]})
        sock.sendall((f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                      f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
                      f"{body}").encode())
        table = json.loads(answer(sock).split(b"\r\n\r\n", 1)[1])
    token = table["you"]["token"]
    with connect(f"ws://127.0.0.1:{port}/ws/{table['id']}?token={token}",
                 open_timeout=WAIT) as ws:
        assert json.loads(ws.recv(WAIT))["type"] == "state"
        with opened(port) as slow:  # another connection's deadline passes meanwhile
            slow.sendall(b"GET / HTTP/1.1\r\n")
            assert answer(slow).startswith(b"HTTP/1.1 408 ")
        ws.send(json.dumps({"type": "ping"}))
        while json.loads(ws.recv(WAIT))["type"] != "pong":
            pass


def test_one_address_holds_at_most_so_many_connections(live):
    port = live(per_address=3, exempt_loopback=False)
    held = [opened(port) for _ in range(3)]
    for sock in held:  # each is accepted: a request on it is answered
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert sock.recv(12).startswith(b"HTTP/1.1 200")
    with opened(port) as extra:
        reply = answer(extra)
    assert reply.startswith(b"HTTP/1.1 503 ")
    assert b"too many connections from your address (3 open)" in reply
    held.pop().close()
    wait_until(lambda: get(port) == 200, "a connection closed did not free its place")
    for sock in held:
        sock.close()


def test_loopback_is_exempt_by_default(live):
    port = live(per_address=2)
    held = [opened(port) for _ in range(4)]
    assert get(port) == 200
    for sock in held:
        sock.close()


def test_a_request_that_is_not_http_gets_a_json_400(live):
    port = live()
    with opened(port) as sock:
        sock.sendall(b"FOO /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        reply = answer(sock)
    assert reply.startswith(b"HTTP/1.1 400 ")
    body = json.loads(reply.split(b"\r\n\r\n", 1)[1])
    assert body["detail"]["code"] == "bad-request"
    assert body["detail"]["message"].startswith("the request is not valid HTTP")


def test_requests_that_are_not_http_are_counted_not_logged_one_by_one(live):
    """A client sending garbage in a loop must not write a log line per request: one line
    a minute at most, and /metrics counts them all."""
    port = live()
    lines: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage())

    handler = Keep()
    logging.getLogger("uvicorn.error").addHandler(handler)
    try:
        before = _invalid_total(port)
        for _ in range(20):
            with opened(port) as sock:
                sock.sendall(b"FOO / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                assert answer(sock).startswith(b"HTTP/1.1 400 ")
        assert _invalid_total(port) == before + 20
        for _ in range(20):  # an upgrade to something else: answered, logged once a minute
            with opened(port) as sock:
                sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: h2c\r\n"
                             b"Connection: upgrade, close\r\n\r\n")
                assert answer(sock).startswith(b"HTTP/1.1 200 ")
    finally:
        logging.getLogger("uvicorn.error").removeHandler(handler)
    assert len([x for x in lines if "not valid HTTP" in x or "Invalid HTTP" in x]) <= 1, lines
    assert len([x for x in lines if "upgrade" in x]) <= 1, lines


def _invalid_total(port: int) -> float:
    with opened(port) as sock:
        sock.sendall(b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        body = answer(sock).split(b"\r\n\r\n", 1)[1].decode()
    return float(next(line.split()[1] for line in body.splitlines()
                      if line.startswith("pentarena_invalid_requests_total ")))


def test_the_invalid_request_line_comes_back_once_a_minute_with_the_count():
    now = [0.0]
    quiet = Quieted(UVICORN_MESSAGE, "not HTTP", every=60, clock=lambda: now[0])
    logger = logging.getLogger("tests.quietlog")
    passed: list[str] = []

    def record(msg: str) -> logging.LogRecord:
        return logger.makeRecord(logger.name, logging.WARNING, __file__, 1, msg, None, None)

    for second in range(0, 130, 10):
        now[0] = second
        rec = record(UVICORN_MESSAGE)
        if quiet.filter(rec):
            passed.append(rec.getMessage())
    assert quiet.filter(record("something else"))
    assert quiet.total == 13
    assert len(passed) == 3  # at 0, 60 and 120 s
    assert "(0 more since" in passed[0] and "(5 more since" in passed[1]
