# Two commands for a fresh machine: `make serve` and `make test`.
# Each does its own set-up: a virtualenv in .venv, the Python packages,
# the npm packages (Pyodide) and a Chromium for the browser tests.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
# The tests run with Python's bytecode cache on, whatever the environment says
# (PYTHONDONTWRITEBYTECODE): otherwise each test process and each Python a test starts compiles
# game/ and the tests again, a tenth of the run's CPU (README, Performance).
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest

.PHONY: serve build test test-fast screenshots browser bench clean setup

setup: $(STAMP) $(NODE_STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

# Browser tests use Debian's chromium-headless-shell (Playwright's own choice for headless runs,
# a third cheaper than the full browser), else its chromium ($CHROMIUM chooses another: tests/
# browser/harness.py, chromium_path); elsewhere Playwright's own build is downloaded once. The
# journeys (tests/browser/test_journeys.py) also need Debian's firefox-esr, webkit2gtk-driver and
# xvfb: named here when missing, and their tests then fail (never skip).
browser: $(STAMP)
	@if [ -n "$$CHROMIUM" ] || command -v chromium-headless-shell >/dev/null 2>&1; then \
	  echo "Chromium: $${CHROMIUM:-$$(command -v chromium-headless-shell)}"; \
	elif command -v chromium >/dev/null 2>&1; then \
	  echo "Chromium: $$(command -v chromium) ('sudo apt-get install chromium-headless-shell' runs the tests faster)"; \
	else \
	  $(PY) -m playwright install chromium; \
	fi
	@for tool in firefox-esr:firefox-esr WebKitWebDriver:webkit2gtk-driver Xvfb:xvfb; do \
	  command -v $${tool%%:*} >/dev/null 2>&1 || \
	    echo "missing $${tool%%:*}: run 'sudo apt-get install $${tool##*:}' (journeys will fail)" >&2; \
	done

serve: setup
	$(PY) -m site_builder serve

build: setup
	$(PY) -m site_builder build

# HYPOTHESIS_PROFILE (tests/conftest.py): fast = 15 examples per property, dev = 100 (a bare
# pytest and make test), deep = 500 (HYPOTHESIS_PROFILE=deep make test, a longer search).
# Four test processes on a 2-core machine (the fourth fills the time the others wait for a
# browser or the build: about 6 % faster than three, which beat two; README, Performance)
# share one site build
# (tests/conftest.py); loadscope keeps a module's tests (and its costly fixtures, such as the
# quality gate's walk) in one process, longest module first, and runs the journeys' three
# browsers in three (tests/conftest.py, pytest_xdist_make_scheduler).
test: setup browser
	$(PYTEST) -n 4 --dist loadscope -m "not screenshots"

# Pictures for a human to look at, in test-artifacts/: the example pages at desktop, 320 px, dark
# and print (pages/), the Junior pages (junior/). Not in `make test`: what they show is checked on
# every page by its quality gates. The CI takes them after the tests (.github/workflows/tests.yml).
screenshots: setup browser
	$(PYTEST) -m screenshots -n 2

# Engine and build tests only, under a minute: no browser, no Node, nothing marked slow.
test-fast: $(STAMP)
	$(PYTEST) tests/game tests/site -m "not browser and not node and not slow" -n 2

bench: setup
	$(PY) bench/engine_speed.py
	$(PY) bench/build_speed.py
	$(PY) bench/browser_speed.py
	$(PY) bench/explore_speed.py
	$(PY) bench/explore_browser_speed.py
	$(PY) bench/page_budget.py
	$(PY) bench/layout_shift.py

clean:
	rm -rf _site test-artifacts .pytest_cache
