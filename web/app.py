"""The page's calls: ``window.stCall(name, argJSON, haveJSON) -> JSON``, one line each.

The JavaScript (``js/bridge.js``) calls by name with one JSON argument, and tells which log
lines it holds (``have``, so a payload carries only new ones). The answer is
``{"ok": true, ...}`` or ``{"ok": false, "error": words, "code": ...}``: a refusal
(``GameError``) in the table's language. Anything else is a bug: its traceback goes to the
console, and the player reads a short apology. Every change of the game is saved at once
(``saves.py``: stamped, two tabs told apart). The AI does not think here: the page sends
``ai_request``'s JSON to the worker (ai_worker.py) and plays its answer back through ``act``.
"""

import contextlib
import json
import traceback

import parts
from ai_requests import choose_on_page
from finished import Finished
from pyodide.ffi import create_proxy
from pyscript import window
from refusal import RequestError, apology, worded
from saves import MemoryStore, SaveError, Saves, parse_save, progress_of
from session import SAVE_KEY, Session
from stored import REFUSALS, Storage, StorageRefused
from words import Words, add_language, at_hand

from engine import GameError, position_from_json, view


class NoDuo:
    """No game against a friend's device here: what the calls ask of one until its part is
    loaded (web/parts.py: ``part-duo.zip``, fetched by the page on first use)."""

    active = False

    def leave(self) -> None:
        pass


session = Session()
duo = NoDuo()  # a game against a friend's device, when one is at the table (web/duo.py)
duo_games = None  # its record, replay and review once over (web/duo_games.py)
reconnector = None  # its live channel brought back (web/reconnect.py)


def duo_part() -> None:
    """The two-device play, from its part (the page unpacked it first: js/part.js)."""
    global duo, duo_games, reconnector
    if not isinstance(duo, NoDuo):
        return
    if not parts.available("duo"):
        raise RequestError("part_missing", name="duo")
    replay_part()  # its replay and review once over are the replay's
    from duo import Duo
    from duo_games import DuoGames
    from reconnect import Reconnector

    duo = Duo()
    duo_games = DuoGames(duo)
    reconnector = Reconnector()


def replay_part() -> None:
    """The replay viewer, the review and the game links come with their part (the page
    unpacked it first: js/part.js); ``session`` imports them when first asked."""
    if not parts.available("viewer"):
        raise RequestError("part_missing", name="replay")


def with_replay(fn):
    """A call of the replay, the review or the game links: their part there first."""

    def call(*args):  # (a), or (a, have) for a call that answers with the table
        replay_part()
        return fn(*args)

    return call


def with_duo(fn):
    """A call of the two-device play: its part imported first."""

    def call(*args):  # (a), or (a, have) for a call that answers with the table
        duo_part()
        return fn(*args)

    return call


def is_duo_save(text) -> bool:
    """A save of a game against a friend's device (Duo.is_duo_save, without its part)."""
    try:
        return "duo" in parse_save(text)
    except SaveError:
        return False


# An embedded table (embed.js) saves under its own key, so embeds never share a game; the
# full page keeps SAVE_KEY, so existing saves still resume.
SAVE = getattr(window, "stSaveKey", None) or SAVE_KEY

try:
    area = window.localStorage
except REFUSALS:  # SecurityError: storage blocked; play on without saving
    area = None  # (e.g. a sandboxed or third-party embed)
BLOCKED = area is None
# Every read and write of the storage through this one door (web/stored.py).
storage = Storage(MemoryStore() if BLOCKED else area)
# This tab's saves under SAVE: stamped, so two tabs on one game are told apart (web/saves.py).
saves = Saves(storage, SAVE, warn=window.console.warn)
finished = Finished(storage, SAVE, warn=window.console.warn)


def save() -> None:
    """Saved after every change. Held back if another tab saved since; a full or blocked
    storage does not stop the game. Either way the page is told with the call's answer
    (``saves.news()``, in ``call``)."""
    if duo.active:
        saves.write(duo.save_data())
        entry = duo_games.entry(duo.presenter.words(None))
    else:
        saves.write(session.save_data())
        entry = session.finished_entry()
    if entry is not None:
        finished.remember(entry, window.Date.new().toISOString())


def table_save() -> dict:
    """The save of the game at the table: against a friend's device, or on this one."""
    return duo.save_data() if duo.active else session.save_data()


def save_compare() -> dict:
    """How far the game here and the game saved elsewhere are (round and cards played), for
    the "Continued elsewhere" question; ``further``: "here", "there" or None (as far)."""
    here = progress_of(json.dumps(table_save()))
    there = progress_of(storage.get(SAVE))
    key = (lambda p: (p["round"], p["cards"])) if here and there else None
    further = (
        None
        if key is None or key(here) == key(there)
        else "here"
        if key(here) > key(there)
        else "there"
    )
    return {"here": here, "there": there, "further": further}


def saved(out: dict) -> dict:
    save()
    return out


def saved_duo(out: dict) -> dict:
    """A message received: saved when it was played (an invitation to answer is not yet a
    game here, and a message ignored changed nothing)."""
    if duo.active and "invite" not in out and "ignored" not in out:
        save()
    return out


lessons = None  # the lessons (web/lesson_progress.py), once their part is loaded


def lessons_part():
    """The lessons, from their part (the page unpacked it first: js/part.js)."""
    global lessons
    if lessons is None:
        if not parts.available("lesson_progress"):
            raise RequestError("part_missing", name="lessons")
        from lesson_progress import LessonProgress

        lessons = LessonProgress(session, storage, saves, SAVE, save, warn=window.console.warn)
    return lessons


def lesson_open(_arg) -> dict:
    """Whether a lesson was left open at the last visit (lesson_progress.py keeps where the
    player is under ``<save key>.lesson``): the page then loads the lessons to go on."""
    data = storage.read(SAVE + ".lesson")
    return {"open": isinstance(data, dict) and isinstance(data.get("active"), str)}


def in_lesson() -> bool:
    """Is a lesson on the table (its part loaded, its tutorial active)?"""
    return lessons is not None and lessons.tutorial.active


puzzles = None  # the puzzles (web/puzzles.py), once their part is loaded
# Where web/puzzles.py keeps the player's puzzles and the game put aside for them (a test
# compares): read here without the part, to know whether it is needed.
PUZZLE_PROGRESS, PUZZLE_ASIDE = ".puzzles", ".puzzle_aside"


def puzzles_part():
    """The puzzles, from their part (the page unpacked it first: js/part.js)."""
    global puzzles
    if puzzles is None:
        if not parts.available("puzzles"):
            raise RequestError("part_missing", name="puzzles")
        from puzzles import PuzzleDesk

        puzzles = PuzzleDesk(session, storage, SAVE, save, warn=window.console.warn)
    return puzzles


def puzzles_kept(suffix: str) -> bool:
    """Whether the puzzles kept something under ``<save key><suffix>``."""
    return storage.get(SAVE + suffix) is not None


def puzzles_wanted(suffix: str) -> bool:
    """Whether the puzzles kept something under ``<save key><suffix>`` that their part must
    read, and the part is not loaded: the call answers ``{"part": "puzzles"}``, and the
    page loads it and asks again."""
    return puzzles_kept(suffix) and not parts.available("puzzles")


def in_puzzle() -> bool:
    """Is a puzzle on the table (its part loaded, the table's game its)?"""
    return puzzles is not None and puzzles.active


carried_taken = False  # the embed's carried game was weighed (once per page)


def take_carried(words) -> dict:
    """The full page opened from an embed's ↗ with the embed's game (``#carry=``): embed.js
    put it under ``<save key>.carried`` (or in ``window.stCarried`` where storage is blocked).
    It is weighed once against the save here (``Saves.take_carried``: the later game kept,
    the other kept aside), and what the player must be told comes back in words."""
    global carried_taken
    if carried_taken:
        return {}
    carried_taken = True
    key = SAVE + ".carried"
    text = storage.get(key)
    if text is None:
        text = getattr(window, "stCarried", None)
    out = saves.take_carried(text if isinstance(text, str) else None)
    with contextlib.suppress(StorageRefused):  # refused: weighed again next time
        storage.remove(key)
    if "carry" not in out:
        return {}
    return {"carry": {**out, "text": words.t(f"save.carry.{out['carry']}")}}


def boot(arg, have=None):
    """Resume the saved game if there is one; otherwise report that there is none. A save
    that cannot be resumed is kept aside (never deleted) and the player told why, in the
    page's language (``arg.lang``). The embed's game carried to this page is weighed first
    (``take_carried``)."""
    if puzzles_wanted(PUZZLE_ASIDE):  # a reload in the middle of the puzzles
        return {"resumed": False, "part": "puzzles"}
    lang = arg.get("lang") if isinstance(arg, dict) else None
    words = Words(lang) if at_hand(lang) else session.words(None)
    carry = take_carried(words)
    return {**resume_saved(words, have), **carry}


def resume_saved(words, have=None):
    """The saved game resumed (``boot``), in ``words``' language for what is told."""
    # A reload in the middle of the puzzles: the game put aside for them comes back.
    aside = puzzles_part().take_aside() if puzzles_kept(PUZZLE_ASIDE) else None
    text = saves.read()  # read even so: this tab then knows the save it writes over
    if aside is not None:
        text = aside or None
    if text is None:
        return {"resumed": False, "storage_blocked": BLOCKED}
    if is_duo_save(text) and not (parts.available("duo") and parts.available("viewer")):
        # the page loads it (with the replay's part, its games' replay) and asks again
        return {"resumed": False, "part": "duo"}
    try:
        if is_duo_save(text):
            duo_part()
            return {"resumed": True, **duo.restore(text, words.lang, have)}
        duo.leave()
        out = {"resumed": True, **session.restore(text, have)}
        return saved(out) if aside else out
    except SaveError as e:
        error = {"key": e.key, "params": e.params, "text": worded(e, words)}
    except Exception:  # noqa: BLE001 - a bug reading a save: told, and the save kept aside
        window.console.error(traceback.format_exc())
        error = {
            "key": "save.damaged",
            "params": {"error": apology(words)},
            "text": words.t("save.damaged", error=apology(words)),
        }
    return {"resumed": False, "kept": saves.keep_aside(text), "save_error": error}


def save_take_over(_arg, have):
    """Take over here: the game as another tab saved it (in this table's language). A game
    against a friend's device answers with its own table: this tab's game on this device
    (none, if the tab began on the friend's game) is not the one taken over."""
    lang = duo.match.lang if duo.active else session.settings.get("lang", "en")
    out = boot({"lang": lang}, have)
    if not out["resumed"]:
        return out
    if duo.active:
        if duo.match.lang != lang:
            session.set_option("lang", lang)
            duo.set_language(lang)
            out.update(duo.payload(have))
        return out
    session.set_option("lang", lang)
    out.update(session.payload(session.first_seat(), have))
    return out


def words(a):
    """The page's language's catalogues, as the page fetched them (js/words.js): Python has
    English's only (web/words.py), and needs the page's before ``boot``."""
    try:
        add_language(need(a, "lang"), need(a, "engine"), need(a, "table"))
    except ValueError:
        raise RequestError("bad_argument", name="lang") from None
    return {}


def warm(_arg):
    """Build the engine's lazy tables now, while the player reads the table.

    The first claim proof against an empty side builds tables of every 3-card formation
    (~0.1-0.2 s under Pyodide); done here, right after boot, it never stalls a move later.
    """
    s = position_from_json(
        {
            "format": "schotten-totten/position",
            "version": 1,
            "hands": [[], []],
            "stones": [{"sides": [["R1", "R2", "R3"], []]}, {"sides": [["B1", "B2"], ["G5"]]}],
        }
    )
    view(s, 0)
    view(s, 1)
    return {}


def need(a, key: str):
    """``a[key]`` of a call's argument; the page sent a request of another shape if none."""
    if not isinstance(a, dict) or key not in a:
        raise RequestError("bad_argument", name=key)
    return a[key]


def opt(a, key: str, default=None):
    """``a[key]`` if the call's argument has it (none, or null: ``default``)."""
    if a is not None and not isinstance(a, dict):
        raise RequestError("bad_argument", name=key)
    value = (a or {}).get(key)
    return default if value is None else value


def table(a_duo, a_table):
    """The call for the game at the table: against a friend's device, or on this one."""
    return lambda *args: a_duo(*args) if duo.active else a_table(*args)  # (a) or (a, have)


def lang() -> str:
    return session.settings.get("lang", "en")


def leave_duo(fn):
    """A call that deals another game: the game against a friend's device is put down."""

    def call(*args):  # (a), or (a, have) for a call that answers with the table
        duo.leave()
        return fn(*args)

    return call


def not_in_duo(fn):
    """A call with no meaning in a game against a friend's device (a rematch is a new
    invitation; a lesson would put it aside; the record is the two devices' together)."""

    def call(*args):  # (a), or (a, have) for a call that answers with the table
        if duo.active:
            raise RequestError("duo_game")
        return fn(*args)

    return call


def on_device(a_duo, fn):
    """A call about "the game at the table" or an opened record: the game against a friend's
    device answers for itself (``a_duo``: its replay and review once it is over), a record
    opened from a file replays here."""

    def call(a):
        if duo.active and opt(a, "source", "game") == "game":
            return a_duo(a)
        return fn(a)

    return call


def review_store(a):
    """The verdicts go to the review that asked for them (the game against a friend's device
    has its own, as its players' names are its own)."""
    key = opt(a, "key")
    ours = duo_games is not None and duo_games.owns_review(key)
    review = duo_games.review if ours else session.review
    return review.store(key, opt(a, "results"), opt(a, "total"))


def set_option(a, have):
    session.set_option(need(a, "name"), need(a, "value"))  # auto-claim may claim at once
    if duo.active:
        if a["name"] == "lang":
            duo.set_language(a["value"])
        save()
        return duo.payload(have)
    save()
    seat = opt(a, "seat")
    return session.payload(session.first_seat() if seat is None else session.seat_after(seat), have)


def open_record(a):
    """Open a record (a file's text, or a recent game's record) to step through."""
    return session.open_record(
        need(a, "text") if isinstance(a, dict) and "text" in a else json.dumps(need(a, "record"))
    )


def duo_game_link() -> str:
    """The link of the game against a friend's device, once over (engine/gamelink.py)."""
    from engine.gamelink import game_link  # the replay's part: loaded first (with_replay)

    return game_link(duo_games.record())


def save_keep(_arg):
    """Keep playing here: this tab's game replaces the one another tab saved."""
    saves.write(table_save(), force=True)
    return {}


def forget_save(_arg):
    saves.forget()
    return {}


def lesson_leave(_arg):
    return lessons_part().leave(lambda: saved(session.new_game({"opponent": "ai"})))


def no_lesson():
    """Puzzles wait for the lesson to end: each keeps a game aside, and only one may."""
    raise RequestError("puzzle_in_lesson")


def statistics(_arg):
    # In the table's language: a game against a friend's device keeps its own.
    if puzzles_wanted(PUZZLE_PROGRESS):  # their line: read by their part
        return {"part": "puzzles"}
    words = duo.presenter.words(None) if duo.active else session.words(None)
    return {
        **finished.statistics_of(words),
        "puzzles": puzzles_part().statistics(words) if puzzles_kept(PUZZLE_PROGRESS) else None,
    }


def statistics_reset(_arg):
    finished.reset()
    return statistics(None)


# Each call: its argument (``a``: a JSON object, or ``_``: none needed) to the part that
# answers it; ``need`` and ``opt`` refuse an argument of another shape.
API = {
    "save_check": lambda _: {"conflict": saves.check()},
    "save_compare": lambda _: save_compare(),
    "save_keep": save_keep,
    "forget_save": forget_save,
    "export_save": lambda _: {"save": session.save_json()},
    "carry": lambda _: {"save": saves.held()},
    "duo_invitation": with_duo(lambda a: duo.invitation(need(a, "link"), lang())),
    "duo_prepare": with_duo(lambda _: duo.prepare()),
    "duo_rtc_said": with_duo(lambda a: saved(duo.said_rtc(need(a, "rtc")))),
    "duo_leave": lambda _: duo.leave() or {},
    "duo_reconnect": with_duo(
        lambda a: {
            "link": reconnector.make(duo.ep, need(a, "kind"), need(a, "rtc"), opt(a, "re", ""))
        }
    ),
    "duo_reconnect_read": with_duo(
        lambda a: reconnector.take(
            duo.match.ep if duo.active else None,
            need(a, "link"),
            is_open=opt(a, "open", False) is True,
            waiting=opt(a, "waiting", False) is True,
        )
    ),
    "words": words,
    "warm": warm,
    "ai_request": table(lambda _: {"request": None}, lambda _: {"request": session.ai_request()}),
    "ai_choose": choose_on_page,
    "hint_request": table(
        lambda _: {"request": None}, lambda a: {"request": session.hint_request(opt(a, "seat"))}
    ),
    "hint_words": lambda a: session.hint_words(opt(a, "action"), opt(a, "advice")),
    "record": table(
        lambda _: {"record": duo_games.record()}, lambda _: {"record": session.record_json()}
    ),
    "games": lambda _: {"games": finished.games()},
    "replay_info": with_replay(
        on_device(
            lambda a: duo_games.replay_info(opt(a, "mode", "")),
            lambda a: session.replay_info(opt(a, "source", "game"), opt(a, "mode", "")),
        )
    ),
    "replay_view": with_replay(
        on_device(
            lambda a: duo_games.replay_view(need(a, "mode"), need(a, "step")),
            lambda a: session.replay_view(
                opt(a, "source", "game"), need(a, "mode"), need(a, "step")
            ),
        )
    ),
    "open_record": with_replay(open_record),
    # Games as links (web/shared.py): a game against a friend's device once it is over.
    "open_link": with_replay(lambda a: session.open_link(need(a, "text"))),
    "share_link": with_replay(
        on_device(
            lambda _: {"link": duo_game_link(), "kind": "game"},
            lambda a: session.share_link(opt(a, "source", "game")),
        )
    ),
    "review_requests": with_replay(
        on_device(
            lambda _: duo_games.review_requests(),
            lambda a: session.review_requests(opt(a, "source", "game"), opt(a, "seats")),
        )
    ),
    "review_store": with_replay(review_store),
    "statistics": statistics,
    "statistics_reset": statistics_reset,
    "lesson_open": lesson_open,
    "lessons": lambda _: lessons_part().lessons(),
    "lesson_start": not_in_duo(lambda a: lessons_part().start(need(a, "lesson"), opt(a, "step"))),
    "lesson_status": lambda a: lessons_part().status(opt(a, "look")),
    "lesson_next": lambda _: lessons_part().next(),
    "lesson_leave": lesson_leave,
    "lesson_resume": lambda _: lessons_part().resume(),
    "puzzle_load": lambda a: puzzles_part().load(need(a, "text")),
    "puzzle_open": not_in_duo(lambda a: puzzles_part().open(a) if not in_lesson() else no_lesson()),
    "puzzle_hint": lambda _: puzzles_part().hint(),
    "puzzle_status": lambda _: {"puzzle": puzzles_part().status()},
    "puzzle_leave": lambda _: puzzles_part().leave(
        lambda: saved(session.new_game({"opponent": "ai"}))
    ),
}

# The calls that answer with the table take ``have`` too: the log lines the page holds
# (``{log_key: n}``), passed down to the presenter so the payload carries only new ones.
TABLE_CALLS = {
    "boot": boot,
    "save_take_over": save_take_over,
    "new_game": leave_duo(lambda a, have: saved(session.new_game(a or {}, have))),
    "rematch": not_in_duo(lambda _, have: saved(session.rematch(have))),
    "act": table(
        lambda a, have: saved(duo.act(need(a, "action"), have)),
        # A puzzle on the table: the move is judged, not played (web/puzzles.py).
        lambda a, have: (
            puzzles.answer(need(a, "action"), have)
            if in_puzzle()
            else saved(session.act(need(a, "action"), opt(a, "seat"), have))
        ),
    ),
    # In a game against a friend's device: a question to the friend, who must agree.
    "take_back": table(
        lambda _, have: saved(duo.ask_takeback(have)),
        lambda a, have: saved(session.take_back(need(a, "seat"), have)),
    ),
    "duo_takeback_answer": with_duo(
        lambda a, have: saved(duo.answer_takeback(need(a, "agree"), have))
    ),
    "duo_code": with_duo(lambda a, have: saved(duo.check_code(need(a, "same"), have))),
    "state": table(
        lambda _, have: duo.payload(have), lambda a, have: session.payload(opt(a, "seat"), have)
    ),
    "duo_host": with_duo(lambda a, have: saved(duo.host(a or {}, lang(), have))),
    "duo_join": with_duo(
        lambda a, have: saved(
            duo.join(need(a, "link"), need(a, "name"), lang(), rtc=opt(a, "rtc", None), have=have)
        )
    ),
    "duo_receive": with_duo(
        lambda a, have: saved_duo(
            duo.receive(
                need(a, "message"),
                lang(),
                live=opt(a, "live", False) is True,
                rtc=opt(a, "rtc", None),
                have=have,
            )
        )
    ),
    "set_option": set_option,
    "play_link": with_replay(leave_duo(lambda _, have: saved(session.play_link(have)))),
}


def _request(name, arg_json, have_json):
    if name not in API and name not in TABLE_CALLS:
        raise RequestError("unknown_call", name=str(name)[:40])
    try:
        arg = json.loads(arg_json) if arg_json else None
        have = json.loads(have_json) if have_json else None
    except (json.JSONDecodeError, RecursionError):
        raise RequestError("bad_argument", name=name) from None
    if name in TABLE_CALLS:
        return TABLE_CALLS[name](arg, have if isinstance(have, dict) else None)
    return API[name](arg)


def call(name, arg_json, have_json=None):
    try:
        return json.dumps({"ok": True, **_request(name, arg_json, have_json), **saves.news()})
    except GameError as e:  # a refusal: in the table's language, from its code and params
        return json.dumps(
            {"ok": False, "error": worded(e, session.words(None)), "code": e.code, **saves.news()}
        )
    except Exception:  # noqa: BLE001 - a bug: the traceback to the console, an apology shown
        window.console.error(traceback.format_exc())
        return json.dumps({"ok": False, "error": apology(session.words(None)), "code": "bug"})


def unpack_part(name, data) -> None:
    """The page hands over a part's archive (js/part.js): unpacked for its modules."""
    parts.unpack(str(name), bytes(data.to_py()))


window.stCall = create_proxy(call)
window.stUnpack = create_proxy(unpack_part)
window.document.body.dataset.engine = "ok"  # the engine imported (e2e smoke test)
window.dispatchEvent(window.CustomEvent.new("st:python-ready"))
