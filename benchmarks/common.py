"""Shared helpers for the benchmark scripts: timing, machine line, JSON results."""

from __future__ import annotations

import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent / "src"))

RESULTS = Path(os.environ.get("PENTARENA_BENCH_RESULTS") or ROOT / "results")
"""Where the figures are saved: benchmarks/results/, or $PENTARENA_BENCH_RESULTS (the smoke
tests, tests/test_benchmarks.py, point it at a temporary directory)."""


def smoke_results(*names: str, keep=lambda name, line: True) -> Path:
    """``--smoke``: a temporary directory made the results directory, holding copies of
    the committed files ``names`` (checkpoints; ``keep(name, line)``: the lines kept), so
    that the run reads and writes those and saves its figures there, never in
    benchmarks/results/.  The directory."""
    global RESULTS
    if RESULTS.resolve() != (ROOT / "results").resolve():  # $PENTARENA_BENCH_RESULTS
        tmp = RESULTS
        tmp.mkdir(parents=True, exist_ok=True)
    else:
        tmp = Path(tempfile.mkdtemp(prefix="pentarena-bench-smoke-"))
    print(f"smoke run in {tmp}", flush=True)
    for name in names:
        source = ROOT / "results" / name
        if source.exists():
            (tmp / name).write_text("".join(line for line in source.read_text().splitlines(True)
                                            if keep(name, line)))
    RESULTS = tmp
    return tmp


def machine() -> str:
    return (f"{platform.python_implementation()} {platform.python_version()} on "
            f"{platform.machine()}, {os.cpu_count()} cores")


def timed(fn, *args, **kwargs):
    start = time.perf_counter()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - start


def save(name: str, data: dict) -> None:
    RESULTS.mkdir(parents=True, exist_ok=True)
    data = {"machine": machine(), "date": time.strftime("%Y-%m-%d"), **data}
    (RESULTS / f"{name}.json").write_text(json.dumps(data, indent=2) + "\n")


def save_entry(name: str, key: str, entry: dict) -> dict:
    """Replace one entry of the results file ``name`` (read again first: another run may
    have saved other entries meanwhile), keep the others; the entries."""
    path = RESULTS / f"{name}.json"
    out = json.loads(path.read_text()) if path.exists() else {}
    out.pop("machine", None)
    out.pop("date", None)
    out[key] = entry
    save(name, out)
    return out


def random_playouts(game, games: int, seed: int) -> float:
    """Games per second of seeded random play through the public API
    (``legal_moves()`` + ``random.choice`` + ``apply()`` at every ply)."""
    import random

    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
    return games / (time.perf_counter() - start)
