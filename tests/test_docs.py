"""The docs cite only what is there: every repository path in backticks in docs/*.md and the
README (`web/js/links.js`, `tests/data/links.json`, `engine/remote/`) exists, and
docs/web.md lists every module of web/ and web/js/ and no module that is not there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
# The repository's folders: a backticked text starting with one of them is a path.
FOLDERS = ("engine", "web", "tests", "e2e", "bench", "tools", "sitebuild", "docs", "scripts")
# Not in the repository by design: what the build writes (`dist/`).
BUILT = ("dist/",)
CODE = re.compile(r"`([^`\s]+)`")
NOT_A_PATH = re.compile(r"[*<>{}\[\]()$=…|]")  # a pattern, a placeholder, an expression


def cited_paths(text: str) -> list[str]:
    """The repository paths a doc cites in backticks (line numbers, test names and anchors
    taken off), leaving patterns and placeholders (`web/messages/<language>.json`) alone."""
    found = []
    for code in CODE.findall(text):
        path = re.split(r"::|:\d|#", code)[0]
        if path.split("/")[0] not in FOLDERS or "/" not in path or NOT_A_PATH.search(path):
            continue
        found.append(path)
    return found


def test_the_reader_finds_paths_and_leaves_the_rest():
    text = (
        "`web/js/links.js`, `engine/remote/` and `tests/test_duo.py::test_x`, "
        "`web/app.py:41`, `docs/web.md#the-card-table`; not `web/messages/<language>.json`, "
        "`js/*.js`, `python -m pytest`, `a/b`, `stored.py`, `dist/index.html`"
    )
    assert cited_paths(text) == [
        "web/js/links.js",
        "engine/remote/",
        "tests/test_duo.py",
        "web/app.py",
        "docs/web.md",
    ]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_path_a_doc_cites_is_in_the_repository(doc):
    missing = sorted(
        {
            path
            for path in cited_paths(doc.read_text(encoding="utf-8"))
            if not path.startswith(BUILT) and not (ROOT / path).exists()
        }
    )
    assert missing == [], f"{doc.name} cites what is not in the repository"


def _web_md_modules() -> set[str]:
    """The names in the first column of docs/web.md's tables."""
    text = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    names = set()
    for cell in re.findall(r"^\| ([^|]+) \|", text, re.MULTILINE):
        names |= set(re.findall(r"`([^`]+)`", cell))
    return names


def test_docs_web_lists_every_module_of_the_page():
    listed = _web_md_modules()
    web = ROOT / "web"
    modules = [*web.glob("*.py"), *web.glob("*.js"), *(web / "js").glob("*.js")]
    assert len(modules) > 50
    missing = sorted(p.relative_to(ROOT).as_posix() for p in modules if p.name not in listed)
    assert missing == [], "docs/web.md: a row for each module"


def test_docs_web_lists_no_module_that_is_gone():
    web = ROOT / "web"
    gone = sorted(
        name
        for name in _web_md_modules()
        if re.fullmatch(r"[\w-]+\.(py|js)", name)
        and not (web / name).exists()
        and not (web / "js" / name).exists()
    )
    assert gone == []
