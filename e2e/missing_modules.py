"""A module missing, said in a page's or its workers' console: every browser test fails on
one (e2e/conftest.py ``no_module_missing``: the pages of the test's contexts, made by
``new_context``, ``shared_page`` or ``persistent_context``), so a path of the game that
needs a module the trimmed standard library (sitebuild/stdlib.py) left out fails the test
that takes it, in the page or in the computer's worker. The smoke pages also fail on any
Python traceback (e2e/test_smoke.py)."""

from __future__ import annotations

import re

MISSING = re.compile(r"ModuleNotFoundError|ImportError|No module named", re.IGNORECASE)

# What the pages of the running test's contexts said of a missing module (cleared before
# each test: a test runs alone in its worker process).
SAID: list[str] = []


def watch_missing_modules(page, prefix: str = "") -> list[str]:
    """The list, filled as the page and each worker it starts say a module is missing or
    an error with a traceback (the first 500 characters of each, after ``prefix``)."""
    said: list[str] = []

    def watch(msg):
        if MISSING.search(msg.text) or (msg.type == "error" and "Traceback" in msg.text):
            said.append(prefix + msg.text[:500])

    page.on("console", watch)
    page.on("worker", lambda w: w.on("console", watch))
    return said


def watch_context(context) -> None:
    """Every page of ``context``, now and later, and their workers, told into SAID."""

    def watch(page):
        def line(msg):
            if MISSING.search(msg.text):
                SAID.append(f"{page.url}: {msg.text[:500]}")

        page.on("console", line)
        page.on("worker", lambda w: w.on("console", line))

    for page in context.pages:
        watch(page)
    context.on("page", watch)
