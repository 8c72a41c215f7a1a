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
import re
import zlib

from replay import MODES, Replay, replay_record
from saves import SAVE_FORMAT, SAVE_VERSION, SaveError, parse_save
from words import Words, languages

from engine import (
    IllegalAction,
    Rules,
    action_from_json,
    action_to_json,
    apply_events,
    legal_actions,
    match_winner,
    narrate,
    new_game,
    parse_card,
    position_from_json,
    position_to_json,
    redact_all,
    view,
)
from engine.actions import shown
from engine.cards import N_CLAN, card_text
from engine.legality import play_refusal
from engine.narrate import (
    TURN_EVENTS,
    advice_line,
    claim_line,
    move_text,
    new_game_line,
    variant_text,
)
from engine.rules import rooms

SAVE_KEY = "schotten-totten.save"   # the format: web/saves.py and docs/formats.md
AI_LEVELS = ("easy", "medium", "hard")
# The thinking budget each level gets in the browser, sent to the worker with every request
# (the worker passes it to the engine as is). Search levels get a time limit: Pyodide is
# slower than CPython, so a time budget keeps the wait the same on every device. The
# new-game dialog (index.html) names Hard's time; keep the two in step.
AI_BUDGETS = {"easy": {}, "medium": {}, "hard": {"time": 1.0}}
# Hints come from the strongest level (engine.ai.STRONGEST, chosen in the worker) with this budget.
HINT_BUDGET = AI_BUDGETS["hard"]
# A review weighs each decision with this budget (engine.ai.review.assess, in the worker:
# the main thread never imports the AI). The iterations fix the verdict; the time caps a
# slow device.
REVIEW_ITERATIONS, REVIEW_TIME = 360, 2.0
# Verdict kinds and marks, worst first ("ok": no mark).
REVIEW_KINDS = ("play", "missed_claim", "forced", "by_rule")
REVIEW_LEVELS = ("blunder", "mistake", "missed_claim", "inaccuracy", "ok")
REVIEW_ORDER = {"blunder": 4, "mistake": 3, "inaccuracy": 1}
DEFAULT_SETTINGS = {"opponent": "ai", "ai_seat": 1, "ai_level": "easy", "autoclaim": False,
                    "lang": "en", "names": None}
MAX_NAME = 20   # characters of a player's name
# Steps where nobody has a private decision to make: no handover screen is needed.
PUBLIC_STEPS = ("round_over", "over")


class Session:
    """One match, the way the table plays it: the state, its record and its events."""

    def __init__(self):
        self.settings = dict(DEFAULT_SETTINGS)
        self.state = None
        # The record: JSON actions since the deal, with a take-back's shuffle entries
        # (web/replay.py); None if unknown (an old save). ``action_events[i]``: the full
        # events of ``actions[i]`` (never sent: they hold every drawn card).
        self.actions: list | None = []
        self.action_events: list[list] = []
        self.takebacks = 0
        self.viewing: Replay | None = None   # an opened record, stepped through
        self.review: dict | None = None   # the last review: {"key": game, "results": {i: verdict}}
        self.legacy_log: list[dict] = []  # an old save's log text, when its record is unknown
        self.last_action: dict | None = None   # kept even when the record is unknown
        self.start: dict = {}
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
                         "names": _names(options.get("names")) if opponent == "human" else None,
                         "ai_level": level if level in AI_LEVELS else "easy",
                         "autoclaim": bool(options.get("autoclaim",
                                                       self.settings.get("autoclaim", False))),
                         "lang": self.settings.get("lang", "en")}
        self.state = new_game(rules, seed)
        self.actions = []
        self.action_events = []
        self.takebacks = 0
        self.legacy_log = []
        self.last_action = None
        self.start = {"rules": rules.to_json(), "seed": seed}
        self.notice = ""
        self._auto()
        return self.payload(self.first_seat())

    def rematch(self) -> dict:
        """A new match with the same options; the other player starts."""
        r = self.state.rules
        return self.new_game({"opponent": self.settings["opponent"], "tactics": r.tactics,
                              "claim_timing": r.claim_timing, "rounds": r.rounds,
                              "next_starter": r.next_starter, "starter": 1 - r.starter,
                              "ai_level": self.settings["ai_level"],
                              "names": self.settings.get("names"),
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
        actor = self.state.to_move
        self._apply(a, seat)
        self._auto()
        if a.kind == "next_round" and self.settings["opponent"] == "human":
            return self.payload(None)   # a new deal: whoever starts takes the device first
        return self.payload(self.seat_after(actor))

    def _apply(self, a, seat=None) -> None:
        self.state, events = apply_events(self.state, a, seat)
        self.last_action = action_to_json(a)
        if self.actions is not None:
            self.actions.append(self.last_action)
        self.action_events.append(events)

    @property
    def events(self) -> list[dict]:
        """Every event of the match in order, full form."""
        return [e for ev in self.action_events for e in ev]

    # ------------------------------------------------------------ take-backs

    def takeback_start(self, p: int):
        """Where player ``p``'s last turn began (an index into the record), if it can be
        taken back: against the computer its reply goes too; on a shared device only the
        turn just ended, before the other player has acted. Never across a new deal."""
        if self.actions is None or not self.actions or self.state.step == "round_over":
            return None
        ai = self.settings["opponent"] == "ai"
        if not ai and (self.state.to_move == p or self.state.step == "over"):
            return None
        start, k = None, 0
        for i, ev in enumerate(self.action_events):
            actor = self._actor(i)
            if actor == p and (i == 0 or self._ends_turn(i - 1)):
                start = i
            if any(e["type"] == "round_start" for e in ev):
                start, k = None, i + 1
        if start is None or start < k:
            return None
        if not ai and any(self._actor(i) not in (p, None) for i in range(start, len(self.actions))):
            return None
        return start

    def _actor(self, i: int):
        return next((e["player"] for e in self.action_events[i]
                     if e["type"] in TURN_EVENTS or e["type"] == "claims_done"), None)

    def _ends_turn(self, i: int) -> bool:
        return any(e["type"] in ("turn", "round_start") for e in self.action_events[i])

    def take_back(self, p: int) -> dict:
        """Take back player ``p``'s last turn (and the computer's reply). The decks are
        shuffled again if a card was drawn or put back in it, so that nobody knows what
        comes next; the record keeps the shuffle and counts the take-back."""
        start = self.takeback_start(p)
        if start is None:
            raise ValueError(self.words(p).t("takeback.none"))
        undone = [e for ev in self.action_events[start:] for e in ev]
        entries = self.actions[:start]
        if any(e["type"] in ("draw", "return") for e in undone):
            entries.append({"kind": "shuffle", "seed": random.SystemRandom().randrange(1, 2**31)})
        self.state, self.action_events = replay_record(self.start, entries)
        self.actions = entries
        self.takebacks += 1
        self.last_action = None
        self.viewing = None
        self._auto()   # back at a claim step: auto-claim claims, as after any move (and a reload)
        return self.payload(self.first_seat() if self.settings["opponent"] == "ai" else None)

    def seat_after(self, actor: int):
        """The seat whose hand may show after ``actor`` acted (``None``: pass the device)."""
        st = self.state
        if self.settings["opponent"] == "ai":
            return self.humans()[0]
        if st.step in PUBLIC_STEPS or st.to_move != actor:
            return None   # the next player must take the device first
        return actor

    def _auto(self) -> None:
        """Auto-claim for human seats that asked for it: claim every provable stone, then go on."""
        if not self.settings.get("autoclaim"):
            return
        while self.state.step == "claim" and self.state.to_move in self.humans():
            acts = legal_actions(self.state)
            claim = next((a for a in acts if a.kind == "claim"), None)
            self._apply(claim or next(a for a in acts if a.kind == "done"))

    # ------------------------------------------------------------ words

    def words(self, seat) -> Words:
        """The catalogue in the table's language, with the names as ``seat`` knows them."""
        ai = self.settings["ai_seat"] if self.settings["opponent"] == "ai" else None
        you = self.humans()[0] if ai is not None else None
        return Words(self.settings.get("lang", "en"), you=you, computer=ai,
                     names=self.settings.get("names"))

    def error_text(self, e: IllegalAction) -> str:
        """A refusal in players' words, from the engine's rule and its details."""
        return self.words(None).error(e.code, e.params)

    def log(self, seat) -> list[dict]:
        """The move log as ``seat`` may read it: one line per turn, round and match end."""
        if self.state is None:
            return []
        words = self.words(seat)
        lines = [{**e, "text": _legacy_text(e["text"], words)} for e in self.legacy_log]
        if self.actions is not None or not lines:
            rules = self.state.rules if not self.start.get("rules") \
                else Rules.from_json(self.start["rules"])
            lines.append(new_game_line(rules, words))
        lines += narrate(redact_all(self.events, seat), words)
        return [{"p": e.get("player", e.get("p")), "kind": e.get("kind", "turn"),
                 "text": e["text"]} for e in lines]

    def summary(self, seat) -> dict | None:
        """The whole last turn of the opponent of the player to move (with any round end it
        brought), as ``seat`` may see it: for the handover screen and the computer's move.
        ``None`` before that player's first turn of the round."""
        turns: list[list] = [[]]   # the events of each turn; None marks a new round
        for e in self.events:
            if e["type"] == "turn":
                turns.append([])
            elif e["type"] == "round_start":
                turns += [None, []]
            else:
                turns[-1].append(e)
        st = self.state
        for turn in reversed(turns):
            if turn is None:
                return None
            actors = {e["player"] for e in turn if e["type"] in TURN_EVENTS}
            if actors and (st.step in PUBLIC_STEPS or st.to_move not in actors):
                lines = narrate(redact_all(turn, seat), self.words(seat))
                return {"player": actors.pop(), "lines": [ln["text"] for ln in lines]}
        return None

    # ------------------------------------------------------------ what the page sees

    def payload(self, seat) -> dict:
        """Everything the page renders. ``seat=None``: the public table, no hand."""
        st = self.state
        v = view(st, seat)
        to_move = st.to_move
        private_step = st.step not in PUBLIC_STEPS
        handover = None
        if seat is None and private_step and self.settings["opponent"] == "human":
            handover = to_move
        ai_seat = self.settings["ai_seat"] if self.settings["opponent"] == "ai" else None
        words = self.words(seat)
        outcome_text = None
        if st.outcome is not None:
            key = f"reason.{st.outcome.reason}"
            outcome_text = words.t(key) if words.has(key) else st.outcome.reason
        game_line = variant_text(st.rules, words)
        if st.rules.rounds > 1:
            game_line += " · " + words.t("variant.round", round=st.round, rounds=st.rules.rounds)
        return {
            "view": v,
            "seat": seat,
            "handover": handover,
            "settings": dict(self.settings),
            "ai_to_move": ai_seat is not None and to_move == ai_seat and private_step,
            "log": self.log(seat),
            "summary": self.summary(seat),
            "claims_text": {c["stone"]: claim_line(c, words) for c in v["claims"]},
            "refusals": self.refusals(seat, words),
            "warning": self.warning(seat, words),
            # The formation of each complete side, in words: [South, North] per stone.
            "formations": [[words.formation(side["formation"], article=True)
                            if side.get("formation") else None for side in st_json["sides"]]
                           for st_json in v["stones"]],
            "outcome_text": outcome_text,
            "game_line": game_line,
            "notice": self.notice,
            "takebacks": self.takebacks,
            # Who may take back a turn now: against the computer the player (their last
            # turn and its reply); on a shared device the player who just moved, if the
            # other agrees on the handover screen.
            "takeback": self._takeback_seat(),
            # Only public moves: a Recruiter's returned card, say, stays secret.
            "last": self._last_public(),
        }

    def warning(self, seat, words) -> str | None:
        """A warning for ``seat`` on its play step: no stone has room for its clan cards any
        more, so it will pass turn after turn (until the round ends, or a tactic card helps)."""
        st = self.state
        if seat is None or st.to_move != seat or st.step != "play":
            return None
        clan = [c for c in st.hands[seat] if c < N_CLAN]
        if clan and not rooms(st, seat):
            return words.said("warn.no_room", seat, player=seat)
        return None

    def refusals(self, seat, words) -> dict:
        """Why each card of ``seat``'s hand cannot be played now, in words (only cards that
        cannot be played, and only in that seat's play step)."""
        st = self.state
        if seat is None or st.to_move != seat or st.step != "play":
            return {}
        out = {}
        for card in sorted(set(st.hands[seat])):
            e = play_refusal(st, seat, card)
            if e is not None:
                out[card_text(card)] = words.error(e.code, e.params)
        return out

    def _takeback_seat(self):
        ai = self.settings["opponent"] == "ai"
        p = self.humans()[0] if ai else 1 - self.state.to_move
        return p if self.takeback_start(p) is not None else None

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
        seed = zlib.crc32(f"{st.seed}/{st.round}/{len(self.actions or ())}/{st.tick}".encode())
        level = self.settings["ai_level"]
        budget = dict(AI_BUDGETS.get(level, {}))
        # A search level (one with a budget) may share its search among the page's workers.
        return {"view": view(st, seat), "seed": seed, "level": level, "budget": budget,
                "seat": seat, "shared": bool(budget)}

    def hint_request(self, seat) -> dict | None:
        """What the worker gets for a hint: ``seat``'s own view only (nothing hidden).

        ``None`` unless ``seat`` is a human seat with a decision to make right now.
        """
        st = self.state
        if seat not in self.humans() or st.step in PUBLIC_STEPS or st.to_move != seat:
            return None
        seed = zlib.crc32(f"hint/{st.seed}/{st.round}/{len(self.actions or ())}/{st.tick}"
                          .encode())
        # A hint searches like the Hard level: shared among the page's workers, too.
        return {"view": view(st, seat), "seed": seed, "budget": dict(HINT_BUDGET),
                "seat": seat, "hint": True, "shared": bool(HINT_BUDGET)}

    def set_option(self, name: str, value) -> dict:
        if name == "autoclaim":
            self.settings["autoclaim"] = bool(value)
            self._auto()
        elif name == "lang":
            if value not in languages():
                raise ValueError(f"no language {value!r}: there are {', '.join(languages())}")
            self.settings["lang"] = value
        else:
            raise ValueError(f"unknown option {name!r}")
        return {"ok": True}

    # ------------------------------------------------------------ saving

    # ------------------------------------------------------------ replay and records

    def record_json(self) -> dict:
        """The game record (docs/formats.md), take-backs counted, for download."""
        if self.actions is None:
            raise ValueError(self.words(None).t("record.unknown"))
        return {"format": "schotten-totten/record", "version": 1, **self.start,
                "actions": self.actions, "takebacks": self.takebacks}

    def open_record(self, text: str) -> dict:
        """Open a game record to step through (the game in progress is kept)."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError):
            raise ValueError(self.words(None).t("record.not_json")) from None
        if not isinstance(data, dict) or data.get("format") != "schotten-totten/record" or \
                not isinstance(data.get("actions"), list):
            raise ValueError(self.words(None).t("record.not_a_record"))
        try:
            self.viewing = Replay({"rules": data.get("rules"), "seed": data.get("seed", 0)},
                                  data["actions"])
        except ValueError as e:   # IllegalAction and FormatError too
            raise ValueError(self.words(None).t("record.bad", error=str(e))) from None
        return self.replay_info("opened", "open")

    def _replay_source(self, source: str) -> tuple[Replay, list]:
        """The replay of ``source`` ("game": the match at the table, "opened": an opened
        record) and the seats it may be seen from."""
        if source == "opened":
            if self.viewing is None:
                raise ValueError("no record is open")
            return self.viewing, list(MODES)
        if self.actions is None:
            raise ValueError(self.words(None).t("record.unknown"))
        replay = Replay(self.start, self.actions)
        if replay.over:
            return replay, list(MODES)
        if self.settings["opponent"] == "ai":
            return replay, [str(self.humans()[0])]
        return replay, ["public"]   # in progress on a shared device: no hand may show

    def replay_info(self, source: str, mode: str) -> dict:
        """The move list of ``source`` as seen through ``mode``, and how it may be seen."""
        replay, modes = self._replay_source(source)
        mode = mode if mode in modes else modes[0]
        seat = None if mode in ("public", "open") else int(mode)
        words = self.words(seat)
        moves = replay.moves("open" if mode == "open" else seat, words)
        last = len(replay.steps) - 1
        return {"source": source, "mode": mode, "modes": modes, "moves": moves,
                "steps": len(replay.steps), "over": replay.over,
                "review": self._review_marks(replay, moves) if replay.over else None,
                "view": replay.view(last, mode),
                "step_review": self._review_step(replay, last) if replay.over else None}

    def replay_view(self, source: str, mode: str, k: int) -> dict:
        replay, modes = self._replay_source(source)
        if mode not in modes:
            raise ValueError(f"this game cannot be seen as {mode!r} now")
        if type(k) is not int or not 0 <= k < len(replay.steps):
            raise ValueError(f"no step {k!r}")
        return {"view": replay.view(k, mode), "step": k,
                "step_review": self._review_step(replay, k) if replay.over else None}

    # ------------------------------------------------------------ review

    def review_requests(self, source: str, seats=None) -> dict:
        """What the worker weighs for a review of the finished game ``source``: for each
        decision of a reviewed seat that had a choice, that seat's view at the moment and
        the move made (``engine.ai.review.assess``). ``key`` names the game for
        ``review_store``. Reviewed seats: the human against the computer, both players of
        a game on one device, or ``seats`` for an opened record."""
        replay, _ = self._replay_source(source)
        if not replay.over:
            raise ValueError(self.words(None).t("review.not_over"))
        if seats is None or source == "game":
            seats = self.humans() if source == "game" else [0, 1]
        if not isinstance(seats, list) or any(q not in (0, 1) for q in seats):
            raise ValueError(f"seats to review must be a list of 0 and 1, not {seats!r}")
        key = _game_key(replay)
        requests = []
        for i, entry in enumerate(replay.entries):
            st = replay.states[i]
            if entry.get("kind") == "shuffle" or st.step not in ("play", "claim") \
                    or st.to_move not in seats:
                continue
            acts = legal_actions(st)
            if len(acts) < 2:
                continue
            if st.step == "claim" and (entry.get("kind") != "done" or
                                       not any(a.kind == "claim" for a in acts)):
                continue   # only a claim left untaken is worth a verdict
            requests.append({"index": i, "view": view(st, st.to_move), "played": entry,
                             "seed": zlib.crc32(f"review/{key}/{i}".encode()),
                             "iterations": REVIEW_ITERATIONS, "time": REVIEW_TIME})
        return {"key": key, "requests": requests}

    def review_store(self, key: int, results) -> dict:
        """Keep the worker's verdicts (``[{"index": i, "result": {...}}]``) for the game
        ``key``; the replay of that game then marks its moves. One review is kept."""
        if type(key) is not int or not isinstance(results, list):
            raise ValueError("a review needs the game's key and a list of results")
        kept = {}
        for r in results:
            if not (isinstance(r, dict) and type(r.get("index")) is int and
                    isinstance(r.get("result"), dict) and
                    r["result"].get("kind") in REVIEW_KINDS):
                raise ValueError(f"not a review result: {shown(r)}")
            kept[r["index"]] = r["result"]
        self.review = {"key": key, "results": kept}
        return {"stored": len(kept)}

    def hint_words(self, action, advice) -> dict:
        """A suggestion in words: ``what`` to do, and ``why`` in one sentence."""
        if not isinstance(action, dict) or not isinstance(advice, dict) or \
                not isinstance(advice.get("reason"), str):
            raise ValueError("a hint needs the worker's action and advice")
        words = self.words(None)
        timing = self.state.rules.claim_timing if self.state else "after_play"
        return {"what": move_text(action, words, timing), "why": advice_line(advice, words)}

    def _review_of(self, replay) -> dict:
        if self.review and self.review["key"] == _game_key(replay):
            return self.review["results"]
        return {}

    def _review_marks(self, replay, moves: list) -> dict | None:
        """Marks on the move list (the worst verdict of each step) and a summary."""
        results = self._review_of(replay)
        if not results:
            return None
        counts = dict.fromkeys(REVIEW_LEVELS, 0)
        for i, r in results.items():
            level = r.get("level")
            if level is None:
                continue
            level = "missed_claim" if r["kind"] == "missed_claim" else level
            counts[level] += 1
            move = moves[replay.step_of(i) - 1]
            if REVIEW_LEVELS.index(level) < REVIEW_LEVELS.index(move.get("mark", "ok")):
                move["mark"] = level
                move["mark_text"] = self.words(None).t(f"review.level.{level}")
        words = self.words(None)
        parts = [words.t(f"review.count.{lv}", n=n) for lv, n in counts.items() if n]
        worst = sorted((i for i, r in results.items() if r.get("level")),
                       key=lambda i: -results[i].get("drop", 1.0))[:3]
        return {"summary": words.t("list.comma").join(parts) if parts else
                words.t("review.clean"),
                "worst": sorted({replay.step_of(i) for i in worst})}

    def _review_step(self, replay, k: int) -> dict | None:
        """The verdict shown at step ``k``: the move made, Hard's preferred move and why."""
        results = self._review_of(replay)
        lo, hi = replay.steps[k - 1][0] if k else 0, replay.steps[k][0]
        found = [(i, results[i]) for i in range(lo, hi) if i in results] if k else []
        if not found:
            return None
        i, r = max(found, key=lambda x: REVIEW_ORDER.get(x[1].get("level"), 0))
        seat = replay.states[i].to_move
        words = self.words(seat if self.settings["opponent"] == "ai" else None)
        timing = replay.final.rules.claim_timing
        out = {"seat": seat, "level": r.get("level")}
        if r.get("level") is None:
            out["text"] = words.t("review.ok")
            return out
        level = "missed_claim" if r["kind"] == "missed_claim" else r["level"]
        out["best"] = r["best"]
        best = words.t("review.best", move=move_text(r["best"], words, timing),
                       why=advice_line(r["advice"], words))
        if r["kind"] == "missed_claim":
            out["text"] = words.t("review.missed", better=best)
        else:
            def pct(x):
                return words.t("review.percent", n=round(100 * x))
            out["text"] = words.t("review.verdict", level=words.t(f"review.level.{level}"),
                                  played=move_text(replay.entries[i], words, timing),
                                  before=pct(r["best_value"]), after=pct(r["played_value"]),
                                  better=best)
        return out

    def finished_entry(self) -> dict | None:
        """A finished match for the list of recent games: who, result, points, record."""
        st = self.state
        if st.step != "over" or self.actions is None:
            return None
        words = self.words(None)
        winner = match_winner(st.scores)
        human = self.humans()[0] if self.settings["opponent"] == "ai" else None
        if winner is None:
            result = words.t("games.draw", a=st.scores[0], b=st.scores[1])
        else:
            result = words.said("games.won", winner, player=winner, a=st.scores[0],
                                b=st.scores[1])
        opponent = words.t(f"games.vs_{self.settings['ai_level']}") if human is not None \
            else words.t("games.two_players")
        return {"opponent": opponent, "result": result, "winner": winner, "human": human,
                "level": self.settings["ai_level"] if human is not None else None,
                "scores": st.scores[:], "takebacks": self.takebacks,
                "game": variant_text(st.rules, words), "record": self.record_json()}

    def save_json(self) -> str:
        return json.dumps(self.save_data())

    def save_data(self) -> dict:
        """The save (docs/formats.md); web/saves.py stamps it with the tab that writes it."""
        record = None
        if self.actions is not None:
            record = {**self.start, "actions": self.actions, "takebacks": self.takebacks}
        data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "settings": self.settings,
                "position": position_to_json(self.state), "record": record}
        if self.legacy_log:
            data["log"] = self.legacy_log
        data["last"] = self.last_action   # the glow on the last card played (since 2026-11-24)
        return data

    def restore(self, text: str) -> dict:
        """Resume from a save of any shape ever written (tests/data/saves/); raise
        ``SaveError`` (worded from the catalogue) if it cannot be."""
        data = parse_save(text)
        try:
            state = position_from_json(data["position"])
        except (KeyError, TypeError, ValueError, AttributeError, IndexError,
                RecursionError) as e:
            raise SaveError("save.damaged", error=str(e) or type(e).__name__) from None
        settings = dict(DEFAULT_SETTINGS)
        raw = data.get("settings") or {}
        if isinstance(raw, dict):
            if raw.get("opponent") in ("ai", "human"):
                settings["opponent"] = raw["opponent"]
            if raw.get("ai_seat") in (0, 1):
                settings["ai_seat"] = raw["ai_seat"]
            if raw.get("ai_level") in AI_LEVELS:
                settings["ai_level"] = raw["ai_level"]
            if raw.get("lang") in languages():
                settings["lang"] = raw["lang"]
            settings["autoclaim"] = bool(raw.get("autoclaim", False))
            if settings["opponent"] == "human":
                settings["names"] = _names(raw.get("names"))
        self.settings = settings
        self.state = state
        self.start, self.actions, self.action_events, self.last_action = {}, None, [], None
        self.takebacks, self.viewing = 0, None
        record = data.get("record")
        if isinstance(record, dict) and isinstance(record.get("actions"), list):
            # The events are the record's: replayed, and kept only if they lead to the
            # saved position (otherwise the save's own log is all there is).
            start = {"rules": record.get("rules"), "seed": record.get("seed")}
            try:
                final, events = replay_record(start, record["actions"])
            except ValueError:
                final = None
            if final == state:
                self.start = start
                self.actions = list(record["actions"])
                self.action_events = events
                takebacks = record.get("takebacks", 0)
                self.takebacks = takebacks if type(takebacks) is int and takebacks >= 0 else 0
                last = self.actions[-1] if self.actions else None
                self.last_action = last if isinstance(last, dict) and \
                    last.get("kind") != "shuffle" else None
        if "last" in data:   # none after a take-back, though the record ends in a play
            self.last_action = _last_of(data["last"])
        log = data.get("log")
        self.legacy_log = [] if self.actions is not None else [
            {"p": e.get("p"), "kind": "turn", "text": e["text"]} for e in log
            if isinstance(e, dict) and isinstance(e.get("text"), str)] \
            if isinstance(log, list) else []
        self.notice = ""
        self._auto()
        return self.payload(self.first_seat())

    # ------------------------------------------------------------ lessons (web/lessons.py)

    def play_position(self, position: dict, settings: dict) -> dict:
        """Play on from a prepared position (a lesson's step), with ``settings`` over the
        defaults and the table's language kept. There is no record: such a game is not
        replayed, nor kept among the recent games."""
        state = position_from_json(position)
        self.settings = {**DEFAULT_SETTINGS, **settings, "lang": self.settings.get("lang", "en")}
        self.state = state
        self.start, self.actions, self.action_events, self.last_action = {}, None, [], None
        self.takebacks, self.viewing, self.legacy_log, self.notice = 0, None, [], ""
        return self.payload(self.first_seat())


def _game_key(replay) -> int:
    """A game's fingerprint: its start and its entries."""
    return zlib.crc32(json.dumps([replay.start, replay.entries], sort_keys=True).encode())


def _last_of(value):
    """A save's last action, if it is one (else none: it only makes a card glow)."""
    try:
        return action_to_json(action_from_json(value))
    except (ValueError, TypeError, AttributeError, KeyError):
        return None


def _names(value):
    """Two players' names on a shared device, trimmed (``None``: South and North)."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    names = [v.strip()[:MAX_NAME] if isinstance(v, str) else "" for v in value]
    return names if any(names) else None


_LEGACY_TOKEN = re.compile(r"\{(N|n|s|start)([01])\}")


def _legacy_text(text: str, words: Words) -> str:
    """A log line of a save from before the events (its names were tokens: {N0} a name
    starting a sentence, {n0} inside one, {s0} its possessive, {start0} the verb)."""
    def name(m):
        kind, p = m.group(1), int(m.group(2))
        if kind == "s":
            return words.possessive(p)
        if kind == "start":
            return words.said("legacy.start", p)
        n = words.name(p)
        return n[:1].upper() + n[1:] if kind == "N" else n
    return _LEGACY_TOKEN.sub(name, text)


def parse_action(text: str) -> dict:
    """Parse an action's JSON text (kept separate so errors read well)."""
    try:
        data = json.loads(text)
    except ValueError:
        raise IllegalAction("not_json", value=shown(text)) from None
    return data


__all__ = ["AI_BUDGETS", "HINT_BUDGET", "SAVE_KEY", "SaveError", "Session", "parse_action",
           "parse_card"]
