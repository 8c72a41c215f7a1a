"""The computer's worker starts its Python from the snapshot the page stored (web/js/snapshot.js
workerPython), and falls back to the usual start on a snapshot it must not use, the game going
on. Served from a private copy of the site with the browser profile kept on disk (the snapshot
is in IndexedDB), the service worker blocked.

<html data-ai-python> says how the worker's Python started ("snapshot": the stored one,
"page": the one the page made and had not stored yet, or "started": as usual).
"""

from __future__ import annotations

from test_snapshot import RECORD, STORED, ready, snapshot_build

from tools.table import QUERY, board, play_turn

BOOT_MS = 90_000
OPTIONS = QUERY + "&ai_workers=1&ai_time=0.2"
AI_PYTHON = "html[data-ai-python]"

# The page's own IndexedDB blocked (its Python starts as usual and leaves the record alone),
# unless the test itself reads or spoils the record (window.__testIdb); the worker's is not.
PAGE_WITHOUT_IDB = """(() => {
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (...args) {
    if (!window.__testIdb) throw new DOMException("not the page's", "SecurityError");
    return open.apply(this, args);
  };
})();"""


# As soon as the table is playable, a Hard game in which the computer starts is dealt in the
# same task (as bench/first_move.py deals it): the computer is thinking before the page would
# store its snapshot (js/snapshot.js whenPlayable), so the worker, started at the deal, asks
# the page for the one it holds.
DEAL_HARD_AT_READY = """() => {
  const deal = () => {
    const dialog = document.querySelector("#dlg-new");
    const pick = (name, value) => {
      dialog.querySelector(`input[name="${name}"][value="${value}"]`).checked = true;
    };
    pick("opponent", "ai");
    pick("ai_level", "hard");
    pick("starter", "1");
    const start = document.querySelector("#new-start");
    start.form.requestSubmit(start);
    if (!document.querySelector("#new-note").hidden) start.form.requestSubmit(start);
  };
  if (document.body.dataset.ready === "1") deal();
  else new MutationObserver((_, observer) => {
    if (document.body.dataset.ready === "1") { observer.disconnect(); deal(); }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}"""
COMPUTER_PLAYED = (
    """() => document.querySelectorAll('#board .side[data-seat="1"] .card').length > 0"""
)


def worker_python(page) -> str:
    page.wait_for_selector(AI_PYTHON, state="attached", timeout=BOOT_MS)
    return page.evaluate("document.documentElement.dataset.aiPython")


def computer_moved(page) -> None:
    """The player's turn, then the computer's, searched in its worker."""
    cards = sum(map(len, (c for lane in board(page) for c in lane)))
    play_turn(page)
    assert sum(map(len, (c for lane in board(page) for c in lane))) == cards + 2
    stats = page.evaluate("window.__aiStats")
    assert stats[-1]["level"] == "hard" and stats[-1]["workers"] == 1, stats
    assert stats[-1]["iterations"] > 0, stats


def test_the_computers_worker_starts_from_the_snapshot(
    site_copy, serve, persistent_context, tmp_path
):
    """A first visit deals a Hard game at ready, the computer to start: the worker starts
    from the snapshot the page made and has not stored yet, and the page then stores it. The
    browser restarted, the returning Hard table's worker starts from the stored one and the
    computer searches its move there. Then a snapshot the worker must not use (one with a
    byte changed, another build's), with the page's own storage blocked so that only the
    worker reads it: the worker starts as usual, says so in one console line, nothing is
    shown, and the computer plays on."""
    _, url = serve(site_copy)
    profile = tmp_path / "profile"
    context = persistent_context(profile, service_workers="block")
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url + "index.html" + OPTIONS, wait_until="commit")
    page.wait_for_selector("body", state="attached")
    page.evaluate(DEAL_HARD_AT_READY)
    page.wait_for_function(COMPUTER_PLAYED, timeout=BOOT_MS)
    assert page.evaluate("document.documentElement.dataset.python") == "started"
    assert worker_python(page) == "page"
    assert page.evaluate("window.__aiStats[0]")["workers"] == 1
    page.wait_for_selector(STORED, state="attached", timeout=BOOT_MS)
    assert page.evaluate(RECORD)["build"] == snapshot_build(site_copy)
    context.close()

    context = persistent_context(profile, service_workers="block")
    page = context.pages[0] if context.pages else context.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(url + "index.html" + OPTIONS)
    ready(page)
    assert page.evaluate("document.documentElement.dataset.python") == "snapshot"
    assert worker_python(page) == "snapshot", warnings
    computer_moved(page)
    assert not [w for w in warnings if "snapshot" in w], warnings

    # One byte changed (the digest tells), then another build's (its build is checked first),
    # each a visit of the same page (a page that has booted before boots for less).
    context.add_init_script(PAGE_WITHOUT_IDB)
    for change, said in [("damaged", "damaged"), ("build", "made by another build")]:
        warnings.clear()
        page.goto(url + "rules.html")  # the site's origin, no Python: nothing reads the record
        page.evaluate("window.__testIdb = true")
        page.evaluate(RECORD, change)
        page.goto(url + "index.html" + OPTIONS)
        ready(page)
        assert worker_python(page) == "started", (change, warnings)
        computer_moved(page)
        lines = [w for w in warnings if "worker" in w and "snapshot" in w]
        assert lines == [
            f"Python snapshot: not used by the computer's worker ({said}), "
            "its Python starts as usual."
        ], lines
        assert page.locator("#toast").is_hidden(), change
        assert page.locator("#loading-error").is_hidden(), change
    context.close()
