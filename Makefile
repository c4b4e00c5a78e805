# De Stijl task runner. The two commands that matter (see README.md):
#   make play   set everything up, build dist/ and serve the game on http://localhost:8000
#   make test   set everything up and run every test
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
# Test processes (pytest-xdist): a module's tests stay in one process (--dist loadfile), the
# browser modules handed out first (tests/conftest.py). Two on this 2-core machine: three
# were faster (7:32 against 8:27) but made the main-thread measurements fail in 2 of 3 clean
# runs (docs/testing.md, "The suite's time").
JOBS ?= 2
# npm writes this file on every install: it stands for "node_modules matches the lockfile".
NODE_MODULES := build_scripts/node_modules/.package-lock.json

.PHONY: puzzles test-node play test setup npm deps browser build serve lint test-static test-engine test-wasm test-web bench bench-web bench-snapshot test-bench mutation clean

# --no-compile: Python compiles a module to bytecode when it is first imported, so only the
# modules the tests use (pip compiling every installed package took 4 s more).
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --no-compile -e '.[dev,cluster]'
	touch $@

setup: $(VENV)/.installed

# The pinned Pyodide (build_scripts/package.json + package-lock.json).
$(NODE_MODULES): build_scripts/package.json build_scripts/package-lock.json
	npm ci --prefix build_scripts --no-audit --no-fund
	touch $@

npm: $(NODE_MODULES)

# pip's install and npm's side by side: neither needs the other (a few seconds off a clean run).
deps:
	@$(MAKE) --no-print-directory -j2 setup npm

# Chromium for the browser tests: Debian's chromium and chromium-headless-shell (apt when
# missing), else Playwright's (build_scripts/dev/setup_browser.py).
browser: setup
	$(PY) build_scripts/dev/setup_browser.py

build: npm
	$(PYTHON) build_scripts/build.py

serve: build
	$(PYTHON) build_scripts/dev/serve.py --port $(PORT)

play: serve

# ruff, then the static source checks (tests/static: the front end's layers, function lengths,
# no rule typed in web/), which read the source and need no browser.
# The shipped puzzle set (docs/puzzles.md): long (hours of CPU), written after every game.
puzzles: setup
	nice -n 10 $(PY) -m destijl puzzles make --games 900 --seed 59000 --jobs 2 --limit 540 --resume \
		--out pysrc/destijl/puzzles/data/puzzles.json

lint: setup
	$(VENV)/bin/ruff check pysrc tests build_scripts
	$(VENV)/bin/mypy
	$(PY) -m pytest tests/static -q

test-static: setup
	$(PY) -m pytest tests/static -q

test-engine: setup
	$(PY) -m pytest tests/engine -q

test-wasm: setup npm
	$(PY) -m pytest tests/wasm -q

test-web: setup npm browser
	$(PY) -m pytest tests/web -q

test-node: build
	node --test tests/node/

test: deps browser build lint test-node
	$(PY) -m pytest -q -n $(JOBS) --dist loadfile --no-loadscope-reorder --durations=15

bench: setup
	$(PY) -m destijl bench

# Mutation testing of the rule modules: slow (about 20 min), so not part of `make test`.
# Score and surviving mutants: docs/testing.md. Extra arguments: MUTATION_ARGS=...
$(VENV)/.mutation: pyproject.toml $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[dev,mutation]'
	touch $@

mutation: $(VENV)/.mutation
	nice $(PY) build_scripts/dev/mutation.py $(MUTATION_ARGS)

# The benchmarks' harness still measures every part (marker bench; not part of `make test`).
test-bench: setup npm browser build
	$(PY) -m pytest -q -m bench tests/web/test_bench_harness.py

# Load benchmark in Chromium + Lighthouse; writes docs/benchmarks.md (not part of `make test`).
bench-web: setup npm browser
	$(PY) build_scripts/bench/bench_web.py

# The memory snapshot's figures alone (returning visit, Lab bots, review); writes their section.
bench-snapshot: setup npm browser
	$(PY) build_scripts/bench/bench_web.py --snapshot

clean:
	rm -rf $(VENV) dist build_scripts/node_modules
