#!/usr/bin/env python3
"""Where a returning visit's time goes until the table before Python (not a test): one
returning visit on the tablet profile, traced with Chromium's performance trace.

    nice -n 19 python bench/trace_returning.py [--dist DIR] [--min-ms 25] [--first | --playable]
        [--page PAGE]

A first visit (unthrottled) stores the service worker's files and Python's snapshot; the
browser is restarted and a returning visit on the tablet profile (bench/boot_tablet.py's)
is traced until its table before Python shows (body[data-quick]; --first: a first visit until
the welcome's choices, body[data-early]; --playable: a first visit until its table is playable,
body[data-ready], with when each file was asked for and arrived and PyScript's steps;
--page: another page so traced, also boot_tablet.py --floors' bare-first.html and the like).
Printed: the page's main-thread tasks of at least --min-ms (wall time, from navigation) with
what they did (parse, style, layout, a module's compilation, a request's start...), then the
JavaScript functions that took the most time until then (V8's sampling profiler: self time,
and time including callees). Times are as slow as the machine: on a loaded machine compare
items with one another, not with a target.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import boot_tablet

import build
from tools.chromium import CHROMIUM, CHROMIUM_ARGS

CATEGORIES = (
    "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading,"
    "blink.user_timing,disabled-by-default-v8.cpu_profiler"
)
SKIP = {"RunTask", "ThreadControllerImpl::RunTask", "V8.BytecodeBudgetInterrupt"}


def traced_visit(context, url: str, flag: str) -> tuple[list, float]:
    page = context.pages[0] if context.pages else context.new_page()
    cdp = context.new_cdp_session(page)
    events: list = []
    done: list = []
    cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
    cdp.on("Tracing.tracingComplete", lambda e: done.append(1))
    tablet = boot_tablet.PROFILES["tablet"]
    cdp.send("Network.enable")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": tablet["cpu"]})
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": tablet["latency"],
            "downloadThroughput": tablet["down"],
            "uploadThroughput": tablet["up"],
        },
    )
    cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
    page.goto(url, wait_until="commit", timeout=boot_tablet.TIMEOUT_MS)
    page.wait_for_function(f"window.{flag} !== undefined", timeout=boot_tablet.TIMEOUT_MS)
    at = page.evaluate(f"window.{flag}")
    if flag == "__readyAt":
        print_arrivals(page.evaluate(ARRIVALS))
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(100)
    return events, at


# PyScript's steps (py:progress) and every file's request: asked for, first byte, last byte.
STEPS = """window.__steps = [];
addEventListener("py:progress", (e) => window.__steps.push([String(e.detail), performance.now()]));
"""
ARRIVALS = """(() => ({
  steps: window.__steps,
  files: performance.getEntriesByType("resource").map((e) => [
    e.name.split("/").slice(4).join("/").split("?")[0], e.startTime, e.responseStart,
    e.responseEnd, e.transferSize]),
}))()"""


def print_arrivals(got: dict) -> None:
    """The files (asked for, first byte, last byte, bytes moved) and PyScript's steps, in
    order of time (ms from navigation)."""
    rows = [(t, f"PyScript: {step}") for step, t in got["steps"]]
    rows += [
        (start, f"{name}: first byte {first:.0f}, last {end:.0f} ({size} B)")
        for name, start, first, end, size in got["files"]
    ]
    print("Files (asked for at; first and last byte) and PyScript's steps, ms:")
    for at, what in sorted(rows):
        print(f"  {at:7.0f}  {what}")


def main_thread(events: list) -> tuple[float, int]:
    nav = [
        e
        for e in events
        if e["name"] == "navigationStart"
        and e.get("args", {}).get("data", {}).get("isLoadingMainFrame")
        and boot_tablet.PREFIX in e["args"]["data"].get("documentLoaderURL", "")
    ][-1]
    return nav["ts"], nav["pid"]


def print_tasks(events: list, until: float, min_ms: float) -> None:
    t0, pid = main_thread(events)
    xs = sorted(
        (e for e in events if e["pid"] == pid and e["tid"] == pid and e.get("ph") == "X"),
        key=lambda e: (e["ts"], -e.get("dur", 0)),
    )
    i = 0
    while i < len(xs):
        task = xs[i]
        end = task["ts"] + task.get("dur", 0)
        j = i + 1
        while j < len(xs) and xs[j]["ts"] < end:
            j += 1
        at = (task["ts"] - t0) / 1000
        if at > until:
            break
        if task.get("dur", 0) / 1000 >= min_ms:
            parts = []
            for k in xs[i:j]:
                if k["name"] in SKIP or k.get("dur", 0) < max(1500, task["dur"] * 0.1):
                    continue
                data = k.get("args", {}).get("data") or {}
                what = str(data.get("url") or data.get("styleSheetUrl") or "").split("/")[-1]
                parts.append(f"{k['name']} {k['dur'] / 1000:.0f}" + (f" ({what})" if what else ""))
            print(f"{at:7.0f} ms  +{task['dur'] / 1000:5.0f}  " + " | ".join(parts[:6]))
        i = j


def print_profile(events: list, until: float, top: int = 20) -> None:
    t0, pid = main_thread(events)
    heads = [e for e in events if e["name"] == "Profile" and e["pid"] == pid and e["tid"] == pid]
    if not heads:
        return
    head = heads[0]
    at = head["args"]["data"]["startTime"]
    nodes: dict = {}
    parent: dict = {}
    samples = []
    for e in events:
        if e["name"] != "ProfileChunk" or e.get("id") != head.get("id") or e["pid"] != pid:
            continue
        chunk = e["args"]["data"].get("cpuProfile", {})
        for n in chunk.get("nodes", []):
            nodes[n["id"]] = n
            if "parent" in n:
                parent[n["id"]] = n["parent"]
        for sample, delta in zip(chunk.get("samples", []), e["args"]["data"].get("timeDeltas", [])):
            at += delta
            samples.append((at, sample))
    own: collections.Counter = collections.Counter()
    total: collections.Counter = collections.Counter()

    def name(node_id):
        frame = nodes[node_id]["callFrame"]
        where = frame.get("url", "").split("/")[-1]
        return f"{frame['functionName'] or '(top level)'} {where}:{frame.get('lineNumber', 0) + 1}"

    for (before, _), (now, sample) in itertools.pairwise(samples):
        if (now - t0) / 1000 > until or sample not in nodes:
            continue
        dt = (now - before) / 1000
        own[name(sample)] += dt
        seen = set()
        node = sample
        while node in nodes:
            key = name(node)
            if key not in seen:
                total[key] += dt
                seen.add(key)
            node = parent.get(node)
    print("\nJavaScript until then, self time (ms):")
    for key, ms in own.most_common(top):
        print(f"  {ms:7.0f}  {key}")
    print("including callees (ms):")
    for key, ms in total.most_common(top):
        print(f"  {ms:7.0f}  {key}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=None, help="a built site (default: build)")
    parser.add_argument("--min-ms", type=float, default=25)
    parser.add_argument("--first", action="store_true", help="a first visit, to the welcome")
    parser.add_argument(
        "--playable", action="store_true", help="a first visit, until its table is playable"
    )
    parser.add_argument(
        "--page",
        default="index.html",
        help="with --playable: another page of the site, or one of boot_tablet.py --floors' "
        "(bare-first.html, bare-snap.html, pyodide-first.html), traced until ready",
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    directory = args.dist or build.build(dev_pages=True)
    floors = tempfile.TemporaryDirectory(prefix="trace-floors-")
    if not (directory / args.page.split("?")[0]).is_file():
        directory = boot_tablet.floor_site(directory, Path(floors.name))
    build.precompress(directory.resolve())  # as a CDN: nothing gzipped while asked for
    server = build.serve_in_thread(directory=directory, prefix=boot_tablet.PREFIX, gzip=True)
    url = build.url_of(server) + args.page
    try:
        with floors, sync_playwright() as pw, tempfile.TemporaryDirectory() as folder:

            def launch():
                context = pw.chromium.launch_persistent_context(
                    folder, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                context.add_init_script(boot_tablet.PROBE)
                context.add_init_script(STEPS)
                return context

            context = launch()
            if not (args.first or args.playable):
                page = context.pages[0]
                page.goto(url)
                page.wait_for_function("window.__readyAt !== undefined", timeout=180_000)
                page.wait_for_function("navigator.serviceWorker.controller !== null")
                page.wait_for_selector('html[data-snapshot="stored"]', state="attached")
                page.wait_for_timeout(3000)
                context.close()
                context = launch()
            flag = "__readyAt" if args.playable else "__earlyAt" if args.first else "__quickAt"
            events, at = traced_visit(context, url, flag)
            context.close()
    finally:
        server.stop()
    what = (
        "the table playable"
        if args.playable
        else "the welcome's choices"
        if args.first
        else "the table before Python"
    )
    print(f"{what} shown {at:.0f} ms after navigation; main-thread tasks until then:")
    print_tasks(events, at, args.min_ms)
    print_profile(events, at)
    return 0


if __name__ == "__main__":
    sys.exit(main())
