#!/usr/bin/env python3
"""Hard's search shared by several AI workers in Chromium, against one worker (not a test).

    python bench/ai_workers.py [--workers 2] [--decisions 20] [--time 1.0]

Builds dist/, serves it and opens index.html?ai_workers=N in Debian's Chromium (headless).
Once all N workers have started, each of ``tools.ai_speed.positions(D)``'s play decisions is
sent twice through the page's own path (web/js/ai.js, ``window.__aiDecide``), in alternating
order: once shared by the N workers (each searching its own worlds for the whole budget, the
first merging: ai_worker.py ``share`` / ``merge``), once by the first worker alone
(``choose``), both with the same budget ``{"time": T}`` and seed. Per decision it records the
worlds searched (``iterations``: all workers' together) and the round trip seen by the page.

Printed: the median and total iterations per decision and per second of round trip for one
worker and for N, and their ratio (the speed-up the device's cores give the search). The
load average is printed too: with N workers on a machine with N cores or fewer, the workers
share the cores with the page and each other.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # repo-root build.py
from tools.ai_speed import positions
from tools.chromium import CHROMIUM, table_page

TIMEOUT_MS = 180_000

DECIDE = """async (req) => {
  const t0 = performance.now();
  const answer = await window.__aiDecide(JSON.parse(req));
  return { ...answer, trip: performance.now() - t0 };
}"""


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def run(workers: int, views: list[dict], seconds: float) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {"one": [], "shared": []}
    with table_page(f"aipause=0&ai_workers={workers}", TIMEOUT_MS) as page:
        page.wait_for_function("() => typeof window.__aiDecide === 'function'")

        def decide(i: int, shared: bool) -> dict:
            req = {
                "view": views[i],
                "seed": i,
                "level": "hard",
                "shared": shared,
                "budget": {"time": seconds},
                "seat": views[i]["player"],
            }
            return page.evaluate(DECIDE, json.dumps(req))

        for _ in range(60):  # untimed: start every worker and build its tables
            if decide(0, True)["workers"] == workers:
                break
            page.wait_for_timeout(1000)
        else:
            raise RuntimeError(f"the {workers} workers did not all start")
        decide(0, False)
        for i in range(len(views)):
            order = (True, False) if i % 2 == 0 else (False, True)
            for shared in order:
                r = decide(i, shared)
                out["shared" if shared else "one"].append(r)
                print(
                    f"  {i + 1:3d}/{len(views)} {'shared' if shared else 'one   '}:"
                    f" {r['trip']:6.0f} ms, {r['iterations']} iterations,"
                    f" {r['workers']} worker(s)",
                    file=sys.stderr,
                )
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python bench/ai_workers.py")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--decisions", type=int, default=20)
    ap.add_argument("--time", type=float, default=1.0, help="Hard's time budget per decision (s)")
    args = ap.parse_args(argv)
    if not os.path.exists(CHROMIUM):
        print(f"{CHROMIUM} is missing: run scripts/install-test-deps.sh", file=sys.stderr)
        return 2
    build.build(quiet=True)
    views = positions(args.decisions)
    before = load()
    got = run(args.workers, views, args.time)
    after = load()
    # Decisions both ways searched (a decision by rule counts no worlds either way).
    pairs = [
        (o, s) for o, s in zip(got["one"], got["shared"]) if o["iterations"] and s["iterations"]
    ]
    print(
        f"{len(pairs)} Hard decisions searched both ways, budget {args.time} s, "
        f"{os.cpu_count()} CPUs (load average {before} before, {after} after)"
    )
    row = "{:<30}{:>12}{:>12}{:>8}"
    print(row.format("", "1 worker", f"{args.workers} workers", "ratio"))
    for label, f in (
        ("median iterations/decision", lambda rs: statistics.median(r["iterations"] for r in rs)),
        (
            "iterations per s of round trip",
            lambda rs: sum(r["iterations"] for r in rs) / sum(r["trip"] / 1000 for r in rs),
        ),
        ("median round trip, ms", lambda rs: statistics.median(r["trip"] for r in rs)),
    ):
        one = f([o for o, _ in pairs])
        shared = f([s for _, s in pairs])
        print(row.format(label, f"{one:.0f}", f"{shared:.0f}", f"{shared / one:.2f}x"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
