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

--baseline DIST adds "base": index.html from another build's dist/ folder (an older tree
built apart, e.g. `git archive OLD | tar -x -C /tmp/old && (cd /tmp/old && python build.py)`),
served the same way in the same runs, so a change is compared with what it replaces under the
same load. --dist DIST takes the game (game, nosnap, bare) from a dist/ folder built apart
instead of building dist/ here (a commit measured while the worktree changes). --pages picks
the pages (default game,nosnap,bare, plus base with --baseline).
--returning N makes visit 1 unthrottled (desktop) and then N returning visits on the
profile, each counted: many samples of the returning visit for one first visit, which is
what a loaded machine needs (a tablet first visit takes 20-50 s there).
--welcome N: only N first visits per page (game, and base with --baseline) until the
welcome's choices show, in fresh profiles, alternating; nothing after.
--floors adds two pages that show what the targets can reach at all (a copy of the game's
dist/, made for the run):
  floor     index.html stripped of every script (the page's inlined styles and its loading
            screen, nothing else), its service worker registered by the benchmark on visit 1:
            a returning visit's first paint from the service worker is the earliest anything
            can show (the floor of "a tap answered in 0.5 s"); visit 1's, from the network, the
            floor of "the welcome in 0.5 s". Its time is the first contentful paint.
  baresnap  bare.html with js/snapshot.js as its interpreter (the game's own machinery: the
            snapshot read from IndexedDB and checked) and nothing imported: bare Pyodide from a
            memory snapshot of a bare interpreter, against bare's usual start (the floor of
            "returning visit playable in 0.25x bare": baresnap/bare).
  and, for the first visit's target (playable in 0.55x bare), three pages timed to ready on
  visit 1 (with --first-only, nothing else is visited):
  barefirst bare.html with the game's standard library and lock file (pyscript.json's
            "stdlib" and "lockfile"): Pyodide started through PyScript as the game's first
            visit starts it, with no game, no snapshot, no page of its own
  pyfirst   the same without PyScript: a module that calls Pyodide's loadPyodide with the
            game's standard library and sets ready
  fetchonly the floor page (no script of the game's) with one module that asks at once for
            every file the game's first visit moved until playable (listed by a desktop first
            visit of the game before the runs), reads each to its end and compiles
            pyodide.asm.wasm as it arrives (WebAssembly.compileStreaming): the network and
            compilation alone, with no request waiting for another
--first-only: visit 1 only (no returning visit). The served folders are gzipped before the
runs (a CDN answers from its compressed copy); --gzip-per-visit compresses every file afresh
for each visit's server instead, as before session 20.
Every visit also notes its first contentful paint (fcp).
--timeline prints, per game visit, the long tasks (over 50 ms) and when the page's modules,
the catalogues and PyScript's core arrived, until the table before Python (returning) or the
first-visit choices.

Printed: the game's first visit until playable by what the bytes are (Pyodide, its standard
library, PyScript, game.zip, the parts loaded on first use: none, the page's own files), then
medians per profile and page, the ratios game / bare and nosnap / bare of the
medians, with the per-run ratios, and game / nosnap. The order of the pages alternates
from run to run.
"""

from __future__ import annotations

import argparse
import atexit
import itertools
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build
from sitebuild.pages import BARE_HTML
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
window.__longTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch { /* no long-task timing */ }
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


# Long tasks, and when the page's own scripts, catalogues and PyScript's core finished arriving.
TIMELINE = """(() => {
  const mark = (x) => Math.round(x);
  const until = (window.__quickAt ?? window.__earlyAt ?? window.__readyAt) + 1;
  const wanted = new RegExp("/(js/[\\\\w-]+\\\\.js|messages/\\\\w+\\\\.json|pyscript/core\\\\.js"
    + "|pyodide\\\\.mjs|[\\\\w-]+\\\\.css)");
  const files = performance.getEntriesByType("resource")
    .filter((e) => wanted.test(e.name) && e.responseEnd < until)
    .map((e) => [e.name.match(wanted)[1], mark(e.startTime), mark(e.responseEnd)]);
  const tasks = window.__longTasks.filter(([at]) => at < until)
    .map(([at, d]) => [mark(at), mark(d)]);
  const nav = performance.getEntriesByType("navigation")[0];
  const page = nav && [mark(nav.responseStart), mark(nav.responseEnd), mark(nav.domInteractive)];
  return { page, files, tasks };
})()"""


FCP = "performance.getEntriesByName('first-contentful-paint')[0]?.startTime"

# What --floors makes: index.html without a script, and bare.html started from a snapshot of a
# bare interpreter (the game's js/snapshot.js as PyScript's interpreter, nothing imported; its
# own database): the build's bare page with that interpreter.
PYODIDE = "./vendor/pyodide/pyodide.mjs"
assert BARE_HTML.count(PYODIDE) == 1, "sitebuild/pages.py BARE_HTML names Pyodide once"
BARE_SNAP_HTML = BARE_HTML.replace(PYODIDE, "./js/snapshot-bare.js").replace(
    "<title>bare Pyodide boot</title>", "<title>bare Pyodide from a snapshot</title>"
)


# --floors' first-visit pages: bare.html with the game's standard library (through PyScript),
# and Pyodide alone with it (no PyScript).
GAME_CONFIG = (
    '{"interpreter": "./vendor/pyodide/pyodide.mjs", "stdlib": "stdlib-game.zip", '
    '"lockfile": "pyodide-lock-game.json"}'
)
BARE_FIRST_HTML = BARE_HTML.replace(
    """config='{"interpreter": "./vendor/pyodide/pyodide.mjs"}'""", f"config='{GAME_CONFIG}'"
).replace("<title>bare Pyodide boot</title>", "<title>bare Pyodide, the game's stdlib</title>")
assert BARE_FIRST_HTML.count("stdlib-game.zip") == 1, "sitebuild/pages.py BARE_HTML's config"
PYODIDE_FIRST_HTML = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pyodide alone, the game's stdlib</title>
<link rel="icon" href="data:,">
<script type="module" src="./js/pyodide-first.js"></script>
</head>
<body></body>
</html>
"""
PYODIDE_FIRST_JS = """import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
const at = new URL("../vendor/pyodide/", import.meta.url).href;
await loadPyodide({ indexURL: at, stdLibURL: at + "stdlib-game.zip",
  lockFileURL: at + "pyodide-lock-game.json" });
document.body.dataset.ready = "1";
"""
FETCH_ONLY_JS = """const FILES = @FILES@;
await Promise.all(FILES.map(async (path) => {
  const response = fetch(new URL("../" + path, import.meta.url), { credentials: "same-origin" });
  if (path.endsWith(".wasm")) await WebAssembly.compileStreaming(response);
  else await (await response).arrayBuffer();
}));
document.body.dataset.ready = "1";
"""


def fetch_only_page(site: Path, files: list[str]) -> None:
    """fetch-only.html in the floor site: its index.html without a script, and a module that
    fetches files (paths in the site) at once and compiles the WebAssembly."""
    page = (site / "index.html").read_text()
    tag = '<script type="module" src="./js/fetch-only.js"></script>\n</head>'
    assert page.count("</head>") == 1
    (site / "fetch-only.html").write_text(page.replace("</head>", tag))
    module = FETCH_ONLY_JS.replace("@FILES@", json.dumps(sorted(files)))
    (site / "js" / "fetch-only.js").write_text(module)


def floor_site(game: Path, folder: Path) -> Path:
    """A copy of the game's dist/ with floor/index.html (no script), bare-snap.html,
    bare-first.html and pyodide-first.html."""
    site = folder / "floor"
    shutil.copytree(game, site)
    index = site / "index.html"
    index.write_text(re.sub(r"<script\b.*?</script>\s*", "", index.read_text(), flags=re.S))
    (site / "bare-first.html").write_text(BARE_FIRST_HTML)
    (site / "pyodide-first.html").write_text(PYODIDE_FIRST_HTML)
    (site / "js" / "pyodide-first.js").write_text(PYODIDE_FIRST_JS)
    build.write_service_worker(site)
    module = (site / "js" / "snapshot.js").read_text()
    for pattern, value in (
        (r"^const BUILD = .*$", 'const BUILD = "bare";'),
        (r"^const MODULES = .*$", 'const MODULES = ["sys"];'),
        (r"^const DB = .*$", 'const DB = "bare-floor.python";'),
    ):
        module, n = re.subn(pattern, value, module, count=1, flags=re.M)
        assert n == 1, pattern
    (site / "js" / "snapshot-bare.js").write_text(module)
    (site / "bare-snap.html").write_text(BARE_SNAP_HTML)
    return site


def throttle(cdp, profile: str) -> None:
    """Slow the page's CPU and network as the profile says (desktop: not at all)."""
    slow = PROFILES[profile]
    if slow:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": slow["cpu"]})
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": slow["latency"],
                "downloadThroughput": slow["down"],
                "uploadThroughput": slow["up"],
            },
        )


# DevTools slows the page's main thread only: a dedicated worker (the computer's, js/ai.js) is
# a target of its own, and Chromium refuses Emulation.setCPUThrottlingRate there ("Operation
# is only supported for pages, not workers"), so the tablet profile's worker ran at the
# desktop's speed (session 25). WorkerThrottle slows every dedicated worker's thread of one
# browser by the profile's factor instead: each thread, as soon as it shows (polled every
# 5 ms), is moved into a cgroup (v1 cpu controller, per thread) whose quota is 1/rate of one
# CPU (2.5 ms of every 10 ms at 4x). Unlike DevTools' throttler (which keeps the page's thread
# spinning while paused) the worker's thread sleeps; like it, Chromium's compiler threads are
# not slowed. Needs root and a writable /sys/fs/cgroup/cpu; elsewhere the workers are not
# slowed and `available` says why.
CGROUP_CPU = Path("/sys/fs/cgroup/cpu")
WORKER_THREAD = "DedicatedWorker"  # Chromium's name for a dedicated worker's thread


class WorkerThrottle:
    """Slows the dedicated workers of the browser started with user data dir `profile_dir`
    by the profile's CPU factor while in use (a context manager); `throttled` counts the
    worker threads it slowed."""

    period_us = 10_000
    _groups: ClassVar[dict[int, Path]] = {}

    def __init__(self, profile_dir: str, profile: str) -> None:
        slow = PROFILES[profile]
        self.rate = slow["cpu"] if slow else 1
        self.profile_dir = os.fsencode(profile_dir)
        self.throttled: set[int] = set()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @classmethod
    def available(cls) -> str | None:
        """None if worker threads can be slowed here, else why not."""
        try:
            cls._group(4)
        except OSError as error:
            return f"no per-thread CPU quota ({CGROUP_CPU}: {error.strerror or error})"
        return None

    @classmethod
    def _group(cls, rate: int) -> Path:
        """This process's cgroup for threads slowed `rate` times (made once, removed at exit)."""
        if rate not in cls._groups:
            group = CGROUP_CPU / f"schotten-bench-{os.getpid()}-{rate}x"
            group.mkdir(exist_ok=True)
            atexit.register(lambda: group.rmdir() if group.exists() else None)
            (group / "cpu.cfs_period_us").write_text(str(cls.period_us))
            (group / "cpu.cfs_quota_us").write_text(str(cls.period_us // rate))
            cls._groups[rate] = group
        return cls._groups[rate]

    def __enter__(self) -> WorkerThrottle:
        if self.rate > 1 and self.available() is None:
            self._thread = threading.Thread(target=self._watch, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join()

    def _watch(self) -> None:
        tasks = self._group(self.rate) / "tasks"
        renderers: list[int] = []
        for n in itertools.count():
            if self._stop.wait(0.005):
                return
            if n % 20 == 0:  # the browser's renderers, every 0.1 s (a navigation may start one)
                renderers = self._renderers()
            for pid in renderers:
                try:
                    tids = os.listdir(f"/proc/{pid}/task")
                except OSError:
                    continue
                for tid in map(int, tids):
                    if tid in self.throttled:
                        continue
                    try:
                        name = Path(f"/proc/{pid}/task/{tid}/comm").read_text()
                        if name.startswith(WORKER_THREAD):
                            tasks.write_text(str(tid))
                            self.throttled.add(tid)
                    except OSError:
                        pass

    def _renderers(self) -> list[int]:
        """The renderer processes of the browser whose command line names profile_dir."""
        parents: dict[int, int] = {}
        lines: dict[int, bytes] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
                lines[int(entry)] = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
        browsers = {
            pid
            for pid, line in lines.items()
            if self.profile_dir in line and b"--type=" not in line
        }

        def under(pid: int) -> bool:
            while pid > 1:
                if pid in browsers:
                    return True
                pid = parents.get(pid, 0)
            return False

        return [pid for pid, line in lines.items() if b"--type=renderer" in line and under(pid)]


def visit(context, url: str, profile: str, floor: bool = False) -> dict:
    """One visit until ready (floor: until its first contentful paint)."""
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
    throttle(cdp, profile)
    page.goto(url, timeout=TIMEOUT_MS)
    page.wait_for_function(
        FCP + " !== undefined" if floor else "window.__readyAt !== undefined",
        timeout=TIMEOUT_MS,
    )
    until_ready = dict(moved)
    files: dict[str, int] = {}
    for request, size in until_ready.items():
        path = urls.get(request, "?").split(PREFIX, 1)[-1].split("?")[0] or "index.html"
        files[path] = files.get(path, 0) + size
    out = {
        "files": files,
        "ready": (page.evaluate("window.__readyAt ?? null") or 0) / 1000 or None,
        "fcp": (page.evaluate(FCP) or 0) / 1000 or None,
        "python": page.evaluate("document.documentElement.dataset.python ?? null"),
        "early": (page.evaluate("window.__earlyAt ?? null") or 0) / 1000 or None,
        "quick": (page.evaluate("window.__quickAt ?? null") or 0) / 1000 or None,
        "offered": (page.evaluate("window.__offeredAt ?? null") or 0) / 1000 or None,
        "bytes": sum(until_ready.values()),
        "requests": len(until_ready),
        "timeline": None if floor else page.evaluate(TIMELINE),
    }
    if PROFILES[profile]:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return out


def measure(
    playwright,
    page_name: str,
    profile: str,
    visits: int = 2,
    directory: Path = build.DIST,
    first_profile: str | None = None,
    floor: bool = False,
) -> dict:
    """Visit 1 (on first_profile, if given), then visits - 1 returning visits (each a browser
    restarted): out[1], out[2], and every returning visit in out["returning"]. floor: the
    page has no script (--floors), its visits end at the first paint."""
    server = build.serve_in_thread(directory=directory, prefix=PREFIX, gzip=True)
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
                out[1] = visit(context, url, first_profile or profile, floor)
                if visits == 1:
                    return out
                page = context.pages[0]
                if floor:  # no script of its own: its service worker registered
                    page.evaluate("navigator.serviceWorker.register('./sw.js')")
                if page_name.startswith("index.html"):  # its service worker has every file
                    page.wait_for_function(
                        "navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS
                    )
                # and the snapshot of its Python is stored
                if page_name in ("index.html", "bare-snap.html") and not floor:
                    page.wait_for_selector(
                        'html[data-snapshot="stored"]', state="attached", timeout=TIMEOUT_MS
                    )
                page.wait_for_timeout(3000)  # the same chance to store compiled code
            finally:
                context.close()
            out["returning"] = []
            for _ in range(visits - 1):
                context = launch()
                try:
                    out["returning"].append(visit(context, url, profile, floor))
                    context.pages[0].wait_for_timeout(1000)
                finally:
                    context.close()
            out[2] = out["returning"][0]
    finally:
        server.stop()
    return out


def welcome_only(playwright, directory: Path, profile: str, floor: bool = False) -> float:
    """A first visit in a fresh browser profile until the welcome's choices show (s), nothing
    after: the welcome alone, sampled many times where a whole first visit takes 20 s."""
    server = build.serve_in_thread(directory=directory, prefix=PREFIX, gzip=True)
    try:
        with tempfile.TemporaryDirectory(prefix="boot-tablet-") as folder:
            context = playwright.chromium.launch_persistent_context(
                folder, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                context.add_init_script(PROBE)
                page = context.pages[0]
                cdp = context.new_cdp_session(page)
                cdp.send("Network.enable")
                throttle(cdp, profile)
                page.goto(build.url_of(server) + "index.html", wait_until="commit")
                if floor:  # the page without a script: its first paint
                    page.wait_for_function(FCP + " !== undefined", timeout=TIMEOUT_MS)
                    return page.evaluate(FCP) / 1000
                page.wait_for_function("window.__earlyAt !== undefined", timeout=TIMEOUT_MS)
                return page.evaluate("window.__earlyAt") / 1000
            finally:
                context.close()
    finally:
        server.stop()


def welcomes(
    playwright,
    runs: int,
    profiles: list[str],
    baseline: Path | None,
    game: Path,
    floors: Path | None = None,
) -> None:
    """--welcome: the welcome's time on a first visit, game (and base, and with --floors the
    floor page's first paint) alternating."""
    dirs = {"game": game, **({"base": baseline} if baseline else {})}
    if floors:
        dirs["floor"] = floors
    for profile in profiles:
        got: dict[str, list[float]] = {k: [] for k in dirs}
        for run in range(runs):
            for kind in list(dirs) if run % 2 == 0 else list(dirs)[::-1]:
                got[kind].append(
                    welcome_only(playwright, dirs[kind], profile, floor=kind == "floor")
                )
        line = f"{profile:8} first visit, the welcome's choices shown: " + ", ".join(
            f"{k} {statistics.median(v):.3f} s ({', '.join(f'{x:.2f}' for x in v)})"
            for k, v in got.items()
        )
        for other in ("base", "floor"):
            if other in got:
                g, b = got["game"], got[other]
                per_run = ", ".join(f"{x / y:.2f}" for x, y in zip(g, b))
                ratio = statistics.median(g) / statistics.median(b)
                line += f"; game/{other} {ratio:.2f}x ({per_run})"
        print(line, flush=True)


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


MEASURES = (
    ("visit 1, navigation to ready", "ready", 1, "s"),
    ("visit 2 (returning), to ready", "ready", 2, "s"),
    ("visit 1, bytes moved until ready", "bytes", 1, "MB"),
    ("visit 1, first-visit choices shown", "early", 1, "s"),
    ("visit 1, first contentful paint", "fcp", 1, "s"),
    ("visit 2, first contentful paint", "fcp", 2, "s"),
    ("visit 2, table before Python shown", "quick", 2, "s"),
    ("visit 2, a tap answered (stones)", "offered", 2, "s"),
)
FLOOR_PAGES = ("floor", "baresnap", "barefirst", "pyfirst", "fetchonly")
RATIOS = (
    ("game", "bare"),
    ("base", "bare"),
    ("barefirst", "bare"),
    ("pyfirst", "bare"),
    ("fetchonly", "bare"),
    ("nosnap", "bare"),
    ("game", "nosnap"),
    ("game", "base"),
    ("baresnap", "bare"),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", default="desktop,tablet")
    parser.add_argument("--bytes", action="store_true", help="only visit 1's bytes, by file")
    parser.add_argument("--baseline", type=Path, help="another build's dist/: page 'base'")
    parser.add_argument("--dist", type=Path, help="the game's dist/, built apart (no build)")
    parser.add_argument("--pages", help="which of game,nosnap,bare,base (default: all)")
    parser.add_argument("--timeline", action="store_true", help="long tasks and arrivals")
    parser.add_argument(
        "--floors",
        action="store_true",
        help="pages floor, baresnap, barefirst, pyfirst and fetchonly",
    )
    parser.add_argument(
        "--first-only", action="store_true", help="visit 1 only: no returning visit"
    )
    parser.add_argument(
        "--gzip-per-visit",
        action="store_true",
        help="gzip every file afresh for each visit's server, as before session 20 (the "
        "wasm's first byte then waits for its compression)",
    )
    parser.add_argument(
        "--welcome",
        type=int,
        default=0,
        help="only this many first visits per page until the welcome shows (game, base)",
    )
    parser.add_argument(
        "--returning",
        type=int,
        default=0,
        help="visit 1 unthrottled, then this many returning visits on the profile (each "
        "counted: many samples of the returning visit per first visit, on a loaded machine)",
    )
    args = parser.parse_args()
    profiles = args.profiles.split(",")
    from playwright.sync_api import sync_playwright

    game_dist = args.dist or build.DIST
    if not args.dist:
        build.build(dev_pages=True)
    if args.bytes:
        with sync_playwright() as playwright:
            first = measure(playwright, "index.html", "desktop", visits=1, directory=game_dist)
            breakdown(first[1]["files"])
        return 0
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    if args.welcome:
        print(f"{args.welcome} first visits per page, load average {load}")
        with tempfile.TemporaryDirectory(prefix="boot-floors-") as folder, sync_playwright() as pw:
            floors = floor_site(game_dist, Path(folder)) if args.floors else None
            welcomes(pw, args.welcome, profiles, args.baseline, game_dist, floors)
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"load average {load} at the end")
        return 0
    print(f"{args.runs} runs, profiles {profiles}; load average {load} on {os.cpu_count()} CPUs")
    pages = {"game": "index.html", "nosnap": "index.html?snapshot=off", "bare": "bare.html"}
    if args.floors:
        pages |= {
            "floor": "index.html",
            "baresnap": "bare-snap.html",
            "barefirst": "bare-first.html",
            "pyfirst": "pyodide-first.html",
            "fetchonly": "fetch-only.html",
        }
    if args.baseline:
        pages["base"] = "index.html"
        print(f"base: {args.baseline.resolve()}")
    if args.pages:
        pages = {k: v for k, v in pages.items() if k in args.pages.split(",")}
    got: dict = {(p, k): [] for p in profiles for k in pages}
    folder = tempfile.TemporaryDirectory(prefix="boot-floors-")
    floors = floor_site(game_dist, Path(folder.name)) if args.floors else None
    for directory in (game_dist, args.baseline, floors):
        if (
            directory and not args.gzip_per_visit
        ):  # as a CDN answers: from its gzipped copy, not compressed per request
            build.precompress(directory.resolve())
    with folder, sync_playwright() as playwright:
        # warms the OS file cache; discarded
        measure(playwright, "bare.html", "desktop", directory=game_dist)
        if floors and "fetchonly" in pages:  # what the game's first visit moves until playable
            moved = measure(playwright, "index.html", "desktop", visits=1, directory=game_dist)
            files = [f for f in moved[1]["files"] if f != "index.html" and (floors / f).is_file()]
            fetch_only_page(floors, files)
            build.precompress(floors)
            print(f"fetchonly: {len(files)} files", flush=True)
        for run in range(args.runs):
            for profile in profiles:
                order = list(pages) if run % 2 == 0 else list(pages)[::-1]
                for kind in order:
                    where = floors if kind in FLOOR_PAGES else game_dist
                    where = args.baseline if kind == "base" else where
                    if args.gzip_per_visit:
                        build.forget_compressed()
                    r = measure(
                        playwright,
                        pages[kind],
                        profile,
                        visits=1 if args.first_only else 1 + (args.returning or 1),
                        directory=where,
                        first_profile="desktop" if args.returning else None,
                        floor=kind == "floor",
                    )
                    got[profile, kind].append(r)
                    early = f", choices {r[1]['early']:.2f} s" if r[1]["early"] else ""
                    print(
                        f"  run {run + 1} {profile:7} {kind}: visit 1 {r[1]['ready'] or 0:.2f} s"
                        f"{early} ({r[1]['bytes'] / 1e6:.2f} MB, {r[1]['requests']} "
                        f"requests), visit 2 {(r.get(2) or {}).get('ready') or 0:.2f} s",
                        flush=True,
                    )
                    back = ", ".join(
                        f"{v['ready'] or 0:.2f}/{v['quick'] or 0:.2f}/{v['offered'] or 0:.2f}"
                        f"/{v['fcp'] or 0:.2f}/{v['python'] or '-'}"
                        for v in r.get("returning", [])
                    )
                    if back:
                        print(f"    returning (ready/table/tap/fcp/python): {back}", flush=True)
                    if args.timeline and kind in ("game", "base"):
                        for n, v in [(1, r[1])] + [(2, v) for v in r.get("returning", [])]:
                            print(f"    visit {n}: {v['timeline']}", flush=True)
    print()
    if "game" in pages:
        breakdown(got[profiles[0], "game"][0][1]["files"])
    load_end = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"\nMedians of {args.runs} runs (load average {load} at the start, {load_end} at "
        "the end); ratios of the medians, then per run:"
    )
    if args.returning:
        print(f"(--returning {args.returning}: visit 1 unthrottled, each returning visit counted)")
    kinds = list(pages)
    pairs = [(a, b) for a, b in RATIOS if a in pages and b in pages]
    print(
        f"{'profile':8} {'measure':36}"
        + "".join(f"{k:>9}" for k in kinds)
        + "".join(f"{a + '/' + b:>12}" for a, b in pairs)
    )
    med = statistics.median
    for profile in profiles:
        for label, key, visit_n, unit in MEASURES:
            values = {
                k: [
                    v[key]
                    for r in got[profile, k]
                    for v in (r.get("returning", []) if visit_n == 2 else [r[1]])
                    if v[key]
                ]
                for k in kinds
            }
            if not any(values.values()):
                continue
            scale = 1e6 if unit == "MB" else 1
            line = f"{profile:8} {label:36}"
            line += "".join(
                f"{med(v) / scale:>7.2f}{unit:<2}" if v else f"{'-':>9}" for v in values.values()
            )
            runs = []
            for a, b in pairs:
                x, y = values[a], values[b]
                if x and y and len(x) == len(y):
                    line += f"{med(x) / med(y):>11.2f}x"
                    runs.append(f"{a}/{b} " + ", ".join(f"{i / j:.2f}" for i, j in zip(x, y)))
                else:
                    line += f"{'-':>12}"
            each = "; ".join(
                f"{k} " + ", ".join(f"{x / scale:.2f}" for x in v) for k, v in values.items() if v
            )
            print(f"{line}  ({each}{'; ' if runs else ''}{'; '.join(runs)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
