#!/usr/bin/env python3
"""CPU seconds a page boot costs Chromium (its whole process tree, from /proc), the cost the
browser tests pay per boot (not a test; docs/performance.md, "The test command").

    python bench/boot_cpu.py [--runs 4]

Per run, in one Chromium with the service worker blocked (as e2e/conftest.py does):

  made      a fresh context's first visit, which then makes a Python snapshot (waited for)
  none      a fresh context whose IndexedDB refuses the snapshot's database
            (tools/chromium.py NO_SNAPSHOTS, what the browser tests do): Python starts as usual
  used      a second visit in the context of "made": Python from that snapshot

CPU time, not wall time, so a busy machine moves the figures less (still some: a busy CPU's
caches). Medians, and each as a ratio of "made" in the same runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build
from tools.chromium import CHROMIUM, CHROMIUM_ARGS, NO_SNAPSHOTS

TICK = os.sysconf("SC_CLK_TCK")
READY = 'body[data-ready="1"]'
SETTLED = "() => document.documentElement.dataset.snapshot !== 'pending'"


def tree_cpu(root: int) -> float:
    """User and system seconds of root's descendants, with their reaped children's."""
    children: dict[int, list[tuple[int, list[str]]]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        children.setdefault(int(fields[1]), []).append((int(entry), fields))
    total, todo = 0, [root]
    while todo:
        for pid, fields in children.get(todo.pop(), []):
            total += sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
            todo.append(pid)
    return total / TICK


def boot(context, url: str) -> float:
    before = tree_cpu(os.getpid())
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=180_000)
    page.wait_for_function(SETTLED, timeout=60_000)
    page.close()
    return tree_cpu(os.getpid()) - before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=4)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    build.build(quiet=True)
    server = build.serve_in_thread(port=0, prefix="/schotten-totten/")
    url = build.url_of(server) + "index.html"
    seconds: dict[str, list[float]] = {"made": [], "none": [], "used": []}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            for run in range(args.runs):
                made = browser.new_context(service_workers="block")
                seconds["made"].append(boot(made, url))
                seconds["used"].append(boot(made, url))
                made.close()
                none = browser.new_context(service_workers="block")
                none.add_init_script(NO_SNAPSHOTS)
                seconds["none"].append(boot(none, url))
                none.close()
                figures = ", ".join(f"{k} {v[-1]:.2f}" for k, v in seconds.items())
                print(f"run {run + 1}: {figures}")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    reference = statistics.median(seconds["made"])
    print(f"load average {os.getloadavg()[0]:.1f}; median CPU seconds of a boot:")
    for name, values in seconds.items():
        middle = statistics.median(values)
        print(f"  {name:5} {middle:5.2f} s  {middle / reference:.2f}x made")


if __name__ == "__main__":
    main()
