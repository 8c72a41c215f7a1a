#!/usr/bin/env python3
"""First and returning visits on a desktop and a tablet profile, game against bare Pyodide,
with the bytes the browser actually moved (not a test).

    nice -n 19 python bench/boot_tablet.py [--runs 3] [--profiles desktop,tablet]
    python bench/boot_tablet.py --bytes     # only the first visit's bytes until playable, by
                                            # file (exact on a loaded machine too)

Pages: game (index.html), game without its Python snapshot (index.html?snapshot=off: the
game as it was before js/snapshot.js, the same build) and bare (below).

Profiles (DevTools protocol, on the page before it navigates):
  desktop  no throttling
  tablet   CPU slowed 4x (Emulation.setCPUThrottlingRate) and a mobile network: 9 Mbit/s
           down, 1.5 Mbit/s up, 150 ms latency (Network.emulateNetworkConditions)

The site is served gzipped as GitHub Pages serves it (text, scripts, JSON and WebAssembly;
not the zip archives: sitebuild/server.py, gzip=True). Per run, profile and page (game:
index.html; bare: bare.html, the same vendored Pyodide booted by PyScript with an empty
script and Pyodide's full standard library), in a fresh Chromium profile of its own:

  visit 1   navigation to ready (body[data-ready="1"]: for the game, a playable table), and
            for the game also to its first-visit choices (body[data-early="1"], js/early.js);
            bytes: the sum of Network.loadingFinished's encodedDataLength (headers and
            compressed bodies, as they came over the wire) of the page's requests until ready
            (the first visit deals a game against the computer, as the page does, and keeps
            its table for the next visit: js/quick.js)
  visit 2   the browser closed and started again on the same profile (a returning player),
            the server still up: the game from its service worker (and its Python from the
            memory snapshot visit 1 stored, waited for before the browser closed; not with
            ?snapshot=off), bare from the HTTP cache; for the game also when the table before
            Python shows (body[data-quick="1"]) and when a tap on a hand card, made at that
            moment, is answered (its stones offered)

Printed: the game's first visit until playable by what the bytes are (Pyodide, its standard
library, PyScript, game.zip, the parts loaded on first use: none, the page's own files), then
medians per profile and page, the ratios game / bare and nosnap / bare of the
medians, with the per-run ratios, and game / nosnap. The order of the pages alternates
from run to run.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build
from tools.chromium import CHROMIUM, CHROMIUM_ARGS

TIMEOUT_MS = 180_000
PREFIX = "/schotten-totten/"
PROFILES = {
    "desktop": None,
    "tablet": {"cpu": 4, "down": 9e6 / 8, "up": 1.5e6 / 8, "latency": 150},
}
# Notes when the page is ready, when the first-visit choices show (early), and when a
# returning visit's table before Python shows (quick: js/quick.js); at that moment it taps the
# first playable card of the hand and notes when its stones are offered (the tap answered).
PROBE = """
const flags = [["ready", "__readyAt"], ["early", "__earlyAt"], ["quick", "__quickAt"]];
for (const [flag, key] of flags) {
  new MutationObserver((_, observer) => {
    if (document.body && document.body.dataset[flag] === "1") {
      window[key] = performance.now();
      observer.disconnect();
      if (flag === "quick") setTimeout(() => {
        document.querySelector("#hand .card.playable")?.click();
        if (document.querySelector(".lane.target")) window.__offeredAt = performance.now();
      }, 0);
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: [`data-${flag}`]});
}
"""


def visit(context, url: str, profile: str) -> dict:
    page = context.pages[0] if context.pages else context.new_page()
    cdp = context.new_cdp_session(page)
    moved: dict[str, int] = {}
    urls: dict[str, str] = {}
    cdp.on(
        "Network.requestWillBeSent",
        lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]),
    )
    cdp.on(
        "Network.loadingFinished",
        lambda e: moved.__setitem__(e["requestId"], e["encodedDataLength"]),
    )
    cdp.send("Network.enable")
    throttle = PROFILES[profile]
    if throttle:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle["cpu"]})
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": throttle["latency"],
                "downloadThroughput": throttle["down"],
                "uploadThroughput": throttle["up"],
            },
        )
    page.goto(url, timeout=TIMEOUT_MS)
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS)
    until_ready = dict(moved)
    files: dict[str, int] = {}
    for request, size in until_ready.items():
        path = urls.get(request, "?").split(PREFIX, 1)[-1].split("?")[0] or "index.html"
        files[path] = files.get(path, 0) + size
    out = {
        "files": files,
        "ready": page.evaluate("window.__readyAt") / 1000,
        "early": (page.evaluate("window.__earlyAt ?? null") or 0) / 1000 or None,
        "quick": (page.evaluate("window.__quickAt ?? null") or 0) / 1000 or None,
        "offered": (page.evaluate("window.__offeredAt ?? null") or 0) / 1000 or None,
        "bytes": sum(until_ready.values()),
        "requests": len(until_ready),
    }
    if throttle:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return out


def measure(playwright, page_name: str, profile: str, visits: int = 2) -> dict:
    server = build.serve_in_thread(prefix=PREFIX, gzip=True)
    url = build.url_of(server) + page_name
    out = {}
    try:
        with tempfile.TemporaryDirectory(prefix="boot-tablet-") as folder:

            def launch():
                context = playwright.chromium.launch_persistent_context(
                    folder, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                context.add_init_script(PROBE)
                return context

            context = launch()
            try:
                out[1] = visit(context, url, profile)
                if visits == 1:
                    return out
                page = context.pages[0]
                if page_name.startswith("index.html"):  # its service worker has every file
                    page.wait_for_function(
                        "navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS
                    )
                if page_name == "index.html":  # and the snapshot of its Python is stored
                    page.wait_for_selector(
                        'html[data-snapshot="stored"]', state="attached", timeout=TIMEOUT_MS
                    )
                page.wait_for_timeout(3000)  # the same chance to store compiled code
            finally:
                context.close()
            context = launch()
            try:
                out[2] = visit(context, url, profile)
                context.pages[0].wait_for_timeout(1000)
            finally:
                context.close()
    finally:
        server.stop()
    return out


# What the first visit's bytes are, in the order printed; the rest is the page's own files
# (the page, its scripts, styles and catalogues, pyscript.json, app.py).
GROUPS = (
    ("Pyodide (pyodide.asm.wasm, .mjs)", re.compile(r"vendor/pyodide/pyodide[.]")),
    ("the game's standard library", re.compile(r"vendor/pyodide/(stdlib|pyodide-lock)")),
    ("PyScript", re.compile(r"vendor/pyscript/")),
    ("game.zip (the first table's Python)", re.compile(r"^game[.]zip$")),
    (
        "parts loaded on first use (none)",
        re.compile(r"part-\w+[.]zip|js/(duo|rtc|sdp|reconnect)[.]js|vendor/qrcode/"),
    ),
)


def breakdown(files: dict[str, int]) -> None:
    """The first visit's bytes until playable by group, then every file, largest first."""
    left = dict(files)
    print(f"The game's first visit until playable: {sum(files.values()) / 1e6:.3f} MB")
    for label, pattern in GROUPS:
        mine = {k: left.pop(k) for k in list(left) if pattern.search(k)}
        print(f"  {sum(mine.values()) / 1e6:8.3f} MB  {label} ({len(mine)} files)")
    print(f"  {sum(left.values()) / 1e6:8.3f} MB  the page's own files ({len(left)})")
    for path, size in sorted(files.items(), key=lambda kv: -kv[1]):
        print(f"      {size:9d}  {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", default="desktop,tablet")
    parser.add_argument("--bytes", action="store_true", help="only visit 1's bytes, by file")
    args = parser.parse_args()
    profiles = args.profiles.split(",")
    from playwright.sync_api import sync_playwright

    build.build(dev_pages=True)
    if args.bytes:
        with sync_playwright() as playwright:
            breakdown(measure(playwright, "index.html", "desktop", visits=1)[1]["files"])
        return 0
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{args.runs} runs, profiles {profiles}; load average {load} on {os.cpu_count()} CPUs")
    pages = {"game": "index.html", "nosnap": "index.html?snapshot=off", "bare": "bare.html"}
    got: dict = {(p, k): [] for p in profiles for k in pages}
    with sync_playwright() as playwright:
        measure(playwright, "bare.html", "desktop")  # warms the OS file cache; discarded
        for run in range(args.runs):
            for profile in profiles:
                order = list(pages) if run % 2 == 0 else list(pages)[::-1]
                for kind in order:
                    r = measure(playwright, pages[kind], profile)
                    got[profile, kind].append(r)
                    early = f", choices {r[1]['early']:.2f} s" if r[1]["early"] else ""
                    print(
                        f"  run {run + 1} {profile:7} {kind}: visit 1 {r[1]['ready']:.2f} s"
                        f"{early} ({r[1]['bytes'] / 1e6:.2f} MB, {r[1]['requests']} "
                        f"requests), visit 2 {r[2]['ready']:.2f} s",
                        flush=True,
                    )
    print()
    breakdown(got[profiles[0], "game"][0][1]["files"])
    load_end = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"\nMedians of {args.runs} runs (load average {load} at the start, {load_end} at "
        "the end); ratio = game / bare:"
    )
    print(
        f"{'profile':8} {'measure':34} {'game':>9} {'nosnap':>9} {'bare':>9} "
        f"{'game/bare':>9} {'nosnap/bare':>11} {'game/nosnap':>11}  per run (game/bare)"
    )
    med = statistics.median
    for profile in profiles:
        game, nosnap, bare = (got[profile, k] for k in ("game", "nosnap", "bare"))
        for label, key, visit_n, unit in (
            ("visit 1, navigation to ready", "ready", 1, "s"),
            ("visit 2 (returning), to ready", "ready", 2, "s"),
            ("visit 1, bytes moved until ready", "bytes", 1, "MB"),
        ):
            g, n, b = ([r[visit_n][key] for r in runs] for runs in (game, nosnap, bare))
            scale = 1e6 if unit == "MB" else 1
            per_run = ", ".join(f"{x / y:.2f}" for x, y in zip(g, b))
            print(
                f"{profile:8} {label:34} {med(g) / scale:>7.2f} {unit:<2}"
                f"{med(n) / scale:>7.2f} {unit:<2}{med(b) / scale:>7.2f} {unit:<2}"
                f"{med(g) / med(b):>8.2f}x {med(n) / med(b):>10.2f}x {med(g) / med(n):>10.2f}x"
                f"  {per_run}"
            )
        early = [r[1]["early"] for r in game if r[1]["early"]]
        if early:
            print(f"{profile:8} {'visit 1, first-visit choices shown':34} {med(early):>7.2f} s")
        for label, key in (
            ("visit 2, table before Python shown", "quick"),
            ("visit 2, a tap answered (stones)", "offered"),
        ):
            got_at = [r[2][key] for r in game if r[2][key]]
            if got_at:
                per_run = ", ".join(f"{x:.2f}" for x in got_at)
                print(f"{profile:8} {label:34} {med(got_at):>7.2f} s  (per run {per_run})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
