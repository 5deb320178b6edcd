# Two commands for a newcomer: `make run` and `make test` (`make check` for the quick check, and
# `make bench` for the figures).
# Python 3.11 or newer: the newest python3.N on the PATH that runs (by number, so 3.14 before 3.9;
# a version manager may offer names it cannot run), then python3; or PYTHON=... to choose. No
# list of versions here: one released after this line was written is found as well.
PYTHON ?= $(shell for p in $$(IFS=:; for d in $$PATH; do ls "$$d" 2>/dev/null; done | \
	grep -xE 'python3\.[0-9]+' | sort -t. -k2,2nr -u) python3; do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && command -v $$p && break; done)
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
TEST_INSTALLED := $(VENV)/.installed-test

.PHONY: run serve check test lint bench demo

$(PY):
	@test -n "$(PYTHON)" || { echo "Python 3.11 or newer is needed, and none was found: install it, or say PYTHON=/path/to/python3.11."; exit 1; }
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "Python 3.11 or newer is needed; $(PYTHON) is $$($(PYTHON) --version 2>&1). Say PYTHON=/path/to/python3.11."; exit 1; }
	$(PYTHON) -m venv $(VENV)

# The app alone for `make run` and `make serve`; the test tools too for `make test` and
# `make bench`. Each is installed again whenever pyproject.toml changes.
$(INSTALLED): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -e .
	touch $(INSTALLED)

$(TEST_INSTALLED): $(INSTALLED)
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[test]"
	touch $(TEST_INSTALLED)

# The server listens on every address of this machine (all its IPv4 networks), so the phones
# and the TV on the same Wi-Fi can open it; it says at which address first. `PORT=8080 make run`.
PORT ?= 8000
SERVE = $(PY) manage.py room_addresses $(PORT) && $(PY) manage.py runserver 0.0.0.0:$(PORT)

run: $(INSTALLED)
	$(PY) manage.py migrate --noinput
	$(SERVE)

# The demo host and an evening of games, then the server (log in as printed).
demo: $(INSTALLED)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo
	$(SERVE)

# Production on one machine, behind the proxy of deploy/ (docs/hosting.md): the
# settings from ENV_FILE (deploy/env.example names them all), the database migrated and the
# static files collected, then PROCESSES app processes on 127.0.0.1:PORT, PORT+1, ... (each
# started again if it stops; Ctrl-C stops them all).
ENV_FILE ?= deploy/env
PROCESSES ?= 2

serve: $(INSTALLED)
	@test -f "$(ENV_FILE)" || { echo "No $(ENV_FILE): copy deploy/env.example there and fill it in (or say ENV_FILE=...)."; exit 1; }
	set -a && . "$(abspath $(ENV_FILE))" && set +a && \
	  $(PY) manage.py migrate --noinput && \
	  $(PY) manage.py collectstatic --noinput --verbosity 0 && \
	  exec $(PY) manage.py serve --processes $(PROCESSES) --port $(PORT)

# While working: every test that starts no server and no browser (pyproject.toml's markers),
# nor takes a minute of its own, on every core (pytest-xdist), in under 3 minutes.
check: $(TEST_INSTALLED)
	$(PY) -m pytest -n auto -m "not browser and not server and not slow"

# Everything, on every core (browser tests last in each worker, sharing its live server), then
# the 25 slowest steps (a test's setup, its run or its teardown), so a slow one is seen. On this
# machine's PostgreSQL and Redis, as CI (.ci/run) runs it, unless DATABASE_URL and REDIS_URL say
# other ones: no test is skipped, and one that needs them fails saying so when they are missing.
test: export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
test: export REDIS_URL ?= redis://127.0.0.1:6379/0
test: $(TEST_INSTALLED)
	$(PY) -m pytest -n auto --durations=25

# The code as ruff reads it (pyproject.toml's [tool.ruff]): its checks, and its format.
lint: $(TEST_INSTALLED)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

bench: $(TEST_INSTALLED)
	$(PY) -m tests.bench
