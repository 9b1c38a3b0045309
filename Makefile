# Pentarena: the README's two commands are `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PIP    := $(VENV)/bin/pip
STAMP_RUN  := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test

# pytest's worker processes (pytest-xdist): one a core of the 2-core machine the suite is
# sized for; each worker starts its own servers and browser on free loopback ports
TEST_WORKERS ?= 2

SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# The native core (native/, Rust) is built by `pip install -e` through maturin; rustup
# puts cargo in ~/.cargo/bin, which a fresh shell may not have on its PATH.
export PATH := $(HOME)/.cargo/bin:$(PATH)
NATIVE := native/Cargo.toml native/Cargo.lock $(shell find native/src -name '*.rs')

.PHONY: run test bench install install-test system-deps clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip

$(STAMP_RUN): pyproject.toml $(NATIVE) | $(PY)
	$(PIP) install -q -e .
	touch $@

$(STAMP_TEST): pyproject.toml $(NATIVE) | $(PY)
	$(PIP) install -q -e '.[dev,research]'
	touch $@ $(STAMP_RUN)

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

## make bench: speed and strength measurements (slow; not part of make test)
bench: $(STAMP_TEST)
	$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .hypothesis native/target
	rm -f src/pentarena/_native*.so
