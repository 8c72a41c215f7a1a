"""A module missing, or a Python error, said in a page's or its workers' console: the check
of the trimmed standard library's flows (e2e/test_trimmed_stdlib.py) and of the smoke pages
(e2e/test_smoke.py)."""

from __future__ import annotations

import re

MISSING = re.compile(r"ModuleNotFoundError|ImportError|No module named", re.IGNORECASE)


def watch_missing_modules(page, prefix: str = "") -> list[str]:
    """The list, filled as the page and each worker it starts say such a line (the first 500
    characters of each, after ``prefix``)."""
    said: list[str] = []

    def watch(msg):
        if MISSING.search(msg.text) or (msg.type == "error" and "Traceback" in msg.text):
            said.append(prefix + msg.text[:500])

    page.on("console", watch)
    page.on("worker", lambda w: w.on("console", watch))
    return said
