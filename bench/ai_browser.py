#!/usr/bin/env python3
"""AI decision time in Chromium (not a test): Hard decisions in the table's own worker.

    python bench/ai_browser.py [--decisions 30] [--time 1.0] [--json]

Builds dist/, serves it, opens index.html in Debian's Chromium (headless) and waits for the
page's AI worker (web/ai_worker.py, reached through window.__aiWorker). It then sends the
worker, one at a time, the play decisions of ``tools.ai_speed.positions(N)`` -- the same
positions ``python -m tools.ai_speed`` and ``node bench/ai_pyodide.mjs`` time -- as the page
does in a game: the view's JSON, level "hard", budget ``{"time": T}``, seed i (as
``tools.ai_speed.measure`` seeds decision i). One untimed decision first builds the worker's
lazy tables. Per decision it records the worker's own time (around the agent's ``choose``),
the round trip seen by the page (JSON both ways and the message passing) and the search's
iterations (``HardAgent.last_iterations``).

Then, in the same run and after the browser has closed (so the two never share the cores),
``python -m tools.ai_speed --json --decisions N --time T`` times the same positions under
this machine's CPython, and the ratio is printed. Targets: median round trip <= 1.5 s, max
<= 3 s. The load average is printed: on the shared 2-core machine timings swing a lot.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # repo-root build.py
from tools.ai_speed import positions
from tools.chromium import CHROMIUM, table_page

TIMEOUT_MS = 120_000
TARGET_MEDIAN_S, TARGET_MAX_S = 1.5, 3.0

# One decision in the page's worker: {worker answer..., "trip": round-trip ms}.
DECIDE = """async (req) => {
  const w = await window.__aiWorker();
  const t0 = performance.now();
  const answer = JSON.parse(await w.sync.choose(req));
  return { ...answer, trip: performance.now() - t0 };
}"""


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def in_chromium(views: list[dict], seconds: float) -> list[dict]:
    with table_page("aipause=0", TIMEOUT_MS) as page:
        page.wait_for_function("() => typeof window.__aiWorker === 'function'")

        def decide(i: int) -> dict:
            req = {
                "view": views[i],
                "seed": i,
                "level": "hard",
                "budget": {"time": seconds},
                "seat": views[i]["player"],
            }
            return page.evaluate(DECIDE, json.dumps(req))

        decide(0)  # untimed: boots the worker's lazy tables
        out = []
        for i in range(len(views)):
            r = decide(i)
            out.append(r)
            print(
                f"  {i + 1:3d}/{len(views)}: {r['ms']:7.0f} ms in the worker,"
                f" {r['trip']:7.0f} ms round trip, {r['iterations']} iterations",
                file=sys.stderr,
            )
        return out


def in_cpython(n: int, seconds: float) -> dict:
    text = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.ai_speed",
            "--json",
            "--decisions",
            str(n),
            "--time",
            str(seconds),
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(text.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python bench/ai_browser.py")
    ap.add_argument("--decisions", type=int, default=30)
    ap.add_argument("--time", type=float, default=1.0, help="Hard's time budget per decision (s)")
    ap.add_argument("--json", action="store_true", help="print one JSON object at the end")
    args = ap.parse_args(argv)
    if not os.path.exists(CHROMIUM):
        print(f"{CHROMIUM} is missing: run scripts/install-test-deps.sh", file=sys.stderr)
        return 2

    build.build(quiet=True)
    views = positions(args.decisions)
    load_before = load()
    t0 = time.perf_counter()
    runs = in_chromium(views, args.time)
    wall = time.perf_counter() - t0
    cp = in_cpython(args.decisions, args.time)
    load_after = load()

    worker_s = [r["ms"] / 1000 for r in runs]
    trip_s = [r["trip"] / 1000 for r in runs]
    its = [r["iterations"] or 0 for r in runs]
    ch = {
        "decisions": len(runs),
        "time": args.time,
        "median_s": statistics.median(worker_s),
        "max_s": max(worker_s),
        "median_trip_s": statistics.median(trip_s),
        "max_trip_s": max(trip_s),
        "median_iterations": statistics.median(its),
        "iterations_per_s": sum(its) / sum(worker_s),
        "total_s": sum(worker_s),
        "wall_s": wall,
    }
    ok = ch["median_trip_s"] <= TARGET_MEDIAN_S and ch["max_trip_s"] <= TARGET_MAX_S
    result = {
        "chromium": ch,
        "cpython": cp,
        "load": [load_before, load_after],
        "slowdown_iterations_per_s": cp["iterations_per_s"] / ch["iterations_per_s"],
        "target_met": ok,
    }
    if args.json:
        print(json.dumps(result))
        return 0

    print(
        f'{len(runs)} Hard decisions, budget {{"time": {args.time}}}'
        f" (load average {load_before} before, {load_after} after)"
    )
    row = "{:<28}{:>16}{:>16}"
    print(row.format("", "Chromium worker", f"CPython {cp['python']}"))
    print(
        row.format(
            "median ms/decision", f"{ch['median_s'] * 1000:.0f}", f"{cp['median_s'] * 1000:.0f}"
        )
    )
    print(row.format("max ms/decision", f"{ch['max_s'] * 1000:.0f}", f"{cp['max_s'] * 1000:.0f}"))
    print(row.format("median ms round trip", f"{ch['median_trip_s'] * 1000:.0f}", "-"))
    print(row.format("max ms round trip", f"{ch['max_trip_s'] * 1000:.0f}", "-"))
    print(
        row.format(
            "median iterations", f"{ch['median_iterations']:.0f}", f"{cp['median_iterations']:.0f}"
        )
    )
    print(
        row.format("iterations/s", f"{ch['iterations_per_s']:.0f}", f"{cp['iterations_per_s']:.0f}")
    )
    print(
        f"CPython does {result['slowdown_iterations_per_s']:.2f}x the iterations per second."
        f" Target (round trip: median <= {TARGET_MEDIAN_S} s, max <= {TARGET_MAX_S} s):"
        f" {'met' if ok else 'NOT met'}."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
