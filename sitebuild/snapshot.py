"""js/snapshot.js, the page's interpreter module, with what it must know of the build.

The page boots Python from a memory snapshot on a returning visit (web/js/snapshot.js says
how). Two lines of it are the build's:

    BUILD    the build a snapshot belongs to: a hash of every other file the site ships
             (those the service worker keeps; sw.js and this module excepted) and of this
             module's source, so a snapshot is never used by another build, whatever changed
    MODULES  what the snapshot has imported: the game's modules app.py imports (its
             top-level imports of web/ modules and ``engine``), the computer's
             (``engine.ai``, imported on the page for its first move) and ``html`` (PyScript's
             display imports it); what else is imported once the table is up is PyScript's

Written by ``write_service_worker`` (which then hashes the result into sw.js's version), so
a folder whose files changed gets both again in one call.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
from pathlib import Path

from .paths import WEB, BuildError

SNAPSHOT_JS = "js/snapshot.js"  # where the page's interpreter module is in the site
# Imported later, but soon: the computer's first move (engine.ai), PyScript's display (html)
ALSO_IMPORTED = ("engine.ai", "html")


def snapshot_modules(app: Path = WEB / "app.py") -> list[str]:
    """The game's modules app.py imports at its top level (web/ modules and ``engine``),
    in order, then ``ALSO_IMPORTED``.

    >>> "engine" in snapshot_modules() and "session" in snapshot_modules()
    True
    """
    ours = {p.stem for p in WEB.glob("*.py")} | {"engine"}
    names: list[str] = []
    for node in ast.parse(app.read_text()).body:
        if isinstance(node, ast.Import):
            found = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found = [node.module]
        else:
            continue
        names += [n for n in found if n.split(".")[0] in ours and n not in names]
    return names + [n for n in ALSO_IMPORTED if n not in names]


def snapshot_build(files: dict[str, str], source: str) -> str:
    """The build's key for snapshots: a hash of the site's file hashes (all but this module)
    and of this module's source."""
    others = {k: v for k, v in files.items() if k != SNAPSHOT_JS}
    listing = json.dumps(others, sort_keys=True) + "\n" + source
    return hashlib.sha256(listing.encode()).hexdigest()[:16]


def write_snapshot_module(out: Path, files: dict[str, str]) -> str | None:
    """Write BUILD and MODULES into out/js/snapshot.js (``files``: the precache list, path ->
    hash); return BUILD, or None when the site has no such module."""
    path = out / SNAPSHOT_JS
    if not path.is_file():
        return None
    text = path.read_text()
    # The module's own source, without the two lines written here: the same in every build.
    source = re.sub(r"^const (BUILD|MODULES) = .*$", "", text, flags=re.MULTILINE)
    build = snapshot_build(files, source)
    modules = json.dumps(snapshot_modules())
    text, n1 = re.subn(
        r'^const BUILD = ".*?";.*$',
        lambda m: f'const BUILD = "{build}"; // written by build.py',
        text,
        count=1,
        flags=re.MULTILINE,
    )
    text, n2 = re.subn(
        r"^const MODULES = \[.*?\];.*$",
        lambda m: f"const MODULES = {modules}; // written by build.py",
        text,
        count=1,
        flags=re.MULTILINE,
    )
    if (n1, n2) != (1, 1):
        raise BuildError(f"{SNAPSHOT_JS}: the BUILD and MODULES lines are missing")
    path.write_text(text)
    return build
