"""The game embedded in a blog post: docs/embed-example.html, served from a second port (another
origin), with two tables in iframes that play independently, keep their own saves, and fit a
700 px column.

Two hosts: http://127.0.0.1:<other port> is another origin of the same site, where the
browser lets the iframes save; http://localhost:<other port> is another site, where Debian's
Chromium (like private windows and strict privacy settings) keeps storage from third-party
iframes: the tables must still play, and say that they cannot save.

The tests share one page, each starting with nothing stored.
"""

from __future__ import annotations

import pytest
from conftest import ROOT, SCREENSHOTS

from tools.table import SAVE_KEY, afresh, at_rest, board, body, play_turn, py

BOOT_MS = 60_000
READY = 'body[data-ready="1"]'
EXAMPLE = ROOT / "docs" / "embed-example.html"
EXAMPLE_BASE = "https://YOUR-NAME.github.io/schotten-totten/"  # the blogger replaces it
KEYS = ("schotten-totten.embed.blog-first", "schotten-totten.embed.blog-second")

# In every frame, from the first script on: CSP violations and uncaught errors.
PROBE = """
window.__problems = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__problems.push(`CSP ${e.violatedDirective} ${e.blockedURI}`));
addEventListener("error", (e) => window.__problems.push(`error ${e.message}`));
"""

FITS = """() => {
  const out = [...document.querySelectorAll('.stone, #hand .card, #bar .tool')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width && (r.left < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1);
  }).map((e) => e.dataset.stone ?? e.dataset.card ?? e.id);
  return {width: innerWidth, overflow: document.documentElement.scrollWidth - innerWidth, out};
}"""


@pytest.fixture
def page(shared_page, site_url):
    """The file's tests share one page (e2e/conftest.py ``shared_page``), each starting with
    nothing stored (``tools.table.afresh``) and ending with nothing held back."""
    afresh(shared_page, site_url)
    yield shared_page
    shared_page.context.unroute_all(behavior="ignoreErrors")


@pytest.fixture
def context(shared_page):
    """The shared page's (``requests_log`` listens to it)."""
    return shared_page.context


def shot_path(name: str):
    """Where an element screenshot goes (the screenshot fixture takes whole pages)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS / f"{name}.png"


@pytest.fixture
def blog(site_url, serve, tmp_path):
    """blog(host) -> URL of the example post, served from another port as http://<host>:P/."""
    folder = tmp_path / "blog"
    folder.mkdir()
    text = EXAMPLE.read_text()
    assert text.count(EXAMPLE_BASE + "embed.html?") == 2
    # The tables' own address, and no AI pause so the tests run quickly; autostart=1 skips
    # the light preview's Play (e2e/test_embed_preview.py tests it).
    text = text.replace(
        EXAMPLE_BASE + "embed.html?", site_url + "embed.html?aipause=40&autostart=1&"
    )
    # No request for the blog's favicon (a 404, said in the console a test listens to).
    text = text.replace("<head>", '<head><link rel="icon" href="data:,">', 1)
    (folder / "post.html").write_text(text)
    server, _url = serve(folder, prefix="/")
    port = server.server_address[1]
    return lambda host: f"http://{host}:{port}/post.html"


def show(page, i: int) -> None:
    """Scroll table i into view (clicks inside a cross-origin iframe do not scroll the page)."""
    iframe = page.locator("iframe.game").nth(i)
    iframe.evaluate("(e) => e.scrollIntoView({block: 'center'})")


def open_post(page, url) -> list:
    """Open the post and wait for both tables; return their frames, in page order."""
    page.add_init_script(PROBE)
    page.goto(url)
    for iframe in page.locator("iframe.game").all():
        iframe.scroll_into_view_if_needed()  # loading="lazy", as a blog would have it
    page.wait_for_function(
        "() => [...document.querySelectorAll('iframe.game')].every((f) => f.contentWindow && f.src)"
    )
    frames = [page.frame_locator("iframe.game").nth(i) for i in range(2)]
    for frame in frames:
        frame.locator(READY).wait_for(state="attached", timeout=BOOT_MS)
    srcs = page.eval_on_selector_all("iframe.game", "els => els.map((e) => e.src)")
    return [next(f for f in page.frames if f.url == src) for src in srcs]


def test_two_embeds_play_independently_and_fit_700px(page, blog, site_url, requests_log):
    page.set_viewport_size({"width": 1100, "height": 900})
    first, second = open_post(page, blog("127.0.0.1"))
    assert body(first, "mode") == "ai" and body(second, "mode") == "human"
    # The full game in a new tab, on this embed's game (e2e/test_embed_preview.py follows it).
    assert first.get_attribute("#btn-full", "href") == "./?game=blog-first"
    rules = py(second, "state", {"seat": None})["view"]["rules"]
    assert rules["tactics"] and rules["claim_timing"] == "start_of_turn", rules

    # Both fit the 700 px column: nothing sticks out, nothing scrolls sideways.
    for frame in (first, second):
        fit = frame.evaluate(FITS)
        assert fit == {"width": 700, "overflow": 0, "out": []}, fit
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    show(page, 0)  # (a full-page screenshot leaves cross-origin iframes blank)
    page.screenshot(path=str(shot_path("embed-blog-post")))

    # The first table plays a whole turn (and the computer answers); the second is untouched.
    second_before = board(second)
    show(page, 0)
    play_turn(first)
    assert "The computer played" in first.inner_text("#log")
    assert board(second) == second_before
    # The second table: two players, pass the device; its turn leaves the first alone.
    first_after = board(first)
    show(page, 1)
    play_turn(second)
    assert board(first) == first_after
    assert board(second) != second_before

    # Each has its own save; the full game's save is not touched.
    saves = {k: first.evaluate(f"localStorage.getItem('{k}')") for k in KEYS}
    assert all(saves.values()) and len(set(saves.values())) == 2
    assert first.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None
    for i, frame in enumerate((first, second)):
        show(page, i)
        iframe = page.locator("iframe.game").nth(i)
        iframe.screenshot(path=str(shot_path(f"embed-table-{i + 1}")))
        assert frame.evaluate("window.__problems") == [], i

    # A reader comes back: each table resumes its own game.
    boards = board(first), board(second)
    first, second = open_post(page, blog("127.0.0.1"))
    assert (board(first), board(second)) == boards
    assert requests_log.foreign(site_url, blog("127.0.0.1")) == []

    # A phone-width column: still no sideways scrolling in either table.
    page.set_viewport_size({"width": 390, "height": 800})
    for i, frame in enumerate((first, second)):
        # On screen, as a reader scrolls to it: Chromium holds back the frames of a
        # cross-origin iframe out of view, so an unseen table measures itself only when seen.
        show(page, i)
        # the table has its iframe's new width, and is measured and at rest in it
        width = page.locator("iframe.game").nth(i).evaluate("(e) => e.clientWidth")
        frame.wait_for_function("(w) => innerWidth === w", arg=width)
        at_rest(frame)
        assert frame.evaluate(FITS)["overflow"] <= 0
    show(page, 0)
    page.locator("iframe.game").nth(0).screenshot(path=str(shot_path("embed-phone-column")))


# What the "cannot save" note lies over: the header's status and tools, the seats, the board.
NOTE_COVERS = """() => {
  const n = document.querySelector('#embed-note').getBoundingClientRect();
  return [...document.querySelectorAll('#status-who, #status-step, #tools .tool, .seat, #board')]
    .filter((e) => { const r = e.getBoundingClientRect();
      return r.width && n.left < r.right && r.left < n.right
        && n.top < r.bottom && r.top < n.bottom; })
    .map((e) => e.id || e.className);
}"""


def test_embed_on_another_site_plays_even_without_storage(page, blog, site_url, requests_log):
    """Tables embedded on another site, where the browser blocks third-party storage (Debian's
    Chromium does by default; so do private windows): they play, and say they cannot save.
    PyScript cannot open its database there, and the page must not leave an uncaught error
    in the console for it (issue 15). The note promises that ↗ opens the full game, which
    saves. The link carries the game the page holds in memory, so the full page
    (first-party: it may save) goes on with that game, not a fresh one."""
    problems = []
    page.on(
        "console",
        lambda m: (
            m.type == "error" and problems.append(f"console {m.text} at {m.location.get('url')}")
        ),
    )
    page.on("pageerror", lambda e: problems.append(f"pageerror {e}"))
    page.set_viewport_size({"width": 1100, "height": 900})
    url = blog("localhost")  # another site than 127.0.0.1: the iframes are third-party
    first, second = open_post(page, url)
    blocked = first.evaluate(
        "() => { try { localStorage.length; return false } catch { return true } }"
    )
    assert blocked, "this Chromium lets third-party frames store: the test proves nothing"
    # Debian's Chromium: the tables play without saving, and say so
    first.locator("#embed-note").wait_for(state="visible")
    assert "save" in first.inner_text("#embed-note")
    # A line of its own in the header: over neither the status, the tools nor the table.
    at_rest(first)  # the board re-measures the room left
    assert first.evaluate(NOTE_COVERS) == []
    show(page, 0)
    page.locator("iframe.game").nth(0).screenshot(path=str(shot_path("embed-cannot-save")))
    first.click("#embed-note")  # tap to dismiss
    show(page, 0)
    play_turn(first)
    assert "The computer played" in first.inner_text("#log")
    assert body(second, "step") == "play"
    for frame in (first, second):
        assert frame.evaluate("window.__problems") == []
    # PyScript's database was refused (web/js/idb-guard.js saw it), and nothing reached the
    # console: no uncaught error, no failed request.
    first.wait_for_selector('html[data-idb="blocked"]', state="attached")
    assert problems == [], "\n".join(problems)
    # The game carried to the full page by ↗.
    at_rest(first)
    played = board(first)
    assert any(side for stone in played for side in stone), "a turn was played"
    with page.context.expect_page() as opened:
        first.click("#btn-full")
    full = opened.value
    full.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    assert "?game=blog-first" in full.url and "#carry" not in full.url
    assert board(full) == played
    # Saved there, under the embed's key: the full page keeps the game.
    assert full.evaluate("localStorage.getItem('schotten-totten.embed.blog-first')")
    full.close()
    assert requests_log.foreign(site_url, url) == []


def test_embeds_without_a_save_name_do_not_share(page, site_url, serve, tmp_path):
    """Each plain embed names its own save (embed.js, before Python: Pyodide's WebAssembly
    is held back, never let through, as nothing here needs Python)."""
    wasm = []
    page.context.route("**/pyodide.asm.wasm", lambda route: wasm.append(route))
    folder = tmp_path / "plain"
    folder.mkdir()
    frame = f'<iframe src="{site_url}embed.html" width="300" height="200"></iframe>'
    (folder / "post.html").write_text(f"<!doctype html><p>Two plain embeds</p>{frame}{frame}")
    _server, url = serve(folder, prefix="/")
    page.goto(url + "post.html")
    page.wait_for_function("() => document.querySelectorAll('iframe').length === 2")
    keys = []
    for i in range(2):
        page.frame_locator("iframe").nth(i).locator("html.embed").wait_for(state="attached")
    for frame in (f for f in page.frames if "embed.html" in f.url):
        frame.wait_for_function("() => window.stSaveKey !== undefined")
        keys.append(frame.evaluate("window.stSaveKey"))
    assert len(set(keys)) == 2, keys
    assert all(k.startswith("schotten-totten.embed.") for k in keys)


def _save(seed: int, moves: int, at: int) -> str:
    """A save of a game against the computer (``seed``), ``moves`` actions on, written at
    ``at`` (seconds since 1970), as web/saves.py writes it."""
    import sys

    sys.path.insert(0, str(ROOT / "web"))
    from saves import MemoryStore, Saves
    from session import Session

    from engine import action_to_json, legal_actions

    s = Session()
    s.new_game({"opponent": "ai", "seed": seed, "starter": 0})
    for _ in range(moves):
        s.act(action_to_json(legal_actions(s.state)[0]), s.state.to_move)
    store = MemoryStore()
    Saves(store, "k", tab=f"t{seed}", clock=lambda: at).write(s.save_data())
    return store.getItem("k")


def test_a_later_game_carried_from_the_embed_replaces_an_older_one_kept_aside(page, site_url):
    """The full page already holds an older game under the embed's name: the game carried
    by ↗ (played later) is the one on the table, the older one is kept aside (not
    deleted), and the player is told in words (on a phone, then the window widened)."""
    from urllib.parse import quote

    page.set_viewport_size({"width": 390, "height": 800})
    older, carried = _save(3, 6, at=1_000), _save(4, 2, at=2_000)
    key = "schotten-totten.embed.post"
    page.goto(site_url + "rules.html")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, older])
    page.goto(f"{site_url}index.html?game=post&aipause=40#carry={quote(carried)}")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    dialog = page.locator("#dlg-message")
    dialog.wait_for(state="visible")
    assert page.inner_text("#message-title") == "Two games under one name"
    assert "kept aside on this device" in page.inner_text("#message-text")
    page.screenshot(path=str(shot_path("carry-replaces-older-390")))
    page.set_viewport_size({"width": 1280, "height": 800})  # the same words on a desktop
    at_rest(page)
    assert dialog.is_visible()
    page.screenshot(path=str(shot_path("carry-replaces-older-1280")))
    stored = page.evaluate(
        """(k) => Object.fromEntries(Object.keys(localStorage)
             .filter((n) => n.startsWith(k)).map((n) => [n, localStorage.getItem(n)]))""",
        key,
    )
    assert stored[key] == carried
    assert [v for n, v in stored.items() if ".broken." in n] == [older]
    assert key + ".carried" not in stored
    assert "#carry" not in page.url
    assert page.locator("#dlg-new").is_hidden()  # no first-visit dialog over the game
    assert page.inner_text("#message-ok") == "Play on"
    page.click("#message-ok")
    assert page.locator("#dlg-new").is_hidden()  # the game goes on: no new-game dialog
    page.reload()  # weighed once: nothing said again, the carried game goes on
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    assert dialog.is_hidden()
    assert page.evaluate("(k) => localStorage.getItem(k)", key) == carried


# Stones that overlap each other, and stones, hand cards and tools out of the window.
CROWDED = """() => {
  const boxes = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 &&
    a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const pairs = (list) =>
    list.flatMap((a, i) => list.slice(i + 1).filter((b) => meet(a, b))).length;
  const out = [...document.querySelectorAll('.stone, #hand .card, #bar .tool')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1;
  }).map((e) => e.dataset.stone ?? e.dataset.card ?? e.id);
  return { stones: pairs(boxes('.stone')), out };
}"""


@pytest.mark.parametrize(
    "page_url,width,height",
    [("embed.html?save=small&tactics=on&", 390, 600), ("index.html?", 360, 640)],
)
def test_a_short_table_keeps_its_stones_apart(page, site_url, page_url, width, height):
    """An embed 390 px wide and 600 px high (a phone's blog column; too low for nine rows of
    stones, they go across), a short phone (nine rows, each as tall as there is room for):
    no stone overlaps another, and all is in view."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{site_url}{page_url}aipause=40")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    if page.locator("#dlg-new").is_visible():
        page.click("#new-start")
    play_turn(page, seed=2)
    at_rest(page)
    page.screenshot(path=str(shot_path(f"short-table-{width}x{height}")))
    assert page.evaluate(CROWDED) == {"stones": 0, "out": []}
