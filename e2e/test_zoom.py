"""Nothing cut short at 320 px or at 200% zoom, and reduced motion respected.

* The long tactic names and the 120-line log (``long_names_position``, ``log_lines``) at
  320x640, 360x740, 1280x800 at 200% zoom, a tablet and a desktop are looked at by the screen
  walk of e2e/test_every_screen.py (its ``_long_names`` scene) with the checks kept here: no
  text element clipped (``CLIPPED``: its own overflow, an ellipsis, a line clamp, or a
  clipping ancestor), and the move log's numbers fitting their column (``LOG_NUMBERS``).
* With ``prefers-reduced-motion: reduce`` the cards, stones, piles and the log drawer have no
  animation or transition (computed durations of 0); without it they do (so the check can
  fail). Both looks share one table (``shared_page``): the preference is the browser's
  media, changed on the page as it runs (style.css answers it; no script reads it).
"""

from __future__ import annotations

import pytest

from tools.table import open_or_take_over, position, save_text

LOG_LINES = 120

# Text cut short on purpose: none (the opponent's last turn in the prompt row shows whole:
# e2e/test_layout.py, test_the_computers_last_turn_shows_whole).
ALLOWED: list[str] = []

# Every visible text element whose text does not show whole: its own box clips it (overflow
# hidden or clip, an ellipsis, a line clamp) or an ancestor that clips without scrolling.
CLIPPED = """(allowed) => {
  const out = [];
  const clipping = (cs, axis) =>
    ['hidden', 'clip'].includes(axis === 'x' ? cs.overflowX : cs.overflowY);
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg, script, style, template') || allowed.some((s) => el.closest(s))) continue;
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent)
      .join('').trim();
    if (!text || !el.checkVisibility({ visibilityProperty: true })) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 && r.height <= 1) continue;   // screen-reader-only text
    const cs = getComputedStyle(el);
    const what = `${el.id ? '#' + el.id : el.className || el.tagName} "${text.slice(0, 40)}"`;
    const clipsX = clipping(cs, 'x') || cs.textOverflow === 'ellipsis';
    if (clipsX && el.scrollWidth > el.clientWidth + 1)
      out.push(`${what}: ${el.scrollWidth} px wide in ${el.clientWidth}`);
    const clamp = cs.webkitLineClamp && cs.webkitLineClamp !== 'none';
    if ((clamp || clipping(cs, 'y')) && el.scrollHeight > el.clientHeight + 1)
      out.push(`${what}: ${el.scrollHeight} px tall in ${el.clientHeight}`);
    // The text's own extent against every ancestor that clips without scrolling.
    const range = document.createRange();
    range.selectNodeContents(el);
    const t = range.getBoundingClientRect();
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const acs = getComputedStyle(a);
      const cx = clipping(acs, 'x'), cy = clipping(acs, 'y');
      if (!cx && !cy) continue;
      const ar = a.getBoundingClientRect();
      if ((cx && (t.left < ar.left - 1 || t.right > ar.right + 1)) ||
          (cy && (t.top < ar.top - 1 || t.bottom > ar.bottom + 1))) {
        out.push(`${what}: cut by ${a.id ? '#' + a.id : a.className || a.tagName}`);
        break;
      }
    }
  }
  return out;
}"""

# The move log's numbers: the widest ("120.") fits the width its ::before column has.
LOG_NUMBERS = """() => {
  const items = [...document.querySelectorAll('#log li:not(.log-round)')];
  const last = items[items.length - 1];
  const before = getComputedStyle(last, '::before');
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${before.fontStyle} ${before.fontWeight} ${before.fontSize} ${before.fontFamily}`;
  const label = `${items.length}.`;
  return {count: items.length, label, need: ctx.measureText(label).width,
          have: parseFloat(before.width), display: before.display,
          indent: parseFloat(getComputedStyle(last).paddingLeft),
          margin: parseFloat(before.marginRight)};
}"""


def long_names_position() -> dict:
    """A tactics game, South (you) to move: long tactic names in the hand, elite troops
    and both combat modes on the table, 120 lines in the log."""
    stones = [{} for _ in range(9)]
    stones[0] = {"sides": [["R1", "R2", "R3"], ["B1", "B2", "B3"]], "owner": 0}
    stones[1] = {"sides": [["Y7", "Joker"], ["O5"]]}
    stones[2] = {"sides": [["G1", "G2"], ["P4", "P5", "P6"]], "mode": "MudFight"}
    stones[4] = {"sides": [["Y1"], ["R9", "R8"]], "mode": "BlindMansBluff"}
    stones[6] = {"sides": [["O9"], ["Spy", "Y5", "Y6"]]}
    hands = [
        ["R5", "G6", "Strategist", "Recruiter", "ShieldBearer", "Banshee", "Traitor"],
        ["R4", "R6", "R7", "G4", "G5", "P1", "O2"],
    ]
    return position(
        {"tactics": True},
        hands=hands,
        stones=stones,
        to_move=0,
        tactics_played=[2, 2],
    )


def log_lines() -> list[str]:
    return [
        f"{{N{i % 2}}} played Red {i % 9 + 1} on stone {i % 9 + 1}, then drew a card "
        "from the clan deck."
        for i in range(LOG_LINES)
    ]


MOTION = """() => {
  const sel = ['#hand .card', '#board .card', '.stone', '.lane', '.pile', '.pile.drawable',
               '#log-panel', '.progress-bar', '.dots i', '.lane.claimable .stone'];
  const out = {};
  const secs = (s) => Math.max(...s.split(',').map((x) => parseFloat(x) || 0));
  for (const s of sel) {
    for (const el of document.querySelectorAll(s)) {
      for (const pseudo of [null, '::before', '::after']) {
        const cs = getComputedStyle(el, pseudo);
        const t = secs(cs.transitionDuration) + secs(cs.transitionDelay);
        const a = cs.animationName === 'none' ? 0 : secs(cs.animationDuration);
        if (t || a) out[`${s}${pseudo || ''}`] =
          `transition ${cs.transitionDuration}, animation ${cs.animationName}`;
      }
    }
  }
  return out;
}"""


# Every animation running on the page: its name, what it is on, and when it ends (ms).
BREATHING = """() => document.getAnimations().map((a) => ({
  name: a.animationName || '', ends: a.effect.getComputedTiming().endTime,
  on: `${a.effect.target.className} ${a.effect.pseudoElement || ''}`,
}))"""

# Every animation run to its end: the drawable deck's glow is then at full strength.
BREATHED = """() => {
  for (const a of document.getAnimations()) a.finish();
  return getComputedStyle(document.querySelector('.pile.drawable'), '::after').opacity;
}"""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_reduced_motion(shared_page, site_url, motion):
    """No animation or transition on the table's moving parts when the player asks for
    reduced motion; with no preference they move (the check sees them)."""
    page = shared_page
    page.emulate_media(reduced_motion=motion)
    pos = long_names_position()
    pos_stones = pos["stones"]
    open_or_take_over(page, site_url, save_text(pos, opponent="ai"))
    assert pos_stones
    # A card just played (the landing), a claimable stone and a drawable deck: play one.
    page.click('#hand .card[data-card="R5"]')
    page.click('#board .lane.target[data-stone="3"] .stone')
    page.wait_for_selector("#board .card.fresh", state="attached")
    moving = page.evaluate(MOTION)
    if motion == "reduce":
        assert moving == {}, moving
    else:
        assert "#hand .card" in moving and "#board .card" in moving, moving
        # Nothing blinks for more than five seconds (WCAG 2.2.2; and an idle table costs a
        # tablet nothing): the deck's glow breathes twice, then stays lit.
        running = page.evaluate(BREATHING)
        assert any(a["name"] == "glow" and "pile" in a["on"] for a in running), running
        assert all(a["ends"] <= 5_000 for a in running), running
        assert page.evaluate(BREATHED) == "1"
