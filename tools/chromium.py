"""How the browser tests and benchmarks start Debian's Chromium (one place for all of them).

The flags: no GPU, no background traffic, and a DNS that resolves nothing but localhost,
so any request to another host fails fast instead of reaching the network.
"""

import contextlib
import os

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]

# The browser tests' V8 without its optimising compiler (TurboFan): WebAssembly and scripts
# run as Liftoff and Sparkplug first compile them. A page boot then costs about 1 CPU second
# fewer of its 5 (most of it TurboFan recompiling Pyodide's hot functions in the
# background, which a test's short page seldom gains from), and on a loaded machine the
# browser files took less CPU in all (docs/performance.md, "V8 without TurboFan in the
# browser tests", session 25). What the page does is the same, only slower to compute, so
# the files that measure the page's speed keep the optimising compiler: they are marked
# ``full_speed`` (e2e/conftest.py ``browser``). Players' browsers run as usual.
LIFTOFF_ONLY = "--js-flags=--liftoff-only"

# A page's first visit makes a Python snapshot for the next (web/js/snapshot.js): about one
# CPU second of a boot's five or six, for a visit a test seldom makes. The browser tests'
# contexts keep none (IndexedDB refuses the snapshot's database, the fall-back a browser
# that blocks storage gets: Python starts as usual), except in files marked
# ``python_snapshots`` (e2e/test_pwa.py) and in ``persistent_context``'s browsers
# (e2e/test_snapshot.py), which test the snapshot itself (e2e/conftest.py;
# bench/boot_cpu.py measures the difference).
NO_SNAPSHOTS = """(() => {
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (name, ...rest) {
    if (name === "schotten-totten.python") {
      throw new DOMException("the browser tests keep no Python snapshot", "SecurityError");
    }
    return open.call(this, name, ...rest);
  };
})();"""


@contextlib.contextmanager
def table_page(query: str, timeout_ms: int = 180_000):
    """The built site (dist/) served on a free port and opened in Chromium at
    ``index.html?<query>``; yields the page once the table is ready."""
    from playwright.sync_api import sync_playwright

    import build  # repo-root build.py (the caller puts the root on sys.path)

    server = build.serve_in_thread(port=0, prefix="/schotten-totten/")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                page = browser.new_page()
                page.set_default_timeout(timeout_ms)
                page.goto(build.url_of(server) + "index.html?" + query)
                page.wait_for_selector('body[data-ready="1"]', state="attached")
                yield page
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
