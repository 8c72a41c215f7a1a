#!/usr/bin/env python3
"""The computer's first move in WebKitGTK (Safari's engine), timed from the moment the table is
playable (not a test).

    python bench/webkit_first_move.py [--runs 5] [--baseline DIST]

Per run, a fresh WebKit profile (MiniBrowser through WebKitWebDriver under an Xvfb display,
as e2e/test_webkit.py drives it) opens a first visit of the game (index.html?aipause=0: the
pause that lets a person follow the computer's move left out), and as soon as the table is
playable deals a game in which the computer starts. Measured in the page
(tools/engine_probe.js): ready (body[data-ready="1"]) to the computer's first card on the table,
and ready to its worker's being ready.

Two setups alternate in the same runs: "game", the site as built (a level without a search
is worked out on the page while the AI's worker is starting, web/js/ai.js), and "worker",
the same site with every move left to the worker (that path switched off: how it was
before). Printed: the medians of each, and of the ratio game / worker of the first move.
--baseline DIST: "base", another build's dist/ (e.g. main's), instead of "worker"; the
ratios game / base of the first move and of the worker's ready. Each run also prints
<html data-ai-wasm> ("-" where the build does not set it): whether the worker's Pyodide used
the WebAssembly the page compiled, in session 25's experiment (branch s25-wasm25, reverted:
docs/performance.md, "The worker on the tablet profile, and Pyodide's WebAssembly handed to
it").
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build
from tools.other_browsers import probed_site, webkit_driver, xvfb_display

PREFIX = "/schotten-totten/"
TIMEOUT_S = 180
PAGE_PATH = "if (!request.hint && !workers[0]?.ready"


def worker_only_site(folder: Path) -> Path:
    """The probed site with every move left to the worker (web/js/ai.js's page path off)."""
    probed_site(folder)
    ai = folder / "js" / "ai.js"
    text, n = re.subn(re.escape(PAGE_PATH), lambda m: "if (false", ai.read_text())
    if n != 1:
        raise SystemExit(f"web/js/ai.js: expected {PAGE_PATH!r} once")
    ai.write_text(text)
    build.write_service_worker(folder)
    return folder


def wait(driver, script: str, what: str):
    deadline = time.monotonic() + TIMEOUT_S
    while not (value := driver.execute_script(f"return {script}")):
        if time.monotonic() > deadline:
            raise SystemExit(f"{what}: not within {TIMEOUT_S} s")
        time.sleep(0.02)
    return value


def measure(display: str, url: str, home: Path) -> dict:
    driver = webkit_driver(display, home)
    try:
        driver.get(url + "index.html?aipause=0")
        wait(driver, "window.__smoke && window.__smoke.times.ready", "ready")
        driver.execute_script("""
            const times = window.__smoke.times;
            window.__aiWorker().then(() => { times.worker = performance.now(); });
            document.querySelector('#dlg-new input[name="starter"][value="1"]').click();
            document.querySelector('#new-start').click();""")
        wait(driver, "window.__smoke.times.computerCard", "the computer's first move")
        wait(driver, "window.__smoke.times.worker", "the AI's worker")
        times = driver.execute_script("return window.__smoke.times")
        errors = driver.execute_script("return window.__smoke.errors")
        wasm = driver.execute_script("return document.documentElement.dataset.aiWasm || '-'")
        if errors:
            raise SystemExit(f"errors on the page: {errors}")
    finally:
        driver.quit()
    return {
        "ready": times["ready"] / 1000,
        "move": (times["computerCard"] - times["ready"]) / 1000,
        "worker": max(0.0, times["worker"] - times["ready"]) / 1000,
        "wasm": wasm,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="another build's dist/: setup 'base'")
    args = parser.parse_args()
    build.build(quiet=True)
    other = "base" if args.baseline else "worker"
    print(f"load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    results: dict[str, list[dict]] = {"game": [], other: []}
    with tempfile.TemporaryDirectory() as tmp, xvfb_display() as display:
        tmp = Path(tmp)
        sites = {
            "game": probed_site(tmp / "game"),
            other: probed_site(tmp / "base", args.baseline)
            if args.baseline
            else worker_only_site(tmp / "worker"),
        }
        servers = {
            k: build.serve_in_thread(port=0, directory=v, prefix=PREFIX) for k, v in sites.items()
        }
        try:
            for run in range(args.runs):
                order = ["game", other] if run % 2 == 0 else [other, "game"]
                for setup in order:
                    r = measure(display, build.url_of(servers[setup]), tmp / f"p{run}{setup}")
                    results[setup].append(r)
                    print(
                        f"run {run + 1} {setup:6}: ready {r['ready']:.2f} s, worker ready "
                        f"+{r['worker']:.2f} s (wasm {r['wasm']}), first computer move "
                        f"+{r['move']:.2f} s",
                        flush=True,
                    )
        finally:
            for server in servers.values():
                server.stop()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\nmedians (seconds after the table is playable; load average {load}):")
    for setup, rows in results.items():
        print(
            f"  {setup:6}: ready at {statistics.median(r['ready'] for r in rows):.2f} s, "
            f"worker +{statistics.median(r['worker'] for r in rows):.2f}, "
            f"first computer move +{statistics.median(r['move'] for r in rows):.2f}"
        )
    for key, what in (("move", "first move"), ("worker", "worker ready")):
        ratios = [g[key] / w[key] for g, w in zip(results["game"], results[other]) if w[key]]
        print(
            f"  {what} game / {other}: {statistics.median(ratios):.2f}x "
            f"(per run {', '.join(f'{x:.2f}' for x in ratios)})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
