"""uvicorn logs a warning for every request that is not HTTP ("Invalid HTTP request
received."): a client sending garbage in a loop writes a log line per request, and fills
the disk or buries what matters.  :data:`INVALID_REQUESTS` counts them all (``/metrics``:
``pentarena_invalid_requests_total``) and lets one line through per ``every`` seconds,
saying how many it held back."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

UVICORN_MESSAGE = "Invalid HTTP request received."


class InvalidRequests(logging.Filter):
    """A filter for uvicorn's logger: counts its invalid-request warnings, and passes at
    most one every ``every`` seconds (reworded to say how many more were received)."""

    def __init__(self, every: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every = every
        self.clock = clock
        self.total = 0
        self._held = 0
        self._next: float | None = None
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() != UVICORN_MESSAGE:
            return True
        with self._lock:
            self.total += 1
            now = self.clock()
            if self._next is not None and now < self._next:
                self._held += 1
                return False
            self._next = now + self.every
            held, self._held = self._held, 0
        record.msg = ("a request that is not valid HTTP was received and answered 400 "
                      "(%d more since the last such line; at most one every %g s; "
                      "pentarena_invalid_requests_total in /metrics counts them all)")
        record.args = (held, self.every)
        return True

    def install(self, logger: logging.Logger) -> None:
        """Filter ``logger`` (once however often it is asked)."""
        if self not in logger.filters:
            logger.addFilter(self)


INVALID_REQUESTS = InvalidRequests()
"""The one filter of the process (every app and protocol class counts here)."""
