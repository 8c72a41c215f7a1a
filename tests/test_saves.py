"""Saves that lose nothing (web/saves.py, and app.py's use of it, under CPython): every save
shape ever written resumes; two tabs on one game are told apart and the player chooses; a
full or blocked storage is said and the game goes on; a save that cannot be resumed is kept
aside, never deleted, and the player is told why, in the catalogue's words."""

import doctest
import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import saves as saves_module
import stored as stored_module
from refusal import worded
from saves import (
    SAVE_FORMAT,
    SAVE_VERSION,
    MemoryStore,
    SaveError,
    Saves,
    parse_save,
    stamp_of,
)
from session import SAVE_KEY, Session
from stored import storage_problem

from engine import Words, action_to_json, legal_actions
from engine.ai import make_agent

SAVES = sorted((Path(__file__).parent / "data" / "saves").glob("*.json"))
TOKEN = "{N0}"


def test_the_examples_in_saves_run():
    result = doctest.testmod(saves_module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 5 and result.failed == 0
    result = doctest.testmod(stored_module)
    assert result.attempted == 7 and result.failed == 0


# ------------------------------------------------------------------ every shape ever written


def test_there_is_a_save_of_every_shape():
    names = [p.name for p in SAVES]
    for commit in ("4ab4469", "8af294c", "1826eec", "adfd639", "stamped"):
        assert any(commit in n for n in names), commit


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_every_save_ever_written_resumes_and_plays_on(path):
    text = path.read_text()
    data = json.loads(text)
    s = Session()
    payload = s.restore(text)
    # The saved position is what resumes, with its settings.
    assert payload["view"]["step"] == data["position"]["step"]
    assert payload["view"]["scores"] == data["position"]["scores"]
    assert s.settings["opponent"] == data["settings"]["opponent"]
    if data["settings"].get("names"):
        assert s.settings["names"] == data["settings"]["names"]
    # Its record, when there is one, is replayed (take-backs counted); otherwise its log is kept.
    if data.get("record"):
        assert s.actions == data["record"]["actions"]
        assert s.takebacks == data["record"].get("takebacks", 0)
    else:
        assert len(payload["log"]) >= len(data["log"])
    assert not any(TOKEN in line["text"] or "{start" in line["text"] for line in payload["log"])
    # It saves again in today's shape, which resumes the same, and the game goes on.
    again = Session()
    assert again.restore(s.save_json())["view"] == s.payload(s.first_seat())["view"]
    seat = s.first_seat()
    v = s.payload(s.state.to_move if seat is None else seat)["view"]
    if v["legal"]:
        s.act(v["legal"][0], v["player"])


# ------------------------------------------------------------------ refusals, in words


@pytest.mark.parametrize(
    "text, key",
    [
        ("{this is not json", "save.unreadable"),
        ("[" * 100_000, "save.too_deep"),
        # A number past Python's 4,300 digits: a bare ValueError from json.loads before
        # (web/stored.py); nested 65 deep: deeper than any save, refused before parsing.
        (
            '{"format": "schotten-totten/save", "version": ' + "1" * 5000 + "}",
            "save.number_too_long",
        ),
        # NaN, Infinity, -Infinity: Python's json reads them, JSON has none (web/stored.py).
        ('{"format": "schotten-totten/save", "version": 1, "at": NaN}', "save.not_a_number"),
        ('{"format": "schotten-totten/save", "version": Infinity}', "save.not_a_number"),
        ('{"format": "schotten-totten/save", "version": -Infinity}', "save.not_a_number"),
        ("[" * 65 + "]" * 65, "save.too_deep"),
        (json.dumps({"format": "something/else", "version": 1}), "save.not_a_save"),
        (json.dumps({"format": SAVE_FORMAT, "version": 99}), "save.other_version"),
        (json.dumps({"format": SAVE_FORMAT, "version": 1.0}), "save.other_version"),
        (json.dumps({"format": SAVE_FORMAT, "version": 1}), "save.damaged"),
        (
            json.dumps(
                {
                    "format": SAVE_FORMAT,
                    "version": 1,
                    "position": {
                        "format": "schotten-totten/position",
                        "version": 1,
                        "hands": [["R1", "R1"], []],
                    },
                }
            ),
            "save.damaged",
        ),
    ],
)
def test_a_save_that_cannot_be_resumed_says_why_in_every_language(text, key):
    with pytest.raises(SaveError) as e:
        Session().restore(text)
    assert e.value.key == key
    assert str(e.value).startswith("Your saved game could not be resumed")
    german = worded(e.value, Words("de"))
    assert german.startswith("Dein gespeichertes Spiel") and german != str(e.value)


def test_the_stamp_is_not_part_of_the_game():
    data = parse_save(
        json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION, "tab": "x", "generation": 4})
    )
    assert "tab" not in data and "generation" not in data
    assert stamp_of(None) is None
    assert stamp_of('{"tab": "x", "generation": 4}') == ("x", 4)
    # An older build's save (no stamp) is known by its text.
    assert stamp_of('{"a": 1}') != stamp_of('{"a": 2}')
    assert stamp_of('{"tab": "x", "generation": true}')[0] == ""


# ------------------------------------------------------------------ two tabs, one game


def _game(seed=1) -> Session:
    s = Session()
    s.new_game({"opponent": "ai", "seed": seed})
    return s


def _play_one(s: Session, rng) -> None:
    s.act(action_to_json(rng.choice(legal_actions(s.state))), None)


def test_two_tabs_on_one_game_are_told_apart_and_the_player_chooses():
    store = MemoryStore()
    rng = random.Random(3)
    a_game, a = _game(), Saves(store, "k", tab="a")
    assert a.read() is None and a.write(a_game.save_data()) == "saved"
    # Tab b opens the same game; both play on from it.
    b, b_game = Saves(store, "k", tab="b"), Session()
    b_game.restore(b.read())
    assert not a.check() and not b.check()
    _play_one(a_game, rng)
    assert a.write(a_game.save_data()) == "saved"
    assert b.check()  # b's page hears of it (the storage event)
    _play_one(b_game, rng)
    before = store.getItem("k")
    assert b.write(b_game.save_data()) == "conflict"  # held back: a's move is not lost
    assert store.getItem("k") == before
    assert b.news() == {"save_conflict": True}
    # b takes over: it loads a's game (the newer save) and plays on from it.
    b_game.restore(b.read())
    assert b_game.state == a_game.state and b.news() == {}
    _play_one(b_game, rng)
    assert b.write(b_game.save_data()) == "saved"
    # Now a is behind: a chooses to keep playing here, and its game replaces b's.
    assert a.check()
    assert a.write(a_game.save_data()) == "conflict"
    assert a.write(a_game.save_data(), force=True) == "saved"
    resumed = Session()
    resumed.restore(store.getItem("k"))
    assert resumed.state == a_game.state
    # Generations only go up, whoever writes.
    gens = [json.loads(store.getItem("k"))["generation"]]
    assert b.check() and b.read() and b.write(b_game.save_data()) == "saved"
    gens.append(json.loads(store.getItem("k"))["generation"])
    assert gens == [4, 5]  # a 1, a 2, b 3, a 4 (kept playing there), b 5


def test_a_write_by_an_older_build_still_open_is_a_change_too():
    store = MemoryStore()
    a = Saves(store, "k", tab="a")
    s = _game()
    a.write(s.save_data())
    store.setItem("k", _game(2).save_json())  # an older page (no stamp), another game
    assert a.check() and a.write(s.save_data()) == "conflict"
    a.read()  # take over
    assert not a.check() and a.write(s.save_data()) == "saved"


def test_a_new_game_dealt_elsewhere_is_not_overwritten_either():
    store = MemoryStore()
    a, b = Saves(store, "k", tab="a"), Saves(store, "k", tab="b")
    assert a.read() is None and b.read() is None  # two fresh tabs, no save yet
    assert a.write(_game(1).save_data()) == "saved"
    assert b.write(_game(2).save_data()) == "conflict"
    # A save removed elsewhere (the player forgot it there) is no conflict.
    a.forget()
    assert not b.check() and b.write(_game(2).save_data()) == "saved"


# ------------------------------------------------------------------ storage full or blocked


def test_a_full_storage_is_said_once_and_the_game_goes_on():
    s = _game()
    store = MemoryStore(limit=len(s.save_json()) + 200)
    a = Saves(store, "k", tab="a")
    a.read()
    assert a.write(s.save_data()) == "saved"
    rng = random.Random(5)
    results = []
    for _ in range(40):
        _play_one(s, rng)
        results.append(a.write(s.save_data()))
        if results[-1] == "full":
            break
    assert results[-1] == "full"
    assert a.news() == {"save_warning": "save.full"}
    assert a.write(s.save_data()) == "full" and a.news() == {}  # said once
    # Room again (e.g. an old save deleted): saved, and a later problem is said again.
    store.limit = None
    assert a.write(s.save_data()) == "saved" and a.news() == {}
    store.limit = 10
    assert a.write(s.save_data()) == "full" and a.news() == {"save_warning": "save.full"}
    for lang in ("en", "de"):
        assert Words(lang).t("save.full") != "save.full"


def test_blocked_storage_is_told_apart_from_a_full_one():
    s = _game()
    a = Saves(MemoryStore(blocked=True), "k", tab="a")
    assert a.write(s.save_data()) == "blocked"
    assert a.news() == {"save_warning": "save.blocked"}

    class Quota(Exception):
        name = "QuotaExceededError"

    assert storage_problem(Quota("Setting the value of 'k' exceeded the quota.")) == "full"
    assert storage_problem(OSError("NS_ERROR_DOM_QUOTA_REACHED")) == "full"
    assert storage_problem(PermissionError("SecurityError: access denied")) == "blocked"


def test_a_save_that_cannot_be_resumed_is_kept_aside_even_in_a_full_storage():
    text = '{"format": "schotten-totten/save", "version": 1, "position": {}}'
    store = MemoryStore(limit=2 * len(text) - 10)
    store.setItem("k", text)
    a = Saves(store, "k", tab="a")
    assert a.read() == text
    aside = a.keep_aside(text, when="2026-11-24T13:00:00Z")
    assert aside == "k.broken.2026-11-24T13:00:00Z"
    assert store.getItem(aside) == text and store.getItem("k") is None
    # Kept aside twice in one second: both kept.
    store.limit = None
    store.setItem("k", text + " ")
    assert a.keep_aside(text + " ", when="2026-11-24T13:00:00Z").endswith(".2")
    # A fresh game then saves without asking (nothing is there to lose).
    assert a.write(_game().save_data()) == "saved"


# ------------------------------------------------------------------ through app.py
# (the stand-in browser: tests/fake_browser.py, the ``open_tab`` fixture)


def _play_turn(call, payload):
    """The human seat's turn, then the computer's, through the page's calls."""
    v = payload["view"]
    out = call("act", {"action": v["legal"][0], "seat": payload["seat"]})
    while out.get("ai_to_move") and not out.get("save_conflict"):
        req = call("ai_request")["request"]
        action = make_agent("random").choose(req["view"], random.Random(req["seed"]))
        out = call("act", {"action": action_to_json(action), "seat": req["seat"]})
    return out


def test_app_keeps_a_broken_save_aside_and_tells_the_player(open_tab):
    store = MemoryStore()
    broken = '{"format": "schotten-totten/save", "version": 1, "position": {"hands": 3}}'
    store.setItem(SAVE_KEY, broken)
    call = open_tab(store)
    out = call("boot")
    assert out["ok"] and not out["resumed"]
    assert out["save_error"]["key"] == "save.damaged"
    assert out["kept"] == SAVE_KEY + ".broken." + out["kept"].rsplit(".broken.")[1]
    assert store.getItem(out["kept"]) == broken  # kept, not deleted
    # The page deals a fresh game: it saves without a question.
    out = call("new_game", {"opponent": "ai", "seed": 4})
    assert "save_conflict" not in out
    assert json.loads(store.getItem(SAVE_KEY))["position"]["step"] == "play"


@pytest.mark.parametrize(
    "damage, named",
    [
        ("[" * 5000, "save.too_deep"),
        ('{"version": ' + "9" * 5000 + "}", "save.number_too_long"),
        ('[{"record": ' + "7" * 4400 + "}]", "save.number_too_long"),
        ('[{"record": {"takebacks": NaN}}]', "save.not_a_number"),
    ],
)
def test_damaged_storage_of_every_kind_is_read_as_nothing_and_the_page_boots(
    open_tab, damage, named
):
    """Every stored document damaged at once (the save, the put-aside game, the recent games,
    the statistics, the lessons' progress): the page boots, keeps the save aside, deals, and
    a finished game is counted again, with no exception from any reader."""
    store = MemoryStore()
    for key in ("", ".aside", ".games", ".stats", ".lesson"):
        store.setItem(SAVE_KEY + key, damage)
    call = open_tab(store)
    out = call("boot")
    assert out["ok"] and not out["resumed"] and out["save_error"]["key"] == named
    assert store.getItem(out["kept"]) == damage  # kept aside, not deleted
    out = call("new_game", {"opponent": "ai", "seed": 4})
    assert out["ok"] and json.loads(store.getItem(SAVE_KEY))["position"]


def test_app_two_tabs_one_game(open_tab):
    store = MemoryStore()
    first = open_tab(store)
    first("boot")
    p1 = first("new_game", {"opponent": "ai", "seed": 8})
    second = open_tab(store)
    p2 = second("boot")
    assert p2["resumed"] and p2["view"] == p1["view"]
    # The first tab plays; the second hears of it and its own move is held back.
    p1 = _play_turn(first, p1)
    assert "save_conflict" not in p1
    assert second("save_check") == {"ok": True, "conflict": True}
    held = _play_turn(second, p2)
    assert held["save_conflict"] is True
    # Take over here: the second tab now shows the first tab's game.
    taken = second("save_take_over")
    assert taken["resumed"] and taken["view"] == first("state", {"seat": 0})["view"]
    assert "save_conflict" not in taken
    # The first tab is now behind once the second plays; it keeps playing there instead.
    _play_turn(second, taken)
    assert first("save_check")["conflict"]
    assert first("save_keep") == {"ok": True}
    assert second("save_check")["conflict"]


def test_a_lesson_started_and_left_in_one_tab_asks_nothing_in_another(open_tab):
    """The game is put aside for the lesson and comes back unchanged: the other tab, which
    knows that game, has nothing to ask, during the lesson or after (issue 25)."""
    from lesson_progress import IDS

    store = MemoryStore()
    first = open_tab(store)
    first("boot")
    p1 = first("new_game", {"opponent": "ai", "seed": 8})
    second = open_tab(store)
    p2 = second("boot")
    assert first("lesson_start", {"lesson": IDS[0]})["ok"]
    assert second("save_check") == {"ok": True, "conflict": False}
    assert first("lesson_leave")["ok"]
    assert second("save_check") == {"ok": True, "conflict": False}
    assert "save_conflict" not in _play_turn(second, p2)  # the game goes on here, no question
    # A real change elsewhere is still asked about, and the question says which game is
    # further on.
    assert first("save_check")["conflict"]
    compare = first("save_compare")
    assert compare["further"] == "there" and compare["there"]["cards"] > compare["here"]["cards"]
    assert p1["view"]["round"] == compare["here"]["round"] == 1


def test_app_says_when_the_storage_is_full(open_tab):
    store = MemoryStore()
    call = open_tab(store)
    call("boot")
    p = call("new_game", {"opponent": "ai", "seed": 8})
    store.limit = 100
    out = call("act", {"action": p["view"]["legal"][0], "seat": 0})
    assert out["save_warning"] == "save.full" and out["ai_to_move"]  # the game goes on
    req = call("ai_request")["request"]
    action = make_agent("random").choose(req["view"], random.Random(req["seed"]))
    out = call("act", {"action": action_to_json(action), "seat": req["seat"]})
    assert out["ok"] and "save_warning" not in out  # said once


@pytest.mark.parametrize("bad", [0.0, True, 1.0, "1", 2, None, [0]])
def test_a_setting_held_badly_falls_back_to_its_default_and_the_rest_is_kept(open_tab, bad):
    s = Session()
    s.new_game({"opponent": "ai", "seed": 6, "ai_level": "hard", "autoclaim": True})
    s.set_option("lang", "de")
    data = {**s.save_data(), "settings": {**s.settings, "ai_seat": bad}}
    store = MemoryStore()
    store.setItem(SAVE_KEY, json.dumps(data))
    out = open_tab(store)("boot")
    assert out["resumed"] is True, out  # not put aside
    assert type(out["settings"]["ai_seat"]) is int and out["settings"]["ai_seat"] == 1
    assert {k: out["settings"][k] for k in ("ai_level", "lang", "autoclaim", "opponent")} == {
        "ai_level": "hard",
        "lang": "de",
        "autoclaim": True,
        "opponent": "ai",
    }
    assert out["view"] == s.payload(0)["view"]
    assert store.getItem(SAVE_KEY) is not None


# ------------------------------------------------------------------ an embed's game carried here


def _dealt(seed: int, moves: int, at: int) -> str:
    """A save of a game against the computer (seed ``seed``), ``moves`` actions on, written
    at ``at`` (seconds)."""
    s = Session()
    s.new_game({"opponent": "ai", "seed": seed})
    for _ in range(moves):
        seat = s.state.to_move
        s.act(action_to_json(legal_actions(s.state)[0]), seat)
    store = MemoryStore()
    Saves(store, "k", tab=f"t{seed}", clock=lambda: at).write(s.save_data())
    return store.getItem("k")


def _carry(stored, carried, limit=None):
    store = MemoryStore(limit=limit)
    if stored is not None:
        store.setItem("k", stored)
    out = Saves(store, "k", clock=lambda: 9).take_carried(carried, when="T")
    return out, store.items


def test_a_carried_game_with_no_save_here_is_taken():
    carried = _dealt(1, 2, at=100)
    assert _carry(None, carried) == ({}, {"k": carried})


def test_the_same_game_further_on_is_kept_whichever_side_it_is_on():
    earlier, later = _dealt(1, 2, at=500), _dealt(1, 6, at=100)  # stamps do not matter here
    assert _carry(earlier, later) == ({}, {"k": later})
    assert _carry(later, earlier) == ({}, {"k": later})
    assert _carry(later, later) == ({}, {"k": later})


def test_a_different_later_game_carried_is_taken_and_the_one_here_kept_aside():
    here, carried = _dealt(1, 8, at=100), _dealt(2, 2, at=200)
    out, items = _carry(here, carried)
    assert out == {"carry": "taken", "aside": "k.broken.T"}
    assert items == {"k": carried, "k.broken.T": here}


def test_a_different_earlier_game_carried_is_kept_aside_and_the_one_here_stays():
    here, carried = _dealt(1, 2, at=300), _dealt(2, 8, at=200)
    out, items = _carry(here, carried)
    assert out == {"carry": "kept", "aside": "k.broken.T"}
    assert items == {"k": here, "k.broken.T": carried}


def test_without_stamps_to_compare_the_game_the_player_opened_is_taken():
    here = json.dumps({k: v for k, v in json.loads(_dealt(1, 4, at=900)).items() if k != "at"})
    carried = _dealt(2, 2, at=100)
    out, items = _carry(here, carried)
    assert out["carry"] == "taken" and items["k.broken.T"] == here


def test_no_room_to_keep_one_aside_swaps_nothing():
    here, carried = _dealt(1, 8, at=100), _dealt(2, 2, at=200)
    out, items = _carry(here, carried, limit=len(here) + 5)
    assert out == {"carry": "no_room"}
    assert items == {"k": here}


def test_the_page_weighs_the_carried_game_once_and_tells_the_player(open_tab):
    """app.py boot: the embed's game put under ``<key>.carried`` by embed.js is weighed, the
    player told in the page's language, the waiting copy removed; a second boot (a part
    loaded, a take-over) tells nothing again."""
    store = MemoryStore()
    here, carried = _dealt(1, 8, at=100), _dealt(2, 2, at=200)
    store.setItem(SAVE_KEY, here)
    store.setItem(SAVE_KEY + ".carried", carried)
    tab = open_tab(store)
    out = tab("boot", {"lang": "de"})
    assert out["resumed"]
    de = json.loads((Path(__file__).parent.parent / "web/messages/de.json").read_text())
    assert out["carry"]["text"] == de["save.carry.taken"]
    assert SAVE_KEY + ".carried" not in store.items
    aside = [k for k in store.items if ".broken." in k]
    assert [store.items[k] for k in aside] == [here]
    assert store.items[SAVE_KEY] == carried  # the game resumed
    assert tab.call("state")["view"]["round"] == 1
    assert "carry" not in tab("boot", {"lang": "de"})
