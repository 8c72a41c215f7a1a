"""The game's trimmed standard library (sitebuild/stdlib.py, its modules traced by
tools/trace_imports.py over every kind of game): the site boots it, and never a module from
elsewhere. Every browser test fails when a page or a worker of its says a module is missing
(e2e/conftest.py ``no_module_missing``), so each path of the game the suite takes checks the
archive: the computer at every level with its worker and hints (test_ai_first_move,
test_ai_browser, test_games), two players with tactic cards (test_games), the replay and a
record downloaded and opened (test_replay), the lessons (test_tutorial), the embed
(test_embed); the smoke page, on the full standard library, in e2e/test_smoke.py. (Until
session 25 this file played tools/trace_imports.py's flows again for it: 60 s of a worker.)
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build
from e2e.missing_modules import SAID
from sitebuild.stdlib import GAME_STDLIB


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


def test_a_module_missing_in_a_page_or_its_worker_fails_the_test(context, site_url):
    """The check every browser test makes (e2e/conftest.py ``no_module_missing``) hears what
    a page and a worker it starts say of a missing module, as Pyodide says it."""
    page = context.new_page()
    page.goto(site_url + "rules.html")
    missing = "ModuleNotFoundError: No module named '{}'"
    page.evaluate("(line) => console.error(line)", missing.format("tkinter"))
    script = f"console.log({json.dumps(missing.format('turtle'))}); postMessage('said')"
    page.evaluate(
        """(code) => new Promise((done) => {
          const url = URL.createObjectURL(new Blob([code], {type: "text/javascript"}));
          new Worker(url).onmessage = done;
        })""",
        script,
    )
    heard = set()
    for _ in range(200):  # the worker's console event comes through the driver after
        heard = {name for name in ("tkinter", "turtle") for line in SAID if name in line}
        if len(heard) == 2:  # its message: a round trip to the page lets it in
            break
        page.evaluate("0")
    assert heard == {"tkinter", "turtle"}, SAID
    SAID.clear()  # the test itself passes
