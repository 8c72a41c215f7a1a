"""One door to the browser's storage in each language: web/js/store.js for the page's scripts
(no other script names localStorage or sessionStorage), web/stored.py's ``Storage`` for its
Python. Through either, a storage that refuses (blocked, full) is told apart from a bug: the
refusal is said and the game goes on, a bug is raised as a bug and never said as "could not
save"."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import fake_browser  # noqa: F401  (web/ on the path; conftest's open_tab is its tab)
import pytest
import stored
from saves import MemoryStore, Saves
from stored import Storage, StorageRefused

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
ADAPTER = WEB / "js" / "store.js"
STORAGE = re.compile(r"\b(localStorage|sessionStorage)\b")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)


def _code_of(source: str) -> str:
    """A script without its comments (which may name the storage they write about)."""
    return COMMENT.sub("", source)


def test_no_script_but_the_adapter_touches_the_storage():
    scripts = sorted(WEB.rglob("*.js"))
    assert ADAPTER in scripts and len(scripts) > 20
    touching = [
        p.relative_to(ROOT).as_posix()
        for p in scripts
        if "vendor" not in p.parts
        and p != ADAPTER
        and STORAGE.search(_code_of(p.read_text("utf-8")))
    ]
    assert touching == [], "read and write the storage through js/store.js (window.stStore)"
    assert STORAGE.search(_code_of(ADAPTER.read_text("utf-8")))
    # The reader sees code, not comments.
    assert STORAGE.search(_code_of('x = localStorage.getItem("k");'))
    assert not STORAGE.search(_code_of("// kept in localStorage.\n/* sessionStorage */ y();"))


def test_the_save_key_is_written_once_in_each_language():
    key = '"schotten-totten.save"'
    js = [p.name for p in sorted(WEB.rglob("*.js")) if key in _code_of(p.read_text("utf-8"))]
    assert js == ["store.js"]
    py = [p.name for p in sorted(WEB.glob("*.py")) if key in p.read_text("utf-8")]
    assert py == ["session.py"]


@pytest.fixture(scope="module")
def js_store() -> dict:
    node = shutil.which("node")
    assert node, "node (v20) runs web/js/store.js for this test"
    done = subprocess.run(
        [node, str(ROOT / "tests" / "store_check.mjs")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return json.loads(done.stdout)


def test_the_scripts_door_reads_and_writes_a_working_storage(js_store):
    got = {k: v.get("value", v.get("threw")) for k, v in js_store["working"].items()}
    assert got == {
        "usable": True,
        "set": True,
        "get": "v",
        "setJSON": True,
        "getJSON": {"a": [1]},
        "remove": True,
        "afterRemove": None,
        "session": [True, "1", None],  # sessionStorage apart from localStorage
    }
    assert js_store["damaged"] == {"value": []}  # text that is no JSON: the fallback
    assert js_store["saveKey"] == [
        "schotten-totten.save",
        "schotten-totten.save",
        "schotten-totten.embed.x",  # an embed's own (embed.js sets window.stSaveKey)
    ]


@pytest.mark.parametrize("case", ["blocked", "none", "full"])
def test_a_storage_that_refuses_is_no_error_for_the_scripts(js_store, case):
    got = js_store[case]
    assert all("value" in v for v in got.values()), got  # nothing thrown
    assert got["set"]["value"] is False and got["setJSON"]["value"] is False
    assert got["getJSON"]["value"] == "fallback"
    if case != "full":  # a full storage is still read and still forgets
        assert got["usable"]["value"] is False and got["get"]["value"] is None


def test_firefoxs_damaged_storage_file_is_a_refusal_too(js_store):
    assert js_store["firefox"] == {"value": None}


def test_a_bug_behind_the_scripts_door_is_thrown(js_store):
    got = js_store["bug"]
    assert got["set"] == {"threw": "TypeError"} and got["get"] == {"threw": "TypeError"}


# ------------------------------------------------------------------ Python's door


class Broken(MemoryStore):
    """A storage whose writes hit a bug (no refusal of the browser's)."""

    def setItem(self, key, value):
        raise TypeError("a bug, not a full storage")


def test_pythons_door_tells_a_refusal_from_a_bug():
    full = Storage(MemoryStore(limit=5))
    with pytest.raises(StorageRefused) as e:
        full.set("key", "a text too long")
    assert e.value.problem == "full"
    with pytest.raises(StorageRefused) as e:
        Storage(MemoryStore(blocked=True)).set("k", "v")
    assert e.value.problem == "blocked"
    with pytest.raises(TypeError):
        Storage(Broken()).set("k", "v")
    # Reading: none, damaged and refused are all "nothing kept".
    store = Storage(MemoryStore())
    store.set("k", "[[[")
    assert store.get("none") is None and store.read("k") is None
    assert OSError in stored.REFUSALS


def test_a_save_into_a_storage_with_a_bug_is_a_bug_not_could_not_save():
    saves = Saves(Broken(), "k", tab="a")
    with pytest.raises(TypeError):
        saves.write({"format": "x"})
    assert saves.problem is None and saves.news() == {}


def test_the_page_says_a_full_storage_and_goes_on(open_tab):
    tab = open_tab(MemoryStore(limit=10))
    out = tab("new_game", {"opponent": "human", "seed": 3})
    assert out["ok"] and out["save_warning"] == "save.full"
    assert not tab.window.errors


def test_the_page_tells_a_bug_in_storing_as_a_bug(open_tab):
    tab = open_tab(Broken())
    out = tab("new_game", {"opponent": "human", "seed": 3})
    assert out["ok"] is False and out["code"] == "bug"
    assert "TypeError" in tab.window.errors[-1]
    assert not any("could not" in w for w in tab.window.warnings)


def test_a_lesson_in_a_full_storage_goes_on_and_says_why(open_tab):
    store = MemoryStore()
    tab = open_tab(store)
    tab("new_game", {"opponent": "human", "seed": 3})
    store.limit = sum(len(k) + len(v) for k, v in store.items.items()) + 10
    out = tab("lesson_start", {"lesson": next(iter(_lesson_ids()))})
    assert out["ok"] is False and out["code"] == "no_room_aside"  # the game is kept
    assert not tab.window.errors


def _lesson_ids():
    from lessons import LESSONS

    return [les.id for les in LESSONS]
