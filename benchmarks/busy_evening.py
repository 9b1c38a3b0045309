"""A busy evening on one instance: many people playing the computer at once, as they feel it.

Starts ``pentarena serve`` on a loopback port (``--port``) with a throwaway SQLite database,
trusting loopback as a proxy so that each simulated person comes from an address of their
own (``X-Forwarded-For``), and keeps ``--tables`` tables busy: one person against a ``hard``
or ``expert`` computer, the four games in turn, the person answering at once with a random
legal move (every ``--hint-every``-th table asks for a Hint first, every table's person asks
for the post-game analysis at the end and waits for it; ``--spectators`` watch each of the
first few tables).  One address, the *greedy* player, holds ``--greedy-tabs`` of those tables
at once (a person with many tabs).  Meanwhile a probe measures what someone arriving feels:
the lobby page and ``GET /api/tables``, a WebSocket ping's pong (the event loop's
responsiveness), and a move's round trip at a human-vs-human Pentago table (sent → the
opponent sees it).  Figures: each computer's answer time by game and level, the greedy
player's against everyone else's, hint and analysis waits, the probes' percentiles, the
server's RSS, threads and processes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from common import save

GAMES = ("pentago", "pentup", "pentomino", "pentic")
HTTP = urllib.request.build_opener(urllib.request.ProxyHandler({}))
TIMEOUT = 10.0


@dataclass
class Stats:
    replies: dict = field(default_factory=lambda: defaultdict(list))  # (game, level) -> [s]
    greedy: list = field(default_factory=list)  # the greedy player's computer replies [s]
    others: list = field(default_factory=list)
    hints: list = field(default_factory=list)  # hint asked -> answered [s]
    analyses: list = field(default_factory=list)  # game over -> analysis done [s]
    lobby: list = field(default_factory=list)
    api: list = field(default_factory=list)
    pong: list = field(default_factory=list)
    relay: list = field(default_factory=list)
    errors: dict = field(default_factory=lambda: defaultdict(int))
    games: int = 0
    stalls: int = 0
    samples: list = field(default_factory=list)  # (t, rss MB, threads, processes, queued)
    open_replies: dict = field(default_factory=dict)  # table -> waiting since


def request(base: str, path: str, body: dict | None = None, address: str = "10.9.9.9",
            status: list | None = None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data, {"Content-Type": "application/json",
                                                     "X-Forwarded-For": address})
    try:
        with HTTP.open(req, timeout=TIMEOUT) as answer:
            if status is not None:
                status.append(answer.status)
            raw = answer.read()
    except urllib.error.HTTPError as exc:
        if status is not None:
            status.append(exc.code)
        raw = exc.read()
    with contextlib.suppress(ValueError):
        return json.loads(raw)
    return None


class Client:
    def __init__(self, base: str, pool: ThreadPoolExecutor) -> None:
        self.base, self.pool = base, pool

    async def call(self, path: str, body: dict | None = None, address: str = "10.9.9.9",
                   status: list | None = None):
        return await asyncio.get_running_loop().run_in_executor(
            self.pool, request, self.base, path, body, address, status)

    async def ws(self, table: str, token: str | None, address: str):
        from websockets.asyncio.client import connect

        return await connect(f"ws{self.base[4:]}/ws/{table}" + (f"?token={token}" if token else ""),
                             additional_headers={"X-Forwarded-For": address},
                             open_timeout=TIMEOUT, ping_interval=None, close_timeout=1,
                             proxy=None, max_size=2 ** 22)


async def person(client: Client, slot: int, address: str, args, stats: Stats, stop: float) -> None:
    """One person against the computer, game after game until ``stop``."""
    rng = random.Random(slot)
    greedy = address == "10.0.0.1"
    n = 0
    while time.monotonic() < stop:
        game = GAMES[(slot + n) % len(GAMES)]
        level = ("hard", "expert")[(slot // len(GAMES) + n) % 2]
        n += 1
        made = await client.call("/api/tables", {"game": game, "seats": [
            {"kind": "me"}, {"kind": "computer", "level": level}]}, address)
        if not made or "id" not in made:
            stats.errors[f"create: {made}"[:80]] += 1
            await asyncio.sleep(1)
            continue
        table, token = made["id"], made["you"]["token"]
        hinting = args.hint_every and slot % args.hint_every == 0
        watchers = []
        if slot < args.watched:
            for k in range(args.spectators):
                with contextlib.suppress(Exception):
                    watchers.append(await client.ws(table, None, f"10.8.{slot}.{k}"))
        readers = [asyncio.create_task(drain(w)) for w in watchers]
        try:
            over = await play(client, table, token, address, game, level, greedy, hinting,
                              rng, stats, stop)
        finally:
            for r in readers:
                r.cancel()
            for w in watchers:
                with contextlib.suppress(Exception):
                    await w.close()
        if over and args.analyse:
            began = time.monotonic()
            while time.monotonic() < stop:
                status: list = []
                await client.call(f"/api/tables/{table}/analysis", None, address, status)
                if status and status[0] == 200:
                    stats.analyses.append(time.monotonic() - began)
                    break
                if status and status[0] == 429:
                    stats.errors["analysis 429"] += 1
                await asyncio.sleep(1.0)


async def drain(ws) -> None:
    with contextlib.suppress(Exception):
        while True:
            await ws.recv()


async def play(client, table, token, address, game, level, greedy, hinting, rng, stats, stop):
    ws = await client.ws(table, token, address)
    try:
        waiting_since = None  # the computer's turn began (our move acknowledged)
        hint_since = None
        sent_version = None
        while time.monotonic() < stop:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), max(1.0, stop - time.monotonic())))
            except TimeoutError:
                break
            kind = msg.get("type")
            if kind == "error":
                stats.errors[msg.get("code")] += 1
                sent_version = hint_since = None
                await ws.send('{"type": "sync"}')
                continue
            if kind == "hint" and hint_since is not None:
                stats.hints.append(time.monotonic() - hint_since)
                hint_since = None
                await ws.send(json.dumps({"type": "move", "move": msg["move"],
                                          "version": msg["version"]}))
                sent_version = msg["version"]
                continue
            if kind != "state":
                continue
            version, mover, you = msg["version"], msg.get("current_player"), msg.get("you")
            if waiting_since is not None and mover == you or mover is None and waiting_since:
                took = time.monotonic() - waiting_since
                stats.replies[game, level].append(took)
                (stats.greedy if greedy else stats.others).append(took)
                waiting_since = None
                stats.open_replies.pop(table, None)
            if mover is None:
                stats.games += 1
                return True
            if sent_version is not None and version > sent_version:
                sent_version = None
                if mover != you:
                    waiting_since = time.monotonic()
                    stats.open_replies[table] = (waiting_since, greedy)
            if mover == you and sent_version is None and hint_since is None and msg.get("legal_moves"):
                if hinting and rng.random() < 0.5:
                    hint_since = time.monotonic()
                    await ws.send('{"type": "hint"}')
                else:
                    await ws.send(json.dumps({"type": "move", "version": version,
                                              "move": rng.choice(msg["legal_moves"])}))
                    sent_version = version
        return False  # (a computer move still awaited is counted as unanswered)
    finally:
        with contextlib.suppress(Exception):
            await ws.close()


async def probe(client: Client, stats: Stats, stop: float) -> None:
    """What someone arriving feels: the lobby, the API, a pong, a friend's move relayed."""
    made = await client.call("/api/tables", {"game": "pentago", "seats": [
        {"kind": "me"}, {"kind": "invite"}]}, "10.7.0.1")
    invite = made["invites"][0]["url"].split("token=", 1)[1]
    joined = await client.call(f"/api/tables/{made['id']}/join",
                               {"token": invite, "name": "friend"}, "10.7.0.2")
    tokens = [made["you"]["token"], joined.get("token") or invite]
    a = await client.ws(made["id"], tokens[0], "10.7.0.1")
    b = await client.ws(made["id"], tokens[1], "10.7.0.2")
    ping = await client.ws(made["id"], None, "10.7.0.3")
    seats = {0: a, 1: b}
    rng = random.Random(7)

    async def state_of(ws):
        while True:
            msg = json.loads(await ws.recv())
            if msg.get("type") == "state":
                return msg

    last = {0: await state_of(a), 1: await state_of(b)}
    while time.monotonic() < stop:
        t = time.perf_counter()
        await client.call("/", None, "10.7.0.4")
        stats.lobby.append(time.perf_counter() - t)
        t = time.perf_counter()
        await client.call("/api/tables?limit=20", None, "10.7.0.4")
        stats.api.append(time.perf_counter() - t)
        t = time.perf_counter()
        await ping.send('{"type": "ping"}')
        while json.loads(await ping.recv()).get("type") != "pong":
            pass
        stats.pong.append(time.perf_counter() - t)
        state = last[0]
        if state.get("current_player") is None:  # a new game for the friends
            return await probe(client, stats, stop)
        mover = state["current_player"]
        me, other = seats[mover], seats[1 - mover]
        mine = last[mover] if last[mover]["version"] == state["version"] else state
        t = time.perf_counter()
        await me.send(json.dumps({"type": "move", "version": mine["version"],
                                  "move": rng.choice(mine["legal_moves"])}))
        seen = await asyncio.wait_for(state_of(other), 30)
        stats.relay.append(time.perf_counter() - t)
        last[1 - mover] = seen
        last[mover] = await asyncio.wait_for(state_of(me), 30)
        last[0] = last[0] if last[0]["version"] == seen["version"] else seen
        await asyncio.sleep(0.5)
    for ws in (a, b, ping):
        await ws.close()


def tree(pid: int) -> list[int]:
    parent = {}
    for p in filter(str.isdigit, os.listdir("/proc")):
        with contextlib.suppress(OSError, IndexError):
            parent[int(p)] = int(Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()[1])
    out, todo = [], [pid]
    while todo:
        out.append(p := todo.pop())
        todo += [c for c, pp in parent.items() if pp == p]
    return out


def usage(pid: int) -> tuple[float, int, int]:
    """RSS (MB), threads, processes of ``pid`` and its descendants."""
    kb = threads = n = 0
    for p in tree(pid):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    kb += int(line.split()[1])
                elif line.startswith("Threads:"):
                    threads += int(line.split()[1])
            n += 1
    return kb / 1024, threads, n


async def sampler(client: Client, pid: int | None, stats: Stats, stop: float) -> None:
    began = time.monotonic()
    while time.monotonic() < stop:
        health = await client.call("/api/health", None, "10.7.0.5") or {}
        jobs = health.get("jobs", {})
        rss, threads, procs = usage(pid) if pid else (0, 0, 0)
        stats.samples.append((round(time.monotonic() - began), round(rss), threads, procs,
                              jobs.get("queued"), jobs.get("running")))
        await asyncio.sleep(2.0)


def pct(values: list, q: float):
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def summary(values: list) -> str:
    if not values:
        return "–"
    return (f"n={len(values)} p50={pct(values, .5):.2f} p90={pct(values, .9):.2f} "
            f"max={max(values):.2f}")


async def evening(base: str, pid: int | None, args) -> dict:
    stats = Stats()
    client = Client(base, ThreadPoolExecutor(args.tables + 16))
    stop = time.monotonic() + args.seconds
    tasks = []
    for slot in range(args.tables):
        address = "10.0.0.1" if slot < args.greedy_tabs else f"10.1.{slot // 250}.{slot % 250}"
        tasks.append(asyncio.create_task(person(client, slot, address, args, stats, stop)))
    tasks.append(asyncio.create_task(probe(client, stats, stop)))
    tasks.append(asyncio.create_task(sampler(client, pid, stats, stop)))
    done, pending = await asyncio.wait(tasks, timeout=args.seconds + 15)
    for t in done:
        if not t.cancelled() and t.exception() is not None:
            stats.errors[f"task: {t.exception()!r}"[:100]] += 1
    for t in pending:
        t.cancel()
    now = time.monotonic()
    unanswered = [(now - since, greedy) for since, greedy in stats.open_replies.values()]
    out = {
        "computer_replies_s": {f"{g} {lv}": summary(v) for (g, lv), v in sorted(stats.replies.items())},
        "greedy_replies_s": summary(stats.greedy),
        "others_replies_s": summary(stats.others),
        "greedy_unanswered_at_end_s": summary([w for w, g in unanswered if g]),
        "others_unanswered_at_end_s": summary([w for w, g in unanswered if not g]),
        "hints_s": summary(stats.hints),
        "analyses_s": summary(stats.analyses),
        "lobby_page_s": summary(stats.lobby),
        "api_tables_s": summary(stats.api),
        "pong_s": summary(stats.pong),
        "friend_move_relay_s": summary(stats.relay),
        "games_finished": stats.games,
        "errors": dict(stats.errors),
        "samples_t_rss_threads_procs_queued_running": stats.samples[::max(1, len(stats.samples) // 8)],
    }
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=20, help="people playing the computer at once")
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--greedy-tabs", type=int, default=5, help="of those, tables one address holds")
    p.add_argument("--hint-every", type=int, default=4, help="every n-th person asks for hints")
    p.add_argument("--watched", type=int, default=4, help="tables with spectators")
    p.add_argument("--spectators", type=int, default=3, help="per watched table")
    p.add_argument("--analyse", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--port", type=int, default=0, help="the server's port (0: a free one)")
    p.add_argument("--url", help="a running server (trusting this client as its proxy)")
    args = p.parse_args()
    proc = None
    tmp = tempfile.mkdtemp(prefix="pentarena-evening-")
    if args.url:
        base = args.url.rstrip("/")
    else:
        if not args.port:
            import socket

            with socket.socket() as sock:
                sock.bind(("127.0.0.1", 0))
                args.port = sock.getsockname()[1]
        base = f"http://127.0.0.1:{args.port}"
        log = open(Path(tmp, "server.log"), "wb")
        proc = subprocess.Popen(
            [sys.executable, "-m", "pentarena.cli", "serve", "--port", str(args.port),
             "--trust-proxy", "127.0.0.1", "--tables-per-minute", "100000",
             "--seat-changes-per-minute", "100000",
             "--database-url", f"sqlite:///{tmp}/evening.sqlite3"],
            stdout=log, stderr=log, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(OSError):
                HTTP.open(base + "/api/health", timeout=1).read()
                break
            if time.monotonic() > deadline or proc and proc.poll() is not None:
                print("the server did not start; its log:", Path(tmp, "server.log").read_text()[-2000:])
                return 1
            time.sleep(0.3)
        time.sleep(3)  # the worker pool's warm-up
        out = asyncio.run(evening(base, proc.pid if proc else None, args))
    finally:
        if proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            text = Path(tmp, "server.log").read_text(errors="replace").splitlines()
            bad = [line for line in text if "Traceback" in line or " ERROR " in line]
            print(f"server log: {len(bad)} errors/tracebacks", *bad[-5:], sep="\n")
    print(f"A busy evening: {args.tables} tables against hard/expert ({args.greedy_tabs} "
          f"held by one address), {args.seconds:g} s, {os.cpu_count()} cores")
    for key, value in out.items():
        if isinstance(value, dict):
            print(f"{key}:")
            for k, v in value.items():
                print(f"    {k}: {v}")
        else:
            print(f"{key}: {value}")
    save("busy_evening", {"parameters": vars(args), **out})
    print("busy evening measured")
    return 0


if __name__ == "__main__":
    sys.exit(main())
