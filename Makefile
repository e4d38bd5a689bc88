# make lab   - set everything up and open JupyterLab on the example notebooks
# make test  - set everything up and run every test (lint and type checks, JS unit tests, unit,
#              property, widget, browser, notebooks)
# make bench - print the performance figures (the forecast in Pyodide from the built demo)
# make lite  - build the JupyterLite demo (a static site, no server) into build/lite/, offline
# make dev   - rebuild the front end on every change and hot-reload it (ANYWIDGET_HMR=1)
# make test LOWEST=1 - the same tests with the package's dependencies at the oldest versions
#              pyproject.toml allows (in .venv-lowest; CI's oldest-dependencies job)
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
PYTHON ?= python3
VENV := $(if $(LOWEST),.venv-lowest,.venv)
BIN := $(VENV)/bin
PY := $(BIN)/python
INSTALLED := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
# pip prints one harmless line per local mirror that lacks a package: drop those lines and keep
# the rest (sed, unlike grep -v, succeeds when nothing is left, so pip's own status is the pipe's)
PIP_QUIET := sed -u '/is ignored: it is neither a file nor a directory/d'
PIP := --disable-pip-version-check -q
# LOWEST=1: every dependency of the package pinned to its lower bound (tools/lowest_pins.py)
PINS := $(if $(LOWEST),$(VENV)/lowest-pins.txt)

.PHONY: lab test bench lint notebooks rule-texts types screenshot clean lite dev

# The front end is built by make ($(STATIC)), not by the package's build hook, so npm runs once.
$(INSTALLED): pyproject.toml $(if $(LOWEST),tools/lowest_pins.py)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(if $(PINS),$(PY) tools/lowest_pins.py > $(PINS))
	HATCH_BUILD_NO_HOOKS=true $(PY) -m pip install $(PIP) -e '.[test,lab,dev]' \
		$(if $(PINS),--constraint $(PINS)) 2>&1 | $(PIP_QUIET)
	touch $@

# the widgets' front end: js/ and each system's panels/*.js bundled by esbuild (js/build.mjs) into bpb_widgets/static/ (npm ci when the lock changes)
STATIC := bpb_widgets/static/.built
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(STATIC): node_modules/.installed $(shell find js -type f) $(wildcard bpb_widgets/*/panels/*.js)
	npm run build
	touch $@

$(CHROMIUM):
	$$( [ "$$(id -u)" = 0 ] || echo sudo ) apt-get update -qq
	$$( [ "$$(id -u)" = 0 ] || echo sudo ) apt-get install -y -qq chromium >/dev/null

lint: $(INSTALLED) node_modules/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	npm run typecheck
	npm run lint

# the JupyterLite demo: Pyodide from its npm package, wheels from pip, nothing else downloaded.
# Built from an environment of its own: the Pyodide kernel's JupyterLab extension breaks a
# JupyterLab it is installed into (a console error on every page), so it never enters $(VENV).
LITE_VENV := .venv-lite
LITE_PY := $(LITE_VENV)/bin/python
$(LITE_VENV)/.installed: lite/build-requirements.txt
	test -x $(LITE_PY) || $(PYTHON) -m venv $(LITE_VENV)
	$(LITE_PY) -m pip install $(PIP) -r lite/build-requirements.txt 2>&1 | $(PIP_QUIET)
	touch $@

LITE := build/lite/jupyter-lite.json
$(LITE): $(LITE_VENV)/.installed $(STATIC) tools/build_lite.py $(wildcard lite/*) \
		$(wildcard notebooks/*.ipynb) $(shell find bpb_widgets -name '*.py')
	$(LITE_PY) tools/build_lite.py 2>&1 | $(PIP_QUIET)

lite: $(LITE)

# the front end rebuilt on every change, and JupyterLab reloading it in place (docs/hosts.md)
dev: $(INSTALLED) $(STATIC)
	npm run watch & trap "kill $$!" EXIT; \
	ANYWIDGET_HMR=1 $(BIN)/jupyter lab notebooks/ $$( [ "$$(id -u)" = 0 ] && echo --allow-root )

test: $(INSTALLED) $(STATIC) $(CHROMIUM) $(LITE) lint
	npm test
	$(BIN)/pytest --nbval

# run the example notebooks and save their outputs (what pytest --nbval checks)
notebooks: $(INSTALLED) $(STATIC)
	$(PY) tools/run_notebooks.py

# each game system's rule texts (what opening a log line shows) from docs/rules.md's "The rules in
# brief" (tests/test_rule_texts.py fails when they differ)
rule-texts: $(INSTALLED)
	$(PY) tools/rule_texts.py

# the front end's types of the parts' states (js/lib/types.js's generated section) from their
# Python declarations, panels/state.py (tests/widgets/test_front_end_contract.py fails when stale)
types: $(INSTALLED)
	$(PY) tools/front_end_types.py

# the README's screenshots of the GM screen mid-fight (JupyterLab light, Notebook 7 dark), made by
# the browser test that plays a whole fight by clicks, and of table mode at 800 px (light, dark)
screenshot: $(INSTALLED) $(STATIC) $(CHROMIUM)
	BPB_DOCS_SCREENSHOT=1 $(BIN)/pytest -q tests/ui/test_gm_screen_fight.py
	BPB_DOCS_SCREENSHOT=1 $(BIN)/pytest -q tests/ui/test_table_mode.py -k 800px
	BPB_DOCS_SCREENSHOT=1 $(BIN)/pytest -q tests/player -k docs_screenshot

bench: $(INSTALLED) $(STATIC) $(LITE)
	$(PY) -m benchmarks

lab: $(INSTALLED) $(STATIC)
	$(BIN)/jupyter lab notebooks/ $$( [ "$$(id -u)" = 0 ] && echo --allow-root )

clean:
	rm -rf .venv .venv-lowest $(LITE_VENV) build dist test-output .pytest_cache .hypothesis node_modules bpb_widgets/static
