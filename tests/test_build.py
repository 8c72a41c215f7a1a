"""What the site ships (sitebuild, driven by build.py): the engine the browser runs, no tooling.

CPython only, without a browser or node_modules: the file list is inspected, and the site is
written into a temporary folder without the vendored runtime.
"""

from __future__ import annotations

import ast
import json
import re
import urllib.request
import zipfile
from pathlib import Path

import pytest

import build
import engine.words
import sitebuild.ship
import sitebuild.site
from sitebuild import ENGINE, ROOT, WEB, shipped_files
from sitebuild.js_comments import without_comment_lines

TOOLING = ("bench", "arena", "calibrate", "speed", "ai_speed", "golden_games", "hard_oracle")


@pytest.fixture(scope="module")
def shipped():
    return shipped_files()


def _imports(path: Path, package: str) -> set[str]:
    """Engine modules a Python file imports (absolute ``engine...`` or relative to package)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "engine"}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.split(".")[0] != "engine":
                continue
            found.add(module)
            # `from engine import claims`: a submodule, when a file of that name exists
            found |= {f"{module}.{a.name}" for a in node.names}
    return found


def _module_file(name: str) -> Path | None:
    path = ROOT.joinpath(*name.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def browser_engine_modules() -> set[Path]:
    """Every engine module file the page's Python (web/*.py) reaches through its imports."""
    todo = set()
    for src in WEB.glob("*.py"):
        todo |= _imports(src, "")
    seen: set[Path] = set()
    while todo:
        name = todo.pop()
        file = _module_file(name)
        if file is None or file in seen:
            continue
        seen.add(file)
        # a module's parent packages run first
        parts = name.split(".")
        todo |= {".".join(parts[:i]) for i in range(1, len(parts))}
        package = name if file.name == "__init__.py" else ".".join(parts[:-1])
        todo |= _imports(file, package)
    return seen


def test_no_tooling_tests_or_caches_are_shipped(shipped):
    urls = [f.url for f in shipped]
    assert urls, "nothing shipped"
    for url in urls:
        parts = url.split("/")
        stem = Path(url).stem
        assert parts[0] not in (
            "tools",
            "bench",
            "tests",
            "e2e",
            "sitebuild",
            "scripts",
            "node_modules",
        ), url
        assert not stem.startswith("eslint"), url  # the linter's config stays at the root
        assert "__pycache__" not in parts and "tests" not in parts, url
        assert not url.endswith((".pyc", ".pyo")), url
        assert not stem.startswith("test_"), url
        if url.endswith(".py"):
            assert stem not in TOOLING, url


def test_the_engine_the_browser_imports_is_shipped(shipped):
    needed = browser_engine_modules()
    # The page imports the engine and its AI (the worker): sanity of the import walk.
    assert {
        ENGINE / "__init__.py",
        ENGINE / "ai" / "__init__.py",
        ENGINE / "ai" / "hard.py",
        ENGINE / "rules.py",
        ENGINE / "view.py",
    } <= needed
    python = {f.src for f in shipped if f.python}
    assert needed <= python, sorted(str(p) for p in needed - python)
    # and every engine module goes, in its place (smoke.html imports them all)
    engine_py = {p for p in ENGINE.rglob("*.py") if "__pycache__" not in p.parts}
    assert engine_py <= python
    assert {f.url for f in shipped if f.src in engine_py} == {
        p.relative_to(ROOT).as_posix() for p in engine_py
    }


def test_engine_data_files_ship_for_python_and_for_javascript(shipped):
    data = sorted(p for p in ENGINE.rglob("*.json") if "__pycache__" not in p.parts)
    assert ENGINE / "messages" / "en.json" in data
    by_src = {f.src: f for f in shipped}
    for path in data:
        f = by_src[path]
        assert f.url == path.relative_to(ROOT).as_posix()
        # in Python's file system with the modules: English's catalogue only (the page hands
        # over its own language's: web/words.py)
        assert f.python == (path.parent.name != "messages" or path.stem == "en"), f.url


def test_the_tables_catalogues_ship_for_python_and_for_javascript(shipped):
    """web/messages/<lang>.json: at the site's root like all of web/, and in Python's file
    system beside web/words.py, which reads them."""
    data = sorted((WEB / "messages").glob("*.json"))
    assert WEB / "messages" / "en.json" in data
    by_src = {f.src: f for f in shipped}
    assert sitebuild.ship.PYTHON_LANGUAGE == engine.words.DEFAULT_LANGUAGE
    for path in data:
        f = by_src[path]
        assert f.url == f"messages/{path.name}"
        assert f.python == (path.stem == "en"), f.url  # the others: handed over by the page


def test_web_files_ship_at_the_site_root(shipped):
    urls = {f.url: f for f in shipped}
    for name in ("index.html", "rules.html", "app.py", "session.py", "ai_worker.py"):
        assert name in urls
    assert urls["app.py"].python and not urls["index.html"].python
    assert "sw.js" not in urls  # the template: written with the file hashes, last


def test_the_written_site_maps_python_files_and_serves_the_catalogue(tmp_path, monkeypatch):
    # Everything but the vendored runtime (node_modules is not needed for this test).
    monkeypatch.setattr(sitebuild.site, "write_runtime", lambda out, **kw: None)
    py_files = build.write_site(tmp_path)
    config = json.loads((tmp_path / "pyscript.json").read_text())
    # PyScript's interpreter is Pyodide through js/snapshot.js (a returning visit's snapshot)
    assert config["interpreter"] == "./js/snapshot.js"
    assert set(config["files"]) == {f"./{p}" for p in py_files} | {"./game.zip"}
    assert config["files"]["./engine/messages/en.json"] == "./engine/messages/en.json"
    # The modules come compiled in one archive, unpacked into the cwd (PyScript: "./*"); only
    # the scripts PyScript runs by their src stay source files.
    assert config["files"]["./game.zip"] == "./*"
    # English's catalogues only: a page in another language hands its own over (web/words.py),
    # and a first visit fetches none of a language it does not show
    assert sorted(py_files) == [
        "ai_worker.py",
        "app.py",
        "engine/messages/en.json",
        "messages/en.json",
    ]
    with zipfile.ZipFile(tmp_path / "game.zip") as archive:
        names = set(archive.namelist())
        assert {"engine/ai/hard.pyc", "engine/__init__.pyc", "session.pyc", "words.pyc"} <= names
        assert not any(n.endswith(".py") for n in names)
        assert "engine/cli.pyc" not in names and "engine/ai/barca.pyc" not in names
        # what the first table does not need is not in it (sitebuild/ship.py, PARTS)
        assert not {"duo.pyc", "engine/remote/__init__.pyc", "lessons.pyc"} & names
        # nor the replay viewer, the review, the game links and the puzzles (issue 30)
        later = {"viewer.pyc", "review.pyc", "shared.pyc", "engine/gamelink.pyc"}
        later |= {"puzzles.pyc", "puzzle_progress.pyc", "glicko.pyc", "engine/puzzles/codec.pyc"}
        assert not later & names, later & names
        assert "replay.pyc" in names  # reading a record: a save's, a take-back's
        # every language listed for the engine, which has not every catalogue at hand
        listed = json.loads(archive.read("engine/messages/languages.json"))
        assert listed == sorted(p.stem for p in (ENGINE / "messages").glob("*.json"))
        assert {"en", "de", "fr"} <= set(listed)
    # The parts loaded on first use: archives of their own, not in `files` (js/part.js)
    with zipfile.ZipFile(tmp_path / "part-duo.zip") as archive:
        duo = set(archive.namelist())
        assert {"duo.pyc", "duo_games.pyc", "reconnect.pyc", "engine/remote/sra.pyc"} <= duo
    with zipfile.ZipFile(tmp_path / "part-lessons.zip") as archive:
        lessons = set(archive.namelist())
        assert lessons == {"lessons.pyc", "tutorial.pyc", "lesson_progress.pyc"}
    with zipfile.ZipFile(tmp_path / "part-replay.zip") as archive:
        replay = set(archive.namelist())
        assert replay == {"viewer.pyc", "review.pyc", "shared.pyc", "engine/gamelink.pyc"}
    with zipfile.ZipFile(tmp_path / "part-puzzles.zip") as archive:
        puzzles = set(archive.namelist())
        assert {"puzzles.pyc", "puzzle_progress.pyc", "glicko.pyc"} <= puzzles
        assert {"engine/puzzles/__init__.pyc", "engine/puzzles/answer.pyc"} <= puzzles
    for part in (duo, lessons, replay, puzzles):
        assert not part & names
    assert not (tmp_path / "engine" / "state.py").exists()
    # the same catalogues are plain files of the site, for fetch("./engine/messages/en.json")
    # and fetch("./messages/en.json") (web/js/words.js)
    catalogue = tmp_path / "engine" / "messages" / "en.json"
    assert catalogue.read_bytes() == (ENGINE / "messages" / "en.json").read_bytes()
    assert (tmp_path / "messages" / "de.json").read_bytes() == (
        WEB / "messages" / "de.json"
    ).read_bytes()
    written = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert not any(w.startswith("tools/") or "/arena" in w or "bench" in w for w in written)
    assert {"index.html", "embed.html", "sw.js", "manifest.webmanifest"} <= written
    precached = build.precache_list(tmp_path)  # kept offline too
    assert {"engine/messages/en.json", "messages/en.json", "messages/de.json"} <= set(precached)
    assert {"engine/messages/fr.json", "messages/fr.json"} <= set(precached)
    # the formatting rule, the storage's door and early.js are written into the pages, before
    # the first paint, each before early.js uses it
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "globalThis.stFormat" in index and index.index("stFormat = {") < index.index(
        "window.stFormat.format"
    )
    assert index.index("globalThis.stStore = {") < index.index("const store = window.stStore")
    assert not (tmp_path / "js" / "format.js").exists()
    assert not (tmp_path / "js" / "store.js").exists()


def test_the_deployed_site_has_no_development_pages(tmp_path, monkeypatch):
    """`python build.py` (what the deployment builds) writes neither bare.html nor smoke.html
    nor what only they load; the tests' build (dev_pages=True) adds them and changes nothing
    else: the same files for the offline cache, the same sw.js (the same version)."""
    monkeypatch.setattr(sitebuild.site, "write_runtime", lambda out, **kw: None)
    deployed, dev = tmp_path / "deployed", tmp_path / "dev"
    deployed.mkdir()
    dev.mkdir()
    build.write_site(deployed)
    build.write_site(dev, dev_pages=True)

    def files(folder):
        return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}

    extra = {"bare.html", "smoke.html", "pyscript-smoke.json"}
    assert not files(deployed) & extra
    assert files(dev) - files(deployed) == extra
    assert build.precache_list(dev) == build.precache_list(deployed)
    assert (dev / "sw.js").read_text() == (deployed / "sw.js").read_text()
    assert not any("puppeteer" in f or "selenium" in f for f in files(deployed))


def test_only_the_development_build_vendors_the_full_standard_library(tmp_path):
    """Pyodide's full python_stdlib.zip (2.5 MB) and lock file: the development pages' only."""
    from sitebuild.vendor import FULL_STDLIB, PYODIDE_DIR, write_runtime

    if not (PYODIDE_DIR / "pyodide.asm.wasm").is_file():
        pytest.skip("node_modules/pyodide is not installed (python build.py --deps)")
    write_runtime(tmp_path / "deployed")
    write_runtime(tmp_path / "dev", full_stdlib=True)
    for name in FULL_STDLIB:
        assert not (tmp_path / "deployed" / "vendor" / "pyodide" / name).exists()
        assert (tmp_path / "dev" / "vendor" / "pyodide" / name).is_file()
    assert (tmp_path / "deployed" / "vendor" / "pyodide" / "stdlib-game.zip").is_file()


def test_a_manifest_per_language_and_a_german_embed_title(tmp_path, monkeypatch):
    """manifest.webmanifest (English) and manifest-<code>.webmanifest for every other
    catalogue, each with the name and description in its language (web/js/words.js links
    the page's own); embed.html keeps index.html's data-t keys, with its own title's key."""
    monkeypatch.setattr(sitebuild.site, "write_runtime", lambda out, **kw: None)
    build.write_site(tmp_path)
    languages = sorted(p.stem for p in (ENGINE / "messages").glob("*.json"))
    assert {"en", "de", "fr"} <= set(languages)
    for lang in languages:
        name = "manifest.webmanifest" if lang == "en" else f"manifest-{lang}.webmanifest"
        manifest = json.loads((tmp_path / name).read_text(encoding="utf-8"))
        words = json.loads((WEB / "messages" / f"{lang}.json").read_text(encoding="utf-8"))
        assert manifest["lang"] == lang
        assert manifest["name"] == words["manifest.name"]
        assert manifest["description"] == words["manifest.description"]
        assert manifest["icons"] and manifest["start_url"] == "./"
        assert name in build.precache_list(tmp_path)  # offline too
    de = json.loads((tmp_path / "manifest-de.webmanifest").read_text(encoding="utf-8"))
    assert de["description"].startswith("Das Kartenspiel für zwei von Reiner Knizia")
    fr = json.loads((tmp_path / "manifest-fr.webmanifest").read_text(encoding="utf-8"))
    assert fr["description"].startswith("Le jeu de cartes pour deux de Reiner Knizia")
    assert (tmp_path / "rules-fr.html").is_file() and "rules-fr.html" in build.precache_list(
        tmp_path
    )
    embed = (tmp_path / "embed.html").read_text(encoding="utf-8")
    assert '<title data-t="page.title_embed">Schotten Totten (embedded)</title>' in embed
    assert embed.count("data-t=") == (tmp_path / "index.html").read_text(encoding="utf-8").count(
        "data-t="
    )


# ------------------------------------------------------------------ the trimmed standard library


def test_the_trimmed_stdlib_keeps_what_the_shipped_python_imports(shipped):
    """Every standard-library module a shipped Python file imports (anywhere in it) is in
    sitebuild/stdlib-modules.txt, which tools/trace_imports.py writes from the browser. (Not
    the command line's: the page never runs it; smoke.html, which imports it, boots the full
    standard library.)"""
    import sys

    from sitebuild.stdlib import traced_modules

    kept = set(traced_modules())
    ours = {f.url.split("/")[0].removesuffix(".py") for f in shipped if f.python}
    needed = set()
    for f in shipped:
        if f.src.suffix != ".py" or f.url in ("engine/cli.py", "engine/__main__.py"):
            continue
        for node in ast.walk(ast.parse(f.src.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module]
            needed |= {n for n in names if n.split(".")[0] in sys.stdlib_module_names}
    needed -= ours
    assert needed, "no standard-library import found"
    assert needed <= kept, sorted(needed - kept)


def test_archive_members_include_their_packages():
    from sitebuild.stdlib import members_for

    available = {"json/__init__.py", "json/decoder.py", "os.py", "a/b/__init__.py", "a/b/c.py"}
    assert members_for(["json.decoder", "os", "sys", "a.b.c"], available) == [
        "a/b/__init__.py",
        "a/b/c.py",
        "json/__init__.py",
        "json/decoder.py",
        "os.py",
    ]


def test_bare_pyodide_files_are_not_precached(tmp_path):
    from sitebuild.service_worker import precache_list

    for name in (
        "vendor/pyodide/python_stdlib.zip",
        "vendor/pyodide/stdlib-game.zip",
        "bare.html",
        "index.html",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name)
    assert set(precache_list(tmp_path)) == {"vendor/pyodide/stdlib-game.zip", "index.html"}


def test_shipped_python_loses_its_docstrings_not_its_code():
    from sitebuild.docstrings import minify_python

    source = (ENGINE / "formations.py").read_text(encoding="utf-8")
    small = minify_python(source)
    assert len(small) < len(source) * 0.8
    assert '"""' not in small and "\n#" not in small
    assert ast.dump(ast.parse(small)).count("FunctionDef") == ast.dump(ast.parse(source)).count(
        "FunctionDef"
    )


def test_the_stun_server_is_the_builds_choice_and_none_by_default(tmp_path, monkeypatch):
    """`python build.py --stun URL` writes the server into js/config.js, which the page reads
    (web/js/rtc.js); without it the page offers none. Anything but stun:HOST[:PORT] is
    refused (it is written into a script)."""
    monkeypatch.setattr(sitebuild.site, "write_runtime", lambda out, **kw: None)
    plain, chosen = tmp_path / "plain", tmp_path / "chosen"
    plain.mkdir()
    chosen.mkdir()
    build.write_site(plain)
    build.write_site(chosen, stun="stun:stun.example.org:3478")
    assert "export const STUN = null;" in (plain / "js/config.js").read_text()
    assert (
        'export const STUN = "stun:stun.example.org:3478";' in (chosen / "js/config.js").read_text()
    )
    as_shipped = without_comment_lines((WEB / "js/config.js").read_text())
    assert as_shipped == (plain / "js/config.js").read_text()
    assert (plain / "sw.js").read_text() != (chosen / "sw.js").read_text()  # a new version
    for bad in ("https://example.org", 'stun:x";alert(1)//', "stun:"):
        with pytest.raises(build.BuildError):
            sitebuild.site.check_stun(bad)
    with pytest.raises(build.BuildError):
        build.build(stun="turn:example.org")


def test_the_snapshot_module_knows_the_build_and_the_modules(tmp_path, monkeypatch):
    """js/snapshot.js gets the build its Python snapshots belong to (a hash of every other
    file, so any change gives another) and what they import: app.py's game modules, the
    computer's; sw.js's version covers the module as written."""
    from sitebuild.snapshot import SNAPSHOT_JS, snapshot_modules

    monkeypatch.setattr(sitebuild.site, "write_runtime", lambda out, **kw: None)
    build.write_site(tmp_path)
    module = tmp_path / SNAPSHOT_JS

    def written():
        text = module.read_text()
        key = re.search(r'^const BUILD = "([0-9a-f]{16})";', text, re.MULTILINE)
        modules = re.search(r"^const MODULES = (\[.*?\]);", text, re.MULTILINE)
        assert key and modules, "BUILD and MODULES not written"
        return key.group(1), json.loads(modules.group(1))

    key, modules = written()
    assert modules == snapshot_modules()
    assert {"engine", "session", "saves", "words", "engine.ai"} <= set(modules)
    assert "pyscript" not in modules and "app" not in modules
    assert (tmp_path / "game.zip").is_file()  # the module fetches ../game.zip
    version = build.write_service_worker(tmp_path)
    assert written()[0] == key  # the same files, the same build
    (tmp_path / "messages" / "en.json").write_text("{}")  # any other file changes it
    assert build.write_service_worker(tmp_path) != version
    assert written()[0] != key
    precached = build.precache_list(tmp_path)
    assert precached[SNAPSHOT_JS]  # kept offline, as written
    # index.html reads the stored snapshot before PyScript starts; embed.html on Play
    index = (tmp_path / "index.html").read_text()
    assert index.index('src="./js/snapshot.js"') < index.index('src="./vendor/pyscript/core.js"')
    assert 'src="./js/snapshot.js"' not in (tmp_path / "embed.html").read_text()


def test_the_embed_example_names_no_local_server_and_the_local_server_fills_it_in():
    """docs/embed-example.html names the game with a placeholder (no 127.0.0.1:8000, which
    is wrong on another port or prefix); the local server shows it with its own address."""
    text = (ROOT / "docs" / "embed-example.html").read_text()
    assert "127.0.0.1" not in text and "localhost" not in text
    assert text.count("https://YOUR-NAME.github.io/schotten-totten/embed.html?") == 2
    server = build.serve_in_thread(port=0, prefix="/some/where/")
    try:
        base = build.url_of(server)
        with urllib.request.urlopen(base + "embed-example.html?x=1") as answer:
            post = answer.read().decode()
    finally:
        server.stop()
    assert post.count(f'src="{base}embed.html?preview=1&') == 2, post
    assert "YOUR-NAME.github.io/schotten-totten/embed.html" not in post


def _top_imports(path: Path, package: str) -> set[str]:
    """The modules a file imports when it is imported: its top level (and the ``if`` and
    ``try`` blocks there), not inside a function or class, where a part is imported on use."""
    found: set[str] = set()
    todo = list(ast.parse(path.read_text(encoding="utf-8")).body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.If, ast.Try)):
            todo += [*node.body, *node.orelse, *getattr(node, "finalbody", [])]
            todo += [n for h in getattr(node, "handlers", []) for n in h.body]
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([module] if module else []))
            found.add(module)
            found |= {f"{module}.{a.name}" for a in node.names}
    return found


def _our_file(name: str) -> tuple[Path, str] | None:
    """A module of ours by its import name: (its file, its URL path in the site)."""
    if name.split(".")[0] == "engine":
        file = _module_file(name)
        return (file, file.relative_to(ROOT).as_posix()) if file else None
    file = WEB / f"{name}.py"
    return (file, file.name) if "." not in name and file.is_file() else None


def test_the_first_table_imports_no_part_when_it_starts():
    # The page's Python (app.py) and the AI's worker import, when they start, only modules of
    # game.zip: a part's module (PARTS in sitebuild/ship.py) imported at the top of one would
    # fail in the browser before its part is loaded, or put it back into the first table.
    seen: dict[str, str] = {}
    todo = {(name, "app.py") for name in _top_imports(WEB / "app.py", "")}
    todo |= {(name, "ai_worker.py") for name in _top_imports(WEB / "ai_worker.py", "")}
    while todo:
        name, by = todo.pop()
        found = _our_file(name)
        if found is None or found[1] in seen:
            continue
        file, url = found
        seen[url] = by
        package = name if file.name == "__init__.py" else name.rpartition(".")[0]
        parents = name.split(".")
        todo |= {(".".join(parents[:i]), url) for i in range(1, len(parents))}
        todo |= {(n, url) for n in _top_imports(file, package)}
    assert {"session.py", "replay.py", "engine/records.py"} <= set(seen)
    in_parts = {url: by for url, by in seen.items() if sitebuild.ship.part_of(url)}
    assert in_parts == {}, f"imported at the top (module: by whom): {in_parts}"
