"""docs/research.md's examples run as written, and the self-play training example runs
with a tiny budget."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


def test_the_doc_has_its_examples():
    assert len(BLOCKS) >= 4
    text = "\n".join(BLOCKS)
    for needle in ("mcts.MCTSBot", 'pz.env("pentic"', "random_playouts", "SingleAgentEnv"):
        assert needle in text


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_example_runs(index):
    with contextlib.redirect_stdout(io.StringIO()) as out:
        exec(compile(BLOCKS[index], f"{DOC.name} block {index + 1}", "exec"), {})
    assert out.getvalue()


def test_selfplay_example_runs_with_a_tiny_budget():
    path = ROOT / "benchmarks" / "research_selfplay.py"
    spec = importlib.util.spec_from_file_location("research_selfplay", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with contextlib.redirect_stdout(io.StringIO()):
        result = module.main(["--seconds", "1", "--eval", "10", "--out", ""])
    assert result["training"]["games"] > 0
    assert result["trained_vs_random"]["games"] == 10
