"""Smoke tests: each page boots Python in Chromium, from the site's own origin and sub-path
only, with no error. index.html is the game; smoke.html and bare.html come from build.py.
The game's Python comes from its archives, never module by module: the engine from game.zip,
the standard library from the game's trimmed archive (e2e/test_trimmed_stdlib.py), or on
smoke.html (which imports the command line's argparse too) from Pyodide's full one; and no
module is missing, no Python error said."""

import pytest

from e2e.missing_modules import watch_missing_modules
from sitebuild.ship import PARTS, part_archive
from sitebuild.stdlib import GAME_STDLIB

# The standard library each page boots (bare.html: Pyodide's own, as it comes).
STDLIB = {"index.html": GAME_STDLIB, "smoke.html": "python_stdlib.zip"}


@pytest.mark.parametrize("page_name", ["index.html", "smoke.html", "bare.html"])
def test_page_boots_offline(page, site_url, requests_log, wait_ready, screenshot, page_name):
    errors = []
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
    missing = watch_missing_modules(page)

    page.goto(site_url + page_name)
    wait_ready(page)
    screenshot(page, f"smoke-{page_name.removesuffix('.html')}")

    assert page.locator(".py-error").count() == 0, page.locator(".py-error").all_inner_texts()
    assert errors == []
    assert missing == []
    if page_name == "smoke.html":
        # Every engine module must import under Pyodide, not only under CPython (and the
        # engine must be there: "absent" would mean the build shipped none of it).
        assert page.get_attribute("body", "data-engine") == "ok", page.inner_text("#out")
    if page_name in STDLIB:
        assert page.locator("#loading-error:not([hidden])").count() == 0
        urls = requests_log.urls
        assert any(u.endswith("/game.zip") for u in urls)
        assert not any(u.endswith(".py") and "/engine/" in u for u in urls)
        ours = ("/game.zip", *(f"/{part_archive(name)}" for name in PARTS))
        stdlib = [u for u in urls if u.endswith(".zip") and not u.endswith(ours)]
        assert stdlib and all(u.endswith(STDLIB[page_name]) for u in stdlib), stdlib
    assert requests_log.urls, "no request was recorded"
    assert requests_log.foreign(site_url) == [], "requests left the site"
    assert requests_log.failed == []
