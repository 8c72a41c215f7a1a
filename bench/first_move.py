#!/usr/bin/env python3
"""The computer's first move in Chromium, timed from the moment the table is playable, on the
tablet profile (and the desktop's), on a first and a returning visit (not a test).

    nice -n 19 python bench/first_move.py [--runs 3] [--profiles tablet,desktop]
                                          [--levels easy,hard] [--choose ready|welcome]
                                          [--baseline DIST] [--dist DIST] [--seed N]
                                          [--fast-workers]

Per run, profile and level, a fresh Chromium profile (bench/boot_tablet.py's throttling and
serving: gzipped, the service worker on; on the tablet profile the page's workers, the
computer's, are slowed 4x as its thread is: bench/boot_tablet.py WorkerThrottle, which needs
root and a cgroup v1 cpu controller, else the first line says they are not; --fast-workers
leaves them unslowed, as this benchmark did before session 25) opens the game
(index.html?aipause=0: the 0.7 s pause that lets a person follow the computer's move left out,
as bench/webkit_first_move.py does) and, in the page, as soon as the table is playable
(body[data-ready="1"]), deals a game at that level in which the computer starts, through the
new-game dialog. Measured in the page: ready to the computer's first card on the table. Visit 1
is a first visit; visit 2 the browser started again on the same profile, once its service
worker has every file and the page has stored its Python snapshot (a returning player). Easy
and Medium decide on the page while the AI's worker starts; Hard searches in the worker
(web/js/ai.js), so its first move waits for the worker's Python.

--choose welcome: on the first visit the game is chosen and Deal pressed in the welcome's
new-game dialog as soon as it shows (body[data-early="1"], before Python: the deal waits,
js/early.js), as a first-time player does, not at ready; the returning visit is the same.
--seed N (default 5): every game dealt from that seed (index.html?seed=N), so the
computer's first decision is the same position in every run and build; its positions
searched (the worker's iterations, window.__aiStats) are printed with it, and the time
from navigation to ready. Once the first card is down the same game is dealt again on the
same page ("again": the same decision on a settled page, under the same load), and the
first decision's share of its positions is printed: how much the page's start starved it.
Each run's line also gives the time from navigation to the AI worker's Python ready
(window.__aiWorkerReady) and from the table's ready to it, how it started (<html
data-ai-python>: snapshot, page or started; "-" for a build that does not tell), <html
data-ai-wasm> ("-" where the build does not set it: session 25's experiment, the page's
compiled WebAssembly handed to the worker, reverted), how the page's Python started
(data-python), and the CPU seconds of the browser's processes
from the navigation to the first card (a loaded machine moves them less than the times),
and where ready-to-card went for a worker's decision: the page before it asks (the deal and
its table drawn), the worker's thinking (its own ms), the way there and back, and the page
after (the move applied and drawn).
--baseline DIST adds "base": another build's dist/ (e.g. main's: `git archive main | tar
-x -C /tmp/base && (cd /tmp/base && python build.py --dev-pages)`), served the same way in
the same runs, alternating order; --dist DIST takes the game from a dist/ built apart
instead of building here. Printed: medians per page, and game / base ratios of the medians.
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
from boot_cpu import tree_cpu
from boot_tablet import PREFIX, TIMEOUT_MS, WorkerThrottle, throttle

import build
from tools.chromium import CHROMIUM, CHROMIUM_ARGS

# At ready (or, with `early`, as soon as the welcome's choices show): the new-game dialog
# filled in (the computer starts, at the level) and Deal pressed, twice if a game in progress
# asks to be abandoned; then when the computer's first card is on the new game's table
# (performance.now ms, from the navigation).
DEAL_AT_READY = """([level, early]) => {
  window.__firstMove = {};
  const times = window.__firstMove;
  const cards = () => document.querySelectorAll('#board .side[data-seat="1"] .card').length;
  let cleared = false;  // the new game's empty board seen (a returning visit had cards)
  const look = (observer) => {
    if (!cards()) cleared = true;
    else if (cleared) { times.card = performance.now(); observer?.disconnect(); }
  };
  const choose = () => {
    const dialog = document.querySelector("#dlg-new");
    const pick = (name, value) => {
      dialog.querySelector(`input[name="${name}"][value="${value}"]`).checked = true;
    };
    pick("opponent", "ai");
    pick("ai_level", level);
    pick("starter", "1");
    const start = document.querySelector("#new-start");
    start.form.requestSubmit(start);
    if (!document.querySelector("#new-note").hidden && document.body.dataset.ready === "1")
      start.form.requestSubmit(start);  // abandon the game in progress
  };
  let chosen = false;
  const atReady = () => {
    times.ready = performance.now();
    if (!chosen) choose();
    look(null);
    new MutationObserver((_, observer) => look(observer))
      .observe(document.body, { subtree: true, childList: true });
  };
  // In the welcome (a first visit): chosen as soon as the choices show, the deal waits.
  if (early && document.body.dataset.early === "1") { choose(); chosen = true; }
  else if (early && document.body.dataset.ready !== "1") new MutationObserver((_, observer) => {
    if (document.body.dataset.early === "1" && !chosen && document.body.dataset.ready !== "1") {
      observer.disconnect(); choose(); chosen = true;
    }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-early"] });
  if (document.body.dataset.ready === "1") atReady();
  else new MutationObserver((_, observer) => {
    if (document.body.dataset.ready === "1") { observer.disconnect(); atReady(); }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}"""


# The same game dealt again on the same page once the first card is down (the same seed: the
# same deal, so the same first decision), for the positions that decision searches on a page
# that has settled, under the same load: the first decision's share of it says how much the
# page's start starved the first search, whatever the machine's load.
DEAL_AGAIN = """(level) => {
  const n = (window.__aiStats || []).length;
  const dialog = document.querySelector("#dlg-new");
  const pick = (name, value) => {
    dialog.querySelector(`input[name="${name}"][value="${value}"]`).checked = true;
  };
  pick("opponent", "ai");
  pick("ai_level", level);
  pick("starter", "1");
  const start = document.querySelector("#new-start");
  start.form.requestSubmit(start);
  if (!document.querySelector("#new-note").hidden) start.form.requestSubmit(start);  // abandon
  return n;
}"""


def first_move(context, url: str, profile: str, level: str, early: bool) -> dict:
    """One visit: seconds from a playable table to the computer's first card (move), from
    the navigation to ready (ready), the first decision's positions searched (iterations,
    None for a decision made on the page), the workers the page started (workers), and from
    the navigation to the first worker's Python ready (worker) and how it started (python:
    <html data-ai-python>; None for a build that does not tell), <html data-ai-wasm> (wasm;
    None where the build does not set it: session 25's reverted experiment), and the CPU
    seconds of the browser's processes from the
    navigation to the first card (cpu: page, worker and compiler threads alike)."""
    page = context.pages[0] if context.pages else context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    throttle(cdp, profile)
    cpu = tree_cpu(os.getpid())
    page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_selector("body", state="attached", timeout=TIMEOUT_MS)
    page.evaluate(DEAL_AT_READY, [level, early])
    page.wait_for_function("window.__firstMove.card !== undefined", timeout=TIMEOUT_MS)
    cpu = tree_cpu(os.getpid()) - cpu
    times = page.evaluate("window.__firstMove")
    stats = page.evaluate("window.__aiStats || []")
    span = page.evaluate("(window.__aiSpans || [])[0] ?? null")  # the first ask: [sent, answered]
    n = page.evaluate(DEAL_AGAIN, level)
    page.wait_for_function(f"(window.__aiStats || []).length > {n}", timeout=TIMEOUT_MS)
    again = page.evaluate(f"window.__aiStats[{n}].iterations")
    worker = page.evaluate(
        "[window.__aiWorkerReady ?? null, document.documentElement.dataset.aiPython ?? null,"
        " document.documentElement.dataset.python ?? null,"
        " document.documentElement.dataset.aiWasm ?? null]"
    )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return {
        "worker": worker[0] and worker[0] / 1000,
        "python": worker[1],
        "page": worker[2],
        "wasm": worker[3],
        "after": worker[0] and (worker[0] - times["ready"]) / 1000,
        "cpu": cpu,
        "move": (times["card"] - times["ready"]) / 1000,
        "ready": times["ready"] / 1000,
        "card": times["card"] / 1000,
        "iterations": stats[0]["iterations"] if stats else None,
        # Where ready-to-card went: the page before it asks (the deal, its drawing, the
        # request), the worker's own decision (its ms), the way there and back, the page after
        # (the pause left out: ?aipause=0; the move applied and drawn). None without a worker.
        "phases": span
        and stats[0]["ms"] is not None
        and (
            (span[0] - times["ready"]) / 1000,
            stats[0]["ms"] / 1000,
            (span[1] - span[0] - stats[0]["ms"]) / 1000,
            (times["card"] - span[1]) / 1000,
        ),
        "again": again,
        "share": again and stats[0]["iterations"] / again,
        "workers": len(page.workers),
    }


def visits(
    playwright,
    dist: Path,
    profile: str,
    level: str,
    seed: int,
    early: bool,
    fast_workers: bool = False,
) -> list:
    """A first visit, then a returning one on the same browser profile."""
    server = build.serve_in_thread(directory=dist, prefix=PREFIX, gzip=True)
    url = build.url_of(server) + f"index.html?aipause=0&seed={seed}"
    try:
        with tempfile.TemporaryDirectory(prefix="first-move-") as folder:
            got = []
            for n in (1, 2):
                context = playwright.chromium.launch_persistent_context(
                    folder, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                try:
                    slow = "desktop" if fast_workers else profile
                    with WorkerThrottle(folder, slow) as slowed:
                        got.append(first_move(context, url, profile, level, early))
                    got[-1]["slowed"] = len(slowed.throttled)
                    if n == 1:  # a returning player: every file in the service worker's
                        # cache, and Python's snapshot stored (or none coming)
                        context.pages[0].wait_for_function(
                            "document.documentElement.dataset.sw === 'offline' && "
                            "document.documentElement.dataset.snapshot !== 'pending'",
                            timeout=TIMEOUT_MS,
                        )
                finally:
                    context.close()
            return got
    finally:
        server.stop()


def _median(values) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _text(x, unit: str = " s") -> str:
    return "-" if x is None else (f"{x:.2f}{unit}" if unit else f"{x:.0f}")


def _phases(phases) -> str:
    if not phases:
        return "no worker's decision"
    before, think, way, after = phases
    return (
        f"page before {before:.2f} s, worker thinks {think:.2f} s,"
        f" there and back {way:.2f} s, page after {after:.2f} s"
    )


def _visits(pair: list) -> str:
    return ";  ".join(
        f"{v['move']:.2f} s (ready {v['ready']:.2f} s, {_text(v['iterations'], '')} positions,"
        f" again {_text(v['again'], '')}, {v['workers']} workers ({v['slowed']} slowed),"
        f" worker ready {_text(v['worker'])} ({_text(v['after'])} after ready)"
        f" {v['python'] or '-'} wasm {v['wasm'] or '-'}, page {v['page']}, cpu {_text(v['cpu'])},"
        f" {_phases(v['phases'])})"
        for v in pair
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", default="tablet,desktop")
    parser.add_argument("--levels", default="easy,hard")
    parser.add_argument("--choose", choices=("ready", "welcome"), default="ready")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="another build's dist/: page 'base'")
    parser.add_argument("--dist", type=Path, help="the game's dist/, built apart (no build)")
    parser.add_argument(
        "--fast-workers",
        action="store_true",
        help="the tablet's workers not slowed (as before session 25)",
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if args.dist is None:
        build.build(dev_pages=True)
    dirs = {"game": args.dist or build.DIST, **({"base": args.baseline} if args.baseline else {})}
    early = args.choose == "welcome"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"{args.runs} runs; choose at {args.choose}; seed {args.seed}; "
        f"load average {load} on {os.cpu_count()} CPUs"
    )
    if "tablet" in args.profiles.split(","):
        why = WorkerThrottle.available()
        if args.fast_workers:
            why = "--fast-workers"
        print(
            "tablet: the page's thread and its workers' slowed 4x"
            if why is None
            else f"tablet: the page's thread slowed 4x, its workers NOT ({why})"
        )
    for name, folder in dirs.items():
        print(f"{name}: {Path(folder).resolve()}")
    got: dict = {}
    with sync_playwright() as playwright:
        for run in range(args.runs):
            for profile in args.profiles.split(","):
                for level in args.levels.split(","):
                    names = list(dirs) if run % 2 == 0 else list(reversed(dirs))
                    for name in names:
                        pair = visits(
                            playwright,
                            dirs[name],
                            profile,
                            level,
                            args.seed,
                            early,
                            args.fast_workers,
                        )
                        got.setdefault((profile, level, name), []).append(pair)
                        print(f"  run {run + 1} {profile:7} {level:6} {name:4} " + _visits(pair))
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"\nMedians of {args.runs} (load average {load} at the end): ready to the first card"
        " [navigation to ready; to the first card] (positions searched by the first decision;"
        " its share of the same decision made again on the settled page)"
    )
    medians: dict = {}
    for (profile, level, name), pairs in got.items():
        cells = []
        for visit, label in ((0, "first visit"), (1, "returning")):
            keys = ("move", "ready", "iterations", "card", "share", "after", "cpu")
            m = [_median(p[visit][k] for p in pairs) for k in keys]
            medians[(profile, level, name, visit)] = m
            cells.append(
                f"{label} {_text(m[0])} [{_text(m[1])}; card {_text(m[3])}] ({_text(m[2], '')}; "
                f"{_text(m[4], 'x')} of again) worker {_text(m[5])} after ready, cpu {_text(m[6])}"
            )
        print(f"{profile:8} {level:6} {name:4} " + ", ".join(cells))
    if args.baseline:
        print(
            "\ngame / base, of the medians: ready to card, to ready, positions, to card, share,"
            " worker ready after ready, cpu"
        )
        for profile in args.profiles.split(","):
            for level in args.levels.split(","):
                cells = []
                for visit, label in ((0, "first visit"), (1, "returning")):
                    g, b = (
                        medians[(profile, level, "game", visit)],
                        medians[(profile, level, "base", visit)],
                    )
                    ratio = [
                        None if x is None or not y else x / y for x, y in zip(g, b, strict=True)
                    ]
                    cells.append(f"{label} " + " ".join(_text(r, "x") for r in ratio))
                print(f"{profile:8} {level:6} " + ", ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
