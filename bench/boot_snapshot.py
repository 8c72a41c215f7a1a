#!/usr/bin/env python3
"""Returning visits with and without the Python snapshot, in turn, on one browser profile
(not a test).

    nice -n 19 python bench/boot_snapshot.py [--visits 6] [--profiles desktop,tablet]

Per profile (bench/boot_tablet.py's: desktop, or tablet: CPU 4x and a mobile network), one
fresh Chromium profile and a server of its own (gzip, as GitHub Pages): a first visit deals
a game against the computer and waits until the service worker holds the site and the
snapshot of Python is stored (js/snapshot.js). Then 2 x VISITS returning visits, the
browser restarted before each, alternating the game (``index.html``: Python from the
snapshot) and the same game told not to use it (``index.html?snapshot=off``), so that both
meet the same caches and the same machine. Measured per visit: navigation to a playable
table (body[data-ready="1"]), and Python's start alone, PyScript's "Loading interpreter" to
"Loaded interpreter" (loadPyodide: from the snapshot, or starting CPython; the game's
modules imported, in the snapshot's case, before it was made).

Printed: each visit, then per profile the medians and the ratio with / without.
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
from boot_tablet import PREFIX, PROBE, PROFILES, TIMEOUT_MS, visit

import build
from tools.chromium import CHROMIUM, CHROMIUM_ARGS

STEPS = (
    PROBE
    + """
window.__steps = {};
addEventListener("py:progress", (e) => { window.__steps[String(e.detail)] = performance.now(); });
"""
)


def one(playwright, folder: str, url: str, profile: str) -> dict:
    context = playwright.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    try:
        context.add_init_script(STEPS)
        out = visit(context, url, profile)
        page = context.pages[0]
        steps = page.evaluate("window.__steps")
        out["python"] = page.evaluate("document.documentElement.dataset.python")
        out["interpreter"] = (steps["Loaded interpreter"] - steps["Loading interpreter"]) / 1000
        page.wait_for_timeout(1000)
        return out
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=6)
    parser.add_argument("--profiles", default="desktop,tablet")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from tools.table import start_new_game

    build.build(dev_pages=True)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{args.visits} visits of each, load average {load} on {os.cpu_count()} CPUs")
    med = statistics.median
    with sync_playwright() as playwright:
        for profile in args.profiles.split(","):
            assert profile in PROFILES, profile
            server = build.serve_in_thread(prefix=PREFIX, gzip=True)
            url = build.url_of(server) + "index.html"
            got: dict[str, list[dict]] = {"snapshot": [], "off": []}
            try:
                with tempfile.TemporaryDirectory(prefix="boot-snapshot-") as folder:
                    context = playwright.chromium.launch_persistent_context(
                        folder, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                    )
                    page = context.pages[0]
                    page.goto(url)
                    page.wait_for_selector('body[data-ready="1"]', state="attached")
                    start_new_game(page, opponent="ai")
                    page.wait_for_function(
                        "navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS
                    )
                    page.wait_for_selector(
                        'html[data-snapshot="stored"]', state="attached", timeout=TIMEOUT_MS
                    )
                    page.wait_for_timeout(3000)
                    context.close()
                    for n in range(args.visits):
                        order = ("snapshot", "off") if n % 2 == 0 else ("off", "snapshot")
                        for kind in order:
                            target = url if kind == "snapshot" else url + "?snapshot=off"
                            r = one(playwright, folder, target, profile)
                            assert r["python"] == ("snapshot" if kind == "snapshot" else "started")
                            got[kind].append(r)
                            print(
                                f"  {profile:7} {kind:8}: ready {r['ready']:.2f} s, "
                                f"Python's start {r['interpreter']:.2f} s",
                                flush=True,
                            )
            finally:
                server.stop()
            for key, label in (("ready", "to a playable table"), ("interpreter", "Python's start")):
                snap = med(r[key] for r in got["snapshot"])
                off = med(r[key] for r in got["off"])
                print(
                    f"{profile:8} {label:20} snapshot {snap:.2f} s, without {off:.2f} s: "
                    f"{snap / off:.2f}x"
                )
    load_end = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average at the end {load_end}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
