# Pentarena: the README's two commands are `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PIP    := $(VENV)/bin/pip
STAMP_RUN  := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
STAMP_WHEEL := $(VENV)/.installed-wheel

# pytest's worker processes (pytest-xdist), each starting its own servers and browser on
# free loopback ports: three on the 2-core machine the suite is sized for, since a worker
# often waits (on a browser, a server starting, a connection's deadline): two kept the
# cores 68% busy (whole run 18 min 17 s), three 15 min 3 s
TEST_WORKERS ?= 3

SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# The native core (native/, Rust) is built by `pip install -e` through maturin; rustup
# puts cargo in ~/.cargo/bin, which a fresh shell may not have on its PATH.
export PATH := $(HOME)/.cargo/bin:$(PATH)
NATIVE := native/Cargo.toml native/Cargo.lock $(shell find native/src -name '*.rs')

.PHONY: run test bench wheel install install-test system-deps clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip

$(STAMP_RUN): pyproject.toml $(NATIVE) | $(PY)
	$(PIP) install -q -e .
	touch $@

$(STAMP_TEST): pyproject.toml $(NATIVE) | $(PY)
	$(PIP) install -q -e '.[dev,research]'
	touch $@ $(STAMP_RUN)

# The portable wheel's tools only (pyproject.toml's [dependency-groups] wheel: maturin, zig
# from PyPI's ziglang, auditwheel), not the package: `pip install --group` needs pip 25.1
$(STAMP_WHEEL): pyproject.toml | $(PY)
	$(PIP) install -q --upgrade 'pip>=25.1'
	$(PIP) install -q --group wheel
	touch $@

install: $(STAMP_RUN)
install-test: $(STAMP_TEST)

## make run: start the server on http://127.0.0.1:8000 (play every game against the AI)
run: $(STAMP_RUN)
	$(VENV)/bin/pentarena serve --host 127.0.0.1 --port 8000

## Debian's Chromium (browser tests), PostgreSQL and Redis (database and cluster tests),
## valgrind (the benchmarks' instruction counts, run once in tests/test_benchmarks.py)
system-deps:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ] || missing="$$missing redis-server"; \
	command -v valgrind >/dev/null 2>&1 || missing="$$missing valgrind"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages for the tests:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

## make test: the whole test suite: the Rust engines' tests and lints, then pytest (browser
## and PostgreSQL tests included)
test: $(STAMP_TEST) system-deps
	cd native && cargo test -q
	cd native && cargo clippy -q --all-targets -- -D warnings
	cd native && PYO3_PYTHON=$(abspath $(PY)) cargo clippy -q --all-targets --features python -- -D warnings
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist worksteal

## make bench: speed and strength measurements (slow; not part of make test), and the
## portable wheel: a cold make wheel, timed, installed into a fresh venv (wheel_check.py)
bench: $(STAMP_TEST) $(STAMP_WHEEL)
	$(PY) benchmarks/run_all.py

## make wheel: the portable wheel in dist/ — abi3 (CPython >= 3.11), manylinux2014 (glibc >=
## 2.17) x86_64 — built with zig as the linker against glibc 2.17's symbols (whatever this
## machine's glibc), then checked: benchmarks/wheel_check.py verify fails unless the name's
## tags and `auditwheel show` say manylinux_2_17 (no symbol of a newer glibc, no outside
## library).  .venv/bin first on PATH: maturin runs `python3 -m ziglang` (the pinned zig).
WHEEL_COMPAT := manylinux2014
DIST ?= dist
wheel: $(STAMP_WHEEL)
	rm -f $(DIST)/pentarena-*.whl
	PATH="$(abspath $(VENV))/bin:$$PATH" $(VENV)/bin/maturin build --release --zig \
	  --compatibility $(WHEEL_COMPAT) --out $(DIST)
	$(PY) benchmarks/wheel_check.py verify $(DIST)/pentarena-*.whl

clean:
	rm -rf $(VENV) build dist *.egg-info src/*.egg-info .pytest_cache .hypothesis native/target
	rm -f src/pentarena/_native*.so
