"""What the Firefox and WebKit smoke suites share (e2e/test_firefox.py, e2e/test_webkit.py):
the browsers' paths, the missing-browser rule, and the site they drive.

The site is a private copy of the built dist/ with e2e/engine_probe.js put first into the
game's pages (it keeps the page's errors and names the next element a player would use), on
a server of the suite's own, so that the suite can stop it (the offline reload).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build

PROBE = Path(__file__).with_name("engine_probe.js")
PROBED_PAGES = ("index.html", "embed.html")
FIREFOX = os.environ.get("FIREFOX_PATH", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER_PATH", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get(
    "MINIBROWSER_PATH", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = "/usr/bin/Xvfb"


def require(*paths: str) -> None:
    """Skip without these programs, but fail when CI is set (as e2e/conftest.py does for
    Chromium): a CI machine without a browser must not pass by skipping."""
    missing = [p for p in paths if not (os.path.isfile(p) and os.access(p, os.X_OK))]
    if missing:
        message = f"{', '.join(missing)} missing: run scripts/install-test-deps.sh"
        if os.environ.get("CI"):
            pytest.fail(f"CI is set and {message}", pytrace=False)
        pytest.skip(message)


def probed_site(folder: Path) -> Path:
    """A copy of the built site in folder, its game pages probed (engine_probe.js first, right
    after the Content-Security-Policy: a file of the site, which 'self' allows), with sw.js
    written again for the changed files."""
    shutil.copytree(build.DIST, folder)
    shutil.copyfile(PROBE, folder / PROBE.name)
    for name in PROBED_PAGES:
        page = folder / name
        text, n = re.subn(r'(<meta http-equiv="Content-Security-Policy"[^>]*>)',
                          lambda m: f'{m.group(1)}\n<script src="./{PROBE.name}"></script>',
                          page.read_text(), count=1)
        assert n == 1, f"{name}: no CSP meta tag to put the probe after"
        page.write_text(text)
    build.write_service_worker(folder)
    return folder
