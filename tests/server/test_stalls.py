"""A server no client can stall, that loses nothing and never gets stuck (issue: trust,
items 5-13).  Hub-level tests run the real hub, store and pool on an asyncio loop with
fake sockets; the rest go through the app."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import sqlite3
import threading

import pytest
from fastapi.testclient import TestClient

from pentarena.server import hub as hub_module
from pentarena.server.app import create_app
from pentarena.server.bus import LocalBus
from pentarena.server.connections import Client
from pentarena.server.hub import Hub, Limits
from pentarena.server.protocol import ProtocolError
from pentarena.server.store import Store
from pentarena.server.workers import JobTimeout, WorkerPool

from tests.aio import run_async

from .test_api import create_game, receive_until, state_at


class Reader:
    """A socket that reads everything at once."""

    def __init__(self) -> None:
        self.messages: list[dict] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        self.messages.append(json.loads(text))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = code


class Stuck(Reader):
    """A socket whose client never reads: sending blocks forever."""

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()


def run(coro_fn, tmp_path, pool_kind="thread", pool_size=1, limits=None, bus=None,
        computer_queue=None):
    """Run ``coro_fn(hub)`` on a fresh loop with a real store and worker pool (``bus`` and
    ``computer_queue``: made on that loop, called with no arguments)."""

    async def main():
        store = Store(f"sqlite:///{tmp_path / 'hub.sqlite3'}")
        hub = Hub(store, WorkerPool(pool_size, pool_kind), ai_time_limit=0.05, limits=limits,
                  bus=bus and bus(), computer_queue=computer_queue and computer_queue())
        try:
            return await asyncio.wait_for(coro_fn(hub), 120)  # a hang fails, not blocks
        finally:
            await hub.close()
            store.close()

    return run_async(main())


async def play_random(hub, table, seats, plies, rng):
    for _ in range(plies):
        if table.state.is_terminal():
            return
        move = str(rng.choice(table.state.legal_moves()))
        await hub.submit(table, table.state.current_player, move, table.version)


# -- 5. a stalled reader is dropped, nobody waits for it -------------------------------------
def test_a_spectator_that_never_reads_neither_slows_nor_freezes_its_table(tmp_path):
    async def scenario(hub):
        table, _ = await hub.create("pentup", {}, [{"kind": "me"}, {"kind": "me"}])
        stuck, reader = Stuck(), Reader()
        stuck_client = Client(stuck, queue_size=8)
        await hub.join(table, stuck_client)
        await hub.join(table, Client(reader, frozenset({0, 1})))
        await play_random(hub, table, None, 20, random.Random(5))
        await asyncio.sleep(0)  # let the reader's writer task drain its queue
        while reader.messages[-1].get("version") != table.version:
            await asyncio.sleep(0.01)
        return table, stuck, stuck_client, reader

    table, stuck, stuck_client, reader = run(scenario, tmp_path)
    assert table.version == 20
    assert stuck_client.dropped and stuck.closed == 1013
    assert [m["version"] for m in reader.messages if m["type"] == "state"][-1] == 20


# -- 6. oversized frames are refused by the protocol layer ----------------------------------
def test_oversized_websocket_frames_are_refused_before_they_are_buffered(server_process):
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    t = server_process.create({"game": "pentago"})
    with connect(f"{server_process.ws}/ws/{t['id']}", max_size=None) as ws:
        json.loads(ws.recv())
        ws.send("x" * 200_000)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=30)
    assert closed.value.rcvd.code == 1009


def test_pings_never_read_back_cut_the_connection_instead_of_filling_memory(server_process):
    """A client sending WebSocket pings and never reading the pongs: the server stops
    answering and cuts the connection once its backlog passes a bound (uvicorn wrote every
    pong: 200 MB of pings grew the server by 186 MB); the others go on."""
    import base64
    import os
    import socket

    from websockets.sync.client import connect

    t = server_process.create({"game": "pentago"})
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # the pongs wait at the server
    raw.settimeout(30)
    raw.connect(("127.0.0.1", server_process.port))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(f"GET /ws/{t['id']} HTTP/1.1\r\nHost: 127.0.0.1:{server_process.port}\r\n"
                f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    assert raw.recv(12) == b"HTTP/1.1 101"
    ping = b"\x89\xfd" + bytes(4) + b"x" * 125  # masked with a zero key: the payload as is
    burst = ping * 2000
    sent, cut = 0, False
    while sent < 64_000_000:
        try:
            raw.sendall(burst)
        except (ConnectionResetError, BrokenPipeError):
            cut = True
            break
        sent += len(burst)
    raw.close()
    assert cut, f"{sent:,} bytes of pings sent, the pongs buffered at the server"
    with connect(f"{server_process.ws}/ws/{t['id']}") as ws:
        assert json.loads(ws.recv(timeout=30))["type"] in ("state", "presence")
        ws.send(json.dumps({"type": "ping"}))
        while json.loads(ws.recv(timeout=30))["type"] != "pong":
            pass


# -- 7. database commits do not run on the event loop ---------------------------------------
def test_a_locked_database_does_not_freeze_the_event_loop(tmp_path):
    path = tmp_path / "hub.sqlite3"
    released = threading.Event()

    async def scenario(hub):
        table, _ = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "me"}])
        locker = sqlite3.connect(path, check_same_thread=False)
        locker.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        move = str(table.state.legal_moves()[0])
        submit = asyncio.get_running_loop().create_task(hub.submit(table, 0, move, 0))
        ticks = 0
        while ticks < 5:  # the loop keeps running other work while the commit waits
            assert not submit.done()
            ticks += 1
            await asyncio.sleep(0.01)
        assert table.version == 0  # not acknowledged, not applied
        locker.rollback()
        locker.close()
        released.set()
        await submit
        return table

    table = run(scenario, tmp_path)
    assert released.is_set() and table.version == 1
    reloaded = Store(f"sqlite:///{path}").load_all()[0]
    assert reloaded[0].moves == table.state.history()


def test_concurrent_moves_on_many_tables_are_committed_in_groups(tmp_path):
    async def scenario(hub):
        tables = [(await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "me"}]))[0]
                  for _ in range(8)]
        await asyncio.gather(*(play_random(hub, t, None, 10, random.Random(i))
                               for i, t in enumerate(tables)))
        return tables

    tables = run(scenario, tmp_path)
    stored = {t.id: t for t in Store(f"sqlite:///{tmp_path / 'hub.sqlite3'}").load_all()[0]}
    for t in tables:
        assert stored[t.id].moves == t.state.history() and len(t.state.history()) == 10


# -- 8. a failed store leaves no trace and the computer tries again --------------------------
def test_a_failed_store_changes_nothing_and_the_computer_retries(tmp_path):
    async def scenario(hub):
        real = hub.store.add_move
        calls, failures = [], []

        async def flaky(*args):
            calls.append(args)
            if len(calls) in (1, 3, 4):  # the person's first try, the computer's first two
                failures.append(args)
                raise OSError("disk full")
            await real(*args)

        hub.store.add_move = flaky
        table, _ = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "computer",
                                                                     "level": "random"}])
        watcher = Reader()
        await hub.join(table, Client(watcher))
        move = str(table.state.legal_moves()[0])
        with pytest.raises(ProtocolError) as failed:
            await hub.submit(table, 0, move, 0)
        assert failed.value.code == "store-failed" and table.version == 0
        await hub.submit(table, 0, move, 0)  # the person tries again
        while table.version < 2:  # the computer's first two attempts fail, the third works
            await asyncio.sleep(0.02)
        return table, failures

    table, failures = run(scenario, tmp_path)
    assert len(failures) == 3 and table.version == 2
    assert Store(f"sqlite:///{tmp_path / 'hub.sqlite3'}").load_all()[0][0].moves == \
        table.state.history()


class FlakyQueue:
    """A computer-move queue (as :class:`~pentarena.server.cluster.ComputerQueue`) whose
    first ``fails`` attempts raise, as while Redis is away."""

    def __init__(self, fails: int) -> None:
        self.fails, self.attempts, self.jobs = fails, 0, []

    async def connect(self) -> None:
        pass

    async def close(self) -> None:
        pass

    def lost_after(self, time_limit) -> float:
        return 3600.0

    async def enqueue(self, table_id, version, people, time_limit) -> bool:
        self.attempts += 1
        if self.attempts <= self.fails:
            raise ConnectionError("Redis is away")
        self.jobs.append((table_id, version))
        return True


def test_a_computer_move_that_could_not_be_queued_is_queued_once_redis_answers(tmp_path,
                                                                              caplog):
    async def scenario(hub):
        await hub.start()
        table, tokens = await hub.create("pentago", {}, [{"kind": "computer", "level": "random"},
                                                         {"kind": "me"}])
        person = Reader()
        await hub.join(table, Client(person, frozenset({1}), tokens=(tokens[1],)))
        while not hub.queue.jobs:
            await asyncio.sleep(0.02)
        while not any(m["type"] == "thinking" for m in person.messages):
            await asyncio.sleep(0.02)
        return table, hub.queue

    with caplog.at_level(logging.WARNING, logger="pentarena.server"):
        table, queue = run(scenario, tmp_path, computer_queue=lambda: FlakyQueue(3))
    assert queue.attempts == 4 and queue.jobs == [(table.id, 0)] and table.thinking == 0
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and "trying again" in errors[0].getMessage()  # said once


class WatchedBus(LocalBus):
    """Another instance shares the store (so the hub checks its tables against it), but
    tells nothing."""

    distributed = True


def test_the_store_check_goes_on_past_a_table_that_fails_to_reload(tmp_path, monkeypatch,
                                                                    caplog):
    monkeypatch.setattr(hub_module, "RESYNC_SECONDS", 0.05)

    async def scenario(hub):
        await hub.start()
        people = [{"kind": "me"}, {"kind": "invite"}]
        bad, _ = await hub.create("pentago", {}, people)
        good, _ = await hub.create("pentago", {}, people)
        for t in (bad, good):
            await hub.join(t, Client(Reader()))
        real, tries = hub.reload, []

        async def reload(table):
            if table is bad:
                tries.append(table.id)
                raise RuntimeError("an unexpected bug")
            await real(table)

        hub.reload = reload
        for t in (bad, good):  # another instance moves at both
            await hub.store.add_move(t.id, 0, 0, str(t.state.legal_moves()[0]), "playing")
        while good.version != 1 or len(tries) < 2:  # the good one caught up, the loop goes on
            await asyncio.sleep(0.02)
        return bad, good

    with caplog.at_level(logging.ERROR, logger="pentarena.server"):
        bad, good = run(scenario, tmp_path, bus=WatchedBus)
    assert bad.version == 0 and good.version == 1
    assert any("could not be reloaded" in r.getMessage() and r.exc_info
               for r in caplog.records)


def test_a_seat_taken_during_a_store_failure_is_not_taken(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 's.sqlite3'}", ai="thread")
    with TestClient(app) as c:
        t = create_game(c, "pentago", [{"kind": "me"}, {"kind": "open"}])
        hub = app.state.hub

        async def broken(*args):
            raise OSError("database is locked")

        real, hub.store.update_seats = hub.store.update_seats, broken
        r = c.post(f"/api/tables/{t['id']}/sit", json={"seat": 1, "name": "Cy"})
        assert r.status_code == 503 and r.json()["detail"]["code"] == "store-failed"
        assert "try again" in r.json()["detail"]["message"]
        table = hub.tables[t["id"]]
        assert not table.seats[1].claimed and table.seats[1].token_hash is None
        hub.store.update_seats = real
        assert c.post(f"/api/tables/{t['id']}/sit", json={"seat": 1}).status_code == 200


# -- 9. a malformed row is set aside, the rest loads -----------------------------------------
def test_malformed_rows_are_set_aside_and_listed(tmp_path):
    url = f"sqlite:///{tmp_path / 'm.sqlite3'}"
    with TestClient(create_app(url, ai="thread")) as c:
        good = create_game(c, "pentago", [{"kind": "me"}, {"kind": "me"}])
        bad = [create_game(c, "pentago", [{"kind": "me"}, {"kind": "me"}]) for _ in range(4)]
    db = sqlite3.connect(tmp_path / "m.sqlite3")
    db.execute("UPDATE tables SET seats = '\"garbage\"' WHERE id = ?", (bad[0]["id"],))
    db.execute("UPDATE tables SET options = '{\"players\": 9}' WHERE id = ?", (bad[1]["id"],))
    db.execute("INSERT INTO moves (table_id, ply, seat, text, at) VALUES (?, 0, 0, 'z9', 0)",
               (bad[2]["id"],))
    db.execute("UPDATE tables SET version = 1 WHERE id = ?", (bad[2]["id"],))
    db.execute("UPDATE tables SET seats = '[{\"kind\": \"human\", \"hat\": 1}, {}]' WHERE id = ?",
               (bad[3]["id"],))
    db.commit()
    db.close()
    with TestClient(create_app(url, ai="thread")) as c:
        health = c.get("/api/health").json()
        assert health["status"] == "ok"
        assert {x["id"] for x in health["set_aside"]} == {b["id"] for b in bad}
        reasons = " ".join(x["reason"] for x in health["set_aside"])
        assert "seats" in reasons and "z9" in reasons and "hat" in reasons
        assert c.get(f"/api/tables/{good['id']}").status_code == 200
        assert c.get(f"/api/tables/{bad[0]['id']}").status_code == 404


# -- 10. computer moves are scheduled fairly -------------------------------------------------
def pool_order(tmp_path, first: list[dict], then: list[dict]) -> list[str]:
    """The order a one-worker pool runs jobs in: ``first`` queued (its first job holding
    the worker until everything is queued), then ``then``; each job is ``pool.run``'s
    keywords and a ``name``."""
    gate = threading.Event()
    order: list[str] = []

    def job(name):
        if name == first[0]["name"]:
            gate.wait(30)
        order.append(name)
        return name

    def start(pool, spec):
        keywords = {k: v for k, v in spec.items() if k != "name"}
        return asyncio.ensure_future(pool.run(job, spec["name"], timeout=60, **keywords))

    async def scenario(_hub):
        pool = WorkerPool(1, "thread")
        jobs = [start(pool, spec) for spec in first]
        while pool.running == 0 or pool.queued < len(first) - 1:
            await asyncio.sleep(0.01)
        jobs += [start(pool, spec) for spec in then]
        while pool.queued < len(first) - 1 + len(then):
            await asyncio.sleep(0.01)
        gate.set()
        await asyncio.gather(*jobs)
        assert not pool._outstanding  # every owner's count back to nothing
        pool.close()

    run(scenario, tmp_path)
    return order


def test_the_pool_serves_jobs_by_priority_then_in_order(tmp_path):
    then = [{"name": name, "priority": p}
            for name, p in [("bot-a", 2), ("bot-b", 2), ("person", 0), ("away", 1)]]
    assert pool_order(tmp_path, [{"name": "first"}], then) == [
        "first", "person", "away", "bot-a", "bot-b"]


def test_within_a_priority_the_owner_with_fewest_jobs_goes_first(tmp_path):
    # one client with three slow searches queued, then another's one: the other's goes
    # next, not after all three (nobody stalls another's opponent by more than one job)
    ann = [{"name": f"ann-{i}", "owner": "ann"} for i in (1, 2, 3)]
    then = [{"name": "bob", "owner": "bob"}, {"name": "anyone"}]
    assert pool_order(tmp_path, ann, then) == ["ann-1", "bob", "anyone", "ann-2", "ann-3"]


def test_a_job_waiting_at_a_lower_priority_costs_its_owner_no_turn(tmp_path):
    # ann's hint waits behind the computer moves people wait for; her own computer move
    # still takes its turn with bob's (her hint's place in the queue is not her move's)
    then = [{"name": "ann-hint", "owner": "ann", "priority": 0.5},
            {"name": "bob-1", "owner": "bob"}, {"name": "bob-2", "owner": "bob"},
            {"name": "ann-move", "owner": "ann"}]
    assert pool_order(tmp_path, [{"name": "first", "owner": "zed"}], then) == [
        "first", "bob-1", "ann-move", "bob-2", "ann-hint"]


def test_owners_take_turns_while_others_keep_asking(tmp_path):
    # a player with three tables' searches queued, and two players who each ask again as
    # soon as their last search is done (a busy evening: the queue never empties): the
    # three are served in turn with the others', not once nobody else is asking (the
    # owner's later jobs had kept the place they were given when queued, behind every
    # new job of an owner with fewer, and waited as long as the others kept asking)
    order = order_behind_a_stream(tmp_path, [(f"ann-{i}", "ann", 0) for i in (1, 2, 3)], 8)
    # round robin: ann first, and between two of her jobs one of each other owner's at most
    anns = [i for i, name in enumerate(order) if name.startswith("ann")]
    assert len(anns) == 3 and anns[0] == 1, order
    assert all(b - a <= 3 for a, b in zip(anns, anns[1:])), order


def test_computer_only_tables_wait_for_a_watcher_and_are_capped_per_creator(tmp_path):
    async def scenario(hub):
        bots = [{"kind": "computer", "level": "random"}] * 2
        tables = [(await hub.create("pentago", {}, bots, creator="ann"))[0] for _ in range(3)]
        with pytest.raises(ProtocolError) as capped:
            await hub.create("pentago", {}, bots, creator="ann")
        assert capped.value.code == "too-many-tables"
        # they wait for a watcher: the refusal says how to let one finish
        assert "only while someone watches" in capped.value.message, capped.value.message
        await hub.create("pentago", {}, bots, creator="bob")  # someone else may
        await asyncio.sleep(0.05)
        assert not hub.thinking and all(t.version == 0 for t in tables)  # nobody watches
        await hub.join(tables[0], Client(Reader()))
        while tables[0].version < 4:
            await asyncio.sleep(0.01)
        return tables

    tables = run(scenario, tmp_path)
    assert tables[1].version == 0 and tables[2].version == 0


def test_the_pool_s_priority_for_tables(tmp_path):
    async def scenario(hub):
        people, _ = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "computer"}])
        bots, _ = await hub.create("pentago", {}, [{"kind": "computer"}] * 2)
        away = hub._priority(people)
        await hub.join(people, Client(Reader(), frozenset({0})))
        return away, hub._priority(people), hub._priority(bots)

    away, waiting, bots = run(scenario, tmp_path)
    assert waiting < away < bots


def test_an_overrunning_job_is_killed_and_its_worker_replaced(tmp_path):
    import time

    async def scenario(hub):
        pool = WorkerPool(1, "process")
        try:
            with pytest.raises(JobTimeout):
                await pool.run(time.sleep, 60, timeout=0.5)
            assert await pool.run(divmod, 7, 2, timeout=60) == (3, 1)
            return pool.pids()
        finally:
            pool.close()

    assert len(run(scenario, tmp_path)) == 1


def dies_once(marker: str) -> str:
    """A worker job: the first time, says its process id in ``marker`` and waits to be
    killed; after that, answers."""
    import os
    import time
    from pathlib import Path

    path = Path(marker)
    if not path.exists():
        path.write_text(str(os.getpid()))
        time.sleep(60)
    return "answered"


def test_a_worker_killed_mid_job_is_replaced_and_the_job_still_answers(tmp_path):
    # (the OOM killer or an operator killing a worker: the computer's seat had played a
    # random move instead of its level's, a hint failed)
    import os
    import signal

    marker = tmp_path / "pid"

    async def scenario(hub):
        pool = WorkerPool(1, "process")
        try:
            job = asyncio.ensure_future(pool.run(dies_once, str(marker), timeout=120))
            while not marker.exists() or not marker.read_text():
                await asyncio.sleep(0.05)
            killed = int(marker.read_text())
            os.kill(killed, signal.SIGKILL)
            assert await job == "answered"
            assert killed not in pool.pids() and len(pool.pids()) == 1
        finally:
            pool.close()

    run(scenario, tmp_path)


# -- 11. jobs nobody wants any more are dropped; no priority waits without end -------------
def recorded(monkeypatch, module, name: str) -> list:
    """Replace the worker job ``module.name`` by one that records its calls."""
    calls: list = []
    real = getattr(module, name)

    def job(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(module, name, job)
    return calls


async def hold_the_worker(pool, gate: threading.Event) -> asyncio.Future:
    """A job holding a one-worker pool until ``gate`` is set (running when this returns)."""
    held = asyncio.ensure_future(pool.run(gate.wait, 30, timeout=60))
    while pool.running == 0:
        await asyncio.sleep(0.01)
    return held


async def until(condition) -> None:
    while not condition():
        await asyncio.sleep(0.01)


def test_a_queued_computer_move_for_a_table_resigned_meanwhile_never_runs(tmp_path, monkeypatch):
    # (it ran when its turn came, taking a worker for its seconds of search while people
    # waited, and its move was thrown away)
    thought = recorded(monkeypatch, hub_module, "think")
    gate = threading.Event()

    async def scenario(hub):
        table, tokens = await hub.create("pentago", {}, [{"kind": "me"},
                                                         {"kind": "computer", "level": "random"}])
        await hub.join(table, Client(Reader(), frozenset({0}), tokens=(tokens[0],)))
        held = await hold_the_worker(hub.pool, gate)
        await hub.submit(table, 0, str(table.state.legal_moves()[0]), 0)
        await until(lambda: hub.pool.queued == 1)  # the computer's reply, waiting
        await hub.resign(table, [tokens[0]])
        gate.set()
        await held
        await until(lambda: table.id not in hub.thinking)
        pools.append(hub.pool)
        return table

    pools: list = []
    table = run(scenario, tmp_path)
    assert thought == []
    assert table.over and table.version == 1 and table.thinking is None
    assert pools[0].dropped == 1


def test_a_computer_move_dropped_while_nobody_watched_comes_once_someone_watches(
        tmp_path, monkeypatch):
    # a computer-only table plays only while watched: its move queued while watched, the
    # watcher gone before its turn (and not back within WATCHED_AFTER_LEAVING, here none),
    # is not thought for — and is, once someone watches again
    monkeypatch.setattr(hub_module, "WATCHED_AFTER_LEAVING", 0.0, raising=True)
    thought = recorded(monkeypatch, hub_module, "think")
    gate = threading.Event()

    async def scenario(hub):
        bots = [{"kind": "computer", "level": "random"}] * 2
        table, _ = await hub.create("pentago", {}, bots)
        held = await hold_the_worker(hub.pool, gate)
        watcher = Client(Reader())
        await hub.join(table, watcher)
        await until(lambda: hub.pool.queued == 1)
        await hub.leave(table, watcher)
        gate.set()
        await held
        await until(lambda: table.id not in hub.thinking)
        unwatched = (len(thought), table.version)
        await hub.join(table, Client(Reader()))
        await until(lambda: table.version >= 2)
        return unwatched

    assert run(scenario, tmp_path) == (0, 0)
    assert len(thought) >= 2


def thinks_until_told(*args) -> str:
    """A computer move (``jobs.think``'s arguments) that adds its process id to the file
    $PENTARENA_TEST_MARKER, waits until the file $PENTARENA_TEST_GO exists, then thinks."""
    import os
    import time
    from pathlib import Path

    from pentarena.server.jobs import think

    with open(os.environ["PENTARENA_TEST_MARKER"], "a") as marker:
        marker.write(f"{os.getpid()}\n")
    while not Path(os.environ["PENTARENA_TEST_GO"]).exists():
        time.sleep(0.01)
    return think(*args)


def searches_until_told(monkeypatch, tmp_path):
    """The computer's moves wait for ``go`` to exist; ``marker`` lists the searches begun:
    (marker, go)."""
    marker, go = tmp_path / "searches", tmp_path / "go"
    monkeypatch.setenv("PENTARENA_TEST_MARKER", str(marker))
    monkeypatch.setenv("PENTARENA_TEST_GO", str(go))
    monkeypatch.setattr(hub_module, "think", thinks_until_told)
    monkeypatch.setattr(hub_module, "THINK_TIMEOUT", 600.0)  # (a busy machine: no random move)
    return marker, go


def begun(marker) -> int:
    return len(marker.read_text().split()) if marker.exists() else 0


def asked_whether_wanted(hub) -> list:
    """The hub's answers to whether a computer's move is to be thought for (the pool asks
    it whether a search is still wanted), from now on."""
    asked: list = []
    to_think = hub._computer_to_think

    def asking(*args):
        asked.append(to_think(*args))
        return asked[-1]

    hub._computer_to_think = asking
    return asked


async def a_search_left_alone(hub, marker, asked_since: list | None = None):
    """A computer-only Pentago table whose one page leaves as its search runs (``marker``:
    see :func:`searches_until_told`); with ``asked_since`` (:func:`asked_whether_wanted`'s
    list), once the hub was asked twice more since whether the search is wanted: the
    table."""
    bots = [{"kind": "computer", "level": "random"}] * 2
    table, _ = await hub.create("pentago", {}, bots)
    page = Client(Reader())
    await hub.join(table, page)
    await until(lambda: begun(marker) == 1)
    await hub.leave(table, page)
    if asked_since is not None:
        left = len(asked_since)
        await until(lambda: len(asked_since) >= left + 2)
    return table


def test_a_reload_of_a_computer_only_tables_page_keeps_its_search_going(tmp_path, monkeypatch):
    # its only watcher's page reloaded (its connection closed, another opened): the search
    # under way was stopped, its worker process killed, and begun again from nothing
    monkeypatch.setattr(hub_module, "WATCHED_AFTER_LEAVING", 120.0, raising=True)
    marker, go = searches_until_told(monkeypatch, tmp_path)

    async def scenario(hub):
        table = await a_search_left_alone(hub, marker, asked_whether_wanted(hub))
        await hub.join(table, Client(Reader()))
        go.write_text("go")
        await until(lambda: table.version >= 1)
        return hub.pool.stopped, hub.pool.dropped

    assert run(scenario, tmp_path, pool_kind="process") == (0, 0)


def test_a_computer_only_tables_search_stops_if_nobody_comes_back(tmp_path, monkeypatch):
    monkeypatch.setattr(hub_module, "WATCHED_AFTER_LEAVING", 0.5, raising=True)
    marker, go = searches_until_told(monkeypatch, tmp_path)

    async def scenario(hub):
        table = await a_search_left_alone(hub, marker)
        await until(lambda: hub.pool.stopped == 1 and table.id not in hub.thinking)
        go.write_text("go")
        return table.version, begun(marker), hub.pool.running

    assert run(scenario, tmp_path, pool_kind="process") == (0, 1, 0)


def test_a_move_found_just_after_the_last_watcher_left_is_played_and_the_next_waits(
        tmp_path, monkeypatch):
    # (its search was stopped as soon as the watcher left)
    monkeypatch.setattr(hub_module, "WATCHED_AFTER_LEAVING", 120.0, raising=True)
    marker, go = searches_until_told(monkeypatch, tmp_path)

    async def scenario(hub):
        table = await a_search_left_alone(hub, marker, asked_whether_wanted(hub))
        go.write_text("go")
        await until(lambda: table.version == 1 and table.id not in hub.thinking)
        return begun(marker), hub.pool.stopped, hub.pool.dropped

    assert run(scenario, tmp_path, pool_kind="process") == (1, 0, 0)


async def a_hint_waiting(hub, gate: threading.Event):
    """Two people at Pentago, hints on, one page for both; a hint asked for seat 0 waits
    behind a job holding the pool's one worker until ``gate`` is set: (table, the page's
    client, its reader, the holding job)."""
    table, tokens = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "me"}],
                                     hints=True)
    reader = Reader()
    client = Client(reader, frozenset({0, 1}), tokens=tuple(tokens.values()))
    await hub.join(table, client)
    held = await hold_the_worker(hub.pool, gate)
    hub.ask_hint(table, client, 0)
    await until(lambda: hub.pool.queued == 1)
    return table, client, reader, held


def test_a_hint_for_a_position_that_moved_on_is_not_worked_out(tmp_path, monkeypatch):
    # the player moved while their hint waited: the hint is not searched for, and the page
    # (whose Hint button waits for an answer) is told why
    from pentarena.server import advice as advice_module

    advised = recorded(monkeypatch, advice_module, "advise")
    gate = threading.Event()

    async def scenario(hub):
        table, client, reader, held = await a_hint_waiting(hub, gate)
        await hub.submit(table, 0, str(table.state.legal_moves()[0]), 0)
        gate.set()
        await held
        await until(lambda: any(m["type"] in ("hint", "error") for m in reader.messages))
        return reader.messages

    answers = [m for m in run(scenario, tmp_path) if m["type"] in ("hint", "error")]
    assert advised == []
    assert [(m["type"], m.get("code"), m.get("version")) for m in answers] == [
        ("error", "stale", 1)], answers


def test_a_hint_whose_asker_left_is_not_worked_out(tmp_path, monkeypatch):
    from pentarena.server import advice as advice_module

    advised = recorded(monkeypatch, advice_module, "advise")
    gate = threading.Event()

    async def scenario(hub):
        table, tokens = await hub.create("pentago", {}, [{"kind": "me"},
                                                         {"kind": "computer", "level": "random"}])
        client = Client(Reader(), frozenset({0}), tokens=(tokens[0],))
        await hub.join(table, client)
        held = await hold_the_worker(hub.pool, gate)
        hub.ask_hint(table, client, 0)
        await until(lambda: hub.pool.queued == 1)
        await hub.leave(table, client)  # the page closed
        gate.set()
        await held
        await until(lambda: not hub.hinting)
        return hub.pool.dropped

    assert run(scenario, tmp_path) == 1 and advised == []


def test_a_hint_still_wanted_is_worked_out(tmp_path):
    # (the check that drops a job keeps every job still wanted: the same position, its
    # asker still there, another connection of the table coming and going meanwhile)
    gate = threading.Event()

    async def scenario(hub):
        table, client, reader, held = await a_hint_waiting(hub, gate)
        spectator = Client(Reader())
        await hub.join(table, spectator)
        await hub.leave(table, spectator)
        gate.set()
        await held
        await until(lambda: any(m["type"] in ("hint", "error") for m in reader.messages))
        return reader.messages, hub.pool.dropped

    messages, dropped = run(scenario, tmp_path)
    answers = [m for m in messages if m["type"] in ("hint", "error")]
    assert [(m["type"], m["version"]) for m in answers] == [("hint", 0)] and dropped == 0


class Told(LocalBus):
    """An event bus that keeps what it is asked to publish."""

    def __init__(self) -> None:
        super().__init__()
        self.published: list[dict] = []

    async def publish(self, event: dict) -> None:
        self.published.append(event)


@pytest.mark.parametrize("change", ["resign", "rename", "older"])
def test_a_worker_s_computer_move_drops_its_search_when_told_its_table_changed(
        tmp_path, monkeypatch, change):
    # a ``pentarena worker`` reads the table when the job starts; a resignation told on the
    # event bus while its search waits for the pool drops the search (nothing to play); a
    # seat change that leaves the move the computer's (a rename; a stranger taking an open
    # seat and leaving it, in a loop, restarted the search each time: the computer never
    # moved) keeps it; told by an older instance (no "computer" in the event), it is
    # dropped and thought for again
    from dataclasses import asdict

    from pentarena.server import cluster
    from pentarena.server.tables import Table

    thought = recorded(monkeypatch, cluster, "think")
    gate = threading.Event()

    async def scenario(_hub):
        store = Store(f"sqlite:///{tmp_path / 'worker.sqlite3'}")
        pool = WorkerPool(1, "thread")
        changes = cluster.Changes()
        ctx = {"store": store, "bus": Told(), "pool": pool, "changes": changes}
        try:
            table, tokens = Table.create("pentago", {}, [{"kind": "me"},
                                                         {"kind": "computer", "level": "random"}])
            await store.create_table(table.stored())
            move = table.check_move(0, str(table.state.legal_moves()[0]), 0)
            after = table.after(move)
            await store.add_move(table.id, 0, 0, move, table.status_of(after))
            table.accept(after)
            held = await hold_the_worker(pool, gate)
            job = asyncio.ensure_future(cluster.computer_move(ctx, table_id=table.id, version=1,
                                                              time_limit=0.05))
            await until(lambda: pool.queued == 1)
            if change == "resign":  # an instance stores the change, then tells it
                _, seats = table.resign([tokens[0]])
            else:
                _, seats = table.rename([tokens[0]], "Ann")
            await store.update_seats(table.id, [asdict(s) for s in seats], table.seats_version,
                                     "finished" if change == "resign" else None)
            told = {"kind": "seats", "table": table.id, "seats_version": table.seats_version + 1}
            if change != "older":  # as the hub tells it
                told.update(version=1, computer=None if change == "resign" else 1)
            await changes.on_event(told)
            gate.set()
            await held
            return await job, pool.dropped, ctx["bus"].published
        finally:
            pool.close()
            store.close()

    answer, dropped, published = run(scenario, tmp_path)
    assert dropped == (0 if change == "rename" else 1)
    if change == "resign":
        assert answer == "nothing to play" and thought == [] and published == []
    else:
        assert len(thought) == 1 and [e["version"] for e in published] == [2]


def test_a_seat_change_tells_a_worker_whether_its_search_still_stands(tmp_path):
    # what the hub tells of a seat change is what a worker needs: a rename (or a seat
    # taken and left) while the computer thinks leaves its search standing; a
    # resignation ends it
    from pentarena.server import cluster

    gate = threading.Event()

    async def scenario(hub):
        held = await hold_the_worker(hub.pool, gate)
        table, tokens = await hub.create("pentago", {}, [{"kind": "computer", "level": "random"},
                                                         {"kind": "me"}])
        changes = cluster.Changes()
        stands = []
        with changes.watching(table.id):
            changes.thinks(table.id, 0, 0)
            for change in (lambda t: t.rename([tokens[1]], "Ann"),
                           lambda t: t.resign([tokens[1]])):
                unchanged = changes.since(table.id)
                await hub.change_seats(table, change)
                await changes.on_event(hub.bus.published[-1])
                stands.append(unchanged())
        gate.set()
        await held
        return stands, [(e["version"], e["computer"]) for e in hub.bus.published
                        if e["kind"] == "seats"]

    stands, told = run(scenario, tmp_path, bus=Told)
    assert stands == [True, False] and told == [(0, 0), (0, None)]


def test_a_running_job_no_longer_wanted_is_stopped_and_its_worker_replaced(tmp_path):
    # (as an overrunning one is: a search whose table moved on held a worker for seconds)
    from pentarena.server.workers import JobDropped

    marker = tmp_path / "pid"

    async def scenario(_hub):
        pool = WorkerPool(1, "process")
        try:
            wanted = [True]
            job = asyncio.ensure_future(pool.run(dies_once, str(marker), timeout=120,
                                                 wanted=lambda: wanted[0]))
            await until(lambda: marker.exists() and marker.read_text())
            stopped = int(marker.read_text())
            wanted[0] = False
            with pytest.raises(JobDropped):
                await job
            assert stopped not in pool.pids()
            assert await pool.run(divmod, 7, 2, timeout=60) == (3, 1)
            return pool.pids(), pool.dropped
        finally:
            pool.close()

    pids, dropped = run(scenario, tmp_path)
    assert len(pids) == 1 and dropped == 1


def runs_until_told(marker: str, go: str) -> int:
    """A worker job: says its process id in ``marker``, then runs until ``go`` exists."""
    import os
    import time
    from pathlib import Path

    Path(marker).write_text(str(os.getpid()))
    while not Path(go).exists():
        time.sleep(0.01)
    return os.getpid()


def test_jobs_made_unwanted_in_a_loop_stop_workers_at_a_bounded_rate(tmp_path, monkeypatch):
    # A spectator opening and closing the only connection to a computer-only table (or an
    # asker leaving, or moving on, as soon as its hint runs) made the running search
    # unwanted as often as it liked: each time its worker process was killed and another
    # started (~0.1 s of CPU, 5-10 ms of the event loop each), four times a second per
    # worker.  Past the bound, such a job runs on and is dropped at its end.
    from pentarena.server import workers
    from pentarena.server.workers import JobDropped

    monkeypatch.setattr(workers, "STOPS_PER_SECOND", 0.0, raising=False)  # the burst: one

    async def scenario(_hub):
        pool = WorkerPool(1, "process")
        try:
            pids = []
            for i in range(4):
                marker, go = tmp_path / f"pid{i}", tmp_path / f"go{i}"
                state = {"wanted": True, "told": 0}

                def wanted(state=state):
                    if not state["wanted"]:
                        state["told"] += 1
                    return state["wanted"]

                job = asyncio.ensure_future(pool.run(runs_until_told, str(marker), str(go),
                                                     timeout=120, wanted=wanted))
                await until(lambda: marker.exists() and marker.read_text())
                pids.append(int(marker.read_text()))
                state["wanted"] = False
                await until(lambda: state["told"] or job.done())  # stopped, or running on
                go.write_text("go")
                with pytest.raises(JobDropped):
                    await job
            return pids, getattr(pool, "stopped", None), pool.dropped
        finally:
            pool.close()

    pids, stopped, dropped = run(scenario, tmp_path)
    assert len(set(pids)) == 2, pids  # the first stopped; the others ran on, one process
    assert stopped == 1 and dropped == 4


def order_behind_a_stream(tmp_path, waiting: list[tuple[str, str, float]],
                          moves: int) -> list[str]:
    """The order in which a one-worker pool runs the jobs ``waiting`` ((name, owner,
    priority), queued while a first job holds the worker) and the computer moves of two
    players, cy and dee, asked again as soon as answered (a busy evening: the queue of
    moves never empties) until the jobs waiting are done, ``moves`` each at most."""
    order: list[str] = []
    gate = threading.Event()

    def job(name):
        if name == "first":
            gate.wait(30)
        order.append(name)
        return name

    async def scenario(_hub):
        pool = WorkerPool(1, "thread")
        first = asyncio.ensure_future(pool.run(job, "first", timeout=60))
        await until(lambda: pool.running == 1)
        jobs = [asyncio.ensure_future(pool.run(job, name, timeout=60, owner=owner,
                                               priority=priority))
                for name, owner, priority in waiting]

        async def keeps_asking(owner):
            for i in range(1, moves + 1):
                if all(j.done() for j in jobs):
                    return
                await pool.run(job, f"{owner}-move-{i}", timeout=60, owner=owner)

        movers = [asyncio.ensure_future(keeps_asking(o)) for o in ("cy", "dee")]
        await until(lambda: pool.queued == len(waiting) + 2)
        gate.set()
        await asyncio.gather(first, *jobs, *movers)
        pool.close()

    run(scenario, tmp_path)
    return order


def test_a_hint_waiting_behind_an_endless_stream_of_computer_moves_runs_after_a_few(tmp_path):
    # two players whose computer opponents are asked again as soon as they answer and
    # hints waiting: each hint runs after at most PASSED_AT_MOST of the moves (they had
    # waited until no move was waiting), the hints' owners still taking turns
    from pentarena.server import workers

    order = order_behind_a_stream(tmp_path, [
        (name, name[:3], workers.HINTS)
        for name in ("ann-hint-1", "ann-hint-2", "ann-hint-3", "bob-hint")], 29)
    hints = [i for i, name in enumerate(order) if "hint" in name]
    assert [order[i] for i in hints] == ["ann-hint-1", "bob-hint", "ann-hint-2", "ann-hint-3"]
    moves_before = [sum("move" in name for name in order[a + 1:b])
                    for a, b in zip([0, *hints], hints)]
    assert max(moves_before) <= workers.PASSED_AT_MOST, order
    assert order[1:3] == ["cy-move-1", "dee-move-1"]  # the moves first, as ever


# -- 12. puzzle counting: seat only, capped, one at a time, cached by shape ------------------
def test_counting_needs_the_seat_and_is_cached_by_shape(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'c.sqlite3'}", ai="thread")
    with TestClient(app) as c:
        a = create_game(c, "pentomino-puzzle", [{"kind": "me"}], options={"region": "3x20"})
        first = c.post(f"/api/tables/{a['id']}/count")
        assert first.status_code == 200, first.text
        assert first.json()["count"] == 2 and not first.json()["cached"]
        upright = "/".join(["###"] * 20)
        b = create_game(c, "pentomino-puzzle", [{"kind": "me"}], options={"region": upright})
        again = c.post(f"/api/tables/{b['id']}/count")
        assert again.json() == dict(first.json(), cached=True)
        c.cookies.clear()
        anon = c.post(f"/api/tables/{a['id']}/count")
        assert anon.status_code == 403 and anon.json()["detail"]["code"] == "not-seated"
        token = a["you"]["token"]
        assert c.post(f"/api/tables/{a['id']}/count", json={"token": token}).status_code == 200


def test_a_solved_puzzle_counts_its_whole_region(tmp_path):
    """Once solved, Count solutions counts the region from empty (a region drawn by hand
    has no known count for the banner to give)."""
    app = create_app(f"sqlite:///{tmp_path / 'c.sqlite3'}", ai="thread")
    with TestClient(app) as c:
        a = create_game(c, "pentomino-puzzle", [{"kind": "me"}],
                        options={"region": "#####/#####/#####", "pieces": "LPV"})
        table = c.app.state.hub.tables[a["id"]]
        for move in _solution(table.state):
            table.apply_checked(move)
        assert table.state.is_terminal()
        r = c.post(f"/api/tables/{a['id']}/count")
        assert r.status_code == 200, r.text
        assert r.json()["count"] == 1 and r.json()["from_start"]


def _solution(state) -> list[str]:
    solved = state.clone()
    solved.solve()
    return solved.history()


def test_counting_is_capped_in_time_and_one_at_a_time_per_table(tmp_path):
    async def scenario(hub):
        table, _ = await hub.create("pentomino-puzzle", {"region": "6x10"}, [{"kind": "me"}])
        # every 2,339 ways: ~0.1 s of native search, more than the 0.03 s cap
        first = asyncio.ensure_future(hub.count_solutions(table, 0))
        while table.id not in hub.counting:
            await asyncio.sleep(0)
        with pytest.raises(ProtocolError) as busy:
            await hub.count_solutions(table, 0)
        assert busy.value.code == "busy"
        with pytest.raises(ProtocolError) as capped:
            await first
        assert capped.value.code == "too-long"
        return hub

    hub = run(scenario, tmp_path, pool_kind="process", limits=Limits(count_seconds=0.03))
    assert not hub.counting


# -- 13. small ones --------------------------------------------------------------------------
@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'x.sqlite3'}", ai="thread",
                               ai_time_limit=0.05)) as c:
        yield c


@pytest.mark.parametrize("body,why", [
    ({"game": "pentago", "seed": 2**64}, "seed"),
    ({"game": "pentago", "seed": -(2**70)}, "seed"),
    ({"game": "pentago", "options": {"name": "x"}}, "no option 'name'"),
    ({"game": "pentago", "options": {"game": "x"}}, "no option 'game'"),
    ({"game": "pentago", "seats": [{"kind": "me"}] * 50}, "seats"),
])
def test_bad_table_requests_get_400_with_a_reason(client, body, why):
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    assert why in json.dumps(r.json()["detail"])


def test_deeply_nested_record_json_gets_400(client):
    text = '{"game": "pentago", "meta": ' + "[" * 50_000 + "]" * 50_000 + "}"
    r = client.post("/api/records", content=text)
    assert r.status_code == 400 and "nested too deeply" in r.json()["detail"]["message"]


def test_nested_and_binary_frames_get_an_error_not_a_dropped_connection(client):
    t = create_game(client, "pentago", [{"kind": "me"}, {"kind": "me"}])
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        receive_until(ws, state_at(0))
        ws.send_text("[" * 2000 + "]" * 2000)
        assert receive_until(ws, lambda m: m["type"] == "error")["code"] == "bad-json"
        ws.send_bytes(b'{"type": "ping"}')
        err = receive_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "bad-message" and "binary" in err["message"]
        ws.send_text(json.dumps({"type": "ping"}))
        assert receive_until(ws, lambda m: m["type"] == "pong")


def test_joins_and_leaves_send_a_small_presence_event(client):
    t = create_game(client, "pentago", [{"kind": "me"}, {"kind": "invite"}])
    token = t["you"]["token"]
    client.cookies.clear()
    with client.websocket_connect(f"/ws/{t['id']}?token={token}") as player:
        receive_until(player, state_at(0))
        for _ in range(3):
            with client.websocket_connect(f"/ws/{t['id']}") as spectator:
                receive_until(spectator, state_at(0))
        player.send_text(json.dumps({"type": "ping"}))
        seen = []
        while not seen or seen[-1]["type"] != "pong":
            seen.append(player.receive_json())
        assert not [m for m in seen if m["type"] == "state"]  # spectators: no event at all
        friend = client.post(f"/api/tables/{t['id']}/join",
                             json={"token": t["invites"][0]["url"].split("token=")[1],
                                   "hot_seat": True})
        with client.websocket_connect(f"/ws/{t['id']}?token={friend.json()['token']}") as ws:
            receive_until(ws, state_at(0))
            presence = receive_until(player, lambda m: m["type"] in ("presence", "state")
                                     and m.get("connected") == [0, 1])
            assert presence["type"] == "presence"
        gone = receive_until(player, lambda m: m["type"] == "presence")
        assert gone["connected"] == [0]


def test_a_state_sent_after_a_join_or_a_leave_says_who_is_connected(client):
    """The state message is made once per change of the table and kept for the next
    asker, and it says who is connected: a player come or gone makes it again (an
    attacker's pass read the cache's key, the table's revision, as missing that; the
    presence event drops the kept text)."""
    t = create_game(client, "pentago", [{"kind": "me"}, {"kind": "invite"}])
    token = t["you"]["token"]
    client.cookies.clear()

    def seen_by_a_spectator() -> list[bool]:
        with client.websocket_connect(f"/ws/{t['id']}") as spectator:
            state = receive_until(spectator, state_at(0))
        return [seat["connected"] for seat in state["table"]["seats"]]

    with client.websocket_connect(f"/ws/{t['id']}?token={token}") as player:
        receive_until(player, state_at(0))
        assert seen_by_a_spectator() == [True, False]
        friend = client.post(f"/api/tables/{t['id']}/join",
                             json={"token": t["invites"][0]["url"].split("token=")[1],
                                   "hot_seat": True})
        client.cookies.clear()  # (the join's cookie would seat the spectator)
        with client.websocket_connect(f"/ws/{t['id']}?token={friend.json()['token']}") as ws:
            receive_until(ws, state_at(0))
            receive_until(player, lambda m: m["type"] == "presence" and m["connected"] == [0, 1])
            assert seen_by_a_spectator() == [True, True]
        receive_until(player, lambda m: m["type"] == "presence" and m["connected"] == [0])
        assert seen_by_a_spectator() == [True, False]


def test_a_normal_disconnect_logs_nothing(client, caplog):
    t = create_game(client, "pentago", [{"kind": "me"}, {"kind": "me"}])
    with caplog.at_level(logging.INFO, logger="pentarena.server"):
        for _ in range(3):
            with client.websocket_connect(f"/ws/{t['id']}") as ws:
                receive_until(ws, state_at(0))
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]


def test_an_app_started_twice_still_stores_and_thinks(tmp_path):
    """Test clients (and schemathesis) may run the app's startup and shutdown repeatedly."""
    app = create_app(f"sqlite:///{tmp_path / 'twice.sqlite3'}", ai="thread", ai_time_limit=0.01)
    with TestClient(app) as c:
        create_game(c, "pentago", [{"kind": "me"}, {"kind": "open"}])
    with TestClient(app) as c:
        t = create_game(c, "pentago", [{"kind": "me"}, {"kind": "computer", "level": "random"}])
        with c.websocket_connect(f"/ws/{t['id']}") as ws:
            first = receive_until(ws, state_at(0))
            ws.send_text(json.dumps({"type": "move", "move": first["legal_moves"][0],
                                     "version": 0}))
            receive_until(ws, state_at(2))  # stored, and the computer answered


def test_a_puzzle_seat_is_never_a_computer_s(tmp_path):
    async def scenario(hub):
        with pytest.raises(ProtocolError) as refused:
            await hub.create("pentomino-puzzle", {}, [{"kind": "computer", "level": "random"}])
        return refused.value

    refused = run(scenario, tmp_path)
    assert refused.code == "bad-seats" and "puzzle for one person" in refused.message


def test_a_computer_whose_move_the_table_refuses_gives_up_and_the_server_goes_on(
        tmp_path, monkeypatch):
    """A computer seat at a table at its move limit (a puzzle one stored by an earlier
    version, where place and remove never end) used to try random moves for ever without
    yielding: the event loop froze.  Now the computer does not move at a table at its limit,
    a refusal that is not about the move ends its turn, and the loop and other tables carry
    on."""
    import secrets

    from pentarena import load_game
    from pentarena.server import tables
    from pentarena.server.tables import Seat, Table

    monkeypatch.setattr(tables, "MAX_RECORD_MOVES", 6)
    refusals = []

    async def scenario(hub):
        state = load_game("pentomino-puzzle").new_initial_state()
        table = Table(secrets.token_urlsafe(9), state,
                      [Seat("computer", "", "random", claimed=True)], creator="old")
        real = hub.submit

        async def counted(*args, **kwargs):
            try:
                return await real(*args, **kwargs)
            except ProtocolError as exc:
                refusals.append(exc.code)
                if len(refusals) > 20:  # (the loop that froze the server): fail, not hang
                    raise AssertionError("the computer keeps trying") from exc
                raise

        hub.submit = counted
        await hub._add_table((table, {}), None)
        await hub.join(table, Client(Reader()))
        while table.version < 6 or table.id in hub.thinking:  # plays up to the limit, stops
            await asyncio.sleep(0.02)
        assert table.computer_to_move() is None and not refusals
        # a move refused for the table's sake (here its limit) ends the computer's turn
        await hub._play_for_computer(table, 0, table.version, "remove F")
        other, _ = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "computer",
                                                                     "level": "random"}])
        await hub.submit(other, 0, str(other.state.legal_moves()[0]), 0)
        while other.version < 2:  # the loop still serves everyone else
            await asyncio.sleep(0.02)
        return table

    table = run(scenario, tmp_path)
    assert table.version == 6 and refusals == ["too-long"]


def test_solve_keeps_no_solved_by_the_computer_for_a_move_it_never_played(tmp_path, monkeypatch):
    """Solve keeps "solved by the computer" before its first move (whose state says it):
    a first move refused (the seat left meanwhile, another move first) takes it back, and
    at the table's move limit Solve and Hint are refused at once, before any search."""
    from pentarena.server import tables

    monkeypatch.setattr(tables, "MAX_RECORD_MOVES", 4)

    async def scenario(hub):
        table, _ = await hub.create("pentomino-puzzle", {"region": "6x10"}, [{"kind": "me"}])
        real = hub.submit

        async def refused(*args, **kwargs):
            raise ProtocolError("not-seated", "the seat was left meanwhile")

        hub.submit = refused
        with pytest.raises(ProtocolError):
            await hub.solve(table, 0)
        assert table.solved_from is None
        assert hub.store.load(table.id).private.get("solved_from") is None
        hub.submit = real
        for move in ["I:a1,a2,a3,a4,a5", "remove I"] * 2:
            await hub.submit(table, 0, move, table.version)
        searched = []
        pool_run = hub.pool.run

        async def counted(*args, **kwargs):
            searched.append(args)
            return await pool_run(*args, **kwargs)

        hub.pool.run = counted
        for ask in (hub.solve, hub.hint):
            with pytest.raises(ProtocolError) as capped:
                await ask(table, 0)
            assert capped.value.code == "too-long"
        assert table.solved_from is None and not searched
        return table

    run(scenario, tmp_path)


def test_a_join_that_fails_midway_leaves_no_connection_behind(client, caplog):
    """Joining tells other instances who sits here (through Redis, which can fail); a
    failure there is logged and the connection is removed again, not left in the table's
    audience for ever."""
    from starlette.websockets import WebSocketDisconnect

    hub = client.app.state.hub
    t = create_game(client, "pentago", [{"kind": "me"}, {"kind": "computer"}])

    real, failed = hub.seats_present, []

    async def unreachable_once(table):  # the join's call fails, the leave's works
        if not failed:
            failed.append(table.id)
            raise ConnectionError("Redis went away")
        await real(table)

    hub.seats_present = unreachable_once
    with caplog.at_level(logging.ERROR, logger="pentarena.server"), \
            client.websocket_connect(f"/ws/{t['id']}?token={t['you']['token']}") as ws:
        with pytest.raises(WebSocketDisconnect):
            while True:  # the state sent on joining, then the connection closes
                ws.receive_json()
    assert not hub.clients.get(t["id"])
    assert "connection to table" in caplog.text and "Redis went away" in caplog.text


def test_jobs_still_waiting_when_the_pool_closes_fail_with_pool_closed(tmp_path):
    """A server stopping with jobs queued: each waiting job is told the pool closed (it
    raised ValueError, unpacking its queue entries wrongly, and left them waiting)."""
    from pentarena.server.workers import PoolClosed

    gate = threading.Event()

    async def scenario(_hub):
        pool = WorkerPool(1, "thread")
        running = asyncio.ensure_future(pool.run(gate.wait, 30, timeout=60))
        while pool.running == 0:
            await asyncio.sleep(0.01)
        waiting = [asyncio.ensure_future(pool.run(str, i, timeout=60, owner="someone"))
                   for i in range(3)]
        while pool.queued < 3:
            await asyncio.sleep(0.01)
        pool.close()
        gate.set()
        outcomes = await asyncio.gather(*waiting, return_exceptions=True)
        await asyncio.gather(running, return_exceptions=True)
        return outcomes

    outcomes = run(scenario, tmp_path)
    assert [type(o) for o in outcomes] == [PoolClosed] * 3


def test_a_text_frame_that_is_not_utf8_closes_with_a_reason_and_logs_nothing(server_process):
    """A text frame that is not UTF-8 closes its connection (1007) with a reason saying
    so; the server logs no traceback (a client could repeat it at will), and the other
    connections go on."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    t = server_process.create({"game": "pentago"})
    url = f"{server_process.ws}/ws/{t['id']}"
    with connect(url) as other:
        json.loads(other.recv(timeout=30))
        for _ in range(3):
            with connect(url) as ws:
                json.loads(ws.recv(timeout=30))
                with ws.send_context():  # a text frame, its bytes as sent
                    ws.protocol.send_text(b'{"type": "ping"}\xff')
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        ws.recv(timeout=30)
            assert closed.value.rcvd.code == 1007
            assert closed.value.rcvd.reason == "text frames must be valid UTF-8 (send JSON text)"
        other.send(json.dumps({"type": "ping"}))
        while json.loads(other.recv(timeout=30))["type"] != "pong":
            pass
    server_process.stop()
    log = server_process.proc.stdout.read().decode()
    assert "Traceback" not in log and "UTF-8" not in log, log


def test_a_computer_only_tables_move_still_waits_for_every_persons_opponent(tmp_path):
    # the bound is for what a person asked for: a computer-only table (watched only) goes
    # after every table where a person plays, however long they keep asking
    from pentarena.server import workers

    moves = 3 * workers.PASSED_AT_MOST - 1
    order = order_behind_a_stream(tmp_path, [("watched", "eve", workers.NOBODY_PLAYS)], moves)
    assert order[-1] == "watched" and len(order) == 2 + 2 * moves
