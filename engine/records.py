"""JSON documents: game records (options + seed + actions) and positions.

A record replays a whole match exactly. A position describes any moment of a
game, hidden cards included, so puzzles, bug reports and tests can start from
it. Both formats are documented in ``docs/formats.md``.

>>> from engine.state import new_game
>>> s = new_game(seed=5)
>>> position_from_json(position_to_json(s)) == s
True
"""

from __future__ import annotations

import json
import random
from typing import NamedTuple

from .actions import NEXT_ROUND, Action, action_from_json, action_to_json, shown
from .cards import ELITES, JOKER, MODES, N_CLAN, RECRUITER, TACTIC_DECK, card_text, parse_card
from .claims import claim_proof
from .errors import FormatError, GameError, MalformedAction
from .jsontext import check_text
from .rules import (
    CAPACITY,
    FIVE_STONES,
    ROUND_END_REASONS,
    STUCK_ADJACENT,
    STUCK_EQUAL,
    STUCK_FIVE,
    STUCK_MORE,
    THREE_ADJACENT,
    capacity,
    next_round_starter,
    round_points,
    round_starter_of,
    stuck_result,
    win_shape,
    within_tactic_limit,
)
from .state import (
    AFTER_PLAY,
    CLAIM,
    DRAW,
    OVER,
    PLAY,
    RECRUIT_DRAW,
    RECRUIT_RETURN,
    ROUND_OVER,
    START_OF_TURN,
    STEPS,
    Outcome,
    Rules,
    State,
    deal_round,
    new_game,
)
from .turn import any_claim, apply, apply_events, reshuffle

RECORD_FORMAT = "schotten-totten/record"
POSITION_FORMAT = "schotten-totten/position"
VERSION = 1
# A record's or position's text, measured before it is parsed (``jsontext``): a 99-round
# Tactic match as the table writes it is about 500,000 characters, and a document nests 5 deep
# at most (a game between two devices: the record, its deals, a round's deal, its hands, a hand).
MAX_TEXT = 1_000_000
MAX_DEPTH = 16


# The keys each object of a document may hold: any other is refused by name.
RECORD_KEYS = ("format", "version", "rules", "seed", "deal", "actions", "takebacks", "players")
DEAL_KEYS = ("hands", "deck", "tactic_deck")
SHUFFLE_KEYS = ("kind", "seed")
POSITION_KEYS = (
    "format",
    "version",
    "rules",
    "seed",
    "round",
    "scores",
    "round_starter",
    "history",
    "to_move",
    "step",
    "hands",
    "decks",
    "stones",
    "discard",
    "tactics_played",
    "joker_played",
    "tick",
    "played",
    "claimed",
    "draws_left",
    "returns_left",
    "passes",
    "outcome",
)
STONE_KEYS = ("sides", "mode", "owner", "done_at")
DECK_KEYS = ("clan", "tactic")
OUTCOME_KEYS = ("winner", "reason")


class Shuffle(NamedTuple):
    """A record's ``{"kind": "shuffle", "seed": S}`` entry: both decks shuffled again from
    ``S`` (``engine.turn.reshuffle``), as a take-back does. ``replay`` lists it among the
    actions, in its place."""

    seed: int
    kind: str = "shuffle"


# ---------------------------------------------------------------- reading, field by field


def _known(obj: dict, keys: tuple, where: str, code: str = "unknown_key") -> None:
    """Refuse a key the format does not have, by name (a typo would otherwise be lost)."""
    for k in obj:
        if k not in keys:
            raise FormatError(code, where=where, name=shown(k), keys=", ".join(keys))


def _header(data, fmt: str) -> None:
    if not isinstance(data, dict):
        raise FormatError("not_a_document", format=fmt)
    if data.get("format") != fmt:
        raise FormatError("wrong_format", format=fmt, value=shown(data.get("format")))
    version = data.get("version")
    if type(version) is not int or version != VERSION:  # 1.0 and true are not version 1
        raise FormatError("wrong_version", format=fmt, value=shown(version), version=VERSION)


def _seed(value) -> int | str:
    if type(value) not in (int, str):
        raise FormatError("bad_seed", value=shown(value))
    return value


def _cards(value, where: str) -> list[int]:
    if not isinstance(value, list):
        raise FormatError("not_cards", where=where, value=shown(value))
    out = []
    for i, c in enumerate(value):
        try:
            out.append(parse_card(c))
        except MalformedAction:  # said again with where it is
            raise FormatError("unknown_card", where=f"{where}[{i}]", value=shown(c)) from None
    return out


def _player(value, where: str, allow_none: bool = False):
    if value is None and allow_none:
        return None
    if type(value) is not int or value not in (0, 1):  # not 1.0, not true
        raise FormatError("bad_player", where=where, value=shown(value))
    return value


def _whole(value, where: str, lo: int = 0, hi: int | None = None) -> int:
    if type(value) is not int or value < lo or (hi is not None and value > hi):
        if hi is None:
            raise FormatError("bad_whole_from", where=where, lo=lo, value=shown(value))
        raise FormatError("bad_whole", where=where, lo=lo, hi=hi, value=shown(value))
    return value


def _flag(value, where: str) -> bool:
    if type(value) is not bool:
        raise FormatError("bad_flag", where=where, value=shown(value))
    return value


def _two(value, where: str, read) -> list:
    """A [South, North] pair, each item checked by ``read(item, where)``."""
    if not isinstance(value, list) or len(value) != 2:
        raise FormatError("not_two", where=where, value=shown(value))
    return [read(v, f"{where}[{q}]") for q, v in enumerate(value)]


def _brief(data) -> str:
    """An action entry as JSON for an error message, shortened (and safe when deep)."""
    try:
        text = json.dumps(data)
    except (TypeError, ValueError, RecursionError):
        text = shown(data)
    return text if len(text) <= 100 else text[:97] + "..."


# ---------------------------------------------------------------- records


def _deal_to_json(deal: dict) -> dict:
    return {
        "hands": [[card_text(c) for c in h] for h in deal["hands"]],
        "deck": [card_text(c) for c in deal["deck"]],
        "tactic_deck": [card_text(c) for c in deal.get("tactic_deck", [])],
    }


def record_to_json(rules: Rules, seed, actions, deal: dict | list | None = None) -> dict:
    """A record; ``deal`` fixes round 1 (a dict) or each round (a list, one per round)."""
    out = {"format": RECORD_FORMAT, "version": VERSION, "rules": rules.to_json(), "seed": seed}
    if isinstance(deal, list):
        out["deal"] = [_deal_to_json(d) for d in deal]
    elif deal is not None:
        out["deal"] = _deal_to_json(deal)
    out["actions"] = [
        {"kind": a.kind, "seed": a.seed} if isinstance(a, Shuffle) else action_to_json(a)
        for a in actions
    ]
    return out


def replay(record) -> tuple[State, list]:
    """Check and replay a record: ``(final state, actions)`` (with a ``Shuffle`` for each
    shuffle entry, in its place); a ``FormatError`` names the field or the action's number."""
    state, actions, _ = _replay(record, False)
    return state, actions


def replay_events(record) -> tuple[State, list, list]:
    """``replay``, with the events of each action: ``(final state, actions, events)``,
    ``events[i]`` the full events of ``actions[i]`` (see ``engine.events``)."""
    return _replay(record, True)


def read_deals(value, rules: Rules) -> dict | list[dict]:
    """A record's ``deal``: one object fixes round 1 (later rounds come from the seed); a
    list fixes every round, one object each, round 1 first, as a game between two devices
    deals each round afresh (``engine/remote``)."""
    if not isinstance(value, list):
        return _deal(value, rules, "deal")
    if not 1 <= len(value) <= rules.rounds:
        raise FormatError("deal_rounds", n=len(value), rounds=rules.rounds)
    return [_deal(d, rules, f"deal[{i}]") for i, d in enumerate(value)]


def first_deal(deals: dict | list | None) -> dict | None:
    """Round 1's deal of ``read_deals``' answer (``None``: from the seed)."""
    return deals[0] if isinstance(deals, list) else deals


def deal_next_round(state: State, deals: dict | list | None) -> None:
    """After a ``next_round`` action (which dealt from the seed): the round dealt again as
    the record's list of deals has it, one per round; a round missing from it is refused."""
    if not isinstance(deals, list):
        return
    if state.round > len(deals):
        raise FormatError("deal_missing_round", round=state.round, n=len(deals))
    deal_round(state, state.round, state.round_starter, deals[state.round - 1])


def _deal(d, rules: Rules, where: str = "deal") -> dict:
    if not isinstance(d, dict):
        raise FormatError("deal_not_object", value=shown(d))
    _known(d, DEAL_KEYS, where)
    hands = d.get("hands")
    if not isinstance(hands, list) or len(hands) != 2:
        raise FormatError("deal_hands_not_two")
    deal: dict = {
        "hands": [_cards(hands[0], f"{where}.hands[0]"), _cards(hands[1], f"{where}.hands[1]")],
        "deck": _cards(d.get("deck", []), f"{where}.deck"),
        "tactic_deck": _cards(d.get("tactic_deck", []), f"{where}.tactic_deck"),
    }
    for q in (0, 1):
        if len(deal["hands"][q]) > rules.hand_size:
            raise FormatError(
                "deal_hand_too_big",
                where=f"{where}.hands[{q}]",
                n=len(deal["hands"][q]),
                most=rules.hand_size,
            )
    _deck_kinds(deal["deck"], deal["tactic_deck"], f"{where}.deck", f"{where}.tactic_deck")
    _check_accounting(rules, deal["hands"], deal["deck"], deal["tactic_deck"], [], [], [])
    return deal


def _replay(record, with_events: bool) -> tuple[State, list, list]:
    _header(record, RECORD_FORMAT)
    _known(record, RECORD_KEYS, "record", "unknown_record_key")
    rules = Rules.from_json(record.get("rules", {}))
    seed = _seed(record.get("seed", 0))
    deals = read_deals(record["deal"], rules) if "deal" in record else None
    if "takebacks" in record:
        _whole(record["takebacks"], "takebacks")
    if "players" in record and not isinstance(record["players"], dict):
        raise FormatError("players_not_object", value=shown(record["players"]))
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise FormatError("actions_not_list", value=shown(actions))
    state = new_game(rules, seed, first_deal(deals))
    done, events = [], []
    for i, data in enumerate(actions):
        try:
            a: Action | Shuffle
            if isinstance(data, dict) and data.get("kind") == "shuffle":
                a = _shuffle(data)
                state = state.copy()
                ev: list = []
                reshuffle(state, a.seed, ev)
            else:
                a = action = action_from_json(data)
                state, ev = (
                    apply_events(state, action) if with_events else (apply(state, action), [])
                )
        except GameError as e:  # an illegal or malformed action, a bad shuffle entry
            raise FormatError(
                "bad_action", number=i + 1, action=_brief(data), cause=e.to_json()
            ) from None
        if isinstance(a, Action) and a.kind == NEXT_ROUND:
            deal_next_round(state, deals)  # the new state is this loop's own
        if with_events:
            events.append(ev)
        done.append(a)
    return state, done, events


def _shuffle(data: dict) -> Shuffle:
    _known(data, SHUFFLE_KEYS, "shuffle", "unknown_shuffle_key")
    seed = data.get("seed")
    if type(seed) is not int:
        raise FormatError("shuffle_seed", value=shown(seed))
    return Shuffle(seed)


# ---------------------------------------------------------------- positions


def position_to_json(state: State) -> dict:
    """The whole state, hidden cards included (decks listed bottom first, top last)."""
    return {
        "format": POSITION_FORMAT,
        "version": VERSION,
        "rules": state.rules.to_json(),
        "seed": state.seed,
        "round": state.round,
        "scores": state.scores[:],
        "round_starter": state.round_starter,
        "history": [list(h) for h in state.history],
        "to_move": state.to_move,
        "step": state.step,
        "hands": [[card_text(c) for c in h] for h in state.hands],
        "decks": {
            "clan": [card_text(c) for c in state.decks[0]],
            "tactic": [card_text(c) for c in state.decks[1]],
        },
        "stones": [
            {
                "sides": [[card_text(c) for c in state.sides[2 * s + q]] for q in (0, 1)],
                "mode": None if state.modes[s] < 0 else card_text(state.modes[s]),
                "owner": None if state.owner[s] < 0 else state.owner[s],
                "done_at": [state.done_at[2 * s], state.done_at[2 * s + 1]],
            }
            for s in range(9)
        ],
        "discard": [card_text(c) for c in state.discard],
        "tactics_played": state.tactics_played[:],
        "joker_played": state.joker_played[:],
        "tick": state.tick,
        "played": state.played,
        "claimed": state.claimed,
        "draws_left": state.draws_left,
        "returns_left": state.returns_left,
        "passes": state.passes,
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }


def _history(value) -> tuple:
    """The results of the rounds so far: ``(winner, reason, stones, stones)`` each."""
    if not isinstance(value, list):
        raise FormatError("history_not_list")
    out = []
    for i, h in enumerate(value):
        where = f"history[{i}]"
        if not isinstance(h, list) or len(h) != 4 or type(h[1]) is not str or not h[1]:
            raise FormatError("bad_history_entry", where=where)
        winner = _player(h[0], f"{where}[0]", allow_none=True)
        a = _whole(h[2], f"{where}[2]", 0, 9)
        b = _whole(h[3], f"{where}[3]", 0, 9 - a)
        _result(winner, h[1], (a, b), where)
        out.append((winner, h[1], a, b))
    return tuple(out)


# The fewest stones a round's winner holds, by the reason the round ended.
_FEWEST = {FIVE_STONES: 5, STUCK_FIVE: 5, THREE_ADJACENT: 3, STUCK_ADJACENT: 3}


def _result(winner, reason: str, stones: tuple, where: str) -> None:
    """A round's result is one a round can end with: a reason the engine gives, a winner
    exactly when it is not a draw, and stone counts that the reason allows."""
    if reason not in ROUND_END_REASONS:
        raise FormatError(
            "bad_reason", where=where, value=shown(reason), reasons=", ".join(ROUND_END_REASONS)
        )
    if winner is None and reason != STUCK_EQUAL:
        raise FormatError("reason_needs_winner", where=where, reason=reason)
    if winner is not None and reason == STUCK_EQUAL:
        raise FormatError("draw_has_winner", where=where, reason=reason)
    a, b = stones
    if winner is None:
        fits = a == b
    else:
        held, other = stones[winner], stones[1 - winner]
        fits = held >= _FEWEST.get(reason, 0) and (reason != STUCK_MORE or held > other)
    if not fits:
        raise FormatError("reason_stones", where=where, reason=reason, a=a, b=b)


def _outcome(value) -> Outcome | None:
    if value is None:
        return None
    if (
        not isinstance(value, dict)
        or "winner" not in value
        or type(value.get("reason")) is not str
        or not value["reason"]
    ):
        raise FormatError("bad_outcome")
    _known(value, OUTCOME_KEYS, "outcome")
    return Outcome(_player(value["winner"], "outcome.winner", allow_none=True), value["reason"])


def _deck_kinds(clan_deck: list, tactic_deck: list, clan_where: str, tactic_where: str) -> None:
    """The clan deck holds clan cards only, the tactic deck tactic cards only."""
    for where, deck, code in (
        (clan_where, clan_deck, "tactic_in_clan_deck"),
        (tactic_where, tactic_deck, "clan_in_tactic_deck"),
    ):
        for i, c in enumerate(deck):
            if (c >= N_CLAN) == (code == "tactic_in_clan_deck"):
                raise FormatError(code, where=f"{where}[{i}]", card=card_text(c))


def _check_accounting(rules, hands, clan_deck, tactic_deck, sides, modes, discard) -> None:
    """Every card exactly once: 54 clan cards (+ the 10 tactic cards in the variant)."""
    seen: dict[int, int] = {}
    for group in [*hands, clan_deck, tactic_deck, *sides, modes, discard]:
        for c in group:
            seen[c] = seen.get(c, 0) + 1
    expected = {c: 1 for c in range(N_CLAN)}
    if rules.tactics:
        for c in TACTIC_DECK:
            expected[c] = expected.get(c, 0) + 1
    for c in sorted(set(seen) | set(expected)):
        have, want = seen.get(c, 0), expected.get(c, 0)
        if have != want:
            code = (
                "card_not_in_game"
                if want == 0
                else ("card_missing" if have < want else "card_too_often")
            )
            raise FormatError(code, card=card_text(c), have=have, want=want)


def position_from_json(data) -> State:
    """Read a position, checked field by field and as a whole (see docs/formats.md).

    Omitted fields take sensible defaults; any position it returns is one the game can
    reach, so the engine can go on from it: it refuses, with a ``FormatError`` naming the
    field, a key it does not know, a value of the wrong type, a card missing or doubled,
    a step that contradicts the hands, the decks, the counters or the stones, a claim no
    proof allows, tactic counts the plays cannot give, and a history, scores or outcome
    that disagree with each other or with the stones."""
    _header(data, POSITION_FORMAT)
    _known(data, POSITION_KEYS, "position", "unknown_position_key")
    rules = Rules.from_json(data.get("rules", {}))
    seed = _seed(data.get("seed", 0))
    s = State.__new__(State)
    s.rules, s.seed = rules, seed
    deal_round(s, 1, rules.starter, {"hands": [[], []], "deck": []})
    s.round = _whole(data.get("round", 1), "round", 1, rules.rounds)
    s.history = _history(data.get("history", []))
    s.step = data.get("step", PLAY)
    if type(s.step) is not str or s.step not in STEPS:
        raise FormatError("bad_step", steps=", ".join(STEPS), value=shown(s.step))
    s.outcome = _outcome(data.get("outcome"))
    # Defaults from the history: the points it gives, who started this round, who is next.
    points = [0, 0]
    for w, _, a, b in s.history:
        got = round_points(w, (a, b))
        points = [points[0] + got[0], points[1] + got[1]]
    s.scores = _two(data.get("scores", points), "scores", _whole)
    s.round_starter = _player(
        data.get("round_starter", round_starter_of(rules, s.history[: s.round - 1])),
        "round_starter",
    )
    mover = s.round_starter
    if s.step == ROUND_OVER and s.outcome is not None:
        mover = next_round_starter(rules, s.round_starter, s.outcome.winner)
    s.to_move = _player(data.get("to_move", mover), "to_move")
    hands = data.get("hands", [[], []])
    if not isinstance(hands, list) or len(hands) != 2:
        raise FormatError("hands_not_two")
    s.hands = [sorted(_cards(hands[0], "hands[0]")), sorted(_cards(hands[1], "hands[1]"))]
    _stones(s, data.get("stones", []))
    s.tick = _whole(data.get("tick", s.tick), "tick", max(s.done_at) + 1)
    s.discard = _cards(data.get("discard", []), "discard")
    modes = [m for m in s.modes if m >= 0]
    decks = data.get("decks")
    on_table = [c for side in s.sides for c in side]
    if decks is None:  # the rest, shuffled by the seed
        counts: dict[int, int] = {}
        for c in [*s.hands[0], *s.hands[1], *on_table, *modes, *s.discard]:
            counts[c] = counts.get(c, 0) + 1
        rng = random.Random(f"schotten-totten/position/{seed}")
        clan = [c for c in range(N_CLAN) if c not in counts]
        pool = list(TACTIC_DECK) if rules.tactics else []
        tactic = []
        for c in pool:
            if counts.get(c, 0) > 0:
                counts[c] -= 1
            else:
                tactic.append(c)
        rng.shuffle(clan)
        rng.shuffle(tactic)
        s.decks = [clan, tactic]
    else:
        if not isinstance(decks, dict):
            raise FormatError("decks_not_object")
        _known(decks, DECK_KEYS, "decks")
        s.decks = [
            _cards(decks.get("clan", []), "decks.clan"),
            _cards(decks.get("tactic", []), "decks.tactic"),
        ]
        _deck_kinds(s.decks[0], s.decks[1], "decks.clan", "decks.tactic")
    _check_accounting(rules, s.hands, s.decks[0], s.decks[1], s.sides, modes, s.discard)
    s.faceup = 0
    for c in on_table + s.discard:
        if c < N_CLAN:
            s.faceup |= 1 << c
    _tactics_played(s, data)
    s.played = _flag(data.get("played", False), "played")
    s.claimed = _flag(data.get("claimed", False), "claimed")
    s.draws_left = _whole(data.get("draws_left", 0), "draws_left", 0, 3)
    s.returns_left = _whole(data.get("returns_left", 0), "returns_left", 0, 2)
    s.passes = _whole(data.get("passes", 0), "passes")
    _check_step(s)
    _check_match(s)
    _check_claims(s)
    return s


def _stones(s: State, stones) -> None:
    """The stones: sides, combat modes, owners, and when each complete side was completed."""
    if not isinstance(stones, list) or len(stones) > 9:
        raise FormatError("stones_not_list")
    stones = stones + [{}] * (9 - len(stones))
    explicit = set()
    for i, st in enumerate(stones):
        where = f"stones[{i}]"
        if not isinstance(st, dict):
            raise FormatError("not_an_object", where=where)
        _known(st, STONE_KEYS, where)
        sides = st.get("sides", [[], []])
        if not isinstance(sides, list) or len(sides) != 2:
            raise FormatError("sides_not_two", where=f"{where}.sides")
        for q in (0, 1):
            s.sides[2 * i + q] = _cards(sides[q], f"{where}.sides[{q}]")
            for c in s.sides[2 * i + q]:
                if not (c < N_CLAN or c in ELITES):
                    raise FormatError("not_a_troop", where=f"{where}.sides[{q}]", card=card_text(c))
        mode = st.get("mode")
        if mode is not None:
            m = _cards([mode], f"{where}.mode")[0]
            if m not in MODES:
                raise FormatError("bad_mode", where=f"{where}.mode")
            s.modes[i] = m
        owner = _player(st.get("owner"), f"{where}.owner", allow_none=True)
        s.owner[i] = -1 if owner is None else owner
        cap = CAPACITY[s.modes[i]]
        for q in (0, 1):
            if len(s.sides[2 * i + q]) > cap:
                raise FormatError("side_too_full", where=f"{where}.sides[{q}]", capacity=cap)
        if "done_at" in st:
            explicit.add(i)
            s.done_at[2 * i], s.done_at[2 * i + 1] = _two(st["done_at"], f"{where}.done_at", _whole)
            for q in (0, 1):  # the engine relies on: non-zero exactly when complete
                if bool(s.done_at[2 * i + q]) != (len(s.sides[2 * i + q]) == cap):
                    raise FormatError("bad_done_at", where=f"{where}.done_at[{q}]")
    ticks = [t for t in s.done_at if t]
    if len(set(ticks)) != len(ticks):
        raise FormatError("shared_tick")
    # Complete sides without done_at were completed next, in stone order, South first.
    s.tick = max(s.done_at) + 1
    for i in range(18):
        if i // 2 not in explicit and len(s.sides[i]) == CAPACITY[s.modes[i // 2]]:
            s.done_at[i] = s.tick
            s.tick += 1
    for q in (0, 1):
        if sum(s.sides[2 * i + q].count(JOKER) for i in range(9)) > 1:
            raise FormatError("two_jokers", player=q)


def _tactics_played(s: State, data: dict) -> None:
    """``joker_played`` and ``tactics_played``, checked against what each player has surely
    played (the elite troops on their side, which an opponent cannot put there) and against
    what both have (every tactic card on the table or in the discard pile was played)."""
    mine = [[c for i in range(9) for c in s.sides[2 * i + q] if c >= N_CLAN] for q in (0, 1)]
    jokers_on = [JOKER in mine[0], JOKER in mine[1]]
    jp = _two(data.get("joker_played", jokers_on), "joker_played", _flag)
    for q in (0, 1):
        if jokers_on[q] and not jp[q]:
            raise FormatError("joker_on_table", index=q, player=q)
    jokers_out = jokers_on.count(True) + s.discard.count(JOKER)
    if jp.count(True) > jokers_out:
        raise FormatError("jokers_too_many", n=jp.count(True), out=jokers_out)
    least = [len(mine[q]) + (jp[q] and not jokers_on[q]) for q in (0, 1)]
    out = (
        len(mine[0])
        + len(mine[1])
        + sum(m >= 0 for m in s.modes)
        + sum(c >= N_CLAN for c in s.discard)
    )
    # The default: each player's own, and the rest shared so that the limit holds; the
    # player to move gets the smaller share (they may then play a tactic card).
    default = least[:]
    for _ in range(out - sum(least)):
        q = 0 if default[0] < default[1] else 1 if default[1] < default[0] else 1 - s.to_move
        default[q] += 1
    tp = _two(data.get("tactics_played", default), "tactics_played", _whole)
    for q in (0, 1):
        if tp[q] < least[q]:
            raise FormatError(
                "tactics_too_few" if least[q] == len(mine[q]) else "tactics_too_few_joker",
                index=q,
                least=least[q],
                player=q,
            )
    if not s.rules.tactics and tp != [0, 0]:
        raise FormatError("tactics_base", value=shown(tp))
    if sum(tp) < out:
        raise FormatError("tactics_unplayed", n=sum(tp), out=out)
    if not within_tactic_limit(tp):
        raise FormatError("tactics_limit", a=tp[0], b=tp[1])
    s.joker_played, s.tactics_played = jp, tp


def _check_step(s: State) -> None:
    """The step agrees with the rest: the engine can go on from it, as from a real game."""
    rules, step, p = s.rules, s.step, s.to_move
    size = rules.hand_size
    if step in (ROUND_OVER, OVER):
        if s.outcome is None:
            raise FormatError("no_outcome", at=step)
        if step == ROUND_OVER and s.round >= rules.rounds:
            raise FormatError("round_over_last", round=s.round, rounds=rules.rounds)
        if step == OVER and s.round != rules.rounds:
            raise FormatError("over_not_last", round=s.round, rounds=rules.rounds)
    else:
        if s.outcome is not None:
            raise FormatError("outcome_too_soon", at=step)
        for q in (0, 1):
            shape = win_shape(s.owner, q)
            if shape:
                raise FormatError(
                    "five_too_soon" if shape == FIVE_STONES else "adjacent_too_soon",
                    player=q,
                    at=step,
                )
    # The Recruiter's counters, which its steps count down to 0.
    if step == RECRUIT_DRAW:
        if not 1 <= s.draws_left <= 3 or s.returns_left:
            raise FormatError("recruit_draw_counts", draws=s.draws_left, returns=s.returns_left)
    elif step == RECRUIT_RETURN:
        if s.draws_left or not 1 <= s.returns_left <= 2:
            raise FormatError("recruit_return_counts", draws=s.draws_left, returns=s.returns_left)
        if len(s.hands[p]) < s.returns_left:
            raise FormatError(
                "recruit_return_hand", player=p, n=s.returns_left, held=len(s.hands[p])
            )
    elif s.draws_left or s.returns_left:
        raise FormatError("counts_outside_recruiter", at=step)
    if step in (RECRUIT_DRAW, RECRUIT_RETURN) and (RECRUITER not in s.discard or not s.played):
        raise FormatError("recruiter_missing", at=step)
    # Hands: at most the hand size, except while the Recruiter draws 3 and returns 2.
    for q in (0, 1):
        most = size
        if q == p and step == RECRUIT_DRAW:
            most = size - 1 + 3 - s.draws_left
        elif q == p and step == RECRUIT_RETURN:
            most = size + s.returns_left
        if len(s.hands[q]) > most:
            raise FormatError(
                "hand_too_big", index=q, n=len(s.hands[q]), at=step, player=q, most=most
            )
    if step in (DRAW, RECRUIT_DRAW):
        # A draw step is a choice of deck: with one deck (or none) the engine goes on itself.
        if not (s.decks[0] and s.decks[1]):
            raise FormatError("draw_one_deck", at=step)
        if step == DRAW and len(s.hands[p]) >= size:
            raise FormatError("draw_full_hand", player=p, size=size, n=len(s.hands[p]))
    timing = rules.claim_timing
    if step == PLAY and s.played:
        raise FormatError("played_too_soon")
    if step == PLAY and timing == AFTER_PLAY and s.claimed:
        raise FormatError("claimed_too_soon")
    if step == CLAIM:
        if timing == START_OF_TURN and s.played:
            raise FormatError("played_before_claim")
        if not any_claim(s, p):
            raise FormatError("nothing_to_claim", player=p)


def _check_match(s: State) -> None:
    """The match so far agrees with itself: an ended round's outcome is what the stones give,
    the history holds the rounds before this one (and this one once it is over, as the
    outcome says), the scores are its points, and the starters follow the rules."""
    rules, ended = s.rules, s.step in (ROUND_OVER, OVER)
    counts = (s.owner.count(0), s.owner.count(1))
    if ended:
        assert s.outcome is not None  # _check_step: an ended round has its outcome
        _check_outcome(s, counts)
    if len(s.history) != s.round - 1 + ended:
        raise FormatError(
            "history_rounds_over" if ended else "history_rounds",
            n=s.round - 1,
            round=s.round,
            have=len(s.history),
        )
    if (
        ended
        and s.outcome is not None
        and s.history[-1] != (s.outcome.winner, s.outcome.reason, *counts)
    ):
        raise FormatError(
            "history_last", result=json.dumps([s.outcome.winner, s.outcome.reason, *counts])
        )
    points = [0, 0]
    for w, _, a, b in s.history:
        got = round_points(w, (a, b))
        points = [points[0] + got[0], points[1] + got[1]]
    if s.scores != points:
        raise FormatError("scores_disagree", a=points[0], b=points[1], value=shown(s.scores))
    starter = round_starter_of(rules, s.history[: s.round - 1])
    if s.round_starter != starter:
        raise FormatError(
            "round_starter_disagree", expected=starter, round=s.round, value=s.round_starter
        )
    if s.step == ROUND_OVER and s.outcome is not None:
        nxt = next_round_starter(rules, s.round_starter, s.outcome.winner)
        if s.to_move != nxt:
            raise FormatError("to_move_next_round", expected=nxt, value=s.to_move)


def _check_outcome(s: State, counts: tuple) -> None:
    """An ended round's outcome is what its stones give: a shape the winner alone holds, or
    the stuck round's result (``rules.stuck_result``) with its stones awarded."""
    assert s.outcome is not None
    w, reason = s.outcome.winner, s.outcome.reason
    _result(w, reason, counts, "outcome")
    if reason in (FIVE_STONES, THREE_ADJACENT):
        assert w is not None  # _result: only a draw has no winner
        if win_shape(s.owner, w) != reason:
            raise FormatError("outcome_shape", winner=w, reason=reason)
        if win_shape(s.owner, 1 - w):
            raise FormatError("outcome_two_shapes")
        return
    expected_winner, expected = stuck_result(s.owner)
    if (w, reason) != (expected_winner, expected):
        raise FormatError(
            "outcome_stuck_draw" if expected_winner is None else "outcome_stuck",
            winner=expected_winner,
            reason=expected,
        )
    for st in range(9):  # the stuck round's end gave each stone with one complete side
        full = [len(s.sides[2 * st + q]) == capacity(s, st) for q in (0, 1)]
        if s.owner[st] < 0 and full[0] != full[1]:
            raise FormatError("stuck_unawarded", where=f"stones[{st}]", player=0 if full[0] else 1)


def _check_claims(s: State) -> None:
    """Every claimed stone was claimed by proof (``claims.claim_proof``, which still holds:
    the stone's cards cannot change, and unseen cards only become fewer), or awarded at the
    end of a stuck round to the one complete side."""
    stuck = s.outcome is not None and s.outcome.reason not in (FIVE_STONES, THREE_ADJACENT)
    for st in range(9):
        q = s.owner[st]
        if q < 0:
            continue
        cap = capacity(s, st)
        if stuck and len(s.sides[2 * st + q]) == cap > len(s.sides[2 * st + 1 - q]):
            continue
        s.owner[st] = -1
        proof = claim_proof(s, q, st)
        s.owner[st] = q
        if proof["ok"]:
            continue
        where = f"stones[{st}].owner"
        if proof["why"] == "incomplete":
            raise FormatError(
                "claim_incomplete",
                where=where,
                player=q,
                stone=st,
                have=proof["have"],
                need=proof["need"],
            )
        raise FormatError("claim_unproven", where=where, player=q, stone=st, proof=proof)


def loads(text: str):
    """Parse a record's or position's JSON text, turning any failure into a one-line
    ``FormatError``; text longer than ``MAX_TEXT`` or nested deeper than ``MAX_DEPTH`` is
    refused before it is parsed (``too_big``, ``too_deep``).

    >>> loads("[" * 100000)
    Traceback (most recent call last):
    ...
    engine.errors.FormatError: nested too deeply: a record or position nests at most 16 levels
    """
    check_text(text, MAX_TEXT, MAX_DEPTH, FormatError)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        # (e.msg is English: the line and column say where, in any language)
        raise FormatError("not_json", line=e.lineno, column=e.colno) from None
    except ValueError:  # an integer of more than 4300 digits (sys.set_int_max_str_digits)
        raise FormatError("json_number_too_long") from None
