#!/usr/bin/env bash
# The test command: install whatever is missing, lint (a ruff or ESLint finding fails it),
# type-check the engine (mypy), then run every test, engine (doctests included:
# tests/test_doctests.py) and browser.
# Extra arguments go to pytest (e.g. bash scripts/test.sh -x -k smoke).
set -euo pipefail
cd "$(dirname "$0")/.."
# Python keeps its compiled modules and pytest its rewritten test modules (__pycache__, in
# .gitignore) even where the environment says not to: without them every test process compiles
# and rewrites every module again (collecting took 10 s a worker instead of 4.8).
unset PYTHONDONTWRITEBYTECODE
bash scripts/install-test-deps.sh
lint=(python -m ruff check .)
echo "+ ${lint[*]}"
"${lint[@]}"
fmt=(python -m ruff format --check .)   # the code as ruff format writes it (pyproject.toml)
echo "+ ${fmt[*]}"
"${fmt[@]}"
# ESLint pinned in package-lock.json (eslint.config.mjs); --no-install: never fetched here.
jslint=(npx --no-install eslint .)
echo "+ ${jslint[*]}"
"${jslint[@]}"
types=(python -m mypy)   # the engine's types (pyproject.toml [tool.mypy])
echo "+ ${types[*]}"
"${types[@]}"
# Two workers (pytest-xdist; the CI machine has 2 cores), a test file to a worker (a file's
# tests share their module's fixtures): each file is a group (e2e/conftest.py, which also
# puts the longest files first; --no-loadscope-reorder keeps that order). TEST_WORKERS=0
# runs everything in this process.
cmd=(python -m pytest -n "${TEST_WORKERS:-2}" --dist loadgroup --no-loadscope-reorder tests e2e "$@")
echo "+ ${cmd[*]}"
"${cmd[@]}"
