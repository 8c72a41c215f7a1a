"""Smoke tests: each page boots Python in Chromium, from the site's own origin and sub-path
only, with no error. index.html is the game; smoke.html and bare.html come from build.py."""

import pytest


@pytest.mark.parametrize("page_name", ["index.html", "smoke.html", "bare.html"])
def test_page_boots_offline(page, site_url, requests_log, wait_ready, screenshot, page_name):
    errors = []
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))

    page.goto(site_url + page_name)
    wait_ready(page)
    screenshot(page, f"smoke-{page_name.removesuffix('.html')}")

    assert page.locator(".py-error").count() == 0, page.locator(".py-error").all_inner_texts()
    assert errors == []
    if page_name == "smoke.html":
        # Every engine module must import under Pyodide, not only under CPython (and the
        # engine must be there: "absent" would mean the build shipped none of it).
        assert page.get_attribute("body", "data-engine") == "ok", page.inner_text("#out")
    assert requests_log.urls, "no request was recorded"
    assert requests_log.foreign(site_url) == [], "requests left the site"
    assert requests_log.failed == []
