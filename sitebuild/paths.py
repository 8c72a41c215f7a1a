"""Where things are, the build's error and its log line."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# SCHOTTEN_DIST (a folder name under the repo) lets several builds and test runs work side
# by side in one checkout without serving each other's half-made sites.
DIST = ROOT / os.environ.get("SCHOTTEN_DIST", "dist")
WEB = ROOT / "web"
ENGINE = ROOT / "engine"
NODE_MODULES = ROOT / "node_modules"


class BuildError(RuntimeError):
    """A build step failed; the message says what to do."""


def log(msg: str) -> None:
    print(f"build.py: {msg}", flush=True)


def copy(src: Path, dst: Path) -> None:
    """Copy one file, making its folder; keeps the mtime, so Last-Modified (and 304s)
    survive a rebuild."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)
