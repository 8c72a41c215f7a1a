#!/usr/bin/env python3
"""Which standard-library modules the game imports in the browser: writes
sitebuild/stdlib-modules.txt, from which build.py makes the game's trimmed standard library.

    SCHOTTEN_DIST=dist-trace python tools/trace_imports.py [--check]

Builds the site with SCHOTTEN_STDLIB=trace (the full standard library plus a sitecustomize.py
whose audit hook logs every import to the console, main thread and worker alike), plays in
Debian's Chromium every kind of game (FLOWS but the smoke page, which boots the full
standard library: against the computer at every
level with hints and its worker, two players on one device with tactic cards, the replay and
a record downloaded and opened, a lesson, the embed) and writes every module name seen. Names
that are not in Pyodide's archive (built in, frozen, the engine, PyScript's own) cost nothing:
build.py keeps only what the archive holds. --check only prints what is missing from the file.

Every browser test fails when a page or its worker misses a module (e2e/missing_modules.py):
the suite plays these kinds of game, and more, with the trimmed archive.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Run as a script: the repository root on sys.path instead of tools/ (so `import build` and
# `tools.table` resolve from the root, as they do under `python -m tools.trace_imports`).
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "tools"]

BOOT_MS = 60_000
QUERY = "?aipause=40"


def _fresh(page, url: str) -> None:
    """A first visit: the storage cleared before the page's own scripts run (clearing it
    after a load raced with that page's boot still writing its save and welcome flag).
    A page already showing the table goes on from there (the flows one after the other in
    one page)."""
    if page.url == url and page.evaluate("() => window.__ready === true"):
        return
    flag = f"trace-fresh-{uuid.uuid4().hex}"
    page.add_init_script(f"""(() => {{
      if (sessionStorage.getItem('{flag}')) return;
      sessionStorage.setItem('{flag}', '1');
      localStorage.clear();
    }})();""")
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)


def flow_smoke(page, site: str) -> None:
    """smoke.html imports every engine module."""
    page.goto(site + "smoke.html")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)
    assert page.get_attribute("body", "data-engine") == "ok", page.inner_text("#out")


def flow_computer(page, site: str) -> None:
    """A whole game against the computer (easy), then hard with tactics: a few turns, a hint."""
    from tools.table import Driver, play_turn, start_new_game

    _fresh(page, site + "index.html" + QUERY)
    start_new_game(page, opponent="ai", level="easy")
    Driver(page, seed=3).play_until_over()
    page.keyboard.press("Escape")
    start_new_game(page, opponent="ai", level="hard", tactics=True, expert=True, rounds=3)
    for seed in range(2):
        play_turn(page, seed=seed)
    page.click("#btn-hint")
    page.wait_for_selector('#btn-hint[aria-pressed="true"]', timeout=BOOT_MS)  # the hint came
    start_new_game(page, opponent="ai", level="medium")
    play_turn(page, seed=5)


def flow_friend(page, site: str) -> None:
    """Two players on one device, tactic cards, a match of 3: a dozen turns, the claims list."""
    from tools.table import Driver, start_new_game, take_device

    _fresh(page, site + "index.html" + QUERY)
    start_new_game(page, opponent="human", tactics=True, rounds=3)
    driver = Driver(page, seed=7)
    for _ in range(60):
        if driver.finished():
            break
        driver.step()
    take_device(page)
    if not page.locator("dialog[open]").count():
        page.click("#btn-stones")
        page.keyboard.press("Escape")


def flow_replay(page, site: str) -> None:
    """The replay of a game, its record downloaded and opened again."""
    from tools.table import play_turn, start_new_game

    _fresh(page, site + "index.html" + QUERY)
    start_new_game(page, opponent="ai", level="easy")
    for seed in range(3):
        play_turn(page, seed=seed)
    page.click("#btn-games")
    page.click("#games-replay")
    page.wait_for_selector("#replay-bar", state="visible")  # js/replay.js: on first use
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.click("#replay-exit")
    with page.expect_download() as dl:
        page.click("#btn-games")
        page.click("#games-download")
    record = Path(dl.value.path()).read_text()
    page.set_input_files(
        "#games-file",
        files=[{"name": "game.json", "mimeType": "application/json", "buffer": record.encode()}],
    )
    page.select_option("#replay-mode", "open")
    page.click("#replay-exit")


def flow_lesson(page, site: str) -> None:
    """The first-visit welcome (or, after other flows, the header's Learn to play): the
    first lesson's first steps, left; the tactic cards' lesson begun."""
    url = site + "index.html" + QUERY
    if page.url == url:  # after other flows in this page
        page.click("#btn-learn")
        page.click('#learn-list li[data-lesson="basics"] button')
    else:
        _fresh(page, url)
        page.wait_for_selector("#new-welcome", state="visible")
        page.click("#welcome-learn")
    page.wait_for_selector('#lesson[data-step="0"]', state="visible", timeout=30_000)
    page.click('#hand .card[data-card="R9"]')
    page.click('#board .lane[data-stone="4"] .stone')
    page.wait_for_selector('#lesson[data-step="0"][data-state="done"]', state="visible")
    page.click("#lesson-leave")
    page.click("#btn-learn")
    page.click('#learn-list li[data-lesson="tactics"] button')
    page.wait_for_selector(
        '#lesson[data-lesson="tactics"][data-state="todo"]', state="visible", timeout=30_000
    )
    page.wait_for_selector("body:not(.ai-thinking)", state="attached")


def flow_embed(page, site: str) -> None:
    """The blog embed against the computer (started at once), one turn."""
    from tools.table import play_turn

    page.goto(site + "embed.html?autostart=1&opponent=ai&save=trace&aipause=40")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)
    play_turn(page, seed=2)


FLOWS = {
    "smoke": flow_smoke,
    "computer": flow_computer,
    "friend": flow_friend,
    "replay": flow_replay,
    "lesson": flow_lesson,
    "embed": flow_embed,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="print, do not write")
    args = parser.parse_args()
    os.environ["SCHOTTEN_STDLIB"] = "trace"
    os.environ.setdefault("SCHOTTEN_DIST", "dist-trace")
    from playwright.sync_api import sync_playwright

    import build
    from sitebuild.stdlib import MODULES_FILE, traced_modules
    from tools.chromium import CHROMIUM, CHROMIUM_ARGS

    build.build(dev_pages=True)
    server = build.serve_in_thread(prefix="/schotten-totten/")
    site = build.url_of(server)
    seen: set[str] = set()

    def on_console(msg):
        text = msg.text
        if text.startswith("st-import "):
            seen.add(text.split(" ", 1)[1])

    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name, flow in FLOWS.items():
                if name == "smoke":  # smoke.html boots Pyodide's full standard library
                    continue
                context = browser.new_context(accept_downloads=True)
                context.set_default_timeout(30_000)
                page = context.new_page()
                page.on("console", on_console)
                page.on("worker", lambda w: w.on("console", on_console))
                before = len(seen)
                flow(page, site)
                print(f"{name:9} {len(seen) - before:4} new modules ({len(seen)} in all)")
                context.close()
            browser.close()
    finally:
        server.stop()
    ours = ("engine", "js", "pyscript", "pyodide_js")  # not in the archive: never needed
    seen = {n for n in seen if n and n.split(".")[0] not in ours}
    missing = sorted(seen - set(traced_modules()))
    print(f"{len(seen)} modules imported; not yet in {MODULES_FILE.name}: {json.dumps(missing)}")
    if not args.check:
        head = (
            "# Standard-library modules the game imports in the browser, one a line: written by\n"
            "# tools/trace_imports.py (build.py ships only these; sitebuild/stdlib.py).\n"
        )
        MODULES_FILE.write_text(head + "".join(f"{n}\n" for n in sorted(seen)))
        print(f"wrote {MODULES_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
