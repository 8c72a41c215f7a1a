"""Our folders import one way. The tests (tests/, e2e/) and the benchmarks (bench/) may use the
developer tooling (tools/: the arena, the browser driver, Chromium's flags...); tools/ uses what
we make (the engine, web/'s Python, the site build), never a test or a benchmark (it runs the
tests as a program, as ``python -m tools.fuzz`` does); the engine, which ships to the browser,
imports only itself. The page's JavaScript modules (web/js/, and web/'s own scripts) import one
another without a cycle: each module's imports are evaluated before it, so in a cycle one of
them runs before the other has set its names up.

Imports are read with ``ast`` from every file, including those inside functions. A bare name
(``import helpers``, ``from session import ...``) is a module of the importing file's own
folder when one of that name is there, else of the folder that holds such a file (web/'s modules
are imported by bare name, as PyScript does; a test module reached through sys.path would be).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("engine", "sitebuild", "tools", "web", "tests", "e2e", "bench")
# What we make: the engine, the page's Python glue (web/), the site build (and build.py, its
# command line). Tooling, tests and benchmarks may import all of it.
BASE = {"engine", "web", "sitebuild", "build"}
# What each folder (and build.py) may import of ours, besides the standard library and
# third-party packages.
ALLOWED = {
    "engine": {"engine"},
    "sitebuild": {"sitebuild"},
    "build": {"sitebuild", "build"},
    "web": {"engine", "web"},
    "tools": BASE | {"tools"},
    "bench": BASE | {"tools", "bench"},
    "tests": BASE | {"tools", "tests"},
    "e2e": BASE | {"tools", "e2e"},
}


def _sources() -> list[Path]:
    files = [ROOT / "build.py"]
    for folder in FOLDERS:
        files += sorted(p for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)
    return files


def _folder_of(path: Path) -> str:
    rel = path.relative_to(ROOT)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _has_module(folder: Path, name: str) -> bool:
    return (folder / f"{name}.py").is_file() or (folder / name / "__init__.py").is_file()


def _owner(name: str, importer: Path) -> str | None:
    """The folder of ours a top-level module name belongs to, or None (stdlib, third party)."""
    if name in FOLDERS or name == "build":
        return name
    if _has_module(importer.parent, name):
        return _folder_of(importer)
    for folder in FOLDERS:
        if _has_module(ROOT / folder, name):
            return folder
    return None


def imports_in(source: str, path: Path) -> set[tuple[str, int]]:
    """(folder, line) for each import of one of our folders in the source of the file at path."""
    found = set()
    for node in ast.walk(ast.parse(source, str(path))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        else:
            continue  # a relative import stays inside its own package
        for name in names:
            owner = _owner(name.split(".")[0], path)
            if owner is not None:
                found.add((owner, node.lineno))
    return found


def test_every_folder_imports_only_what_it_may():
    wrong = []
    for path in _sources():
        folder = _folder_of(path)
        for owner, line in sorted(imports_in(path.read_text(encoding="utf-8"), path)):
            if owner not in ALLOWED[folder]:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {owner}/")
    assert wrong == [], "imports against the direction:\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    ("source", "owner"),
    [
        ("from tests.helpers import sample_states", "tests"),
        ("import bench.boot", "bench"),
        ("def f():\n    from test_fuzz import STATS", "tests"),  # via sys.path, inside a function
        ("from tools import arena", "tools"),
        ("import json, random", None),
    ],
)
def test_the_reader_finds_imports_wherever_they_are(source, owner):
    found = {o for o, _ in imports_in(source, ROOT / "tools" / "example.py")}
    assert found == ({owner} if owner else set())


# ---------------------------------------------------------------- no cycle inside a package


def package_imports(sources: dict[str, str]) -> dict[str, set[str]]:
    """Module -> the modules of its own package it imports (``from .x import``, ``from . import
    x``, anywhere in the file, inside functions too), from each module's source by name."""
    graph: dict[str, set[str]] = {}
    for name, source in sources.items():
        deps = set()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names = [node.module] if node.module else [a.name for a in node.names]
                deps.update(n.split(".")[0] for n in names if n.split(".")[0] in sources)
        graph[name] = deps - {name}
    return graph


def a_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` (its modules in order, the first again at the end), or []."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str]:
        if name in path:
            return path[path.index(name) :] + [name]
        if name in done:
            return []
        for dep in sorted(graph[name]):
            found = visit(dep, path + [name])
            if found:
                return found
        done.add(name)
        return []

    for name in sorted(graph):
        found = visit(name, [])
        if found:
            return found
    return []


def _remote_graph() -> dict[str, set[str]]:
    package = ROOT / "engine" / "remote"
    sources = {p.stem: p.read_text(encoding="utf-8") for p in sorted(package.glob("*.py"))}
    return package_imports(sources)


def test_the_remote_package_has_no_import_cycle():
    """engine/remote in layers: each module imports only those below it (docs/remote.md)."""
    graph = _remote_graph()
    assert graph["endpoint"] >= {"channel", "handshake", "table", "takeback", "save_io"}
    assert a_cycle(graph) == [], " -> ".join(a_cycle(graph))


def drawn_lines(doc: str, modules) -> dict[str, int]:
    """Each module's line in the first drawing (a fenced block) after "## The layers": where
    its file name first appears there."""
    section = doc.split("## The layers", 1)[1]
    drawing = section.split("```", 2)[1].splitlines()[1:]  # after the fence's own line
    found: dict[str, int] = {}
    for i, line in enumerate(drawing):
        for name in re.findall(r"(?<![\w/.])(\w+)\.py\b", line):
            if name in modules:
                found.setdefault(name, i)
    return found


def imports_against(graph: dict[str, set[str]], lines: dict[str, int]) -> list[str]:
    """Each import of a module drawn on the same line as the importer or above it."""
    return [
        f"{a} (line {lines[a]}) imports {b} (line {lines[b]})"
        for a in sorted(graph)
        for b in sorted(graph[a])
        if lines[b] <= lines[a]
    ]


def test_the_remote_package_imports_as_docs_remote_md_draws_it():
    """docs/remote.md's drawing of the layers is the order: every module is in it, and each
    imports only modules drawn on a lower line."""
    graph = _remote_graph()
    modules = set(graph) - {"__init__"}
    lines = drawn_lines((ROOT / "docs" / "remote.md").read_text(encoding="utf-8"), modules)
    assert sorted(modules - set(lines)) == [], "modules missing from the drawing"
    graph = {a: deps - {"__init__"} for a, deps in graph.items() if a in modules}
    assert imports_against(graph, lines) == []


def test_the_drawings_reader_finds_an_import_drawn_upwards():
    doc = "## The layers\n\n```\n  top.py  (web/top.py)\n  |\n  low.py  mid.py\n```\n"
    lines = drawn_lines(doc, {"top", "mid", "low"})
    assert lines == {"top": 0, "low": 2, "mid": 2}
    assert imports_against({"top": {"low"}, "low": set(), "mid": set()}, lines) == []
    assert imports_against({"top": set(), "low": {"mid"}, "mid": {"top"}}, lines) == [
        "low (line 2) imports mid (line 2)",
        "mid (line 2) imports top (line 0)",
    ]


def test_the_cycle_check_finds_a_cycle_even_through_a_late_import():
    sources = {
        "a": "from .b import x\n",
        "b": "from . import c\n",
        "c": "def f():\n    from .a import y\n",
        "d": "from .a import x\nimport json\n",
    }
    assert a_cycle(package_imports(sources)) == ["a", "b", "c", "a"]
    assert a_cycle(package_imports({**sources, "c": "import a\n"})) == []


# ---------------------------------------------------------------- the page's JavaScript

# A static import or re-export of a file of ours: `import {a} from "./x.js";`, `import "./x.js";`,
# `export {a} from "./x.js";`, on one line or several. Dynamic import() loads later: no cycle.
JS_IMPORT = re.compile(
    r"""^\s*(?:import|export)\s+(?:[^;'"]*?\bfrom\s*)?["'](\.{1,2}/[^"']+\.m?js)["']""",
    re.MULTILINE,
)


def js_imports(source: str) -> list[str]:
    """The relative paths a JavaScript module imports statically, in order."""
    return JS_IMPORT.findall(source)


def js_graph() -> dict[str, list[str]]:
    """Each of the page's JavaScript files (relative to web/) and the files of ours it imports."""
    web = ROOT / "web"
    files = sorted(web.glob("*.js")) + sorted((web / "js").glob("*.js"))
    graph = {}
    for path in files:
        targets = [(path.parent / rel).resolve() for rel in js_imports(path.read_text("utf-8"))]
        graph[path.relative_to(web).as_posix()] = [
            t.relative_to(web).as_posix() for t in targets if t.is_relative_to(web)
        ]
    return graph


def cycles_in(graph: dict[str, list[str]]) -> list[list[str]]:
    """Every cycle found by a depth-first walk, each as the modules around it."""
    found, state, stack = [], {}, []

    def walk(node: str) -> None:
        state[node] = "open"
        stack.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == "open":
                found.append(stack[stack.index(nxt) :] + [nxt])
            elif nxt not in state:
                walk(nxt)
        stack.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            walk(node)
    return found


def test_the_pages_modules_import_one_another_without_a_cycle():
    graph = js_graph()
    assert "js/duo.js" in graph and "js/reconnect.js" in graph["js/duo.js"]
    cycles = cycles_in(graph)
    assert cycles == [], "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def drawn_chain(doc: str, start: str) -> dict[str, int]:
    """Each module's level in a chain the doc draws in one sentence after ``start``
    (`` `a` → `b`/`c` → `d` ``, up to a ", with" or the full stop): 0 for the first."""
    sentence = " ".join(doc.split()).split(start, 1)[1].split(".", 1)[0].split(", with")[0]
    return {
        name: level
        for level, step in enumerate(sentence.split("→"))
        for name in re.findall(r"`([\w-]+)`", step)
    }


def _module_name(path: str) -> str:
    return path.removeprefix("js/").removesuffix(".js")


def test_the_two_device_modules_import_as_docs_web_md_draws_them():
    """The two-device play's modules (js/duo.js and its duo-*.js, but duo-link.js, loaded at
    start) are all in docs/web.md's chain, and each imports only those drawn after it."""
    doc = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    levels = drawn_chain(doc, "The two-device play the same way:")
    graph = js_graph()
    duo = {m for m in graph if re.fullmatch(r"js/duo(-[\w-]+)?\.js", m)} - {"js/duo-link.js"}
    assert sorted(_module_name(m) for m in duo) == sorted(levels)
    upwards = [
        f"{_module_name(a)} imports {_module_name(b)}"
        for a in sorted(duo)
        for b in graph[a]
        if b in duo and levels[_module_name(b)] <= levels[_module_name(a)]
    ]
    assert upwards == []


def test_the_chains_reader_reads_levels():
    doc = "Text. The two-device play the same way: `a` → `b`/`c` →\n`d`, with `e` aside. More."
    assert drawn_chain(doc, "The two-device play the same way:") == {"a": 0, "b": 1, "c": 1, "d": 2}


def test_the_js_reader_finds_every_static_import():
    source = (
        'import { a, b } from "./a.js";\n'
        "import * as rtc from './rtc.js';\n"
        'import "./side.js";\n'
        'import {\n  c,\n  d,\n} from "./multi.js";\n'
        'export { e } from "../up.js";\n'
        'const m = await import("./late.js");\n'
        '// import { no } from "./comment.js" is not at the start of a line\n'
        'import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";\n'
    )
    assert js_imports(source) == [
        "./a.js",
        "./rtc.js",
        "./side.js",
        "./multi.js",
        "../up.js",
        "../vendor/pyodide/pyodide.mjs",
    ]


def test_a_cycle_is_found():
    graph = {"a.js": ["b.js"], "b.js": ["c.js"], "c.js": ["a.js"], "d.js": ["a.js"]}
    assert cycles_in(graph) == [["a.js", "b.js", "c.js", "a.js"]]
    assert cycles_in({"a.js": ["b.js"], "b.js": []}) == []
