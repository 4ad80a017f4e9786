# The two commands of the README: `make run` and `make test`. Both create .venv when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test browser lint typecheck pytest bench screenshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The hot modules are compiled by mypyc at install (setup.py): a change to one of them must
# reinstall, or the stale compiled module would shadow the edited source.
HOT := claimcheck/bits.py claimcheck/policy/plan_state.py claimcheck/policy/normal.py \
	claimcheck/policy/sure.py claimcheck/policy/_sure_core.c \
	claimcheck/engine/search.py claimcheck/engine/_small_dd.c

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

test: $(STAMP) browser lint typecheck pytest

# The director's page and report tests drive Debian's Chromium through Playwright and skip
# without it, and a fresh machine has none: installed here where it can be (root, apt-get),
# else said. Nothing is done where a Chromium is already on PATH.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	{ [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	  apt-get update -q >/dev/null && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null; } || \
	echo "note: no Chromium on PATH (apt-get install chromium): the page tests will skip"

lint: $(STAMP)
	$(BIN)/ruff check claimcheck tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy claimcheck

pytest: $(STAMP)
	$(BIN)/python -m pytest

# The README's pictures of the director's page, redrawn from the page tests (a plain test run
# writes them to a temporary folder and leaves docs/ alone).
screenshots: $(STAMP) browser
	CLAIMCHECK_SCREENSHOTS=1 $(BIN)/python -m pytest tests/test_web_e2e.py

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build *.egg-info
