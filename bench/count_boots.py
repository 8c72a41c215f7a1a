"""A pytest plugin that counts Python starts in the browser tests (not a test; docs/
performance.md, "Where the browser tests' time goes", session 26): each request for
Pyodide's WebAssembly (``pyodide.asm.wasm``) a Chromium context of the run makes, a page's
or a worker's, is one start. Per test file, printed at the end of each test process:

    python -m pytest -p bench.count_boots e2e

(Under pytest-xdist each worker adds its counts to artifacts/python-starts.jsonl, which the
run's summary reads. The Firefox and WebKit files drive their browsers without Playwright
and are not counted.)
"""

from __future__ import annotations

import collections
import json
import os
from pathlib import Path

from playwright.sync_api._generated import Browser, BrowserType

KEPT = Path(__file__).resolve().parent.parent / "artifacts" / "python-starts.jsonl"
STARTS: collections.Counter[str] = collections.Counter()
_test = ["?"]


def _watch(context):
    def heard(request) -> None:
        if request.url.endswith("pyodide.asm.wasm"):
            STARTS[_test[0].split("::")[0]] += 1

    context.on("request", heard)
    return context


_new_context = Browser.new_context
_persistent = BrowserType.launch_persistent_context
Browser.new_context = lambda self, *a, **k: _watch(_new_context(self, *a, **k))  # type: ignore[method-assign]
BrowserType.launch_persistent_context = lambda self, *a, **k: _watch(  # type: ignore[method-assign]
    _persistent(self, *a, **k)
)


def pytest_runtest_setup(item) -> None:
    _test[0] = item.nodeid


def pytest_configure(config) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):  # the run itself, not one of its workers
        KEPT.unlink(missing_ok=True)


def pytest_sessionfinish(session) -> None:
    KEPT.parent.mkdir(exist_ok=True)
    with KEPT.open("a") as out:
        out.write(json.dumps(dict(STARTS)) + "\n")


def pytest_terminal_summary(terminalreporter) -> None:
    starts: collections.Counter[str] = collections.Counter()
    for line in KEPT.read_text().splitlines() if KEPT.exists() else []:
        starts.update(json.loads(line))
    terminalreporter.section("Python starts in the browser (bench/count_boots.py)")
    for name, count in starts.most_common():
        terminalreporter.write_line(f"{count:4} {name}")
    terminalreporter.write_line(f"{sum(starts.values()):4} in all")
