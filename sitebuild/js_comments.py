"""The site's own JavaScript without its whole-line comments, as build.py ships it: the
comments say why for the people who read web/js/; the browser does not need them. No script
of the site has a template literal over several lines (a line after an odd number of
backticks is kept even so)."""

from __future__ import annotations


def without_comment_lines(js: str) -> str:
    r"""``js`` without its whole-line ``//`` comments: the scripts written into every page
    and every script of the site's own (a third of early.js is comments, which every first
    visit and the embed's light preview would move).
    A line inside a template literal (after an odd number of backticks) is kept as it is.

    >>> without_comment_lines("// why\nconst a = 1; // kept\nconst b = `\n// text\n`;\n")
    'const a = 1; // kept\nconst b = `\n// text\n`;\n'
    """
    kept, ticks = [], 0
    for line in js.splitlines(keepends=True):
        if ticks % 2 or not line.lstrip().startswith("//"):
            kept.append(line)
        ticks += line.count("`") - line.count("\\`")
    return "".join(kept)
