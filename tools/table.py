"""Helpers for the card-table browser tests (e2e/) and tools/trace_imports.py: saves,
positions, and a UI-driving player.

The driver only ever clicks what the page offers (highlighted cards, stones, decks and
buttons), so a complete game through it also checks that the UI always offers a way on.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from engine import position_from_json, position_to_json

ROOT = Path(__file__).resolve().parent.parent  # the repository
# The page's modules by bare name, as PyScript imports them (tests/fake_browser.py does too).
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))
from session import SAVE_KEY  # noqa: E402 (the page's save key, written once: web/session.py)

READY = 'body[data-ready="1"]'
BOOT_MS = 60_000
# Pause between AI moves kept tiny in tests (the real page waits ~0.7 s so people can follow).
QUERY = "?aipause=40"


def position(rules: dict | None = None, **fields) -> dict:
    """A full position document (checked by the engine) from a few fields."""
    doc = {"format": "schotten-totten/position", "version": 1, "rules": rules or {}, "seed": 11}
    doc.update(fields)
    return position_to_json(position_from_json(doc))


def won_round(rules: dict, history: list, step: str = "round_over", **fields) -> dict:
    """A round just won with three adjacent stones by ``history[-1]``'s winner (stones 1-3,
    each proven by a Color-Run of 7-8-9), after the rounds before it in ``history``; the
    scores and who moves next are what the engine derives from them."""
    winner = history[-1][0]
    runs = (["R7", "R8", "R9"], ["O7", "O8", "O9"], ["Y7", "Y8", "Y9"])
    stones = [{"sides": [run, []] if winner == 0 else [[], run], "owner": winner} for run in runs]
    return position(
        rules,
        round=len(history),
        history=history,
        step=step,
        stones=stones,
        # Full hands: while the decks hold cards, every turn's draw refills them.
        hands=[["B1", "B2", "B3", "B4", "B5", "B6"], ["G1", "G2", "G3", "G4", "G5", "G6"]],
        outcome={"winner": winner, "reason": history[-1][1]},
        **fields,
    )


def save_text(pos: dict, opponent: str = "human", autoclaim: bool = False, log=()) -> str:
    """A save in the table's localStorage format, starting from ``pos``."""
    return json.dumps(
        {
            "format": "schotten-totten/save",
            "version": 1,
            "settings": {
                "opponent": opponent,
                "ai_seat": 1,
                "ai_level": "easy",
                "autoclaim": autoclaim,
            },
            "position": pos,
            "record": None,
            "log": [{"p": None, "text": t, "round": 1} for t in log],
        }
    )


def open_with_save(page, site_url: str, text: str | None, query: str = ""):
    """Open the table with ``text`` as the stored save (``None``: no save at all).

    The save is written by an init script before the page's own scripts run, once per
    test (a reload then resumes whatever the page saved itself). ``query`` adds URL
    options (e.g. ``"&ai_time=0.3"``)."""
    page.add_init_script(_seed_script(text))
    page.goto(site_url + "index.html" + QUERY + query)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)


def take_over(page, text: str, other=None) -> None:
    """Load ``text`` into the table already open (and ready) in ``page``, with no new boot:
    through the game's own "Continued elsewhere" question (web/js/saves.js). Another tab of
    the site (a second page on rules.html, which boots no Python) saves ``text``; the table
    asks which game to keep, and Take over here loads it as a boot would have resumed it.
    ``other``: that tab, kept open by the caller for its next take-over (else one is opened
    and closed)."""
    site = page.url.split("index.html")[0]
    own = other is None
    other = other or page.context.new_page()
    try:
        if not other.url.startswith(site):
            other.goto(site + "rules.html")
        other.evaluate("([k, t]) => localStorage.setItem(k, t)", [SAVE_KEY, text])
    finally:
        if own:
            other.close()
    page.wait_for_selector("#dlg-save-conflict[open]")
    page.click("#save-take-over")
    page.wait_for_selector("#dlg-save-conflict", state="hidden")
    # Taken over once this tab knows the stored game as its own (saves.js lets a move of the
    # computer's land first).
    page.wait_for_function("() => !JSON.parse(window.stCall('save_check', 'null')).conflict")


def open_or_take_over(page, site_url: str, text: str, query: str = "") -> None:
    """The table with ``text``: a boot (``open_with_save``) the first time in ``page``, then,
    on the same table (a file's tests sharing one page: e2e/conftest.py's ``shared_page``),
    ``take_over``: a test's own position without a boot of its own."""
    url = site_url + "index.html" + QUERY + query
    if not page.url.startswith(site_url):
        open_with_save(page, site_url, text, query)
    elif page.url != url or getattr(page, "e2e_failed", False):
        # Another address (a language), or a test failed on this page: booted afresh.
        page.e2e_failed = False
        page.evaluate("([k, t]) => localStorage.setItem(k, t)", [SAVE_KEY, text])
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    else:
        take_over(page, text)


def _seed_script(text: str | None) -> str:
    args = json.dumps([SAVE_KEY, text])
    return f"""(() => {{
      const [key, text] = {args};
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      if (text === null) localStorage.removeItem(key); else localStorage.setItem(key, text);
    }})();"""


WINDOW = {"width": 1280, "height": 720}  # pytest-playwright's contexts' window


def afresh(page, site_url: str, stored: dict | None = None, size: dict | None = None) -> None:
    """The device's storage as a visit is to find it, on a page that may have shown anything
    before (a file's tests sharing one page: e2e/conftest.py's ``shared_page``): nothing but
    ``stored`` (localStorage's items by name) in localStorage, sessionStorage empty, the
    window at ``size`` (default ``WINDOW``). Written from the rules page (no Python, no game
    of its own to save on its way out); the test then opens its own address."""
    page.goto(site_url + "rules.html")
    page.evaluate(
        """(items) => {
          localStorage.clear();
          sessionStorage.clear();
          for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
        }""",
        stored or {},
    )
    page.set_viewport_size(size or WINDOW)


def visit(page, site_url: str, save: str | None = None, query: str = "", **afresh_args) -> None:
    """The table opened afresh (``afresh``: its other arguments) with ``save`` as the stored
    game (None: a first visit), at index.html with ``QUERY`` + ``query``; ready. On a page
    that has booted before, this costs well under a new page's boot (the browser keeps what
    it compiled): a file's tests share one page and each opens its table with it."""
    stored = dict(afresh_args.pop("stored", None) or {})
    if save is not None:
        stored[SAVE_KEY] = save
    afresh(page, site_url, stored, **afresh_args)
    page.goto(site_url + "index.html" + QUERY + query)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)


def table_for_a_new_game(page, site_url: str, query: str = "") -> None:
    """The table, ready for ``start_new_game``: a first visit booted when ``page`` shows none
    yet (or a test failed on it); on a page shared by a file's tests (e2e/conftest.py's
    ``shared_page``) the last game's end dialog closed (Look at the table) and the device
    taken, with no boot. ``query`` adds URL options to the first visit (``"&seed=8"``: every
    game the page deals is dealt from that seed)."""
    if getattr(page, "e2e_failed", False) or not page.url.startswith(site_url):
        page.e2e_failed = False
        open_with_save(page, site_url, None, query)
    if page.locator("#dlg-end[open]").count():
        page.click("#end-look")
        page.wait_for_selector("#dlg-end", state="hidden")
    take_device(page)


def py(page, name: str, arg=None):
    """Call the page's Python glue directly (for checks only; moves go through the UI)."""
    return page.evaluate("([n, a]) => JSON.parse(window.stCall(n, JSON.stringify(a)))", [name, arg])


def turns_told(page) -> int:
    """How many turns the public move log tells (the glue's whole log: ``py`` sends no
    ``have``)."""
    return sum(line["kind"] == "turn" for line in py(page, "state", {"seat": None})["log"])


def take_device(page):
    """Tap through the pass-the-device screen if it shows."""
    if page.locator("#handover").is_visible():
        page.click("#handover-go")
        page.wait_for_selector("#handover", state="hidden")


def start_new_game(
    page,
    opponent="human",
    tactics=False,
    expert=False,
    rounds=1,
    starter="0",
    autoclaim=False,
    level=None,
):
    """Fill in the new-game dialog (opening it first if needed) and deal."""
    if not page.locator("#dlg-new").is_visible():
        page.click("#btn-new")
    page.check(f'#dlg-new input[name="opponent"][value="{opponent}"]')
    if level:
        page.check(f'#dlg-new input[name="ai_level"][value="{level}"]')
    page.check(f'#dlg-new input[name="starter"][value="{starter}"]')
    page.check('#dlg-new input[name="tactics"][value="%s"]' % ("on" if tactics else "off"))
    page.check(
        '#dlg-new input[name="claim_timing"][value="%s"]'
        % ("start_of_turn" if expert else "after_play")
    )
    page.set_checked('#dlg-new input[name="autoclaim"]', autoclaim)
    page.check(f'#dlg-new input[name="rounds"][value="{rounds}"]')
    deal = page.inner_text("#new-start")
    page.click("#new-start")
    if page.locator("#dlg-new").is_visible():  # a game in progress: confirm abandoning it
        assert page.inner_text("#new-start") != deal, "the button now asks to abandon the game"
        page.click("#new-start")
    page.wait_for_selector("#dlg-new", state="hidden")


def hand(page) -> list[str]:
    return page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")


def board(page) -> list[list[list[str]]]:
    """Cards on the table per stone and seat, as the DOM shows them."""
    return page.evaluate("""() => [...document.querySelectorAll('#board .lane')].map(l =>
        [0, 1].map(p => [...l.querySelectorAll(`.side[data-seat="${p}"] .card`)]
                         .map(c => c.dataset.card)))""")


def body(page, key: str) -> str:
    return page.evaluate(f"() => document.body.dataset.{key}")


def moment(page) -> dict:
    """The game's moment as the page shows it, read at once: ``step``, ``toMove`` and
    ``thinking`` (the computer's turn is on). Read one by one, the computer's turn can end
    between two reads, and its claim step would look like ours."""
    return page.evaluate(
        """() => ({step: document.body.dataset.step, toMove: document.body.dataset.toMove,
                   thinking: document.body.classList.contains('ai-thinking')})"""
    )


# The page at rest: the board measured for the window's present size (layout.js writes the size
# in data-layout when its resize handler has run; before the game is ready there is no handler),
# and no CSS transition or animation still running but those that loop for ever (the glow of a
# playable card, the thinking dots). Those that would end are ended at once (``finish``: their
# end, what a player sees once they stop, is what is measured or photographed; no script of the
# page waits on their end): a resize moves every claimed stone toward its owner in 0.35 s and
# slides the log's drawer, which cost the screen walk about a minute a language of waiting.
# At rest once a later frame finds nothing moving (one that an earlier one set off).
AT_REST = """() => {
  const b = document.body;
  const measured = b.dataset.ready !== "1" || b.dataset.layout === `${innerWidth}x${innerHeight}`;
  if (!measured) return false;
  const moving = document.getAnimations().filter((a) => a.playState === "running" &&
      a.effect && a.effect.getComputedTiming().endTime !== Infinity);
  moving.forEach((a) => a.finish());
  return moving.length === 0;
}"""


def at_rest(page, timeout: int = 10_000) -> None:
    """Wait for the page (or frame) to be at rest (AT_REST): after a resize, a drawer or a
    dialog opening, before measuring or photographing what it shows."""
    page.wait_for_function(AT_REST, timeout=timeout)


class Driver:
    """Plays legal moves through the UI, choosing at random among what is offered."""

    def __init__(self, page, seed=1, prefer_claims=True, on_handover=None):
        self.page = page
        self.rng = random.Random(seed)
        self.prefer_claims = prefer_claims
        self.on_handover = on_handover
        self.steps = 0
        self.seen = set()  # kinds of things done, for the tests to check coverage

    def _click_random(self, selector: str, corner=False) -> bool:
        loc = self.page.locator(selector)
        n = loc.count()
        if not n:
            return False
        # Cards on the table overlap: a person taps the corner that shows, so do we.
        loc.nth(self.rng.randrange(n)).click(position={"x": 7, "y": 7} if corner else None)
        return True

    def finished(self) -> bool:
        return body(self.page, "step") in ("over", "round_over")

    def step(self) -> None:
        """Make one decision (or tap through the handover screen)."""
        page = self.page
        self.steps += 1
        if page.locator("#handover").is_visible():
            if self.on_handover:
                self.on_handover(page)
            page.click("#handover-go")
            self.seen.add("handover")
            return
        if body(page, "mode") == "ai" and page.evaluate(
            "() => document.body.classList.contains('ai-thinking')"
        ):
            page.wait_for_function(
                "() => !document.body.classList.contains('ai-thinking')", timeout=30_000
            )
            return
        step = body(page, "step")
        if step in ("over", "round_over"):
            return
        if step == "play":
            cards = page.locator("#hand .card.playable")
            if not cards.count() or (page.locator("#btn-pass").count() and self.rng.random() < 0.2):
                page.click("#btn-pass")
                self.seen.add("pass")
                return
            cards.nth(self.rng.randrange(cards.count())).click()
            card = page.eval_on_selector("#hand .card.selected", "e => e.dataset.card")
            if page.locator("#btn-confirm").count():
                page.click("#btn-confirm")
                self.seen.add(card)
                return
            if page.locator("#board .card.pick").count():
                self._click_random("#board .card.pick", corner=True)
                if page.locator("#hand .card.selected").count():  # a destination is needed
                    if page.locator("#btn-discard").count() and (
                        self.rng.random() < 0.3 or not page.locator(".lane.target").count()
                    ):
                        page.click("#btn-discard")
                    else:
                        self._click_random(".lane.target")
                self.seen.add(card)
                return
            assert self._click_random(".lane.target"), f"no target offered for {card}"
            self.seen.add(card if not card[1:].isdigit() else "clan")
        elif step == "claim":
            if self.prefer_claims and page.locator(".lane.claimable").count():
                self._click_random(".lane.claimable .stone")
                self.seen.add("claim")
            else:
                page.click("#btn-done")
        elif step in ("draw", "recruit_draw"):
            assert self._click_random(".pile.drawable"), "no deck offered"
            self.seen.add(step)
        elif step == "recruit_return":
            assert self._click_random("#hand .card"), "no card to return"
            self.seen.add("return")
        else:
            raise AssertionError(f"unexpected step {step!r}")

    def play_until_over(self, max_steps=1500) -> None:
        while not self.finished():
            assert self.steps < max_steps, "the game did not end"
            self.step()


def play_card(page, card: str, stone: int) -> None:
    """Select ``card`` in the hand and put it on ``stone`` (0-8) through the UI."""
    page.click(f'#hand .card[data-card="{card}"]')
    page.click(f'#board .lane.target[data-stone="{stone}"] .stone')


def pick_on_table(page, seat: int, stone: int, card: str) -> None:
    """Tap a highlighted card on the table (its visible corner, as a person would)."""
    page.locator(
        f'#board .card.pick[data-seat="{seat}"][data-stone="{stone}"][data-card="{card}"]'
    ).click(position={"x": 7, "y": 7})


def finish_turn(page, deck: str = "clan") -> None:
    """Skip claiming and draw from ``deck`` until the turn passes on (or the game ends)."""
    for _ in range(12):
        step = body(page, "step")
        if page.locator("#handover").is_visible() or step in ("over", "round_over"):
            return
        if step == "claim":
            page.click("#btn-done")
        elif step == "draw":
            page.click(f"#pile-{deck}")
        else:
            return


def turn_of(page, seat: int) -> None:
    """Wait for the handover to ``seat`` and take the device."""
    page.wait_for_selector(f'#handover[data-seat="{seat}"]', state="visible")
    take_device(page)


def play_turn(page, seed: int = 1, max_steps: int = 25) -> None:
    """Play the seat to move's whole turn through the UI; against the computer, also wait
    for its answer. ``page`` may be a Page or a Frame (an embedded table)."""
    driver = Driver(page, seed=seed)
    start, turns = body(page, "toMove"), turns_told(page)
    # The turn has ended when the seat to move changed, or when a turn was told meanwhile:
    # Easy and Medium may answer on the page (js/ai.js) before the seat to move is read again.
    while body(page, "toMove") == start and turns_told(page) == turns and not driver.finished():
        assert driver.steps < max_steps, "the turn did not end"
        driver.step()
    if body(page, "mode") == "ai":
        page.wait_for_function(
            "() => ['over', 'round_over'].includes(document.body.dataset.step) || "
            "(document.body.dataset.toMove === '0' && "
            "!document.body.classList.contains('ai-thinking'))",
            timeout=60_000,
        )
