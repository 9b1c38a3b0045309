"""The worker pool: CPU-heavy jobs (computer moves, hints, solution counts) run here, so the
server's event loop only ever waits on I/O.

* Every job waits for a free worker in priority order, so a person's opponent never queues
  behind computer-only tables; within a priority, the owners' jobs take turns (an
  ``owner``: a table's creator, or who asked for a hint, a count or an analysis — an
  address, hashed): round robin, each owner's own jobs first come first served — so one
  client's many slow searches hold up another's opponent by one job at most, and are
  served in turn with everyone else's however many others keep asking (start-time fair
  queueing: a job is stamped with the round it may run in, the owner's next round or the
  one being served now, whichever is later; the pool serves the earliest round first).
* No job a person asked for waits without end: a priority with jobs waiting that jobs of
  higher priorities have passed :data:`PASSED_AT_MOST` times (started while it waited) is
  served next, its next job in its owners' turn — so under a flood of computer moves a
  hint still runs after at most that many of them, and an analysis goes on; without such
  a flood (nothing waits long) the priorities hold as they are.  Computer-only tables
  (:data:`NOBODY_PLAYS`, watched only) still wait for every table where a person plays.
* A job may say when it is still wanted (``wanted``, asked on the event loop: the table's
  position is still the job's, its asker still there): one no longer wanted when its turn
  comes is dropped without running (:class:`JobDropped`), and a process job that stops
  being wanted while it runs is stopped within :data:`WANTED_EVERY` seconds, its process
  killed and replaced as an overrunning one's is (a thread job runs on: a thread cannot be
  killed) — at most :data:`STOPS_PER_SECOND` a second per worker, as a client can make
  jobs unwanted in a loop and each stop starts a process; past that the job runs on and is
  dropped at its end.  Whoever dropped it must ask again if the job becomes wanted again.
* A job gets a time cap counted from when a worker starts it; a process job that overruns
  is killed with its process and the worker replaced, so it never holds the pool.  A job
  whose worker dies under it (killed from outside) runs again on a fresh one, once.
* Worker processes die with the server: on Linux the kernel kills them when the server
  dies (``PR_SET_PDEATHSIG``), and each also watches its parent and leaves when orphaned;
  :meth:`WorkerPool.close` kills them on a normal shutdown.

``kind="thread"`` runs jobs in threads instead (tests): the same scheduling, but a thread
that overruns, or is no longer wanted, is abandoned or left to finish, not killed.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

log = logging.getLogger("pentarena.server")

# Priorities of jobs on the pool (lower first).
PEOPLE_WAITING, PEOPLE_AWAY, NOBODY_PLAYS = 0, 1, 2
HINTS = PEOPLE_WAITING + 0.5
"""Hints: after the computer moves that people wait for, before everything else."""

THINK_TIMEOUT = 10.0
"""Seconds beyond three times its time a search may take before it is stopped (a computer
seat's move: a random legal move is played instead)."""


PASSED_AT_MOST = 4
"""Jobs of higher priorities that may start while a priority has jobs waiting before that
priority's next job runs (its owners' turn kept): the bound on a hint's wait behind
computer moves, an analysis's behind both, counted in jobs.  Only for what a person asked
for (priorities before :data:`NOBODY_PLAYS`): a computer-only table, watched only, never
goes before a table where a person plays."""

WANTED_EVERY = 0.25
"""Seconds between two checks that a running process job (given ``wanted``) is still
wanted."""


STOPS_PER_SECOND = 1.0
"""Running process jobs no longer wanted that the pool stops, per second and per worker
(at most one per worker at once): a stop kills the job's process and starts another, some
0.1 s of CPU and 5-10 ms of the server's event loop (the kill waited for, the spawn), and
who makes a job unwanted is often a client (a spectator closing the only connection to a
computer-only table, an asker leaving or moving on) who can do it again a few times a
second.  A job not stopped for want of this runs on (capped in time, as ever) and is
dropped when it ends if it is still not wanted."""

WORKER_DEATH_RETRIES = 1
"""Times a job whose worker process died under it is run again, at once, on a fresh one
(a computer seat would otherwise play a random move, a hint fail): a job that kills its
worker every time fails after that."""


class JobFailed(Exception):
    """A job raised, overran its time cap, or lost its worker."""


class JobTimeout(JobFailed):
    """A job did not finish within its time cap."""


class WorkerDied(JobFailed):
    """The job's worker process died under it (killed from outside: the OOM killer, an
    operator; or the job crashed it)."""


class JobDropped(Exception):
    """The job's ``wanted`` said it was no longer wanted: it did not run, or was stopped.
    Not a failure (nothing to fall back on): the caller's answer is no longer needed."""


class PoolClosed(JobFailed):
    """The pool is shutting down: the job did not run (or was stopped), through no fault
    of its own.  Callers should give up, not fall back on something else."""


def _die_with_parent(parent: int) -> None:
    """In a worker process: leave as soon as the server process is gone."""
    try:  # Linux: the kernel sends SIGKILL when the parent dies
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)

    def watch() -> None:
        while True:
            threading.Event().wait(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def _worker_main(conn, parent: int) -> None:
    """A worker process: run ``(fn, args)`` jobs from ``conn`` one at a time."""
    _die_with_parent(parent)
    # Ctrl-C and a SIGTERM sent to the whole process group are the parent's to handle:
    # it stops its jobs and then these processes itself
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply = (True, fn(*args))
        except BaseException as exc:  # noqa: BLE001 - the error travels back as text
            reply = (False, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


class _ProcessWorker:
    def __init__(self, ctx) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker_main, args=(child, os.getpid()), daemon=True,
                                name="pentarena-worker")
        self.proc.start()
        child.close()

    def alive(self) -> bool:
        return self.proc.is_alive()

    def kill(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(5)


class WorkerPool:
    """``size`` workers shared by every table; see the module docstring."""

    def __init__(self, size: int | None = None, kind: str = "process") -> None:
        if kind not in ("process", "thread"):
            raise ValueError("kind is 'process' or 'thread'")
        self.kind = kind
        self.size = size or max(1, (os.cpu_count() or 2) - 1)
        self._ctx = multiprocessing.get_context("spawn")
        self._idle: list[_ProcessWorker | None] = [None] * self.size  # None: not started
        self._busy = 0
        # per priority, the jobs waiting: a heap of (round, arrival, future, wanted)
        self._waiting: dict[float, list[tuple[int, int, asyncio.Future, Any]]] = {}
        self._passed: dict[float, int] = {}  # per priority waiting: jobs started past it
        self._seq = itertools.count()
        self._outstanding: dict[Any, int] = {}  # an owner's jobs waiting or running
        # fair queueing, per priority: the round of the job started last (virtual time) ...
        self._round: dict[float, int] = {}
        # ... and an (owner, priority)'s next job's round, if later
        self._next_round: dict[tuple[Any, float], int] = {}
        self._procs: set[_ProcessWorker] = set()
        # stops of running jobs no longer wanted: a bucket refilled at STOPS_PER_SECOND
        self._stops, self._stops_at = float(self.size), time.monotonic()
        self.stopped = 0
        """Running jobs stopped (their workers killed) because they were no longer wanted."""
        self.dropped = 0
        """Jobs dropped unstarted, or stopped, because they were no longer wanted."""
        self._closed = True
        self.open()

    def open(self) -> None:
        """Take jobs (again, after :meth:`close`)."""
        if not self._closed:
            return
        self._threads = ThreadPoolExecutor(self.size if self.kind == "thread" else self.size * 2,
                                           thread_name_prefix="pentarena-job")
        self._closed = False

    # -- scheduling -------------------------------------------------------------------
    @property
    def queued(self) -> int:
        """Jobs waiting for a worker."""
        return sum(len(jobs) for jobs in self._waiting.values())

    @property
    def running(self) -> int:
        return self._busy

    def _stamp(self, owner: Any, priority: float) -> int:
        """The round ``owner``'s new job of ``priority`` may run in: the owner's next at
        that priority (one after its last job's), or the round being served now if that is
        later — an owner does not save up rounds while it asks for nothing.  Without an
        owner: now."""
        now = self._round.get(priority, 0)
        if owner is None:
            return now
        turn = max(now, self._next_round.get((owner, priority), 0))
        self._next_round[owner, priority] = turn + 1
        return turn

    def _started(self, priority: float, turn: int) -> None:
        self._round[priority] = max(self._round.get(priority, 0), turn)
        self._passed.pop(priority, None)
        for waiting in self._waiting:  # the lower priorities waiting were passed once more
            if waiting > priority:
                self._passed[waiting] = self._passed.get(waiting, 0) + 1
        if len(self._next_round) > 10_000:  # owners not ahead of the round: nothing to keep
            self._next_round = {k: v for k, v in self._next_round.items()
                                if v > self._round.get(k[1], 0)}

    def _next_priority(self) -> float | None:
        """The priority whose job runs next: the highest passed :data:`PASSED_AT_MOST`
        times, else the highest waiting."""
        if not self._waiting:
            return None
        due = [p for p in self._waiting
               if p < NOBODY_PLAYS and self._passed.get(p, 0) >= PASSED_AT_MOST]
        return min(due or self._waiting)

    def _pop(self, priority: float) -> tuple[int, int, asyncio.Future, Any]:
        jobs = self._waiting[priority]
        entry = heapq.heappop(jobs)
        if not jobs:
            del self._waiting[priority]
            self._passed.pop(priority, None)
        return entry

    @staticmethod
    def _wanted(wanted: Callable[[], bool] | None) -> bool:
        if wanted is None:
            return True
        try:
            return bool(wanted())
        except Exception:  # noqa: BLE001 - a broken check must not lose a job
            log.exception("checking whether a job is still wanted failed; running it")
            return True

    async def _acquire(self, priority: float, turn: int = 0,
                       wanted: Callable[[], bool] | None = None) -> _ProcessWorker | None:
        if self._closed:
            raise PoolClosed("the server is shutting down")
        if self._idle and not self._waiting:
            self._busy += 1
            self._started(priority, turn)
            return self._idle.pop()
        fut = asyncio.get_running_loop().create_future()
        entry = (turn, next(self._seq), fut, wanted)
        heapq.heappush(self._waiting.setdefault(priority, []), entry)
        try:
            return await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():  # handed a worker just as we left
                self._release(fut.result())
            elif entry in self._waiting.get(priority, ()):
                jobs = self._waiting[priority]
                jobs.remove(entry)
                heapq.heapify(jobs)
                if not jobs:
                    del self._waiting[priority]
                    self._passed.pop(priority, None)
            raise

    def _release(self, worker: _ProcessWorker | None) -> None:
        while (priority := self._next_priority()) is not None:
            turn, _, fut, wanted = self._pop(priority)
            if fut.done():
                continue
            if not self._wanted(wanted):  # its table moved on: never started
                self.dropped += 1
                fut.set_exception(JobDropped("no longer wanted; not run"))
                continue
            self._started(priority, turn)
            fut.set_result(worker)
            return
        self._busy -= 1
        self._idle.append(worker)

    async def run(self, fn: Callable[..., Any], *args: Any, timeout: float,
                  priority: float = 0, owner: Any = None,
                  wanted: Callable[[], bool] | None = None) -> Any:
        """``fn(*args)`` on a worker once one is free (lower ``priority`` first, a priority
        passed too often next; within one, the ``owner``s in turn: see the module
        docstring); raises JobTimeout after ``timeout`` seconds of running, JobFailed if it
        raised or its worker died, JobDropped if ``wanted()`` (asked when its turn comes,
        and while a process job runs) said False."""
        turn = self._stamp(owner, priority)
        if owner is not None:
            self._outstanding[owner] = self._outstanding.get(owner, 0) + 1
        try:
            worker = await self._acquire(priority, turn, wanted)
            try:
                if self.kind == "thread":
                    return await self._run_in_thread(fn, args, timeout)
                for attempt in range(1 + WORKER_DEATH_RETRIES):
                    worker = self._fresh(worker)
                    try:
                        return await self._run_in_process(worker, fn, args, timeout, wanted)
                    except WorkerDied:
                        if attempt == WORKER_DEATH_RETRIES:
                            raise
                        if not self._wanted(wanted):
                            self.dropped += 1
                            raise JobDropped("no longer wanted; not run again") from None
                        log.warning("a worker process died during a job; running it again "
                                    "on a fresh one")
            finally:
                self._release(worker)  # a killed worker is replaced when next used
        finally:
            if owner is not None:
                left = self._outstanding[owner] - 1
                if left:
                    self._outstanding[owner] = left
                else:
                    del self._outstanding[owner]
                    key = (owner, priority)
                    if self._next_round.get(key, 0) <= self._round.get(priority, 0):
                        self._next_round.pop(key, None)

    # -- running ----------------------------------------------------------------------
    async def _run_in_thread(self, fn, args, timeout):
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(loop.run_in_executor(self._threads, fn, *args), timeout)
        except TimeoutError:
            raise JobTimeout(f"the job did not finish within {timeout:g} s") from None
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            raise JobFailed(f"{type(exc).__name__}: {exc}") from exc

    def _fresh(self, worker: _ProcessWorker | None) -> _ProcessWorker:
        if worker is not None and worker.alive():
            return worker
        if worker is not None:
            worker.kill()
            self._procs.discard(worker)
        worker = _ProcessWorker(self._ctx)
        self._procs.add(worker)
        return worker

    def _may_stop(self) -> bool:
        """Whether a running job no longer wanted may be stopped now (see
        :data:`STOPS_PER_SECOND`); takes the stop if so."""
        now = time.monotonic()
        self._stops = min(float(self.size),
                          self._stops + (now - self._stops_at) * STOPS_PER_SECOND * self.size)
        self._stops_at = now
        if self._stops < 1.0:
            return False
        self._stops -= 1.0
        return True

    async def _run_in_process(self, worker: _ProcessWorker, fn, args, timeout,
                              wanted: Callable[[], bool] | None = None):
        loop = asyncio.get_running_loop()
        unwanted = False  # seen no longer wanted, and not stopped (stops spent)

        def exchange():
            worker.conn.send((fn, args))
            return worker.conn.recv()

        reply = loop.run_in_executor(self._threads, exchange)
        reply.add_done_callback(lambda f: f.cancelled() or f.exception())  # seen, if late
        deadline = loop.time() + timeout
        try:
            while True:
                left = deadline - loop.time()
                try:
                    ok, value = await asyncio.wait_for(
                        asyncio.shield(reply), left if wanted is None else
                        max(0.0, min(left, WANTED_EVERY)))
                    break
                except TimeoutError:
                    if loop.time() >= deadline:
                        worker.kill()  # the exchange thread then ends with EOFError
                        raise JobTimeout(f"the job did not finish within {timeout:g} s; "
                                         "its worker was stopped") from None
                    if not reply.done() and not self._wanted(wanted):
                        if not self._may_stop():
                            unwanted = True  # runs on; dropped at its end if still so
                            continue
                        worker.kill()
                        self.dropped += 1
                        self.stopped += 1
                        raise JobDropped("no longer wanted; its worker was stopped") from None
        except asyncio.CancelledError:
            worker.kill()
            raise
        except (EOFError, OSError, ValueError):
            worker.kill()
            if self._closed:
                raise PoolClosed("the server is shutting down") from None
            raise WorkerDied("the worker process died during the job") from None
        if unwanted and not self._wanted(wanted):
            self.dropped += 1
            raise JobDropped("no longer wanted; it ran to its end, its answer not used")
        if not ok:
            raise JobFailed(value)
        return value

    def pids(self) -> list[int]:
        """Process ids of the live worker processes."""
        return [w.proc.pid for w in self._procs if w.alive()]

    def close(self) -> None:
        """Kill every worker process; pending jobs fail."""
        self._closed = True
        for jobs in self._waiting.values():
            for _, _, fut, _ in jobs:
                if not fut.done():
                    fut.set_exception(PoolClosed("the server is shutting down"))
        self._waiting.clear()
        self._passed.clear()
        for w in list(self._procs):
            w.kill()
        self._procs.clear()
        self._threads.shutdown(wait=False, cancel_futures=True)
