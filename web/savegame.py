"""The save's content: the match at the table into the save's data, and any save ever
written back into a match (docs/formats.md, "Saves"; ``tests/data/saves/`` keeps one of
each shape). Where and how it is stored (stamps, two tabs, a full storage) is ``saves.py``.

A setting the save holds badly (an ``ai_seat`` of ``0.0`` or ``true``, a language whose
catalogue is not at hand: in the browser, a save made in a language the page is not in, told
in English until the page sets its own) falls back to that setting's default; the rest of the
save is kept. A position or record the engine refuses makes the save ``SaveError("damaged")``.
"""

from __future__ import annotations

from match import DEFAULT_SETTINGS
from players import AI_LEVELS, names_of
from replay import REFUSED, read_record
from saves import SAVE_FORMAT, SAVE_VERSION, SaveError, parse_save
from words import at_hand

from engine import action_from_json, action_to_json, position_from_json, position_to_json


def save_data(match) -> dict:
    """The save (docs/formats.md); web/saves.py stamps it with the tab that writes it."""
    record = None
    if match.actions is not None:
        record = {**match.start, "actions": match.actions, "takebacks": match.takebacks}
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "settings": match.settings,
        "position": position_to_json(match.state),
        "record": record,
    }
    if match.legacy_log:
        data["log"] = match.legacy_log
    if match.hinted:
        data["hinted"] = match.hinted  # actions that followed a hint (since 2026-11-25)
    data["last"] = match.last_action  # the glow on the last card played (since 2026-11-24)
    told = len(match.action_events) - match.acted_at
    if told > 1:  # an action and the automatic claims after it, told together (since 2026-11-26)
        data["told"] = told
    return data


def settings_of(raw) -> dict:
    """A save's settings, each one checked: one held badly falls back to its default.
    ``type(x) is int``, not ``in (0, 1)``: ``0.0 == 0`` and ``True == 1`` in Python, and
    such a seat would be written back as it came.

    >>> settings_of({"opponent": "ai", "ai_seat": 0.0, "ai_level": "hard"})["ai_seat"]
    1
    >>> settings_of({"ai_seat": True, "lang": "xx"})["lang"]
    'en'
    """
    settings = dict(DEFAULT_SETTINGS)
    if not isinstance(raw, dict):
        return settings
    if raw.get("opponent") in ("ai", "human"):
        settings["opponent"] = raw["opponent"]
    if type(raw.get("ai_seat")) is int and raw["ai_seat"] in (0, 1):
        settings["ai_seat"] = raw["ai_seat"]
    if isinstance(raw.get("ai_level"), str) and raw["ai_level"] in AI_LEVELS:
        settings["ai_level"] = raw["ai_level"]
    if isinstance(raw.get("lang"), str) and at_hand(raw["lang"]):
        settings["lang"] = raw["lang"]
    settings["autoclaim"] = raw.get("autoclaim") is True
    if settings["opponent"] == "human":
        settings["names"] = names_of(raw.get("names"))
    return settings


def restore(match, text) -> None:
    """Resume ``match`` from a save of any shape ever written; raise ``SaveError`` (worded
    from the catalogue) if it cannot be."""
    data = parse_save(text)
    try:
        state = position_from_json(data.get("position"))
    except REFUSED as e:
        raise SaveError("damaged", inner=e) from None
    settings = settings_of(data.get("settings"))
    start, actions, events, takebacks, last = {}, None, [], 0, None
    record = data.get("record")
    if isinstance(record, dict) and isinstance(record.get("actions"), list):
        # The events are the record's: replayed, and kept only if they lead to the
        # saved position (otherwise the save's own log is all there is).
        begin = {"rules": record.get("rules"), "seed": record.get("seed")}
        try:
            final, replayed = read_record(begin, record["actions"])
        except REFUSED:
            final = None
        if final == state:
            start, actions, events = begin, list(record["actions"]), replayed
            n = record.get("takebacks", 0)
            takebacks = n if type(n) is int and n >= 0 else 0
            end = actions[-1] if actions else None
            last = end if isinstance(end, dict) and end.get("kind") != "shuffle" else None
    if "last" in data:  # none after a take-back, though the record ends in a play
        last = _last_of(data["last"])
    log = data.get("log")
    legacy = (
        []
        if actions is not None or not isinstance(log, list)
        else [
            {"p": e.get("p"), "kind": "turn", "text": e["text"]}
            for e in log
            if isinstance(e, dict) and isinstance(e.get("text"), str)
        ]
    )
    hinted = data.get("hinted")
    match.begin(
        state,
        settings,
        start,
        actions,
        events,
        takebacks,
        last,
        legacy,
        hinted if isinstance(hinted, list) else (),
        data.get("told"),
    )
    match.auto_claim()


def _last_of(value):
    """A save's last action, if it is one (else none: it only makes a card glow)."""
    if not isinstance(value, dict):
        return None
    try:
        return action_to_json(action_from_json(value))
    except REFUSED:
        return None
