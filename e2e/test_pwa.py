"""The installable, offline game: service worker, update offer, manifest and icons, and the
Content-Security-Policy under which every page must load.

The offline and update tests serve a private copy of the site on a server of their own, so
they can take it away (offline) or change a file (a new version) without disturbing others.
"""

from __future__ import annotations

import io
import json
import re
import struct
import urllib.request
import zipfile
import zlib

import pytest
from test_snapshot import RECORD, python_start, snapshot_build

import build
from sitebuild.ship import part_of
from tools.table import QUERY, READY, SAVE_KEY, board, play_turn, start_new_game

# Offline play and updates are the service worker's (blocked elsewhere: e2e/conftest.py).
pytestmark = [
    pytest.mark.browser_context_args(service_workers="allow"),
    pytest.mark.python_snapshots,  # the offline reload and restart start from one
]

SUB_PATH = "/schotten-totten/"

BOOT_MS = 60_000
OFFLINE_READY = 'html[data-sw="offline"]'  # pwa.js: a service worker is active (all cached)
SNAPSHOT_STORED = 'html[data-snapshot="stored"]'  # js/snapshot.js: Python's, for the next visit

# CSP directives that Chromium, Firefox and WebKit all implement (WebKit has no manifest-src).
KNOWN_EVERYWHERE = {
    "default-src",
    "script-src",
    "style-src",
    "img-src",
    "connect-src",
    "worker-src",
    "frame-src",
    "font-src",
    "media-src",
    "base-uri",
    "form-action",
    "object-src",
}

# Collects CSP violations from the first script on, in every frame (rules dialog included).
CSP_PROBE = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
"""


# What a first visit fetches before its table is playable (docs/offline.md, "Loaded on first
# use"): Pyodide, PyScript, the page, its styles and catalogues, game.zip, and these of the
# page's modules; never a part loaded on first use (LATER). A new module of the first table is
# added here on purpose, or loaded on first use.
FIRST_TABLE_JS = {
    "ai",
    "boot",
    "bridge",
    "cards",
    "config",
    "dialogs",
    "dom",
    "duo-link",
    "flow",
    "focus",
    "games",
    "idb-guard",
    "input",
    "keyboard",
    "layout",
    "links",
    "log",
    "moves",
    "names",
    "part",
    "prompt",
    "quick",
    "render",
    "saves",
    "scrolling",
    "snapshot",
    "sound",
    "state",
    "stun",
    "toast",
    "welcome",
    "words",
}
# Loaded on first use: the two-device play (its Python in part-duo.zip; js/duo.js and its
# duo-*.js but duo-link.js, rtc.js, sdp.js, reconnect.js; the QR code), the replay, the review
# and the game links (part-replay.zip, js/replay.js, review.js, share.js), the puzzles
# (part-puzzles.zip, js/puzzles.js), the lessons (part-lessons.zip, js/tutorial.js).
LATER = re.compile(
    r"part-\w+\.zip|js/(duo(-(bar|code|dialog|live|pairing|send|state))?|rtc|sdp|reconnect"
    r"|replay|review|share|puzzles|tutorial)\.js|vendor/qrcode/|puzzles\.json"
)
# The catalogues of a language the page does not show (an English page here): fetched when the
# page is switched to it, from the service worker's cache once it has every file.
OTHER_LANGUAGE = re.compile(r"(^|/)messages/(?!en\.json$)[\w-]+\.json$")
FIRST_VISIT_BUDGET = 5_000_000  # bytes of bodies as GitHub Pages sends them (gzipped)
# Notes when the page is ready (body[data-ready="1"]), for the resource timings before it.
READY_AT = """
new MutationObserver((_, observer) => {
  if (document.body?.dataset.ready !== "1") return;
  window.__readyAt = performance.now();
  observer.disconnect();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
"""


def ready(page, timeout=BOOT_MS):
    page.wait_for_selector(READY, state="attached", timeout=timeout)


def saved_game(page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))


def game_state(page) -> tuple:
    """What must survive a reload: the cards on the table and the move log."""
    return board(page), page.inner_text("#log")


def switch_language(page, code: str):
    """The rules dialog's language switch: the choice is remembered and the page reloads."""
    page.click("#btn-rules")
    with page.expect_navigation(timeout=BOOT_MS):
        page.select_option("#dlg-rules .lang-switch select", code)
    ready(page)


def wait_offline_ready(page):
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=BOOT_MS)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_MS)


def missed(request) -> list[str]:
    """A request that failed offline, less sw.js's own probe of the HTTP cache
    (``withCompiledCode``: ``only-if-cached``), which misses when the browser has let that
    copy go (a restart, a busy machine) and is then answered from the Cache API's copy."""
    probe = request.service_worker is not None and "ERR_CACHE_MISS" in (request.failure or "")
    return [] if probe else [f"{request.url} ({request.failure})"]


def test_offline_after_one_visit_and_after_a_restart(
    site_copy, serve, persistent_context, tmp_path, screenshot
):
    server, url = serve(site_copy)
    profile = tmp_path / "profile"
    context = persistent_context(profile)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url + "index.html" + QUERY)
    ready(page)
    start_new_game(page, opponent="ai")
    play_turn(page)  # the computer's worker answers, too
    wait_offline_ready(page)
    # and Python's snapshot for the returning visits (js/snapshot.js, e2e/test_snapshot.py)
    page.wait_for_selector('html[data-snapshot="stored"]', state="attached", timeout=BOOT_MS)
    cached = page.evaluate("""async () => {
        const names = await caches.keys();
        return (await (await caches.open(names[0])).keys()).map((r) => r.url); }""")
    expected = build.precache_list(site_copy)
    assert len(cached) == len(expected), "not every file of the game was precached"
    before = game_state(page)
    assert before[1].count("The computer played") == 1
    # sw.js keeps the HTTP validator of each checked copy, so that it can hand over the HTTP
    # cache's copy of a script or of Pyodide's WebAssembly (with the code the browser compiled
    # from it) when it is the same file, and its own copy otherwise.
    validator = page.evaluate("""async () => {
        const names = await caches.keys();
        const hit = await (await caches.open(names[0])).match("vendor/pyodide/pyodide.asm.wasm");
        return hit.headers.get("x-http-validator"); }""")
    assert validator and validator.startswith("modified "), validator

    server.stop()  # the network is gone
    with pytest.raises(OSError):
        urllib.request.urlopen(url + "index.html", timeout=5)
    failed, served = [], set()
    context.on("requestfailed", lambda r: failed.extend(missed(r)))
    context.on("requestfinished", lambda r: served.add(r.url))
    response = page.reload()
    assert response.from_service_worker
    ready(page)
    assert page.evaluate("document.documentElement.dataset.python") == "snapshot"
    assert game_state(page) == before, "the game in progress was not resumed offline"
    play_turn(page)
    assert page.inner_text("#log").count("The computer played") == 2
    after_first = game_state(page)
    screenshot(page, "pwa-offline-reload")
    # A language never shown before, offline: its catalogues (not fetched by the first visit)
    # come from the service worker's cache, Python's words too; and back.
    switch_language(page, "de")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.inner_text("#log").startswith("Neues Spiel"), page.inner_text("#log")[:80]
    assert page.inner_text("#log").count("Der Computer spielt ") == 2
    catalogues = {u.removeprefix(url) for u in served if "messages/" in u}
    assert {"engine/messages/de.json", "messages/de.json"} <= catalogues, catalogues
    assert not [u for u in catalogues if "fr.json" in u], "a language the page does not show"
    switch_language(page, "en")
    assert game_state(page) == after_first
    context.close()

    # Close the browser and open it again with the same profile, still offline; open the
    # folder URL, as the home-screen icon does (the manifest's start_url "./").
    context = persistent_context(profile)
    context.on("requestfailed", lambda r: failed.extend(missed(r)))
    context.on("requestfinished", lambda r: served.add(r.url))
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url + QUERY)
    ready(page)
    assert page.evaluate("document.documentElement.dataset.python") == "snapshot"
    assert game_state(page) == after_first
    play_turn(page)
    assert page.inner_text("#log").count("The computer played") == 3
    # A file the page had in the end is not missing: Chromium may abort one of two fetches of
    # the same file (ERR_ABORTED, seen once for pyodide.asm.wasm on a busy machine).
    # A part loaded on first use works offline: the replay, the puzzles and the two-device
    # play (js/duo.js and the rest, its Python in part-duo.zip, the QR code), never loaded
    # before, from the cache.
    assert not [u for u in served if LATER.search(u)]
    # The replay and the puzzles (their parts and scripts, the puzzles' file), never loaded
    # before, from the cache too.
    page.click("#btn-games")
    page.click("#games-replay")
    page.wait_for_selector("#replay-bar", state="visible")
    page.click("#replay-exit")
    page.click("#btn-games")
    page.click("#games-puzzles")
    page.wait_for_selector("#puzzle:not([hidden])", timeout=BOOT_MS)
    page.click("#puzzle-leave")
    page.wait_for_selector("#puzzle", state="hidden")
    for part in ("part-replay.zip", "part-puzzles.zip"):
        assert any(u.endswith(f"/{part}") for u in served), part
    page.click("#btn-new")
    page.check('#dlg-new input[name="opponent"][value="remote"]')
    page.fill('#dlg-new input[name="my_name"]', "Ann")
    page.click("#new-start")
    if page.inner_text("#new-start") == "Abandon and deal":  # the game in progress
        page.click("#new-start")
    page.wait_for_selector("#dlg-duo[open] #duo-link-set:not([hidden])")
    page.wait_for_selector("#dlg-duo[open] #duo-qr svg")
    assert "#m=" in page.input_value("#duo-link")
    assert any(u.endswith("/part-duo.zip") for u in served)
    # A request the browser cancelled (ERR_ABORTED: the page left, or a fetch of a link it
    # guessed at, rules.html once at load 8) is no miss when the game's cache holds the file.
    cached = {url + f for f in expected}
    missing = [
        f
        for f in failed
        if f.split(" (")[0] not in served
        and not ("ERR_ABORTED" in f and f.split(" (")[0] in cached)
    ]
    assert missing == [], f"requests failed offline: {missing}"
    screenshot(page, "pwa-offline-restart")


def test_update_offer_keeps_the_game_in_progress(site_copy, serve, browser, screenshot):
    """A new version offered and accepted: the game in progress goes on in it. Python's
    snapshot of the old build is used until then, and not after it: the new build starts
    as usual and stores its own (web/js/snapshot.js; the other refusals are
    e2e/test_snapshot.py's)."""
    _server, url = serve(site_copy)
    context = browser.new_context()  # Python's snapshots kept (no NO_SNAPSHOTS here)
    page = context.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(url + "index.html" + QUERY)
    ready(page)
    assert python_start(page) == "started"
    start_new_game(page, opponent="human")
    play_turn(page)  # South's whole turn; then the handover screen for North
    wait_offline_ready(page)
    page.wait_for_selector(SNAPSHOT_STORED, state="attached", timeout=BOOT_MS)
    old_build = snapshot_build(site_copy)
    before, saved_before = game_state(page), saved_game(page)
    old_version = page.evaluate("caches.keys()")
    assert len(old_version) == 1

    # A second version is deployed: a script changes (sw.js may hand over the HTTP cache's
    # copy of a script, but never the old one), build.py writes a new sw.js. (The styles are
    # in the page itself: sitebuild/styles.py.)
    script = site_copy / "pwa.js"
    script.write_text(script.read_text() + '\nwindow.stBuild = "second";\n')
    version = build.write_service_worker(site_copy)
    new_build = snapshot_build(site_copy)
    assert new_build != old_build

    page.reload()  # the browser checks sw.js on navigation and finds the new version
    ready(page)
    assert page.evaluate("window.stBuild") is None, "the new version must wait for the player"
    assert python_start(page) == "snapshot"  # the old version still serves this page
    assert game_state(page) == before
    banner = page.locator("#update-banner")
    banner.wait_for(state="visible", timeout=BOOT_MS)
    assert "new version" in banner.inner_text()
    screenshot(page, "pwa-update-offer")
    warnings.clear()
    with page.expect_navigation(timeout=BOOT_MS):
        page.click("#update-go")
    ready(page)
    assert page.evaluate("window.stBuild") == "second", "an old copy of a script was served"
    assert python_start(page) == "started"
    assert [w for w in warnings if "snapshot" in w] == [
        "Python snapshot: not used (made by another build), Python starts as usual."
    ]
    assert game_state(page) == before, "the update lost the game in progress"
    assert page.locator("#update-banner").count() == 0
    names = page.evaluate("caches.keys()")
    assert len(names) == 1 and names[0].endswith(":" + version), f"old caches left: {names}"
    assert saved_game(page) == saved_before
    # The new build's own snapshot, which its next visit starts from.
    page.wait_for_selector(SNAPSHOT_STORED, state="attached", timeout=BOOT_MS)
    assert page.evaluate(RECORD)["build"] == new_build
    page.reload()
    ready(page)
    assert python_start(page) == "snapshot"
    assert game_state(page) == before
    play_turn(page)  # and the game goes on in the new version (North's turn)
    assert saved_game(page) != saved_before
    context.close()


# ------------------------------------------------------------------ manifest and icons


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG, checking its signature, chunks, CRCs and pixel data."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, size = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body_ = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert zlib.crc32(kind + body_) == crc, f"bad CRC in {kind!r}"
        if kind == b"IHDR":
            size = struct.unpack(">II", body_[:8])
            assert body_[8:10] == b"\x08\x06", "expected 8-bit RGBA"
        elif kind == b"IDAT":
            idat += body_
        pos += 12 + length
    width, height = size
    assert len(zlib.decompress(idat)) == height * (1 + 4 * width)
    return width, height


def test_manifest_and_icons(site_url):
    dist = build.DIST
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    for field in (
        "name",
        "short_name",
        "start_url",
        "scope",
        "display",
        "theme_color",
        "background_color",
        "icons",
        "id",
    ):
        assert manifest.get(field), f"manifest: {field} missing"
    assert manifest["display"] == "standalone"
    assert not re.match(r"^(/|https?:)", manifest["start_url"]), "start_url must be relative"
    sizes = {}
    for icon in manifest["icons"]:
        path = dist / icon["src"]
        assert path.is_file(), icon["src"]
        assert icon["type"] == "image/png"
        width, height = png_size(path.read_bytes())
        assert icon["sizes"] == f"{width}x{height}", icon
        sizes.setdefault(icon.get("purpose", "any"), set()).add(width)
    assert {192, 512} <= sizes["any"] and 512 in sizes["maskable"], sizes
    assert png_size((dist / "icons/apple-touch-icon.png").read_bytes()) == (180, 180)
    # The browser's side, on the table's page: test_table_loads_and_plays_under_the_csp
    # (manifest_found_and_icons_decoded).


def manifest_found_and_icons_decoded(page, site_url) -> None:
    """The browser finds the manifest from the table's page and decodes every icon at its
    size (under the page's CSP)."""
    href = page.evaluate("document.querySelector('link[rel=manifest]').href")
    assert href == site_url + "manifest.webmanifest"
    got = page.evaluate(
        """async (href) => {
        const m = await (await fetch(href)).json();
        return Promise.all(m.icons.map((i) => new Promise((ok, bad) => {
            const img = new Image();
            img.onload = () => ok([i.sizes, `${img.naturalWidth}x${img.naturalHeight}`]);
            img.onerror = () => bad(new Error(i.src));
            img.src = new URL(i.src, href);
        }))); }""",
        href,
    )
    assert all(stated == decoded for stated, decoded in got), got


# ------------------------------------------------------------------ CSP and privacy


def test_every_page_has_a_strict_csp(site_url):
    pages = sorted(build.DIST.glob("*.html"))
    assert {"index.html", "embed.html", "rules.html", "bare.html", "smoke.html"} <= {
        p.name for p in pages
    }
    for page in pages:
        text = page.read_text()
        match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', text)
        assert match, f"{page.name}: no CSP meta tag"
        assert text.index(match.group(0)) < text.index("<script"), (
            f"{page.name}: CSP after a script"
        )
        policy = match.group(1)
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        assert directives["default-src"] == "'self'"  # covers the manifest, nothing foreign
        for refused in ("object-src", "base-uri", "form-action", "font-src", "media-src"):
            assert directives[refused] == "'none'", (page.name, refused)
        # Every directive known to Chromium, Firefox and WebKit alike: WebKit logs an error
        # for one it does not know (it did for manifest-src).
        assert set(directives) <= KNOWN_EVERYWHERE, set(directives) - KNOWN_EVERYWHERE
        assert not re.search(r"https?:|\*|'unsafe-inline'", policy), f"{page.name}: {policy}"


def test_table_loads_and_plays_under_the_csp_without_leaving_the_site(
    site_url, page, requests_log, screenshot
):
    """A first visit, served gzipped as GitHub Pages serves it: until its table is playable
    it fetches only what the first table needs (``_fetched_before_ready``); then it plays, opens
    the rules and caches every file under the page's CSP, with no violation, no error and no
    request leaving the site. One boot for both (site_url: build.DIST built)."""
    server = build.serve_in_thread(directory=build.DIST, prefix=SUB_PATH, gzip=True)
    try:
        _loads_and_plays_under_the_csp(page, build.url_of(server), requests_log, screenshot)
    finally:
        server.stop()


def _loads_and_plays_under_the_csp(page, url, requests_log, screenshot):
    errors = []
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
    page.add_init_script(CSP_PROBE)
    page.add_init_script(READY_AT)
    page.goto(url + "index.html" + QUERY)
    ready(page)
    _fetched_before_ready(page)
    start_new_game(page, opponent="ai", tactics=True)
    play_turn(page)  # starts the computer's PyScript worker
    page.click("#btn-rules")  # rules.html in an iframe: its inline style and script are hashed
    page.frame_locator("#rules-frame").locator("h1").wait_for()
    wait_offline_ready(page)  # sw.js registered, every file fetched into its cache
    manifest_found_and_icons_decoded(page, url)  # (test_manifest_and_icons: the files)
    assert page.evaluate("window.__csp") == []
    rules = next(f for f in page.frames if f.url.endswith("rules.html"))
    assert rules.evaluate("window.__csp") == []
    assert errors == []
    assert requests_log.foreign(url) == [], "requests left the site"
    # Less sw.js's probe of the HTTP cache (``missed``): only it asks ``only-if-cached``.
    assert [f for f in requests_log.failed if "ERR_CACHE_MISS" not in f] == []
    screenshot(page, "csp-table-with-rules")


def _fetched_before_ready(page) -> None:
    """What the first visit fetched until its table was playable: no part loaded on first
    use, no other language's catalogues, the first table's modules, within the budget."""
    page.wait_for_function("window.__readyAt !== undefined")
    fetched = page.evaluate("""() => performance.getEntriesByType("resource")
        .filter((e) => e.startTime <= window.__readyAt)
        .map((e) => [new URL(e.name).pathname, e.encodedBodySize])""")
    files: dict[str, int] = {}
    for path, size in fetched:
        name = path.removeprefix(SUB_PATH)
        files[name] = max(files.get(name, 0), size)  # a second fetch came from the HTTP cache
    listing = "\n".join(f"{size:9d} {name}" for name, size in sorted(files.items()))
    print(f"A first visit until its table is playable:\n{listing}\n{sum(files.values()):9d} in all")
    assert not [f for f in files if LATER.search(f)], listing
    assert not [f for f in files if OTHER_LANGUAGE.search(f)], listing
    assert {"engine/messages/en.json", "messages/en.json"} <= set(files), listing
    modules = {f.removeprefix("js/").removesuffix(".js") for f in files if f.startswith("js/")}
    assert modules == FIRST_TABLE_JS, (modules - FIRST_TABLE_JS, FIRST_TABLE_JS - modules)
    assert "game.zip" in files and "vendor/pyodide/pyodide.asm.wasm" in files
    assert sum(files.values()) <= FIRST_VISIT_BUDGET, listing
    # game.zip holds no module of a part (sitebuild/ship.py PARTS: the two-device play, the
    # lessons, the replay with the review and the game links, the puzzles), as served
    served = page.request.get(page.url.split("index.html")[0] + "game.zip").body()
    with zipfile.ZipFile(io.BytesIO(served)) as archive:
        names = archive.namelist()
    later = [n for n in names if part_of(n.removesuffix("c"))]
    assert later == [], f"game.zip holds modules loaded on first use: {later}"
    assert {"session.pyc", "replay.pyc"} <= set(names)
