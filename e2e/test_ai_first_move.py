"""The computer's first moves do not wait for its worker (web/js/ai.js): a level that decides
without a search (Easy, Medium) is worked out on the page while the AI's worker is starting.
In WebKit that worker compiles Pyodide anew, and the first move waited 4-13 s for it
(docs/performance.md); here the worker is held back by holding its script's request."""

import pytest

from tools.table import body, open_with_save, start_new_game

# Notes each AI worker's script as the page adds it (web/js/ai.js startWorker): whether the
# table was playable then (body[data-ready]), drawn from the last visit before Python
# (body[data-quick]), and whether the computer was thinking its move (body.ai-thinking).
WORKERS_NOTED = """(() => {
  window.__workersAdded = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.tagName !== "SCRIPT" || !n.hasAttribute("worker")) continue;
      const b = document.body;
      window.__workersAdded.push({ ready: b.dataset.ready === "1", quick: b.dataset.quick === "1",
        thinking: b.classList.contains("ai-thinking") });
    }
  }).observe(document, { subtree: true, childList: true });
})();"""


COMPUTER_PLAYED = (
    """() => document.querySelectorAll('#board .side[data-seat="1"] .card').length > 0"""
)


def _computer_moved_on_the_page(page, level: str) -> None:
    """A new game against ``level``, the computer to start: its move is made (the answer
    is counted before the move, after a short pause: wait for the move) on the page."""
    start_new_game(page, opponent="ai", level=level, starter="1")
    page.wait_for_function(COMPUTER_PLAYED, timeout=30_000)
    stats = page.evaluate("() => window.__aiStats")
    assert stats[-1]["workers"] == 0 and stats[-1]["level"] == level, stats
    assert page.locator('#board .side[data-seat="1"] .card').count() == 1
    assert body(page, "toMove") == "0"
    assert page.inner_text("#log").count("The computer played") == 1


def test_the_computer_moves_while_its_worker_is_starting(context, site_url):
    """Easy and Medium, in one page: the worker is not started at ready (js/ai.js
    startEarly: only a level that searches in it is) nor when a Medium game is dealt, but
    when the computer first thinks (Easy's first move); that move, and Medium's in the next
    game, are made on the page while the worker starts (held back until both are made)."""
    seen, held = [], []

    def hold_the_workers(route):
        # The page's own Python copies ai_worker.py into its files first (pyscript.json):
        # let that through; the worker's requests come after it.
        seen.append(route.request.url)
        if len(seen) == 1:
            route.continue_()
        else:
            held.append(route)

    context.route("**/ai_worker.py", hold_the_workers)
    page = context.new_page()
    page.add_init_script(WORKERS_NOTED)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    open_with_save(page, site_url, None)
    start_new_game(page, opponent="ai", level="medium", starter="0")  # the player starts
    assert page.evaluate("() => window.__workersAdded") == []
    _computer_moved_on_the_page(page, "easy")
    assert held, "the worker's script was never asked for"
    added = page.evaluate("() => window.__workersAdded")
    assert added == [{"ready": True, "quick": False, "thinking": True}], added
    _computer_moved_on_the_page(page, "medium")  # the worker still held back
    assert page.evaluate("() => window.__workersAdded") == added  # no second worker

    for route in held:  # the worker starts; the moves to come are its own
        route.continue_()
    context.unroute("**/ai_worker.py")
    page.wait_for_function("() => window.__aiWorker().then(() => true)", timeout=60_000)
    assert errors == []


@pytest.mark.parametrize(
    ("level", "query", "early"),
    [("hard", "", True), ("hard", "&ai_early=0", False)],
    ids=["hard", "hard-held-back"],
)
def test_the_worker_starts_early_only_for_a_game_that_searches_in_it(
    context, site_url, level, query, early
):
    """A new game against Hard starts the AI's worker at once, and a returning visit to one
    starts it with the table drawn before Python (js/ai.js startEarly), so Hard's first
    search does not wait for a Python to boot after ready; with ?ai_early=0 the worker
    starts only when the computer first thinks (Easy and Medium: the test above). One
    worker either way, and the computer's first move comes."""
    page = context.new_page()
    page.add_init_script(WORKERS_NOTED)
    query += "&ai_workers=1&ai_time=0.2"
    open_with_save(page, site_url, None, query)
    start_new_game(page, opponent="ai", level=level, starter="0")  # the player starts
    # A new game against Hard starts its worker at once, for the computer's first move.
    dealt = [{"ready": True, "quick": False, "thinking": False}] if early else []
    assert page.evaluate("() => window.__workersAdded") == dealt
    page.reload()  # the same game, drawn from the last visit while Python starts
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    start_new_game(page, opponent="ai", level=level, starter="1")  # the computer starts
    page.wait_for_function(COMPUTER_PLAYED, timeout=60_000)
    added = page.evaluate("() => window.__workersAdded")
    if early:
        assert added == [{"ready": False, "quick": True, "thinking": False}], added
    else:
        assert added == [{"ready": True, "quick": True, "thinking": True}], added
    assert page.locator("script[worker]").count() == 1
    stats = page.evaluate("() => window.__aiStats")
    assert stats[0]["level"] == level
    if level == "hard":  # searched in the worker
        assert stats[0]["workers"] == 1 and stats[0]["iterations"] > 0, stats
    else:  # worked out on the page while the worker starts
        assert stats[0]["workers"] == 0, stats
