# Binokel-Turnier: `make run` starts the demo, `make test` runs every check.
# Needs only python3 (with venv) and make; everything else is installed into .venv.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
# PostgreSQL for the second test pass: DATABASE_URL if set, else the local server if one answers.
PG_TEST_URL ?= postgres://postgres@127.0.0.1:5432/binokel

CHROMIUM ?= /usr/bin/chromium
# The test passes run on every core (pytest-xdist); a worker out of tests takes some of another's
# (worksteal: the browser tests' long files would otherwise end one worker's run alone);
# PYTEST_WORKERS= runs them in one process.
PYTEST_WORKERS ?= -n auto --dist worksteal

.PHONY: run test test-fast lint chromium nodejs jstest messages rules-docs clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[prod]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[prod,test]'
	touch $@

run: $(VENV)/.installed
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py demo
	@echo "Binokel-Turnier runs on http://$(HOST):$(PORT)/ (stop with Ctrl+C)"
	DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .

# The browser tests use Debian's Chromium (never Playwright's download); install it where missing.
chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
		echo "== Installing Debian's chromium for the browser tests"; \
		if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi

# The score sheet's ES modules are unit-tested with Node's own test runner (Debian's nodejs).
nodejs:
	@if ! command -v node >/dev/null 2>&1; then \
		echo "== Installing Debian's nodejs for the script tests"; \
		if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nodejs >/dev/null; \
	fi

jstest: nodejs
	@echo "== Script tests: node --test tests/js/"
	node --test tests/js/

test: lint chromium jstest
	PG_TEST_URL=$(PG_TEST_URL) PYTEST_WORKERS="$(PYTEST_WORKERS)" $(PY) tests/run_passes.py

# The unit and page tests on SQLite: what is not marked slow (browser, real servers, SMTP, Redis,
# backups: tests/conftest.py); `make test` runs everything.
test-fast: lint jstest
	env -u DATABASE_URL $(PY) -m pytest $(PYTEST_WORKERS) -m "not slow"

# The German catalogue, without '#: file:line' comments and without the POT-Creation-Date that
# msgmerge stamps at every change: two branches that change texts merge without conflicts there.
# tests/test_i18n.py runs this makemessages line to compare the code's messages with the catalogue.
CATALOGUE := core/locale/de/LC_MESSAGES/django.po
messages: $(VENV)/.installed-test
	$(PY) manage.py makemessages --locale de --no-obsolete --no-wrap --no-location --ignore '.venv/*' --ignore 'bench/*' --ignore 'tests/*'
	sed -i.orig -e '/^"POT-Creation-Date: /d' $(CATALOGUE) && rm $(CATALOGUE).orig
	$(PY) manage.py compilemessages --ignore '.venv/*'

# docs/rules.md's tables of switches, presets, worked examples and melds, made from the data
# (scoring/rules_docs.py); tests/scoring/test_rules_docs.py fails while they differ from it.
rules-docs: $(VENV)/.installed-test
	$(PY) -m scoring.rules_docs

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
