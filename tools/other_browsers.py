"""What the Firefox and WebKit smoke suites share (e2e/test_firefox.py, e2e/test_webkit.py):
the browsers' paths, the missing-browser rule, and the site they drive.

The site is a private copy of the built dist/ with tools/engine_probe.js put first into the
game's pages and the rules page (it keeps the page's errors, names the next element a player
would use, and says on the console when the page has done its loading work), on a server
of the suite's own, so that the suite can stop it (the offline reload).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import build

ROOT = Path(__file__).resolve().parent.parent

PROBE = Path(__file__).with_name("engine_probe.js")
PROBED_PAGES = ("index.html", "embed.html", "rules.html")
FIREFOX = os.environ.get("FIREFOX_PATH", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER_PATH", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get(
    "MINIBROWSER_PATH", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
)
XVFB = "/usr/bin/Xvfb"


def require(*paths: str) -> None:
    """Skip without these programs, but fail when CI is set (as e2e/conftest.py does for
    Chromium): a CI machine without a browser must not pass by skipping."""
    missing = [p for p in paths if not os.path.isfile(p)]
    if missing:
        message = f"{', '.join(missing)} missing: run scripts/install-test-deps.sh"
        if os.environ.get("CI"):
            pytest.fail(f"CI is set and {message}", pytrace=False)
        pytest.skip(message)


def probed_site(folder: Path, source: Path | None = None) -> Path:
    """A copy of the built site (or of source, another build's dist/) in folder, its game
    pages probed (engine_probe.js first, right after the Content-Security-Policy: a file of
    the site, which 'self' allows), with sw.js written again for the changed files."""
    shutil.copytree(source or build.DIST, folder)
    shutil.copyfile(PROBE, folder / PROBE.name)
    for name in PROBED_PAGES:
        page = folder / name
        text, n = re.subn(
            r'(<meta http-equiv="Content-Security-Policy"[^>]*>)',
            lambda m: f'{m.group(1)}\n<script src="./{PROBE.name}"></script>',
            page.read_text(),
            count=1,
        )
        assert n == 1, f"{name}: no CSP meta tag to put the probe after"
        page.write_text(text)
    build.write_service_worker(folder)
    return folder


@contextlib.contextmanager
def xvfb_display():
    """An Xvfb display of our own (this WebKit has no headless mode): its DISPLAY value."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        [XVFB, "-displayfd", str(write), "-screen", "0", "1600x1400x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def xdg_env(display: str, home: Path) -> dict:
    """The environment of a fresh WebKit profile: WebKitGTK keeps its caches, storage and
    service workers under XDG_*."""
    env = {**os.environ, "DISPLAY": display}
    for key in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR"):
        env[key] = str(home / key)
        os.makedirs(env[key], mode=0o700, exist_ok=True)
    return env


def webkit_driver(display: str, home: Path):
    """Selenium's WebKitGTK driver: MiniBrowser in automation mode, a fresh profile in home,
    a 1280x900 window."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    options = Options()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    service = Service(
        executable_path=WEBKIT_DRIVER, service_args=["--host=127.0.0.1"], env=xdg_env(display, home)
    )
    driver = webdriver.WebKitGTK(options=options, service=service)
    driver.set_script_timeout(30)
    driver.set_window_rect(0, 0, 1280, 900)
    return driver
