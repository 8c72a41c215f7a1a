#!/usr/bin/env python3
"""CPU seconds of a page boot in Chromium under other browser flags, split by process type
(not a test; docs/performance.md, "V8 without TurboFan in the browser tests").

    python bench/boot_flags.py [--variants base,liftoff,inproc,nosite,budget] [--runs 3]

Each run launches one Chromium per variant (tools/chromium.py's flags plus the variant's),
in an order alternating from run to run; in it one boot not counted (the browser's own
start), then a fresh context's boot as the browser tests make it (service worker blocked, no
Python snapshot: tools/chromium.py NO_SNAPSHOTS), until the table is ready and 1.5 s more
(the work the boot left running). The CPU of the browser's processes from /proc, by their
``--type`` (renderer, gpu-process, the network service...). Medians per variant, and each
as a ratio of the first variant in the same runs.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build
from tools.chromium import CHROMIUM, CHROMIUM_ARGS, LIFTOFF_ONLY, NO_SNAPSHOTS

TICK = os.sysconf("SC_CLK_TCK")
READY = 'body[data-ready="1"]'
VARIANTS = {
    "base": [],
    "liftoff": [LIFTOFF_ONLY],  # V8 without TurboFan (the browser tests' choice)
    "inproc": ["--in-process-gpu"],
    "nosite": ["--disable-site-isolation-trials", "--disable-features=site-per-process"],
    "budget": ["--js-flags=--wasm-tiering-budget=7200000"],  # 4x V8's default
}


def cpu_of_tree(root: int) -> dict[int, tuple[str, float]]:
    """{pid: (Chromium process type, CPU seconds)} of root's descendants alive now (their
    own time: a process that ended, a closed context's renderer, is not counted again in
    its parent's)."""
    procs = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        seconds = (int(fields[11]) + int(fields[12])) / TICK  # utime stime
        procs[int(entry)] = (int(fields[1]), seconds, cmdline)
    children: dict[int, list[int]] = {}
    for pid, (parent, _, _) in procs.items():
        children.setdefault(parent, []).append(pid)
    tree: dict[int, tuple[str, float]] = {}
    todo = [root]
    while todo:
        for pid in children.get(todo.pop(), []):
            _, seconds, cmdline = procs[pid]
            # (Chromium's child processes rewrite their command line: one string, spaces)
            kind = re.search(r"--type=([\w-]+)", cmdline)
            sub = re.search(r"--utility-sub-type=[\w.]*?(\w+)(?:\s|\x00|$)", cmdline)
            tree[pid] = ((sub or kind).group(1) if kind else "browser and driver", seconds)
            todo.append(pid)
    return tree


def boot(browser, url: str) -> dict[str, float]:
    context = browser.new_context(service_workers="block")
    context.add_init_script(NO_SNAPSHOTS)
    before = cpu_of_tree(os.getpid())
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=180_000)
    time.sleep(1.5)  # the work the boot left running (a fixed span, the same for each)
    by_type: dict[str, float] = {}
    for pid, (kind, seconds) in cpu_of_tree(os.getpid()).items():
        by_type[kind] = by_type.get(kind, 0.0) + seconds - before.get(pid, (kind, 0.0))[1]
    context.close()
    return by_type


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="base,liftoff,inproc,nosite,budget")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    names = args.variants.split(",")
    from playwright.sync_api import sync_playwright

    build.build(quiet=True)
    server = build.serve_in_thread(port=0, prefix="/schotten-totten/")
    url = build.url_of(server) + "index.html"
    totals: dict[str, list[float]] = {name: [] for name in names}
    try:
        with sync_playwright() as pw:
            for run in range(args.runs):
                for name in names if run % 2 == 0 else names[::-1]:
                    browser = pw.chromium.launch(
                        executable_path=CHROMIUM,
                        headless=True,
                        args=[*CHROMIUM_ARGS, *VARIANTS[name]],
                    )
                    boot(browser, url)  # the browser's own start, not counted
                    split = boot(browser, url)
                    browser.close()
                    totals[name].append(sum(split.values()))
                    parts = ", ".join(f"{k} {v:.2f}" for k, v in split.items() if v >= 0.05)
                    print(f"run {run + 1} {name}: {totals[name][-1]:.2f} s ({parts})")
    finally:
        server.shutdown()
        server.server_close()
    reference = statistics.median(totals[names[0]])
    print(f"load average {os.getloadavg()[0]:.1f}; median CPU seconds of a boot:")
    for name, values in totals.items():
        middle = statistics.median(values)
        print(f"  {name:8} {middle:5.2f} s  {middle / reference:.2f}x {names[0]}")


if __name__ == "__main__":
    main()
