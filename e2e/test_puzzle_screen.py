"""The Puzzles in Chromium: the file fetched only when the player opens them, one puzzle
solved by mouse (a wrong try first, answered in words) and one by keyboard alone, the
hint, the rating and streak in the statistics, the game in progress given back on leaving
and on a reload in the middle of the puzzles (their Python, part-puzzles.zip, loaded before
the table then, and for the statistics on a visit that never opened them); axe on the
puzzle screen at phone and desktop sizes."""

import json
from pathlib import Path

import pytest
from test_axe import Audit

from engine.actions import action_to_json
from engine.puzzles import decode
from engine.puzzles.search import plays
from tools.table import (
    BOOT_MS,
    READY,
    at_rest,
    body,
    hand,
    open_with_save,
    play_card,
    position,
    save_text,
)

ROOT = Path(__file__).resolve().parent.parent
CODES = json.loads((ROOT / "web" / "puzzles.json").read_text())["puzzles"]
PANEL = "#puzzle"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

GAME = position(hands=[["R1", "R3", "O5", "Y7", "G9", "B2"], ["P1", "P3", "B5", "G7", "Y9", "O2"]])

pytestmark = pytest.mark.browser_context_args(bypass_csp=True)  # axe is injected


def on_show(page) -> tuple:
    """The puzzle on the panel: its index, and its answer and a wrong play (as the test
    reads them from the shipped file; the page never holds the answer)."""
    page.wait_for_selector(f"{PANEL}:not([hidden])", timeout=30_000)
    index = int(page.get_attribute(PANEL, "data-index"))
    p = decode(CODES[index])
    wrong = next(a for a in plays(p.state) if a != p.move)
    return index, action_to_json(p.move), action_to_json(wrong)


def verdict(page, solved: str) -> str:
    page.wait_for_selector(f'{PANEL}[data-solved="{solved}"]', timeout=30_000)
    return page.inner_text("#puzzle-verdict")


def test_puzzles_by_mouse_and_by_keyboard(page, site_url):
    page.set_viewport_size(DESKTOP)
    fetched = []
    page.on("request", lambda r: fetched.append(r.url))
    open_with_save(page, site_url, save_text(GAME, opponent="ai"))
    game_hand = sorted(hand(page))
    assert not [u for u in fetched if u.endswith("puzzles.json")], "fetched at boot"
    audit = Audit("en")

    # By mouse: from the Games dialog; a wrong play first, then the answer.
    page.click("#btn-games")
    page.click("#games-puzzles")
    index, right, wrong = on_show(page)
    assert [u for u in fetched if u.endswith("puzzles.json")]
    assert page.inner_text("#puzzle-task")
    page.click("#puzzle-hint")
    page.wait_for_selector("#puzzle-hint-text:not([hidden])")
    play_card(page, wrong["card"], wrong["stone"])
    said = verdict(page, "false")
    assert said.startswith("Not this one.") and len(said) > 30
    assert wrong["card"] in hand(page)  # judged, not played
    play_card(page, right["card"], right["stone"])
    assert verdict(page, "true").startswith("Solved!")
    audit(page, "puzzle solved, desktop")

    # By keyboard: the next puzzle, its answer chosen in the hand and put on its stone.
    page.focus("#puzzle-next")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelector('{PANEL}').dataset.index !== '{index}'")
    _, right, _ = on_show(page)
    page.focus(f'#hand .card[data-card="{right["card"]}"]')
    page.keyboard.press("Enter")
    page.keyboard.press(str(right["stone"] + 1))
    assert verdict(page, "true").startswith("Solved!")
    assert "streak: 1 solved" in page.inner_text("#puzzle-rating")

    page.set_viewport_size(PHONE)
    audit(page, "puzzle solved, phone")
    audit.check()

    # The statistics tell the puzzles; leaving gives the game back.
    at_rest(page)
    page.click("#btn-games")
    page.wait_for_selector(".stats-puzzles")
    said = page.inner_text("#stats-list")
    assert "Puzzles: rating" in said and "1 solved in a row" in said, said
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-games", state="hidden")
    page.click("#puzzle-leave")
    page.wait_for_selector(f"{PANEL}", state="hidden")
    assert sorted(hand(page)) == game_hand
    assert body(page, "step") == "play"

    # A reload in the middle of the puzzles: the game put aside comes back, its part loaded
    # before the table (app.py answers boot with {part}); the next visit's statistics load it.
    page.click("#btn-games")
    page.click("#games-puzzles")
    on_show(page)
    parts = []
    page.on("request", lambda r: parts.append(r.url) if "/part-puzzles.zip" in r.url else None)
    for _visit in range(2):
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
        assert page.locator(PANEL).is_hidden() and sorted(hand(page)) == game_hand
        page.click("#btn-games")
        page.wait_for_selector(".stats-puzzles")
        assert "Puzzles: rating" in page.inner_text("#stats-list")
        page.keyboard.press("Escape")
        page.wait_for_selector("#dlg-games", state="hidden")
    assert len(parts) == 2, parts  # once a visit: at boot, then for the statistics
