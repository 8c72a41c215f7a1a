#!/usr/bin/env bash
# Install what the tests need; idempotent and quick when everything is already there.
# Works as root on a fresh Debian machine and in CI (no stdin):
#   * Debian's browsers: chromium (Playwright drives /usr/bin/chromium; never
#     `playwright install`), firefox-esr (Puppeteer over WebDriver BiDi) and WebKitGTK's
#     WebKitWebDriver + MiniBrowser (Selenium), with Xvfb (that WebKit has no headless mode),
#   * the project and its dev extras (pytest, ruff, mypy, playwright,
#     pytest-playwright, selenium),
#     editable,
#   * the npm packages pinned in package-lock.json (PyScript + Pyodide, vendored by build.py;
#     axe-core and puppeteer-core for the tests: puppeteer-core never downloads a browser;
#     ESLint for scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python}"

# Each Debian package is installed only if the file it brings is missing. Chromium as it
# always was (with its recommended packages); the others without theirs (TECH.md: enough).
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
apt_install() {
    echo "install-test-deps: installing Debian $*"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q < /dev/null
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" < /dev/null
}
[ -x /usr/bin/chromium ] || apt_install chromium
missing=()
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
[ -x /usr/bin/Xvfb ] || missing+=(xvfb)
[ -x /usr/bin/xauth ] || missing+=(xauth)
[ ${#missing[@]} -eq 0 ] || apt_install --no-install-recommends "${missing[@]}"

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
