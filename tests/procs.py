"""Processes seen through /proc (Linux), and waiting for a condition."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path


def children_of(pid: int) -> set[int]:
    """The process ids whose parent is ``pid``."""
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.add(int(stat.parent.name))
    return out


def wait_until(condition, what: str | Callable[[], str], limit: float = 60.0) -> None:
    """Poll ``condition`` until it holds; fail with ``what`` (or what it returns, read only
    then: a log, say) after ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, what() if callable(what) else what
        time.sleep(0.05)
