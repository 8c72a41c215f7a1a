"""Every screen at phone, tablet and desktop sizes, in English and German: play, the
handover (and its take-back question), the Games dialog, the replay (seen from you and with
every card open), the review (also at 1366x768), a lesson (a stone tapped in it).

On each: no text out of its box, nothing a player taps or reads under something else
(e2e/geometry.py), and a screenshot in artifacts/screenshots/screen-<screen>-<width>-<lang>.png
for people to look at. One browser context per size; the page is reused, a screen is reached
by storing its save and reloading.
"""
from __future__ import annotations

import random
import sys

import pytest
from geometry import problems
from table import BOOT_MS, QUERY, ROOT, SAVE_KEY, open_with_save, save_text
from test_layout import LOG, rich_position

sys.path.insert(0, str(ROOT / "web"))
from session import Session

from engine import action_to_json
from engine.ai import make_agent

SIZES = [(390, 844), (820, 1180), (1280, 800)]
REVIEW_ITERATIONS = 12   # a quick review: the layout, not the verdicts


def _handover_save() -> str:
    """Two players on one device, South has played a turn: North's handover, with South's
    take-back offered."""
    s = Session()
    s.new_game({"opponent": "human", "seed": 5, "starter": "0"})
    rng = random.Random(5)
    while s.state.to_move == 0:
        v = s.payload(0)["view"]
        s.act(action_to_json(make_agent("easy").choose(v, rng)), 0)
    return s.save_json()


def _finished_save() -> str:
    """A whole game against the computer (both sides played by Easy), over."""
    s = Session()
    p = s.new_game({"opponent": "ai", "seed": 7, "ai_level": "easy", "tactics": True})
    rng = random.Random(7)
    while p["view"]["step"] != "over":
        if p["ai_to_move"]:
            req = s.ai_request()
            p = s.act(action_to_json(make_agent("easy").choose(req["view"], rng)), 1)
        else:
            p = s.act(action_to_json(make_agent("easy").choose(p["view"], rng)), 0)
    return s.save_json()


@pytest.fixture(scope="module")
def saves():
    return {"play": save_text(rich_position(), opponent="ai", log=LOG),
            "handover": _handover_save(), "finished": _finished_save()}


def _load(page, site_url, text, lang, extra=""):
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [SAVE_KEY, text])
    page.goto(f"{site_url}index.html{QUERY}&lang={lang}{extra}")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)


def _look(page, screenshot, found, name):
    """The screen's problems (kept, with its name) and its screenshot."""
    page.wait_for_timeout(350)   # transitions (the drawer, a dialog) settle
    found += [f"{name}: {p}" for p in problems(page)]
    screenshot(page, f"screen-{name}")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}" for w, _ in SIZES])
def test_every_screen(new_context, site_url, screenshot, saves, size):
    w, h = size
    page = new_context(viewport={"width": w, "height": h}).new_page()
    open_with_save(page, site_url, saves["play"])
    found: list[str] = []
    for lang in ("en", "de"):
        tag = f"{w}-{lang}"
        # Play, and the Games dialog over it.
        _load(page, site_url, saves["play"], lang)
        _look(page, screenshot, found, f"play-{tag}")
        page.click("#btn-games")
        _look(page, screenshot, found, f"games-{tag}")
        page.click("#dlg-games [data-close]")
        # The new-game dialog: its buttons reachable.
        page.click("#btn-new")
        _look(page, screenshot, found, f"new-{tag}")
        page.click("#new-cancel")
        # The handover, and the take-back question asked there.
        _load(page, site_url, saves["handover"], lang)
        page.wait_for_selector("#handover", state="visible")
        _look(page, screenshot, found, f"handover-{tag}")
        page.click("#handover-undo")
        _look(page, screenshot, found, f"handover-undo-{tag}")
        page.click("#undo-no")
        # The replay of a finished game, then with every card open.
        _load(page, site_url, saves["finished"], lang, f"&review_iterations={REVIEW_ITERATIONS}")
        page.wait_for_selector("#dlg-end[open]")
        page.click("#end-look")
        page.click("#btn-games")
        page.click("#games-replay")
        page.wait_for_selector("#replay-bar", state="visible")
        page.click("#replay-back")
        _look(page, screenshot, found, f"replay-{tag}")
        page.select_option("#replay-mode", "open")
        _look(page, screenshot, found, f"replay-open-{tag}")
        page.select_option("#replay-mode", "0")
        # The review: while it runs, and its verdicts.
        page.click("#replay-review")
        page.wait_for_selector("#review-progress:not([hidden])")
        _look(page, screenshot, found, f"review-running-{tag}")
        page.wait_for_selector("#review-progress", state="hidden", timeout=120_000)
        page.click("#replay-last")   # the most cards on the table
        page.click("#replay-back")
        _look(page, screenshot, found, f"review-{tag}")
        if w == 1280:
            page.set_viewport_size({"width": 1366, "height": 768})
            _look(page, screenshot, found, f"review-1366-{lang}")
            page.set_viewport_size({"width": w, "height": h})
        page.click("#replay-exit")
        # A lesson, a stone tapped in it.
        page.click("#btn-learn")
        page.click('#learn-list li[data-lesson="basics"] button')
        page.wait_for_selector("#lesson", state="visible")
        page.click('#board .lane[data-stone="0"] .stone')
        _look(page, screenshot, found, f"lesson-{tag}")
        page.click("#lesson-leave")
    assert found == [], "\n".join(found)
