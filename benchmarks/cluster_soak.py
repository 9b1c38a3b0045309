"""A soak of the cluster under failures: no move lost or duplicated, no computer seat stuck.

Starts a throwaway PostgreSQL and redis-server (tests/services.py), ``--instances``
``pentarena serve`` instances and ``--workers`` ``pentarena worker`` processes on loopback
ports from ``--port`` on, and for ``--minutes`` drives them (round robin, reconnecting to
another instance when one dies): people against computers of every level in the four games
(asking hints, sometimes moving on before the hint comes, sometimes resigning while the
computer thinks), friends at one table on different instances, strangers taking and leaving
open seats at 3-4 seat tables, computer-only tables watched and unwatched by spectators.
Meanwhile every ``--kill-every`` seconds (at random within it) it SIGKILLs and restarts an
instance or a worker, or freezes a worker (SIGSTOP, then SIGCONT a few seconds later); once,
halfway, it kills and restarts everything together (the instances lay the database out
under a lock).

Then, calm: every game in progress whose turn is a computer's is watched until it moves
(``--calm-bound`` seconds at most).  Checked against the store: every history any client saw
is a prefix of the stored one (so every acknowledged move is stored once, in order), every
instance answers the stored history and seats, no log has an error that is not a kill's
consequence.  Figures: games, moves, kills, hints, waits for the computer (max, calm).
Exits 1 if a check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import signal
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

from common import ROOT, save

sys.path.insert(0, str(ROOT.parent))  # the repository: tests.services, tests.procs
from tests.procs import HTTP, Proc  # noqa: E402  (after the path)

GAMES = ("pentago", "pentup", "pentomino", "pentic")
LEVELS = ("random", "easy", "medium", "random", "easy", "hard")
F = Counter()  # figures
VIOLATIONS: list[str] = []
WAITS: list[float] = []  # seconds from a computer's turn seen to its move seen


def call(url: str, path: str, body: dict | None = None, timeout: float = 15):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url + path, data, {"Content-Type": "application/json"})
    with HTTP.open(req, timeout=timeout) as answer:
        return json.loads(answer.read())


class Cluster:
    def __init__(self, instances: list[Proc]):
        self.instances = instances
        self.k = 0

    def urls(self) -> list[str]:
        return [p.url for p in self.instances]

    async def rest(self, path: str, body: dict | None = None, tries: int = 40):
        """On the next instance that answers (round robin); HTTP errors are returned."""
        for _ in range(tries):
            self.k += 1
            url = self.instances[self.k % len(self.instances)].url
            try:
                return await asyncio.to_thread(call, url, path, body)
            except urllib.error.HTTPError as exc:
                try:
                    return {"error": exc.code, **json.loads(exc.read())}
                except ValueError:
                    return {"error": exc.code}
            except OSError:
                await asyncio.sleep(0.25)
        raise RuntimeError(f"no instance answered {path}")


class Seen:
    """Every history seen of a table: each must extend or be a prefix of the longest."""

    def __init__(self) -> None:
        self.longest: dict[str, list[str]] = {}
        self.turn: dict[str, tuple[int, float]] = {}  # computer to move at version since
        self.tables: dict[str, dict] = {}  # id -> what was made

    def state(self, table: str, msg: dict) -> None:
        h = msg["history"]
        old = self.longest.get(table, [])
        short, long_ = (h, old) if len(h) <= len(old) else (old, h)
        if long_[:len(short)] != short:
            VIOLATIONS.append(f"table {table}: history seen {h} disagrees with {old}")
        if len(h) > len(old):
            self.longest[table] = list(h)
            started = self.turn.pop(table, None)
            if started and started[0] < len(h):
                WAITS.append(time.monotonic() - started[1])
        cp = msg["current_player"]
        if cp is not None and msg["table"]["seats"][cp]["kind"] == "computer":
            if table not in self.turn or self.turn[table][0] != msg["version"]:
                self.turn[table] = (msg["version"], time.monotonic())


SEEN = Seen()


async def connection(cluster: Cluster, table: str, token: str | None, on_state, start: int,
                     until, on_other=None, hold: float | None = None) -> None:
    """A WebSocket to ``table`` that reconnects round robin until ``until()``; ``on_state
    (ws, msg)`` for each state.  ``hold``: leave after that many seconds."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import WebSocketException

    k, end = start, None if hold is None else time.monotonic() + hold
    while not until() and (end is None or time.monotonic() < end):
        url = cluster.urls()[k % len(cluster.urls())].replace("http", "ws")
        k += 1
        q = f"?token={token}" if token else ""
        try:
            async with connect(f"{url}/ws/{table}{q}", open_timeout=10) as ws:
                while not until() and (end is None or time.monotonic() < end):
                    try:
                        raw = await asyncio.wait_for(ws.recv(), 2)
                    except TimeoutError:
                        continue
                    msg = json.loads(raw)
                    if msg.get("type") == "state":
                        SEEN.state(table, msg)
                        await on_state(ws, msg)
                    elif on_other:
                        await on_other(ws, msg)
        except (OSError, TimeoutError, WebSocketException):
            F["reconnects"] += 1
            await asyncio.sleep(0.2)


class Person:
    """Holds ``seat``: plays a random legal move on its turn (now and then after a hint,
    or before the hint came), resigning now and then while the computer thinks."""

    def __init__(self, cluster, table, token, seat, rng, resign_p=0.0, hint_p=0.2):
        self.cluster, self.table, self.token, self.seat, self.rng = cluster, table, token, seat, rng
        self.resign_p, self.hint_p = resign_p, hint_p
        self.pending: tuple[int, str] | None = None
        self.over = False
        self.hint_wait: int | None = None

    async def on_state(self, ws, msg: dict) -> None:
        h = msg["history"]
        if self.pending and len(h) > self.pending[0]:
            if h[self.pending[0]] == self.pending[1]:
                F["acked"] += 1
            self.pending = None
        if msg["current_player"] is None or msg["table"]["status"] != "playing":
            self.over = True
            return
        cp = msg["current_player"]
        if (cp != self.seat and msg["table"]["seats"][cp]["kind"] == "computer"
                and self.rng.random() < self.resign_p / 10 and msg["table"]["seats"][self.seat]
                ["kind"] == "human"):
            r = await self.cluster.rest(f"/api/tables/{self.table}/resign", {"token": self.token})
            F["resigned" if "error" not in r else "resign-refused"] += 1
            return
        if msg["you"] == self.seat == cp and msg["legal_moves"] and (
                self.pending is None or self.pending[0] != msg["version"]):
            if self.hint_wait is None and self.rng.random() < self.hint_p:
                await ws.send(json.dumps({"type": "hint"}))
                F["hints asked"] += 1
                if self.rng.random() < 0.5:
                    self.hint_wait = msg["version"]
                    return  # move once it comes
                F["moved under a hint"] += 1
            await self.move(ws, msg)

    async def move(self, ws, msg):
        move = self.rng.choice(msg["legal_moves"])
        self.pending = (msg["version"], move)
        await ws.send(json.dumps({"type": "move", "move": move, "version": msg["version"]}))

    async def on_other(self, ws, msg):
        if msg.get("type") == "hint":
            F["hints answered"] += 1
            if self.hint_wait is not None:
                self.hint_wait = None
                await ws.send(json.dumps({"type": "sync"}))
        elif msg.get("type") == "error":
            F[f"error {msg.get('code')}"] += 1
            if self.hint_wait is not None and msg.get("code") in ("stale", "game-over", "busy",
                                                                  "no-hints"):
                self.hint_wait = None
                await ws.send(json.dumps({"type": "sync"}))

    async def run(self, start: int) -> None:
        await connection(self.cluster, self.table, self.token, self.on_state, start,
                         lambda: self.over, self.on_other)


def options(game: str, players: int) -> dict:
    o = {} if game == "pentago" else {"players": players}
    if game == "pentic":
        o["target"] = 60
    return o


async def make(cluster, game, seats, players=2) -> dict:
    for _ in range(20):
        t = await cluster.rest("/api/tables", {"game": game, "options": options(game, players),
                                               "seats": seats, "hints": True})
        if "error" not in t:
            SEEN.tables[t["id"]] = {"game": game, "seats": seats}
            F[f"tables {game}"] += 1
            return t
        # (computer-only tables: three playing at most per address, by design)
        F[f"create refused {t.get('detail', {}).get('code')}"] += 1
        await asyncio.sleep(1)
    return None


async def vs_computer(cluster, rng, stop):
    game = rng.choice(GAMES)
    n = 2 if game == "pentago" else rng.choice((2, 2, 3))
    levels = [rng.choice(LEVELS) for _ in range(n - 1)]
    t = await make(cluster, game, [{"kind": "me"}] + [{"kind": "computer", "level": lv}
                                                      for lv in levels], n)
    if t is None:
        return
    F["vs computer"] += 1
    await Person(cluster, t["id"], t["you"]["token"], 0, rng,
                 resign_p=0.5 if n == 2 else 0).run(rng.randrange(9))


async def friends(cluster, rng, stop):
    game = rng.choice(GAMES)
    t = await make(cluster, game, [{"kind": "me"}, {"kind": "invite"}])
    if t is None:
        return
    invite = t["invites"][0]["url"].split("token=")[1]
    j = await cluster.rest(f"/api/tables/{t['id']}/join", {"token": invite})
    F["friends"] += 1
    a = Person(cluster, t["id"], t["you"]["token"], 0, rng)
    b = Person(cluster, t["id"], j["token"], 1, rng)
    await asyncio.gather(a.run(0), b.run(1))


async def strangers(cluster, rng, stop):
    """A 3-4 seat table with open seats and computers; strangers come and go."""
    game = rng.choice(("pentup", "pentic", "pentomino"))
    n = rng.choice((3, 4))
    seats = [{"kind": "computer", "level": rng.choice(("random", "easy", "medium"))},
             {"kind": "open"}] + [{"kind": rng.choice(("open", "computer")), "level": "easy"}
                                  for _ in range(n - 2)]
    for s in seats:
        if s["kind"] == "open":
            s.pop("level", None)
    t = await make(cluster, game, seats, n)
    if t is None:
        return
    F["stranger tables"] += 1
    done = {"over": False}
    end = time.monotonic() + rng.uniform(60, 150)
    while not done["over"] and time.monotonic() < end and not stop.is_set():
        info = await cluster.rest(f"/api/tables/{t['id']}")
        if info.get("error") or info["current_player"] is None:
            break
        open_ = info["table"]["open_seats"]
        if not open_:
            await asyncio.sleep(1)
            continue
        seat = rng.choice(open_)
        r = await cluster.rest(f"/api/tables/{t['id']}/sit", {"seat": seat, "name": "Stranger"})
        if "error" in r:
            F["sit refused"] += 1
            await asyncio.sleep(0.5)
            continue
        F["seats taken"] += 1
        p = Person(cluster, t["id"], r["token"], seat, rng, hint_p=0.1)
        if rng.random() < 0.4:  # takes it and leaves at once (the attacker's loop)
            await asyncio.sleep(rng.uniform(0, 1))
        else:
            await connection(cluster, t["id"], r["token"], p.on_state, rng.randrange(9),
                             lambda: p.over, p.on_other, hold=rng.uniform(3, 15))
        done["over"] = p.over
        if not p.over:
            r = await cluster.rest(f"/api/tables/{t['id']}/leave", {"token": r["token"]})
            F["seats left" if "error" not in r else "leave refused"] += 1


async def computers(cluster, rng, stop):
    """A computer-only table, watched now and then by one or two spectators."""
    game = rng.choice(GAMES)
    n = 2 if game == "pentago" else rng.choice((2, 3, 4))
    t = await make(cluster, game, [{"kind": "computer", "level": rng.choice(("random", "easy"))}
                                   for _ in range(n)], n)
    if t is None:
        return
    F["computer tables"] += 1
    over = {"v": False}

    async def on_state(ws, msg):
        if msg["current_player"] is None:
            over["v"] = True

    while not over["v"] and not stop.is_set():  # to its end (they are few per address)
        F["spectators"] += 1
        watchers = [connection(cluster, t["id"], None, on_state, rng.randrange(9),
                               lambda: over["v"], hold=rng.uniform(5, 20))
                    for _ in range(rng.choice((1, 1, 2)))]
        await asyncio.gather(*watchers)
        await asyncio.sleep(rng.uniform(1, 6))  # unwatched for a while


async def driver(cluster, rng, stop, kind):
    while not stop.is_set():
        try:
            await kind(cluster, rng, stop)
        except Exception as exc:  # noqa: BLE001 - counted and carried on
            F[f"driver error {type(exc).__name__}"] += 1
            VIOLATIONS.append(f"driver {kind.__name__}: {exc!r}")
            await asyncio.sleep(1)


async def killer(instances, workers, rng, stop, every, kills, minutes):
    everything_at = time.monotonic() + minutes * 30  # everything at once, halfway
    while not stop.is_set():
        await asyncio.sleep(rng.uniform(*every))
        if stop.is_set():
            break
        if everything_at and time.monotonic() > everything_at:
            everything_at = 0
            for p in instances + workers:
                p.kill()
            for p in instances + workers:
                p.launch()  # all together: the layout lock
            for p in instances + workers:
                await asyncio.to_thread(p.wait_ready)
            kills["everything"] += 1
            continue
        victim = rng.choice(instances + workers)
        if victim.port is None and rng.random() < 0.4:
            victim.signal(signal.SIGSTOP)
            await asyncio.sleep(rng.uniform(2, 8))
            victim.signal(signal.SIGCONT)
            kills["freeze"] += 1
            continue
        victim.kill()
        kills["instance" if victim.port else "worker"] += 1
        await asyncio.sleep(rng.uniform(0, 3))
        victim.launch()
        await asyncio.to_thread(victim.wait_ready)


async def calm(cluster, bound: float) -> list[str]:
    """Every game in progress whose turn is a computer's, watched: its move within
    ``bound`` seconds."""
    from websockets.asyncio.client import connect

    stuck = []
    todo = []
    for tid in SEEN.tables:
        info = await cluster.rest(f"/api/tables/{tid}")
        cp = info.get("current_player")
        if cp is not None and info["table"]["seats"][cp]["kind"] == "computer":
            todo.append((tid, info["version"]))
    F["calm: computer to move"] = len(todo)

    async def watch(tid, version):
        t0 = time.monotonic()
        url = cluster.urls()[hash(tid) % len(cluster.urls())].replace("http", "ws")
        try:
            async with connect(f"{url}/ws/{tid}", open_timeout=10) as ws:
                async with asyncio.timeout(bound):
                    async for raw in ws:
                        msg = json.loads(raw)
                        if msg.get("type") == "state" and msg["version"] > version:
                            return time.monotonic() - t0
        except TimeoutError:
            stuck.append(f"table {tid} ({SEEN.tables[tid]}) stuck at version {version}")
        return None

    waits = await asyncio.gather(*(watch(t, v) for t, v in todo))
    F["calm: max wait ms"] = int(1000 * max([w for w in waits if w] or [0]))
    return stuck


def check_store(database_url: str, cluster: Cluster) -> None:
    from pentarena.server.store import Store

    store = Store(database_url)
    try:
        for tid in SEEN.tables:
            stored = store.load(tid)
            history = list(stored.moves)
            seen = SEEN.longest.get(tid, [])
            F["moves stored"] += len(history)
            if history[:len(seen)] != seen:
                VIOLATIONS.append(f"table {tid}: seen {seen} not a prefix of stored {history}")
            answers = []
            for url in cluster.urls():
                d = call(url, f"/api/tables/{tid}")
                answers.append((d["history"], d["version"], d["current_player"],
                                d["table"]["status"],
                                [(s["kind"], s["claimed"], s["resigned"]) for s in
                                 d["table"]["seats"]]))
            if any(a != answers[0] for a in answers) or answers[0][0] != history:
                VIOLATIONS.append(f"table {tid}: instances disagree: {answers} / store {history}")
            F["games finished" if answers[0][2] is None else "games in progress"] += 1
    finally:
        store.close()


EXPECTED = re.compile(r"Redis is unreachable|Connection refused|connection refused|"
                      r"ConnectionError|will be retried|server closed the connection|"
                      r"terminating connection")


def check_logs(logs: Path) -> list[str]:
    bad = []
    for log in sorted(logs.glob("*.log")):
        for line in log.read_text(errors="replace").splitlines():
            if re.search(r"ERROR|Traceback|CRITICAL", line) and not EXPECTED.search(line):
                bad.append(f"{log.name}: {line[:300]}")
    return bad


def metrics(cluster: Cluster) -> dict:
    out = Counter()
    for url in cluster.urls():
        text = HTTP.open(url + "/metrics", timeout=10).read().decode()
        for line in text.splitlines():
            if line.startswith(("pentarena_moves_total", "pentarena_refused_total")):
                name, value = line.rsplit(" ", 1)
                out[name] += int(float(value))
    return dict(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minutes", type=float, default=12,
                    help="how long the failures go on (default 12)")
    ap.add_argument("--port", type=int, default=8871,
                    help="the first of the ports used, one after another: PostgreSQL, Redis, "
                         "the instances (default 8871); 0: free ports")
    ap.add_argument("--instances", type=int, default=3, help="pentarena serve instances (3)")
    ap.add_argument("--workers", type=int, default=2, help="pentarena worker processes (2)")
    ap.add_argument("--kill-every", type=float, nargs=2, default=(20, 40), metavar=("MIN", "MAX"),
                    help="seconds between two failures, at random between them (20 40)")
    ap.add_argument("--calm-bound", type=float, default=90,
                    help="seconds a computer to move may take once calm (90)")
    ap.add_argument("--people", type=int, default=6,
                    help="person-v-computer drivers (6; with 2 pairs of friends, 2 strangers, "
                         "2 spectators of computer-only tables)")
    ap.add_argument("--seed", type=int, default=1, help="the failures' and players' seed (1)")
    ap.add_argument("--logs", type=Path, default=None,
                    help="where the processes' logs go (default: a new temporary folder)")
    args = ap.parse_args()
    from tests.services import free_port, postgres, redis

    logs = args.logs or Path(tempfile.mkdtemp(prefix="pentarena-soak-"))
    logs.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    kills: Counter = Counter()
    bad_logs: list[str] = []
    m: dict = {}
    print(f"logs in {logs}")
    def port(i: int) -> int | None:  # (None: PostgreSQL and Redis find their own)
        return args.port + i if args.port else (free_port() if i >= 2 else None)

    with postgres(port(0)) as db, redis(port(1)) as rd:
        common = ["--database-url", db, "--redis-url", rd]
        limits = ["--tables-per-minute", "1000", "--seat-changes-per-minute", "1000"]
        ports = [port(2 + i) for i in range(args.instances)]
        instances = [Proc(f"serve-{i}", ["serve", "--port", str(p), *common, *limits], logs, p)
                     for i, p in enumerate(ports)]
        workers = [Proc(f"worker-{i}", ["worker", *common, "--processes", "1"], logs)
                   for i in range(args.workers)]
        procs = instances + workers
        try:
            for p in procs:
                p.launch()
            for p in procs:
                p.wait_ready()
            cluster = Cluster(instances)
            kills.clear()

            async def soak():
                stop = asyncio.Event()
                kinds = ([vs_computer] * args.people + [friends] * 2 + [strangers] * 2
                         + [computers] * 2)
                tasks = [asyncio.ensure_future(driver(cluster, random.Random(rng.random()),
                                                      stop, k)) for k in kinds]
                k = asyncio.ensure_future(killer(instances, workers, rng, stop,
                                                 args.kill_every, kills, args.minutes))
                t0 = time.monotonic()
                while time.monotonic() - t0 < args.minutes * 60:
                    await asyncio.sleep(5)
                    if k.done():
                        k.result()
                    print(f"{time.monotonic() - t0:6.0f} s  {dict(kills)}  moves seen "
                          f"{sum(map(len, SEEN.longest.values()))}  violations {len(VIOLATIONS)}",
                          flush=True)
                stop.set()
                await k
                for p in procs:  # every process up, unfrozen
                    p.signal(signal.SIGCONT)
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                return await calm(cluster, args.calm_bound)

            stuck = asyncio.run(soak())
            VIOLATIONS.extend(stuck)
            check_store(db, cluster)
            bad_logs = check_logs(logs)
            m = metrics(cluster)
        finally:
            for p in procs:
                p.stop()
    waits = sorted(WAITS)
    print("\nkills:", dict(kills))
    for key in sorted(F):
        print(f"  {key}: {F[key]}")
    if waits:
        print(f"  computer waits seen: {len(waits)}, median {waits[len(waits) // 2]:.2f} s, "
              f"p99 {waits[int(len(waits) * .99)]:.1f} s, max {waits[-1]:.1f} s")
    print("  metrics:", m)
    print(f"\nviolations: {len(VIOLATIONS)}")
    for v in VIOLATIONS[:40]:
        print("  ", v)
    print(f"log lines with errors (not a kill's): {len(bad_logs)}")
    for line in bad_logs[:60]:
        print("  ", line)
    save("cluster_soak", {
        "parameters": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        "kills": dict(kills), "figures": dict(F), "metrics": m,
        "computer_waits": {"count": len(waits), "max_s": round(waits[-1], 2) if waits else None,
                           "p99_s": round(waits[int(len(waits) * .99)], 2) if waits else None},
        "violations": VIOLATIONS[:100], "log_errors": bad_logs[:100]})
    return 1 if VIOLATIONS or bad_logs else 0


if __name__ == "__main__":
    sys.exit(main())
