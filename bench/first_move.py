#!/usr/bin/env python3
"""The computer's first move in Chromium, timed from the moment the table is playable, on the
tablet profile (and the desktop's), on a first and a returning visit (not a test).

    nice -n 19 python bench/first_move.py [--runs 3] [--profiles tablet,desktop]
                                          [--levels easy,hard]

Per run, profile and level, a fresh Chromium profile (bench/boot_tablet.py's throttling and
serving: gzipped, the service worker on) opens the game (index.html?aipause=0: the 0.7 s
pause that lets a person follow the computer's move left out, as bench/webkit_first_move.py
does) and, in the page, as soon as the table is playable (body[data-ready="1"]), deals a game
at that level in which the computer starts, through the new-game dialog. Measured in the page:
ready to the computer's first card on the table. Visit 1 is a first visit; visit 2 the
browser started again on the same profile, once its service worker has every file (a
returning player). Easy and Medium decide on the page while the AI's worker starts; Hard
searches in the worker (web/js/ai.js), so its first move waits for the worker's Python.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from boot_tablet import PREFIX, TIMEOUT_MS, throttle

import build
from tools.chromium import CHROMIUM, CHROMIUM_ARGS

# At ready: the new-game dialog filled in (the computer starts, at the level) and Deal
# pressed, twice if a game in progress asks to be abandoned; then when the computer's first
# card is on the new game's table (performance.now ms).
DEAL_AT_READY = """(level) => {
  window.__firstMove = {};
  const times = window.__firstMove;
  const deal = () => {
    times.ready = performance.now();
    const dialog = document.querySelector("#dlg-new");
    const pick = (name, value) => {
      dialog.querySelector(`input[name="${name}"][value="${value}"]`).checked = true;
    };
    pick("opponent", "ai");
    pick("ai_level", level);
    pick("starter", "1");
    const start = document.querySelector("#new-start");
    const cards = () => document.querySelectorAll('#board .side[data-seat="1"] .card').length;
    let cleared = false;  // the new game's empty board seen (a returning visit had cards)
    const look = (observer) => {
      if (!cards()) cleared = true;
      else if (cleared) { times.card = performance.now(); observer?.disconnect(); }
    };
    start.form.requestSubmit(start);
    if (!document.querySelector("#new-note").hidden) start.form.requestSubmit(start);  // abandon
    look(null);
    new MutationObserver((_, observer) => look(observer))
      .observe(document.body, { subtree: true, childList: true });
  };
  if (document.body.dataset.ready === "1") deal();
  else new MutationObserver((_, observer) => {
    if (document.body.dataset.ready === "1") { observer.disconnect(); deal(); }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}"""


def first_move(context, url: str, profile: str, level: str) -> float:
    """One visit: seconds from a playable table to the computer's first card."""
    page = context.pages[0] if context.pages else context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    throttle(cdp, profile)
    page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_selector("body", state="attached", timeout=TIMEOUT_MS)
    page.evaluate(DEAL_AT_READY, level)
    page.wait_for_function("window.__firstMove.card !== undefined", timeout=TIMEOUT_MS)
    times = page.evaluate("window.__firstMove")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return (times["card"] - times["ready"]) / 1000


def visits(playwright, profile: str, level: str) -> tuple[float, float]:
    """A first visit, then a returning one on the same browser profile."""
    server = build.serve_in_thread(directory=build.DIST, prefix=PREFIX, gzip=True)
    url = build.url_of(server) + "index.html?aipause=0"
    try:
        with tempfile.TemporaryDirectory(prefix="first-move-") as folder:
            got = []
            for n in (1, 2):
                context = playwright.chromium.launch_persistent_context(
                    folder, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                try:
                    got.append(first_move(context, url, profile, level))
                    if n == 1:  # a returning player: every file in the service worker's cache
                        context.pages[0].wait_for_function(
                            "document.documentElement.dataset.sw === 'offline'",
                            timeout=TIMEOUT_MS,
                        )
                finally:
                    context.close()
            return got[0], got[1]
    finally:
        server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", default="tablet,desktop")
    parser.add_argument("--levels", default="easy,hard")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    build.build(dev_pages=True)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{args.runs} runs; load average {load} on {os.cpu_count()} CPUs")
    got: dict = {}
    with sync_playwright() as playwright:
        for run in range(args.runs):
            for profile in args.profiles.split(","):
                for level in args.levels.split(","):
                    first, back = visits(playwright, profile, level)
                    got.setdefault((profile, level), []).append((first, back))
                    print(f"  run {run + 1} {profile:7} {level:6} {first:.2f} s, {back:.2f} s")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\nMedians of {args.runs} (load average {load} at the end), ready to the first card:")
    for (profile, level), pairs in got.items():
        first = statistics.median(p[0] for p in pairs)
        back = statistics.median(p[1] for p in pairs)
        print(f"{profile:8} {level:6} first visit {first:.2f} s, returning visit {back:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
