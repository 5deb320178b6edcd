# Two commands for a newcomer: `make run` and `make test` (and `make bench` for the figures).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed

.PHONY: run test bench demo

$(PY):
	$(PYTHON) -m venv $(VENV)

# Reinstall whenever pyproject.toml changes.
$(INSTALLED): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[test]"
	touch $(INSTALLED)

run: $(INSTALLED)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver 127.0.0.1:8000

# The demo host and an evening of games, then the server (log in as printed).
demo: $(INSTALLED)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo
	$(PY) manage.py runserver 127.0.0.1:8000

test: $(INSTALLED)
	$(PY) -m pytest

bench: $(INSTALLED)
	$(PY) -m tests.bench
