"""index.html's `<link rel="modulepreload">` tags, in a template js/early.js puts into <head>:
every module its module scripts import statically, found by reading the import statements of
the built files, so the browser asks for the whole graph at once instead of one wave of
imports per round trip (docs/performance.md, "The table's modules in one wave"). Computed at
build time from the files shipped: never stale.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from .paths import BuildError

# A static import or re-export: `import {a} from "./x.js";`, `import "./x.js";`,
# `export {a} from "./x.js";` (a dynamic import("./x.js") is loaded on first use: not these).
STATIC_IMPORT = re.compile(
    r"""^\s*(?:import|export)\b[^"'();]*?(?:\bfrom\s*)?["'](\.{1,2}/[^"']+)["']""",
    re.MULTILINE,
)
MODULE_SCRIPT = re.compile(r'<script type="module" src="\./([^"]+)"></script>')
# index.html's line that the tags replace (embed.html drops it: embed.js loads its scripts).
MARK = re.compile(r"^<!-- @MODULEPRELOAD@ [^\n]*-->\n", re.MULTILINE)
# Modules a page's scripts import later but whose graph is fetched with the page's: PyScript,
# which js/boot.js imports once the table is drawn (so its start never holds up the first
# draw, and its files have arrived by then).
LATER = {"index.html": ["vendor/pyscript/core.js"]}


def static_imports(out: Path, url: str) -> list[str]:
    """The site-relative URLs a built module imports statically, in the order written."""
    text = (out / url).read_text(encoding="utf-8")
    folder = PurePosixPath(url).parent
    found = []
    for spec in STATIC_IMPORT.findall(text):
        parts: list[str] = []
        for piece in (folder / spec).parts:
            if piece == "..":
                if not parts:
                    raise BuildError(f"{url}: {spec} leaves the site")
                parts.pop()
            elif piece != ".":
                parts.append(piece)
        found.append("/".join(parts))
    return found


def module_graph(out: Path, entries: list[str]) -> list[str]:
    """Every module the entries import statically, directly or not, the entries left out;
    breadth first (the first needed first), each once."""
    seen = set(entries)
    order: list[str] = []
    queue = list(entries)
    while queue:
        url = queue.pop(0)
        if not (out / url).is_file():
            if url.startswith("vendor/"):  # a site written without its runtime (tests)
                continue
            raise BuildError(f"a module imports {url}, which the site does not ship")
        for dep in static_imports(out, url):
            if dep not in seen:
                seen.add(dep)
                order.append(dep)
                queue.append(dep)
    return order


def page_modules(page: str) -> list[str]:
    """The module scripts a page loads itself, in order."""
    return MODULE_SCRIPT.findall(page)


def preloads(out: Path, page: str, name: str = "index.html") -> list[str]:
    """What the page's modulepreload tags name: the static graph of its module scripts, then
    the modules it imports later (LATER) and their graph."""
    own = page_modules(page)
    later = [url for url in LATER.get(name, []) if url not in own]
    graph = module_graph(out, own)
    return graph + [url for url in later + module_graph(out, later) if url not in graph]


def without_mark(page: str) -> str:
    return MARK.sub("", page)


def write_module_preloads(out: Path, name: str = "index.html") -> list[str]:
    """Replace the page's MARK line with one modulepreload tag per module of preloads();
    return the URLs."""
    path = out / name
    page = path.read_text()
    if len(MARK.findall(page)) != 1:
        raise BuildError(f"web/{name}: expected one <!-- @MODULEPRELOAD@ ... --> line")
    urls = preloads(out, page, name)
    # In a template, put in <head> by js/early.js once the page is parsed: as tags of the
    # page itself they arrived while it was parsed, and compiling them on the page's thread
    # held up the parse and the welcome (docs/performance.md).
    tags = "".join(f'<link rel="modulepreload" href="./{url}">\n' for url in urls)
    path.write_text(MARK.sub(lambda m: f'<template id="modulepreload">\n{tags}</template>\n', page))
    return urls
