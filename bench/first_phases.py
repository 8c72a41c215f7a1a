"""Where a first visit's time goes after Python's files, phase by phase (not a test).

    python bench/first_phases.py --runs 2 base=/tmp/base/dist game=dist

Each NAME=DIST is a built site; a copy of it (in /tmp/first-phases-NAME) gets marks
(``performance.mark``) in js/snapshot.js (its start of Python, the game's archive unpacked,
the game's modules imported, the snapshot made), app.py (its first and last line), js/boot.js
(the table dealt, ready) and PyScript's steps (``py:progress``). The sites are visited in
turn, a fresh profile each, on the tablet profile of bench/boot_tablet.py until ready, and
each visit prints its phases in ms: Python's start, the archive's unpacking, the imports, the
snapshot, PyScript's files, PyScript until app.py runs (its own Python), app.py, the table.
The seconds move with the machine's load; the phases of two builds in the same turns are
what to compare.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import boot_tablet as bt  # bench/ is not a package
from playwright.sync_api import sync_playwright

build = bt.build

SNAPSHOT_MARKS = (  # (text in js/snapshot.js, the same with a mark)
    (
        "async function startAndSnapshot(config) {",
        "async function startAndSnapshot(config) {performance.mark('sn:start');",
    ),
    (
        "  let memory = null;\n  try {\n    const archive",
        "performance.mark('sn:python');\n  let memory = null;\n  try {\n    const archive",
    ),
    (
        '"zip");\n    pyodide.runPython(',
        "\"zip\");performance.mark('sn:unpacked');\n    pyodide.runPython(",
    ),
    (
        "    memory = pyodide.makeMemorySnapshot();",
        "performance.mark('sn:imported');memory = pyodide.makeMemorySnapshot();"
        "performance.mark('sn:made');",
    ),
)
BOOT_MARKS = (
    ("  started = true;\n", "  started = true;performance.mark('boot:start');\n"),
    (
        '  document.body.dataset.ready = "1";\n',
        '  performance.mark("boot:ready");document.body.dataset.ready = "1";\n',
    ),
)
INIT = 'addEventListener("py:progress", (e) => performance.mark("py:" + e.detail));'
MARKS = "performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)])"
PHASES = (  # name, from mark, to mark
    ("python start", "sn:start", "sn:python"),
    ("unpack", "sn:python", "sn:unpacked"),
    ("imports", "sn:unpacked", "sn:imported"),
    ("snapshot", "sn:imported", "sn:made"),
    ("files", "py:Loaded interpreter", "py:Loaded files"),
    ("to app.py", "py:Loaded files", "app:top"),
    ("app.py", "app:top", "boot:start"),
    ("table", "boot:start", "boot:ready"),
)


def patched(dist: Path, name: str) -> Path:
    """A copy of dist with the marks."""
    out = Path(tempfile.gettempdir()) / f"first-phases-{name}"
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(dist, out, symlinks=True)
    for path, marks in (("js/snapshot.js", SNAPSHOT_MARKS), ("js/boot.js", BOOT_MARKS)):
        text = (out / path).read_text()
        for old, new in marks:
            if text.count(old) != 1:
                raise SystemExit(f"{path}: {old!r} not found once: the marks need updating")
            text = text.replace(old, new)
        (out / path).write_text(text)
    app = (out / "app.py").read_text()
    (out / "app.py").write_text(f"import js as _js\n_js.performance.mark('app:top')\n{app}")
    build.precompress(out)
    return out


def first_visit(playwright, site: Path) -> dict[str, int]:
    server = build.serve_in_thread(directory=site, prefix=bt.PREFIX, gzip=True)
    try:
        with tempfile.TemporaryDirectory(prefix="first-phases-") as folder:
            context = playwright.chromium.launch_persistent_context(
                folder, executable_path=bt.CHROMIUM, headless=True, args=bt.CHROMIUM_ARGS
            )
            context.add_init_script(bt.PROBE)
            context.add_init_script(INIT)
            try:
                bt.visit(context, build.url_of(server) + "index.html", "tablet")
                return dict(context.pages[0].evaluate(MARKS))
            finally:
                context.close()
    finally:
        server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("sites", nargs="+", help="NAME=DIST")
    args = parser.parse_args()
    sites = {}
    for arg in args.sites:
        name, _, dist = arg.partition("=")
        sites[name] = patched(Path(dist), name)
    with sync_playwright() as playwright:
        for run in range(1, args.runs + 1):
            for name, site in sites.items():
                marks = first_visit(playwright, site)
                phases = [
                    f"{what} {marks[b] - marks[a] if a in marks and b in marks else '-'}"
                    for what, a, b in PHASES
                ]
                print(
                    f"run {run} {name}: ready {marks.get('boot:ready', '-')} ms; "
                    + ", ".join(phases)
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
