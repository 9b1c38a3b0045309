"""The portable wheel's check (benchmarks/wheel_check.py, run by ``make wheel``) and the
places that must agree on its tags: the Makefile's maturin call, pyproject.toml, the
crate's abi3 feature.  Building the wheel takes a minute or more: ``make bench`` does;
tests/test_benchmarks.py runs its smoke in this interpreter."""

from __future__ import annotations

import copy
import importlib.util
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("wheel_check", ROOT / "benchmarks/wheel_check.py")
wheel_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(wheel_check)

GOOD_NAME = "pentarena-0.1.0-cp311-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl"

# `auditwheel show --json` of the wheel `make wheel` built (maturin + zig, on glibc 2.36)
GOOD_REPORT = {
    "version": 1, "wheel": GOOD_NAME, "pure": False,
    "overall_tag": "manylinux_2_17_x86_64", "sym_tag": "manylinux_2_17_x86_64",
    "pyfpe": False, "ucs2": False, "unsupported_isa": False,
    "versioned_symbols": {
        "libc.so.6": ["GLIBC_2.14", "GLIBC_2.17", "GLIBC_2.2.5", "GLIBC_2.3", "GLIBC_2.3.4"],
        "libdl.so.2": ["GLIBC_2.2.5"],
        "libm.so.6": ["GLIBC_2.2.5"],
        "libpthread.so.0": ["GLIBC_2.12", "GLIBC_2.2.5"],
    },
    "external_libs": {}, "policy_upgrades": {},
}


def test_the_built_wheel_passes() -> None:
    assert wheel_check.name_problems(GOOD_NAME) == []
    assert wheel_check.audit_problems(GOOD_REPORT) == []
    # 2.17 > 2.14 > 2.12 > 2.3.4 > 2.2.5: compared as numbers, not text
    assert wheel_check.max_glibc(GOOD_REPORT) == (2, 17)


def test_a_wheel_built_against_this_machines_glibc_fails() -> None:
    """`maturin build --release` without zig: Debian 12's symbols, manylinux_2_34."""
    report = copy.deepcopy(GOOD_REPORT)
    report["overall_tag"] = report["sym_tag"] = "manylinux_2_34_x86_64"
    report["versioned_symbols"]["libc.so.6"].append("GLIBC_2.34")
    problems = wheel_check.audit_problems(report)
    assert len(problems) == 3 and "GLIBC_2.34" in problems[2]
    assert wheel_check.name_problems(
        "pentarena-0.1.0-cp311-abi3-manylinux_2_34_x86_64.whl") != []


@pytest.mark.parametrize("change", [
    {"versioned_symbols": {"libc.so.6": ["GLIBC_2.2.5", "GLIBC_2.18"]}},  # one symbol too new
    {"overall_tag": "linux_x86_64"},                     # not manylinux at all
    {"sym_tag": "manylinux_2_17_aarch64"},
    {"external_libs": {"libgomp.so.1": "/usr/lib/libgomp.so.1"}},
    {"unsupported_isa": True},
    {"pure": True},
])
def test_each_problem_fails(change: dict) -> None:
    assert wheel_check.audit_problems({**GOOD_REPORT, **change}) != []


@pytest.mark.parametrize("name", [
    "pentarena-0.1.0-cp311-cp311-manylinux2014_x86_64.manylinux_2_17_x86_64.whl",  # not abi3
    "pentarena-0.1.0-cp312-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl",   # >= 3.12
    "pentarena-0.1.0-cp311-abi3-manylinux_2_17_x86_64.manylinux_2_28_x86_64.whl",
    "pentarena-0.1.0-cp311-abi3-linux_x86_64.whl",
])
def test_wrong_names_fail(name: str) -> None:
    assert wheel_check.name_problems(name) != []


def test_the_makefile_pyproject_and_crate_agree() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^WHEEL_COMPAT := (\S+)$", makefile, re.M)[1] == wheel_check.COMPAT
    recipe = makefile.split("\nwheel: ", 1)[1].split("\n\n", 1)[0]
    for part in ("--release", "--zig", "--compatibility $(WHEEL_COMPAT)",
                 "benchmarks/wheel_check.py verify"):
        assert part in recipe
    assert wheel_check.glibc_of(wheel_check.COMPAT + "_x86_64") == wheel_check.GLIBC
    assert {wheel_check.glibc_of(tag) for tag in wheel_check.PLATFORMS} == {wheel_check.GLIBC}

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    # cp311-abi3: the oldest CPython the package supports, and the crate's abi3 feature
    assert pyproject["project"]["requires-python"] == ">=3.11" and wheel_check.PYTHON_TAG == "cp311"
    cargo = tomllib.loads((ROOT / "native/Cargo.toml").read_text())
    assert "abi3-py311" in cargo["dependencies"]["pyo3"]["features"]
    # the wheel carries the native module built with the bindings
    assert pyproject["tool"]["maturin"]["features"] == ["python"]
    # make wheel's tools: pinned, each below its next major (or zig's next minor) version
    tools = {re.match(r"[\w-]+", req)[0]: req for req in pyproject["dependency-groups"]["wheel"]}
    assert set(tools) == {"maturin", "ziglang", "auditwheel"}
    assert all(re.search(r">=[\d.]+,<[\d.]+$", req) for req in tools.values()), tools
