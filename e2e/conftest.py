"""Browser-test fixtures: Debian Chromium via pytest-playwright, and the built site served
on 127.0.0.1 under a sub-path (like GitHub Pages' /repo/), so root-absolute URLs fail.

    site_url        session: builds dist/ once, serves it, yields "http://127.0.0.1:P/schotten-totten/"
    base_url        same URL, so page.goto("index.html") also works
    requests_log    RequestLog of every request the test's browser context made
    screenshot      screenshot(page, "name") -> artifacts/screenshots/name.jpg
    wait_ready      wait_ready(page) waits for body[data-ready="1"] (the pages' ready flag)
    site_copy       a private copy of the built site (a folder), for tests that change files
    serve           serve(folder, prefix=SUB_PATH) -> (server, url) on a new port; server.stop()
                    takes it away at once (offline); all are stopped after the test
    persistent_context  persistent_context(profile) launches Chromium with an on-disk profile
                    (service workers and caches survive a restart: launch it again);
                    ``service_workers="block"`` for one that does not play offline
    shared_page     module: one page for a file's tests (a file overrides ``page`` with it);
                    tools.table.open_or_take_over loads each test's save without a boot

Without /usr/bin/chromium (or $CHROMIUM_PATH) the browser tests are skipped, except when CI
is set: there they fail, so a CI machine without a browser cannot pass by skipping.

Contexts block the game's service worker (``browser_context_args``): a test of offline play
or updates allows it with ``@pytest.mark.browser_context_args(service_workers="allow")``.

A new screen: add it to the screen walk, e2e/test_every_screen.py (its docstring says how;
docs/web.md, "Every screen, every size"). There it is looked at in every size and language
with the geometry check, axe, "no English left" and a screenshot, with no page boot of its
own when it is reached from a scene's page. Wait for conditions (a selector, a page flag,
``tools.table.at_rest``), never for a fixed time.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
SUB_PATH = "/schotten-totten/"
READY = 'body[data-ready="1"]'
BOOT_TIMEOUT_MS = 60_000  # PyScript boot takes 2-4 s here; leave room for a busy CI machine


sys.path.insert(0, str(ROOT))
import build  # repo-root build.py: standard library only
from e2e import crashed_pages
from e2e.missing_modules import SAID, watch_context
from tools.chromium import CHROMIUM, CHROMIUM_ARGS, LIFTOFF_ONLY, NO_SNAPSHOTS

# The quick loop (`bash scripts/test.sh -m "not slow"`, README) keeps these browser tests: the
# pages boot offline, a turn is played, handed over and refused, a match goes on to its end.
# Every other browser test is marked slow here, new ones too, so the loop stays quick as the
# suite grows (each test boots Pyodide in a new page; many play whole games or every screen).
QUICK = {"test_smoke.py", "test_turns.py", "test_match.py"}


# The longest test files, in seconds of one worker's time (a full run's `--durations=0`,
# summed by file: session 26's last run, on a day this machine ran slow; the order is what
# counts). scripts/test.sh hands the suite to two workers a file at a time (`--dist
# loadgroup`, each file its own group) in the order collected, which this puts longest
# first: the long browser files start at once and the many short files fill in at the end,
# so that neither worker is left with a long file while the other has finished. Files not
# named here keep their place after these. A file whose tests share nothing may give its
# tests groups of their own (the screen walk: a group per language).
LONGEST_FIRST = {
    "e2e/test_every_screen.py": 529,
    "e2e/test_duo_browser.py": 199,
    "e2e/test_games.py": 142,
    "e2e/test_axe.py": 119,
    "e2e/test_ai_browser.py": 108,
    "e2e/test_snapshot.py": 108,
    "e2e/test_webkit.py": 107,
    "e2e/test_pwa.py": 93,
    "e2e/test_german.py": 93,
    "e2e/test_tutorial.py": 85,
    "e2e/test_embed.py": 79,
    "e2e/test_keyboard.py": 55,
    "tests/test_duo.py": 55,
    "e2e/test_ai_first_move.py": 52,
    "e2e/test_quick.py": 48,
    "e2e/test_save_conflict.py": 48,
    "e2e/test_game_links.py": 45,
    "e2e/test_first_paint.py": 45,
    "e2e/test_layout.py": 44,
    "e2e/test_tactic_flows.py": 43,
    "e2e/test_replay.py": 43,
    "e2e/test_worker_snapshot.py": 41,
    "e2e/test_firefox.py": 40,
    "e2e/test_game_review.py": 35,
    "tests/test_ai.py": 34,
    "e2e/test_claims_saves.py": 33,
    "e2e/test_german_refusals.py": 33,
    "tests/test_remote_games.py": 32,
    "e2e/test_sound.py": 31,
    "tests/test_duo_games.py": 29,
    "tests/test_random_play.py": 26,
    "e2e/test_smoke.py": 26,
    "e2e/test_embed_preview.py": 23,
    "e2e/test_turns.py": 21,
    "e2e/test_a11y_tree.py": 17,
    "e2e/test_match.py": 17,
    "tests/test_soak.py": 17,
    "e2e/test_french.py": 16,
    "tests/test_barca.py": 16,
    "tests/test_remote_takeback.py": 15,
    "tests/test_shared_search.py": 15,
    "e2e/test_puzzle_screen.py": 13,
    "tests/test_remote_saves.py": 13,
    "tests/test_endgame.py": 13,
    "tests/test_remote_record.py": 12,
}


def pytest_configure(config):
    config.pluginmanager.register(crashed_pages, "crashed_pages")


@pytest.hookimpl(tryfirst=True)  # before xdist's, which reads the groups given here
def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.parent == ROOT / "e2e" and item.path.name not in QUICK:
            item.add_marker(pytest.mark.slow)
        if not item.get_closest_marker("xdist_group"):  # a file is a group: its fixtures
            item.add_marker(pytest.mark.xdist_group(_file_of(item)))
    items.sort(key=lambda item: -LONGEST_FIRST.get(_file_of(item), 0))  # stable


def _file_of(item) -> str:
    return item.path.relative_to(ROOT).as_posix()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright hook: launch Debian's Chromium (never a Playwright download)."""
    if not os.path.exists(CHROMIUM):
        message = f"{CHROMIUM} is missing: run scripts/install-test-deps.sh"
        if os.environ.get("CI"):
            pytest.fail(f"CI is set and {message}", pytrace=False)
        pytest.skip(message)
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": browser_type_launch_args.get("headless", True),  # --headed still works
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }


def build_once() -> None:
    """Build dist/ once per test run. Under pytest-xdist (scripts/test.sh runs two workers)
    each worker has its own session: the first to take the lock builds, and the others find
    the run's mark and serve that build, so no worker's server sees dist/ swapped under it."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:
        build.build(quiet=True, dev_pages=True)
        return
    lock = ROOT / ".dist.lock"
    with open(lock, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file closes
        mark = ROOT / ".dist.test-run"  # beside dist/: never in the site
        if mark.is_file() and mark.read_text() == run:
            return
        build.build(quiet=True, dev_pages=True)
        mark.write_text(run)


@pytest.fixture(scope="session")
def site_url():
    """Build dist/ once per run (~0.1 s plus npm ci if needed) and serve it."""
    try:
        build_once()
    except build.BuildError as exc:
        pytest.fail(f"build.py failed: {exc}", pytrace=False)
    server = build.serve_in_thread(port=0, prefix=SUB_PATH)
    yield build.url_of(server)
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser(launch_browser, browser_type_launch_args, request):
    """A Chromium per test file rather than per worker (pytest-playwright's is the session's):
    twice in full runs (CI on 2026-11-27 and session 17's), after a quarter of an hour every
    new page of one worker's browser crashed while booting, test after test, with memory to
    spare. A fresh browser per file (about 0.3 s to launch) keeps one file's trouble in it.

    Its V8 runs without TurboFan (tools/chromium.py ``LIFTOFF_ONLY``) but in a file marked
    ``full_speed`` (``pytestmark = pytest.mark.full_speed``): one that measures how fast the
    page or the computer's worker does its work. (``persistent_context``'s browsers too.)"""
    browser = launch_browser(args=_v8_args(browser_type_launch_args, request))
    yield browser
    browser.close()


def _v8_args(launch_args: dict, request) -> list[str]:
    """The browser's flags, with LIFTOFF_ONLY unless the file is marked ``full_speed``."""
    args = launch_args.get("args", [])
    return args if request.node.get_closest_marker("full_speed") else [*args, LIFTOFF_ONLY]


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """pytest-playwright's context options, with the game's service worker blocked: a first
    visit's worker fetches and stores every file of the site (about 1 CPU second of a page
    boot's 5, docs/performance.md), which a test of the table does not need. A test of
    offline play or updates asks for it: ``@pytest.mark.browser_context_args(
    service_workers="allow")`` (the closest marker wins: repeat the file's other options)."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def base_url(site_url):
    """Overrides pytest-base-url's fixture: relative page.goto() targets the served site."""
    return site_url


class RequestLog:
    """Every URL requested by a browser context (pages and their workers)."""

    def __init__(self, context):
        self.urls: list[str] = []
        self.failed: list[str] = []
        context.on("request", lambda r: self.urls.append(r.url))
        context.on("requestfailed", lambda r: self.failed.append(f"{r.url} ({r.failure})"))

    def foreign(self, site_url: str, *also: str) -> list[str]:
        """Requests that left the site (and the `also` URLs, e.g. a test's host page):
        another origin, or outside the sub-path."""
        sites = [urlsplit(u) for u in (site_url, *also)]
        out = []
        for url in self.urls:
            parts = urlsplit(url)
            if parts.scheme in ("data", "blob"):
                continue  # in-page resources (PyScript runs workers from blob: URLs)
            if not any(parts.netloc == s.netloc and parts.path.startswith(s.path) for s in sites):
                out.append(url)
        return out


@pytest.fixture
def requests_log(context):
    return RequestLog(context)


@pytest.fixture
def site_copy(site_url, tmp_path) -> Path:
    """A copy of the built dist/ that the test may change (e.g. to make a new version)."""
    copy = tmp_path / "site"
    shutil.copytree(build.DIST, copy)
    return copy


@pytest.fixture
def serve():
    """serve(folder, prefix=SUB_PATH) -> (server, url): a server of its own, on a new port."""
    servers = []

    def start(directory: Path, prefix: str = SUB_PATH):
        server = build.serve_in_thread(port=0, directory=directory, prefix=prefix)
        servers.append(server)
        return server, build.url_of(server)

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def persistent_context(browser_type, browser_type_launch_args, tmp_path, request):
    """persistent_context(profile=None, **options) -> a Chromium context with an on-disk
    profile; ``options`` are Playwright's (``service_workers="block"``: the game's service
    worker allowed only where a test plays offline or updates, as ``browser_context_args``).

    Closing it and launching again with the same profile folder is a browser restart."""
    contexts = []

    launch_args = {**browser_type_launch_args, "args": _v8_args(browser_type_launch_args, request)}

    def launch(profile: Path | None = None, **options):
        context = browser_type.launch_persistent_context(
            str(profile or tmp_path / "profile"), **launch_args, **options
        )
        context.set_default_timeout(BOOT_TIMEOUT_MS // 2)
        watch_context(context)
        contexts.append(context)
        return context

    yield launch
    for context in contexts:
        with contextlib.suppress(Exception):  # already closed by the test
            context.close()


# The screenshots are for people to look at (no test compares their pixels): JPEG at this
# quality keeps every word legible, and Chromium encodes it about four times as fast as PNG
# (a full-page PNG of the desktop table took 0.3-1.5 s; the screen walk takes one at every
# size of every screen in English).
JPEG_QUALITY = 90


@pytest.fixture
def screenshot():
    """screenshot(page, name): save artifacts/screenshots/<name>.jpg and return its path."""

    def take(page, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.jpg"
        # A frame is needed: a page whose main thread is still starting Python gives none
        # until it is done (a first visit's welcome, beside a busy worker: over 30 s once).
        page.screenshot(
            path=str(path),
            full_page=True,
            type="jpeg",
            quality=JPEG_QUALITY,
            timeout=BOOT_TIMEOUT_MS,
        )
        return path

    return take


@pytest.fixture
def wait_ready():
    def wait(page, timeout_ms: int = BOOT_TIMEOUT_MS):
        page.wait_for_selector(READY, state="attached", timeout=timeout_ms)

    return wait


def _keep_no_snapshots(context, request) -> None:
    if request.node.get_closest_marker("python_snapshots") is None:
        context.add_init_script(NO_SNAPSHOTS)


@pytest.fixture
def new_context(new_context):
    """pytest-playwright's new_context (its ``context`` fixture's too), each context's pages
    watched for a module missing (``no_module_missing``)."""

    def make(**options):
        context = new_context(**options)
        watch_context(context)
        return context

    return make


@pytest.fixture(autouse=True)
def no_module_missing():
    """No page of the test's contexts, nor a worker of theirs, said a module was missing:
    every path a browser test takes checks the trimmed standard library (e2e/missing_modules.py;
    e2e/test_trimmed_stdlib.py checks the archive itself)."""
    SAID.clear()
    yield
    assert SAID == [], "a module was missing:\n" + "\n".join(SAID)


@pytest.fixture
def context(context, request):
    """pytest-playwright's context, keeping no Python snapshot (``NO_SNAPSHOTS``)."""
    _keep_no_snapshots(context, request)
    return context


@pytest.fixture
def page(page):
    """pytest-playwright's page, with what its console said in errors kept for a failure's
    report (an exception in a redraw shows there, not in the assertion that follows it)."""
    _keep_console(page)
    return page


def _keep_console(page) -> list[str]:
    said: list[str] = []
    page.on("pageerror", lambda e: said.append(f"pageerror: {e}"))
    page.on("console", lambda m: m.type == "error" and said.append(f"console: {m.text}"))
    page.console_said = said
    return said


@pytest.fixture(scope="module")
def shared_page(browser, browser_context_args, request):
    """One page for a whole test file, in a context of its own (the module's
    ``browser_context_args`` marker applies): a file whose tests each look at a position
    opens its table once and loads the next test's save with ``tools.table.open_or_take_over``
    (the game's own take-over, no boot), instead of a Pyodide boot per test (4-5 s of CPU
    each). A file opts in by overriding ``page`` with it; each test leaves the page usable
    (no dialog open, the default window size), or reloads it. A page that crashed stays
    crashed: the file's later tests fail (e2e/crashed_pages.py runs only a test whose own
    page crashed again with success)."""
    marker = next(request.node.iter_markers("browser_context_args"), None)
    context = browser.new_context(**{**browser_context_args, **(marker.kwargs if marker else {})})
    _keep_no_snapshots(context, request)
    watch_context(context)
    page = context.new_page()
    _keep_console(page)
    yield page
    context.close()


def _machine_now() -> str:
    """Memory and load when a browser page crashed (a renderer killed for memory, or a bug of
    the page's own: these lines tell which), and the processes holding the most memory."""
    lines = [Path("/proc/loadavg").read_text().strip()]
    meminfo = Path("/proc/meminfo").read_text().splitlines()
    lines += [line for line in meminfo if line.startswith(("MemTotal", "MemAvailable"))]
    sizes = []
    for status in Path("/proc").glob("[0-9]*/status"):
        with contextlib.suppress(OSError):
            fields = dict(
                line.split(":", 1) for line in status.read_text().splitlines() if ":" in line
            )
            if "VmRSS" in fields:
                sizes.append((int(fields["VmRSS"].split()[0]), fields["Name"].strip()))
    lines += [f"{kb // 1024:>6} MB  {name}" for kb, name in sorted(sizes, reverse=True)[:8]]
    return "\n".join(lines)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """On a failed browser test, keep a screenshot of its page and what its console said."""
    outcome = yield
    report = outcome.get_result()
    funcargs = getattr(item, "funcargs", {})
    page = funcargs.get("page") or funcargs.get("shared_page")
    if report.failed and page is not None:
        page.e2e_failed = True  # a shared page is loaded afresh for the next test
    if report.failed and "crashed" in str(report.longrepr):
        report.sections.append(("the machine when the page crashed", _machine_now()))
    if report.failed and call.when == "call" and page is not None:
        said = getattr(page, "console_said", [])
        report.sections.append(("browser console", "\n".join(said[-40:]) or "(nothing)"))
        try:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"FAILED-{item.name}.png"), full_page=True)
        except Exception as exc:  # noqa: BLE001  the page may be gone; the failure matters
            print(f"no failure screenshot: {exc}")
