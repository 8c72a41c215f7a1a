"""The first lesson's first screen, made by Python at build time (``lesson-first.json``).

A player who presses Learn to play before the page's Python is ready sees the first lesson's
first step at once (web/js/lesson-early.js): the table as the lesson sets it up and the
panel with its task, from this file, one payload per language. It is exactly what the
page's Python answers to ``lesson_start`` (``web/tutorial.py`` on ``web/session.py``): the
view of the player's seat, with the moves then legal, and the lesson's status. A view holds
no hidden information (the other hand is a count, the deck a size), and the build checks it:
no card of the other hand, no seed.

The web modules are imported in a Python of their own (their names, such as ``words``, are
the page's and would shadow others in the build's process).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .paths import ROOT, WEB, BuildError

FIRST_LESSON = "lesson-first.json"  # in the site's root
LESSON = "basics"

MAKE = """
import json, sys
sys.path[:0] = [sys.argv[1], sys.argv[2]]
from lessons import position
from session import Session
from tutorial import Tutorial
from words import languages
out = {}
for lang in languages():
    session = Session()
    tutorial = Tutorial(session)
    tutorial.load(sys.argv[3], 0)
    session.set_option("lang", lang)
    payload = session.payload(session.match.first_seat())
    out[lang] = {**payload, "ok": True, "lesson": tutorial.status()}
hidden = position(sys.argv[3], 0)["hands"][1]
print(json.dumps({"payloads": out, "hidden": hidden}))
"""


def first_lesson_payloads() -> dict:
    """``{language: payload}`` of the first lesson's first step; ``BuildError`` if one
    shows a card of the other hand or the deal's seed."""
    done = subprocess.run(
        [sys.executable, "-c", MAKE, str(WEB), str(ROOT), LESSON],
        capture_output=True,
        text=True,
        cwd=WEB,
        check=False,
    )
    if done.returncode:
        raise BuildError(f"the first lesson's payload could not be made:\n{done.stderr}")
    made = json.loads(done.stdout)
    for lang, payload in made["payloads"].items():
        text = json.dumps(payload)
        shown = [c for c in made["hidden"] if f'"{c}"' in text]
        if shown or '"seed"' in text:
            raise BuildError(f"the first lesson's payload ({lang}) shows {shown or 'the seed'}")
    return made["payloads"]


def write_first_lesson(out: Path) -> None:
    (out / FIRST_LESSON).write_text(
        json.dumps(first_lesson_payloads(), ensure_ascii=False, separators=(",", ":")),
        encoding="utf-8",
    )
