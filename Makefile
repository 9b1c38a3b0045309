# Pentarena: the README's two commands are `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PIP    := $(VENV)/bin/pip
STAMP_RUN  := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test

.PHONY: run test bench install install-test clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip

$(STAMP_RUN): pyproject.toml | $(PY)
	$(PIP) install -q -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(PY)
	$(PIP) install -q -e '.[dev]'
	touch $@ $(STAMP_RUN)

install: $(STAMP_RUN)
install-test: $(STAMP_TEST)

## make run: play Pent-Up against the computer in the terminal
run: $(STAMP_RUN)
	$(VENV)/bin/pentarena play pentup

## make test: the whole test suite
test: $(STAMP_TEST)
	$(PY) -m pytest -q

## make bench: speed and strength measurements (slow; not part of make test)
bench: $(STAMP_TEST)
	$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .hypothesis
