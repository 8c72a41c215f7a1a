"""Main-thread glue between the page (table.js) and the engine, via PyScript.

table.js calls ``window.stCall(name, argJSON)`` and gets a JSON string back:
``{"ok": true, ...payload}`` or ``{"ok": false, "error": "..."}``. Every change of
the game is saved to localStorage at once. The AI's search does not run here: the page
sends ``ai_request``'s JSON to the worker (ai_worker.py) and plays its answer
back through ``act``; a hint (``hint_request``) goes the same way but is only shown. Only a
level without a search may decide here (``ai_choose``), while the worker is starting.
"""

import json
import traceback

import stats
from lessons import LESSONS, Tutorial
from lessons import lesson as lesson_of
from pyodide.ffi import create_proxy
from pyscript import window
from saves import MemoryStore, Saves
from session import SAVE_KEY, SaveError, Session, parse_action

from engine import FormatError, IllegalAction

session = Session()
# An embedded table (embed.js) saves under its own key, so embeds never share a game; the
# full page keeps SAVE_KEY, so existing saves still resume.
SAVE = getattr(window, "stSaveKey", None) or SAVE_KEY


try:
    storage = window.localStorage
    BLOCKED = False
except Exception:  # noqa: BLE001 - SecurityError: storage blocked; play on without saving
    storage, BLOCKED = MemoryStore(), True   # (e.g. a sandboxed or third-party embed)
# This tab's saves under SAVE: stamped, so two tabs on one game are told apart (web/saves.py).
saves = Saves(storage, SAVE)


GAMES = SAVE + ".games"   # the last finished games, newest first
STATS = SAVE + ".stats"   # statistics of every finished game (web/stats.py)
MAX_GAMES = 20


def _save() -> None:
    # Held back if another tab saved since; a full or blocked storage does not stop the
    # game. Either way the page is told with the call's answer (saves.news(), in call()).
    saves.write(session.save_data())
    _remember_finished()


def _games() -> list:
    text = storage.getItem(GAMES)
    try:
        games = json.loads(text) if isinstance(text, str) else []
    except ValueError:
        games = []
    return games if isinstance(games, list) else []


def _remember_finished() -> None:
    """Keep a finished match in the list of recent games (once)."""
    entry = session.finished_entry()
    if entry is None:
        return
    games = _games()
    if any(isinstance(g, dict) and g.get("record") == entry["record"] for g in games):
        return
    entry["date"] = window.Date.new().toISOString()
    try:
        storage.setItem(GAMES, json.dumps([entry, *games][:MAX_GAMES]))
        # Counted once, with the game kept: the list above is what says it was counted.
        storage.setItem(STATS, json.dumps(stats.add(stats.read(storage.getItem(STATS)), entry)))
    except Exception as e:  # noqa: BLE001 - storage full or blocked: the game goes on
        window.console.warn(f"could not keep the finished game: {e}")


def boot(_arg):
    """Resume the saved game if there is one; otherwise report that there is none."""
    text = saves.read()
    if text is None:
        return {"resumed": False, "storage_blocked": BLOCKED}
    try:
        out = session.restore(text)
    except Exception as e:  # noqa: BLE001 - anything wrong in a save: the same friendly path
        # Kept aside (never deleted) under SAVE.broken.<time>; the player is told why.
        err = e if isinstance(e, SaveError) else SaveError("save.damaged", error=repr(e))
        return {"resumed": False, "save_error": {"key": err.key, "params": err.params},
                "kept": saves.keep_aside(text)}
    return {"resumed": True, **out}


def save_check(_arg):
    """Has another tab saved this game since this one did? (asked on the `storage` event)"""
    return {"conflict": saves.check()}


def save_take_over(_arg):
    """Take over here: the game as another tab saved it (in this table's language)."""
    lang = session.settings.get("lang", "en")
    out = boot(None)
    if out["resumed"]:
        session.set_option("lang", lang)
        out.update(session.payload(session.first_seat()))
    return out


def save_keep(_arg):
    """Keep playing here: this tab's game replaces the one another tab saved."""
    saves.write(session.save_data(), force=True)
    return {}


def new_game(arg):
    out = session.new_game(arg or {})
    _save()
    return out


def rematch(_arg):
    out = session.rematch()
    _save()
    return out


def act(arg):
    out = session.act(parse_action(json.dumps(arg["action"])), arg.get("seat"))
    _save()
    return out


def state(arg):
    """The table for a seat (``null``: the public table, as under the handover screen)."""
    return session.payload(arg.get("seat") if arg else None)


def ai_request(_arg):
    return {"request": session.ai_request()}


def ai_choose(arg):
    """The computer's move worked out here, for a level that decides without a search (no
    budget: a few ms), asked by web/js/ai.js only while the AI's worker is still starting:
    WebKit compiles a worker's Pyodide anew, seconds after the table is playable."""
    if arg.get("budget"):
        raise ValueError("a search level thinks in the AI's worker")
    from engine.ai import choose
    return {"action": choose(arg["view"], int(arg.get("seed", 0)), arg.get("level", "easy"))}


def hint_request(arg):
    """What the worker needs for a hint to ``seat`` (its own view only), or ``null``."""
    return {"request": session.hint_request(arg.get("seat") if arg else None)}


def set_option(arg):
    session.set_option(arg["name"], arg["value"])   # auto-claim may claim at once
    _save()
    seat = arg.get("seat")
    return session.payload(session.first_seat() if seat is None else session.seat_after(seat))


def forget_save(_arg):
    saves.forget()
    return {}


def warm(_arg):
    """Build the engine's lazy tables now, while the player reads the table.

    The first claim proof against an empty side builds tables of every 3-card formation
    (~0.1-0.2 s under Pyodide); done here, right after boot, it never stalls a move later.
    """
    from engine import position_from_json, view
    s = position_from_json({"format": "schotten-totten/position", "version": 1,
                            "hands": [[], []],
                            "stones": [{"sides": [["R1", "R2", "R3"], []]},
                                       {"sides": [["B1", "B2"], ["G5"]]}]})
    view(s, 0)
    view(s, 1)
    return {}


def export_save(_arg):
    return {"save": session.save_json()}


def take_back(arg):
    out = session.take_back(arg["seat"])
    _save()
    return out


def record(_arg):
    """The game record of the match at the table, to download."""
    return {"record": session.record_json()}


def games(_arg):
    """The last finished games kept on this device."""
    return {"games": _games()}


def replay_info(arg):
    """The move list of the match ("game") or of an opened record ("opened")."""
    return session.replay_info(arg.get("source", "game"), arg.get("mode", ""))


def replay_view(arg):
    return session.replay_view(arg.get("source", "game"), arg["mode"], arg["step"])


def open_record(arg):
    """Open a record (a file's text, or a recent game's record) to step through."""
    text = arg["text"] if "text" in arg else json.dumps(arg["record"])
    return session.open_record(text)


# ------------------------------------------------------------------ lessons (web/lessons.py)
# A lesson plays at the table's session, so the game in progress is put aside first (ASIDE;
# "" when there was none) and comes back when the player leaves the lesson. PROGRESS
# remembers where the player is: {"active": lesson id or null, "at": {lesson id: step},
# "done": [lesson ids]}; a reload in the middle of a lesson starts its step again.

tutorial = Tutorial(session)
ASIDE = SAVE + ".aside"
PROGRESS = SAVE + ".lesson"


def _progress() -> dict:
    text = storage.getItem(PROGRESS)
    try:
        data = json.loads(text) if isinstance(text, str) else {}
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}
    at = data.get("at")
    done = data.get("done")
    return {"active": data.get("active") if data.get("active") in _ids() else None,
            "at": {k: v for k, v in at.items() if k in _ids() and type(v) is int}
            if isinstance(at, dict) else {},
            "done": [d for d in done if d in _ids()] if isinstance(done, list) else []}


def _ids() -> list:
    return [les.id for les in LESSONS]


def _set_progress(**changes) -> None:
    try:
        storage.setItem(PROGRESS, json.dumps({**_progress(), **changes}))
    except Exception as e:  # noqa: BLE001 - storage full or blocked: the lesson goes on
        window.console.warn(f"could not remember the lesson: {e}")


def _step_of(lesson_id: str, step) -> int:
    n = len(lesson_of(lesson_id).steps)
    return step if type(step) is int and 0 <= step < n else 0


def _lesson_out(out: dict) -> dict:
    """A lesson step's payload, with where the player is; done steps are remembered."""
    status = tutorial.status()
    if status and status["state"] == "done":
        prog = _progress()
        k = status["step"] if status["last"] else status["step"] + 1
        done = prog["done"] + ([status["lesson"]] if status["last"] and
                               status["lesson"] not in prog["done"] else [])
        _set_progress(at={**prog["at"], status["lesson"]: k}, done=done)
    return {**out, "lesson": status}


def lessons(_arg):
    """The lessons, and where the player is in each (the Learn dialog)."""
    prog = _progress()
    words = session.words(None)
    return {"active": prog["active"], "lessons": [
        {"id": les.id, "title": words.t(f"lesson.{les.id}.title"),
         "about": words.t(f"lesson.{les.id}.about"), "steps": len(les.steps),
         "at": prog["at"].get(les.id), "done": les.id in prog["done"]} for les in LESSONS]}


def lesson_start(arg):
    """Step ``step`` of lesson ``lesson`` (default: where the player was). The game in
    progress is put aside, unless a lesson is already under way (it was, then)."""
    lesson_id = arg["lesson"]
    lesson_of(lesson_id)
    prog = _progress()
    step = _step_of(lesson_id, arg.get("step", prog["at"].get(lesson_id, 0)))
    # A lesson begins: the game saved now is the player's. (Under way, it was put aside
    # already; if that was lost, what is saved now is the only game there is.)
    if (prog["active"] is None and not tutorial.active) or \
            not isinstance(storage.getItem(ASIDE), str):
        text = storage.getItem(SAVE)
        try:
            storage.setItem(ASIDE, text if isinstance(text, str) else "")   # "": no game
        except Exception as e:  # noqa: BLE001 - storage full: no lesson, the game is kept
            raise ValueError(f"could not keep your game aside for the lesson ({e})") from None
    out = tutorial.load(lesson_id, step)
    _save()
    _set_progress(active=lesson_id, at={**_progress()["at"], lesson_id: step})
    return _lesson_out(out)


def lesson_status(arg):
    """Where the player is in the lesson (``look``: a stone tapped, or a list of them: the
    claims list opened). ``lesson`` is null when the table's game is not the lesson's."""
    if tutorial.lesson is not None and not tutorial.active:
        # Another game was dealt over the lesson's: the player chose it, so the lesson is
        # over and the game put aside for it is let go.
        tutorial.stop()
        _set_progress(active=None)
        storage.removeItem(ASIDE)
    look = arg.get("look") if arg else None
    for stone in look if isinstance(look, list) else [look]:
        tutorial.look(stone)   # anything but a stone 0-8 is no look
    return _lesson_out({})


def lesson_next(_arg):
    """The next step, or ``finished`` after the last one."""
    if not tutorial.active:
        raise ValueError("no lesson is under way")
    les, k = tutorial.lesson, tutorial.k
    if k + 1 >= len(les.steps):
        return {"finished": True, "lesson": tutorial.status()}
    return lesson_start({"lesson": les.id, "step": k + 1})


def lesson_leave(_arg):
    """Leave the lesson: the game put aside comes back (none: a fresh game is dealt)."""
    tutorial.stop()
    _set_progress(active=None)
    text = storage.getItem(ASIDE)
    lang = session.settings.get("lang", "en")
    if isinstance(text, str) and text:
        try:
            session.restore(text)
            if saves.write(session.save_data()) == "saved":
                storage.removeItem(ASIDE)
            session.set_option("lang", lang)
            return {"restored": True, **session.payload(session.first_seat())}
        except Exception as e:  # noqa: BLE001 - a damaged save: a fresh game instead
            window.console.warn(f"the game put aside could not be resumed: {e}")
    storage.removeItem(ASIDE)
    out = session.new_game({"opponent": "ai"})
    _save()
    return {"restored": False, **out}


def lesson_resume(_arg):
    """After a reload: the lesson under way starts its step again (``lesson`` null: none)."""
    prog = _progress()
    if prog["active"] is None:
        return {"lesson": None}
    return lesson_start({"lesson": prog["active"]})


def review_requests(arg):
    """A finished game's decisions for the worker to weigh (``session.review_requests``)."""
    arg = arg or {}
    return session.review_requests(arg.get("source", "game"), arg.get("seats"))


def review_store(arg):
    return session.review_store(arg.get("key"), arg.get("results"))


def hint_words(arg):
    """A hint from the worker in words: the move and why (``engine.ai.explain`` data)."""
    return session.hint_words(arg.get("action"), arg.get("advice"))


def statistics(_arg):
    return stats.rows(stats.read(storage.getItem(STATS)), session.words(None))


def statistics_reset(_arg):
    try:
        storage.removeItem(STATS)
    except Exception as e:  # noqa: BLE001 - storage blocked: nothing was kept to reset
        window.console.warn(f"could not reset the statistics: {e}")
    return statistics(None)


API = {f.__name__: f for f in (review_requests, review_store, hint_words, statistics,
                               statistics_reset, boot, new_game, rematch, act, state,
                               ai_request, ai_choose, hint_request,
                               set_option, forget_save, export_save, warm, take_back, record,
                               games, replay_info, replay_view, open_record, lessons,
                               lesson_start, lesson_status, lesson_next, lesson_leave,
                               lesson_resume, save_check, save_take_over, save_keep)}


def call(name, arg_json):
    try:
        fn = API.get(name)
        if fn is None:
            raise ValueError(f"unknown call {name!r}")
        arg = json.loads(arg_json) if arg_json else None
        return json.dumps({"ok": True, **fn(arg), **saves.news()})
    except IllegalAction as e:   # the rule broken, in the table's language
        return json.dumps({"ok": False, "error": session.error_text(e), "code": e.code})
    except (SaveError, FormatError, ValueError) as e:
        return json.dumps({"ok": False, "error": str(e)})
    except Exception as e:  # noqa: BLE001 - the page shows it; the traceback goes to the console
        window.console.error(traceback.format_exc())
        return json.dumps({"ok": False, "error": f"internal error: {e!r}"})


window.stCall = create_proxy(call)
window.document.body.dataset.engine = "ok"   # the engine imported (e2e smoke test)
window.dispatchEvent(window.CustomEvent.new("st:python-ready"))
