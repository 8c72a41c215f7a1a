#!/usr/bin/env bash
# Build dist/ and serve it at http://127.0.0.1:8000/ (another free port if that one is busy).
# Needs only python3 and node/npm: build.py runs npm ci itself when node_modules is stale.
# Extra arguments go to build.py, e.g. --port 9000 or --prefix /repo/ (GitHub Pages-like).
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-$(command -v python3 || command -v python)}"
exec "$PY" build.py --serve "$@"
