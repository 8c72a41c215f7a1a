"""Every ``>>>`` example in the engine, the tools and the site build runs, and holds."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine
import sitebuild
import tools

SKIP = {"engine.__main__"}  # importing it runs the command line


def _modules(package) -> list[str]:
    names = [package.__name__]
    names += [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
    return sorted(n for n in names if n not in SKIP)


MODULES = [name for package in (engine, tools, sitebuild) for name in _modules(package)]


def test_the_modules_with_examples_are_found():
    for name in (
        "engine",
        "engine.claims",
        "engine.turn",
        "engine.ai",
        "tools.bench",
        "sitebuild.site",
    ):
        assert name in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed"


def test_there_are_examples_to_run():
    # The public API carries examples (house style); a walk that found none would pass above.
    attempted = sum(
        doctest.testmod(importlib.import_module(n), report=False).attempted
        for n in ("engine", "engine.claims", "engine.state", "engine.ai")
    )
    assert attempted >= 4
