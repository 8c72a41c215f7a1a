"""Review in Chromium: a finished game against the computer, with one deliberately bad move,
is reviewed by Hard in the AI worker (progress shown), the bad move is marked in the move
list, and its step shows Hard's preferred move on the board with the reason in words.
Also the statistics in the Games dialog, and a hint that says why. The three tests share one
page (e2e/conftest.py's ``shared_page``, its address with both tests' options): the first
boots it, the others take over their saves."""

from __future__ import annotations

import random
import sys

import pytest
from geometry import problems

from tools.table import ROOT, at_rest, open_or_take_over, py

sys.path.insert(0, str(ROOT / "web"))
from session import Session
from viewer import Replay

from engine import action_from_json, action_to_json
from engine.ai import make_agent
from engine.ai.medium import scored_plays, table_state
from engine.ai.review import assess

ITERATIONS = 40  # the page's ?review_iterations: the same verdicts as computed here
# The shared page's options: the review's iterations, the hint's thinking time.
OPTIONS = f"&review_iterations={ITERATIONS}&ai_time=0.2"
DEFAULT_SIZE = {"width": 1280, "height": 720}  # pytest-playwright's


@pytest.fixture
def page(shared_page):
    shared_page.set_viewport_size(DEFAULT_SIZE)  # an earlier test may have left another
    return shared_page


def _worst_play(view: dict) -> dict:
    """The move Medium's evaluation rates lowest: a deliberate mistake."""
    state, deck = table_state(view)
    plays = [action_from_json(a) for a in view["legal"]]
    return action_to_json(min(scored_plays(state, view["player"], deck, plays))[1])


def _game_with_a_bad_move(seed: int, bad_at: int):
    """South plays Medium's moves, except the ``bad_at``-th play: Medium's worst; North is
    Easy. Returns the finished session and the index of the bad move in the record."""
    s = Session()
    payload = s.new_game({"opponent": "ai", "seed": seed, "ai_level": "easy"})
    rng = random.Random(seed)
    plays, bad = 0, None
    while payload["view"]["step"] != "over":
        v = payload["view"]
        if payload["ai_to_move"]:
            req = s.ai_request()
            payload = s.act(action_to_json(make_agent("easy").choose(req["view"], rng)), 1)
            continue
        if v["step"] == "play" and len(v["legal"]) > 1:
            plays += 1
            if plays == bad_at:
                bad = len(s.actions)
                payload = s.act(_worst_play(v), 0)
                continue
        payload = s.act(action_to_json(make_agent("medium").choose(v, rng)), 0)
    return s, bad


@pytest.fixture(scope="module")
def bad_game():
    """A game whose deliberate mistake the review marks (checked here, as the page will
    compute it: same views, seeds and iterations)."""
    for seed in range(40, 60):
        s, bad = _game_with_a_bad_move(seed, bad_at=3)
        if bad is None:
            continue
        req = next(r for r in s.review_requests("game")["requests"] if r["index"] == bad)
        verdict = assess(req["view"], req["played"], req["seed"], ITERATIONS)
        if verdict.get("level"):
            step = Replay(s.start, s.actions).step_of(bad)
            return s, step, verdict
    raise AssertionError("no seed gave a marked mistake")


def test_a_finished_game_is_reviewed_and_the_bad_move_marked(page, site_url, bad_game, screenshot):
    s, step, verdict = bad_game
    open_or_take_over(page, site_url, s.save_json(), OPTIONS)
    page.wait_for_selector("#dlg-end[open]")
    page.click("#end-review")
    page.wait_for_selector("#review-progress:not([hidden])")
    assert "Hard is weighing decision" in page.inner_text("#review-progress-text")
    page.wait_for_selector("#review-progress", state="hidden", timeout=180_000)
    page.wait_for_selector("#review-note:not([hidden])")
    if page.locator("#btn-log").is_visible():  # a drawer on small screens
        page.click("#btn-log")
    bad = page.locator(f'#log li[data-step="{step}"]')
    assert bad.get_attribute("data-mark") in ("blunder", "mistake", "inaccuracy")
    assert bad.locator(".review-mark").get_attribute("aria-label") in (
        "Blunder",
        "Mistake",
        "Inaccuracy",
    )
    bad.click()
    note = page.inner_text("#review-note")
    assert "Hard prefers: " in note and note.endswith(".")
    best = verdict["best"]
    if best["kind"] == "play" and "stone" in best and "target" not in best:
        # The preferred move is pointed at on the board: its stone and the card in hand.
        assert page.locator(f'#board .lane[data-stone="{best["stone"]}"].hint-stone').count() == 1
    assert page.locator("#replay-review").is_visible()  # it can run again
    for name, size in (("desktop", (1280, 800)), ("tablet", (820, 1180)), ("phone", (390, 844))):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.evaluate("document.body.classList.remove('log-open')")  # the board, not the log
        at_rest(page)  # the drawer's slide, the board measured for the size
        screenshot(page, f"review-{name}")
        # The verdict whole (not cut, not scrolled away), and the board still as the verdict
        # changes from step to step (the room it took is kept).
        # On a phone whose nine rows need the room, the verdict scrolls in its box instead
        # (review.js): three whole lines at least, and a tab stop for the keyboard.
        whole = page.evaluate(
            """() => { const n = document.querySelector('#review-note');
            const r = n.getBoundingClientRect(), line = parseFloat(getComputedStyle(n).lineHeight);
            const fits = n.scrollHeight <= n.clientHeight + 1;
            const scrolls = document.body.classList.contains('rows') && n.tabIndex === 0
              && n.clientHeight >= 3 * line - 1;
            return (fits || scrolls) && r.bottom <= innerHeight + 1; }"""
        )
        assert whole, f"the review's note is cut at {size}"
        stone = (
            "document.querySelector('.lane[data-stone=\"4\"] .stone').getBoundingClientRect().top"
        )
        top = page.evaluate(stone)
        for _ in range(3):
            page.click("#replay-forward")
            at_rest(page)
            assert page.evaluate(stone) == top, "the board moved as the verdict changed"
        for _ in range(3):
            page.click("#replay-back")
    # A short phone upright (the verdict may scroll in its box) and phones on their side (the
    # controls in one row under the board and the hand, the verdict in three lines at most):
    # nothing covers the controls or the board, and the verdict shows whole lines, the last
    # one too, at the top and at the bottom of its scroll.
    for size in ((360, 640), (844, 390), (667, 375)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        at_rest(page)
        screenshot(page, f"review-{size[0]}x{size[1]}")
        assert problems(page) == [], size
        assert page.evaluate(WHOLE_LINES) == [], size


# The review's verdict: lines of its text cut by its box's edge, scrolled to the top and to the
# bottom (the text's own line boxes: a cut line reaches past the padding).
WHOLE_LINES = """() => {
  const n = document.querySelector('#review-note'), cs = getComputedStyle(n);
  const r = n.getBoundingClientRect(), px = (k) => parseFloat(cs[k]);
  const top = r.top + px('borderTopWidth') + px('paddingTop');
  const bottom = r.bottom - px('borderBottomWidth') - px('paddingBottom');
  const out = [];
  for (const end of [0, n.scrollHeight]) {
    n.scrollTop = end;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const q of range.getClientRects()) {
      const seen = q.bottom > top + 1 && q.top < bottom - 1;
      if (seen && (q.top < top - 0.5 || q.bottom > bottom + 0.5)) {
        out.push(`a line at ${q.top.toFixed(1)}..${q.bottom.toFixed(1)} in ${top}..${bottom}`);
      }
    }
  }
  n.scrollTop = 0;
  return out;
}"""


def _one_action_before_the_end(s: Session) -> Session:
    """The same game, its last action not yet made."""
    out = Session()
    out.new_game({"opponent": "ai", "seed": s.start["seed"], "ai_level": "easy"})
    for a in s.actions[:-1]:
        out.act(a, None if a["kind"] == "next_round" else out.state.to_move)
    return out


def test_statistics_count_the_finished_game_and_reset(page, site_url, bad_game):
    s, _, _ = bad_game
    before = _one_action_before_the_end(s)
    open_or_take_over(page, site_url, before.save_json(), OPTIONS)
    last = s.actions[-1]
    out = py(page, "act", {"action": last, "seat": before.state.to_move})
    assert out["ok"] and out["view"]["step"] == "over"  # kept by the page's Python
    page.click("#btn-games")
    stats = page.inner_text("#stats-list")
    result = (
        "1 won, 0 drawn, 0 lost" if s.finished_entry()["winner"] == 0 else "0 won, 0 drawn, 1 lost"
    )
    assert stats == f"Computer (Easy): 1 game: {result}"
    # On a phone: Reset and the streaks keep the dialog's margin, and the recent game's
    # Replay and Download are drawn as the dialog's other buttons.
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("document.querySelector('#dlg-games').scrollTop = 1e5")
    looks = page.evaluate(
        """() => {
        const d = document.querySelector('#dlg-games').getBoundingClientRect();
        // The button's own box; a text's extent (a paragraph is as wide as the dialog).
        const margin = (sel, text) => { const el = document.querySelector(sel);
          const range = document.createRange();
          range.selectNodeContents(el);
          const r = text ? range.getBoundingClientRect() : el.getBoundingClientRect();
          return Math.min(r.left - d.left, d.right - r.right); };
        const style = (el) => { const cs = getComputedStyle(el);
          return [cs.borderRadius, cs.fontWeight, cs.backgroundColor, el.offsetHeight >= 40]; };
        return { reset: margin('#stats-reset'), streaks: margin('#stats-streaks', true),
          buttons: [...document.querySelectorAll('#games-list li button')].map(style),
          dialog: style(document.querySelector('#games-replay')) };
        }"""
    )
    assert looks["reset"] >= 12 and looks["streaks"] >= 12, looks
    assert len(looks["buttons"]) == 2 and all(b == looks["dialog"] for b in looks["buttons"]), looks
    page.once("dialog", lambda d: d.accept())
    page.click("#stats-reset")
    assert page.inner_text("#stats-list") == "No finished game yet."
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    page.wait_for_selector("#dlg-end[open]")
    page.click("#end-look")
    page.click("#btn-games")
    assert page.inner_text("#stats-list") == "No finished game yet."  # counted once
    page.keyboard.press("Escape")  # the shared page left with no dialog open
    page.wait_for_selector("#dlg-games", state="hidden")


def test_a_hint_says_why(page, site_url):
    open_or_take_over(page, site_url, _fresh_save(), OPTIONS)
    page.click("#btn-hint")
    page.wait_for_selector("#prompt-hint[data-action]", timeout=60_000)
    text = page.inner_text("#prompt-hint")
    assert text.startswith("Hint: ") and text.count(".") >= 2, text


def _fresh_save() -> str:
    s = Session()
    s.new_game({"opponent": "ai", "seed": 12, "ai_level": "easy"})
    return s.save_json()
