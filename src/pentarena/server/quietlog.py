"""uvicorn logs a warning for every request that is not HTTP ("Invalid HTTP request
received.") and for every request asking to upgrade to anything but a WebSocket
("Unsupported upgrade request."): a client sending such requests in a loop writes a log line
per request, and fills the disk or buries what matters.  A :class:`Quieted` filter counts
one such warning and lets one line through per ``every`` seconds, saying how many it held
back; :data:`INVALID_REQUESTS` also feeds ``/metrics``
(``pentarena_invalid_requests_total``).

Redis out of reach is the same flood in another form: every call to it fails (the event
bus's reconnections, each event published, each computer move queued, SAQ's loops in a
worker, each with its traceback).  An :class:`Outage` says it once, reminds once a minute
and says when it is over; :class:`RedisErrors` hands it SAQ's tracebacks of that kind."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

UVICORN_MESSAGE = "Invalid HTTP request received."
UVICORN_UPGRADE = "Unsupported upgrade request."


class Quieted(logging.Filter):
    """A filter for uvicorn's logger: counts the warnings whose text is ``message``, and
    passes at most one every ``every`` seconds, as ``text`` (with how many were held back
    since the previous one)."""

    def __init__(self, message: str, text: str, every: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.message, self.text = message, text
        self.every = every
        self.clock = clock
        self.total = 0
        self._held = 0
        self._next: float | None = None
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() != self.message:
            return True
        with self._lock:
            self.total += 1
            now = self.clock()
            if self._next is not None and now < self._next:
                self._held += 1
                return False
            self._next = now + self.every
            held, self._held = self._held, 0
        record.msg = self.text + " (%d more since the last such line; at most one every %g s)"
        record.args = (held, self.every)
        return True

    def install(self, logger: logging.Logger) -> None:
        """Filter ``logger`` (once however often it is asked)."""
        if self not in logger.filters:
            logger.addFilter(self)


INVALID_REQUESTS = Quieted(UVICORN_MESSAGE, "a request that is not valid HTTP was received "
                           "and answered 400 (pentarena_invalid_requests_total in /metrics "
                           "counts them all)")
UNSUPPORTED_UPGRADES = Quieted(UVICORN_UPGRADE, "a request asked to upgrade to a protocol "
                               "other than WebSocket; it was answered as plain HTTP")
"""The filters of the process (every app and protocol class counts here)."""
QUIETED = (INVALID_REQUESTS, UNSUPPORTED_UPGRADES)


def redis_unreachable(exc: BaseException) -> bool:
    """Whether ``exc`` says Redis could not be reached (refused, reset, timed out, still
    loading its data): an outage, said by :class:`Outage`, not a fault of the code."""
    if isinstance(exc, (OSError, TimeoutError)):  # (ConnectionError is an OSError)
        return True
    try:
        from redis.exceptions import ConnectionError as Refused
        from redis.exceptions import TimeoutError as TimedOut
    except ImportError:  # (the cluster extra is not installed: nothing uses Redis)
        return False
    return isinstance(exc, (Refused, TimedOut))


class Outage:
    """A service the process needs (Redis) going away and coming back, said in the log once
    each way instead of once per failed call: the first failure logs ``down`` (what still
    works and what waits) with the error; failures while it stays away log at most one
    reminder every ``every`` seconds (for how long, how many failures); the first success
    after them logs that it is back (after how long, how many failures in all)."""

    def __init__(self, logger: logging.Logger, down: str, back: str, every: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.log, self.down, self.back = logger, down, back
        self.every = every
        self.clock = clock
        self.outages = 0
        """Times it went away (since the start)."""
        self.since: float | None = None
        """When the current outage began (None: Redis answers)."""
        self._failures = 0
        self._next = 0.0
        self._lock = threading.Lock()

    @property
    def away(self) -> bool:
        return self.since is not None

    @property
    def failures(self) -> int:
        """Failed calls in the current outage (or the last one)."""
        return self._failures

    def failed(self, exc: BaseException | str) -> None:
        """A call to it failed because it is out of reach (``exc``: why)."""
        with self._lock:
            now = self.clock()
            self._failures += 1
            if self.since is None:
                self.since, self._failures, self._next = now, 1, now + self.every
                self.outages += 1
                self.log.warning("Redis is unreachable (%s): %s", exc, self.down)
                return
            if now < self._next:
                return
            self._next = now + self.every
            away, failures = now - self.since, self._failures
        self.log.warning("Redis is still unreachable after %.0f s (%d failed calls so far; the "
                         "last: %s); at most one such line every %g s", away, failures, exc,
                         self.every)

    def ok(self) -> None:
        """A call to it succeeded."""
        if self.since is None:  # (the usual case: no lock taken)
            return
        with self._lock:
            if self.since is None:
                return
            away, failures = self.clock() - self.since, self._failures
            self.since = None
        self.log.warning("Redis answers again after %.0f s away (%d failed calls meanwhile): "
                         "%s", away, failures, self.back)


class RedisErrors(logging.Filter):
    """A filter for SAQ's logger (``saq``) in a worker: its loops (upkeep, heartbeats, taking
    jobs) log a traceback per failed call while Redis is away — those are told to
    ``outage`` instead, as is its warning about tasks slow to stop when the worker stops
    them for the outage.  Any other error passes, traceback and all."""

    SLOW_STOP = "Some tasks did not finish"

    def __init__(self, outage: Outage) -> None:
        super().__init__()
        self.outage = outage

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None and redis_unreachable(exc):
            self.outage.failed(exc)
            return False
        return not (self.outage.away and str(record.msg).startswith(self.SLOW_STOP))

    def install(self, logger: logging.Logger) -> None:
        if self not in logger.filters:
            logger.addFilter(self)
