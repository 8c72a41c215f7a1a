"""A game against a friend on another device: this device's endpoint (``engine/remote``), its
save, and what the page is shown of it.

The endpoint keeps this device's secrets and checks every message; here its results become
payloads the table renders like any other (the presenter's, with the opponent's hand as
backs: ``view.hand_sizes``) plus ``duo``: the names, whose turn, what the game waits for and
the link to send now. Messages travel as links (``#m=...``, the page puts its own address in
front) or, live, as their JSON text. The save holds the endpoint's save (this device's game
and own secrets: never a card of the other's hand or of the decks), the events this seat has
seen (for the move log) and the table's language.

Pure Python (no browser imports), tested under CPython (``tests/test_duo.py``).
"""

from __future__ import annotations

import json

from game_options import rules_of
from match import DEFAULT_SETTINGS, PUBLIC_STEPS
from presenter import Presenter
from refusal import RequestError, worded
from saves import SAVE_FORMAT, SAVE_VERSION, SaveError, parse_save
from words import Words, at_hand

from engine import GameError, Rules
from engine.events import check_event
from engine.narrate import variant_text
from engine.remote import Endpoint
from engine.remote.errors import Cheat, RemoteError
from engine.remote.links import message_of, page_link
from engine.remote.messages import dumps, loads
from engine.remote.sra import PLAY, SYSTEM, prepare
from engine.state import Step

# Refusals that only mean "this message was seen already, or is not for this game": the page
# shows a toast and carries on.
IGNORED = ("replayed", "other_game", "own_message")
CODE_CHECKS = ("same", "differ")


def kind_of(msg: dict, dealing: bool = False) -> str:
    """What a message to send is, for the words of its button: ``invite``, ``answer`` (to
    the invitation, or to a take-back question), ``request`` (a take-back), ``move`` (the
    player's actions), ``deal`` (a pass of the deal, or the shares of the other's hand
    before the round's first move: ``dealing``) or ``reply`` (shares or the round's key,
    sent on their own)."""
    t = msg["t"]
    if t == "invite":
        return "invite"
    if t in ("accept", "consent"):
        return "answer"
    if t == "takeback":
        return "request"
    if msg.get("actions"):
        return "move"
    return "deal" if "deal" in msg or dealing else "reply"


class DuoMatch:
    """What the presenter reads of a match, for a game whose engine state is the endpoint's
    (the other's hand and the decks as backs) and whose events are those this seat saw."""

    def __init__(
        self, ep: Endpoint, lang: str, events: list, epoch: int = 1, marks=None, code=None
    ):
        self.ep, self.lang = ep, lang
        # The pairing code as the player compared it with the friend's screen: None (not yet),
        # "same" or "differ" (someone may sit in between: the game ends on this device).
        self.code = code if code in CODE_CHECKS else None
        self.action_events = events
        self.start = {"rules": ep.rules.to_json()}
        self.actions: list = []
        self.legacy_log: list = []
        self.epoch = epoch
        self.fresh = False  # the last events are from a move (something lands on the table)
        # For each player, how many event lists there were when their last turn began: a
        # take-back cuts the log there (the undone turn's card is back in a hand, unseen).
        self.marks: list = marks if isinstance(marks, list) and len(marks) == 2 else [None] * 2

    state = property(lambda self: self.ep.state)
    takebacks = property(lambda self: self.ep.takebacks)

    @property
    def settings(self) -> dict:
        # The names as the endpoint has them now (the host learns the guest's with the answer).
        return {
            **DEFAULT_SETTINGS,
            "opponent": "human",
            "names": self.ep.names,
            "lang": self.lang,
            "autoclaim": False,
        }

    def ai_seat(self):
        return None

    def humans(self) -> list[int]:
        return [self.ep.seat]

    def takeback_seat(self):
        """This device's seat when its last turn may be taken back now (the other agrees on
        their device): the page shows Undo."""
        return self.ep.seat if self.ep.can_take_back() else None

    def last_events(self) -> list[dict]:
        return self.action_events[-1] if self.fresh and self.action_events else []


class DuoPresenter(Presenter):
    def words(self, seat) -> Words:
        """The names as this device knows them, and this device's player as "you": the log
        says "You played Red 4" on your own phone, as against the computer."""
        m = self.match
        return Words(m.lang, you=m.ep.seat if seat == m.ep.seat else None, names=m.ep.names)

    def refusals(self, seat, words) -> dict:
        # Cards drawn but not read yet are backs in the hand: nothing to word until then.
        return super().refusals(seat, words) if self.match.ep.can_play() else {}


class Duo:
    """This device's game against a friend's device, if one is at the table."""

    def __init__(self, entropy=SYSTEM, group=PLAY):
        self.entropy = entropy  # the system's; a seeded one in tests
        # The cipher's group of a game begun here (hosted or joined): a game under way keeps
        # its own (its save names it). The tests' games take the small test group.
        self.group = group
        self.match: DuoMatch | None = None
        self.presenter: DuoPresenter | None = None

    @property
    def active(self) -> bool:
        return self.match is not None

    @property
    def ep(self) -> Endpoint:
        if self.match is None:
            raise RequestError("no_game")
        return self.match.ep

    def _take_up(
        self, ep: Endpoint, lang: str, events: list | None = None, marks=None, code=None
    ) -> None:
        epoch = self.match.epoch + 1 if self.match else 1
        self.match = DuoMatch(ep, lang, events or [], epoch, marks, code)
        self.presenter = DuoPresenter(self.match)

    def set_language(self, lang: str) -> None:
        self.match.lang = lang
        self.match.epoch += 1  # the log told again, in that language

    def leave(self) -> None:
        """Another game at the table: this one is put down (its save is replaced)."""
        self.match = self.presenter = None

    # ------------------------------------------------------------ pairing

    def host(self, options: dict, lang: str, have=None) -> dict:
        """A new game offered to a friend: the invitation to send, and the table waiting."""
        rules = rules_of(options, pick=lambda: self.entropy.bits(1))
        ep = Endpoint.host(rules, options.get("name"), self.entropy, self.group)
        self._take_up(ep, lang)
        return self.payload(have, send=ep.invitation())

    def invitation(self, link, lang: str) -> dict:
        """What an invitation offers (who invites, to which game), before the guest answers."""
        msg = self._message(link)
        if msg["t"] != "invite":
            raise RemoteError("not_an_invitation")
        rules = Rules.from_json(msg["rules"])
        return {
            "host": msg["name"],
            "game": msg["g"],
            "rules": msg["rules"],
            "rules_text": variant_text(rules, Words(lang)),
        }

    def prepare(self) -> dict:
        """While the guest reads an invitation: what the set-up after Join would otherwise make
        first (the card codes, the generator's table: ``sra.prepare``)."""
        prepare(self.group)
        return {}

    def join(self, link, name, lang: str, rtc=None, have=None) -> dict:
        """Answer an invitation (``rtc``: the WebRTC offer its link carried): the answer to
        send back, and the table waiting for the deal."""
        if not isinstance(link, str):
            raise RequestError("bad_argument", name="link")
        ep, r = Endpoint.join(self._message(link), name, self.entropy, rtc=rtc, group=self.group)
        self._take_up(ep, lang)
        return self.payload(have, send=r.send)

    # ------------------------------------------------------------ messages and moves

    @staticmethod
    def _message(text) -> dict:
        """A message from a link (``...#m=...``) or a live connection (its JSON text)."""
        if not isinstance(text, str):
            raise RequestError("bad_argument", name="message")
        if text.lstrip().startswith("{"):
            return loads(text)
        return message_of(text)

    def said_rtc(self, rtc) -> dict:
        """The WebRTC offer or answer added to this device's pairing link, once gathered."""
        self.ep.said_rtc(rtc)
        return {}

    def receive(self, text, lang: str, live: bool = False, rtc=None, have=None) -> dict:
        """The other device's message: played here if it holds. A message seen already, or
        of another game, is ignored (``ignored``: why, for a toast, and nothing else: a link
        that repeats an old message thousands of times must cost little); a cheat the round's
        audit finds voids the game (``duo.verdict``); anything else refused is a ``GameError``.
        ``live``: the devices are connected, so what the other will need soon (its hand's
        shares, which by links wait for this device's first move) is sent at once. ``rtc``:
        the WebRTC part of the link (the guest's answer's, bound into the pairing)."""
        msg = self._message(text)
        if self.match is None or msg["g"] != self.ep.game:
            if msg["t"] == "invite":
                return {"invite": self.invitation(text, lang)}
            raise RemoteError("other_game")
        words = self.presenter.words(None)
        if self.match.code == "differ":
            return {"ignored": words.t("duo.ignored.ended"), **self.payload(have)}
        points = self.ep.turn_points[:]
        try:
            r = self.ep.receive(msg, rtc=rtc)
            if live is True and r.send is None:
                r.send = self.ep.send_early().send
        except Cheat:
            return self.payload(have)  # the endpoint keeps the verdict: the game is void
        except RemoteError as e:
            if e.code in IGNORED:  # nothing changed: no table to draw again, nothing to save
                # In the players' words, not the protocol's ("message 2 was received").
                name = self.ep.names[self.ep.other] or words.t("duo.friend")
                return {"ignored": words.t(f"duo.ignored.{e.code}", name=name)}
            raise
        return self._after(r, points, have)

    def act(self, action, have=None) -> dict:
        """One of this device's moves (from the view's ``legal`` list)."""
        if isinstance(action, str):
            try:
                action = json.loads(action)
            except (ValueError, RecursionError):
                raise RequestError("bad_argument", name="action") from None
        if self.match.code == "differ":
            raise RequestError("duo_ended")
        points = self.ep.turn_points[:]
        try:
            r = self.ep.play(action)
        except Cheat:
            return self.payload(have)  # a share refused before it left: the game is void
        return self._after(r, points, have)

    def check_code(self, same, have=None) -> dict:
        """The player compared the pairing code with the friend's screen: the same (kept in
        the save: a reload does not ask again), or not (someone may sit between the two
        devices: the game ends on this device)."""
        if type(same) is not bool:
            raise RequestError("bad_argument", name="same")
        if not self.ep.pairing_code():
            raise RequestError("duo_no_code")
        self.match.code = "same" if same else "differ"
        return self.payload(have)

    def ask_takeback(self, have=None) -> dict:
        """Ask the friend to let this device take back its last turn: the question to send."""
        return self._after(self.ep.ask_takeback(), self.ep.turn_points[:], have)

    def answer_takeback(self, agree, have=None) -> dict:
        """Answer the friend's take-back question (``agree``: true or false)."""
        if type(agree) is not bool:
            raise RequestError("bad_argument", name="agree")
        return self._after(self.ep.answer_takeback(agree), self.ep.turn_points[:], have)

    def _after(self, r, points: list, have) -> dict:
        m = self.match
        news = r.takeback
        if news is not None and news.get("agree") and not news.get("moved"):
            # A turn taken back: the log as it was before it (the epoch tells the page to
            # read it all again), and the table with nothing just played.
            cut = m.marks[news["player"]]
            m.action_events = m.action_events[: cut if cut is not None else 0]
            m.marks = [None, None]
            m.epoch += 1
        for p, (old, new) in enumerate(zip(points, self.ep.turn_points)):
            if new is not None and new is not old and new["why"] is None:
                m.marks[p] = len(m.action_events)  # this turn's events come next
        if r.events:
            m.action_events.append(r.events)
        m.fresh = bool(r.events)
        return self.payload(have, send=r.send, news=news)

    def _news(self, news: dict | None, words: Words) -> str | None:
        """A take-back asked, answered or lapsed, in a line for a toast."""
        if news is None:
            return None
        name = self.ep.names[self.ep.other]
        if news.get("asked"):
            return None  # the question is shown as a dialog
        if news.get("lapsed"):
            key = "lapsed"
        elif news["player"] == self.ep.seat:
            key = "moved" if news.get("moved") else "agreed" if news["agree"] else "declined"
        else:
            key = "undone" if news["agree"] else "kept"
        return words.t(f"duo.takeback.{key}", name=name)

    # ------------------------------------------------------------ what the page is shown

    def payload(self, have=None, send: dict | None = None, news: dict | None = None) -> dict:
        """The table as this device sees it, and ``duo``: who plays, what the game waits for,
        the message to send now (``send``: its link fragment and its JSON text). ``have``: the
        log lines the page holds (``{log_key: n}``, told with the call: app.py), so that only
        the new ones are sent."""
        ep, m = self.ep, self.match
        words = self.presenter.words(ep.seat)
        ended = m.code == "differ"
        waiting = "over" if ended else ep.waiting_for()
        duo = {
            "seat": ep.seat,
            "names": ep.names,
            "game": ep.game,
            "waiting": waiting,
            "paired": ep.paired,
            # My hand all backs on their turn: by links, it comes with their first move.
            "hand_coming": waiting == "them" and ep.hand_coming(),
            # The round ended and this device's key went with it; theirs, which unlocks the
            # round's cards for the audit, has not come: said in words (``_key_due``).
            "key_due": ep.their_key_due(),
            "key_due_text": None if ended else self._key_due(words),
            # What the pairing waits for: the host's invitation, the guest's answer, the
            # deal (the guest learns of it with the host's first deal message).
            "stage": self._stage(),
            "code": ep.pairing_code(),
            "code_check": m.code,
            "resend": page_link([ep.last_sent]) if ep.last_sent else None,
            "send": None
            if send is None
            else {
                "link": page_link([send]),
                "text": dumps(send),
                "kind": kind_of(send, ep.cards is None or not ep.cards.log),
            },
            "rules_text": variant_text(ep.rules, words),
            "verdict": None,
            # A take-back: the friend's question to answer here; this device's own waiting
            # for an answer; what just happened (a line for a toast).
            "question": ep.takeback_question() is not None,
            "asking": ep.asked is not None and ep.asked["player"] == ep.seat,
            "news": self._news(news, words),
            # A turn just taken back (the news says whose): the page's live region tells
            # this instead of the undone turn.
            "undone": news is not None and bool(news.get("agree")) and not news.get("moved"),
        }
        if ep.verdict is not None:
            params = ep.verdict.get("params", {})  # the player: a seat, named by the words
            duo["verdict"] = worded(Cheat(ep.verdict["code"], **params), words)
        if ended:
            duo["send"] = None
        if ep.state is None:
            return {"view": None, "seat": ep.seat, "duo": duo, "settings": dict(m.settings)}
        out = self.presenter.payload(ep.seat, have)
        out["view"] = ep.view()
        out["handover"] = None
        out["duo"] = duo
        if not ep.can_play():
            out["warning"] = None
        if ep.state.step in PUBLIC_STEPS or ended:
            out["view"]["legal"] = []  # the next round is dealt by the two devices together
        if ended:
            out["takeback"] = None
        return out

    def _key_due(self, words: Words) -> str | None:
        """Why the game waits once a round is over, until the other device's key comes: the
        round is not audited, the next one is not dealt and the game not counted (only
        audited games are: docs/remote.md, "What is guaranteed")."""
        ep = self.ep
        if not ep.their_key_due():
            return None
        assert ep.state is not None  # their_key_due: a round is over
        name = ep.names[ep.other] or words.t("duo.friend")
        key = "duo.key_due.over" if ep.state.step == Step.OVER else "duo.key_due.round"
        return words.t(key, name=name)

    def _stage(self) -> str:
        ep = self.ep
        if ep.state is not None:
            return "play"
        if ep.seat == 0 and ep.key is None:
            return "invite"
        if ep.seat == 1 and ep.expect <= 1:  # the invitation only, no deal yet
            return "answer"
        return "deal"

    # ------------------------------------------------------------ the save

    def save_data(self) -> dict:
        """This device's save: the endpoint's (its game and its own secrets), the events it
        has seen, the table's language."""
        m = self.match
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "settings": {"lang": m.lang},
            "duo": {
                "endpoint": m.ep.to_json(),
                "events": m.action_events,
                "marks": m.marks,
                "code": m.code,
            },
        }

    @staticmethod
    def is_duo_save(text) -> bool:
        try:
            return "duo" in parse_save(text)
        except SaveError:
            return False

    def restore(self, text, lang: str, have=None) -> dict:
        """Resume a saved game against a friend's device: every part of the save checked (the
        endpoint by its own reader); a damaged one raises ``SaveError("damaged")``, naming
        the refusal inside."""
        data = parse_save(text)
        duo = data.get("duo")
        try:
            if not isinstance(duo, dict):
                raise RemoteError("bad_save")
            ep = Endpoint.from_json(duo.get("endpoint"))
            events = read_events(duo.get("events"))
        except GameError as e:
            raise SaveError("damaged", inner=e) from None
        settings = data.get("settings")
        saved_lang = settings.get("lang") if isinstance(settings, dict) else None
        marks = duo.get("marks")
        if marks is not None and not (
            isinstance(marks, list)
            and len(marks) == 2
            and all(x is None or (type(x) is int and 0 <= x <= len(events)) for x in marks)
        ):
            marks = None  # a damaged mark: a take-back then cuts the whole log
        lang = saved_lang if isinstance(saved_lang, str) and at_hand(saved_lang) else lang
        self._take_up(ep, lang, events, marks, duo.get("code"))
        return self.payload(have)


def read_events(value) -> list:
    """The events this seat saw, one list per action: each an event the engine makes
    (``engine.events``), as this seat may see it; anything else is a damaged save."""
    try:
        if not isinstance(value, list) or not all(isinstance(e, list) for e in value):
            raise ValueError("events")
        for events in value:
            for e in events:
                check_event(e)
    except ValueError:
        raise RemoteError("bad_save") from None
    return value
