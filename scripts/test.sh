#!/usr/bin/env bash
# The test command: install whatever is missing, then run every test, engine and browser.
# Extra arguments go to pytest (e.g. bash scripts/test.sh -x -k smoke).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-test-deps.sh
cmd=(python -m pytest tests e2e "$@")
echo "+ ${cmd[*]}"
"${cmd[@]}"
