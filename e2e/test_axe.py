"""axe-core (npm, test-only: never shipped in the site) on every screen of the table, in
English and German: no violation of impact "serious" or "critical".

The page's Content-Security-Policy allows only its own scripts, so the browser context
bypasses CSP and axe is injected with ``add_script_tag`` (into the rules dialog's frame too).
Screens: the loading screen (held by delaying app.py), the table against the computer with
tactic cards, the new-game dialog (with the first visit's welcome), the claims dialog, the
discard pile, the move log (the drawer on phones), the rules dialog, the handover screen (two
players on one device), the end of a round and of a match, the games dialog and the replay,
Learn to play (its dialog, a lesson's panel, the five formations), rules.html,
rules-de.html and embed.html.
"""
from __future__ import annotations

import json

import pytest
from table import (
    BOOT_MS,
    QUERY,
    READY,
    ROOT,
    open_with_save,
    play_turn,
    position,
    save_text,
    start_new_game,
    take_device,
)
from test_layout import rich_position

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LANGS = ["en", "de"]
BAD = ("serious", "critical")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

pytestmark = pytest.mark.browser_context_args(bypass_csp=True)

# The game pieces (cards, stones, piles) show pictures with a few characters on them: a
# card's value in two corners (or a tactic card's index and short name), a stone's number and
# its owner's badge, a pile's count and name. axe's label-in-name rule (WCAG 2.5.3) joins those
# characters into one string ("55", "1You", "13Clan") and looks for it in the accessible name
# ("Red 5", "Stone 1: ... claimed by You", "Clan deck, 13 cards"). For the pieces that rule is
# replaced by PIECE_LABELS below, which checks the label a person reads on each piece (the
# card's value or name, the stone's number, the pile's name) is in its accessible name;
# everywhere else axe's rule runs as it is.
PIECES = ["#hand .card", "#board .card", "#board .stone", "#piles .pile"]
RUN = """async (pieces) => {
  const shape = (vs) => vs.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.map(String).join(' >>> '),
                                impact: n.impact, summary: n.failureSummary})),
  }));
  const off = {rules: {'label-content-name-mismatch': {enabled: false}}};
  const all = await axe.run(document, {resultTypes: ['violations'], ...off});
  const names = await axe.run({exclude: pieces.map((p) => [p])},
                              {resultTypes: ['violations'],
                               runOnly: ['label-content-name-mismatch']});
  return [...shape(all.violations), ...shape(names.violations)];
}"""

# Label in name for the pieces: what a person reads on the piece is in its accessible name.
PIECE_LABELS = """() => {
  const bad = [];
  const words = (s) => s.toLowerCase().normalize('NFC').replace(/\u00ad/g, '');
  const check = (el, label) => {
    const name = words(el.getAttribute('aria-label') || el.textContent || '');
    if (label && !name.includes(words(label).trim()))
      bad.push(`${el.dataset.card || el.id || 'stone ' + el.dataset.stone}: "${label}" `
               + `is not in its name "${name}"`);
  };
  for (const card of document.querySelectorAll('#hand .card, #board .card')) {
    if (!card.checkVisibility()) continue;
    const tname = card.querySelector('.tname');
    check(card, tname ? tname.textContent : card.querySelector('.v').textContent);
  }
  for (const stone of document.querySelectorAll('#board .stone'))
    check(stone, stone.querySelector('.stone-num').textContent);
  for (const pile of document.querySelectorAll('#piles .pile')) {
    const label = pile.querySelector('.pile-name');
    if (pile.checkVisibility() && label.checkVisibility()) check(pile, label.textContent);
  }
  return bad;
}"""


def inject(page) -> None:
    """axe-core into the page and each of its frames (the rules dialog's iframe)."""
    assert AXE.exists(), f"{AXE} is missing: run scripts/install-test-deps.sh (npm ci)"
    for frame in page.frames:
        if frame.is_detached() or not frame.url.startswith("http"):
            continue
        if not frame.evaluate("() => typeof window.axe === 'object'"):
            frame.add_script_tag(path=str(AXE))


def violations(page) -> list[dict]:
    """axe's serious and critical violations on the page as it is now."""
    inject(page)
    found = [v for v in page.evaluate(RUN, PIECES) if v["impact"] in BAD]
    pieces = page.evaluate(PIECE_LABELS)
    if pieces:
        found.append({"id": "piece-label-in-name", "impact": "serious",
                      "help": "A piece's visible label must be in its accessible name",
                      "nodes": [{"target": p, "impact": "serious", "summary": ""}
                                for p in pieces]})
    return found


def describe(found: list[dict]) -> str:
    lines = []
    for v in found:
        lines.append(f"  [{v['impact']}] {v['id']}: {v['help']}")
        for node in v["nodes"][:12]:
            summary = " ".join((node["summary"] or "").split())
            lines.append(f"      {node['target']}  -- {summary[:300]}")
        if len(v["nodes"]) > 12:
            lines.append(f"      ... and {len(v['nodes']) - 12} more")
    return "\n".join(lines)


class Audit:
    """Runs axe on one screen after another; the test fails at the end with all of them."""

    def __init__(self, lang: str):
        self.lang = lang
        self.failures: dict[str, list[dict]] = {}
        self.screens: list[str] = []

    def __call__(self, page, screen: str) -> None:
        page.wait_for_timeout(350)   # transitions (a dialog, the log drawer) come to rest
        name = f"{screen} ({self.lang})"
        self.screens.append(name)
        found = violations(page)
        if found:
            self.failures[name] = found

    def check(self) -> None:
        report = "\n".join(f"{name}:\n{describe(found)}" for name, found in self.failures.items())
        assert not self.failures, f"axe found serious or critical violations:\n{report}"


def lang_query(lang: str) -> str:
    return f"&lang={lang}"


def close_dialog(page, selector: str) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector(selector, state="hidden")


@pytest.mark.parametrize("lang", LANGS)
def test_axe_loading_screen(page, site_url, lang):
    """The loading screen, held open: app.py is answered only after axe has run."""
    held, released = [], []

    def hold(route):
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/app.py", hold)
    page.goto(site_url + "index.html" + QUERY + lang_query(lang))
    page.wait_for_selector("#loading", state="visible")
    page.wait_for_function("() => document.querySelector('#loading-text').textContent.trim()")
    audit = Audit(lang)
    audit(page, "loading screen")
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    audit.check()


@pytest.mark.parametrize("lang", LANGS)
def test_axe_table_and_dialogs_against_the_computer(page, site_url, lang):
    """A tactics game against the computer: the table, a card selected, the dialogs."""
    audit = Audit(lang)
    page.set_viewport_size(DESKTOP)
    pos = rich_position(hands=[["R5", "G6", "P2", "O3", "Y4", "Strategist", "Spy"],
                               ["R4", "R6", "R7", "G4", "G5", "P1", "O2"]])
    open_with_save(page, site_url, save_text(pos, opponent="ai"), lang_query(lang))
    audit(page, "table, desktop")
    page.click('#hand .card[data-card="R5"]')
    audit(page, "table, a card selected")
    page.click('#hand .card[data-card="R5"]')

    page.click("#btn-new")
    page.wait_for_selector("#dlg-new[open]")
    audit(page, "new-game dialog")
    page.click("#new-cancel")
    page.wait_for_selector("#dlg-new", state="hidden")

    page.click("#btn-stones")
    page.wait_for_selector("#dlg-stones[open]")
    audit(page, "claims dialog")
    close_dialog(page, "#dlg-stones")

    page.click("#pile-discard")
    page.wait_for_selector("#dlg-discard[open]")
    audit(page, "discard pile dialog")
    close_dialog(page, "#dlg-discard")

    page.click("#btn-rules")
    page.wait_for_selector("#dlg-rules[open]")
    page.frame_locator("#rules-frame").locator("h1").wait_for()
    audit(page, "rules dialog")
    close_dialog(page, "#dlg-rules")

    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    audit(page, "table, phone")
    page.click("#btn-log")
    page.wait_for_selector("body.log-open")
    audit(page, "move log, phone")
    page.click("#log-close")
    audit.check()


@pytest.mark.parametrize("lang", LANGS)
def test_axe_handover_and_shared_device(page, site_url, lang):
    """Two players on one device: the handover screen, then the table after the tap."""
    audit = Audit(lang)
    page.set_viewport_size(PHONE)
    open_with_save(page, site_url, save_text(rich_position(), opponent="human"),
                   lang_query(lang))
    page.wait_for_selector("#handover", state="visible")
    audit(page, "handover screen")
    take_device(page)
    audit(page, "table, shared device")
    audit.check()


def _ended(step: str, rounds: int, scores, history, winner: int) -> dict:
    stones = [{"sides": [[], []], "owner": winner if i < 3 else None} for i in range(9)]
    return position({"rounds": rounds, "starter": 0}, round=len(history), scores=scores,
                    history=history, step=step, to_move=1 if step == "round_over" else 0,
                    stones=stones, hands=[["B1"], ["B2"]],
                    outcome={"winner": winner, "reason": "3 adjacent stones"})


@pytest.mark.parametrize("lang", LANGS)
def test_axe_end_of_round_and_match(page, site_url, lang):
    audit = Audit(lang)
    pos = _ended("round_over", 3, [5, 0], [[0, "3 adjacent stones", 3, 0]], 0)
    open_with_save(page, site_url, save_text(pos, opponent="human"), lang_query(lang))
    page.wait_for_selector("#dlg-end[open]")
    audit(page, "end of a round")
    history = [[0, "3 adjacent stones", 3, 1], [1, "5 stones", 2, 5], [0, "5 stones", 5, 2]]
    pos = _ended("over", 3, [11, 8], history, 0)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  ["schotten-totten.save", save_text(pos, opponent="ai")])
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    page.wait_for_selector("#dlg-end[open]")
    audit(page, "end of the match")
    audit.check()


@pytest.mark.parametrize("lang", LANGS)
def test_axe_welcome_games_and_replay(page, site_url, lang):
    """A first visit (the welcome), a game dealt and played a turn, the games dialog, the
    replay."""
    audit = Audit(lang)
    page.set_viewport_size(DESKTOP)
    open_with_save(page, site_url, None, lang_query(lang) + "&seed=5")
    page.wait_for_selector("#new-welcome", state="visible")
    audit(page, "welcome and new-game dialog")
    start_new_game(page, opponent="ai", tactics=True, level="easy")
    play_turn(page, seed=2)
    page.click("#btn-games")
    page.wait_for_selector("#dlg-games[open]")
    audit(page, "games dialog")
    page.click("#games-replay")
    page.wait_for_selector("#replay-bar", state="visible")
    page.click("#replay-back")
    audit(page, "replay")
    audit.check()


@pytest.mark.parametrize("lang", LANGS)
def test_axe_learn_to_play(page, site_url, lang):
    """The lessons dialog, a lesson's panel over the table, the five formations."""
    audit = Audit(lang)
    page.set_viewport_size(DESKTOP)
    open_with_save(page, site_url, save_text(rich_position(), opponent="ai"), lang_query(lang))
    page.click("#btn-learn")
    page.wait_for_selector("#dlg-learn[open]")
    audit(page, "lessons dialog")
    page.click('#learn-list li[data-lesson="basics"] button')
    page.wait_for_selector("#lesson", state="visible")
    page.wait_for_selector('#lesson[data-step="0"]')
    audit(page, "a lesson, desktop")
    page.set_viewport_size(PHONE)
    audit(page, "a lesson, phone")
    page.click("#lesson-forms")
    page.wait_for_selector("#dlg-forms[open]")
    audit(page, "the five formations")
    audit.check()


@pytest.mark.parametrize("name", ["rules.html", "rules-de.html"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_axe_rules_pages(page, site_url, name, size):
    audit = Audit(name)
    page.set_viewport_size(size)
    page.goto(site_url + name)
    audit(page, "rules page")
    audit.check()


@pytest.mark.parametrize("lang", LANGS)
def test_axe_embed(page, site_url, lang):
    audit = Audit(lang)
    page.set_viewport_size({"width": 700, "height": 600})
    page.goto(site_url + "embed.html" + QUERY + "&save=axe&opponent=ai" + lang_query(lang))
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    audit(page, "embed")
    audit.check()


def test_axe_reports_a_violation(page, site_url):
    """The check can fail: a button without a name, grey-on-grey text and a button whose
    name leaves out its visible label are reported."""
    page.goto(site_url + "rules.html")
    page.evaluate("""() => {
      const b = document.createElement('button'); document.body.append(b);
      const p = document.createElement('p'); p.textContent = 'faint';
      p.style.cssText = 'color:#999;background:#aaa'; document.body.append(p);
      const k = document.createElement('button'); k.textContent = 'Keys';
      k.setAttribute('aria-label', 'Keyboard shortcuts'); document.body.append(k);
    }""")
    ids = {v["id"] for v in violations(page)}
    assert {"button-name", "color-contrast", "label-content-name-mismatch"} <= ids, \
        json.dumps(sorted(ids))
