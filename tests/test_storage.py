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
    # The browser tests' helpers take it from there (tools/table.py's SAVE_KEY), and so do
    # the browser tests, benchmarks and the other unit tests, in whatever quotes (this file
    # spells it out: a new key would strand every player's save).
    bare = key.strip('"')
    copies = [
        str(p.relative_to(WEB.parent))
        for folder in ("tools", "e2e", "bench", "tests")
        for p in sorted((WEB.parent / folder).rglob("*.py"))
        if bare in p.read_text("utf-8") and p.name != "test_storage.py"
    ]
    assert copies == []


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


# ------------------------------------------------------------------ a save's removals and moves
# (Saves.forget, keep_aside, take_carried): a storage that refuses them loses nothing, says so
# on the console, and is never reported as a bug.

SAVE = '{"format": "schotten-totten/save", "version": 1, "position": {"hands": 3}}'


class NoRemoval(MemoryStore):
    """A storage whose removals are refused (Firefox's damaged storage file)."""

    def removeItem(self, key):
        raise OSError("NS_ERROR_FILE_CORRUPTED")


class Refusing(NoRemoval):
    """A storage that reads, and refuses every write and every removal."""

    def setItem(self, key, value):
        raise PermissionError("SecurityError: the operation is insecure")


class Crowded(MemoryStore):
    """A full storage whose room, once freed, another tab takes at once."""

    def removeItem(self, key):
        freed = len(key) + len(self.items.pop(key, ""))
        self.items["other.tab"] = self.items.get("other.tab", "") + "x" * freed


# Each kind of refusing storage holding SAVE under "k": what keep_aside answers and leaves, and
# whether the save is then forgotten when the player asks.
REFUSING = {
    "no_removal": (NoRemoval, "k.broken.T", {"k": SAVE, "k.broken.T": SAVE}, False),
    "no_write": (lambda: MemoryStore(blocked=True), None, {"k": SAVE}, True),
    "refusing": (Refusing, None, {"k": SAVE}, False),
    # No room for a copy, nor (the aside key is longer) for the move: put back.
    "full": (lambda: MemoryStore(limit=len(SAVE) + 5), None, {"k": SAVE}, True),
}


@pytest.mark.parametrize("kind", list(REFUSING))
def test_a_refused_removal_or_move_of_the_save_loses_nothing(kind):
    make, aside, items, forgotten = REFUSING[kind]
    store, warnings = make(), []
    store.items["k"] = SAVE
    saves = Saves(store, "k", tab="a", warn=warnings.append)
    assert saves.read() == SAVE
    assert saves.keep_aside(SAVE, when="T") == aside
    assert store.items == items
    assert warnings and all(w.startswith("could not ") for w in warnings), warnings
    assert saves.problem is None and saves.news() == {}  # no save of the game was refused
    # The save left under the key is known here: the next save replaces it, no question.
    assert saves.write({"format": "x"}) in ("saved", "blocked") and not saves.conflict
    assert saves.forget() is forgotten and ("k" in store.items) is not forgotten


def test_a_refused_removal_keeps_the_save_and_this_tab_knows_it():
    store, warnings = NoRemoval(), []
    store.items["k"] = SAVE
    saves = Saves(store, "k", tab="a", warn=warnings.append)
    saves.read()
    assert saves.forget() is False and store.items == {"k": SAVE}
    assert warnings == ["could not forget the save: blocked: NS_ERROR_FILE_CORRUPTED"]
    assert not saves.check() and saves.write({"format": "x"}) == "saved"
    # Kept aside as a copy: the damaged save is replaced by the next save, with no question.
    store.items["k"] = SAVE
    saves.read()
    assert saves.keep_aside(SAVE, when="T") == "k.broken.T"
    assert store.items == {"k": SAVE, "k.broken.T": SAVE}
    assert saves.write({"format": "x"}) == "saved" and store.items["k.broken.T"] == SAVE


def test_a_storage_that_refuses_every_write_keeps_the_damaged_save_where_it_was():
    store = MemoryStore(blocked=True)  # before: removed, then neither moved nor put back
    store.items["k"] = SAVE
    assert Saves(store, "k", warn=[].append).keep_aside(SAVE, when="T") is None
    assert store.items == {"k": SAVE}


def test_a_move_whose_room_is_taken_meanwhile_leaves_the_save_on_the_console():
    store, warnings = Crowded(limit=len(SAVE) + 20), []
    store.items["k"] = SAVE
    assert Saves(store, "k", warn=warnings.append).keep_aside(SAVE, when="T") is None
    assert "k" not in store.items and warnings[-1].endswith(f"it was: {SAVE}")


def _game(seed: int, at: int) -> str:
    record = {"seed": seed, "rules": {}, "actions": list(range(seed)), "takebacks": 0}
    return json.dumps({"format": "schotten-totten/save", "version": 1, "record": record, "at": at})


class Turning(MemoryStore):
    """A storage that takes ``writes`` writes, then refuses (blocked); ``removals``: whether
    it removes."""

    def __init__(self, writes: int, removals: bool, limit=None):
        super().__init__(limit=limit)
        self.writes, self.removals = writes, removals

    def setItem(self, key, value):
        if self.writes <= 0:
            raise PermissionError("SecurityError: the operation is insecure")
        super().setItem(key, value)
        self.writes -= 1

    def removeItem(self, key):
        if not self.removals:
            raise OSError("NS_ERROR_FILE_CORRUPTED")
        super().removeItem(key)


@pytest.mark.parametrize(
    "store, told, items",
    [
        # Room for one copy aside, not for the bigger carried game: the game here comes back.
        (
            "full",
            {"carry": "no_room"},
            {"k": "here"},
        ),
        # The storage turns blocked once the game here is copied aside: it stays aside.
        (
            "blocked_after_copy",
            {"carry": "no_room_aside", "aside": "k.broken.T"},
            {"k.broken.T": "here"},
        ),
        # ... and removes nothing: the game here never left, the copy aside stays too.
        (
            "blocked_no_removal",
            {"carry": "no_room"},
            {"k": "here", "k.broken.T": "here"},
        ),
    ],
)
def test_a_carried_game_refused_brings_the_game_here_back_or_keeps_it_aside(store, told, items):
    here, carried = _game(1, at=100), _game(30, at=200)  # the carried game is later, bigger
    stores = {
        "full": MemoryStore(limit=len("k.broken.T") + len(here) + 5),
        "blocked_after_copy": Turning(writes=1, removals=True),
        "blocked_no_removal": Turning(writes=1, removals=False),
    }
    area = stores[store]
    area.items["k"] = here
    assert len(carried) > len(here) + 5
    saves = Saves(area, "k", clock=lambda: 9, warn=[].append)
    assert saves.take_carried(carried, when="T") == told
    assert area.items == {k: {"here": here}[v] for k, v in items.items()}


def test_every_answer_about_a_carried_game_is_in_every_catalogue():
    told = {"taken", "kept", "no_room", "no_room_aside"}  # Saves.take_carried's "carry"
    source = (WEB / "saves.py").read_text("utf-8")
    assert all(f'"carry": "{kind}"' in source for kind in told)
    for lang in ("en", "de", "fr"):
        words = json.loads((WEB / "messages" / f"{lang}.json").read_text("utf-8"))
        assert {f"save.carry.{kind}" for kind in told} <= set(words), lang


def test_the_page_tells_a_refused_removal_of_a_damaged_save_as_no_bug(open_tab):
    store = NoRemoval()
    store.items["schotten-totten.save"] = SAVE
    tab = open_tab(store)
    out = tab("boot")
    assert out["ok"] and not out["resumed"] and out["save_error"]["key"] == "save.damaged"
    kept = out["kept"]
    assert store.items[kept] == SAVE  # kept aside (a copy), not deleted
    assert tab("forget_save") == {"ok": True}
    out = tab("new_game", {"opponent": "ai", "seed": 4})
    assert out["ok"] and "save_conflict" not in out and "save_warning" not in out
    assert store.items[kept] == SAVE and not tab.window.errors
    assert any(w.startswith("could not forget the save") for w in tab.window.warnings)


def test_the_page_on_a_storage_that_refuses_every_write_keeps_the_damaged_save(open_tab):
    store = Refusing()
    store.items["schotten-totten.save"] = SAVE
    tab = open_tab(store)
    out = tab("boot")
    assert out["ok"] and not out["resumed"] and out["kept"] is None
    assert tab("forget_save") == {"ok": True}
    assert store.items == {"schotten-totten.save": SAVE} and not tab.window.errors
