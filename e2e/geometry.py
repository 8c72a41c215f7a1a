"""Geometry checks any browser test can run on the page it has open.

    problems(page) -> list[str]   every problem below, each a line naming the element

* **Text out of its box**: a visible element's own text reaches past the element's border
  box (a German word spilling out of its button), or is cut by its own overflow.
* **Covered**: a visible interactive element (a button, link, field, a card or stone one can
  tap) whose centre is under another element (``elementFromPoint``), or a text the player
  must read (seat lines, the status, the prompt, the replay's step and verdict) with another
  element over it. Only the top layer is checked: the open modal dialog, else the handover
  screen, else the page.

* **The board's badges**: a stone's badge (its owner, a combat mode) over a card or another
  stone, and a claimed stone's ring meeting the next stone's.

Intended overlaps are not problems: the cards on the board cascade (only the ones one can
pick are checked, at the corner that shows), a sticky footer over a dialog's scrolled body,
an element outside the window or scrolled out of its box.
"""

from __future__ import annotations

from pathlib import Path

# Texts a player reads that nothing may cover (besides the interactive elements).
READ = [
    "#status-who",
    "#status-step",
    ".seat .seat-name",
    ".seat .seat-info",
    "#prompt-text",
    "#prompt-hint",
    "#replay-step",
    "#review-note",
    "#review-progress-text",
    "#lesson-text",
    "#lesson-result",
    "#lesson-said",
    "#handover-title",
    "#handover-sub",
]

INTERACTIVE = (
    "button, a[href], select, input:not([type=hidden]), textarea, [tabindex], "
    "#hand .card, #board .card.pick, .lane.target .stone, .pile"
)

# The script's first line is a comment for people; page.evaluate gets the function alone.
GEOMETRY = (Path(__file__).parent / "geometry.js").read_text().split("\n", 1)[1]


def problems(page, allowed: tuple[str, ...] = ()) -> list[str]:
    """Every geometry problem on the page's top layer; lines containing an ``allowed``
    fragment are left out (say why where you pass one)."""
    found = page.evaluate(GEOMETRY, [INTERACTIVE, READ])
    return [p for p in found if not any(a in p for a in allowed)]
