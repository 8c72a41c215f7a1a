"""The vendored runtime: npm ci from package-lock.json, then Pyodide's and PyScript's files."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

from .paths import NODE_MODULES, ROOT, BuildError, copy, log
from .stdlib import GAME_LOCK, GAME_STDLIB, write_game_stdlib

# What Pyodide 314 fetches at boot besides its standard library and lock file (no packages
# are used: the engine is stdlib only). The game boots its own standard library and lock file
# (sitebuild/stdlib.py); Pyodide's full ones (FULL_STDLIB) ship only with the development
# pages (bare.html, smoke.html: `build(dev_pages=True)`), never to the deployed site.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
FULL_STDLIB = ("python_stdlib.zip", "pyodide-lock.json")
PYODIDE_DIR = NODE_MODULES / "pyodide"
# PyScript chunks the game never loads: the editor's CodeMirror and the terminal's xterm.js
# (core.js imports the small py-editor, py-terminal and py-game plugins at start, which load
# these only for a <py-editor>/<py-terminal>), MicroPython, TOML configs, packages. Left out
# of the site, and so of the service worker's precache (about 1 MB).
PYSCRIPT_UNUSED = (
    "codemirror",
    "index-",
    "xterm",
    "mpy-",
    "pyodide_graph-",
    "toml-",
    "zip-",
    "storage.js",
    "service-worker.js",
)
PYSCRIPT_DIR = NODE_MODULES / "@pyscript" / "core" / "dist"
# The QR code of an invitation to a friend's device (js/duo-dialog.js): an ES module, MIT, no
# dependencies; its licence header travels with it.
QRCODE = NODE_MODULES / "qrcode-generator" / "dist" / "qrcode.mjs"
# PyScript's interpreter module: Pyodide's, through web/js/snapshot.js (a returning visit
# boots from a memory snapshot; sitebuild/snapshot.py)
INTERPRETER = "./js/snapshot.js"
# pyscript.json's keys for the game's trimmed standard library (see PYSCRIPT_PATCHES)
RUNTIME_CONFIG = {"interpreter": INTERPRETER, "stdlib": GAME_STDLIB, "lockfile": GAME_LOCK}


def _lock_versions(path: Path) -> dict[str, str]:
    packages = json.loads(path.read_text())["packages"]
    return {k: v.get("version", "") for k, v in packages.items() if k}


def node_modules_current() -> bool:
    """True if node_modules holds exactly what package-lock.json pins.

    npm ci writes node_modules/.package-lock.json (its "hidden lockfile"); comparing the
    version of every entry is content-based, so a changed lock is noticed whatever the mtimes.
    """
    hidden = NODE_MODULES / ".package-lock.json"
    try:
        return _lock_versions(hidden) == _lock_versions(ROOT / "package-lock.json")
    except (OSError, ValueError, KeyError):
        return False


def ensure_node_modules() -> None:
    if node_modules_current():
        return
    npm = shutil.which("npm")
    if not npm or not shutil.which("node"):
        raise BuildError(
            "node and npm are required to vendor PyScript and Pyodide from package-lock.json, "
            "but were not found on PATH. Install Node.js 18+ (Debian: apt-get install -y nodejs "
            "npm), then re-run."
        )
    log("node_modules missing or stale: running npm ci")
    # --no-audit/--no-fund: no extra registry round trips; CI has no stdin.
    result = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, stdin=subprocess.DEVNULL, check=False
    )
    if result.returncode != 0 or not node_modules_current():
        raise BuildError(f"npm ci failed (exit {result.returncode})")


# PyScript 0.7.31 opens an IndexedDB cache of packages while Pyodide boots (main thread and
# worker) and cannot boot where the browser refuses IndexedDB: an iframe on another site when
# third-party storage is blocked (private windows, strict privacy settings), i.e. the game
# embedded in a blog. Small patches, each checked to apply exactly twice (the page's and the
# worker's copy of the code): boot on without that cache (we load no packages, so it is never
# used), and drop an error handler that re-dispatches the event it is handling (it throws an
# "InvalidStateError" on the page).
PYSCRIPT_PATCHES = (
    (
        r'await (\w+)\.sync\(\),(\w+)\("Loaded Storage"\)',
        r'await \1.sync().catch(()=>{}),\2("Loaded Storage")',
    ),
    (
        r"await (\w+)\.close\(\),(\w+)\.lockFileURL&&",
        r"await \1.close().catch(()=>{}),\2.lockFileURL&&",
    ),
    (r"onerror\((\w)\)\{(\w)\(\1\),this\.dispatchEvent\(\1\)\}", r"onerror(\1){\2(\1)}"),
    # The game's own standard library and lock file (sitebuild/stdlib.py): pyscript.json's
    # "stdlib" and "lockfile" (file names next to the interpreter module; js/snapshot.js
    # takes them from vendor/pyodide/) become loadPyodide's stdLibURL and lockFileURL. Pages
    # whose config has no "stdlib" (bare.html) are unchanged.
    (
        r"(async engine\(\{loadPyodide:\w+,version:\w+\},(\w+),.{0,1500}?)(\w+)=\{indexURL:(\w+)\}",
        r'\1\3={indexURL:\4,...(\2.stdlib&&{stdLibURL:\4+"/"+\2.stdlib,'
        r'lockFileURL:\4+"/"+\2.lockfile})}',
    ),
)


def _patch_pyscript(path: Path) -> None:
    text = path.read_text()
    for pattern, replacement in PYSCRIPT_PATCHES:
        text, n = re.subn(pattern, replacement, text)
        if n != 2:
            raise BuildError(
                f"{path.name}: a PyScript patch matched {n} times, not 2 ({pattern}); a new "
                "PyScript version? Check whether it still needs PYSCRIPT_PATCHES in "
                "sitebuild/vendor.py"
            )
    mtime = path.stat().st_mtime
    path.write_text(text)
    os.utime(path, (mtime, mtime))  # the same Last-Modified on every build (304s)


def write_runtime(out: Path, full_stdlib: bool = False) -> None:
    """vendor/pyodide/ (Pyodide's files and the game's standard library; full_stdlib: also
    Pyodide's own), vendor/pyscript/ (*.js, *.css) and vendor/qrcode/qrcode.mjs."""
    if not QRCODE.is_file():
        raise BuildError(f"{QRCODE} is missing: is qrcode-generator installed?")
    copy(QRCODE, out / "vendor" / "qrcode" / QRCODE.name)
    for name in PYODIDE_FILES + (FULL_STDLIB if full_stdlib else ()):
        src = PYODIDE_DIR / name
        if not src.is_file():
            raise BuildError(f"{src} is missing: is the pyodide npm package complete?")
        copy(src, out / "vendor" / "pyodide" / name)
    write_game_stdlib(PYODIDE_DIR, out / "vendor" / "pyodide")
    assets = [
        p
        for p in sorted(PYSCRIPT_DIR.glob("*"))
        if p.suffix in (".js", ".css") and not p.name.startswith(PYSCRIPT_UNUSED)
    ]
    if not any(p.name == "core.js" for p in assets):
        raise BuildError(f"{PYSCRIPT_DIR}/core.js is missing: is @pyscript/core installed?")
    for src in assets:
        copy(src, out / "vendor" / "pyscript" / src.name)
        if src.name.startswith("core-") and src.suffix == ".js":
            _patch_pyscript(out / "vendor" / "pyscript" / src.name)
