#!/usr/bin/env bash
# Install what the tests need; idempotent and quick when everything is already there.
# Works as root on a fresh Debian machine and in CI (no stdin):
#   * Debian's chromium (Playwright drives /usr/bin/chromium; never `playwright install`),
#   * the project and its dev extras (pytest, ruff, mypy, playwright, pytest-playwright),
#     editable,
#   * the npm packages pinned in package-lock.json (PyScript + Pyodide, vendored by build.py;
#     axe-core for the browser tests; ESLint for scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python}"

if [ ! -x /usr/bin/chromium ]; then
    echo "install-test-deps: installing Debian chromium"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q < /dev/null
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium < /dev/null
fi

# pip install -e takes seconds even when nothing changed: skip it when the installed
# project metadata already lists the same dev requirements and each one is installed
# (with the pinned version, for `==` pins).
if ! "$PY" - <<'PYCHECK'
import re, sys, tomllib
from importlib import metadata

with open("pyproject.toml", "rb") as f:
    project = tomllib.load(f)["project"]
wanted = project.get("dependencies", []) + project["optional-dependencies"]["dev"]
norm = lambda r: r.split(";")[0].replace(" ", "").lower()
try:
    installed = {norm(r) for r in metadata.requires(project["name"]) or []}
except metadata.PackageNotFoundError:
    sys.exit(1)
for req in wanted:
    if norm(req) not in installed:
        sys.exit(1)
    name, op, version = re.match(r"([A-Za-z0-9_.\-]+)\s*(==)?\s*([^,;\s]*)", req).groups()
    try:
        have = metadata.version(name)
    except metadata.PackageNotFoundError:
        sys.exit(1)
    if op == "==" and have != version:
        sys.exit(1)
PYCHECK
then
    echo "install-test-deps: pip install -e '.[dev]'"
    PIP_ROOT_USER_ACTION=ignore "$PY" -m pip install --disable-pip-version-check -q \
        -e '.[dev]' < /dev/null
fi

# npm ci, only if node_modules does not match package-lock.json (build.py decides).
"$PY" build.py --deps < /dev/null
echo "install-test-deps: ok"
