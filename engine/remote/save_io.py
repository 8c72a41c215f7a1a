"""A device's save: written (``save``), and read back as strictly as a message (``load``): one
reader per field (``SAVE_FIELDS`` lists them in order), then the fields as one device's game.

A reader is ``read(value, ep) -> the field's value``, ``ep`` holding the fields read
before it; anything but what ``save`` writes raises a ``ValueError`` (its text says
where), which ``load`` words as ``error.remote.bad_save``. Numbers are checked
as text before any conversion (a string of 5,000 digits is not given to ``int``), numbers
of the group are in the group (``sra.valid_element``), lists are of the sizes a game gives,
and the engine states are positions the game can reach (``state_io``). An endpoint read so
shows its table, says what it waits for and saves again without any other error
(``tests/test_remote_saves.py`` fuzzes it).
"""

from __future__ import annotations

from types import SimpleNamespace

from ..actions import action_from_json, action_to_json
from ..records import read_deals
from ..state import Rules
from .channel import Channel
from .deal import RoundCards
from .device import Device
from .errors import RemoteError
from .handshake import Handshake
from .messages import (
    B64URL,
    FINGERPRINT_HEX,
    VERSION,
    check_actions,
    check_hex,
    read,
    read_deal,
)
from .pairing import Half, check_name, is_game_id
from .sra import GROUPS, OLD_GROUPS, SYSTEM, int_to_text, text_to_int, valid_element
from .state_io import hidden, state_from_json, state_to_json
from .table import Table
from .takeback import TakeBacks, point_from_json

SAVE_FORMAT = "schotten-totten/remote-save"
SAVE_VERSIONS = (1, 2, VERSION)  # an older save resumes once paired (its messages then
#                                   travel in this version)

MAX_COUNT = 1 << 20  # a sequence number (messages.read's bound), a count of take-backs
# What the audit can find (audit.py): a verdict names one.
CHEATS = (
    "deck_not_cards",
    "shuffle_not_cards",
    "key_mismatch",
    "return_mismatch",
    "wrong_card",
    "illegal_move",
    "card_twice",
    "unlocked_entry",
)
EXTRA = {"illegal_move": {"move", "rule"}, "card_twice": {"card"}}  # a verdict's other params


def _bad(where: str) -> ValueError:
    return ValueError(f"save: {where}")


def _optional(read_value):
    """``None``, or what ``read_value`` reads."""
    return lambda value, ep: None if value is None else read_value(value, ep)


def _whole(lo: int, hi: int, where: str):
    def read_whole(value, _ep) -> int:
        if type(value) is not int or not lo <= value <= hi:
            raise _bad(where)
        return value

    return read_whole


def _list(value, where: str, most: int) -> list:
    if not isinstance(value, list) or len(value) > most:
        raise _bad(where)
    return value


# ---------------------------------------------------------------- the fields, one by one


def game(value, _ep) -> str:
    if not is_game_id(value):
        raise _bad("game")
    return value


def rules(value, _ep) -> Rules:
    return Rules.from_json(value)  # a FormatError names the option


def names(value, ep) -> list:
    """Both names (the guest's is not known to the host before the answer)."""
    if not isinstance(value, list) or len(value) != 2:
        raise _bad("names")
    for i, name in enumerate(value):
        if (name is not None or i == 0) and check_name(name) != name:
            raise _bad("names: not as the game keeps a name")
    return list(value)


def key(value, _ep) -> bytes | None:
    """The HMAC key: 32 bytes in lowercase hex."""
    if value is None:
        return None
    check_hex(value, 64, "key")
    return bytes.fromhex(value)


def half(value, ep) -> Half | None:
    """This device's Diffie-Hellman secret until the key is known (the host's until the
    answer, the guest's until the host's half comes)."""
    if value is None:
        return None
    secret = text_to_int(value, ep.group.key_bits)
    if secret is None or not 0 < secret < 1 << ep.group.key_bits:
        raise _bad("half")
    return Half(secret, ep.group)


def digest(value, _ep) -> str | None:
    """A hash in 43 base64url characters (a live part's ``rtc_digest``), or none."""
    if value is not None and (
        not isinstance(value, str) or len(value) != 43 or value.strip(B64URL)
    ):
        raise _bad("digest")
    return value


def transcript(value, _ep) -> bytes | None:
    """What this device saw of the pairing so far: a SHA-256, in lowercase hex."""
    if value is None:
        return None
    check_hex(value, 64, "transcript")
    return bytes.fromhex(value)


def dh_out(value, ep) -> str | None:
    """The host's half, to go with its next message: an element of the group."""
    if value is None:
        return None
    if not valid_element(text_to_int(value), ep.group):
        raise _bad("dh_out")
    return value


def flag(value, _ep) -> bool:
    if type(value) is not bool:
        raise _bad("a flag")
    return value


def state(value, ep):
    """The engine state: a position of this game (its rules, its id as the seed)."""
    return None if value is None else state_from_json(value, ep.rules, ep.game)


def cards(value, ep) -> RoundCards | None:
    """This round's cards (the next round's, on the host, once the round is audited)."""
    if value is None:
        return None
    r = RoundCards.from_json(value, ep.group)
    if (r.game, r.seat, r.tactics) != (ep.game, ep.seat, ep.rules.tactics):
        raise _bad("cards: another game's")
    if r.round > ep.rules.rounds:
        raise _bad("cards.round")
    return r


def actions(value, _ep) -> list:
    """My actions not sent yet, as they travel."""
    check_actions(_list(value, "unsent", 40))  # a MalformedAction for a malformed one
    for wire in value:
        if "commit" not in wire and action_to_json(action_from_json(wire)) != wire:
            raise _bad("unsent: not an action as the engine writes it")
    return value


def fingerprints(value, _ep) -> list:
    for fp in _list(value, "drew", 16):
        check_hex(fp, FINGERPRINT_HEX, "drew")
    return value


def deal_out(value, ep) -> dict | None:
    """A step of the deal to send: the message's ``deal``."""
    if value is not None:
        read_deal(value)
    return value


def last_sent(value, ep) -> dict | None:
    """The last message sent (to send again): a message of this game, from this seat."""
    if value is None:
        return None
    msg = read(value)  # the strict reader of messages
    if msg["g"] != ep.game or msg["from"] != ep.seat or msg["n"] != ep.sent - 1:
        raise _bad("last_sent: not this device's last message")
    return msg


def audits(value, ep) -> list:
    """The rounds audited, as a record holds them: round ``i + 1`` at ``i``."""
    keys = {"round", "ok", "deal", "actions"}
    for i, a in enumerate(_list(value, "audits", ep.rules.rounds)):
        if not isinstance(a, dict) or set(a) != keys or a["ok"] is not True:
            raise _bad("audits")
        if type(a["round"]) is not int or a["round"] != i + 1:
            raise _bad("audits.round")
        if not isinstance(a["deal"], dict):
            raise _bad("audits.deal")
        read_deals(a["deal"], ep.rules)  # a FormatError names the card
        for wire in _list(a["actions"], "audits.actions", 2000):
            if action_to_json(action_from_json(wire)) != wire:
                raise _bad("audits.actions")
    return value


def verdict(value, _ep) -> dict | None:
    """The cheat found (the game is void), as ``Cheat.to_json`` wrote it."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"key", "code", "params"}:
        raise _bad("verdict")
    code, params = value["code"], value["params"]
    if code not in CHEATS or value["key"] != f"error.remote.{code}":
        raise _bad("verdict.code")
    wanted = {"player"} | EXTRA.get(code, set())
    if not isinstance(params, dict) or set(params) != wanted:
        raise _bad("verdict.params")
    if type(params["player"]) is not int or params["player"] not in (0, 1):
        raise _bad("verdict.player")
    if any(not isinstance(params[k], str) or len(params[k]) > 60 for k in wanted - {"player"}):
        raise _bad("verdict.params")
    return value


def turn_points(value, ep) -> list:
    """Where each one's last turn began (takeback.py); a turn point still open holds the
    state and the round's cards of that moment, of this round."""
    if not isinstance(value, list) or len(value) != 2:
        raise _bad("turn_points")
    live = None if ep.cards is None else ep.cards.to_json()
    points = [point_from_json(tp, live, ep.rules, ep.game, ep.seat, ep.group) for tp in value]
    for p, tp in enumerate(points):
        if tp is not None and tp["player"] != p:
            raise _bad("turn_points: in another's place")
    return points


def asked(value, _ep) -> dict | None:
    """A take-back question in flight: who asked, about which turn."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"player", "round", "ply"}:
        raise _bad("asked")
    _whole(0, 1, "asked.player")(value["player"], None)
    _whole(1, 99, "asked.round")(value["round"], None)
    _whole(0, 999, "asked.ply")(value["ply"], None)
    return value


seat = _whole(0, 1, "seat")
count = _whole(0, MAX_COUNT, "a count")


# ---------------------------------------------------------------- the fields together


def check_whole(ep) -> None:
    """The fields agree as one device's game: paired or not, dealt or not, this round's cards
    with the table's hidden cards."""
    paired = ep.key is not None
    if paired == (ep.half is not None) or paired == (ep.transcript is not None):
        raise _bad("pairing: a half and the transcript until the key, the key after")
    if (ep.dh_commit is not None) != (ep.seat == 1 and not paired):
        raise _bad("dh_commit: the guest's, until the host's half comes")
    if ep.dh_out is not None and (ep.seat != 0 or not paired):
        raise _bad("dh_out: the host's, once paired")
    if ep.seat == 1 and not paired and (ep.state is not None or ep.cards is not None):
        raise _bad("guest: no deal before the key")
    if (ep.names[1] is None) != (ep.seat == 0 and not paired):
        raise _bad("names: the guest's comes with the answer")
    s, r = ep.state, ep.cards
    if (s is None) != (ep.start_state is None) or (s is not None and r is None):
        raise _bad("state")
    if s is not None and r is not None:
        if ep.start_state.round != s.round or r.round not in (s.round, s.round + 1):
            raise _bad("round")
        if r.round == s.round:
            hidden(s, r, ep.seat, "state")
    elif r is not None and r.round != 1:
        raise _bad("cards.round")
    if ep.audits and (s is None or len(ep.audits) > s.round):
        raise _bad("audits: a round not played")
    if ep.asked is not None and s is None:
        raise _bad("asked")


# ---------------------------------------------------------------- the save, written and read


def save(d: Device) -> dict:
    """This device's save: its game and its own secrets, never the other's cards."""
    t, ch, hs, tb = d.table, d.channel, d.handshake, d.takebacks
    return {
        "format": SAVE_FORMAT,
        "version": VERSION,
        "group": t.group.name,  # the cipher's group: its numbers mean nothing in another
        "seat": t.seat,
        "game": t.game,
        "rules": t.rules.to_json(),
        "names": d.names,
        "key": None if ch.key is None else ch.key.hex(),
        "half": None if hs.half is None else int_to_text(hs.half.secret),
        "dh_commit": hs.dh_commit,
        "transcript": None if hs.transcript is None else hs.transcript.hex(),
        "dh_out": hs.dh_out,
        "rtc_said": hs.rtc_said,
        "rtc_heard": hs.rtc_heard,
        "sent": ch.sent,
        "expect": ch.expect,
        "state": None if t.state is None else state_to_json(t.state),
        "start_state": None if t.start_state is None else state_to_json(t.start_state),
        "cards": None if t.cards is None else t.cards.to_json(),
        "unsent": t.unsent,
        "drew": t.drew,
        "deal_out": t.deal_out,
        "answer": t.answer,
        "last_sent": ch.last_sent,
        "audits": t.audits,
        "verdict": d.verdict,
        "turn_points": tb.points_json(),
        "asked": tb.asked,
        "takebacks": tb.count,
    }


def load(data) -> Device:
    """A save ``save`` wrote, each field checked once by its reader (``SAVE_FIELDS``) and then
    all of them together; anything else raises ``RemoteError("bad_save")``, and a game dealt
    in another group ``RemoteError("old_save")``."""
    try:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError("format")
        if type(data.get("version")) is not int or data["version"] not in SAVE_VERSIONS:
            raise ValueError("version")
        # Before version 3 the cards were dealt modulo a 1,536-bit prime: such a game's
        # numbers mean nothing in ristretto255, and it cannot go on.
        name = data.get("group", "modp" if data["version"] < VERSION else None)
        if name in OLD_GROUPS:
            raise RemoteError("old_save")
        if not isinstance(name, str) or name not in GROUPS:
            raise ValueError("group")
        ep = SimpleNamespace(group=GROUPS[name])
        for name, read_field in SAVE_FIELDS.items():
            if name not in data and name not in SAVE_DEFAULTS:
                raise ValueError(name)
            setattr(ep, name, read_field(data.get(name, SAVE_DEFAULTS.get(name)), ep))
        check_whole(ep)
    except RemoteError as e:
        if e.code == "old_save":
            raise
        raise RemoteError("bad_save") from None
    except ValueError:  # a GameError too: each reader refuses with one
        raise RemoteError("bad_save") from None
    f = vars(ep)
    table = Table(
        f["seat"],
        f["game"],
        f["rules"],
        f["group"],
        SYSTEM,
        **{k: f[k] for k in ("state", "start_state", "cards", "unsent", "drew", "deal_out")},
        answer=f["answer"],
        audits=f["audits"],
    )
    channel = Channel(f["game"], f["seat"], f["key"], f["sent"], f["expect"], f["last_sent"])
    pairing = ("half", "dh_commit", "transcript", "dh_out", "rtc_said", "rtc_heard")
    hs = Handshake(**{k: f[k] for k in pairing})
    tb = TakeBacks(f["seat"], f["turn_points"], f["asked"], f["takebacks"])
    return Device(f["names"], channel, hs, table, tb, f["verdict"])


# Each field of the save (``save``) and its reader, ``read(value, ep) -> the field's value``
# (a ``ValueError`` for anything but what ``save`` writes), in the order read: a reader may
# check its field against those read before it.
SAVE_FIELDS = {
    "seat": seat,
    "game": game,
    "rules": rules,
    "names": names,
    "key": key,
    "half": half,
    "dh_commit": digest,
    "transcript": transcript,
    "dh_out": dh_out,
    "rtc_said": digest,
    "rtc_heard": digest,
    "sent": count,
    "expect": count,
    "state": state,
    "start_state": state,
    "cards": cards,
    "unsent": actions,
    "drew": fingerprints,
    "deal_out": deal_out,
    "answer": flag,
    "last_sent": last_sent,
    "audits": audits,
    "verdict": verdict,
    "turn_points": turn_points,
    "asked": asked,
    "takebacks": count,
}
# What a save of protocol version 1 lacks reads as: no turn to take back, none taken back.
# Before version 3 (only once paired: older pairings are not finished) no pairing fields.
SAVE_DEFAULTS: dict = {
    "turn_points": [None, None],
    "asked": None,
    "takebacks": 0,
    "dh_commit": None,
    "transcript": None,
    "dh_out": None,
    "rtc_said": None,
    "rtc_heard": None,
}
