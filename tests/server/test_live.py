"""Worker processes never outlive the server (SIGKILL, or SIGTERM while a computer thinks)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from tests.procs import children_of, wait_until


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def thinking_server(server_process) -> set[int]:
    """Start a computer thinking (Pent-Up's expert, 5 s on the empty table) and return its
    worker pids."""
    server_process.create({"game": "pentup", "seats": [{"kind": "computer", "level": "expert"},
                                                       {"kind": "me"}]})
    pid = server_process.proc.pid
    wait_until(lambda: server_process.get("/api/health")["jobs"]["running"] == 1,
               "the computer starts thinking")
    workers = children_of(pid)
    assert workers
    return workers


def test_workers_die_when_the_server_is_killed(server_process):
    workers = thinking_server(server_process)
    os.kill(server_process.proc.pid, signal.SIGKILL)  # the server only, not its group
    server_process.proc.wait(10)
    wait_until(lambda: not any(alive(w) for w in workers), "the workers die with the server")


def test_workers_die_when_the_server_is_stopped_while_a_computer_thinks(server_process):
    workers = thinking_server(server_process)
    os.kill(server_process.proc.pid, signal.SIGTERM)
    server_process.proc.wait(30)
    wait_until(lambda: not any(alive(w) for w in workers), "the workers stop with the server")


def test_the_workers_are_started_and_warm_before_the_first_hint(server_process):
    """The first hint should not wait for a worker process to start and load the solver."""
    wait_until(lambda: children_of(server_process.proc.pid)
               and server_process.get("/api/health")["jobs"]["running"] == 0,
               "a warm worker waits before anyone asks")


def test_table_sockets_are_not_compressed(server_process):
    """permessage-deflate is declined: a seat's frame holds its hand beside names an
    opponent chooses (``/name``), and compressed sizes would tell whether they share
    letters with it — the CRIME attack on secrets compressed with chosen text."""
    from websockets.sync.client import connect

    t = server_process.create({"game": "pentic"})
    with connect(f"{server_process.ws}/ws/{t['id']}?token={t['you']['token']}",
                 compression="deflate", open_timeout=30) as ws:
        assert ws.response.headers.get("Sec-WebSocket-Extensions") is None
        assert "hand" in ws.recv(timeout=30)
