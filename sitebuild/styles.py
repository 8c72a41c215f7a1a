"""The page's stylesheets written into it (index.html, and so embed.html): no request stands
between the HTML and the first paint.

A stylesheet in a <link> holds up the page's first paint and its inline script (js/early.js)
until it has come: one more round trip on a first visit (150 ms on the tablet profile), one
more trip through the service worker on a returning one. Written into the page as <style>
blocks, in the same order (the cascade is unchanged), without their comments; the files are
then left out of dist/ (nothing else loads them). The Content-Security-Policy allows each
block by its hash (pages.py csp_for).
"""

from __future__ import annotations

from pathlib import Path

from .paths import BuildError

# The page's stylesheets, in the page's order; each is written in and left out of dist/ but
# PyScript's (bare.html and smoke.html still link it).
STYLESHEETS = ("vendor/pyscript/core.css", "style.css", "site.css")
KEEP = ("vendor/pyscript/core.css",)


def without_comments(css: str) -> str:
    """The stylesheet without its /* comments */ (none is inside a string here, but a string
    is skipped whole all the same) and without blank lines."""
    out: list[str] = []
    i, n = 0, len(css)
    while i < n:
        c = css[i]
        if c in "\"'":
            end = i + 1
            while end < n and css[end] != c:
                end += 2 if css[end] == "\\" else 1
            out.append(css[i : end + 1])
            i = end + 1
        elif css.startswith("/*", i):
            end = css.find("*/", i + 2)
            if end < 0:
                raise BuildError("a stylesheet has a comment that is never closed")
            i = end + 2
        else:
            out.append(c)
            i += 1
    lines = (line.rstrip() for line in "".join(out).splitlines())
    return "\n".join(line for line in lines if line.strip()) + "\n"


def inline_styles(out: Path) -> None:
    """index.html with its stylesheets as <style> blocks (before embed.html is made from it)."""
    page = (out / "index.html").read_text()
    for name in STYLESHEETS:
        tag = f'<link rel="stylesheet" href="./{name}">'
        if page.count(tag) != 1:
            raise BuildError(f"web/index.html: expected {tag} once")
        if name in KEEP and not (out / name).is_file():
            continue  # a site written without the runtime (tests/test_build.py): linked
        css = without_comments((out / name).read_text())
        if "</style" in css.lower():
            raise BuildError(f"{name}: cannot be written into a <style> block")
        page = page.replace(tag, f"<style>\n{css}</style>")
    (out / "index.html").write_text(page)
    for name in STYLESHEETS:
        if name not in KEEP:
            (out / name).unlink()
