"""uvicorn logs a warning for every request that is not HTTP ("Invalid HTTP request
received.") and for every request asking to upgrade to anything but a WebSocket
("Unsupported upgrade request."): a client sending such requests in a loop writes a log line
per request, and fills the disk or buries what matters.  A :class:`Quieted` filter counts
one such warning and lets one line through per ``every`` seconds, saying how many it held
back; :data:`INVALID_REQUESTS` also feeds ``/metrics``
(``pentarena_invalid_requests_total``)."""

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
