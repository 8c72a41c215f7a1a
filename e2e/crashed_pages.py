"""A test whose browser page crashed runs once more, in a fresh page; the run counts them.

Chromium now and then kills a page's renderer on a busy machine: CI on 2026-11-28 lost one page
of 2,146 tests that way (load 10, 22 GB of memory free, while the page booted Pyodide), and
session 17 saw whole browsers do it (hence a browser per test file). Such a crash is the
browser's failure, not a verdict on the game, so the test runs again from its setup, in a
new browser (its module's fixtures are made again). A page the
game itself crashes crashes again and fails; the run's summary names every test that ran
again, and a run where more than ``MAX_CRASHED`` tests crashed fails, so a crash that grows
common is not hidden.

Registered by e2e/conftest.py; only browser tests' failures can match ``CRASHED``.
"""

from __future__ import annotations

import re

import pytest
from _pytest.runner import call_and_report, runtestprotocol

CRASHED = re.compile(r"\b(Page|Target) crashed\b")
MAX_CRASHED = 2
PROPERTY = "page crashed, ran again"

_crashed_tests: list[str] = []  # the controller's list (with xdist, the workers' reports)


def _crash_of(report) -> str | None:
    if report.failed and report.when in ("setup", "call"):
        found = CRASHED.search(str(report.longrepr))
        if found:
            return report.longrepr.reprcrash.message.splitlines()[0]
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    """pytest's own protocol (runner.runtestprotocol), except that a crash in the setup or the
    call tears down the test's fixtures and its module's, and runs the test again."""
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    if getattr(item, "_request", True) is False:
        item._initrequest()
    reports = [call_and_report(item, "setup", log=False)]
    if reports[0].passed:
        reports.append(call_and_report(item, "call", log=False))
    crash = next(filter(None, map(_crash_of, reports)), None)
    if crash and not (item.session.shouldfail or item.session.shouldstop):
        # The module's parent as the next item: teardown_exact ends the test's fixtures and
        # its module's too (its browser and shared page: after one page crashed, the next
        # pages of the same browser crashed as well, in a full run), which are made afresh.
        module = item.getparent(pytest.Module)
        call_and_report(item, "teardown", log=False, nextitem=module.parent if module else None)
        item._request = False
        item.funcargs = None
        item.user_properties.append((PROPERTY, crash))
        runtestprotocol(item, log=True, nextitem=nextitem)
    else:
        for report in reports:
            item.ihook.pytest_runtest_logreport(report=report)
        if item.session.shouldfail or item.session.shouldstop:
            nextitem = None
        call_and_report(item, "teardown", log=True, nextitem=nextitem)
        if hasattr(item, "_request"):
            item._request = False
            item.funcargs = None
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


def pytest_runtest_logreport(report):
    if report.when == "call" or (report.when == "setup" and not report.passed):
        for name, crash in report.user_properties:
            if name == PROPERTY:
                outcome = "passed" if report.passed else "failed again"
                _crashed_tests.append(f"{report.nodeid}: {crash} (ran again: {outcome})")


def pytest_terminal_summary(terminalreporter):
    if _crashed_tests:
        terminalreporter.section("browser pages that crashed")
        for line in _crashed_tests:
            terminalreporter.line(line)
        if len(_crashed_tests) > MAX_CRASHED:
            terminalreporter.line(
                f"{len(_crashed_tests)} tests' pages crashed: more than {MAX_CRASHED} fails the run"
            )


def pytest_sessionfinish(session):
    if len(_crashed_tests) > MAX_CRASHED and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
