"""The page's Python compares steps, action kinds and outcome reasons with the engine's enums
(``Step``, ``Kind``, ``Reason``), never with their JSON text: a renamed value then fails where
it is used, and a step is never compared with a kind (``Step.CLAIM == Kind.CLAIM`` holds, as
both are ``StrEnum``)."""

from __future__ import annotations

import ast
from pathlib import Path

from engine import Kind, Reason, Step

WEB = Path(__file__).resolve().parent.parent / "web"
ENUMS = {"step": Step, "kind": Kind, "reason": Reason}
VALUES = {str(v) for enum in ENUMS.values() for v in enum}


def _field(node) -> str | None:
    """``x.step``, ``x["step"]`` or ``x.get("step")``: the field compared, else None."""
    if isinstance(node, ast.Attribute) and node.attr in ENUMS:
        return node.attr
    key = None
    if isinstance(node, ast.Subscript):
        key = node.slice
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
        key = node.args[0] if node.func.attr == "get" else None
    if isinstance(key, ast.Constant) and key.value in ENUMS:
        return key.value
    return None


def _wrong(field: str, node) -> list[str]:
    """What in ``node`` (compared with ``field``) is a raw value or another enum's member."""
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    out = []
    for item in items:
        if isinstance(item, ast.Constant) and item.value in VALUES:
            out.append(repr(item.value))
        elif (
            isinstance(item, ast.Attribute)
            and isinstance(item.value, ast.Name)
            and item.value.id in {e.__name__ for e in ENUMS.values()}
            and item.value.id != ENUMS[field].__name__
        ):
            out.append(f"{item.value.id}.{item.attr}")
    return out


def comparisons(source: str) -> list[str]:
    """Each comparison of a step, kind or reason with a raw value or the wrong enum.

    >>> comparisons('a = s.step == "over" or b["kind"] in ("claim", Kind.DONE)')
    ["line 1: step with 'over'", "line 1: kind with 'claim'"]
    >>> comparisons("a = s.step == Kind.CLAIM or e.get('kind') == 'shuffle'")
    ['line 1: step with Kind.CLAIM']
    """
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        for a in operands:
            field = _field(a)
            if field is None:
                continue
            for b in operands:
                if b is not a:
                    out += [f"line {node.lineno}: {field} with {w}" for w in _wrong(field, b)]
    return out


def test_the_page_compares_steps_kinds_and_reasons_with_the_engines_enums():
    found = {
        path.name: bad
        for path in sorted(WEB.glob("*.py"))
        if (bad := comparisons(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_the_check_finds_a_raw_value_and_a_wrong_enum():
    assert comparisons("if st.step not in (Step.PLAY, 'claim'): pass") == [
        "line 1: step with 'claim'"
    ]
    assert comparisons("ok = a.kind == Step.CLAIM") == ["line 1: kind with Step.CLAIM"]
    assert comparisons("ok = a.kind == Kind.CLAIM and o.reason == Reason.FIVE_STONES") == []
