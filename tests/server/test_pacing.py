"""A connection is read no faster than its pace: a flood waits unread, nothing is lost."""

from __future__ import annotations

import asyncio

import pytest
from fastapi.testclient import TestClient

from pentarena.server.app import MAX_TOKEN_CHARS, create_app, serve_connection
from pentarena.server.connections import Client
from pentarena.server.metrics import Metrics
from pentarena.server.pacing import MESSAGE_BURST, MESSAGES_PER_SECOND, Pace

from .test_api import create, receive_until
from .test_attacks import Burst
from .test_stalls import run


class Clock:
    """A clock the test moves: sleeping moves it on at once."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_a_pace_lets_a_burst_through_then_the_rate():
    clock = Clock()
    pace = Pace(MESSAGES_PER_SECOND, MESSAGE_BURST, clock=clock)
    assert [pace.take() for _ in range(MESSAGE_BURST)] == [0.0] * MESSAGE_BURST
    assert pace.take() == pytest.approx(1 / MESSAGES_PER_SECOND)   # the next one waits
    clock.now += 1 + 1 / MESSAGES_PER_SECOND   # what it waited, then a second
    assert [pace.take() for _ in range(20)] == [0.0] * 20      # a second's worth
    assert pace.take() > 0
    clock.now += 3600   # a quiet hour fills the bucket, no more
    assert sum(pace.take() == 0 for _ in range(2 * MESSAGE_BURST)) == MESSAGE_BURST


class TimedBurst(Burst):
    """A burst whose reads are stamped with the test's clock."""

    def __init__(self, message: dict, count: int, clock: Clock) -> None:
        super().__init__(message, count)
        self.clock = clock
        self.read_at: list[float] = []

    async def receive(self) -> dict:
        message = await super().receive()
        if message["type"] == "websocket.receive":
            self.read_at.append(self.clock())
        return message


def test_a_flood_is_read_at_the_pace_and_every_message_answered(tmp_path):
    """100 pings sent at once, at a pace of 10 a second and 5 at once: every ping gets its
    pong (none refused, none lost), and at no time were more read than the pace allows."""
    clock = Clock()

    async def scenario(hub):
        table, tokens = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "me"}])
        socket = TimedBurst({"type": "ping"}, 100, clock)
        socket.expected = 100 + 2  # the state and the presence on joining
        client = Client(socket, table.seats_of([tokens[0]]), tokens=(tokens[0],))
        await hub.join(table, client)
        pace = Pace(10, 5, clock=clock, sleep=clock.sleep)
        await asyncio.wait_for(
            serve_connection(hub, table, client, socket, Metrics(), pace), 60)
        assert not client.dropped and socket.closed is None
        await hub.leave(table, client)
        return socket

    socket = run(scenario, tmp_path)
    assert [m["type"] for m in socket.messages].count("pong") == 100
    start = socket.read_at[0]
    for k, at in enumerate(socket.read_at, 1):  # k read by then
        assert k <= 5 + 10 * (at - start) + 1e-6, (k, at - start)
    assert socket.read_at[-1] - start == pytest.approx((100 - 5) / 10)


def test_a_token_too_long_is_not_read_and_the_connection_watches(tmp_path):
    db = f"sqlite:///{tmp_path / 'test.sqlite3'}"
    with TestClient(create_app(db, ai="thread", ai_time_limit=0.2)) as client:
        t = create(client, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
        client.cookies.clear()
        token = "x" * (MAX_TOKEN_CHARS + 1)
        with client.websocket_connect(f"/ws/{t['id']}?token={token}") as ws:
            error = receive_until(ws, lambda m: m["type"] == "error")
            assert error["code"] == "bad-token"
            assert error["message"] == ("a seat token is at most 100 characters; you are "
                                        "watching")
            state = receive_until(ws, lambda m: m["type"] == "state")
            assert state["you"] is None and state["legal_moves"] == []
