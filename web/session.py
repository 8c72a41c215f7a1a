"""The table's session: one match in progress, its settings, its public move log, its save.

Pure Python (no browser imports), so it runs and is tested under CPython too. ``app.py``
wraps it for the page; everything crossing to JavaScript is a JSON string.

>>> s = Session()
>>> p = s.new_game({"opponent": "human", "tactics": False, "seed": 4})
>>> p["view"]["step"], p["handover"]
('play', 0)
"""

from __future__ import annotations

import json
import random
import zlib

from engine import (
    IllegalAction,
    Rules,
    action_from_json,
    action_to_json,
    apply,
    card_title,
    claim_verdict,
    legal_actions,
    new_game,
    parse_card,
    position_from_json,
    position_to_json,
    view,
)
from engine.cards import N_CLAN

SAVE_KEY = "schotten-totten.save"
SAVE_FORMAT = "schotten-totten/save"
SAVE_VERSION = 1
NAMES = ("South", "North")
AI_LEVELS = ("easy", "medium", "hard")
# The thinking budget each level gets in the browser, sent to the worker with every request
# (the worker passes it to the engine as is). Search levels get a time limit: Pyodide is
# slower than CPython, so a time budget keeps the wait the same on every device. The
# new-game dialog (index.html) names Hard's time; keep the two in step.
AI_BUDGETS = {"easy": {}, "medium": {}, "hard": {"time": 1.0}}
# Hints come from the strongest level (engine.ai.STRONGEST, chosen in the worker) with this budget.
HINT_BUDGET = AI_BUDGETS["hard"]
DEFAULT_SETTINGS = {"opponent": "ai", "ai_seat": 1, "ai_level": "easy", "autoclaim": False}
# Steps where nobody has a private decision to make: no handover screen is needed.
PUBLIC_STEPS = ("round_over", "over")


class SaveError(ValueError):
    """A save that cannot be resumed; the message is for the player."""


def _stone(n: int) -> str:
    return f"stone {n + 1}"   # players count stones 1-9; the engine counts 0-8


def _deck(d) -> str:
    return f"the {d} deck"


def _claim_text(reason: str, p: int) -> str:
    """Turn the claimant's-eye reason ("your Run beats their Sum") into log text."""
    q = 1 - p
    return (reason.replace("you completed your side", f"{{n{p}}} completed {{s{p}}} side")
            .replace("they completed their side", f"{{n{q}}} completed {{s{q}}} side")
            .replace("your ", f"{{s{p}}} ").replace("their ", f"{{s{q}}} ")
            .replace("the opponent", f"{{n{q}}}"))


class Session:
    """One match, the way the table plays it."""

    def __init__(self):
        self.settings = dict(DEFAULT_SETTINGS)
        self.state = None
        self.actions: list | None = []   # JSON actions since the deal; None if unknown
        self.last_action: dict | None = None   # kept even when the record is unknown
        self.start: dict = {}
        self.log: list[dict] = []
        self.notice = ""

    # ------------------------------------------------------------ set-up

    def new_game(self, options: dict) -> dict:
        """Deal a new match from the new-game dialog's options."""
        opponent = options.get("opponent", self.settings["opponent"])
        if opponent not in ("ai", "human"):
            raise ValueError(f"opponent must be 'ai' or 'human', not {opponent!r}")
        starter = options.get("starter", 0)
        if starter == "random":
            starter = random.randrange(2)
        rules = Rules(tactics=bool(options.get("tactics", False)),
                      claim_timing=options.get("claim_timing", "after_play"),
                      starter=int(starter), rounds=int(options.get("rounds", 1)),
                      next_starter=options.get("next_starter", "alternate"))
        seed = options.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        level = options.get("ai_level", self.settings.get("ai_level", "easy"))
        self.settings = {"opponent": opponent, "ai_seat": 1,
                         "ai_level": level if level in AI_LEVELS else "easy",
                         "autoclaim": bool(options.get("autoclaim",
                                                       self.settings.get("autoclaim", False)))}
        self.state = new_game(rules, seed)
        self.actions = []
        self.last_action = None
        self.start = {"rules": rules.to_json(), "seed": seed}
        self.log = []
        self.notice = ""
        self._log(None, f"New {'match of ' + str(rules.rounds) + ' rounds' if rules.rounds > 1 else 'game'}"
                        f"{' with tactic cards' if rules.tactics else ''}"
                        f"{', Expert claims' if rules.claim_timing != 'after_play' else ''}. "
                        f"{{N{rules.starter}}} {{start{rules.starter}}}.")
        self._auto()
        return self.payload(self.first_seat())

    def rematch(self) -> dict:
        """A new match with the same options; the other player starts."""
        r = self.state.rules
        return self.new_game({"opponent": self.settings["opponent"], "tactics": r.tactics,
                              "claim_timing": r.claim_timing, "rounds": r.rounds,
                              "next_starter": r.next_starter, "starter": 1 - r.starter,
                              "ai_level": self.settings["ai_level"],
                              "autoclaim": self.settings["autoclaim"]})

    def humans(self) -> list[int]:
        if self.settings["opponent"] == "ai":
            return [1 - self.settings["ai_seat"]]
        return [0, 1]

    def first_seat(self):
        """The seat whose hand may be shown now; ``None`` (public view) in pass-the-device play."""
        if self.settings["opponent"] == "ai":
            return self.humans()[0]
        return None

    # ------------------------------------------------------------ playing

    def act(self, action_json: dict, seat) -> dict:
        """Apply one action for ``seat`` (or whoever is to move when ``None``)."""
        a = action_from_json(action_json)
        if a.kind == "next_round":
            seat = None   # the round-over screen is shared: anyone may deal the next round
        before = self.state
        self.state = apply(before, a, seat)
        actor = before.to_move
        self._record(before, a, actor)
        self._auto()
        if a.kind == "next_round" and self.settings["opponent"] == "human":
            return self.payload(None)   # a new deal: whoever starts takes the device first
        return self.payload(self.seat_after(actor))

    def seat_after(self, actor: int):
        """The seat whose hand may show after ``actor`` acted (``None``: pass the device)."""
        st = self.state
        if self.settings["opponent"] == "ai":
            return self.humans()[0]
        if st.step in PUBLIC_STEPS or st.to_move != actor:
            return None   # the next player must take the device first
        return actor

    def _record(self, before, a, actor: int) -> None:
        self.last_action = action_to_json(a)
        if self.actions is not None:
            self.actions.append(self.last_action)
        self._log_action(before, a, actor)

    def _auto(self) -> None:
        """Auto-claim for human seats that asked for it: claim every provable stone, then go on."""
        if not self.settings.get("autoclaim"):
            return
        while (self.state.step == "claim" and self.state.to_move in self.humans()):
            acts = legal_actions(self.state)
            claim = next((a for a in acts if a.kind == "claim"), None)
            a = claim or next(a for a in acts if a.kind == "done")
            before = self.state
            self.state = apply(before, a)
            self._record(before, a, before.to_move)

    # ------------------------------------------------------------ the log

    def _log(self, p, text: str) -> None:
        self.log.append({"p": p, "text": text, "round": self.state.round if self.state else 1})

    def _log_action(self, before, a, p: int) -> None:
        after = self.state
        # Names are tokens the page fills in: {N0} South/You, {n0} mid-sentence, {s0} South's/your.
        who = f"{{N{p}}}"
        other = f"{{s{1 - p}}}"
        k = a.kind
        text = None
        if k == "play":
            card = a.card
            name = card_title(card)
            if name == "Recruiter":
                text = f"{who} played Recruiter (draw 3 cards, put 2 back)."
            elif name == "Strategist":
                t = card_title(a.target)
                if a.to == 9:
                    text = f"{who} played Strategist: discarded {t} from {_stone(a.stone)}."
                else:
                    text = (f"{who} played Strategist: moved {t} from {_stone(a.stone)} "
                            f"to {_stone(a.to)}.")
            elif name == "Banshee":
                text = (f"{who} played Banshee: discarded {card_title(a.target)} from "
                        f"{other} side of {_stone(a.stone)}.")
            elif name == "Traitor":
                text = (f"{who} played Traitor: took {card_title(a.target)} from {other} "
                        f"side of {_stone(a.stone)} to {{s{p}}} side of {_stone(a.to)}.")
            else:
                text = f"{who} played {name} on {_stone(a.stone)}."
        elif k == "pass":
            text = f"{who} passed (no card could be played)."
        elif k == "claim":
            _ok, reason = claim_verdict(before, p, a.stone)
            text = f"{who} claimed {_stone(a.stone)}: {_claim_text(reason, p)}."
        elif k == "draw":
            deck = ("clan", "tactic")[a.deck]
            text = f"{who} drew from {_deck(deck)}."
            last = self.log[-1] if self.log else None
            if before.step == "draw" and last and last["p"] == p and "drew" not in last["text"]:
                # The end-of-turn draw joins the line of the move it ends.
                last["text"] = f"{last['text'][:-1]}, then drew from {_deck(deck)}."
                text = None
        elif k == "return":
            deck = "clan" if a.card < N_CLAN else "tactic"
            text = f"{who} put a card back under {_deck(deck)}."
        elif k == "next_round":
            text = f"Round {after.round} begins. {{N{after.to_move}}} {{start{after.to_move}}}."
        # Draws the engine made by itself (a single deck to draw from) join the same line.
        drawn = []
        if k not in ("draw", "next_round") and after.round == before.round:
            for d, deck in enumerate(("clan", "tactic")):
                n = len(before.decks[d]) - len(after.decks[d])
                if k == "return":
                    n += 1 if (a.card < N_CLAN) == (d == 0) else 0
                if n > 0:
                    drawn.append(f"{'a card' if n == 1 else f'{n} cards'} from {_deck(deck)}")
        if drawn:
            draw_text = "drew " + " and ".join(drawn)
            if text:
                text = f"{text[:-1]}, then {draw_text}."
            else:
                text = f"{who} {draw_text}."
        if text:
            self._log(p if k != "next_round" else None, text)
        if after.outcome is not None and before.outcome is None:
            o = after.outcome
            stones = after.owner.count(0), after.owner.count(1)
            res = "is a draw" if o.winner is None else f"is won by {{n{o.winner}}}"
            self._log(None, f"Round {after.round} {res} ({o.reason}); stones {stones[0]}-"
                            f"{stones[1]}; score {after.scores[0]}-{after.scores[1]}.")

    # ------------------------------------------------------------ what the page sees

    def payload(self, seat) -> dict:
        """Everything the page renders. ``seat=None``: the public table, no hand."""
        st = self.state
        if seat is None:
            v = view(st, st.to_move)
            v["hand"] = []
            v["legal"] = []
            v["claims"] = []
            v["player"] = None
        else:
            v = view(st, seat)
        to_move = st.to_move
        private_step = st.step not in PUBLIC_STEPS
        handover = None
        if seat is None and private_step and self.settings["opponent"] == "human":
            handover = to_move
        ai_seat = self.settings["ai_seat"] if self.settings["opponent"] == "ai" else None
        return {
            "view": v,
            "seat": seat,
            "handover": handover,
            "settings": dict(self.settings),
            "ai_to_move": ai_seat is not None and to_move == ai_seat and private_step,
            "log": self.log,
            "notice": self.notice,
            # Only public moves: a Recruiter's returned card, say, stays secret.
            "last": self._last_public(),
        }

    def _last_public(self):
        last = self.last_action
        return last if last and last.get("kind") == "play" else None

    def ai_request(self) -> dict | None:
        """What the AI worker gets: its own view (JSON) and a seed. ``None`` if not its turn."""
        st = self.state
        if self.settings["opponent"] != "ai" or st.step in PUBLIC_STEPS:
            return None
        seat = self.settings["ai_seat"]
        if st.to_move != seat:
            return None
        # Deterministic per position (str hashes are salted per process; crc32 is not).
        seed = zlib.crc32(f"{st.seed}/{st.round}/{len(self.log)}/{st.tick}".encode())
        level = self.settings["ai_level"]
        return {"view": view(st, seat), "seed": seed, "level": level,
                "budget": dict(AI_BUDGETS.get(level, {})), "seat": seat}

    def hint_request(self, seat) -> dict | None:
        """What the worker gets for a hint: ``seat``'s own view only (nothing hidden).

        ``None`` unless ``seat`` is a human seat with a decision to make right now.
        """
        st = self.state
        if seat not in self.humans() or st.step in PUBLIC_STEPS or st.to_move != seat:
            return None
        seed = zlib.crc32(f"hint/{st.seed}/{st.round}/{len(self.log)}/{st.tick}".encode())
        return {"view": view(st, seat), "seed": seed, "budget": dict(HINT_BUDGET),
                "seat": seat}

    def set_option(self, name: str, value) -> dict:
        if name == "autoclaim":
            self.settings["autoclaim"] = bool(value)
            self._auto()
        else:
            raise ValueError(f"unknown option {name!r}")
        return {"ok": True}

    # ------------------------------------------------------------ saving

    def save_json(self) -> str:
        record = None
        if self.actions is not None:
            record = {**self.start, "actions": self.actions}
        return json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION,
                           "settings": self.settings, "position": position_to_json(self.state),
                           "record": record, "log": self.log})

    def restore(self, text: str) -> dict:
        """Resume from a save; raise ``SaveError`` with a friendly message if it cannot be."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError):
            raise SaveError("the saved game is damaged (it is not readable data)") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("the saved game is not a Schotten Totten save")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"the saved game comes from another version of the table "
                            f"(save version {data.get('version')!r})")
        try:
            state = position_from_json(data["position"])
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise SaveError(f"the saved game is damaged ({e})") from None
        settings = dict(DEFAULT_SETTINGS)
        raw = data.get("settings") or {}
        if isinstance(raw, dict):
            if raw.get("opponent") in ("ai", "human"):
                settings["opponent"] = raw["opponent"]
            if raw.get("ai_seat") in (0, 1):
                settings["ai_seat"] = raw["ai_seat"]
            if raw.get("ai_level") in AI_LEVELS:
                settings["ai_level"] = raw["ai_level"]
            settings["autoclaim"] = bool(raw.get("autoclaim", False))
        self.settings = settings
        self.state = state
        record = data.get("record")
        if isinstance(record, dict) and isinstance(record.get("actions"), list):
            self.start = {"rules": record.get("rules"), "seed": record.get("seed")}
            self.actions = list(record["actions"])
            last = self.actions[-1] if self.actions else None
            self.last_action = last if isinstance(last, dict) else None
        else:
            self.start, self.actions = {}, None
            self.last_action = None
        log = data.get("log")
        self.log = [e for e in log if isinstance(e, dict) and isinstance(e.get("text"), str)] \
            if isinstance(log, list) else []
        self.notice = ""
        self._auto()
        return self.payload(self.first_seat())


def parse_action(text: str) -> dict:
    """Parse an action's JSON text (kept separate so errors read well)."""
    try:
        data = json.loads(text)
    except ValueError:
        raise IllegalAction(f"malformed action: not JSON: {text[:80]!r}") from None
    return data


__all__ = ["AI_BUDGETS", "HINT_BUDGET", "SAVE_KEY", "SaveError", "Session", "parse_action", "parse_card"]
