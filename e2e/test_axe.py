"""axe-core (npm, test-only: never shipped in the site): no violation of impact "serious" or
"critical", in English, German and French.

The page's Content-Security-Policy allows only its own scripts, so the browser context
bypasses CSP and axe is injected with ``add_script_tag`` (into the rules dialog's frame too).
The table's screens (the table against the computer, a card selected, every dialog, the move
log, the handover, the ends of a round and of a match, the welcome, the games dialog and the
replay, Learn to play and a lesson, the five formations, a friend's device) are checked by
the screen walk of e2e/test_every_screen.py with ``violations`` from here. Here: the loading
screen (held by delaying app.py), rules.html, rules-de.html, rules-fr.html and embed.html (the
German embed's words are checked there too: e2e/test_german.py's ``check_the_embed_in_german``),
and the text's contrast on the felt measured from pixels.
"""

from __future__ import annotations

import base64
import json

import pytest
from test_german import check_the_embed_in_german
from test_layout import rich_position

from tools.table import (
    BOOT_MS,
    QUERY,
    READY,
    ROOT,
    SAVE_KEY,
    afresh,
    at_rest,
    open_or_take_over,
    save_text,
    take_device,
)

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LANGS = ["en", "de", "fr"]
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
RUN = """async ([pieces, contrast]) => {
  const shape = (vs) => vs.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.map(String).join(' >>> '),
                                impact: n.impact, summary: n.failureSummary})),
  }));
  const rules = contrast ? {} : {'color-contrast': {enabled: false}};
  const all = await axe.run(document, {resultTypes: ['violations'], elementRef: true, rules});
  // The label rule's findings on the pieces left out (a node in a frame has no element
  // here: none is a piece).
  const piece = pieces.join(', ');
  for (const v of all.violations)
    if (v.id === 'label-content-name-mismatch')
      v.nodes = v.nodes.filter((n) => !n.element || !n.element.closest(piece));
  return [shape(all.violations.filter((v) => v.nodes.length)), (PIECE_LABELS)()];
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

# axe's run and the pieces' labels in one call of the page.
RUN = RUN.replace("PIECE_LABELS", PIECE_LABELS)


def inject(page) -> None:
    """axe-core into the page and each of its frames (the rules dialog's iframe)."""
    assert AXE.exists(), f"{AXE} is missing: run scripts/install-test-deps.sh (npm ci)"
    for frame in page.frames:
        if frame.is_detached() or not frame.url.startswith("http"):
            continue
        if not frame.evaluate("() => typeof window.axe === 'object'"):
            frame.add_script_tag(path=str(AXE))


def violations(page, contrast: bool = True) -> list[dict]:
    """axe's serious and critical violations on the page as it is now (without its
    ``color-contrast`` rule, half or more of a run, when ``contrast`` is false: for a
    screen whose contrast is checked at another size)."""
    inject(page)
    found, pieces = page.evaluate(RUN, [PIECES, contrast])
    found = [v for v in found if v["impact"] in BAD]
    if pieces:
        found.append(
            {
                "id": "piece-label-in-name",
                "impact": "serious",
                "help": "A piece's visible label must be in its accessible name",
                "nodes": [{"target": p, "impact": "serious", "summary": ""} for p in pieces],
            }
        )
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
        at_rest(page)  # transitions (a dialog, the log drawer) come to rest
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


# Text over the felt, the wood and the stones sits on gradients, where axe leaves contrast
# undecided ("incomplete"). Measured here from pixels instead: every visible text's own
# colour (with its opacity) against the worst pixel of what is behind it (the page shot with
# all text made transparent), 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold).
# Card faces are left to tests/test_palette.py; disabled controls are exempt (WCAG 1.4.3).
TEXTS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; (n = walk.nextNode());) {
    const el = n.parentElement, text = n.textContent.trim();
    if (!text || !el || el.closest('svg, script, style, .card, .sr-only, :disabled')) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    // Each line's box, where the text is on top (not under a screen, a drawer or a dialog).
    const onTop = (r) => [r.left + 1, (r.left + r.right) / 2, r.right - 1].every((x) => {
      const hit = document.elementFromPoint(x, (r.top + r.bottom) / 2);
      return hit && (el.contains(hit) || hit.contains(el));
    });
    const rects = [...range.getClientRects()].filter((r) => r.width >= 2 && r.height >= 2
      && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight && onTop(r));
    if (!rects.length) continue;
    const cs = getComputedStyle(el);
    let opacity = 1;
    for (let a = el; a; a = a.parentElement) opacity *= parseFloat(getComputedStyle(a).opacity);
    const size = parseFloat(cs.fontSize), bold = parseInt(cs.fontWeight, 10) >= 700;
    const where = el.id ? '#' + el.id : String(el.className || el.tagName);
    out.push({text: text.slice(0, 40), where,
              colour: cs.color, opacity, large: size >= 24 || (bold && size >= 18.66),
              rects: rects.map((r) => [r.left, r.top, r.right, r.bottom])});
  }
  return out;
}"""

MEASURE = """async ([shown, hidden, texts]) => {
  const pixels = async (png) => {
    const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], {type: 'image/png'}));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    return ctx;
  };
  const [withText, ctx] = [await pixels(shown), await pixels(hidden)];
  const bitmap = ctx.canvas;
  const scale = bitmap.width / innerWidth;
  const lin = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
                            return (x + 0.05) / (y + 0.05); };
  const bad = [];
  for (const t of texts) {
    const m = t.colour.match(/[\\d.]+/g).map(Number);
    const alpha = (m.length > 3 ? m[3] : 1) * t.opacity;
    const behind = [];
    for (const [l, tp, r, b] of t.rects) {
      const x0 = Math.max(0, Math.floor(l * scale)), y0 = Math.max(0, Math.floor(tp * scale));
      const w = Math.min(bitmap.width, Math.ceil(r * scale)) - x0;
      const h = Math.min(bitmap.height, Math.ceil(b * scale)) - y0;
      if (w < 1 || h < 1) continue;
      // Only where the letters are: the pixels the text changes.
      const d = ctx.getImageData(x0, y0, w, h).data;
      const e = withText.getImageData(x0, y0, w, h).data;
      for (let i = 0; i < d.length; i += 4) {
        const diff = Math.abs(d[i] - e[i]) + Math.abs(d[i + 1] - e[i + 1])
          + Math.abs(d[i + 2] - e[i + 2]);
        if (diff > 24) behind.push([d[i], d[i + 1], d[i + 2]]);
      }
    }
    if (!behind.length) continue;
    behind.sort((p, q) => lum(p) - lum(q));
    const light = lum(m) > lum(behind[behind.length >> 1]);
    // The worst background under the letters, the lightest (light text) or darkest (dark
    // text) 5% left out (anti-aliased edges).
    const k = Math.floor(behind.length * 0.05);
    const bg = light ? behind[behind.length - 1 - k] : behind[k];
    const fg = [0, 1, 2].map((i) => alpha * m[i] + (1 - alpha) * bg[i]);
    const got = ratio(fg, bg), need = t.large ? 3 : 4.5;
    if (got < need - 0.05)
      bad.push(`${t.where} "${t.text}": ${got.toFixed(2)}:1 (needs ${need}), `
               + `text ${t.colour} x${t.opacity.toFixed(2)} on rgb(${bg.join(',')})`);
  }
  return bad;
}"""

# 0: the page as it is; 1: held still (no animation, transition or text shadow);
# 2: held still with every text transparent.
HIDE_TEXT = """(mode) => {
  document.getElementById('e2e-no-text')?.remove();
  if (!mode) return;
  const s = document.createElement('style'); s.id = 'e2e-no-text';
  s.textContent = '*, *::before, *::after { text-shadow: none !important; '
    + 'caret-color: transparent !important; transition: none !important; '
    + 'animation: none !important; '
    + (mode === 2 ? 'color: transparent !important; '
                    + '-webkit-text-fill-color: transparent !important; ' : '') + '}';
  document.head.append(s);
}"""


def low_contrast(page) -> list[str]:
    """Texts whose contrast with the pixels behind them is under WCAG's minimum."""
    try:
        page.evaluate(HIDE_TEXT, 1)  # still first: a drawer or dialog where it comes to rest
        texts = page.evaluate(TEXTS)
        shown = base64.b64encode(page.screenshot()).decode()
        page.evaluate(HIDE_TEXT, 2)
        hidden = base64.b64encode(page.screenshot()).decode()
    finally:
        page.evaluate(HIDE_TEXT, 0)
    return page.evaluate(MEASURE, [shown, hidden, texts])


@pytest.fixture(scope="module", params=LANGS)
def table_in(request, shared_page):
    """(the file's one page, a language): the tests that look at the table in a language
    run together, each taking over its save on the table booted once in that language."""
    shared_page.set_viewport_size(DESKTOP)
    return shared_page, request.param


def test_axe_loading_screen(table_in, site_url):
    """While Python loads (app.py held back until axe has run): on a first visit, the empty
    table with the new-game dialog; with a saved game, the loading screen. Its boot, once
    released, is the table the language's next tests take their saves over in."""
    page, lang = table_in
    audit = Audit(lang)
    held, released = [], []

    def hold(route):
        if released:
            route.continue_()
        else:
            held.append(route)

    page.goto(site_url + "rules.html")  # the storage of the site's origin: a first visit
    page.evaluate("() => localStorage.clear()")
    page.route("**/app.py", hold)
    try:
        # A first visit: no save, so the table and the new-game dialog come before Python.
        page.goto(site_url + "index.html" + QUERY + lang_query(lang))
        page.wait_for_selector("#dlg-new[open]")
        audit(page, "first visit, before Python")
        save = save_text(rich_position(), opponent="ai")
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, save])
        page.reload()
        page.wait_for_selector("#loading", state="visible")
        page.wait_for_function("() => document.querySelector('#loading-text').textContent.trim()")
        audit(page, "loading screen")
        released.append(True)
        for route in held:
            route.continue_()
        page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    finally:
        page.unroute("**/app.py", hold)
    audit.check()


def test_text_contrast_on_the_felt(table_in, site_url):
    """The table's own text (status, seats, prompt, piles, stones, log, hint) at desktop and
    phone sizes, the handover screen, and a lesson's panel: 4.5:1 (3:1 large) by pixels.
    The check can fail: grey text on the felt is found."""
    page, lang = table_in
    found = {}
    page.set_viewport_size(DESKTOP)
    open_or_take_over(
        page, site_url, save_text(rich_position(), opponent="human"), lang_query(lang)
    )
    page.wait_for_selector("#handover", state="visible")
    found["handover"] = low_contrast(page)
    take_device(page)
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        at_rest(page)
        found[name] = low_contrast(page)
    page.click("#btn-log")
    page.wait_for_selector("body.log-open")
    at_rest(page)
    found["log drawer"] = low_contrast(page)
    page.click("#log-close")
    page.wait_for_selector("body.log-open", state="detached")
    bad = {k: v for k, v in found.items() if v}
    assert not bad, "\n".join(f"{k}:\n  " + "\n  ".join(v) for k, v in bad.items())
    if lang == "en":  # the check can fail
        page.evaluate("() => { document.querySelector('#prompt-text').style.color = '#6b8f78'; }")
        try:
            assert any("#prompt-text" in p for p in low_contrast(page))
        finally:
            page.evaluate("() => { document.querySelector('#prompt-text').style.color = ''; }")


# The tests below use the file's one page too (``shared_page``), after the table's tests (the
# order collected): a page that has booted before loads the next (the embed's boot) in well
# under a new page's time, the browser keeping what it compiled (docs/performance.md).


@pytest.mark.parametrize("name", ["rules.html", "rules-de.html", "rules-fr.html"])
def test_axe_rules_pages(shared_page, site_url, name):
    """Each rules page at the phone's size, then (the same page resized) the desktop's."""
    page = shared_page
    audit = Audit(name)
    page.set_viewport_size(PHONE)
    page.goto(site_url + name)
    audit(page, "rules page, phone")
    page.set_viewport_size(DESKTOP)
    audit(page, "rules page, desktop")
    audit.check()


@pytest.mark.parametrize("lang", LANGS)
def test_axe_embed(shared_page, site_url, lang, screenshot):
    """The embed; in German also its words (e2e/test_german.py), on the same boot. The
    device's storage afresh (no embed's game of an earlier language)."""
    page = shared_page
    audit = Audit(lang)
    afresh(page, site_url, size={"width": 700, "height": 600})
    page.goto(site_url + "embed.html" + QUERY + "&save=axe&opponent=ai" + lang_query(lang))
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    audit(page, "embed")
    audit.check()
    if lang == "de":
        check_the_embed_in_german(page, site_url, screenshot)


def test_axe_reports_a_violation(shared_page, site_url):
    """The check can fail: a button without a name, grey-on-grey text and a button whose
    name leaves out its visible label are reported."""
    page = shared_page
    afresh(page, site_url)  # rules.html, the window of a page of its own
    page.evaluate("""() => {
      const b = document.createElement('button'); document.body.append(b);
      const p = document.createElement('p'); p.textContent = 'faint';
      p.style.cssText = 'color:#999;background:#aaa'; document.body.append(p);
      const k = document.createElement('button'); k.textContent = 'Keys';
      k.setAttribute('aria-label', 'Keyboard shortcuts'); document.body.append(k);
    }""")
    ids = {v["id"] for v in violations(page)}
    assert {"button-name", "color-contrast", "label-content-name-mismatch"} <= ids, json.dumps(
        sorted(ids)
    )


# 60 lines: more than the log's box holds at any size below (it scrolls).
LONG_LOG = [f"Move {i}: a line of the game's story, long enough to wrap once." for i in range(60)]
LOG_STATE = """() => { const log = document.querySelector('#log');
  return {tabindex: log.getAttribute('tabindex'), name: log.getAttribute('aria-label'),
          scrolls: log.scrollHeight > log.clientHeight + 1, top: log.scrollTop,
          inert: document.querySelector('#log-panel').inert}; }"""


def test_a_move_log_that_scrolls_is_a_named_tab_stop(table_in, site_url):
    """A move log longer than its box (a finished game's, a friend's device's) is scrolled by
    the keyboard too: a tab stop named in the table's language, with a focus ring; not a tab
    stop once it fits (a tall window); in a closed drawer (phones) nothing of it is reached."""
    page, lang = table_in
    words = json.loads((ROOT / "web" / "messages" / f"{lang}.json").read_text())
    page.set_viewport_size(DESKTOP)
    open_or_take_over(
        page, site_url, save_text(rich_position(), opponent="ai", log=LONG_LOG), lang_query(lang)
    )
    at_rest(page)
    log = page.evaluate(LOG_STATE)
    assert log["scrolls"] and log["tabindex"] == "0", log
    assert log["name"] == words["log.moves"], log
    found = [v for v in violations(page) if v["id"] == "scrollable-region-focusable"]
    assert found == [], describe(found)
    # Tab reaches it (after the table's regions); the arrow keys scroll it, and the keyboard's
    # focus shows its ring.
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "log":
            break
    assert page.evaluate("document.activeElement.id") == "log"
    ring = page.eval_on_selector("#log", "e => getComputedStyle(e).outlineStyle")
    assert ring == "solid", ring
    bottom = log["top"]
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    page.wait_for_function("t => document.querySelector('#log').scrollTop < t", arg=bottom)
    # A window tall enough for the whole log: no tab stop (once the focus has left it).
    page.evaluate("document.activeElement.blur()")
    tall = page.evaluate("document.querySelector('#log').scrollHeight") + 400
    page.set_viewport_size({"width": DESKTOP["width"], "height": tall})
    page.wait_for_function("() => !document.querySelector('#log').hasAttribute('tabindex')")
    # A phone: the drawer closed is inert, open it is reached and scrolls.
    page.set_viewport_size(PHONE)
    at_rest(page)
    assert page.evaluate(LOG_STATE)["inert"] is True
    page.click("#btn-log")
    at_rest(page)
    log = page.evaluate(LOG_STATE)
    assert log["inert"] is False and log["scrolls"] and log["tabindex"] == "0", log
    found = [v for v in violations(page) if v["id"] == "scrollable-region-focusable"]
    assert found == [], describe(found)
