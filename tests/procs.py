"""Processes seen through /proc (Linux), waiting for a condition, and ``pentarena``
processes (serve, worker) to kill, freeze and start again."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

HTTP = urllib.request.build_opener(urllib.request.ProxyHandler({}))
"""Loopback asked directly (no proxy from the environment)."""


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


class Proc:
    """A ``pentarena`` process (serve on ``port``, or a worker: no port) that can be
    killed, frozen and started again, its output appended to ``logs/name.log``."""

    def __init__(self, name: str, args: list[str], logs: Path, port: int | None = None):
        self.name, self.args, self.port = name, args, port
        self.log = logs / f"{name}.log"
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def launch(self) -> None:
        """Start it (:meth:`wait_ready` waits until it serves)."""
        self.starts += 1
        out = open(self.log, "a")
        out.write(f"--- start {self.starts}\n")
        out.flush()
        self.proc = subprocess.Popen([sys.executable, "-m", "pentarena.cli", *self.args],
                                     stdout=out, stderr=subprocess.STDOUT,
                                     start_new_session=True)

    def wait_ready(self, limit: float = 90) -> None:
        deadline = time.monotonic() + limit
        while not self.ready():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{self.name} did not start:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.05)

    def start(self) -> None:
        """Start it and wait until it serves."""
        self.launch()
        self.wait_ready()

    def ready(self) -> bool:
        if self.port is None:  # a worker says so in its log
            return "worker ready" in self.log.read_text().split(f"--- start {self.starts}")[-1]
        try:
            health = json.loads(HTTP.open(self.url + "/api/health", timeout=2).read())
            return health["status"] == "ok"
        except (OSError, ValueError):
            return False

    def signal(self, sig: int) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)

    def kill(self) -> None:
        self.signal(signal.SIGKILL)
        if self.proc:
            self.proc.wait(10)

    def stop(self) -> None:
        """SIGTERM (after SIGCONT: a frozen one too), SIGKILL if it has not ended in 20 s."""
        if self.proc and self.proc.poll() is None:
            self.signal(signal.SIGCONT)
            self.signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()
