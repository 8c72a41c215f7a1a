"""The page's calls (web/app.py) through the stand-in browser (tests/fake_browser.py): one
kind of refusal worded in the table's language, bugs apologised for, and payloads that carry
only what the page does not hold yet."""

import json
import random
import shutil
from pathlib import Path

import pytest
from session import SAVE_KEY, Session

from engine import Words, action_to_json
from engine.ai import make_agent

ENGLISH = ("the", "must", "be", "is", "not", "cannot", "expects", "only", "number")


def _german(text: str) -> bool:
    """Text in German, with no English word of a refusal left in it."""
    words = {w.strip(".,:;()'\"").lower() for w in text.split()}
    return not words & set(ENGLISH)


def _vs_computer_turn(tab, payload):
    """The human's move, then the computer's, as the page plays them."""
    v = payload["view"]
    if v["step"] == "round_over":
        out = tab("act", {"action": {"kind": "next_round"}, "seat": payload["seat"]})
    else:
        out = tab(
            "act",
            {
                "action": random.Random(len(payload["log"])).choice(v["legal"]),
                "seat": payload["seat"],
            },
        )
    while out.get("ai_to_move"):
        req = tab("ai_request")["request"]
        action = make_agent("random").choose(req["view"], random.Random(req["seed"]))
        out = tab("act", {"action": action_to_json(action), "seat": req["seat"]})
    return out


# ------------------------------------------------------------------ refusals


def test_a_refusal_is_worded_in_the_tables_language_with_its_code(open_tab):
    tab = open_tab()
    tab("new_game", {"opponent": "ai", "seed": 3})
    out = tab("act", {"action": {"kind": "claim", "stone": 3}, "seat": 0})
    assert out["ok"] is False and out["code"] == "wrong_step"
    assert out["error"].startswith("Turn order:")
    tab("set_option", {"name": "lang", "value": "de"})
    out = tab("act", {"action": {"kind": "claim", "stone": 3}, "seat": 0})
    assert out["code"] == "wrong_step" and out["error"].startswith("Zugreihenfolge")
    for name, arg, code in (
        ("fly", None, "unknown_call"),
        ("act", {"seat": 0}, "bad_argument"),
        ("act", [1, 2], "bad_argument"),
        ("replay_view", {"source": "nowhere", "mode": "0", "step": 0}, "bad_source"),
        ("replay_view", {"source": "opened", "mode": "0", "step": 0}, "no_record_open"),
        ("take_back", {"seat": 0}, "no_takeback"),
        ("set_option", {"name": "colour", "value": 1}, "bad_option"),
        ("state", {"seat": 7}, "bad_seat"),
        ("lesson_start", {"lesson": "juggling"}, "unknown_lesson"),
    ):
        out = tab(name, arg)
        assert out["ok"] is False and out["code"] == code, (name, out)
        assert _german(out["error"]), out["error"]
    assert not tab.window.errors  # refusals are no bugs


def test_a_bug_reaches_the_console_and_the_player_reads_an_apology(open_tab, monkeypatch):
    tab = open_tab()
    tab("new_game", {"opponent": "ai", "seed": 3})

    def broken(*_args):
        raise ZeroDivisionError("a raw message the player must not read")

    monkeypatch.setattr(tab.app.session.presenter, "summary", broken)
    out = tab("state", {"seat": 0})
    assert out == {"ok": False, "code": "bug", "error": Words("en").t("request.bug")}
    assert "ZeroDivisionError" in tab.window.errors[-1] and "Traceback" in tab.window.errors[-1]


def test_a_damaged_record_is_refused_in_german_with_its_reason_in_german(open_tab):
    tab = open_tab()
    tab("new_game", {"opponent": "ai", "seed": 3})
    tab("set_option", {"name": "lang", "value": "de"})
    record = Session()
    record.new_game({"opponent": "human", "seed": 5})
    doc = {**record.record_json(), "actions": [{"kind": "claim", "stone": 0}]}
    out = tab("open_record", {"text": json.dumps(doc)})
    assert out["ok"] is False and out["code"] == "bad_entry"
    assert out["error"].startswith("Die Spielaufzeichnung lässt sich nicht abspielen")
    assert _german(out["error"]), out["error"]
    for text, code in (("{not json", "not_json"), ('{"format": "x"}', "not_a_record")):
        out = tab("open_record", {"text": text})
        assert out["code"] == code and _german(out["error"]), out


def test_a_record_5000_deep_or_of_1_mb_is_refused_by_its_rule_and_nothing_changes(open_tab):
    """Opened from a file or a #record= link, JSON nested 5,000 deep killed the page's Python
    (Pyodide's C stack runs out before Python's RecursionError): now refused before it is
    parsed, in the table's language, and the table goes on as it was."""
    tab = open_tab()
    tab("new_game", {"opponent": "human", "seed": 3})
    before = tab("state", {})
    empty = '{"format": "schotten-totten/record", "version": 1, "seed": 1, "actions": []}'
    for text, code, words in (
        (empty.replace("[]", "[" * 5000 + "]" * 5000), "too_deep", "at most 16 levels deep"),
        (empty.replace("[]", "[" + " " * (1 << 20) + "]"), "too_big", "at most 1,000,000"),
    ):
        out = tab("open_record", {"text": text})
        assert out["ok"] is False and out["code"] == code, out
        assert out["error"].startswith("Not opened: a game record") and words in out["error"]
    assert tab("state", {}) == before
    assert tab("replay_info", {"source": "opened", "mode": "open"})["code"] == "no_record_open"
    tab("set_option", {"name": "lang", "value": "de"})
    out = tab("open_record", {"text": "[" * 5000})
    assert out["code"] == "too_deep" and _german(out["error"]), out
    # A number past Python's 4,300 digits (a bare ValueError from json.loads): named.
    out = tab("open_record", {"text": empty.replace('"seed": 1', '"seed": ' + "7" * 4400)})
    assert out["code"] == "number_too_long" and _german(out["error"]), out
    assert "Ziffern" in out["error"], out
    # NaN, Infinity, -Infinity (Python's json reads them, JSON has none): named too.
    for constant in ("NaN", "Infinity", "-Infinity"):
        out = tab("open_record", {"text": empty.replace('"seed": 1', '"seed": ' + constant)})
        assert out["code"] == "not_a_number" and _german(out["error"]), out
        assert out["error"].endswith(f"diese enthält {constant}."), out
    assert not tab.window.errors  # refusals are no bugs


def test_a_bad_save_is_told_in_the_pages_language(open_tab):
    from saves import MemoryStore

    store = MemoryStore()
    store.setItem(SAVE_KEY, '{"format": "schotten-totten/save", "version": 7}')
    tab = open_tab(store)
    out = tab("boot", {"lang": "de"})
    assert out["resumed"] is False and out["save_error"]["key"] == "save.other_version"
    assert out["save_error"]["text"].startswith("Dein gespeichertes Spiel")


# ------------------------------------------------------------------ payloads that do not grow


def test_the_page_gets_only_new_log_lines_and_rebuilds_the_same_log(open_tab):
    tab = open_tab()
    p = tab("new_game", {"opponent": "ai", "seed": 11, "rounds": 3})
    assert p["log_from"] == 0 and len(p["log"]) == 1
    sizes = []
    while p["view"]["step"] != "over":
        p = _vs_computer_turn(tab, p)
        assert p["ok"], p
        whole = tab("state", {"seat": 0}, whole=True)
        assert p["log"] == whole["log"]  # the page's log is the whole log
        sent = json.loads(
            tab.window.stCall("state", '{"seat": 0}', json.dumps({p["log_key"]: len(p["log"])}))
        )
        sizes.append(len(sent["log"]))
    assert len(p["log"]) > 40 and max(sizes) <= 2  # the last line again, at most one more


def test_a_whole_log_after_a_take_back_a_new_language_or_a_new_game(open_tab):
    tab = open_tab()
    p = tab("new_game", {"opponent": "ai", "seed": 4})
    for _ in range(3):
        p = _vs_computer_turn(tab, p)
    key = p["log_key"]
    p = tab("take_back", {"seat": 0})
    assert p["log_key"] != key and p["log_from"] == 0
    assert p["log"][-1]["text"].startswith("A turn was taken back")
    key = p["log_key"]
    p = tab("set_option", {"name": "lang", "value": "de", "seat": 0})
    assert p["log_key"] != key and p["log_from"] == 0 and p["log"][0]["text"].startswith("Neues")
    p = tab("new_game", {"opponent": "ai", "seed": 5})
    assert p["log_from"] == 0 and len(p["log"]) == 1


def test_two_players_on_one_device_each_get_their_own_log(open_tab):
    tab = open_tab()
    p = tab("new_game", {"opponent": "human", "seed": 9, "tactics": True})
    rng = random.Random(9)
    for _ in range(60):
        if p["view"]["step"] == "over":
            break
        if p["handover"] is not None:
            p = tab("state", {"seat": p["handover"]})
        elif p["view"]["step"] == "round_over":
            p = tab("act", {"action": {"kind": "next_round"}, "seat": None})
        else:
            p = tab("act", {"action": rng.choice(p["view"]["legal"]), "seat": p["seat"]})
        assert p["log"] == tab("state", {"seat": p["seat"]}, whole=True)["log"]
    keys = {k.rsplit(".", 1)[1] for k in tab.logs}
    assert keys == {"0", "1", "public"}


def test_the_card_just_played_comes_with_its_events():
    s = Session()
    p = s.new_game({"opponent": "human", "seed": 4})
    assert p["events"] == []
    card = s.payload(0)["view"]["hand"][0]
    p = s.act({"kind": "play", "card": card, "stone": 2}, 0)
    assert p["events"][0] == {"type": "play", "player": 0, "card": card, "stone": 2}
    assert all("card" not in e for e in p["events"] if e["type"] == "draw")  # public form
    assert s.payload(1)["events"] == p["events"]  # the handover tap: the same
    p = s.take_back(0)
    assert p["events"] == []  # nothing just played


def test_the_examples_in_the_glue_run():
    import doctest
    import importlib

    for name in (
        "match",
        "game_options",
        "movelog",
        "replay",
        "savegame",
        "saves",
        "session",
        "finished",
        "refusal",
        "stats",
        "lessons",
        "tutorial",
        "players",
    ):
        result = doctest.testmod(importlib.import_module(name))
        assert result.attempted and not result.failed, name


def test_the_payload_benchmark_runs():
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent  # bench/ is run, not imported (one-way)
    done = subprocess.run(
        [
            sys.executable,
            "bench/payload.py",
            "--runs",
            "1",
            "--seed",
            "3",
            "--rounds",
            "1",
            "--json",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    r = json.loads(done.stdout.strip().splitlines()[-1])
    assert r["first"]["ms"] > 0 and r["end"]["bytes"] > 1000 and r["moves"] > 20
    assert r["size_ratio"] == round(r["end"]["bytes"] / r["first"]["bytes"], 2)


def test_every_refusal_the_glue_raises_has_words_in_every_language():
    import re
    from pathlib import Path

    from engine.words import catalogue, languages

    prefixes = {"RequestError": "request.", "RecordError": "record.", "SaveError": "save."}
    keys = {"request.bug"}
    for path in (Path(__file__).resolve().parent.parent / "web").glob("*.py"):
        for kind, code in re.findall(
            r'(RequestError|RecordError|SaveError)\(\s*"(\w+)"', path.read_text(encoding="utf-8")
        ):
            keys.add(prefixes[kind] + code)
    assert len(keys) > 20
    for lang in languages():
        missing = sorted(k for k in keys if k not in catalogue(lang))
        assert not missing, f"{lang}.json lacks {missing}"
        if lang != "en":
            same = sorted(k for k in keys if catalogue(lang)[k] == catalogue("en")[k])
            assert not same, f"{lang}.json has English for {same}"


def test_the_two_device_play_waits_for_its_part(open_tab, monkeypatch):
    # The two-device play is a part loaded on first use (web/parts.py, part-duo.zip): before
    # the page has unpacked it, its calls are refused in words and a save of such a game
    # asks for it; then the same calls work.
    tab = open_tab()
    out = tab("duo_host", {"name": "Ann", "tactics": False})
    assert out["ok"], out  # here the modules are at hand: the part counts as loaded
    saved = tab.window.localStorage
    missing = open_tab(saved)
    with monkeypatch.context() as patch:
        patch.setattr(missing.app.parts, "available", lambda module: False)
        out = missing("duo_host", {"name": "Ann"})
        assert not out["ok"] and out["code"] == "part_missing" and "(duo)" in out["error"]
        assert missing("boot", {"lang": "en"})["part"] == "duo"
        assert missing("save_take_over")["part"] == "duo"  # another tab's: the same
    again = open_tab(saved)  # the page loaded the part: the save is resumed
    out = again("boot", {"lang": "en"})
    assert out["resumed"] and out["duo"] and "part" not in out
    assert not again("lesson_open")["open"]


# ------------------------------------------------------------------ the page's language only


@pytest.fixture
def english_only(tmp_path, monkeypatch):
    """Python's file system as the browser's: English's two catalogues and the build's list
    of every language (sitebuild/site.py), no other language's file."""
    import words as table_words

    import engine.words
    from sitebuild.ship import LANGUAGE_LIST

    folders = {}
    for name, source in (("engine", engine.words.MESSAGES), ("table", table_words.MESSAGES)):
        folder = tmp_path / name
        folder.mkdir()
        shutil.copy(source / "en.json", folder / "en.json")
        folders[name] = (folder, source)
    listed = folders["engine"][0] / Path(LANGUAGE_LIST).name
    listed.write_text(json.dumps(engine.words.languages()))
    monkeypatch.setattr(engine.words, "MESSAGES", folders["engine"][0])
    monkeypatch.setattr(engine.words, "LISTED", listed)
    monkeypatch.setattr(table_words, "MESSAGES", folders["table"][0])
    added = [folders["table"][0] if f == folders["table"][1] else f for f in engine.words._added]
    monkeypatch.setattr(engine.words, "_added", added)
    monkeypatch.setattr(engine.words, "_catalogues", {})
    return {name: source for name, (_folder, source) in folders.items()}


def test_python_knows_every_language_and_reads_the_pages_own_once_handed_over(
    english_only, open_tab
):
    from saves import MemoryStore
    from words import at_hand, languages

    assert languages() == ["de", "en", "fr"]
    assert at_hand("en") and not at_hand("de") and not at_hand("fr")
    # A game saved in French, resumed on a German page: French is never read (it is not at
    # hand), the page's German is, once the page has handed it over.
    store = MemoryStore()
    tab = open_tab(store)
    tab("new_game", {"opponent": "ai", "seed": 3})
    saved = json.loads(store.getItem(SAVE_KEY))
    saved["settings"]["lang"] = "fr"
    store.setItem(SAVE_KEY, json.dumps(saved))
    tab = open_tab(store)
    out = tab("set_option", {"name": "lang", "value": "de"})
    assert out["ok"] is False and out["code"] == "bad_option"  # not handed over yet
    bad = {"lang": "xx", "engine": {"@language": "x"}, "table": {"@language": "x"}}
    assert tab("words", bad)["code"] == "bad_argument"
    assert tab("words", {"lang": "de", "engine": [], "table": {}})["code"] == "bad_argument"
    given = {
        "lang": "de",
        **{k: json.loads((v / "de.json").read_text("utf-8")) for k, v in english_only.items()},
    }
    assert tab("words", given) == {"ok": True}
    assert at_hand("de") and not at_hand("fr")
    out = tab("boot", {"lang": "de"})
    assert out["resumed"] is True and out["settings"]["lang"] == "en"  # French not at hand
    out = tab("set_option", {"name": "lang", "value": "de"})
    assert out["log"][0]["text"].startswith("Neues"), out["log"][0]
    out = tab("act", {"action": {"kind": "claim", "stone": 3}, "seat": 0})
    assert out["code"] == "wrong_step" and out["error"].startswith("Zugreihenfolge")
    assert tab("set_option", {"name": "lang", "value": "fr"})["code"] == "bad_option"
    assert not tab.window.errors
