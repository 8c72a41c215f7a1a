"""Python from a memory snapshot on a returning visit (web/js/snapshot.js), and every way it
falls back to the usual start: a snapshot of another build, one cut short or damaged, none
in an embed (a new build after an update: e2e/test_pwa.py's update test). Each test serves a
private copy of the site and keeps its browser profile on disk (the snapshot is stored in
IndexedDB), with the service worker blocked (none plays offline).

<html data-python> says how Python started ("snapshot" or "started"); <html
data-snapshot="pending"> from then that the visit will store one, "stored" that it has (once
the table is playable): with neither, none is coming.
"""

from __future__ import annotations

import re

from tools.table import QUERY, READY, SAVE_KEY, board, play_turn, start_new_game, take_device

BOOT_MS = 60_000

STORED = 'html[data-snapshot="stored"]'

# The stored record, as the page keeps it (web/js/snapshot.js: database, store, key).
RECORD = """async (change) => {
  const db = await new Promise((ok, bad) => {
    const r = indexedDB.open("schotten-totten.python", 1);
    r.onsuccess = () => ok(r.result); r.onerror = () => bad(r.error);
  });
  const store = (mode) => db.transaction("snapshot", mode).objectStore("snapshot");
  const record = await new Promise((ok) => { const q = store("readonly").get("main");
    q.onsuccess = () => ok(q.result); });
  if (record && change) {
    if (change === "build") record.build = "0123456789abcdef";
    if (change === "cut") {   // half-written: its size says so
      record.memory = record.memory.slice(0, record.size >> 1);
    }
    if (change === "damaged") {   // the same size, one byte in the middle of it changed
      const bytes = new Uint8Array(await record.memory.arrayBuffer());
      bytes[bytes.length >> 1] ^= 0xff;
      record.memory = new Blob([bytes]);
    }
    if (change === "forged") {   // a whole record, digest and all, of damaged memory
      const bytes = new Uint8Array(await record.memory.arrayBuffer());
      bytes[12] ^= 0xff;   // the packing's header: the first page's number
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      record.sha256 = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
      record.memory = new Blob([bytes]);
    }
    const tx = db.transaction("snapshot", "readwrite");
    tx.objectStore("snapshot").put(record, "main");
    await new Promise((ok, bad) => { tx.oncomplete = ok; tx.onerror = () => bad(tx.error); });
  }
  db.close();
  return record ? {build: record.build, size: record.size, blob: record.memory.size} : null;
}"""


def ready(page):
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)


def python_start(page) -> str | None:
    return page.evaluate("document.documentElement.dataset.python ?? null")


def snapshot_build(site) -> str:
    return re.search(r'^const BUILD = "(\w+)";', (site / "js/snapshot.js").read_text(), re.M)[1]


def first_visit(context, url: str):
    """Open the game, deal against a friend and play a turn; wait until the snapshot is
    stored. Returns the page and what the table showed."""
    page = context.pages[0] if context.pages else context.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.warnings = warnings  # type: ignore[attr-defined]
    page.goto(url + "index.html" + QUERY)
    ready(page)
    assert python_start(page) == "started"
    start_new_game(page, opponent="human")
    play_turn(page)
    page.wait_for_selector(STORED, state="attached", timeout=BOOT_MS)
    return page


def test_a_returning_visit_boots_from_the_snapshot(site_copy, serve, persistent_context, tmp_path):
    """On one device (a profile), one visit after another: a blog's embed first, which makes
    no snapshot (``embed_makes_none``); the game's first visit stores a snapshot of this
    build; the browser restarted, the game starts from it, resumes the saved game and plays
    on; a new game is dealt afresh. Then the snapshots it must refuse
    (``refused_one_after_another``), and the embed starting from the game's snapshot. (One
    first visit for all: each is a Python start and a snapshot made, the longest part of a
    visit.) A new build's own snapshot after an update: e2e/test_pwa.py's update test."""
    _, url = serve(site_copy)
    profile = tmp_path / "profile"
    context = persistent_context(profile, service_workers="block")
    embed = embed_makes_none(context, url)
    page = first_visit(context, url)
    record = page.evaluate(RECORD)
    assert record["build"] == snapshot_build(site_copy)
    # the memory without its all-zero pages: well under the 31 MB Pyodide's memory takes
    assert record["size"] == record["blob"] and 4e6 < record["size"] < 30e6, record
    before, saved = board(page), page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    assert not [w for w in page.warnings if "snapshot" in w]
    context.close()

    context = persistent_context(profile, service_workers="block")
    page = context.pages[0] if context.pages else context.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(url + "index.html" + QUERY)
    ready(page)
    assert python_start(page) == "snapshot", (warnings, page.evaluate(RECORD))
    assert board(page) == before and page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved
    play_turn(page)  # the engine of the snapshot applies it, and saves
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") != saved
    assert sum(map(len, (c for lane in board(page) for c in lane))) == 2
    # The computer's first move, from the AI modules the snapshot imported.
    take_device(page)
    start_new_game(page, opponent="ai", starter="1")
    page.wait_for_function(
        "document.body.dataset.toMove === '0' && !document.body.classList.contains('ai-thinking')",
        timeout=BOOT_MS,
    )
    assert sum(map(len, (c for lane in board(page) for c in lane))) == 1
    assert not [w for w in warnings if "snapshot" in w], warnings
    # It makes no new snapshot: it had one (none pending since Python started).
    assert page.evaluate("document.documentElement.dataset.snapshot ?? null") is None
    # Then snapshots this build must not use, on this device (no first visit of their own).
    page.warnings = warnings  # type: ignore[attr-defined]
    refused_one_after_another(page, site_copy)
    # Once the game has stored a snapshot on this device, the embed's Python starts from it.
    page.goto(embed)
    page.click("#preview-play")
    ready(page)
    assert python_start(page) == "snapshot"
    play_turn(page)


# How the page's record is spoilt (RECORD's ``change``), and what the console then says.
REFUSALS = [
    ("build", "made by another build"),
    ("cut", "cut short"),
    ("damaged", "damaged"),
    ("forged", "damaged"),
]


def refused_one_after_another(page, site) -> None:
    """Another build's snapshot, one cut short, one with a byte changed, or one whose
    packing is wrong under a good digest: the page starts Python as usual, says so in one
    console line and nothing on the page, resumes the game as it was and stores a new one.
    The four one after the other on ``page`` (its console's warnings in ``page.warnings``),
    each spoiling the snapshot the one before stored."""
    for change, said in REFUSALS:
        before, saved = board(page), page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
        page.evaluate(RECORD, change)
        page.warnings.clear()
        page.reload()
        ready(page)
        assert python_start(page) == "started", change
        lines = [w for w in page.warnings if "snapshot" in w]
        # The saved game is against the computer, whose worker may start and read the record
        # before the page has refused and forgotten it (CI, under load): it then says the
        # same in a line of its own (e2e/test_worker_snapshot.py).
        worker = f"Python snapshot: not used by the computer's worker ({said}), its Python"
        assert [w for w in lines if not w.startswith(worker)] == [
            f"Python snapshot: not used ({said}), Python starts as usual."
        ], lines
        assert lines.count(f"{worker} starts as usual.") <= 1, lines
        assert board(page) == before, change
        assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved, change
        assert page.locator("#loading-error").is_hidden(), change
        assert page.locator("#toast").is_hidden(), change
        play_turn(page)
        # a new one replaces it, and the next visit starts from that
        page.wait_for_selector(STORED, state="attached", timeout=BOOT_MS)
        assert page.evaluate(RECORD)["build"] == snapshot_build(site), change
        page.reload()
        ready(page)
        assert python_start(page) == "snapshot", change


def test_without_storage_python_starts_as_usual(site_copy, serve, persistent_context, tmp_path):
    """A page that may not open IndexedDB (a blocked embed, some private windows): the usual
    start, one console line, and the game plays."""
    _, url = serve(site_copy)
    context = persistent_context(tmp_path / "profile", service_workers="block")
    context.add_init_script(
        "IDBFactory.prototype.open = () => { throw new DOMException('no', 'SecurityError'); };"
    )
    page = context.pages[0] if context.pages else context.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(url + "index.html" + QUERY)
    ready(page)
    assert python_start(page) == "started"
    start_new_game(page, opponent="human")
    play_turn(page)
    assert page.evaluate("document.documentElement.dataset.snapshot ?? null") is None
    lines = [w for w in warnings if "snapshot" in w]
    assert lines == ["Python snapshot: none here (SecurityError), Python starts as usual."]


def test_a_full_storage_loses_nothing(site_copy, serve, persistent_context, tmp_path):
    """IndexedDB refuses to store the snapshot (storage full): one console line, the game
    plays and saves as ever, and the next visit starts Python as usual."""
    _, url = serve(site_copy)
    context = persistent_context(tmp_path / "profile", service_workers="block")
    context.add_init_script(
        "IDBObjectStore.prototype.put = () => { throw new DOMException('full', "
        "'QuotaExceededError'); };"
    )
    page = context.pages[0] if context.pages else context.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(url + "index.html" + QUERY)
    ready(page)
    start_new_game(page, opponent="human")
    play_turn(page)
    page.wait_for_selector('html[data-snapshot="failed"]', state="attached", timeout=BOOT_MS)
    lines = [w for w in warnings if "snapshot" in w]
    assert lines == ["Python snapshot: not saved (QuotaExceededError: full)."], lines
    before = board(page)
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    page.reload()
    ready(page)
    assert python_start(page) == "started"
    assert board(page) == before


def embed_makes_none(context, url: str) -> str:
    """A blog's embed (preview, then Play) on a device with no snapshot: Python starts as
    usual, and the embed stores nothing of its own. Returns the embed's address."""
    page = context.pages[0] if context.pages else context.new_page()
    embed = url + "embed.html?preview=1&save=post"
    page.goto(embed)
    page.click("#preview-play")
    ready(page)
    assert python_start(page) == "started"
    # None pending (it would be told when Python started), none stored.
    assert page.evaluate("document.documentElement.dataset.snapshot ?? null") is None
    assert page.evaluate(RECORD) is None
    return embed
