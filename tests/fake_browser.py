"""The one stand-in browser for CPython tests of the page's glue (web/app.py and below).

``open_tab(storage)`` imports a fresh ``web/app.py`` as a new tab of the page would, over a
``saves.MemoryStore`` standing in for localStorage (shared between tabs when the same one is
passed), with just enough of ``window``: the console (its messages kept), a date, the event
PyScript's app dispatches. ``tab.call(name, arg)`` calls ``window.stCall`` as
``js/bridge.js`` does, keeping the page's log from the answers (only new lines come), and
returns the answer with ``log`` made whole again.
"""

from __future__ import annotations

import importlib
import json
import sys
import types
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from saves import MemoryStore  # noqa: E402  (web/ on the path first)

NOW = "2026-11-24T13:00:00.000Z"


class Window:
    """Just enough of the browser's ``window`` for app.py under CPython."""

    def __init__(self, storage):
        self.localStorage = storage
        self.warnings: list[str] = []
        self.errors: list[str] = []
        self.console = types.SimpleNamespace(warn=self.warnings.append, error=self.errors.append)
        self.document = types.SimpleNamespace(
            body=types.SimpleNamespace(dataset=types.SimpleNamespace())
        )
        self.CustomEvent = types.SimpleNamespace(new=lambda *a: a)
        self.Date = types.SimpleNamespace(
            new=lambda: types.SimpleNamespace(toISOString=lambda: NOW)
        )
        self.stCall = None

    def dispatchEvent(self, _event):
        pass


class Tab:
    """One page: its app.py, its window, and the log it keeps (as js/bridge.js keeps it)."""

    def __init__(self, app, window):
        self.app, self.window = app, window
        self.logs: dict[str, list] = {}

    def call(self, name, arg=None, *, whole=False):
        """``window.stCall(name, argJSON, haveJSON)``; ``whole``: as a page that holds no log."""
        have = None if whole else {k: len(v) for k, v in self.logs.items()}
        out = json.loads(self.window.stCall(name, json.dumps(arg), json.dumps(have)))
        if "log_key" in out:
            held = self.logs.get(out["log_key"], [])
            assert len(held) >= out["log_from"], "a log delta the page cannot place"
            epoch = out["log_key"].split(".")[0]
            self.logs = {k: v for k, v in self.logs.items() if k.split(".")[0] == epoch}
            self.logs[out["log_key"]] = held[: out["log_from"]] + out["log"]
            out["log"] = self.logs[out["log_key"]]
        return out

    __call__ = call


def open_tab(monkeypatch, storage=None) -> Tab:
    """A fresh app.py on ``storage`` (a new ``MemoryStore`` if none), as a new tab."""
    storage = MemoryStore() if storage is None else storage
    window = Window(storage)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda f: f
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    pyscript = types.ModuleType("pyscript")
    pyscript.window = window
    monkeypatch.setitem(sys.modules, "pyscript", pyscript)
    sys.modules.pop("app", None)
    app = importlib.import_module("app")
    sys.modules.pop("app", None)
    return Tab(app, window)
