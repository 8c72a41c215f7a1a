"""Game records: a match's options, seed (or deals) and actions, which replay it exactly.

The format is documented in ``docs/formats.md``; positions (any moment of a game) are
``engine.positions``, the fields both are read with ``engine.documents``.

>>> from engine.state import Rules
>>> state, actions = replay(record_to_json(Rules(), 5, []))
>>> state.step, actions
(<Step.PLAY: 'play'>, [])
"""

from __future__ import annotations

import json
from typing import NamedTuple

from .actions import Action, Kind, action_from_json, action_to_json, shown
from .cards import N_CLAN, card_text
from .documents import (
    MAX_DEPTH,
    MAX_TEXT,
    VERSION,
    check_accounting,
    check_deck_kinds,
    known_keys,
    loads,
    read_cards,
    read_header,
    read_seed,
    read_whole,
)
from .errors import FormatError, GameError
from .positions import POSITION_FORMAT, position_from_json, position_to_json
from .state import Rules, State, deal_round, new_game
from .turn import apply, apply_events, reshuffle

# Positions were read here before they had a module: their names stay importable from here.
__all__ = [
    "MAX_DEPTH",
    "MAX_TEXT",
    "POSITION_FORMAT",
    "RECORD_FORMAT",
    "VERSION",
    "Shuffle",
    "deal_next_round",
    "first_deal",
    "loads",
    "position_from_json",
    "position_to_json",
    "read_deals",
    "record_to_json",
    "replay",
    "replay_events",
]

RECORD_FORMAT = "schotten-totten/record"
# The keys each object of a record may hold: any other is refused by name.
RECORD_KEYS = ("format", "version", "rules", "seed", "deal", "actions", "takebacks", "players")
DEAL_KEYS = ("hands", "deck", "tactic_deck")
SHUFFLE_KEYS = ("kind", "seed")


class Shuffle(NamedTuple):
    """A record's ``{"kind": "shuffle", "seed": S}`` entry: both decks shuffled again from
    ``S`` (``engine.turn.reshuffle``), as a take-back does. ``replay`` lists it among the
    actions, in its place."""

    seed: int
    kind: str = "shuffle"


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
    known_keys(d, DEAL_KEYS, where)
    hands = d.get("hands")
    if not isinstance(hands, list) or len(hands) != 2:
        raise FormatError("deal_hands_not_two")
    deal: dict = {
        "hands": [
            read_cards(hands[0], f"{where}.hands[0]"),
            read_cards(hands[1], f"{where}.hands[1]"),
        ],
        "deck": read_cards(d.get("deck", []), f"{where}.deck"),
        "tactic_deck": read_cards(d.get("tactic_deck", []), f"{where}.tactic_deck"),
    }
    for q in (0, 1):
        if len(deal["hands"][q]) > rules.hand_size:
            raise FormatError(
                "deal_hand_too_big",
                where=f"{where}.hands[{q}]",
                n=len(deal["hands"][q]),
                most=rules.hand_size,
            )
    check_deck_kinds(deal["deck"], deal["tactic_deck"], f"{where}.deck", f"{where}.tactic_deck")
    check_accounting(rules, deal["hands"], deal["deck"], deal["tactic_deck"], [], [], [])
    # A shuffle deals each hand the hand size in clan cards, and no tactic card
    # (``state.deal_round``): a deal no shuffle gives is refused, or the round would start
    # from a position the reader refuses (``clan_cards_dealt``, ``turn_order_tactic``).
    for q in (0, 1):
        hand = deal["hands"][q]
        clan = sum(c < N_CLAN for c in hand)
        if clan != rules.hand_size or len(hand) != clan:
            raise FormatError(
                "deal_hand_not_dealt",
                where=f"{where}.hands[{q}]",
                n=clan,
                t=len(hand) - clan,
                size=rules.hand_size,
            )
    return deal


def _replay(record, with_events: bool) -> tuple[State, list, list]:
    read_header(record, RECORD_FORMAT)
    known_keys(record, RECORD_KEYS, "record", "unknown_record_key")
    rules = Rules.from_json(record.get("rules", {}))
    seed = read_seed(record.get("seed", 0))
    deals = read_deals(record["deal"], rules) if "deal" in record else None
    if "takebacks" in record:
        read_whole(record["takebacks"], "takebacks")
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
        if isinstance(a, Action) and a.kind == Kind.NEXT_ROUND:
            deal_next_round(state, deals)  # the new state is this loop's own
        if with_events:
            events.append(ev)
        done.append(a)
    return state, done, events


def _shuffle(data: dict) -> Shuffle:
    known_keys(data, SHUFFLE_KEYS, "shuffle", "unknown_shuffle_key")
    seed = data.get("seed")
    if type(seed) is not int:
        raise FormatError("shuffle_seed", value=shown(seed))
    return Shuffle(seed)
