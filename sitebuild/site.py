"""The whole site written into a folder, and ``build()``: dist/ replaced by a fresh one."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

from . import catalogues
from .bytecode import compiled_zip
from .docstrings import minify_python
from .icons import write_icons, write_manifest
from .js_comments import without_comment_lines
from .lesson import write_first_lesson
from .pages import add_csp, write_dev_pages, write_early, write_embed_page
from .paths import DIST, ROOT, WEB, BuildError, copy, log
from .service_worker import write_service_worker
from .ship import (
    ENTRY_SCRIPTS,
    GAME_ARCHIVE,
    LANGUAGE_LIST,
    NOT_IN_BROWSER,
    PARTS,
    SW_TEMPLATE,
    WEB_CONFIG,
    part_archive,
    part_of,
    shipped_files,
)
from .styles import inline_styles
from .vendor import PYODIDE_DIR, RUNTIME_CONFIG, ensure_node_modules, write_runtime

CONFIG_JS = "js/config.js"  # what the build chose, read by the page (web/js/config.js)
STUN_URL = re.compile(r"stuns?:[A-Za-z0-9.-]+(:\d{1,5})?")


def check_stun(url: str | None) -> str | None:
    """The STUN server's URL as the build takes it (``stun:host[:port]``), or ``None``;
    a ``BuildError`` for anything else (it is written into a script)."""
    if url is None or url == "":
        return None
    if not STUN_URL.fullmatch(url):
        raise BuildError(f"--stun wants stun:HOST[:PORT], not {url!r}")
    return url


def write_config(out: Path, stun: str | None) -> None:
    """js/config.js with the build's choices: the STUN server the page offers (or none)."""
    path = out / CONFIG_JS
    text = path.read_text(encoding="utf-8")
    line = f"export const STUN = {json.dumps(stun)};"
    text, n = re.subn(r"^export const STUN = .*;$", line, text, flags=re.M)
    if n != 1:
        raise BuildError(f"{CONFIG_JS}: no `export const STUN = ...;` line to set")
    path.write_text(text, encoding="utf-8")


def write_site(out: Path, dev_pages: bool = False, stun: str | None = None) -> list[str]:
    """Write the whole site into the empty folder out; return the `files` URLs.

    stun: the STUN server the page offers ("stun:host:port"; written into js/config.js), or
    None: the page offers none and connects live on the same network only.

    dev_pages: also the development pages (bare.html, smoke.html) and what only they load
    (Pyodide's full standard library and lock file, pyscript-smoke.json), for the browser
    tests and the benchmarks; the deployed site has none of them (sitebuild/pages.py)."""
    write_runtime(out, full_stdlib=dev_pages)
    py_files: list[str] = []
    modules: dict[str, Path] = {}
    parts: dict[str, dict[str, Path]] = {name: {} for name in PARTS}
    for f in shipped_files():
        if f.url in NOT_IN_BROWSER:
            continue
        if f.python and f.url.endswith(".py") and f.url not in ENTRY_SCRIPTS:
            part = part_of(f.url)  # compiled into GAME_ARCHIVE or a part's archive below
            (parts[part] if part else modules)[f.url] = f.src
            continue
        copy(f.src, out / f.url)
        if f.src.suffix in (".py", ".js") and not f.url.startswith("vendor/"):
            # Without docstrings and comments (Python), whole-line comments (the site's own
            # scripts): a third fewer bytes.
            mtime = f.src.stat().st_mtime
            text = f.src.read_text(encoding="utf-8")
            shrink = minify_python if f.src.suffix == ".py" else without_comment_lines
            (out / f.url).write_text(shrink(text))
            os.utime(out / f.url, (mtime, mtime))  # the same Last-Modified on every build
        if f.python:
            py_files.append(f.url)
    if (out / CONFIG_JS).is_file():
        write_config(out, check_stun(stun))
    web_config: dict = {}
    if (WEB / WEB_CONFIG).is_file():
        web_config = json.loads((WEB / WEB_CONFIG).read_text())
    # `files`: URL (relative to pyscript.json, i.e. the site root) -> path in the virtual FS
    # (relative to the interpreter's cwd, which is on sys.path, so `import engine` works and
    # engine/messages/en.json and messages/en.json sit next to the modules that read them).
    config = {**web_config, **RUNTIME_CONFIG}
    # The modules come as one archive of bytecode, unpacked into the cwd ("./*": PyScript
    # unpacks an archive whose target ends so): one request instead of 36, nothing to compile.
    # With them the list of the languages: Python has not every catalogue (engine/words.py).
    with tempfile.TemporaryDirectory() as tmp:
        listing = Path(tmp) / "languages.json"
        listing.write_text(json.dumps(catalogues.languages()) + "\n")
        modules[LANGUAGE_LIST] = listing
        shutil.copy2(
            compiled_zip(PYODIDE_DIR, files=modules, strip_lines=True, what="the game's modules"),
            out / GAME_ARCHIVE,
        )
    for name, files in parts.items():  # not in `files`: fetched on first use (js/part.js)
        shutil.copy2(
            compiled_zip(PYODIDE_DIR, files=files, strip_lines=True, what=f"the {name} part"),
            out / part_archive(name),
        )
    config["files"] = {
        **web_config.get("files", {}),
        f"./{GAME_ARCHIVE}": "./*",
        **{f"./{p}": f"./{p}" for p in py_files},
    }
    (out / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n")
    if dev_pages:
        smoke = {k: v for k, v in config.items() if k not in ("stdlib", "lockfile")}
        # every engine module, those of the parts loaded on first use too (engine/remote)
        smoke["files"] = {**config["files"], **{f"./{part_archive(n)}": "./*" for n in PARTS}}
        (out / "pyscript-smoke.json").write_text(json.dumps(smoke, indent=2) + "\n")
        write_dev_pages(out)
    # GitHub Pages runs Jekyll unless told not to, and Jekyll drops `_*` files: __init__.py.
    # (The Actions deployment in .github/workflows/pages.yml skips Jekyll anyway.)
    (out / ".nojekyll").write_text("")
    if (out / "index.html").is_file():
        write_early(out)
        inline_styles(out)
        write_first_lesson(out)
        write_embed_page(out)
        write_icons(out)
        write_manifest(out)
    for page in sorted(out.glob("*.html")):
        add_csp(page)
    if SW_TEMPLATE.is_file():
        write_service_worker(out)
    return py_files


def build(quiet: bool = False, dev_pages: bool = False, stun: str | None = None) -> Path:
    """Build dist/ from scratch and return its path (dev_pages, stun: see write_site; the
    browser tests and benchmarks build with dev pages, `python build.py` and the deployment
    without)."""
    check_stun(stun)
    ensure_node_modules()
    # Build next to dist/ and swap it in, so a server running from dist/ never sees half a
    # site and two concurrent builds cannot mix their files.
    tmp = Path(tempfile.mkdtemp(prefix=".dist-", dir=ROOT))
    try:
        py_files = write_site(tmp, dev_pages=dev_pages, stun=stun)
        os.chmod(tmp, 0o755)  # mkdtemp makes it 0700
        old = Path(tempfile.mkdtemp(prefix=".dist-old-", dir=ROOT))
        with contextlib.suppress(FileNotFoundError):
            DIST.rename(old / "dist")
        with contextlib.suppress(OSError):  # another build won the race: same output
            tmp.rename(DIST)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if not quiet:
        size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
        log(
            f"wrote {DIST.relative_to(ROOT)}/ ({size / 1e6:.1f} MB, "
            f"{len(py_files)} files in pyscript.json)"
        )
    return DIST
