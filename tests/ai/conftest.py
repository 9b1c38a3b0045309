"""A clock for time-limit tests: each reading advances it by a millisecond, so a test can
check that a search keeps to its time limit without measuring (or depending on) the speed
of the machine it runs on."""

from __future__ import annotations

import time

import pytest


class SteppingClock:
    def __init__(self, step: float = 0.001) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.fixture
def clock(monkeypatch) -> SteppingClock:
    fake = SteppingClock()
    monkeypatch.setattr(time, "perf_counter", fake)
    return fake
