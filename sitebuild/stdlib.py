"""The game's standard library: only the modules it imports, shipped as bytecode.

Pyodide fetches its whole standard library, ``python_stdlib.zip`` (2.5 MB, already
compressed: gzip wins nothing), before Python starts. The game imports a small part of it:
the modules in ``sitebuild/stdlib-modules.txt``, found by tracing imports in Chromium while
games of every kind are played (``python tools/trace_imports.py`` writes the file again;
every browser test fails when a page or its worker misses a module, e2e/missing_modules.py).
``vendor/pyodide/stdlib-game.zip`` holds those modules compiled by Pyodide's own
Python, without docstrings and line tables (``sitebuild/bytecode.py``: Pyodide then skips
compiling them on every start, about a third of its boot); pyscript.json names it
(``"stdlib"``) and a small PyScript patch (sitebuild/vendor.py) hands it to Pyodide as
``stdLibURL``. bare.html (the benchmark's bare Pyodide) still boots the full archive.

``SCHOTTEN_STDLIB=trace`` (tools/trace_imports.py) ships instead the full archive plus a
``sitecustomize.py`` that logs every import to the browser console (``st-import NAME``).
"""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from pathlib import Path

from .bytecode import compiled_zip
from .paths import ROOT

MODULES_FILE = ROOT / "sitebuild" / "stdlib-modules.txt"
GAME_STDLIB = "stdlib-game.zip"  # in vendor/pyodide/, next to Pyodide's own files
GAME_LOCK = "pyodide-lock-game.json"  # the lock file without packages (the game loads none)
# Reached only on paths the trace may not walk (an error shown, a record saved...): kept
# whatever the trace says.
EXTRA = (
    "traceback",
    "linecache",
    "tokenize",
    "token",
    "textwrap",
    "json",
    "zlib",
    "encodings.cp437",
)  # zipfile's names: PyScript unpacks game.zip (sitebuild/site.py)

TRACER = """\
# Written by sitebuild/stdlib.py (SCHOTTEN_STDLIB=trace): every module imported, to the console.
import sys

_logged = set()
_busy = []


def _hook(event, args):
    if event != "import" or _busy:
        return
    js = sys.modules.get("js")
    if js is None:
        return
    _busy.append(1)
    try:
        for name in [*sys.modules, args[0]]:   # all so far: also those imported while busy
            if name not in _logged:
                js.console.log("st-import " + str(name))
                _logged.add(name)
    except Exception:  # not ready yet: the next import logs them
        pass
    finally:
        _busy.clear()


sys.addaudithook(_hook)
"""


def traced_modules() -> list[str]:
    """The module names in stdlib-modules.txt (comments and blank lines skipped), plus EXTRA."""
    names = set(EXTRA)
    if MODULES_FILE.is_file():
        for line in MODULES_FILE.read_text().splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                names.add(line)
    return sorted(names)


def members_for(modules: list[str], available: set[str]) -> list[str]:
    """The archive members those modules need: each module's file and its packages' __init__.

    Names that are not in the archive (built in, frozen, the engine, PyScript) are skipped."""
    keep = set()
    for name in modules:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            path = "/".join(parts[:i])
            for member in (f"{path}.py", f"{path}/__init__.py"):
                if member in available:
                    keep.add(member)
    return sorted(keep)


def write_game_stdlib(pyodide_dir: Path, out_dir: Path) -> None:
    """out_dir/stdlib-game.zip and out_dir/pyodide-lock-game.json."""
    full = pyodide_dir / "python_stdlib.zip"
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    (out_dir / GAME_LOCK).write_text(json.dumps({"info": lock["info"], "packages": {}}))
    mtime = (pyodide_dir / "pyodide-lock.json").stat().st_mtime
    os.utime(out_dir / GAME_LOCK, (mtime, mtime))  # the same Last-Modified on every build
    target = out_dir / GAME_STDLIB
    if os.environ.get("SCHOTTEN_STDLIB") == "trace":
        shutil.copyfile(full, target)
        with zipfile.ZipFile(target, "a") as z:
            z.writestr("sitecustomize.py", TRACER)
        return
    with zipfile.ZipFile(full) as z:
        available = set(z.namelist())
    members = members_for(traced_modules(), available)
    shutil.copy2(
        compiled_zip(
            pyodide_dir,
            zip_path=full,
            members=members,
            strip_lines=True,
            what="the game's standard library",
        ),
        target,
    )
