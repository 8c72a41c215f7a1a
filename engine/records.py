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

from .actions import IllegalAction, action_from_json, action_to_json, shown
from .cards import ELITES, JOKER, MODES, N_CLAN, RECRUITER, TACTIC_DECK, card_text, parse_card
from .rules import CAPACITY, win_shape
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


class FormatError(ValueError):
    """A record or position document that cannot be read; the message says where."""


NAMES = ("South", "North")

# The keys each object of a document may hold: any other is refused by name.
RECORD_KEYS = ("format", "version", "rules", "seed", "deal", "actions", "takebacks", "players")
DEAL_KEYS = ("hands", "deck", "tactic_deck")
SHUFFLE_KEYS = ("kind", "seed")
POSITION_KEYS = ("format", "version", "rules", "seed", "round", "scores", "round_starter",
                 "history", "to_move", "step", "hands", "decks", "stones", "discard",
                 "tactics_played", "joker_played", "tick", "played", "claimed", "draws_left",
                 "returns_left", "passes", "outcome")
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

def _known(obj: dict, keys: tuple, where: str) -> None:
    """Refuse a key the format does not have, by name (a typo would otherwise be lost)."""
    for k in obj:
        if k not in keys:
            raise FormatError(f"{where}: unknown key {shown(k)} (the keys are {', '.join(keys)})")


def _header(data, fmt: str) -> None:
    if not isinstance(data, dict):
        raise FormatError(f"expected a JSON object with \"format\": \"{fmt}\"")
    if data.get("format") != fmt:
        raise FormatError(f"not a {fmt} document (format is {shown(data.get('format'))})")
    version = data.get("version")
    if type(version) is not int or version != VERSION:   # 1.0 and true are not version 1
        raise FormatError(f"unsupported {fmt} version {shown(version)} "
                          f"(this engine reads version {VERSION})")


def _rules(data) -> Rules:
    try:
        return Rules.from_json(data)
    except (TypeError, ValueError) as e:
        raise FormatError(str(e) if str(e).startswith("rules") else f"rules: {e}") from None


def _seed(value) -> int | str:
    if type(value) not in (int, str):
        raise FormatError(f"'seed' must be a number or a string, not {shown(value)}")
    return value


def _cards(value, where: str) -> list[int]:
    if not isinstance(value, list):
        raise FormatError(f"{where} must be a list of cards like [\"R7\", \"Joker\"], "
                          f"not {shown(value)}")
    out = []
    for i, c in enumerate(value):
        try:
            if not isinstance(c, str):
                raise ValueError
            out.append(parse_card(c))
        except ValueError:
            raise FormatError(f"{where}[{i}]: unknown card {shown(c)} (a card is written "
                              f"like 'R7' or 'Joker')") from None
    return out


def _player(value, where: str, allow_none: bool = False):
    if value is None and allow_none:
        return None
    if type(value) is not int or value not in (0, 1):   # not 1.0, not true
        raise FormatError(f"{where} must be 0 (South) or 1 (North), not {shown(value)}")
    return value


def _whole(value, where: str, lo: int = 0, hi: int | None = None) -> int:
    if type(value) is not int or value < lo or (hi is not None and value > hi):
        span = f"{lo}-{hi}" if hi is not None else f"{lo} or more"
        raise FormatError(f"{where} must be a whole number {span}, not {shown(value)}")
    return value


def _flag(value, where: str) -> bool:
    if type(value) is not bool:
        raise FormatError(f"{where} must be true or false, not {shown(value)}")
    return value


def _two(value, where: str, read) -> list:
    """A [South, North] pair, each item checked by ``read(item, where)``."""
    if not isinstance(value, list) or len(value) != 2:
        raise FormatError(f"{where} must be a list of two values [South, North], "
                          f"not {shown(value)}")
    return [read(v, f"{where}[{q}]") for q, v in enumerate(value)]


def _brief(data) -> str:
    """An action entry as JSON for an error message, shortened (and safe when deep)."""
    try:
        text = json.dumps(data)
    except (TypeError, ValueError, RecursionError):
        text = shown(data)
    return text if len(text) <= 100 else text[:97] + "..."


# ---------------------------------------------------------------- records

def record_to_json(rules: Rules, seed, actions, deal: dict | None = None) -> dict:
    out = {"format": RECORD_FORMAT, "version": VERSION, "rules": rules.to_json(), "seed": seed}
    if deal is not None:
        out["deal"] = {"hands": [[card_text(c) for c in h] for h in deal["hands"]],
                       "deck": [card_text(c) for c in deal["deck"]],
                       "tactic_deck": [card_text(c) for c in deal.get("tactic_deck", [])]}
    out["actions"] = [{"kind": a.kind, "seed": a.seed} if isinstance(a, Shuffle)
                      else action_to_json(a) for a in actions]
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


def _deal(d, rules: Rules) -> dict:
    if not isinstance(d, dict):
        raise FormatError("'deal' must be an object with hands, deck, tactic_deck")
    _known(d, DEAL_KEYS, "deal")
    hands = d.get("hands")
    if not isinstance(hands, list) or len(hands) != 2:
        raise FormatError("deal: 'hands' must hold two lists of cards")
    deal = {"hands": [_cards(hands[0], "deal.hands[0]"), _cards(hands[1], "deal.hands[1]")],
            "deck": _cards(d.get("deck", []), "deal.deck"),
            "tactic_deck": _cards(d.get("tactic_deck", []), "deal.tactic_deck")}
    for q in (0, 1):
        if len(deal["hands"][q]) > rules.hand_size:
            raise FormatError(f"deal.hands[{q}] holds {len(deal['hands'][q])} cards: a hand "
                              f"holds at most {rules.hand_size}")
    _deck_kinds(deal["deck"], deal["tactic_deck"], "deal.deck", "deal.tactic_deck")
    _check_accounting(rules, deal["hands"], deal["deck"], deal["tactic_deck"], [], [], [])
    return deal


def _replay(record, with_events: bool) -> tuple[State, list, list]:
    _header(record, RECORD_FORMAT)
    _known(record, RECORD_KEYS, "record")
    rules = _rules(record.get("rules", {}))
    seed = _seed(record.get("seed", 0))
    deal = _deal(record["deal"], rules) if "deal" in record else None
    if "takebacks" in record:
        _whole(record["takebacks"], "takebacks")
    if "players" in record and not isinstance(record["players"], dict):
        raise FormatError("'players' must be an object (who played: names, opponent, level)")
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise FormatError("'actions' must be a list")
    state = new_game(rules, seed, deal)
    done, events = [], []
    for i, data in enumerate(actions):
        try:
            if isinstance(data, dict) and data.get("kind") == "shuffle":
                a = _shuffle(data)
                state = state.copy()
                ev: list = []
                reshuffle(state, a.seed, ev)
            else:
                a = action_from_json(data)
                state, ev = apply_events(state, a) if with_events else (apply(state, a), [])
        except (IllegalAction, FormatError) as e:
            raise FormatError(f"action {i + 1} ({_brief(data)}): {e}") from None
        if with_events:
            events.append(ev)
        done.append(a)
    return state, done, events


def _shuffle(data: dict) -> Shuffle:
    _known(data, SHUFFLE_KEYS, "a shuffle entry")
    seed = data.get("seed")
    if type(seed) is not int:
        raise FormatError(f"a shuffle entry needs a whole-number 'seed', not {shown(seed)}")
    return Shuffle(seed)


# ---------------------------------------------------------------- positions

def position_to_json(state: State) -> dict:
    """The whole state, hidden cards included (decks listed bottom first, top last)."""
    return {
        "format": POSITION_FORMAT, "version": VERSION,
        "rules": state.rules.to_json(), "seed": state.seed,
        "round": state.round, "scores": state.scores[:], "round_starter": state.round_starter,
        "history": [list(h) for h in state.history],
        "to_move": state.to_move, "step": state.step,
        "hands": [[card_text(c) for c in h] for h in state.hands],
        "decks": {"clan": [card_text(c) for c in state.decks[0]],
                  "tactic": [card_text(c) for c in state.decks[1]]},
        "stones": [{"sides": [[card_text(c) for c in state.sides[2 * s + q]] for q in (0, 1)],
                    "mode": None if state.modes[s] < 0 else card_text(state.modes[s]),
                    "owner": None if state.owner[s] < 0 else state.owner[s],
                    "done_at": [state.done_at[2 * s], state.done_at[2 * s + 1]]}
                   for s in range(9)],
        "discard": [card_text(c) for c in state.discard],
        "tactics_played": state.tactics_played[:], "joker_played": state.joker_played[:],
        "tick": state.tick, "played": state.played, "claimed": state.claimed,
        "draws_left": state.draws_left, "returns_left": state.returns_left,
        "passes": state.passes,
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }


def _history(value) -> tuple:
    if not isinstance(value, list):
        raise FormatError("'history' must be a list of [winner, reason, stones, stones]")
    out = []
    for i, h in enumerate(value):
        if not isinstance(h, list) or len(h) != 4 or type(h[1]) is not str or not h[1]:
            raise FormatError(f"history[{i}] must be [winner, reason, stones, stones]")
        a = _whole(h[2], f"history[{i}] stones", 0, 9)
        b = _whole(h[3], f"history[{i}] stones", 0, 9 - a)
        out.append((_player(h[0], f"history[{i}] winner", allow_none=True), h[1], a, b))
    return tuple(out)


def _outcome(value) -> Outcome | None:
    if value is None:
        return None
    if not isinstance(value, dict) or "winner" not in value or \
            type(value.get("reason")) is not str or not value["reason"]:
        raise FormatError("'outcome' must be an object "
                          "{\"winner\": 0, 1 or null, \"reason\": text}")
    _known(value, OUTCOME_KEYS, "outcome")
    return Outcome(_player(value["winner"], "outcome.winner", allow_none=True), value["reason"])


def _deck_kinds(clan_deck: list, tactic_deck: list, clan_where: str, tactic_where: str) -> None:
    """The clan deck holds clan cards only, the tactic deck tactic cards only."""
    for where, deck, wrong in ((clan_where, clan_deck, lambda c: c >= N_CLAN),
                               (tactic_where, tactic_deck, lambda c: c < N_CLAN)):
        for i, c in enumerate(deck):
            if wrong(c):
                kind = "tactic" if c >= N_CLAN else "clan"
                raise FormatError(f"{where}[{i}]: {card_text(c)} is a {kind} card; it cannot "
                                  f"be in that deck")


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
            what = "is not in this game" if want == 0 else (
                "is missing" if have < want else "appears too often")
            raise FormatError(f"card accounting: {card_text(c)} {what} "
                              f"({have} found, {want} expected)")


def position_from_json(data) -> State:
    """Read a position, checked field by field and as a whole (see docs/formats.md).

    Omitted fields take sensible defaults; any position it returns is one the game can
    reach, so the engine can go on from it: it refuses, with a ``FormatError`` naming the
    field, a key it does not know, a value of the wrong type, a card missing or doubled,
    and a step that contradicts the hands, the decks, the counters or the stones."""
    _header(data, POSITION_FORMAT)
    _known(data, POSITION_KEYS, "position")
    rules = _rules(data.get("rules", {}))
    seed = _seed(data.get("seed", 0))
    s = State.__new__(State)
    s.rules, s.seed = rules, seed
    deal_round(s, 1, rules.starter, {"hands": [[], []], "deck": []})
    s.round = _whole(data.get("round", 1), "round", 1, rules.rounds)
    s.scores = _two(data.get("scores", [0, 0]), "scores", _whole)
    s.round_starter = _player(data.get("round_starter", rules.starter), "round_starter")
    s.history = _history(data.get("history", []))
    s.to_move = _player(data.get("to_move", s.round_starter), "to_move")
    s.step = data.get("step", PLAY)
    if type(s.step) is not str or s.step not in STEPS:
        raise FormatError(f"'step' must be one of {', '.join(STEPS)}, not {shown(s.step)}")
    hands = data.get("hands", [[], []])
    if not isinstance(hands, list) or len(hands) != 2:
        raise FormatError("'hands' must hold two lists of cards")
    s.hands = [sorted(_cards(hands[0], "hands[0]")), sorted(_cards(hands[1], "hands[1]"))]
    _stones(s, data.get("stones", []))
    s.tick = _whole(data.get("tick", s.tick), "tick", max(s.done_at) + 1)
    s.discard = _cards(data.get("discard", []), "discard")
    modes = [m for m in s.modes if m >= 0]
    decks = data.get("decks")
    on_table = [c for side in s.sides for c in side]
    if decks is None:   # the rest, shuffled by the seed
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
            raise FormatError("'decks' must be an object {\"clan\": [...], \"tactic\": [...]}")
        _known(decks, DECK_KEYS, "decks")
        s.decks = [_cards(decks.get("clan", []), "decks.clan"),
                   _cards(decks.get("tactic", []), "decks.tactic")]
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
    s.outcome = _outcome(data.get("outcome"))
    _check_step(s)
    return s


def _stones(s: State, stones) -> None:
    """The stones: sides, combat modes, owners, and when each complete side was completed."""
    if not isinstance(stones, list) or len(stones) > 9:
        raise FormatError("'stones' must be a list of at most 9 stones")
    stones = stones + [{}] * (9 - len(stones))
    explicit = set()
    for i, st in enumerate(stones):
        if not isinstance(st, dict):
            raise FormatError(f"stones[{i}] must be an object")
        _known(st, STONE_KEYS, f"stones[{i}]")
        sides = st.get("sides", [[], []])
        if not isinstance(sides, list) or len(sides) != 2:
            raise FormatError(f"stones[{i}].sides must hold two lists of cards")
        for q in (0, 1):
            s.sides[2 * i + q] = _cards(sides[q], f"stones[{i}].sides[{q}]")
            for c in s.sides[2 * i + q]:
                if not (c < N_CLAN or c in ELITES):
                    raise FormatError(f"stones[{i}].sides[{q}]: {card_text(c)} is not a troop")
        mode = st.get("mode")
        if mode is not None:
            m = _cards([mode], f"stones[{i}].mode")[0]
            if m not in MODES:
                raise FormatError(f"stones[{i}].mode must be BlindMansBluff or MudFight")
            s.modes[i] = m
        owner = _player(st.get("owner"), f"stones[{i}].owner", allow_none=True)
        s.owner[i] = -1 if owner is None else owner
        cap = CAPACITY[s.modes[i]]
        for q in (0, 1):
            if len(s.sides[2 * i + q]) > cap:
                raise FormatError(f"stones[{i}].sides[{q}] holds more than {cap} cards")
        if "done_at" in st:
            explicit.add(i)
            s.done_at[2 * i], s.done_at[2 * i + 1] = _two(st["done_at"], f"stones[{i}].done_at",
                                                          _whole)
            for q in (0, 1):   # the engine relies on: non-zero exactly when complete
                if bool(s.done_at[2 * i + q]) != (len(s.sides[2 * i + q]) == cap):
                    raise FormatError(f"stones[{i}].done_at[{q}] must be 0 for an incomplete "
                                      f"side and a tick above 0 for a complete one")
    ticks = [t for t in s.done_at if t]
    if len(set(ticks)) != len(ticks):
        raise FormatError("done_at: two complete sides cannot share a completion tick")
    # Complete sides without done_at were completed next, in stone order, South first.
    s.tick = max(s.done_at) + 1
    for i in range(18):
        if i // 2 not in explicit and len(s.sides[i]) == CAPACITY[s.modes[i // 2]]:
            s.done_at[i] = s.tick
            s.tick += 1
    for q in (0, 1):
        if sum(s.sides[2 * i + q].count(JOKER) for i in range(9)) > 1:
            raise FormatError(f"stones: both Jokers are on {NAMES[q]}'s side, but a player "
                              f"plays one Joker per game")


def _tactics_played(s: State, data: dict) -> None:
    """``joker_played`` and ``tactics_played``, checked against what each player has surely
    played: the elite troops on their side (none of which an opponent can put there)."""
    mine = [[c for i in range(9) for c in s.sides[2 * i + q] if c >= N_CLAN] for q in (0, 1)]
    jokers_on = [JOKER in mine[0], JOKER in mine[1]]
    jp = _two(data.get("joker_played", jokers_on), "joker_played", _flag)
    for q in (0, 1):
        if jokers_on[q] and not jp[q]:
            raise FormatError(f"joker_played[{q}] must be true: a Joker is on {NAMES[q]}'s side")
    jokers_out = jokers_on.count(True) + s.discard.count(JOKER)
    if jp.count(True) > jokers_out:
        raise FormatError(f"joker_played: {jp.count(True)} player(s) have played a Joker, but "
                          f"{jokers_out} Joker(s) are on the table or discarded")
    least = [len(mine[q]) + (jp[q] and not jokers_on[q]) for q in (0, 1)]
    tp = _two(data.get("tactics_played", least), "tactics_played", _whole)
    for q in (0, 1):
        if tp[q] < least[q]:
            raise FormatError(f"tactics_played[{q}] must be at least {least[q]}: the tactic "
                              f"cards {NAMES[q]} has on the table"
                              + (" and the Joker played" if least[q] > len(mine[q]) else ""))
    s.joker_played, s.tactics_played = jp, tp


def _check_step(s: State) -> None:
    """The step agrees with the rest: the engine can go on from it, as from a real game."""
    rules, step, p = s.rules, s.step, s.to_move
    size = rules.hand_size
    if step in (ROUND_OVER, OVER):
        if s.outcome is None:
            raise FormatError(f"a position whose step is '{step}' needs an 'outcome'")
        if step == ROUND_OVER and s.round >= rules.rounds:
            raise FormatError(f"step 'round_over', but round {s.round} is the last of the "
                              f"match ({rules.rounds}): the step is 'over'")
        if step == OVER and s.round != rules.rounds:
            raise FormatError(f"step 'over', but the match has {rules.rounds} rounds and this "
                              f"is round {s.round}: the step is 'round_over'")
    else:
        if s.outcome is not None:
            raise FormatError(f"'outcome' is set, but the round goes on (step '{step}')")
        for q in (0, 1):
            shape = win_shape(s.owner, q)
            if shape:
                held = "5 stones" if shape == "five_stones" else "3 adjacent stones"
                raise FormatError(f"stones: {NAMES[q]} holds {held}, so the round is over; "
                                  f"the step must be 'round_over' or 'over', not '{step}'")
    # The Recruiter's counters, which its steps count down to 0.
    here = f"step '{step}'"
    if step == RECRUIT_DRAW:
        if not 1 <= s.draws_left <= 3 or s.returns_left:
            raise FormatError(f"{here}: draws_left must be 1-3 and returns_left 0, not "
                              f"{s.draws_left} and {s.returns_left}")
    elif step == RECRUIT_RETURN:
        if s.draws_left or not 1 <= s.returns_left <= 2:
            raise FormatError(f"{here}: draws_left must be 0 and returns_left 1-2, not "
                              f"{s.draws_left} and {s.returns_left}")
        if len(s.hands[p]) < s.returns_left:
            raise FormatError(f"{here}: {NAMES[p]} must return {s.returns_left} cards but "
                              f"holds {len(s.hands[p])}")
    elif s.draws_left or s.returns_left:
        raise FormatError(f"{here}: draws_left and returns_left must be 0 (they count the "
                          f"Recruiter's draws and returns)")
    if step in (RECRUIT_DRAW, RECRUIT_RETURN) and (RECRUITER not in s.discard or not s.played):
        raise FormatError(f"{here}: the Recruiter has been played, so it must be in the "
                          f"discard pile and 'played' true")
    # Hands: at most the hand size, except while the Recruiter draws 3 and returns 2.
    for q in (0, 1):
        most = size
        if q == p and step == RECRUIT_DRAW:
            most = size - 1 + 3 - s.draws_left
        elif q == p and step == RECRUIT_RETURN:
            most = size + s.returns_left
        if len(s.hands[q]) > most:
            raise FormatError(f"hands[{q}] holds {len(s.hands[q])} cards, but at {here} "
                              f"{NAMES[q]} holds {most} at most")
    if step in (DRAW, RECRUIT_DRAW):
        # A draw step is a choice of deck: with one deck (or none) the engine goes on itself.
        if not (s.decks[0] and s.decks[1]):
            raise FormatError(f"{here}: both decks must hold cards (with one deck left the "
                              f"engine draws by itself)")
        if step == DRAW and len(s.hands[p]) >= size:
            raise FormatError(f"{here}: {NAMES[p]}'s hand must be below {size} cards, not "
                              f"{len(s.hands[p])}")
    timing = rules.claim_timing
    if step == PLAY and s.played:
        raise FormatError(f"{here}: 'played' must be false (nothing is played yet)")
    if step == PLAY and timing == AFTER_PLAY and s.claimed:
        raise FormatError(f"{here}: 'claimed' must be false (with claim_timing "
                          f"'{AFTER_PLAY}' claims come after the play)")
    if step == CLAIM:
        if timing == START_OF_TURN and s.played:
            raise FormatError(f"{here}: 'played' must be false (with claim_timing "
                              f"'{START_OF_TURN}' claims come before the play)")
        if not any_claim(s, p):
            raise FormatError(f"{here}: {NAMES[p]} can claim no stone, and the engine skips "
                              f"the claim step then")


def loads(text: str):
    """Parse JSON text, turning any failure into a one-line ``FormatError``.

    >>> loads("[" * 100000)
    Traceback (most recent call last):
    ...
    engine.records.FormatError: not valid JSON: nested too deeply
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise FormatError(f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise FormatError("not valid JSON: nested too deeply") from None
    except ValueError as e:   # e.g. an integer of more than 4300 digits
        raise FormatError(f"not valid JSON: {e}") from None


