# The two commands of the README: `make run` and `make test`. Both create .venv when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The hot modules are compiled by mypyc at install (setup.py): a change to one of them must
# reinstall, or the stale compiled module would shadow the edited source.
HOT := claimcheck/bits.py claimcheck/policy/plan_state.py claimcheck/policy/normal.py \
	claimcheck/policy/sure.py claimcheck/policy/_sure_core.c \
	claimcheck/engine/search.py

$(STAMP): $(BIN)/python pyproject.toml setup.py $(HOT)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev,dask,web]'
	# An editable install leaves the sources uncompiled; where PYTHONDONTWRITEBYTECODE is set
	# (this machine, many CI images) every command then recompiles them: 0.26 s for an 8-card
	# `claimcheck check`, 0.18 s with the bytecode in place. Python checks each .pyc against
	# its source, so an edited module is never run stale, only recompiled.
	$(BIN)/python -m compileall -q claimcheck
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/claimcheck audit deals/

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check claimcheck tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy claimcheck

pytest: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build *.egg-info
