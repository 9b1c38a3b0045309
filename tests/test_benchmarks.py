"""Every benchmark script still runs (``make bench`` runs them for hours): each in its
quickest mode — a few games, tiny time budgets, one round, ``--smoke`` for the proofs —
as a subprocess, exit status 0 and its figures printed.  Figures are saved to a temporary
directory ($PENTARENA_BENCH_RESULTS), never to benchmarks/results/."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"

# (script, arguments, a line it prints when it has run through); {tmp}: the test's directory
CASES = [
    ("pentup_speed.py", ["--games", "2", "--core-games", "20", "--rounds", "1"],
     "target (c) 2 players"),
    ("pentup_differential.py", ["--games", "2"], "all equal"),
    ("pentup_search.py", ["all", "--games", "2", "--rounds", "1", "--seconds", "0.05",
                          "--jobs", "1", "--pairs", "easy:random,hard@0.01:reference-hard@0.01"],
     "saved"),
    ("pentup_search.py", ["instructions", "--iterations", "10"], "instructions an iteration"),
    ("pentago_speed.py", ["--games", "2", "--core-games", "20", "--rounds", "1"],
     "random_playouts() in the core"),
    ("pentago_differential.py", ["--games", "2"], "all equal"),
    ("pentago_solver.py", ["--empty", "10", "--positions", "1", "--threads", "1", "2",
                           "--won", "1"], "position 1:"),
    ("pentago_levels.py", ["--pairs", "easy:random", "--games", "2"], "easy v random: "),
    ("pentago_fit.py", ["{tmp}/labels.txt", "--held-out", "{tmp}/held.txt"],
     "in the hand-set units"),
    ("pentomino_speed.py", ["--rounds", "1", "--games", "40", "--core-games", "20",
                            "--runs", "1"], "import pentarena"),
    ("pentomino_differential.py", ["--games", "2", "--walks", "2"], "all equal"),
    ("pentomino_levels.py", ["--games", "1", "--perfect-games", "1", "--pairs", "easy:random"],
     "perfect (first) v hard: "),
    ("golomb_proof.py", ["--smoke"], "proved: True"),
    ("draft_proof.py", ["--smoke"], "smoke_proved_again:"),
    ("draft_proof.py", ["--smoke", "--verify"], "disagreeing: []"),
    ("draft_proof.py", ["--smoke", "--answers"], "first_placements:"),
    ("draft_proof.py", ["--smoke", "--simulate", "1"], "guided by the prior:"),
    ("pentic_speed.py", ["--games", "2", "--reference-games", "1", "--core-games", "20",
                         "--rounds", "1"], "policy_playouts() in the core"),
    ("pentic_differential.py", ["--games", "2", "--jobs", "1"], "all equal"),
    ("pentic_levels.py", ["--pairs", "easy:random", "python-search@0.005:easy", "--games", "2"],
     "python-search@0.005 v easy: "),
    ("server_load.py", ["--tables", "2", "--spectators", "1", "--seconds", "3", "--warmup", "1",
                        "--slow-backlog", "5", "--computer-tables", "1"], "computer reply p50 ms"),
    ("busy_evening.py", ["--tables", "2", "--greedy-tabs", "1", "--seconds", "6", "--watched",
                         "1", "--spectators", "1", "--no-analyse"], "busy evening measured"),
    ("cluster_soak.py", ["--minutes", "0.2", "--port", "0", "--instances", "2", "--workers",
                         "1", "--kill-every", "4", "6", "--people", "1", "--calm-bound", "60"],
     "violations: 0"),
    ("pentup_3d_view.py", ["--quick"], "3d view redraws measured"),
    ("page_load.py", ["--quick"], "page loads measured"),
    ("research_speed.py", ["--seconds", "0.01"], "OpenSpiel's own pentago"),
    ("research_memory.py", ["--scale", "0.001"], "memory measured"),
    ("research_selfplay.py", ["--seconds", "0.5", "--eval", "2", "--out", "{tmp}/selfplay.json"],
     "trained_vs_random"),
    *(("strength.py", [game, "--games", "2", "--seconds", "0.02"], f"{game} strength")
      for game in ("pentup", "pentago", "pentomino", "pentic")),
    ("strength.py", ["pentago", "--level", "hard", "--against", "openspiel", "--games", "2",
                     "--seconds", "0.02", "--ratio", "4"], "hard v OpenSpiel MCTS (4x time)"),
    # the portable wheel's smoke, in this interpreter (make bench builds the wheel: minutes)
    ("wheel_check.py", ["smoke"], "smoke: ok"),
]


def labels(path: Path) -> None:
    """A ``pentago_labels`` output (``root N value`` lines, then ``white black to_move
    value wins score``) made of the held-out positions in native/data, 10 a root."""
    lines = []
    for i, row in enumerate((ROOT / "native/data/pentago_labels.txt").read_text().splitlines()):
        if i % 10 == 0:
            lines.append(f"root {i // 10} 0")
        lines.append(f"{row} 0 0")
    path.write_text("\n".join(lines) + "\n")


def git_status(*paths: Path) -> str | None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        return None
    return subprocess.run(["git", "status", "--porcelain", "--", *map(str, paths)], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout


def test_every_script_is_run() -> None:
    """Each script of benchmarks/ has a case here, and run_all.py runs only scripts that
    exist."""
    scripts = {p.name for p in BENCH.glob("*.py")} - {"common.py", "run_all.py"}
    assert scripts == {script for script, _, _ in CASES}
    tree = ast.parse((BENCH / "run_all.py").read_text())
    listed = {node.value for node in ast.walk(tree)
              if isinstance(node, ast.Constant) and str(node.value).endswith(".py")}
    assert listed and listed <= scripts


SAFETY_NET = 280
"""Seconds after which a run that never ends fails (not a measure: it ends as soon as it
is done), with its output; under pytest's own limit (300 s).  The valgrind counts (four
runs of 12 s of CPU, one after another) took 126 s at a load average of 20 on two cores,
past the two minutes this was."""


@pytest.mark.parametrize(("script", "args", "expected"), CASES,
                         ids=[" ".join([s[:-3], *a[:4]]).replace("{tmp}/", "")
                              for s, a, _ in CASES])
def test_benchmark_runs(script: str, args: list[str], expected: str, tmp_path: Path) -> None:
    # the results, and the books and tables the proofs write, stay as committed
    watched = (BENCH / "results", ROOT / "src/pentarena/games/pentomino")
    before = git_status(*watched)
    if script == "pentago_fit.py":
        labels(tmp_path / "labels.txt")
    env = {**os.environ, "PENTARENA_BENCH_RESULTS": str(tmp_path / "results"),
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, str(BENCH / script),
                          *(a.replace("{tmp}", str(tmp_path)) for a in args)],
                         cwd=BENCH, env=env, capture_output=True, text=True,
                         timeout=SAFETY_NET)
    assert run.returncode == 0, f"{script} {args}:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    assert expected in run.stdout, run.stdout[-3000:]
    assert git_status(*watched) == before


@pytest.mark.parametrize("script", sorted(p.name for p in BENCH.glob("*.py")
                                          if p.name != "common.py"))
def test_help_runs_nothing(script: str, tmp_path: Path) -> None:
    """``--help`` says how to run the script and runs nothing (run_all.py's would have
    started the whole of make bench)."""
    env = {**os.environ, "PENTARENA_BENCH_RESULTS": str(tmp_path / "results"),
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, str(BENCH / script), "--help"], cwd=BENCH, env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "usage" in run.stdout.lower() or script == "wheel_check.py", run.stdout
    assert "== " not in run.stdout and not (tmp_path / "results").exists()
