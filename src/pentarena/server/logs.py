"""Logging for the server and workers: plain lines, or one JSON object per line
(``--log-format json``) for log collectors."""

from __future__ import annotations

import json
import logging
import sys
import time


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out = {"time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
               + f".{int(record.msecs):03d}Z",
               "level": record.levelname.lower(), "logger": record.name,
               "message": record.getMessage()}
        for key in ("table", "instance", "seat", "version"):
            if hasattr(record, key):
                out[key] = getattr(record, key)
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out)


def setup_logging(fmt: str = "text", level: int = logging.INFO) -> None:
    """Send pentarena's logs, and the warnings of the libraries under it (uvicorn's: run it
    with ``log_config=None`` so it keeps these), to stderr as text lines or JSON objects."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else
                         logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for name in ("pentarena", "saq", "uvicorn"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level if name == "pentarena" else logging.WARNING)
        logger.propagate = False
