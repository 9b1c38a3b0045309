"""docs/research.md's and the README's Python examples run as written (and the results
the README's comments show are what they return), and the self-play training example
runs with a tiny budget."""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import io
import re
import shlex
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
README = ROOT / "README.md"
README_BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
README_SKIPPED: dict[int, str] = {}
"""README Python blocks (1-based) not run here, each with why: only blocks that take long
may be skipped.  None do today (all of them run in a few seconds)."""


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


RECORDS_BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "records.md").read_text(), re.S)


@pytest.mark.parametrize("index", range(len(RECORDS_BLOCKS)))
def test_records_doc_example_runs(index, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # it writes game.json
    scope: dict = {}
    exec(compile(RECORDS_BLOCKS[index], f"records.md block {index + 1}", "exec"), scope)
    assert scope["record"].final_state().history() == ["d4 TR cw"]


def test_selfplay_example_runs_with_a_tiny_budget():
    path = ROOT / "benchmarks" / "research_selfplay.py"
    spec = importlib.util.spec_from_file_location("research_selfplay", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with contextlib.redirect_stdout(io.StringIO()):
        result = module.main(["--seconds", "1", "--eval", "10", "--out", ""])
    assert result["training"]["games"] > 0
    assert result["trained_vs_random"]["games"] == 10


# -- the README ----------------------------------------------------------------------------

def shown_result(comment: str):
    """The value a README comment shows for its line's expression (``# 2339 (…)``,
    ``# {"wins": [6048, 3952], …}`` written out in full), or None when the comment is
    words, a sketch with ``...`` or not a Python literal."""
    text = comment.lstrip("#").strip()
    for candidate in (text, text.split(" (")[0]):
        try:
            return (ast.literal_eval(candidate),)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            continue
    return None


def run_checking_results(source: str, name: str) -> int:
    """Run ``source`` statement by statement in one namespace; where a lone expression's
    line ends in a comment that is a Python literal, the expression must equal it.
    Returns how many results were checked."""
    comments = {tok.start[0]: tok.string for tok in tokenize.generate_tokens(
        io.StringIO(source).readline) if tok.type == tokenize.COMMENT}
    tree = ast.parse(source, name)
    last_on_line = {}
    for stmt in tree.body:
        last_on_line[stmt.end_lineno] = stmt
    namespace: dict = {}
    checked = 0
    for stmt in tree.body:
        shown = None
        if (isinstance(stmt, ast.Expr) and last_on_line[stmt.end_lineno] is stmt
                and stmt.end_lineno in comments):
            shown = shown_result(comments[stmt.end_lineno])
        if shown is None:
            exec(compile(ast.Module([stmt], []), name, "exec"), namespace)
            continue
        got = eval(compile(ast.Expression(stmt.value), name, "eval"), namespace)
        assert got == shown[0], (f"{name}, line {stmt.lineno}: "
                                 f"{ast.get_source_segment(source, stmt)} gives {got!r}, "
                                 f"the README says {shown[0]!r}")
        checked += 1
    return checked


def test_the_readme_has_its_python_examples():
    assert len(README_BLOCKS) >= 3
    text = "\n".join(README_BLOCKS)
    for needle in ("load_game", "legal_actions", "actions_complete", "ISMCTSBot",
                   "solve_moves", "random_playouts", "pyspiel"):
        assert needle in text


@pytest.mark.parametrize("index", range(len(README_BLOCKS)))
def test_readme_example_runs_and_shows_what_it_returns(index):
    if index + 1 in README_SKIPPED:
        pytest.skip(README_SKIPPED[index + 1])
    with contextlib.redirect_stdout(io.StringIO()):
        run_checking_results(README_BLOCKS[index], f"README.md python block {index + 1}")


def test_the_readme_shows_results_that_are_checked():
    """The checker above compares something: the results the README writes out in full."""
    checked = 0
    with contextlib.redirect_stdout(io.StringIO()):
        for index, block in enumerate(README_BLOCKS):
            if index + 1 not in README_SKIPPED and "random_playouts(10_000" in block:
                checked += run_checking_results(block, f"README.md python block {index + 1}")
    assert checked >= 2  # the Pentomino playouts and the 6x10 puzzle's count


def test_the_checker_catches_a_result_that_drifted():
    with pytest.raises(AssertionError, match="the README says"):
        run_checking_results("x = [1, 2]\nx   # [1, 3]\n", "example")
    assert run_checking_results("x = 2\nx   # 2 (two)\nx   # two, sketched ...\n", "ok") == 1


def readme_solve_pentago_lines() -> list[list[str]]:
    """The README's ``pentarena solve pentago`` command lines that name a position (not
    a file the reader would have), as arguments."""
    out = []
    for block in re.findall(r"```sh\n(.*?)```", README.read_text(), re.S):
        for line in block.splitlines():
            if line.startswith("pentarena solve pentago ") and ".json" not in line:
                out.append(shlex.split(line, comments=True)[1:])
    return out


@pytest.mark.parametrize("args", readme_solve_pentago_lines())
def test_readme_solve_pentago_lines_work_as_written(args, capsys):
    from pentarena.cli import main

    assert main(args) == 0, capsys.readouterr().out
    assert "with perfect play" in " ".join(capsys.readouterr().out.split())


def test_readme_shows_solve_pentago_with_moves():
    assert any("--moves" in args for args in readme_solve_pentago_lines())
