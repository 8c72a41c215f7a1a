"""Which of our own files the browser gets, and which of them Python reads.

Only what runs in the page: the engine package (its modules and data files such as its
message catalogues, ``engine/messages/*.json``; never tests or caches: the tooling lives
outside it, in ``tools/``) and everything in ``web/``, with the table's catalogues,
``web/messages/*.json``. Engine files keep their path, web/ files go to the site's root, so
``./engine/messages/en.json`` and ``./messages/en.json`` are each both a file in Pyodide's
file system (next to the module that reads it: engine/words.py, web/words.py) and a URL the
page's JavaScript can fetch (web/js/words.js). Only English's catalogues go into Python's file
system with the modules (the default language: the engine's own words, every language's
fallback); a page in another language hands its own over as it fetched them (web/words.py),
so a first visit fetches no catalogue of a language it does not show (docs/offline.md).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .paths import ENGINE, ROOT, WEB

SKIP_DIRS = {"__pycache__", "tests", ".pytest_cache"}
ENGINE_SUFFIXES = (".py", ".json")  # modules, and the data they read at run time
WEB_CONFIG = "pyscript.json"  # optional extra PyScript settings, merged (site.py)
SW_TEMPLATE = WEB / "sw.js"  # written last, with the hash of every other file
# The scripts PyScript fetches as a <script type="py" src=...>: shipped as source files. Every
# other module is shipped compiled, in one archive (GAME_ARCHIVE, sitebuild/bytecode.py).
ENTRY_SCRIPTS = ("app.py", "ai_worker.py")
# Data files of web/ that Python reads as well as the page: the table's catalogues.
WEB_PYTHON_DATA = ("messages/",)
# The one language whose catalogues come with Python's modules: the engine's default
# (engine/words.py's DEFAULT_LANGUAGE; the build does not import the engine, a test compares).
PYTHON_LANGUAGE = "en"
# Where the build lists every language for the engine (engine/words.py, LISTED), in game.zip.
LANGUAGE_LIST = "engine/messages/languages.json"
# Modules the browser never imports: the command line and the arena's sparring partner.
NOT_IN_BROWSER = ("engine/__main__.py", "engine/cli.py", "engine/ai/barca.py")
GAME_ARCHIVE = "game.zip"
# Parts of the game a first table does not need: each its own archive of bytecode, fetched and
# unpacked into Python's working directory on first use (web/js/part.js, web/parts.py), and
# precached by the service worker like every file. Module paths, or folders ending in "/".
PARTS = {
    # the two-device play: its modules and the protocol (engine/remote)
    "duo": ("duo.py", "duo_games.py", "reconnect.py", "engine/remote/"),
    # the lessons: their steps and checks, and where the player is in them
    "lessons": ("lessons.py", "tutorial.py", "lesson_progress.py"),
    # the replay viewer, the review's marks and the game links (their reader and writer);
    # reading a record for a save or a take-back stays with the first table (replay.py)
    "replay": ("viewer.py", "review.py", "shared.py", "engine/gamelink.py"),
    # the puzzles: their screen, the player's rating and the engine's judge of an answer
    "puzzles": ("puzzles.py", "puzzle_progress.py", "glicko.py", "engine/puzzles/"),
}


def part_of(url: str) -> str | None:
    """The lazily loaded part a module's URL path belongs to, or None (the first table's)."""
    for name, paths in PARTS.items():
        if any(url == p or (p.endswith("/") and url.startswith(p)) for p in paths):
            return name
    return None


def part_archive(name: str) -> str:
    """The site path of a part's archive: ``part-duo.zip``."""
    return f"part-{name}.zip"


@dataclass(frozen=True)
class Shipped:
    """One of our files in the site: its source, its URL path, and whether PyScript copies
    it into Python's file system (the `files` config)."""

    src: Path
    url: str
    python: bool


def for_python(url: str) -> bool:
    """Whether PyScript copies a data file into Python's file system: any but a catalogue of
    another language than ``PYTHON_LANGUAGE``."""
    folder, _, name = url.rpartition("/")
    is_catalogue = folder in ("messages", "engine/messages") and name.endswith(".json")
    return not is_catalogue or name == f"{PYTHON_LANGUAGE}.json"


def walk(top: Path):
    """Files under top, sorted, skipping caches, test folders and hidden folders."""
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        for name in sorted(filenames):
            if not name.endswith((".pyc", ".pyo")):
                yield Path(dirpath) / name


def shipped_files() -> list[Shipped]:
    """The engine (modules and data, no tests) and web/ (but its config and sw.js template)."""
    out = []
    if ENGINE.is_dir():
        for src in walk(ENGINE):
            if src.suffix in ENGINE_SUFFIXES and not src.name.startswith("test_"):
                url = src.relative_to(ROOT).as_posix()
                out.append(Shipped(src, url, python=for_python(url)))
    if WEB.is_dir():
        for src in walk(WEB):
            rel = src.relative_to(WEB).as_posix()
            if rel not in (WEB_CONFIG, SW_TEMPLATE.name):
                python = src.suffix == ".py" or (
                    rel.startswith(WEB_PYTHON_DATA) and for_python(rel)
                )
                out.append(Shipped(src, rel, python=python))
    return out
