"""Load on the table server: many Pentago tables played at once over WebSockets.

Starts ``pentarena serve`` on a free loopback port with a throwaway SQLite database (or uses
``--url``) and keeps ``--tables`` tables busy: two players who answer each state with a random
legal move, and ``--spectators`` watchers each.  A move's round trip runs from sending it
until its player sees the next version.  ``--slow-spectator`` adds one table with a watcher
that never reads; as one game is too short to fill the socket buffers, it first asks for the
state ``--slow-backlog`` times and reads none of the answers, like a long-stalled reader.

``--computer-tables`` adds tables where one person (no watchers) plays a ``medium`` computer
seat: the person's round trip is timed apart, and so is the computer's reply, from the
person's acknowledged move until the computer's move arrives.  With one instance the
computer thinks on the server's own worker pool, with several on ``pentarena worker``s.

``--instances N`` (N ≥ 2) starts a throwaway PostgreSQL and redis-server (tests/services.py;
``--database-url`` / ``--redis-url`` use running ones instead), N instances sharing them and
``--workers`` workers; each table's seats and watchers are spread over the instances (seat 0
on one, seat 1 on the next, watchers in turn), so every move crosses instances.
``--compare`` runs the same load on one instance (SQLite), then on two instances and the
workers, and prints both side by side.  Every process started runs in its own process group,
stopped at the end whatever ends the run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
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

from common import ROOT, save
from rich.console import Console
from rich.table import Table
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(ROOT.parent))  # the repository: tests.services
from tests import services  # noqa: E402

TIMEOUT = 5.0  # seconds any exchange with the server may take (a silent table is given up)
COMPUTER_WAIT = 30.0  # seconds a computer seat's move may take (queued behind others)
SLOW = "slow-reader table"
COMPUTER = "computer"  # the group of the tables where a person plays the computer
LEVEL = "medium"
HTTP = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: no proxy
console = Console(log_path=False)


@dataclass
class Stats:
    start: float  # the measured window, in perf_counter() seconds
    stop: float
    moves: Counter = field(default_factory=Counter)  # group -> moves answered in the window
    rtts: dict = field(default_factory=lambda: defaultdict(list))  # group -> [ms]
    replies: list = field(default_factory=list)  # computer replies in the window [ms]
    queue: list = field(default_factory=list)  # computer moves waiting, sampled
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

    def replied(self, since: float) -> None:
        if self.start <= (now := time.perf_counter()) <= self.stop:
            self.replies.append((now - since) * 1000)

    def error(self, code: str, message: str) -> None:
        if self.errors.total() < 10:
            console.log(f"[yellow]error[/] {code}: {message}")
        self.errors[code] += 1


# -- the processes ------------------------------------------------------------------
@dataclass
class Proc:
    """A ``pentarena`` process, leader of its own process group (its worker pool in it)."""
    name: str
    role: str  # "server" or "worker"
    popen: subprocess.Popen
    log: Path
    base: str | None = None  # a server's URL


def launch(tmp: str, name: str, role: str, args: list[str], base: str | None = None) -> Proc:
    log = Path(tmp, f"{name}.log")
    with open(log, "wb") as out:
        popen = subprocess.Popen([sys.executable, "-m", "pentarena.cli", *args], stdout=out,
                                 stderr=out, start_new_session=True)
    return Proc(name, role, popen, log, base)


def start_server(tmp: str, name: str = "server", database_url: str | None = None,
                 redis_url: str | None = None) -> Proc:
    port = services.free_port()
    cmd = ["serve", "--port", str(port), "--tables-per-minute", "100000",  # one client: all
           "--database-url", database_url or f"sqlite:///{tmp}/load.sqlite3"]
    return launch(tmp, name, "server", cmd + (["--redis-url", redis_url] if redis_url else []),
                  f"http://127.0.0.1:{port}")


def start_worker(tmp: str, name: str, database_url: str, redis_url: str) -> Proc:
    return launch(tmp, name, "worker", ["worker", "--database-url", database_url,
                                        "--redis-url", redis_url, "--processes", "1"])


def wait_ready(base: str, proc: subprocess.Popen | None, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc and proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode}")
        with contextlib.suppress(OSError), HTTP.open(base + "/api/games", timeout=1):
            return
        time.sleep(0.2)
    raise RuntimeError(f"GET /api/games did not answer within {seconds:.0f} s")


def wait_worker(p: Proc, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while "worker ready" not in p.log.read_text(errors="replace"):
        if p.popen.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"{p.name} did not start (code {p.popen.poll()}):\n"
                               + p.log.read_text(errors="replace")[-2000:])
        time.sleep(0.2)


def stop_all(procs: list[Proc]) -> None:
    """SIGTERM to every process (each stops its own worker pool), up to 10 s for them all to
    exit, then SIGKILL to whatever is left in each one's process group."""
    for p in procs:
        with contextlib.suppress(ProcessLookupError):
            p.popen.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + 10
    for p in procs:
        with contextlib.suppress(subprocess.TimeoutExpired):
            p.popen.wait(max(0.1, deadline - time.monotonic()))
    for p in procs:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(p.popen.pid, signal.SIGKILL)  # the leader, or a worker left behind
        with contextlib.suppress(subprocess.TimeoutExpired):
            p.popen.wait(5)


def report_logs(procs: list[Proc], keep: str | None) -> None:
    """Each log's tracebacks, or else its warnings and errors; copies of the logs in ``keep``."""
    for p in procs:
        log = p.log.read_text(errors="replace").splitlines()
        if tracebacks := sum("Traceback" in line for line in log):
            print(f"{p.name} log: {tracebacks} tracebacks; the last lines:", *log[-12:],
                  sep="\n")
        elif warnings := [line for line in log if " WARNING " in line or " ERROR " in line]:
            print(f"{p.name} log: {len(warnings)} warnings or errors; the last ones:",
                  *warnings[-6:], sep="\n")
        if keep:
            Path(keep).mkdir(parents=True, exist_ok=True)
            shutil.copy(p.log, Path(keep, p.log.name))


def service_pids(urls: list[str]) -> list[int]:
    """The PostgreSQL postmaster and redis-server listening on these URLs' ports."""
    ports, found = {str(urlsplit(url).port) for url in urls}, []
    for p in filter(str.isdigit, os.listdir("/proc")):
        with contextlib.suppress(OSError):
            argv = Path(f"/proc/{p}/cmdline").read_bytes().decode(errors="replace")
            argv = argv.replace("\0", " ").split()
            name = Path(argv[0]).name if argv else ""
            if (name == "postgres" and any(a == "-p" and b in ports for a, b in zip(argv, argv[1:]))
                    or name == "redis-server" and any(a.rsplit(":", 1)[-1] in ports
                                                      for a in argv[1:2])):
                found.append(int(p))
    return found


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


def get(base: str, path: str) -> dict:
    with HTTP.open(base + path, timeout=TIMEOUT) as answer:
        return json.load(answer)


async def new_table(bases: list[str], computer: bool = False) -> tuple[str, list[str]]:
    """A new Pentago table made on ``bases[0]``, the second seat taken on the next instance
    (or by the computer): (its id, the people's seat tokens)."""
    if computer:
        made = await asyncio.to_thread(post, bases[0], "/api/tables", {
            "game": "pentago", "seats": [{"kind": "me"}, {"kind": "computer", "level": LEVEL}]})
        return made["id"], [made["you"]["token"]]
    made = await asyncio.to_thread(post, bases[0], "/api/tables", {
        "game": "pentago", "seats": [{"kind": "me"}, {"kind": "invite"}]})
    invite = made["invites"][0]["url"].split("token=", 1)[1]
    joined = await asyncio.to_thread(post, bases[1 % len(bases)],
                                     f"/api/tables/{made['id']}/join",
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
    """Answer every state in which this seat is to move; 'over', 'stalled' or 'closed'.
    Against a computer, also time the computer's reply to each acknowledged move."""
    sent: tuple[int, float] | None = None  # (version, time) of the move awaiting its answer
    acked: tuple[int, float] | None = None  # (version, time) the computer's turn began
    try:
        while True:
            wait = COMPUTER_WAIT if acked else TIMEOUT
            msg = json.loads(await asyncio.wait_for(ws.recv(), wait))
            if msg.get("type") == "error":
                stats.error(msg.get("code", "?"), msg.get("message", ""))
                sent = None
                await ws.send('{"type": "sync"}')
            if msg.get("type") != "state":
                continue
            if acked and msg["version"] > acked[0]:
                stats.replied(acked[1])
                acked = None
            if sent and msg["version"] > sent[0]:
                stats.answered(group, sent[1])
                if (group == COMPUTER and msg["version"] == sent[0] + 1
                        and msg.get("current_player") not in (None, msg.get("you"))):
                    acked = (msg["version"], time.perf_counter())
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


async def play_table(bases: list[str], group: str, args, rng: random.Random,
                     stats: Stats) -> None:
    """One game at a new table, seat k and watcher k on ``bases[k % len(bases)]``; every
    socket is closed when it ends, stalls or is cancelled."""
    table_id, tokens = await new_table(bases, group == COMPUTER)
    watchers = 0 if group == COMPUTER else args.spectators
    conns, tasks, raw = [], [], socket.socket() if group == SLOW else None
    try:
        for token, k in zip(tokens + [None] * watchers, [*range(len(tokens)), *range(watchers)]):
            conns.append(await open_ws(bases[k % len(bases)], table_id, token, stats))
        if raw:
            await stop_reading(raw, bases[-1], table_id, args.slow_backlog)
        tasks = [asyncio.create_task(watch(ws)) for ws in conns[len(tokens):]]
        tasks += (seats := [asyncio.create_task(play_seat(ws, group, rng, stats))
                            for ws in conns[:len(tokens)]])
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


async def run_slot(bases: list[str], slot: int | str, args, stats: Stats) -> None:
    rng = random.Random(slot)
    group = SLOW if slot == SLOW else COMPUTER if str(slot).startswith(COMPUTER) else "tables"
    while time.perf_counter() < stats.stop:
        try:
            await play_table(bases, group, args, rng, stats)
        except Exception as exc:  # refused REST call, odd answer, failed handshake...
            stats.error("client", f"{type(exc).__name__}: {exc}")
            await asyncio.sleep(0.5)


async def sample_queue(base: str, stats: Stats) -> None:
    """Every 0.5 s, the computer moves waiting: on the server's worker pool, or on the Redis
    queues (GET /api/health of a clustered instance)."""
    while True:
        with contextlib.suppress(OSError, ValueError, KeyError):
            health = await asyncio.to_thread(get, base, "/api/health")
            waiting = (sum(max(n, 0) for n in health["queue"].values()) if "queue" in health
                       else health["jobs"]["queued"])
            if stats.start <= time.perf_counter() <= stats.stop:
                stats.queue.append(waiting)
        await asyncio.sleep(0.5)


async def load(bases: list[str], args) -> Stats:
    """The tables and, for computer tables, the queue sampler; table i's seats and watchers
    start at instance i (mod N)."""
    now = time.perf_counter()
    stats = Stats(start=now + args.warmup, stop=now + args.seconds)
    slots = [*range(args.tables), *[SLOW] * args.slow_spectator,
             *(f"{COMPUTER} {k}" for k in range(args.computer_tables))]
    tasks = [asyncio.create_task(run_slot(bases[i % len(bases):] + bases[:i % len(bases)], s,
                                          args, stats)) for i, s in enumerate(slots)]
    if args.computer_tables:
        tasks.append(asyncio.create_task(sample_queue(bases[0], stats)))
    try:
        await asyncio.wait(tasks, timeout=args.seconds)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=2 * TIMEOUT)
    return stats


# -- the report ---------------------------------------------------------------------
def percentiles(values: list) -> list:
    values = sorted(values)
    return (statistics.quantiles(values, n=100, method="inclusive") if len(values) > 1
            else [None] * 99)


def figures(stats: Stats, args) -> dict:
    window, rtts = args.seconds - args.warmup, sorted(stats.rtts["tables"])
    q = percentiles(rtts)
    out = {"moves_per_s": stats.moves["tables"] / window,
           "moves_per_s_per_table": stats.moves["tables"] / window / args.tables
           if args.tables else None}
    if args.slow_spectator:
        out.update(slow_table_moves_per_s=stats.moves[SLOW] / window,
                   slow_table_given_up=stats.stalls[SLOW])
    out = {**out, "rtt_p50_ms": q[49], "rtt_p95_ms": q[94], "rtt_p99_ms": q[98],
           "rtt_max_ms": rtts[-1] if rtts else None, "moves_timed": len(rtts),
           "games_finished": stats.games, "errors": stats.errors.total(),
           "error_codes": dict(stats.errors), "tables_given_up": stats.stalls["tables"],
           "connections_opened": stats.opened, "connections_peak": stats.peak}
    if args.computer_tables:
        person, reply = percentiles(stats.rtts[COMPUTER]), percentiles(stats.replies)
        out.update(
            person_moves_per_s=stats.moves[COMPUTER] / window,
            rtt_with_computers_p50_ms=person[49], rtt_with_computers_p99_ms=person[98],
            computer_moves_per_s=len(stats.replies) / window,
            computer_reply_p50_ms=reply[49], computer_reply_p99_ms=reply[98],
            computer_reply_max_ms=max(stats.replies, default=None),
            computer_tables_given_up=stats.stalls[COMPUTER],
            queue_depth_mean=statistics.fmean(stats.queue) if stats.queue else None,
            queue_depth_max=max(stats.queue, default=None))
    return out


def server_metrics(bases: list[str]) -> dict:
    """From each instance's /metrics (the whole run, warm-up included): the people's moves
    it stored and the time from receiving a move to sending the new state."""
    stored, seconds, count, slow = [], 0.0, 0.0, 0.0
    for base in bases:
        try:
            with HTTP.open(base + "/metrics", timeout=TIMEOUT) as answer:
                lines = answer.read().decode().splitlines()
        except OSError:
            stored.append(None)
            continue
        values = {name: float(value) for name, _, value in
                  (line.rpartition(" ") for line in lines if line and not line.startswith("#"))}
        stored.append(int(values.get('pentarena_moves_total{by="person"}', 0)))
        seconds += values.get("pentarena_move_seconds_sum", 0)
        count += (n := values.get("pentarena_move_seconds_count", 0))
        slow += n - values.get('pentarena_move_seconds_bucket{le="0.25"}', n)
    return {"moves_stored_per_instance": stored,
            "server_move_ms_mean": 1000 * seconds / count if count else None,
            "server_moves_over_250ms": int(slow)}


def describe(instances: int, workers: int) -> str:
    return ("1 instance" if instances == 1 else f"{instances} instances") + (
        f" + {workers} worker{'s' * (workers != 1)}" if workers else "")


def cell(value) -> str:
    return f"{value:.1f}" if isinstance(value, float) else str(value)


def show(runs: list[tuple[str, dict]], args) -> None:
    computers = (f" + {args.computer_tables} tables of a person against a {LEVEL} computer"
                 if args.computer_tables else "")
    console.print(f"Server load: {args.tables} Pentago tables × (2 players + {args.spectators} "
                  f"watchers){computers}, {args.seconds - args.warmup:g} s measured after "
                  f"{args.warmup:g} s of warm-up, {os.cpu_count()} cores")
    if len(runs) == 1 and runs[0][0] == "":
        table = Table("figure", "value")
    else:
        table = Table("figure", *(label for label, _ in runs))
    keys = list(dict.fromkeys(key for _, out in runs for key in out))
    for key in keys:
        table.add_row(key.replace("_", " "), *(cell(out[key]) if key in out else "–"
                                               for _, out in runs))
    console.print(table)


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=20)
    p.add_argument("--spectators", type=int, default=8, help="per table")
    p.add_argument("--seconds", type=float, default=20, help="the whole run, warm-up included")
    p.add_argument("--warmup", type=float, default=3)
    p.add_argument("--slow-spectator", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--slow-backlog", type=int, default=400, help="states asked, never read")
    p.add_argument("--computer-tables", type=int, default=0,
                   help=f"more tables, each a person (no watchers) against a {LEVEL} computer")
    p.add_argument("--instances", type=int, default=1,
                   help="server instances; 2 or more share PostgreSQL and Redis")
    p.add_argument("--workers", type=int, help="'pentarena worker' processes (--processes 1 "
                   "each) with several instances (default 1)")
    p.add_argument("--compare", action="store_true",
                   help="run on 1 instance, then on 2 instances (or --instances) + the workers")
    p.add_argument("--database-url", help="a running database for the instances (default: "
                   "SQLite for one instance, a throwaway PostgreSQL for several)")
    p.add_argument("--redis-url", help="a running Redis (default: a throwaway redis-server "
                   "with several instances); with one instance, makes it clustered")
    p.add_argument("--logs", metavar="DIR", help="keep the processes' logs in DIR")
    p.add_argument("--url", help="a running server, e.g. http://127.0.0.1:8000 (RSS and CPU "
                   "are then not measured)")
    args = p.parse_args()
    if not 0 <= args.warmup < args.seconds:
        p.error("--warmup must be shorter than --seconds")
    if args.instances < 1 or min(args.tables, args.computer_tables) < 0:
        p.error("--instances must be at least 1, --tables and --computer-tables not negative")
    if args.url and (args.compare or args.instances > 1 or args.database_url or args.redis_url):
        p.error("--url measures a running server: no --compare, --instances, --*-url")
    if args.workers is not None and (args.workers < 0 or args.workers == 0 and args.computer_tables
                                     and (args.compare or clustered(args.instances, args))):
        p.error("--workers: not negative, and at least 1 to play the computer tables")
    return args


def clustered(instances: int, args) -> bool:
    return instances > 1 or bool(args.redis_url)


def run(args, instances: int, workers: int) -> dict:
    """One load run on fresh processes (and services) that are all stopped at the end."""
    stack, procs = contextlib.ExitStack(), []
    tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="pentarena-load-"))
    try:
        started_services = []
        if args.url:
            bases = [args.url.rstrip("/")]
        elif not clustered(instances, args):
            stack.callback(report_logs, procs, args.logs)
            stack.callback(stop_all, procs)
            procs.append(start_server(tmp, database_url=args.database_url))
            bases = [procs[0].base]
        else:
            db = args.database_url or stack.enter_context(services.postgres())
            redis = args.redis_url or stack.enter_context(services.redis())
            started_services = [url for url, given in ((db, args.database_url),
                                                       (redis, args.redis_url)) if not given]
            stack.callback(report_logs, procs, args.logs)
            stack.callback(stop_all, procs)
            # the first instance makes the database's tables; then the others, at once
            procs.append(start_server(tmp, "serve-0", db, redis))
            wait_ready(procs[0].base, procs[0].popen, 60)
            procs += [start_server(tmp, f"serve-{i}", db, redis) for i in range(1, instances)]
            procs += [start_worker(tmp, f"worker-{i}", db, redis) for i in range(workers)]
            bases = [p.base for p in procs if p.role == "server"]
        for p in procs:
            if p.role == "server":
                wait_ready(p.base, p.popen, 60)
            else:
                wait_worker(p)
        watched = {p.name: (p.role, p.popen.pid) for p in procs}  # name -> (role, pid)
        watched.update((f"service {pid}", ("service", pid))
                       for pid in service_pids(started_services))
        before, wall, cpu = ({k: usage(pid) for k, (_, pid) in watched.items()}, time.time(),
                             time.process_time())
        out = figures(asyncio.run(load(bases, args)), args)
        wall, cpu = time.time() - wall, time.process_time() - cpu
        after = {k: usage(pid) for k, (_, pid) in watched.items()}

        def summed(role: str) -> tuple[float, float, float]:
            """RSS in MB at the start and the end, CPU % over the run: a role's processes."""
            keys = [k for k, (r, _) in watched.items() if r == role]
            return (sum(before[k][0] for k in keys), sum(after[k][0] for k in keys),
                    100 * sum(after[k][1] - before[k][1] for k in keys) / wall)

        if dead := [p for p in procs if p.popen.poll() is not None]:
            for p in dead:
                console.print(f"[red]{'the ' * (p.name == 'server')}{p.name} died during the run "
                              f"(code {p.popen.returncode})")
        elif procs:
            rss0, rss1, server_cpu = summed("server")
            out.update(server_rss_mb_start=rss0, server_rss_mb_end=rss1,
                       server_cpu_pct=server_cpu, client_cpu_pct=100 * cpu / wall)
            if workers:
                _, rss1, worker_cpu = summed("worker")
                out.update(worker_rss_mb_end=rss1, worker_cpu_pct=worker_cpu)
            if started_services:
                _, rss1, service_cpu = summed("service")
                out.update(services_rss_mb_end=rss1, services_cpu_pct=service_cpu)
        if args.compare or args.computer_tables or clustered(instances, args):
            out.update(server_metrics(bases))
        return out
    finally:
        # a second Ctrl-C (or a SIGTERM) must not leave processes behind: not while stopping
        held = {sig: signal.signal(sig, signal.SIG_IGN) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            stack.close()
        finally:
            for sig, handler in held.items():
                signal.signal(sig, handler)


def interrupted(signum, frame) -> None:
    raise KeyboardInterrupt  # a SIGTERM stops the processes as a Ctrl-C does


def main() -> int:
    args = parse_args()
    signal.signal(signal.SIGTERM, interrupted)
    workers = 1 if args.workers is None else args.workers
    setups = [(n, workers if clustered(n, args) else 0)  # (instances, workers)
              for n in ((1, max(2, args.instances)) if args.compare else (args.instances,))]
    results = []
    try:
        for instances, n in setups:
            if len(setups) > 1:
                console.print(f"running on {describe(instances, n)}…")
            results.append(run(args, instances, n))
    except KeyboardInterrupt:
        return console.print("interrupted: nothing saved") or 130
    except subprocess.CalledProcessError as exc:
        return console.print(f"[red]{exc}\n{(exc.stderr or b'').decode(errors='replace')}") or 1
    except RuntimeError as exc:
        return console.print(f"[red]{exc}") or 1
    plain = len(setups) == 1 and not clustered(args.instances, args)  # today's single server
    show([("" if plain else describe(*setup), out) for setup, out in zip(setups, results)], args)
    data = {"cpu_count": os.cpu_count(), "parameters": {
        k: getattr(args, k) for k in ("tables", "spectators", "seconds", "warmup",
                                      "slow_spectator", "slow_backlog", "url",
                                      "computer_tables")}}
    for (instances, n), out in zip(setups, results):  # the single run's keys as before
        if instances > 1:
            data["cluster"] = {"instances": instances, "workers": n,
                               "database": "given" if args.database_url else "throwaway PostgreSQL",
                               "redis": "given" if args.redis_url else "throwaway redis-server",
                               **out}
        else:
            data.update(out)
    save("server_load", data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
