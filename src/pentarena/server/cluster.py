"""Computer moves on a Redis-backed job queue (SAQ), for several server instances.

With ``--redis-url`` an instance does not think for computer seats itself: it puts a job
``computer_move(table_id, version)`` on a queue, keyed by table and version so that however
many instances ask, one job exists per move.  ``pentarena worker`` processes (on any
machine, with the same database and Redis) take the jobs: load the table from the store,
think on their own worker pool (the search capped in time, killed if it overruns), store
the move with the store's version fence, and publish it on the event bus.

Two queues keep a person's opponent from waiting behind computer-only tables: ``people``
(tables with a human seat) and ``bots``; every worker serves both, with more of its slots
on the first.  A worker that dies mid-job stops sending heartbeats; the queue's sweep puts
the job back and another worker takes it (a move already stored is only announced again).
A worker told to stop (SIGTERM, SIGINT) cancels its jobs, which go back on the queue, and
exits within ``STOP_DEADLINE`` seconds.

A job reads its table when it starts (a move stored meanwhile, a game resigned: nothing to
think for).  While it waits for, or runs on, the worker's pool, the worker listens on the
event bus: a move told for its table, or a seat change that takes the move from the
computer's seat (a resignation; the event says), drops the search (or stops it) and the
job reads the table again — thinking again if the move is still the computer's, ending
if not (the move stored elsewhere, the game resigned).  A seat taken, left or renamed
leaves the search standing (a stranger taking an open seat and leaving it in a loop
restarted it each time, and a slow computer never moved).
"""

from __future__ import annotations

import asyncio
import contextlib
import faulthandler
import logging
import random
import secrets
import signal
from collections import Counter
from collections.abc import Callable
from typing import Any

from .bus import RedisBus
from .jobs import think
from .protocol import ProtocolError
from .quietlog import Outage, RedisErrors
from .store import Conflict, Store
from .tables import MOVE_REFUSALS, Table
from .workers import THINK_TIMEOUT, JobDropped, JobFailed, JobTimeout, PoolClosed, WorkerPool

log = logging.getLogger("pentarena.worker")

QUEUES = {"people": "pentarena-people", "bots": "pentarena-bots"}
HEARTBEAT = 3
"""Seconds a job may go without a heartbeat before the sweep takes it back."""
SWEEP = 1
"""Seconds between sweeps for jobs whose worker died (whole seconds: Redis takes them)."""
WORKER_DOWN = ("this worker takes no computer moves until Redis answers (trying again "
               "meanwhile); players' own moves go on, and the computer's wait")
WORKER_BACK = "this worker takes computer moves again"
STOP_DEADLINE = 15.0
"""Seconds a worker told to stop has to end, whatever it is doing: past them, it writes
every thread's stack to its log and exits (its jobs go back on the queue)."""


def job_timeout(time_limit: float | None) -> float:
    """Seconds a computer move may take, thinking included."""
    return THINK_TIMEOUT + 3 * (time_limit or 5)


def queue_timeout(time_limit: float | None) -> int:
    """Seconds the queue gives a computer-move job before it counts it as failed."""
    return int(job_timeout(time_limit)) + 5


class ComputerQueue:
    """The instances' side: put computer moves on the queues.  ``lost_after``: seconds
    after which an instance asks again for a move that has not come (see
    :meth:`lost_after`)."""

    def __init__(self, redis_url: str, lost_after: float | None = None) -> None:
        from saq import Queue

        self.queues = {kind: Queue.from_url(redis_url, name=name) for kind, name in QUEUES.items()}
        self._lost_after = lost_after

    def lost_after(self, time_limit: float | None) -> float:
        """Seconds after queuing a move with no move come by then: its job may be lost
        (Redis restarted or flushed: it keeps nothing; or the job failed for good), so the
        instance queues it again.  By default the job's own timeout: a job still waiting
        or running is not duplicated (jobs are keyed by table and version), one that ended
        is run again (it only announces a move already stored)."""
        if self._lost_after is not None:
            return self._lost_after
        return float(queue_timeout(time_limit))

    async def connect(self) -> None:
        for q in self.queues.values():
            await q.connect()

    async def enqueue(self, table_id: str, version: int, people: bool,
                      time_limit: float | None) -> bool:
        """Ask for the computer's move at ``version``; False if its job is already waiting
        or running (a job that ended, or was lost, is queued again)."""
        queue = self.queues["people" if people else "bots"]
        job = await queue.enqueue("computer_move", key=f"{table_id}:{version}",
                                  table_id=table_id, version=version, time_limit=time_limit,
                                  timeout=queue_timeout(time_limit), heartbeat=HEARTBEAT,
                                  retries=5, ttl=600)
        return job is not None

    async def depth(self) -> dict[str, int | None]:
        """Jobs waiting per queue (None: not known, Redis out of reach)."""
        out: dict[str, int | None] = {}
        for kind, q in self.queues.items():
            try:
                out[kind] = await q.count("queued")
            except Exception:
                out[kind] = None
        return out

    async def close(self) -> None:
        for q in self.queues.values():
            with contextlib.suppress(Exception):
                await q.disconnect()


class Changes:
    """In a worker: the changes told on the event bus (a move, a seat change) of the tables
    whose computer moves it is working out, counted from when it began listening for one.
    A seat change that leaves the move the computer's seat's, at the version it thinks
    for (a seat taken or left by someone, a rename), is no change: anyone may take an open
    seat and leave it again, and each restarted the search of a computer whose move took
    longer than that (it never moved)."""

    def __init__(self) -> None:
        self.watched: Counter[str] = Counter()
        self.told: Counter[str] = Counter()
        self.thinking: dict[str, tuple[int, int]] = {}  # table: (version, seat) thought for

    async def on_event(self, event: dict[str, Any]) -> None:
        table = event.get("table")
        if table not in self.watched or event.get("kind") not in ("moved", "seats"):
            return
        if (event.get("kind") == "seats" and "computer" in event  # (an older instance: no)
                and (event.get("version"), event["computer"]) == self.thinking.get(table)):
            return
        self.told[table] += 1

    def thinks(self, table_id: str, version: int, seat: int) -> None:
        """A job thinks for ``seat`` of ``table_id`` at ``version`` (seat changes that
        leave it so change nothing)."""
        self.thinking[table_id] = (version, seat)

    @contextlib.contextmanager
    def watching(self, table_id: str):
        self.watched[table_id] += 1
        try:
            yield
        finally:
            self.watched[table_id] -= 1
            if not self.watched[table_id]:
                del self.watched[table_id]
                self.told.pop(table_id, None)
                self.thinking.pop(table_id, None)

    def since(self, table_id: str) -> Callable[[], bool]:
        """Whether nothing was told of ``table_id`` since now."""
        now = self.told[table_id]
        return lambda: self.told[table_id] == now


def moved_event(table: Table, seat: int | None = None) -> dict[str, Any]:
    history = table.state.history()
    return {"kind": "moved", "table": table.id, "version": len(history),
            "move": history[-1] if history else None, "seat": seat}


async def computer_move(ctx: dict[str, Any], *, table_id: str, version: int,
                        time_limit: float | None = None) -> str:
    """The job: play the computer's move at ``version`` on ``table_id``."""
    changes: Changes = ctx.setdefault("changes", Changes())
    with changes.watching(table_id):
        while True:
            unchanged = changes.since(table_id)  # (before reading: a change told meanwhile
            try:                                 # reads the table again)
                return await _computer_move(ctx, table_id, version, time_limit, unchanged)
            except JobDropped:
                continue  # the table changed: is the move still the computer's?


async def _computer_move(ctx: dict[str, Any], table_id: str, version: int,
                         time_limit: float | None, unchanged: Callable[[], bool]) -> str:
    store: Store = ctx["store"]
    bus: RedisBus = ctx["bus"]
    stored = await asyncio.to_thread(store.load, table_id)
    if stored is None:  # queued by a server on another database: this worker is misplaced
        from .startup import shown_url

        log.error("computer move for table %s: no such table in this worker's database "
                  "(%s); start the worker with the servers' --database-url", table_id,
                  shown_url(store.url))
        return "no such table"
    table = Table.from_stored(stored)
    if table.version > version:  # stored already (by a worker that died before telling)
        await bus.publish(moved_event(table))
        return "already played"
    seat = table.computer_to_move()
    if table.version != version or seat is None:
        return "nothing to play"
    ctx["changes"].thinks(table_id, version, seat)  # (set by computer_move)
    text = await _think(ctx, table, seat, time_limit, unchanged)
    try:
        canonical = table.check_move(seat, text, version)
    except ProtocolError as exc:
        log.error("computer move %r on table %s refused: %s", text, table_id, exc.message)
        if exc.code not in MOVE_REFUSALS:  # the table's move limit: nothing would pass
            return f"refused: {exc.message}"
        canonical = table.check_move(  # checked as every move is (the limits too)
            seat, str(table.state.random_move(random.Random(secrets.randbits(64)))), version)
    after = table.after(canonical)
    try:
        await store.add_move(table_id, version, seat, canonical, table.status_of(after))
    except Conflict:
        return "someone else played first"
    table.accept(after)
    await bus.publish(moved_event(table, seat))
    return canonical


async def _think(ctx: dict[str, Any], table: Table, seat: int, time_limit: float | None,
                 wanted: Callable[[], bool] | None = None) -> str:
    pool: WorkerPool = ctx["pool"]
    job = ctx.get("job")

    async def heartbeat() -> None:
        while job is not None:
            await asyncio.sleep(1.0)
            with contextlib.suppress(Exception):
                await job.update()

    beating = asyncio.get_running_loop().create_task(heartbeat())
    try:
        return await pool.run(think, table.game.name, dict(table.game.options),
                              table.state.view(seat).to_json(), table.seats[seat].level or "medium",
                              secrets.randbits(63), time_limit, timeout=job_timeout(time_limit),
                              priority=2 if table.computer_only else 0, wanted=wanted)
    except PoolClosed:
        raise  # the worker is stopping: the job goes back to the queue, nothing is played
    except JobTimeout as exc:  # the search overran: the emergency move, not another wait
        log.warning("computer seat %s on table %s: %s; playing a random move", seat, table.id, exc)
        return str(table.state.random_move(random.Random(secrets.randbits(64))))
    except JobFailed as exc:
        if job is not None and job.attempts < job.retries:
            # its process died (killed with the worker, or by the system): the queue
            # retries the job, here or on another worker
            log.warning("computer seat %s on table %s: %s; the job will be retried", seat,
                        table.id, exc)
            raise
        log.warning("computer seat %s on table %s: %s; playing a random move", seat, table.id, exc)
        return str(table.state.random_move(random.Random(secrets.randbits(64))))
    finally:
        beating.cancel()


def stopper(stop: asyncio.Event, deadline: float = STOP_DEADLINE) -> Callable[[], None]:
    """The worker's signal handler: sets ``stop`` and, at the first signal, gives the
    process ``deadline`` seconds to end, after which it writes every thread's stack to
    stderr (its log) and exits with status 1."""

    def on_signal() -> None:
        if not stop.is_set():
            faulthandler.dump_traceback_later(deadline, exit=True)
        stop.set()

    return on_signal


async def run_worker(redis_url: str, database_url: str | None, processes: int | None = None,
                     ready: asyncio.Event | None = None) -> None:
    """``pentarena worker``: serve both queues until SIGTERM/SIGINT.  While Redis is
    unreachable the queue workers are stopped (not left spinning) and started again when
    it answers; the log says so once each way (and reminds at most once a minute), SAQ's
    tracebacks for each failed call to Redis told to the same :class:`Outage`."""
    store = Store(database_url)
    outage = Outage(log, WORKER_DOWN, WORKER_BACK)
    quieted = RedisErrors(outage)
    quieted.install(logging.getLogger("saq"))
    bus = RedisBus(redis_url, outage)
    pool = WorkerPool(processes, "process")
    stop = asyncio.Event()
    changes = Changes()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stopper(stop))
    delay, announced = 0.2, False
    try:
        while not stop.is_set():
            if not await bus.ping():  # (the outage said once: see WORKER_DOWN)
                await _wait(stop, delay)
                delay = min(2 * delay, 5.0)
                continue
            delay = 0.2
            workers = _queue_workers(redis_url, {"store": store, "bus": bus, "pool": pool,
                                                 "changes": changes})
            tasks = [loop.create_task(w.start()) for w in workers]
            await bus.start(changes.on_event)  # (an event missed: a search not dropped)
            if not announced:  # (once: the end of an outage says it is back)
                announced = True
                log.info("worker ready: %d processes, queues %s", pool.size,
                         ", ".join(QUEUES.values()))
            if ready is not None:
                ready.set()
            while not stop.is_set() and await bus.ping():
                await _wait(stop, 1.0)
            for w in workers:
                with contextlib.suppress(Exception):
                    await w.stop()
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await bus.stop()
    finally:
        pool.close()
        await bus.close()
        store.close()
        logging.getLogger("saq").removeFilter(quieted)


def _queue_workers(redis_url: str, context: dict[str, Any]) -> list:
    """SAQ workers for both queues; their signal handling is ours (``run_worker``)."""
    from saq import Queue, Worker

    async def startup(ctx: dict[str, Any]) -> None:
        ctx.update(context)

    slots = context["pool"].size
    workers = [Worker(Queue.from_url(redis_url, name=QUEUES["people"]), [computer_move],
                      concurrency=slots + 1, startup=startup, timers={"sweep": SWEEP},
                      shutdown_grace_period_s=1),
               Worker(Queue.from_url(redis_url, name=QUEUES["bots"]), [computer_move],
                      concurrency=max(1, slots // 2), startup=startup, timers={"sweep": SWEEP},
                      shutdown_grace_period_s=1)]
    for w in workers:
        w.SIGNALS = []
    return workers


async def _wait(event: asyncio.Event, seconds: float) -> None:
    """Until ``event`` is set or ``seconds`` pass."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(event.wait(), seconds)
