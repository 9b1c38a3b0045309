"""Prometheus metrics of one server instance (``GET /metrics``): moves, their round trip
inside the server, connections, and the computer-move queue."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily

from .quietlog import INVALID_REQUESTS

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


class Metrics:
    """One registry per app, so several apps (tests) never clash."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.moves = Counter("pentarena_moves", "Moves stored by this instance", ["by"],
                             registry=r)
        self.move_seconds = Histogram(
            "pentarena_move_seconds", "From receiving a move to sending the new state",
            buckets=(.005, .01, .025, .05, .1, .25, .5, 1, 2.5), registry=r)
        self.refused = Counter("pentarena_refused", "Refused client messages", ["code"],
                               registry=r)
        self.connections = Gauge("pentarena_connections", "Open WebSocket connections",
                                 registry=r)
        self.tables = Gauge("pentarena_tables", "Tables in memory", ["status"], registry=r)
        self.jobs = Gauge("pentarena_jobs", "Jobs on this instance's worker pool", ["state"],
                          registry=r)
        self.unwanted = Gauge(
            "pentarena_jobs_unwanted", "Jobs of this instance's worker pool no longer wanted "
            "since it started: dropped before they ran, or stopped (their process replaced)",
            ["how"], registry=r)
        self.queue = Gauge("pentarena_queue", "Computer moves waiting on the Redis queues",
                           ["queue"], registry=r)
        r.register(_InvalidRequests())

    def render(self) -> bytes:
        return generate_latest(self.registry)


class _InvalidRequests:
    """``pentarena_invalid_requests_total``: requests that were not HTTP (answered 400,
    logged at most once a minute: see :mod:`.quietlog`)."""

    def collect(self):  # type: ignore[no-untyped-def]
        yield CounterMetricFamily("pentarena_invalid_requests",
                                  "Requests that were not valid HTTP (answered 400)",
                                  value=INVALID_REQUESTS.total)
