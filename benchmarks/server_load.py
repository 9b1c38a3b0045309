"""Load on the table server: many Pentago tables played at once over WebSockets.

Starts ``pentarena serve`` on a free loopback port with a throwaway SQLite database (or uses
``--url``) and keeps ``--tables`` tables busy: two players who answer each state with a random
legal move, and ``--spectators`` watchers each.  A move's round trip runs from sending it
until its player sees the next version.  ``--slow-spectator`` adds one table with a watcher
that never reads; as one game is too short to fill the socket buffers, it first asks for the
state ``--slow-backlog`` times and reads none of the answers, like a long-stalled reader.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from common import save
from rich.console import Console
from rich.table import Table
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

TIMEOUT = 5.0  # seconds any exchange with the server may take (a silent table is given up)
SLOW = "slow-reader table"
HTTP = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: no proxy
console = Console(log_path=False)


@dataclass
class Stats:
    start: float  # the measured window, in perf_counter() seconds
    stop: float
    moves: Counter = field(default_factory=Counter)  # group -> moves answered in the window
    rtts: dict = field(default_factory=lambda: defaultdict(list))  # group -> [ms]
    errors: Counter = field(default_factory=Counter)  # code -> count
    stalls: Counter = field(default_factory=Counter)  # group -> tables given up
    games: int = 0
    opened: int = 0
    open_now: int = 0
    peak: int = 0

    def answered(self, group: str, sent: float) -> None:
        if self.start <= (now := time.perf_counter()) <= self.stop:
            self.moves[group] += 1
            self.rtts[group].append((now - sent) * 1000)

    def error(self, code: str, message: str) -> None:
        if self.errors.total() < 10:
            console.log(f"[yellow]error[/] {code}: {message}")
        self.errors[code] += 1


# -- the server process -------------------------------------------------------------
def start_server(tmp: str) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "pentarena.cli", "serve", "--port", str(port),
           "--database-url", f"sqlite:///{tmp}/load.sqlite3"]
    with open(f"{tmp}/server.log", "wb") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=log, start_new_session=True)
    return proc, f"http://127.0.0.1:{port}"


def wait_ready(base: str, proc: subprocess.Popen | None, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc and proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode}")
        with contextlib.suppress(OSError), HTTP.open(base + "/api/games", timeout=1):
            return
        time.sleep(0.2)
    raise RuntimeError(f"GET /api/games did not answer within {seconds:.0f} s")


def stop_server(proc: subprocess.Popen) -> None:
    for sig in (signal.SIGTERM, signal.SIGKILL):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(5)
            return


def usage(pid: int) -> tuple[float, float]:
    """(VmRSS in MB, CPU seconds) of a process and all its descendants, from /proc."""
    def stat(p):
        return Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
    parent, tree, todo, kb, ticks = {}, set(), [pid], 0, 0
    for p in filter(str.isdigit, os.listdir("/proc")):
        with contextlib.suppress(OSError):
            parent[int(p)] = int(stat(p)[1])
    while todo:
        tree.add(p := todo.pop())
        todo += [c for c, pp in parent.items() if pp == p]
    for p in tree:
        with contextlib.suppress(OSError):
            kb += sum(int(line.split()[1]) for line in Path(f"/proc/{p}/status").read_text()
                      .splitlines() if line.startswith("VmRSS:"))
            ticks += sum(map(int, stat(p)[11:13]))  # utime + stime
    return kb / 1024, ticks / os.sysconf("SC_CLK_TCK")


# -- talking to the server ----------------------------------------------------------
def post(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base + path, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with HTTP.open(request, timeout=TIMEOUT) as answer:
        return json.load(answer)


async def new_table(base: str) -> tuple[str, list[str]]:
    """A new Pentago table with both seats taken: (its id, the two seat tokens)."""
    made = await asyncio.to_thread(post, base, "/api/tables", {
        "game": "pentago", "seats": [{"kind": "me"}, {"kind": "invite"}]})
    invite = made["invites"][0]["url"].split("token=", 1)[1]
    joined = await asyncio.to_thread(post, base, f"/api/tables/{made['id']}/join",
                                     {"token": invite, "name": "p2"})
    return made["id"], [made["you"]["token"], joined.get("token") or invite]


async def open_ws(base: str, table_id: str, token: str | None, stats: Stats):
    ws = await connect(f"ws{base[4:]}/ws/{table_id}" + (f"?token={token}" if token else ""),
                       open_timeout=TIMEOUT, close_timeout=1, ping_interval=None, proxy=None)
    stats.opened, stats.open_now = stats.opened + 1, stats.open_now + 1
    stats.peak = max(stats.peak, stats.open_now)
    return ws


async def stop_reading(sock: socket.socket, base: str, table_id: str, backlog: int) -> None:
    """Make ``sock`` a watcher that never reads: the WebSocket handshake by hand (small
    receive buffer and segments keep the server's send buffer small too), then ``backlog``
    requests for the state whose answers pile up unread."""
    loop, url = asyncio.get_running_loop(), urlsplit(base)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 536)
    sock.setblocking(False)
    await asyncio.wait_for(loop.sock_connect(sock, (url.hostname, url.port)), TIMEOUT)
    await loop.sock_sendall(sock, (
        f"GET /ws/{table_id} HTTP/1.1\r\nHost: {url.netloc}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = await asyncio.wait_for(loop.sock_recv(sock, 4096), TIMEOUT)
    if not head.startswith(b"HTTP/1.1 101"):
        raise ConnectionError(f"the slow watcher was refused: {head[:60]!r}")
    sync = b'{"type": "sync"}'  # a masked text frame: an all-zero mask leaves it as is
    await loop.sock_sendall(sock, (b"\x81" + bytes([0x80 | len(sync), 0, 0, 0, 0]) + sync)
                            * backlog)


# -- playing ------------------------------------------------------------------------
async def play_seat(ws, group: str, rng: random.Random, stats: Stats) -> str:
    """Answer every state in which this seat is to move; 'over', 'stalled' or 'closed'."""
    sent: tuple[int, float] | None = None  # (version, time) of the move awaiting its answer
    try:
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
            if msg.get("type") == "error":
                stats.error(msg.get("code", "?"), msg.get("message", ""))
                sent = None
                await ws.send('{"type": "sync"}')
            if msg.get("type") != "state":
                continue
            if sent and msg["version"] > sent[0]:
                stats.answered(group, sent[1])
                sent = None
            if msg.get("current_player") is None:
                return "over"
            if sent is None and msg["current_player"] == msg.get("you") and msg.get("legal_moves"):
                await ws.send(json.dumps({"type": "move", "move": rng.choice(msg["legal_moves"]),
                                          "version": msg["version"]}))
                sent = (msg["version"], time.perf_counter())
    except TimeoutError:
        return "stalled"
    except ConnectionClosed:
        return "closed"


async def watch(ws) -> None:
    with contextlib.suppress(ConnectionClosed):
        while True:
            await ws.recv(decode=False)


async def play_table(base: str, group: str, args, rng: random.Random, stats: Stats) -> None:
    """One game at a new table; every socket is closed when it ends, stalls or is cancelled."""
    table_id, tokens = await new_table(base)
    conns, tasks, raw = [], [], socket.socket() if group == SLOW else None
    try:
        for token in tokens + [None] * args.spectators:
            conns.append(await open_ws(base, table_id, token, stats))
        if raw:
            await stop_reading(raw, base, table_id, args.slow_backlog)
        tasks = [asyncio.create_task(watch(ws)) for ws in conns[2:]]
        tasks += (seats := [asyncio.create_task(play_seat(ws, group, rng, stats))
                            for ws in conns[:2]])
        done, _ = await asyncio.wait(seats, return_when=asyncio.FIRST_COMPLETED)
        if (outcome := done.pop().result()) == "over":
            await asyncio.wait(seats, timeout=TIMEOUT)  # the other seat sees the end too
            stats.games += 1
        else:
            stats.stalls[group] += 1
            console.log(f"[red]table {table_id} ({group}): a player's connection {outcome}")
    finally:
        for task in tasks:
            task.cancel()
        if raw:
            raw.close()
        stats.open_now -= len(conns)
        if conns:  # asyncio.wait, not gather: if cancelled, it lets the closes finish alone
            await asyncio.wait([asyncio.create_task(ws.close()) for ws in conns], timeout=TIMEOUT)


async def run_slot(base: str, slot: int | str, args, stats: Stats) -> None:
    rng, group = random.Random(slot), SLOW if slot == SLOW else "tables"
    while time.perf_counter() < stats.stop:
        try:
            await play_table(base, group, args, rng, stats)
        except Exception as exc:  # refused REST call, odd answer, failed handshake...
            stats.error("client", f"{type(exc).__name__}: {exc}")
            await asyncio.sleep(0.5)


async def load(base: str, args) -> Stats:
    now = time.perf_counter()
    stats = Stats(start=now + args.warmup, stop=now + args.seconds)
    slots = [*range(args.tables), *[SLOW] * args.slow_spectator]
    tasks = [asyncio.create_task(run_slot(base, s, args, stats)) for s in slots]
    try:
        await asyncio.wait(tasks, timeout=args.seconds)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=2 * TIMEOUT)
    return stats


# -- the report ---------------------------------------------------------------------
def figures(stats: Stats, args) -> dict:
    window, rtts = args.seconds - args.warmup, sorted(stats.rtts["tables"])
    q = statistics.quantiles(rtts, n=100, method="inclusive") if len(rtts) > 1 else [None] * 99
    out = {"moves_per_s": stats.moves["tables"] / window,
           "moves_per_s_per_table": stats.moves["tables"] / window / args.tables}
    if args.slow_spectator:
        out.update(slow_table_moves_per_s=stats.moves[SLOW] / window,
                   slow_table_given_up=stats.stalls[SLOW])
    return {**out, "rtt_p50_ms": q[49], "rtt_p95_ms": q[94], "rtt_p99_ms": q[98],
            "rtt_max_ms": rtts[-1] if rtts else None, "moves_timed": len(rtts),
            "games_finished": stats.games, "errors": stats.errors.total(),
            "error_codes": dict(stats.errors), "tables_given_up": stats.stalls["tables"],
            "connections_opened": stats.opened, "connections_peak": stats.peak}


def show(out: dict, args) -> None:
    console.print(f"Server load: {args.tables} Pentago tables × (2 players + {args.spectators} "
                  f"watchers), {args.seconds - args.warmup:g} s measured after {args.warmup:g} s "
                  f"of warm-up, {os.cpu_count()} cores")
    table = Table("figure", "value")
    for key, value in out.items():
        table.add_row(key.replace("_", " "), f"{value:.1f}" if isinstance(value, float)
                      else str(value))
    console.print(table)


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=20)
    p.add_argument("--spectators", type=int, default=8, help="per table")
    p.add_argument("--seconds", type=float, default=20, help="the whole run, warm-up included")
    p.add_argument("--warmup", type=float, default=3)
    p.add_argument("--slow-spectator", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--slow-backlog", type=int, default=400, help="states asked, never read")
    p.add_argument("--url", help="a running server, e.g. http://127.0.0.1:8000 (RSS and CPU "
                   "are then not measured)")
    args = p.parse_args()
    if not 0 <= args.warmup < args.seconds:
        p.error("--warmup must be shorter than --seconds")
    return args


def main() -> int:
    args = parse_args()
    with tempfile.TemporaryDirectory(prefix="pentarena-load-") as tmp:
        proc, base = (None, args.url.rstrip("/")) if args.url else start_server(tmp)
        try:
            wait_ready(base, proc)
            before, wall, cpu = proc and usage(proc.pid), time.time(), time.process_time()
            out = figures(asyncio.run(load(base, args)), args)
            wall, cpu = time.time() - wall, time.process_time() - cpu
            if proc and proc.poll() is None:
                (rss0, cpu0), (rss1, cpu1) = before, usage(proc.pid)
                out.update(server_rss_mb_start=rss0, server_rss_mb_end=rss1,
                           server_cpu_pct=100 * (cpu1 - cpu0) / wall,
                           client_cpu_pct=100 * cpu / wall)
            elif proc:
                console.print(f"[red]the server died during the run (code {proc.returncode})")
        except KeyboardInterrupt:
            return console.print("interrupted: nothing saved") or 130
        except RuntimeError as exc:
            return console.print(f"[red]{exc}") or 1
        finally:
            if proc:
                stop_server(proc)
                log = Path(tmp, "server.log").read_text(errors="replace").splitlines()
                if tracebacks := sum("Traceback" in line for line in log):
                    print(f"server log: {tracebacks} tracebacks; the last lines:", *log[-12:],
                          sep="\n")
    show(out, args)
    save("server_load", {"cpu_count": os.cpu_count(), "parameters": {
        k: getattr(args, k) for k in ("tables", "spectators", "seconds", "warmup",
                                      "slow_spectator", "slow_backlog", "url")}, **out})
    return 0


if __name__ == "__main__":
    sys.exit(main())
