"""Python shipped compiled: zips of .pyc made by Pyodide's own Python (``bytecode.mjs``).

Pyodide compiles every module it imports from source on every start, and in WebAssembly that
is slow: the standard library the game's first visit imports (about 140 modules, most of them
imported by Pyodide and PyScript themselves before any game code runs) took about 1.2 s to
compile in Node on this machine, more than a third of the boot. Shipped as bytecode it is
only unmarshalled. The archives are cached in ``node_modules/.cache/schotten-pyc/`` under a
hash of everything they are made from, so a build normally only copies them.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from .paths import NODE_MODULES, ROOT, BuildError, log

SCRIPT = ROOT / "sitebuild" / "bytecode.mjs"
CACHE = NODE_MODULES / ".cache" / "schotten-pyc"


def compiled_zip(
    pyodide_dir: Path,
    *,
    zip_path: Path | None = None,
    members: list[str] = (),
    files: dict[str, Path] | None = None,
    strip_lines: bool = False,
    what: str = "Python",
) -> Path:
    """A cached zip of .pyc: ``members`` of ``zip_path`` and ``files`` (archive name -> source),
    compiled by the Pyodide in pyodide_dir. Returns the cached file (copy it, do not move it)."""
    files = dict(sorted((files or {}).items()))
    spec = {
        "zip": str(zip_path) if zip_path else None,
        "members": list(members),
        "files": {name: str(path) for name, path in files.items()},
        "strip_lines": strip_lines,
    }
    key = hashlib.sha256()
    parts = [
        SCRIPT.read_bytes(),
        (pyodide_dir / "pyodide-lock.json").read_bytes(),
        json.dumps([spec["members"], list(files), strip_lines]).encode(),
    ]
    if zip_path:
        parts.append(zip_path.read_bytes())
    parts += [path.read_bytes() for path in files.values()]
    for part in parts:
        key.update(hashlib.sha256(part).digest())
    cached = CACHE / f"{key.hexdigest()[:20]}.zip"
    if cached.is_file():
        return cached
    node = shutil.which("node")
    if not node:
        raise BuildError("node is required to compile the shipped Python (sitebuild/bytecode.py)")
    log(f"compiling {what} to bytecode with Pyodide ({len(spec['members']) + len(files)} files)")
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        listing, out = Path(tmp) / "spec.json", Path(tmp) / "out.zip"
        listing.write_text(json.dumps(spec))
        result = subprocess.run(
            [node, str(SCRIPT), str(pyodide_dir), str(listing), str(out)],
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0 or not out.is_file():
            raise BuildError(f"bytecode.mjs failed:\n{result.stderr[-2000:]}")
        os.replace(out, cached)  # atomic: a concurrent build sees all or nothing
    return cached
