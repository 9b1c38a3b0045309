"""Two server instances and a worker on a real PostgreSQL and a real redis-server: players
on different instances see each other's moves, computer moves come from the worker, and
instances and the worker killed mid-game (SIGKILL) lose or duplicate no acknowledged move."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from pentarena.record import GameRecord
from tests.aio import run_async
from tests.e2e.conftest import free_port
from tests.procs import HTTP, Proc, children_of, wait_until


@pytest.fixture
def cluster(tmp_path, postgres_url, redis_url):
    common = ["--database-url", postgres_url, "--redis-url", redis_url]
    instances = [Proc(f"serve-{i}", ["serve", "--port", str(p), *common], tmp_path, p)
                 for i, p in enumerate((free_port(), free_port()))]
    worker = Proc("worker", ["worker", *common, "--processes", "1"], tmp_path)
    procs = [*instances, worker]
    for p in procs:
        p.start()
    yield instances, worker
    for p in procs:
        p.stop()


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, method="POST", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    return json.loads(HTTP.open(req, timeout=30).read())


def get(url: str) -> dict:
    return json.loads(HTTP.open(url, timeout=30).read())


class Player:
    """One seat over the WebSocket: plays a random legal move on its turn, reconnects to
    another instance when its connection drops, and notes every move of its own that the
    server acknowledged (a state that contains it)."""

    def __init__(self, urls: list[str], table: str, token: str, seat: int, rng: random.Random):
        self.urls, self.table, self.token, self.seat, self.rng = urls, table, token, seat, rng
        self.acked: list[tuple[int, str]] = []
        self.pending: tuple[int, str] | None = None
        self.history: list[str] = []
        self.over = False
        self.reconnects = 0
        self.progress = asyncio.Event()

    async def run(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import WebSocketException

        k = self.seat
        while not self.over:
            url = self.urls[k % len(self.urls)].replace("http", "ws")
            k += 1
            self.pending = None  # a move sent but never acknowledged may not be stored
            try:
                async with connect(f"{url}/ws/{self.table}?token={self.token}",
                                   open_timeout=10) as ws:
                    async for raw in ws:
                        msg = json.loads(raw)
                        if msg.get("type") == "state":
                            await self._on_state(ws, msg)
                            if self.over:
                                return
            except (OSError, asyncio.TimeoutError, WebSocketException):
                self.reconnects += 1
                await asyncio.sleep(0.05 * min(self.reconnects, 10))  # back off, then retry

    async def _on_state(self, ws, msg: dict) -> None:
        history = msg["history"]
        if len(history) > len(self.history):
            self.history = history
            self.progress.set()
        if self.pending is not None and len(history) > self.pending[0]:
            if history[self.pending[0]] == self.pending[1]:
                self.acked.append(self.pending)
            self.pending = None
        if msg["current_player"] is None:
            self.over = True
            return
        if msg["you"] == self.seat == msg["current_player"] and msg["legal_moves"]:
            if self.pending is None or self.pending[0] != msg["version"]:
                move = self.rng.choice(msg["legal_moves"])
                self.pending = (msg["version"], move)
                await ws.send(json.dumps({"type": "move", "move": move,
                                          "version": msg["version"]}))


def on_any(instances, fn):
    """``fn(url)`` on the first instance that answers (another may be restarting)."""
    deadline = time.monotonic() + 60
    while True:
        for p in instances:
            try:
                return fn(p.url)
            except OSError:
                pass
        assert time.monotonic() < deadline, "no instance answered"
        time.sleep(0.1)


def new_game(instances, rng, vs_computer: bool) -> list[Player]:
    """A Pentago table: a person against a random computer, or two people whose first
    connections go to different instances."""
    seats = [{"kind": "me"}, {"kind": "computer", "level": "random"} if vs_computer
             else {"kind": "invite"}]
    t = on_any(instances, lambda url: post(url + "/api/tables", {"game": "pentago",
                                                                 "seats": seats}))
    urls = [p.url for p in instances]
    players = [Player(urls, t["id"], t["you"]["token"], 0, random.Random(rng.random()))]
    if not vs_computer:
        invite = t["invites"][0]["url"].split("token=")[1]
        token = on_any(instances[::-1], lambda url: post(f"{url}/api/tables/{t['id']}/join",
                                                         {"token": invite}))["token"]
        players.append(Player(urls, t["id"], token, 1, random.Random(rng.random())))
    return players


def check_games(instances, games: list[list[Player]], database_url: str) -> int:
    """Every acknowledged move is in the database at its ply, and every instance answers
    that same history; it replays to a finished game.  Returns the number of acknowledged
    moves."""
    from pentarena.server.store import Store

    store = Store(database_url)
    acked = 0
    try:
        for players in games:
            table = players[0].table
            history = store.load(table).moves
            for p in players:
                for ply, move in p.acked:
                    assert ply < len(history) and history[ply] == move, (table, ply, move)
                acked += len(p.acked)
            state = GameRecord("pentago", {}, None, history).final_state()
            assert state.is_terminal()
            for inst in instances:
                data = get(f"{inst.url}/api/tables/{table}")
                assert data["history"] == history and data["current_player"] is None
    finally:
        store.close()
    return acked


def test_players_on_two_instances_and_a_computer_on_the_worker(cluster, postgres_url):
    instances, worker = cluster
    rng = random.Random(1)
    games = [new_game(instances, rng, vs_computer=False), new_game(instances, rng, True)]

    async def play():
        await asyncio.wait_for(asyncio.gather(*(p.run() for g in games for p in g)), 240)

    run_async(play())
    assert check_games(instances, games, postgres_url) > 0
    health = get(instances[1].url + "/api/health")
    assert health["redis"] == "ok" and health["instance"] != get(instances[0].url +
                                                                  "/api/health")["instance"]
    metrics = HTTP.open(instances[0].url + "/metrics", timeout=10).read().decode()
    assert "pentarena_moves_total" in metrics and "pentarena_connections" in metrics


def test_play_again_on_one_instance_is_offered_to_a_player_on_the_other(cluster):
    """Ann's Play again on instance 0 reaches Bob's connection on instance 1 (the bus's
    ``next`` event), and Bob takes his seat at the next table through instance 1."""
    from websockets.asyncio.client import connect

    from tests.server.test_api import PENTAGO_WIN

    (one, two), _ = cluster
    t = post(one.url + "/api/tables", {"game": "pentago", "seed": 1,
                                       "seats": [{"kind": "me"}, {"kind": "invite"}]})
    invite = t["invites"][0]["url"].split("token=")[1]
    bob = post(two.url + f"/api/tables/{t['id']}/join", {"token": invite})["token"]
    tokens = [t["you"]["token"], bob]

    async def play() -> dict:
        ws_url = two.url.replace("http", "ws") + f"/ws/{t['id']}?token={bob}"
        async with connect(ws_url, open_timeout=10) as bob_ws:
            for ply, move in enumerate(PENTAGO_WIN):
                url = (one, two)[ply % 2].url.replace("http", "ws")
                async with connect(f"{url}/ws/{t['id']}?token={tokens[ply % 2]}") as ws:
                    await ws.send(json.dumps({"type": "move", "move": move, "version": ply}))
                    async for raw in ws:
                        msg = json.loads(raw)
                        if msg.get("type") == "state" and msg["version"] == ply + 1:
                            break
            new = await asyncio.to_thread(post, one.url + f"/api/tables/{t['id']}/again",
                                          {"token": tokens[0]})
            async for raw in bob_ws:
                msg = json.loads(raw)
                if msg.get("type") == "state" and msg["table"]["next"] == new["id"]:
                    return new
        raise AssertionError("Bob's connection closed before it heard of the next game")

    new = run_async(asyncio.wait_for(play(), 120))
    taken = post(two.url + f"/api/tables/{new['id']}/follow", {"token": bob})
    assert taken["seat"] == 1
    assert get(two.url + f"/api/tables/{t['id']}")["table"]["next"] == new["id"]


def test_play_again_pressed_on_both_instances_at_once_makes_one_next_game(cluster,
                                                                         postgres_url):
    """Ann presses Play again on instance 0 as Bob does on instance 1, for three finished
    games: each makes one next table, stored once; the other press is refused with its id
    (whichever instance heard of the first press or not)."""
    from concurrent.futures import ThreadPoolExecutor

    from pentarena.server.store import Store

    def stored() -> set[str]:
        store = Store(postgres_url)
        try:
            return {t.id for t in store.load_all()[0]}
        finally:
            store.close()

    (one, two), _ = cluster
    before = stored()  # (the database serves the whole session's tests)
    finished = []
    for _ in range(3):
        t = post(one.url + "/api/tables", {"game": "pentago",
                                           "seats": [{"kind": "me"}, {"kind": "invite"}]})
        invite = t["invites"][0]["url"].split("token=")[1]
        bob = post(two.url + f"/api/tables/{t['id']}/join", {"token": invite})["token"]
        post(one.url + f"/api/tables/{t['id']}/resign", {"token": t["you"]["token"]})
        finished.append((t["id"], [(one, t["you"]["token"]), (two, bob)]))

    def press(inst, table_id: str, token: str) -> tuple[int, dict]:
        try:
            return 201, post(inst.url + f"/api/tables/{table_id}/again", {"token": token})
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    with ThreadPoolExecutor(2) as pool:
        for table_id, presses in finished:
            answers = list(pool.map(lambda p: press(p[0], table_id, p[1]), presses))
            made = [body for code, body in answers if code == 201]
            refused = [body for code, body in answers if code == 409]
            assert len(made) == len(refused) == 1, answers
            detail = refused[0]["detail"]
            assert detail["code"] == "next-exists" and detail["next"] == made[0]["id"]
            for inst in (one, two):
                wait_until(lambda: get(f"{inst.url}/api/tables/{table_id}")["table"]["next"]
                           == made[0]["id"], f"{inst.name} never heard of the next game")
    assert len(stored() - before) == 2 * len(finished)  # each finished game and its next


def test_a_puzzle_solved_on_one_instance_says_so_on_the_other(cluster):
    """Solve pressed on instance 0: a watcher on instance 1 hears each move (the bus's
    ``moved`` events) and that the computer solved it (``solved_from``)."""
    from websockets.asyncio.client import connect

    (one, two), _ = cluster
    t = post(one.url + "/api/tables", {"game": "pentomino-puzzle", "options": {"region": "3x20"},
                                       "seats": [{"kind": "me"}]})

    async def solve() -> dict:
        watch_url = two.url.replace("http", "ws") + f"/ws/{t['id']}"
        play_url = one.url.replace("http", "ws") + f"/ws/{t['id']}?token={t['you']['token']}"
        async with connect(watch_url, open_timeout=10) as watcher:
            async with connect(play_url, open_timeout=10) as player:
                await player.send(json.dumps({"type": "solve"}))
                async for raw in watcher:
                    msg = json.loads(raw)
                    if msg.get("type") == "state" and msg["current_player"] is None:
                        return msg
        raise AssertionError("the watcher's connection closed before the puzzle was solved")

    end = run_async(asyncio.wait_for(solve(), 120))
    assert end["table"]["solved_from"] == 0 and len(end["history"]) == 12
    assert get(two.url + f"/api/tables/{t['id']}")["table"]["solved_from"] == 0


@pytest.mark.timeout(900)
def test_kills_lose_and_duplicate_no_acknowledged_move(cluster, postgres_url):
    instances, worker = cluster
    rng = random.Random(7)
    games: list[list[Player]] = []
    kills = {"serve": 0, "worker": 0}
    wanted = 20

    async def killer(moves_seen):
        victims = [instances[0], instances[1], worker]
        while sum(kills.values()) < wanted:
            target = moves_seen() + 3  # kill after the games moved on a little
            stalled = time.monotonic() + 120
            while moves_seen() < target:
                assert time.monotonic() < stalled, f"no game moved on after kills {kills}"
                await asyncio.sleep(0.05)
            victim = victims[sum(kills.values()) % 3]
            victim.kill()
            kills["worker" if victim is worker else "serve"] += 1
            await asyncio.to_thread(victim.start)

    async def play():
        tasks: list[asyncio.Task] = []

        def moves_seen() -> int:
            return sum(len(g[0].history) for g in games)

        def more_games() -> None:
            for vs_computer in (False, True):
                game = new_game(instances, rng, vs_computer)
                games.append(game)
                tasks.extend(asyncio.ensure_future(p.run()) for p in game)

        more_games()
        kill_task = asyncio.ensure_future(killer(moves_seen))
        while not kill_task.done():
            if all(t.done() for t in tasks):
                more_games()  # keep playing until every kill has happened
            await asyncio.sleep(0.05)
        await kill_task
        await asyncio.wait_for(asyncio.gather(*tasks), 300)

    run_async(play())
    assert kills["serve"] >= 13 and kills["worker"] >= 6
    acked = check_games(instances, games, postgres_url)
    assert acked > 0 and len(games) >= 2
    assert sum(p.reconnects for g in games for p in g) > 0


def thinking_process(pid: int) -> bool:
    """Whether the worker ``pid`` has started a pool process (one is started for the first
    job and handed it at once); a started one ignores SIGTERM, leaving its job to the
    worker."""
    for child in children_of(pid):
        try:
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
            status = Path(f"/proc/{child}/status").read_text()
        except OSError:
            continue  # it just ended
        ignored = int(status.split("SigIgn:")[1].split()[0], 16)
        if b"spawn_main" in cmdline and ignored >> (signal.SIGTERM - 1) & 1:
            return True
    return False


def test_a_worker_stops_at_once_and_plays_nothing_when_told_to(cluster):
    """SIGTERM to the worker's whole process group (what systemd and `kill -TERM -pgid`
    do) while it thinks: it exits after the first signal and stores no stand-in move; the
    move is played once a worker runs again."""
    instances, worker = cluster
    t = post(instances[0].url + "/api/tables", {
        # Pent-Up's expert thinks for its whole 10 s on the empty table (a search bounded by
        # time, not depth), so the signal comes while it thinks
        "game": "pentup", "seats": [{"kind": "computer", "level": "expert"}, {"kind": "me"}]})

    async def watch_until(predicate):
        from websockets.asyncio.client import connect

        async with connect(f"{instances[1].url.replace('http', 'ws')}/ws/{t['id']}") as ws:
            async for raw in ws:
                msg = json.loads(raw)
                if predicate(msg):
                    return msg

    run_async(watch_until(lambda m: m.get("type") == "thinking"))
    # the queue handed the job to the worker
    wait_until(lambda: thinking_process(worker.proc.pid),
               lambda: f"the worker never started thinking; its log:\n{worker.log.read_text()}", 120)
    os.killpg(worker.proc.pid, signal.SIGTERM)
    try:
        worker.proc.wait(30)  # one signal is enough
    except subprocess.TimeoutExpired:
        pytest.fail(f"the worker did not stop:\n{worker.log.read_text()[-6000:]}")
    log = worker.log.read_text()
    assert "random move" not in log
    assert get(f"{instances[0].url}/api/tables/{t['id']}")["version"] == 0
    worker.start()
    moved = run_async(watch_until(lambda m: m.get("type") == "state" and m["version"] == 1))
    assert moved["current_player"] == 1


def test_a_worker_stuck_on_its_way_out_exits_with_every_stack_in_its_log():
    """Whatever holds a stopping worker up, it is gone once the deadline its signal set has
    passed, leaving the stacks that show where it was stuck."""
    code = (
        "import asyncio, threading\n"
        "from pentarena.server.cluster import stopper\n"
        "stop = asyncio.Event()\n"
        "on_signal = stopper(stop, 0.5)\n"
        "on_signal()\n"
        "assert stop.is_set()\n"
        "def stuck_for_good():\n"
        "    threading.Event().wait()\n"
        "stuck_for_good()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 1, done.stderr
    assert "stuck_for_good" in done.stderr and "most recent call first" in done.stderr


class Refuser:
    """A stand-in for a Redis gone away on ``port``: it takes each connection and closes it
    at once (``redis.ConnectionError``), counting them — so a test can wait until its
    clients have tried again and again, rather than for a time."""

    def __init__(self, port: int) -> None:
        import socket
        import threading

        self.count = 0
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", port))
        self.sock.listen(16)
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:  # closed
                return
            self.count += 1
            conn.close()

    def __enter__(self) -> Refuser:
        return self

    def __exit__(self, *exc) -> None:
        import socket

        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
        self.thread.join(10)


def test_a_worker_says_once_that_redis_is_away_and_once_that_it_is_back(tmp_path,
                                                                        postgres_url):
    """Redis gone: the worker stops its queue workers and retries with a pause, and its log
    says so in one line — it wrote a warning per retry and a traceback per failed call of
    SAQ's loops ("Upkeep task failed unexpectedly": 7 tracebacks, 214 lines in 25 s) — and
    in one more line when Redis answers again."""
    from tests.services import redis

    port = free_port()
    with redis(port) as url:
        worker = Proc("worker", ["worker", "--database-url", postgres_url, "--redis-url", url,
                                 "--processes", "1"], tmp_path)
        worker.start()

    def log() -> str:
        return worker.log.read_text()

    try:
        with Refuser(port) as gone:
            wait_until(lambda: gone.count >= 8 and "Redis is unreachable" in log(),
                       lambda: f"the worker did not keep trying:\n{log()[-3000:]}")
        with redis(port):
            wait_until(lambda: "Redis answers again" in log()  # (or its queues served again)
                       or log().count("worker ready") > 1,
                       lambda: f"the worker did not see Redis back:\n{log()[-3000:]}")
            away = log().split("worker ready", 1)[1]
            assert away.count("Redis is unreachable") == 1, away
            assert "this worker takes no computer moves until Redis answers" in away
            assert away.count("Redis answers again") == 1
            assert "this worker takes computer moves again" in away
            assert len(away.strip().splitlines()) == 3, away  # (with "worker ready"'s tail)
            assert worker.proc.poll() is None
    finally:
        worker.stop()
    assert worker.proc.returncode == 0


class Inbox:
    """A WebSocket that keeps what the hub sends it."""

    def __init__(self) -> None:
        self.messages: list[dict] = []

    async def send_text(self, text: str) -> None:
        self.messages.append(json.loads(text))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


async def until(condition, what: str, limit: float = 60.0) -> None:
    """Poll ``condition`` on the event loop until it holds; fail with ``what`` after
    ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.05)


def test_a_computer_move_lost_with_redis_is_queued_again(tmp_path):
    """Redis keeps nothing (it needs no persistence): restarted (here: flushed) after the
    computer's move was queued and before a worker took it, the job is gone.  The instance
    queues the move again once it has not come for the job's timeout (shortened here), so
    the person at the table gets it without reconnecting."""
    import redis.asyncio as aioredis

    from pentarena.server.bus import RedisBus
    from pentarena.server.cluster import ComputerQueue, _queue_workers
    from pentarena.server.connections import Client
    from pentarena.server.hub import Hub
    from pentarena.server.store import Store
    from pentarena.server.workers import WorkerPool
    from tests.services import redis

    database = f"sqlite:///{tmp_path / 'lost.sqlite3'}"

    async def scenario(url):
        hub = Hub(Store(database), WorkerPool(1, "thread"), 0.05, None, RedisBus(url),
                  ComputerQueue(url, lost_after=0.5))
        await hub.start()
        workers, tasks = [], []
        try:
            table, tokens = await hub.create("pentago", {}, [
                {"kind": "computer", "level": "random"}, {"kind": "me"}])
            person = Client(Inbox(), table.seats_of([tokens[1]]), tokens=(tokens[1],))
            await hub.join(table, person)
            await until(lambda: hub.queued.get(table.id, (None,))[0] == 0,
                        "the computer's move was never queued")
            assert (await hub.queue.depth())["people"] == 1  # no worker yet: it waits
            r = aioredis.from_url(url)
            await r.flushall()  # Redis restarted: the job is gone
            await r.aclose()
            # a worker comes up and serves the queues
            store, bus, pool = Store(database), RedisBus(url), WorkerPool(1, "thread")
            workers = _queue_workers(url, {"store": store, "bus": bus, "pool": pool})
            tasks = [asyncio.get_running_loop().create_task(w.start()) for w in workers]
            await until(lambda: table.version == 1,
                        "the lost computer move was never queued again")
            await until(lambda: any(m.get("type") == "state" and m["version"] == 1
                                    for m in person.socket.messages),
                        "the person was never sent the computer's move")
            assert table.state.current_player == 1 and table.thinking is None
        finally:
            for w in workers:
                await w.stop()
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await hub.close()
            if workers:
                pool.close()
                await bus.close()
                store.close()
            hub.store.close()

    with redis() as url:
        run_async(asyncio.wait_for(scenario(url), 120))


def test_an_instance_says_once_that_redis_is_away_and_once_that_it_is_back(tmp_path, caplog):
    """Redis gone under an instance: moves are still accepted, the computer's waits, and the
    log says so in one line (it wrote a warning per reconnection of the event bus, every
    5 s, one per event it could not publish, and an error per table whose computer move it
    could not queue), reminds at most once a minute, and says once that Redis is back —
    after which the computer's move is queued."""
    import random

    from pentarena.server.bus import RedisBus
    from pentarena.server.cluster import ComputerQueue
    from pentarena.server.hub import Hub
    from pentarena.server.store import Store
    from pentarena.server.workers import WorkerPool
    from tests.services import redis

    database = f"sqlite:///{tmp_path / 'away.sqlite3'}"
    port, now, rng = free_port(), [0.0], random.Random(5)

    def said(text: str = "") -> int:
        return sum(text in r.getMessage() for r in caplog.records
                   if r.name == "pentarena.server" and r.levelno >= logging.WARNING)

    async def play(hub, table) -> None:
        seat = table.state.current_player
        await hub.submit(table, seat, rng.choice([str(m) for m in table.state.legal_moves()]),
                         table.version)

    async def scenario():
        with redis(port) as url:
            hub = Hub(Store(database), WorkerPool(1, "thread"), 0.05, None, RedisBus(url),
                      ComputerQueue(url))
            await hub.start()
        outage = getattr(hub.bus, "outage", None)
        if outage is not None:
            outage.clock = lambda: now[0]
        try:
            people, _ = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "me"}])
            computer, _ = await hub.create("pentago", {}, [
                {"kind": "me"}, {"kind": "computer", "level": "random"}])
            with Refuser(port) as gone:
                await play(hub, computer)  # accepted; the computer's move cannot be queued
                assert computer.version == 1
                for _ in range(4):
                    await play(hub, people)  # accepted, not told to other instances
                assert people.version == 4
                await until(lambda: gone.count >= 8, "the instance did not keep trying")
                assert said() == said("Redis is unreachable (") == 1, caplog.text
                now[0] += 61  # a minute on: the next failure reminds
                await play(hub, people)
                assert said("Redis is still unreachable after 61 s") == 1
                now[0] += 30
                await play(hub, people)
                assert said("Redis is still unreachable") == 1  # not again within the minute
            with redis(port):
                await until(lambda: said("Redis answers again") == 1
                            and hub.queued.get(computer.id, (None,))[0] == 1,
                            "the computer's move was not queued once Redis was back")
        finally:
            await hub.close()
            hub.store.close()

    with caplog.at_level("INFO", logger="pentarena.server"):
        run_async(asyncio.wait_for(scenario(), 120))
    lines = [r.getMessage() for r in caplog.records if r.name == "pentarena.server"
             and r.levelno >= logging.WARNING]
    assert len(lines) == 3, lines  # away, a reminder, back
    assert lines[0].startswith("Redis is unreachable (") and "moves are still accepted" in lines[0]
    assert "computer moves wait until Redis answers" in lines[0]
    assert lines[2].startswith("Redis answers again after 91 s away")


def test_saq_errors_other_than_redis_away_keep_their_lines_and_tracebacks(caplog):
    """In a worker, SAQ's tracebacks for a call Redis did not answer (refused, closed, timed
    out) are told to the outage, said once; its other errors — a fault of a job, Redis
    refusing a command — are logged as they were, traceback and all."""
    import redis.exceptions

    from pentarena.server.quietlog import Outage, RedisErrors

    logger = logging.getLogger("tests.saq")
    outage = Outage(logging.getLogger("tests.worker"), "no computer moves", "back",
                    clock=lambda: 0.0)
    quiet = RedisErrors(outage)
    quiet.install(logger)
    try:
        with caplog.at_level("WARNING", logger="tests"):
            for exc in (redis.exceptions.ConnectionError("Connection closed by server."),
                        ConnectionRefusedError(111, "Connect call failed"),
                        redis.exceptions.TimeoutError("Timeout reading from socket"),
                        ValueError("a job's own fault"),
                        redis.exceptions.ResponseError("OOM command not allowed")):
                try:
                    raise exc
                except Exception:
                    logger.exception("Upkeep task failed unexpectedly")
            logger.warning("Some tasks did not finish within the shutdown grace period, "
                           "requesting cancellation")  # (the worker stopping them: Redis away)
    finally:
        logger.removeFilter(quiet)
    assert outage.failures == 3
    shown = [(r.name, r.getMessage(), r.exc_info and type(r.exc_info[1]).__name__)
             for r in caplog.records]
    assert shown == [
        ("tests.worker", "Redis is unreachable (Connection closed by server.): "
                         "no computer moves", None),
        ("tests.saq", "Upkeep task failed unexpectedly", "ValueError"),
        ("tests.saq", "Upkeep task failed unexpectedly", "ResponseError")]
    assert "a job's own fault" in caplog.text and "Traceback" in caplog.text


def test_a_worker_on_another_database_says_so_in_its_log(tmp_path, caplog):
    """A worker started without the servers' --database-url takes their jobs and finds no
    table: its log says what is wrong and what to do (it said nothing)."""
    from pentarena.server.cluster import computer_move
    from pentarena.server.store import Store

    store = Store(f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}")
    try:
        with caplog.at_level("ERROR", logger="pentarena.worker"):
            said = run_async(computer_move({"store": store, "bus": None}, table_id="AbC123",
                                           version=0))
    finally:
        store.close()
    assert said == "no such table"
    assert ("computer move for table AbC123: no such table in this worker's database "
            f"(sqlite:///{tmp_path / 'elsewhere.sqlite3'}); start the worker with the servers' "
            "--database-url") in caplog.text



def test_health_and_metrics_say_the_queues_are_not_known_while_redis_is_away(tmp_path):
    """Redis gone: /api/health answers 503 with the queues' depths as null (they read -1,
    as if a count), and /metrics shows no count for them rather than a stale one."""
    import contextlib

    from fastapi.testclient import TestClient

    from pentarena.server.app import create_app
    from tests.services import redis

    with contextlib.ExitStack() as services:
        url = services.enter_context(redis())
        app = create_app(f"sqlite:///{tmp_path / 'h.sqlite3'}", ai="thread", redis_url=url)
        with TestClient(app, client=("127.0.0.1", 5000)) as c:  # (metrics: loopback)
            health = c.get("/api/health").json()
            assert health["redis"] == "ok" and health["queue"] == {"people": 0, "bots": 0}
            assert 'pentarena_queue{queue="people"} 0.0' in c.get("/metrics").text
            services.close()  # Redis stops; the server goes on
            away = c.get("/api/health")
            assert away.status_code == 503 and away.json()["redis"] == "unreachable"
            assert away.json()["queue"] == {"people": None, "bots": None}
            assert "pentarena_queue{" not in c.get("/metrics").text
