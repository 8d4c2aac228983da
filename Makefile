# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Run pytest; its exit code 5 ("no tests collected") counts as success.
PYTEST = code=0; $(BIN)/pytest -n auto $(1) || code=$$?; [ $$code -eq 0 ] || [ $$code -eq 5 ]

.PHONY: run test lint typecheck importlint pytest locks corpus test-postgres browsers bench mutation install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The settings fail closed (production unless DJANGO_DEBUG=1): `make run` is development.
run: export DJANGO_DEBUG ?= 1
run: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	$(BIN)/python manage.py runserver 127.0.0.1:8000

test: $(STAMP) lint typecheck importlint pytest locks

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy .

importlint: $(STAMP)
	$(BIN)/lint-imports

pytest: $(STAMP)
	$(call PYTEST)

# The whole shared corpus (every round of every file); `make test` replays a sample.
corpus: $(STAMP)
	$(call PYTEST,-m corpus)

# The test suite against PostgreSQL (a server on 127.0.0.1:5432 with trust auth).
POSTGRES_URL ?= postgres://postgres@127.0.0.1:5432/postgres
test-postgres: $(STAMP)
	export DATABASE_URL=$(POSTGRES_URL); $(call PYTEST)

# The lock tests again on PostgreSQL (row locks; `make pytest` runs them on SQLite). Part of
# `make test` when a server is reachable.
locks: $(STAMP)
	@if $(BIN)/python -c "import psycopg; psycopg.connect('$(POSTGRES_URL)', connect_timeout=3).close()" 2>/dev/null; \
	then export DATABASE_URL=$(POSTGRES_URL); $(call PYTEST,tests/tournaments/test_concurrency.py); \
	else echo "PostgreSQL is not reachable at $(POSTGRES_URL): lock tests not run"; fi

# Debian's Chromium for the browser tests (skipped with a reason when it is missing).
browsers:
	command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# Mutation testing of the rule modules (slow, not part of `make test`; docs/testing.md). The
# modules and the tests run against each mutant are in [tool.mutmut] (pyproject.toml): every
# rule module of the engine. MUTANTS picks mutants by name (empty: all of them, hours on two
# cores), e.g. `make mutation MUTANTS='pairing.engine.tcec.*'`.
MUTANTS ?=
mutation: $(STAMP)
	$(BIN)/mutmut run --max-children 2 $(MUTANTS)
	$(BIN)/mutmut results

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .mypy_cache .ruff_cache mutants
