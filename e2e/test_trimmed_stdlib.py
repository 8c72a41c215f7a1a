"""The game with its trimmed standard library (sitebuild/stdlib.py): every kind of game played
in Chromium (tools/trace_imports.py's FLOWS: the computer at every level with its worker and
hints, two players with tactic cards, the replay and a record, a lesson, the embed) must never
miss a module, on the page or in the AI's worker. The table's flows are played one after the
other in one page: a module one of them lacks fails there all the same. The smoke page (on
the full standard library, as it imports the command line's argparse too) is checked the same
way where it boots already, e2e/test_smoke.py (one boot fewer)."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build
from e2e.missing_modules import watch_missing_modules
from sitebuild.stdlib import GAME_STDLIB
from tools.trace_imports import FLOWS


def test_the_site_boots_the_trimmed_archive(site_url):
    config = (build.DIST / "pyscript.json").read_text()
    assert GAME_STDLIB in config
    trimmed = (build.DIST / "vendor" / "pyodide" / GAME_STDLIB).stat().st_size
    full = (build.DIST / "vendor" / "pyodide" / "python_stdlib.zip").stat().st_size
    assert trimmed < full / 3, (trimmed, full)
    files = build.precache_list(build.DIST)
    assert f"vendor/pyodide/{GAME_STDLIB}" in files
    assert "vendor/pyodide/python_stdlib.zip" not in files  # only bare.html loads it
    assert "game.zip" in files and not any(
        f.startswith("engine/") and f.endswith(".py") for f in files
    )
    assert not any("codemirror" in f or "xterm" in f for f in files)


# The table's flows one after the other in one page (one boot); the embed a run of its own
# (both in the file's one page); the smoke flow in e2e/test_smoke.py's smoke.html test.
TABLE = ("computer", "friend", "replay", "lesson")
RUNS = {"table": TABLE, "embed": ("embed",)}
assert sorted(sum(RUNS.values(), ("smoke",))) == sorted(FLOWS), "every flow is played"


@pytest.fixture
def context(shared_page):
    """The shared page's (``requests_log`` listens to it): the runs are played one after the
    other in one page (e2e/conftest.py ``shared_page``; a page that has booted before boots
    again for well under a new page's work)."""
    return shared_page.context


@pytest.mark.parametrize("flow", list(RUNS))
def test_every_kind_of_game_finds_its_modules(shared_page, site_url, requests_log, flow):
    page = shared_page
    page.set_default_timeout(30_000)
    problems = watch_missing_modules(page, "console: ")
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    for step in RUNS[flow]:
        FLOWS[step](page, site_url)
    assert page.locator(".py-error").count() == 0, page.locator(".py-error").all_inner_texts()
    assert page.locator("#loading-error:not([hidden])").count() == 0
    assert problems == []
    # The game's modules come compiled in one archive (sitebuild/site.py), never one by one.
    assert any(u.endswith("/game.zip") for u in requests_log.urls)
    assert not any(u.endswith(".py") and "/engine/" in u for u in requests_log.urls)
    # (and the parts loaded on first use: part-duo.zip, part-lessons.zip; docs/offline.md)
    ours = ("/game.zip", "/part-duo.zip", "/part-lessons.zip")
    stdlib = [u for u in requests_log.urls if u.endswith(".zip") and not u.endswith(ours)]
    assert stdlib and all(u.endswith(GAME_STDLIB) for u in stdlib), stdlib
