"""e2e/crashed_pages.py: a test whose browser page crashed runs once more, and the run says so.

Played with pytest in a subprocess on made-up tests whose failures carry Playwright's words for
a crashed page (a real renderer crash costs a browser and seconds of memory churn)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CRASHING = """
from pathlib import Path

def crash_once(tag):
    mark = Path(__file__).with_name(tag)
    if not mark.exists():
        mark.write_text("crashed")
        raise RuntimeError("Page.wait_for_selector: Page crashed")

def test_crashes_once(browser_like):
    crash_once("once")

def test_crashes_in_setup_once(crashing_fixture):
    pass

if {other}:
    def test_fails_for_another_reason():
        assert False, "a wrong verdict"

if {always}:
    def test_crashes_always():
        raise RuntimeError("Page.evaluate: Target crashed")
"""

CONFTEST = """
import pytest
from pathlib import Path

@pytest.fixture(scope="module")
def browser_like():
    made = Path(__file__).with_name("made")  # made afresh after a crash, as a module's browser
    made.write_text(str(int(made.read_text()) + 1) if made.exists() else "1")
    yield

@pytest.fixture
def crashing_fixture():
    mark = Path(__file__).with_name("setup")
    if not mark.exists():
        mark.write_text("crashed")
        raise RuntimeError("Page.goto: Page crashed")
"""


def run(
    tmp_path: Path, *, always: bool = False, other: bool = False
) -> subprocess.CompletedProcess:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_made_up.py").write_text(CRASHING.format(always=always, other=other))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "e2e.crashed_pages",
            "-p",
            "no:randomly",
            "-p",
            "no:cacheprovider",
            "-rA",
            str(tmp_path),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_crash_runs_the_test_again_and_is_named(tmp_path):
    done = run(tmp_path, other=True)
    out = done.stdout
    assert done.returncode == 1, out  # the other failure still fails
    assert "PASSED test_made_up.py::test_crashes_once" in out
    assert "PASSED test_made_up.py::test_crashes_in_setup_once" in out
    assert "FAILED test_made_up.py::test_fails_for_another_reason" in out
    assert "browser pages that crashed" in out
    assert (
        "test_crashes_once: RuntimeError: Page.wait_for_selector: Page crashed (ran again: passed)"
        in out
    )
    assert (
        "test_crashes_in_setup_once: RuntimeError: Page.goto: Page crashed (ran again: passed)"
        in out
    )
    assert "test_fails_for_another_reason:" not in out  # not a crash: never run again
    assert "1 failed, 2 passed" in out
    assert (tmp_path / "made").read_text() == "2"  # the module's fixture made again


def test_more_than_two_crashes_fail_the_run(tmp_path):
    done = run(tmp_path, always=True)
    out = done.stdout
    assert (
        "test_crashes_always: RuntimeError: Page.evaluate: Target crashed (ran again: failed again)"
        in out
    )
    assert "3 tests' pages crashed: more than 2 fails the run" in out
    assert "FAILED test_made_up.py::test_crashes_always" in out
    assert done.returncode == 1, out


def test_two_crashes_that_passed_again_pass_the_run(tmp_path):
    done = run(tmp_path)
    assert "2 passed" in done.stdout, done.stdout
    assert done.returncode == 0, done.stdout
