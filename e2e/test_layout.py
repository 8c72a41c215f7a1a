"""The table at phone, tablet and desktop sizes: screenshots for people to look at, no
horizontal scrolling, touch targets of at least 44 px (the header's tools: 40 px), a status
that is never clipped, and no request outside the site. The header's tools with Undo on show
and a friend's device's bar at 360, 390 and 421 px are the screen walk's
(e2e/test_every_screen.py).

The file's tests share one page (e2e/conftest.py's ``shared_page``): one boot, and each
test's table opened afresh on it (``tools.table.visit``, ``afresh``), a boot in a page that
has booted, well under a new page's."""

import pytest

from tools.table import (
    BOOT_MS,
    READY,
    SAVE_KEY,
    afresh,
    at_rest,
    play_card,
    position,
    save_text,
    visit,
)

SIZES = [
    ("desktop", 1280, 800),
    ("tablet-portrait", 768, 1024),
    ("tablet-landscape", 1024, 768),
    ("phone", 360, 740),
    ("phone-landscape", 740, 360),
]


def rich_position(rules=None, **fields):
    """Mid-game with tactic cards: claims on both sides, both combat modes, elite troops.

    ``rules`` and ``fields`` add to (or replace) the position's rules and fields."""
    st = [{} for _ in range(9)]
    st[0] = {"sides": [["R1", "R2", "R3"], ["B1", "B2", "B3"]], "owner": 0}
    st[1] = {"sides": [["Y7", "Joker"], ["O5"]]}
    st[2] = {"sides": [["G1", "G2", "G3"], ["P4", "P5", "P6"]], "mode": "MudFight"}
    st[3] = {"sides": [["B9", "B8", "B7"], ["O1"]], "owner": 0}
    st[4] = {"sides": [["Y1"], ["R9", "R8"]], "mode": "BlindMansBluff"}
    st[5] = {"sides": [[], ["G9", "G8", "G7"]], "owner": 1}
    st[6] = {"sides": [["O9"], ["ShieldBearer", "Y5", "Y6"]]}
    st[8] = {"sides": [["P9"], []]}
    return position(
        {"tactics": True, **(rules or {})},
        **{
            "hands": [
                ["R5", "G6", "P2", "O3", "Y4", "Traitor", "Spy"],
                ["R4", "R6", "R7", "G4", "G5", "P1", "O2"],
            ],
            "stones": st,
            "discard": ["Recruiter", "Banshee", "B6"],  # B6 a Banshee's
            "tactics_played": [3, 3],
            "to_move": 0,
            **fields,
        },
    )


LOG = [
    "New game with tactic cards. {N0} {start0}.",
    "{N1} played Mud Fight on stone 3.",
    "{N0} played Blue 7 on stone 4, then drew a card from the clan deck.",
]

SMALL = """() => {
  const bad = [];
  const sel = '#hand .card, .pile:not([hidden]), #prompt button, .lane';
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;   // not shown
    if (r.width < 44 || r.height < 44)
      bad.push(`${el.id || el.className} ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return bad;
}"""


# The header's tap targets: at least 40 px each way (icons only, 40 px wide, on phones).
HEADER = """() => [...document.querySelectorAll('#bar button, #bar a, #bar [tabindex]')]
  .map((e) => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.width || r.height)
  .filter(([e, r]) => r.width < 40 || r.height < 40)
  .map(([e, r]) => `${e.id} ${Math.round(r.width)}x${Math.round(r.height)}`)"""

# The status text, whole: no part of it cut (scrollWidth <= clientWidth), inside the window,
# and under none of the tools.
STATUS = """() => {
  const bad = [];
  const tools = [...document.querySelectorAll('#bar .tool')].map((e) => e.getBoundingClientRect())
    .filter((r) => r.width);
  for (const e of document.querySelectorAll('#status, #status > span')) {
    if (!e.textContent.trim()) continue;
    const r = e.getBoundingClientRect(), what = `${e.id} "${e.textContent.trim()}"`;
    if (e.scrollWidth > e.clientWidth)
      bad.push(`${what}: scrollWidth ${e.scrollWidth} > clientWidth ${e.clientWidth}`);
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
      bad.push(`${what}: outside the window `
               + `(${Math.round(r.left)}..${Math.round(r.right)} of ${innerWidth})`);
    if (e.id !== 'status' && tools.some((t) => r.left < t.right - 0.5 && t.left < r.right - 0.5
                                              && r.top < t.bottom - 0.5 && t.top < r.bottom - 0.5))
      bad.push(`${what}: under a tool button`);
  }
  return bad;
}"""


def check_header(page, name):
    assert page.evaluate(STATUS) == [], f"{name}: the status is clipped"
    assert page.evaluate(HEADER) == [], f"{name}: header tap targets under 40 px"


@pytest.fixture
def page(shared_page):
    """The file's page; what a test routed is let go after it."""
    yield shared_page
    shared_page.unroute_all(behavior="ignoreErrors")


@pytest.fixture
def context(shared_page):
    """The shared page's (``requests_log`` listens to it)."""
    return shared_page.context


@pytest.fixture
def table(page, site_url, requests_log):
    visit(page, site_url, save_text(rich_position(), opponent="ai", log=LOG))
    return page


def test_table_at_every_size(table, screenshot, site_url, requests_log):
    page = table
    for name, w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        at_rest(page)  # the resize handler re-measures the board
        overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"{name}: the page scrolls sideways by {overflow}px"
        # Nor up and down: the table fits its window (a screen reader's 1 px live region
        # below it made the page scroll, and every full-page screenshot slow).
        down = page.evaluate("() => document.documentElement.scrollHeight - innerHeight")
        assert down <= 0, f"{name}: the page scrolls up and down by {down}px"
        assert page.evaluate(SMALL) == [], f"{name}: touch targets under 44 px"
        check_header(page, name)
        # Every stone and every hand card is inside the window.
        outside = page.evaluate("""() => [...document.querySelectorAll('.stone, #hand .card')]
            .filter(e => { const r = e.getBoundingClientRect();
                           return r.left < -1 || r.right > innerWidth + 1
                                  || r.bottom > innerHeight + 1; })
            .map(e => e.dataset.stone ?? e.dataset.card)""")
        assert outside == [], f"{name}: off screen: {outside}"
        screenshot(page, f"table-{name}")
        page.click('#hand .card[data-card="Traitor"]')
        page.locator("#board .card.pick").first.wait_for()
        screenshot(page, f"table-{name}-traitor")
        page.click("#btn-cancel")
    # A move: the computer answers from its worker.
    page.set_viewport_size({"width": 1280, "height": 800})
    play_card(page, "R5", 7)
    page.wait_for_function(
        "() => document.body.dataset.toMove === '0' && "
        "!document.body.classList.contains('ai-thinking')",
        timeout=60_000,
    )
    assert "The computer played" in page.inner_text("#log")
    # The rules, reachable from the table.
    page.click("#btn-rules")
    frame = page.frame_locator("#rules-frame")
    frame.locator("h1").wait_for()
    assert "How to play" in frame.locator("h1").inner_text()
    # One language control: the dialog's switch; the page's own language links are left out.
    frame.locator("#langs").wait_for(state="hidden", timeout=5000)
    assert frame.locator("#back").is_hidden()
    assert page.locator("#dlg-rules .lang-switch select").is_visible()
    screenshot(page, "rules-dialog")
    assert requests_log.foreign(site_url) == [], "requests left the site"
    assert requests_log.failed == []
    assert any(u.endswith("ai_worker.py") for u in requests_log.urls)
    assert any(u.endswith("rules.html") for u in requests_log.urls)


def test_loading_then_handover_screen(page, site_url, screenshot):
    afresh(page, site_url, {SAVE_KEY: save_text(rich_position(), opponent="human", log=LOG)})
    # app.py is held back until the loading screen is looked at: on a fast (or a starved)
    # machine Python could otherwise be ready before the test looks.
    held: list = []
    released: list = []
    page.route("**/app.py", lambda r: r.continue_() if released else held.append(r))
    page.goto(site_url + "index.html", wait_until="commit")
    # While Python boots: a loading screen whose bar moves.
    page.wait_for_function(
        "() => parseFloat(document.querySelector('#progress-bar')?.style.width) >= 12"
    )
    assert page.locator("#loading").is_visible() and page.locator("#app").is_hidden()
    screenshot(page, "loading")
    released.append(True)  # (no unroute: it may hand a held request on itself)
    for route in held:
        route.continue_()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    assert page.evaluate("() => window.__ready") is True
    page.wait_for_selector("#handover", state="visible")
    assert page.inner_text("#handover-title") == "Pass to South"
    assert page.locator("#hand .card").count() == 0
    screenshot(page, "handover")


EMBED_KEY = "schotten-totten.embed.layout"  # embed.html?save=layout


def test_status_is_never_clipped(page, site_url, screenshot):
    """The longest status ("Computer's turn", a match score) fits next to the tools on
    phones, in the full page (4 tools) and in the embed (5 tools, a 700 px blog column)."""
    pos = rich_position({"rounds": 3}, to_move=1, round=2, history=[[0, "three_adjacent", 3, 1]])
    text = save_text(pos, opponent="ai", log=LOG)
    afresh(page, site_url, {SAVE_KEY: text, EMBED_KEY: text})  # stored once, for both pages
    # The computer waits (aipause) so its turn stays on screen.
    pages = [
        ("index.html?aipause=600000", [(1280, 800), (390, 844), (360, 740)]),
        ("embed.html?aipause=600000&save=layout", [(700, 600), (390, 800), (360, 640)]),
    ]
    for url, sizes in pages:
        page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
        page.goto(site_url + url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
        assert page.inner_text("#status-who") == "Computer's turn"
        assert page.inner_text("#status-round") == "round 2/3 · 5–1"
        for w, h in sizes:
            page.set_viewport_size({"width": w, "height": h})
            at_rest(page)
            name = f"{url.split('.')[0]}-{w}"
            check_header(page, name)
            overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
            assert overflow <= 0, f"{name}: the page scrolls sideways by {overflow}px"
            screenshot(page, f"status-{name}")


def _computer_claims() -> dict:
    """North (the computer) to move, with a claim it can prove at stone 3: its turn is told
    with the claim's reason, a long line (five lines at 390 px). North started the round: as
    many cards a side."""
    stones = [{} for _ in range(9)]
    stones[2] = {"sides": [["R1", "O2"], ["B7", "B8", "B9"]]}
    stones[5] = {"sides": [["G1", "G2", "G3"], ["Y5", "P5"]]}
    return position(
        {"starter": 1},
        hands=[["R9", "B1", "B2", "G4", "P1", "Y1"], ["Y9", "O9", "O8", "G9", "G8", "P6"]],
        stones=stones,
        to_move=1,
    )


# The last turn's box against the prompt row that clips it, the stones' and the hand's
# boxes against the window.
LAST_TURN = """() => {
  const box = (sel) => document.querySelector(sel).getBoundingClientRect();
  const last = document.querySelector('#prompt-last');
  const row = box('#prompt'), r = box('#prompt-last');
  const out = (e) => { const b = e.getBoundingClientRect();
    return b.top < -1 || b.bottom > innerHeight + 1 || b.left < -1 || b.right > innerWidth + 1; };
  return { text: last.textContent, shown: !last.hidden,
    scrolls: getComputedStyle(last).overflowY === 'auto',
    whole: last.scrollHeight <= last.clientHeight + 1,
    inRow: r.top >= row.top - 1 && r.bottom <= row.bottom + 1,
    outside: [...document.querySelectorAll('.stone, #hand .card')].filter(out)
      .map((e) => e.dataset.stone ?? e.dataset.card),
    stone: JSON.stringify(box('.lane[data-stone="4"] .stone')) };
}"""


# Each language's sizes in one page, resized (a phone on its side last).
LAST_TURN_SIZES = {"en": [(390, 844)], "de": [(390, 844), (820, 1180), (1280, 800), (844, 390)]}


@pytest.mark.parametrize("lang", list(LAST_TURN_SIZES))
def test_the_computers_last_turn_shows_whole(page, site_url, screenshot, lang):
    """What the computer played, claimed and why, and drew: whole in the prompt row, which
    grows for it (on a phone on its side, where the hand needs the column, it scrolls in
    place); the board and the hand stay in the window, and nothing moves between choosing
    a card and its stone."""
    save = save_text(_computer_claims(), opponent="ai")
    visit(page, site_url, save, f"&lang={lang}", size=_size(LAST_TURN_SIZES[lang][0]))
    page.wait_for_function(
        "() => document.body.dataset.toMove === '0' && "
        "!document.body.classList.contains('ai-thinking')"
    )
    page.wait_for_selector("#prompt-last:not([hidden])")
    claimed, drew = {"en": ("claimed stone 3", "clan deck"), "de": ("Stein 3", "Clanstapel")}[lang]
    for width, height in LAST_TURN_SIZES[lang]:
        page.set_viewport_size({"width": width, "height": height})
        at_rest(page)
        screenshot(page, f"last-turn-{width}x{height}-{lang}")
        seen = page.evaluate(LAST_TURN)
        assert claimed in seen["text"] and drew in seen["text"], seen["text"]
        landscape = width > height and height < 520
        assert seen["whole"] or (landscape and seen["scrolls"]), (width, height, seen)
        assert seen["inRow"], f"{width}x{height}: the row clips the last turn"
        assert seen["outside"] == [], f"{width}x{height}: out of the window: {seen['outside']}"
        page.locator("#hand .card.playable").first.click()
        at_rest(page)
        assert page.evaluate(LAST_TURN)["stone"] == seen["stone"], f"{width}x{height}: moved"
        page.keyboard.press("Escape")  # the card put back for the next size
        page.wait_for_selector("#hand .card.selected", state="detached")
        at_rest(page)


def _size(wh) -> dict:
    return {"width": wh[0], "height": wh[1]}
