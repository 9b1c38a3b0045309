"""The portable wheel (``make wheel``): abi3 for CPython >= 3.11, manylinux2014 (glibc >=
2.17) x86_64, whatever glibc the machine that builds it has.

    wheel_check.py verify WHEEL   make wheel's own check: exit 1 unless the name's tags are
                                  cp311-abi3-manylinux_2_17_x86_64 (and its manylinux2014
                                  alias), the WHEEL file says the same, and
                                  `auditwheel show --json` finds no symbol of a glibc newer
                                  than 2.17, no library from outside the wheel and no
                                  instruction set beyond the tag's
    wheel_check.py smoke WHEEL    install WHEEL (not editable) into a fresh virtual
                                  environment, import pentarena._native from there, play a
                                  few moves of every game, run `pentarena --help`
    wheel_check.py smoke          the same smoke in this interpreter (tests/test_benchmarks.py)
    wheel_check.py                make bench: a cold `make wheel` (its own cargo target
                                  directory, a temporary dist/), timed; the wheel's size;
                                  verify; smoke.  Results: benchmarks/results/wheel.json
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

COMPAT = "manylinux2014"              # the Makefile's WHEEL_COMPAT (maturin --compatibility)
GLIBC = (2, 17)                       # what manylinux2014 allows at most
PLATFORMS = {"manylinux_2_17_x86_64", "manylinux2014_x86_64"}   # PEP 600 name, its alias
PYTHON_TAG, ABI_TAG = "cp311", "abi3"

SMOKE = r'''
import random, sys
import pentarena, pentarena._native as native
print("native:", native.__file__)
print("version:", pentarena.__version__)
for info in pentarena.list_games():
    state = pentarena.load_game(info["name"]).new_initial_state(seed=1)
    engine = [c.__name__ for c in type(state).__mro__ if c.__module__ == "pentarena._native"]
    assert engine, f"{info['name']}: no native engine under {type(state).__mro__}"
    rng = random.Random(1)
    for _ in range(6):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_moves()))
    state = state.game.state_from_json(state.to_json())
    print(f"{info['name']}: {engine[0]}, {len(state.history())} moves:",
          " ".join(str(move) for move in state.history())[:60])
out = pentarena.load_game("pentago").new_initial_state().random_playouts(200, seed=1)
assert sum(out["wins"]) + out["draws"] == 200, out
print("pentago random_playouts(200) in Rust:", out)
count = pentarena.load_game("pentomino-puzzle", region="3x20").count_solutions().count
assert count == 2, count
print("pentomino-puzzle 3x20 solutions:", count)
print("smoke: ok")
'''


def wheel_tags(name: str) -> tuple[str, str, set[str]]:
    """A wheel file name's python tag, ABI tag and platform tags."""
    parts = name.removesuffix(".whl").split("-")
    if len(parts) not in (5, 6) or not name.endswith(".whl"):
        raise ValueError(f"not a wheel file name: {name}")
    return parts[-3], parts[-2], set(parts[-1].split("."))


def glibc_of(tag: str) -> tuple[int, int] | None:
    """The glibc a manylinux platform tag needs (``manylinux2014`` = 2.17)."""
    legacy = {"manylinux1": (2, 5), "manylinux2010": (2, 12), "manylinux2014": (2, 17)}
    if m := re.fullmatch(r"manylinux_(\d+)_(\d+)_\w+", tag):
        return int(m[1]), int(m[2])
    if m := re.fullmatch(r"(manylinux\d+)_\w+", tag):
        return legacy.get(m[1])
    return None


def name_problems(name: str) -> list[str]:
    """What is wrong with a wheel file name for the portable wheel (nothing: [])."""
    python, abi, platforms = wheel_tags(name)
    problems = []
    if (python, abi) != (PYTHON_TAG, ABI_TAG):
        problems.append(f"tags {python}-{abi}, not {PYTHON_TAG}-{ABI_TAG}")
    if platforms != PLATFORMS:
        problems.append(f"platform tags {sorted(platforms)}, not {sorted(PLATFORMS)}")
    return problems


def max_glibc(report: dict) -> tuple[int, ...]:
    """The newest ``GLIBC_x.y`` symbol version the wheel's libraries need, from
    ``auditwheel show --json``."""
    versions = [tuple(int(n) for n in v.removeprefix("GLIBC_").split("."))
                for needed in report["versioned_symbols"].values() for v in needed
                if v.startswith("GLIBC_")]
    return max(versions, default=(0,))


def audit_problems(report: dict) -> list[str]:
    """What ``auditwheel show --json`` finds against manylinux2014 (nothing: [])."""
    problems = []
    for key in ("overall_tag", "sym_tag"):
        needs = glibc_of(report[key])
        if needs is None or needs > GLIBC or not report[key].endswith("_x86_64"):
            problems.append(f"auditwheel's {key} is {report[key]}: needs more than glibc "
                            f"{GLIBC[0]}.{GLIBC[1]} x86_64")
    newest = max_glibc(report)
    if newest > GLIBC:
        problems.append(f"a symbol needs GLIBC_{'.'.join(map(str, newest))}")
    if report["external_libs"]:
        problems.append(f"needs libraries from outside the wheel: {report['external_libs']}")
    if report.get("unsupported_isa"):
        problems.append("needs an instruction set beyond the platform tag's")
    if report.get("pure"):
        problems.append("a pure-Python wheel: no native core")
    return problems


def audit(wheel: Path) -> dict:
    run = subprocess.run([sys.executable, "-m", "auditwheel", "show", "--json", str(wheel)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"auditwheel show failed on {wheel}:\n{run.stdout}{run.stderr}")
    return json.loads(run.stdout)


def verify(wheel: Path) -> dict:
    """make wheel's check: exits with the problems, or the figures."""
    problems = name_problems(wheel.name)
    with zipfile.ZipFile(wheel) as zf:
        meta = next(n for n in zf.namelist() if n.endswith(".dist-info/WHEEL"))
        tags = {line.split(":", 1)[1].strip()
                for line in zf.read(meta).decode().splitlines() if line.startswith("Tag:")}
        native = [n for n in zf.namelist() if re.fullmatch(r"pentarena/_native\..*so", n)]
    expected = {f"{PYTHON_TAG}-{ABI_TAG}-{platform}" for platform in PLATFORMS}
    if tags != expected:
        problems.append(f"{meta}'s tags {sorted(tags)}, not {sorted(expected)}")
    if native != ["pentarena/_native.abi3.so"]:
        problems.append(f"native modules {native}, not pentarena/_native.abi3.so")
    report = audit(wheel)
    problems += audit_problems(report)
    newest = ".".join(map(str, max_glibc(report)))
    print(f"{wheel.name}: {wheel.stat().st_size / 1e6:.2f} MB")
    print(f"auditwheel: {report['overall_tag']}; newest symbol version GLIBC_{newest}")
    if problems:
        sys.exit(f"NOT a portable {COMPAT} wheel: {wheel}\n  " + "\n  ".join(problems))
    print(f"verified: {PYTHON_TAG}-{ABI_TAG}, {COMPAT} (glibc >= {GLIBC[0]}.{GLIBC[1]}) x86_64")
    return {"wheel": wheel.name, "bytes": wheel.stat().st_size,
            "auditwheel_tag": report["overall_tag"], "max_glibc_symbol": f"GLIBC_{newest}"}


def run(cmd: list[str], **kwargs) -> str:
    out = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if out.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{out.stdout[-3000:]}{out.stderr[-3000:]}")
    return out.stdout


def smoke(wheel: Path | None) -> dict:
    """The smoke in a fresh virtual environment with ``wheel`` installed, or (None) in this
    interpreter."""
    if wheel is None:
        print(run([sys.executable, "-c", SMOKE]), end="")
        print(run([sys.executable, "-m", "pentarena", "--help"]).splitlines()[0])
        return {}
    with tempfile.TemporaryDirectory(prefix="pentarena-wheel-") as tmp:
        venv = Path(tmp) / "venv"
        # no PYTHONPATH, and run from the temporary directory: only the installed wheel
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
        start = time.perf_counter()
        run([sys.executable, "-m", "venv", str(venv)], env=env)
        run([str(venv / "bin/python"), "-m", "pip", "install", "-q", str(wheel.resolve())],
            env=env, cwd=tmp)
        installed = time.perf_counter() - start
        out = run([str(venv / "bin/python"), "-I", "-c", SMOKE], env=env, cwd=tmp)
        print(out, end="")
        native = Path(re.search(r"^native: (.*)$", out, re.M)[1]).resolve()
        if not native.is_relative_to(venv.resolve()):
            sys.exit(f"pentarena._native came from {native}, not the fresh environment {venv}")
        usage = run([str(venv / "bin/pentarena"), "--help"], env=env, cwd=tmp)
        if not usage.startswith("usage: pentarena"):
            sys.exit(f"pentarena --help printed:\n{usage}")
        print(usage.splitlines()[0])
        print(f"smoke: installed in a fresh venv ({installed:.0f} s with its dependencies), "
              "imported from there, every game played")
        return {"fresh_venv_install_s": round(installed, 1)}


def bench() -> None:
    from common import machine, save

    print(machine(), flush=True)
    with tempfile.TemporaryDirectory(prefix="pentarena-wheel-") as tmp:
        env = {**os.environ, "CARGO_TARGET_DIR": str(Path(tmp) / "target")}
        start = time.perf_counter()
        build = subprocess.run(["make", "--no-print-directory", "wheel", f"DIST={tmp}/dist"],
                               cwd=ROOT, env=env)
        seconds = time.perf_counter() - start
        if build.returncode != 0:
            sys.exit("make wheel failed")
        (wheel,) = Path(tmp, "dist").glob("pentarena-*.whl")
        print(f"cold make wheel: {seconds:.0f} s")
        figures = {"cold_build_s": round(seconds, 1), **verify(wheel), **smoke(wheel)}
    save("wheel", figures)
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["verify"] and len(args) == 2:
        verify(Path(args[1]))
    elif args[:1] == ["smoke"] and len(args) <= 2:
        smoke(Path(args[1]) if len(args) == 2 else None)
    elif not args:
        bench()
    elif args[:1] in (["-h"], ["--help"]):
        print(__doc__)
    else:
        sys.exit(__doc__)
