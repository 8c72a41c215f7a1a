"""Legality: the actions a player may take now, and ``check``, which refuses any other.

``legal_actions`` lists them in a stable order (search and random play rely on it);
``check`` raises ``IllegalAction`` whose ``code`` names the broken rule and whose
``params`` hold the details, so every refusal can be said in players' words.

>>> from engine.state import new_game
>>> from engine.actions import Action
>>> s = new_game(seed=3)
>>> try:
...     check(s, Action("claim", stone=4))
... except IllegalAction as e:
...     print(e.code, "-", e)
wrong_step - Turn order: the play step expects play or pass, not claim.
"""

from __future__ import annotations

from .actions import (
    DISCARD,
    DONE_ACTION,
    NEXT_ROUND_ACTION,
    PASS_ACTION,
    Action,
    IllegalAction,
    Kind,
    shown,
)
from .cards import (
    BANSHEE,
    ELITES,
    JOKER,
    MODES,
    N_CLAN,
    RECRUITER,
    STRATEGIST,
    TRAITOR,
    card_text,
)
from .claims import can_claim_fast, claim_proof, claimable_fast
from .errors import MalformedAction
from .rules import CAPACITY, checked_player, has_room, may_play_tactic, rooms
from .state import State, Step

# Shared action objects: building them is the main cost of listing legal actions.
PLACE = [[Action(Kind.PLAY, card, s) for s in range(9)] for card in range(TRAITOR + 1)]
CLAIMS = [Action(Kind.CLAIM, stone=s) for s in range(9)]
DRAWS = [Action(Kind.DRAW, deck=0), Action(Kind.DRAW, deck=1)]

# Fields each kind of action leaves at -1 (play checks its own per card).
_UNUSED = {
    Kind.PLAY: ("deck",),
    Kind.PASS: ("card", "stone", "target", "to", "deck"),
    Kind.CLAIM: ("card", "target", "to", "deck"),
    Kind.DONE: ("card", "stone", "target", "to", "deck"),
    Kind.DRAW: ("card", "stone", "target", "to"),
    Kind.RETURN: ("stone", "target", "to", "deck"),
    Kind.NEXT_ROUND: ("card", "stone", "target", "to", "deck"),
}

STEP_KINDS = {
    Step.PLAY: (Kind.PLAY, Kind.PASS),
    Step.CLAIM: (Kind.CLAIM, Kind.DONE),
    Step.DRAW: (Kind.DRAW,),
    Step.RECRUIT_DRAW: (Kind.DRAW,),
    Step.RECRUIT_RETURN: (Kind.RETURN,),
    Step.ROUND_OVER: (Kind.NEXT_ROUND,),
    Step.OVER: (),
}


# ---------------------------------------------------------------- legal actions


# The search reads these every simulated move: as module globals, because on CPython 3.11
# an enum member (``Step.PLAY``) is read through ``EnumType.__getattr__``, five times as slow.
_STEP_PLAY, _STEP_CLAIM, _STEP_DRAW = Step.PLAY, Step.CLAIM, Step.DRAW
_STEP_RECRUIT_DRAW, _STEP_RECRUIT_RETURN = Step.RECRUIT_DRAW, Step.RECRUIT_RETURN
_STEP_ROUND_OVER, _KIND_PLAY, _KIND_RETURN = Step.ROUND_OVER, Kind.PLAY, Kind.RETURN


def legal_actions(state: State) -> list[Action]:
    """Every legal action for the player to move, in a stable order."""
    step = state.step
    p = state.to_move
    if step == _STEP_PLAY:
        return _play_actions(state, p)
    if step == _STEP_CLAIM:
        return [CLAIMS[s] for s in claimable_fast(state, p)] + [DONE_ACTION]
    if step == _STEP_DRAW or step == _STEP_RECRUIT_DRAW:
        return [DRAWS[d] for d in (0, 1) if state.decks[d]]
    if step == _STEP_RECRUIT_RETURN:
        return [Action(_KIND_RETURN, card=c) for c in sorted(set(state.hands[p]))]
    if step == _STEP_ROUND_OVER:
        return [NEXT_ROUND_ACTION]
    return []


def _play_actions(state: State, p: int) -> list[Action]:
    free = rooms(state, p)
    hand = state.hands[p]
    acts = []
    clan_playable = False
    tactic_ok = may_play_tactic(state, p)
    last = -1
    for card in hand:  # sorted; only the two Jokers can repeat
        if card == last:
            continue
        last = card
        if card < N_CLAN:
            if free:
                clan_playable = True
                row = PLACE[card]
                acts += [row[s] for s in free]
        elif tactic_ok:
            acts.extend(tactic_actions(state, p, card, free))
    if not clan_playable:
        acts.append(PASS_ACTION)
    return acts


def tactic_actions(state: State, p: int, card: int, free: list[int]) -> list[Action]:
    """The plays of tactic ``card`` for player ``p``; ``free`` is ``rooms(state, p)``."""
    owner, sides = state.owner, state.sides
    if card in ELITES:
        if card == JOKER and state.joker_played[p]:
            return []
        row = PLACE[card]
        return [row[s] for s in free]
    if card in MODES:
        row = PLACE[card]
        return [row[s] for s in range(9) if owner[s] < 0 and state.modes[s] < 0]
    if card == RECRUITER:
        return [Action(_KIND_PLAY, card)]
    out: list[Action] = []
    for s in range(9):
        if owner[s] >= 0:
            continue
        if card == STRATEGIST:
            for t in sorted(set(sides[2 * s + p])):
                out.extend(Action(_KIND_PLAY, card, s, t, to) for to in free if to != s)
                out.append(Action(_KIND_PLAY, card, s, t, DISCARD))
        elif card == BANSHEE:
            out.extend(Action(_KIND_PLAY, card, s, t) for t in sorted(set(sides[2 * s + 1 - p])))
        elif card == TRAITOR:
            for t in sorted(set(sides[2 * s + 1 - p])):
                if t < N_CLAN:
                    out.extend(Action(_KIND_PLAY, card, s, t, to) for to in free)
    return out


def play_refusal(state: State, p: int, card: int) -> IllegalAction | None:
    """Why player ``p`` cannot play ``card`` from hand now (``None`` if they can): the
    refusal ``check`` would give, for the table to say when a card is picked.

    ``p`` must be a player and ``card`` a card code (a ``GameError`` otherwise)."""
    checked_player(p)
    if type(card) is not int or not 0 <= card <= TRAITOR:
        raise MalformedAction("bad_card", field="card", value=shown(card))
    refusal = _turn_refusal(state, p, Kind.PLAY)
    if refusal is not None:
        return refusal
    name = card_text(card)
    if card < N_CLAN:
        return None if rooms(state, p) else IllegalAction("no_room", card=name)
    refusal = tactic_refusal(state, p, card)
    if refusal is not None:
        return refusal
    if tactic_actions(state, p, card, rooms(state, p)):
        return None
    return IllegalAction("no_target", card=name)


def _turn_refusal(state: State, p: int, kind: str) -> IllegalAction | None:
    """Why player ``p`` may take no action of ``kind`` now: not their turn, or not the step
    for it (the one place both refusals are made: ``check`` and ``play_refusal``)."""
    if state.to_move != p:
        return IllegalAction("not_your_turn", player=state.to_move, other=p)
    kinds = STEP_KINDS[state.step]
    if kind not in kinds:
        return IllegalAction("wrong_step", step=state.step, expected=" or ".join(kinds), kind=kind)
    return None


def tactic_refusal(state: State, p: int, card: int) -> IllegalAction | None:
    """Why player ``p`` may not play tactic ``card`` at all now (``None`` if they may): the
    tactic limit (``rules.may_play_tactic``) and one Joker per game. ``check`` raises it,
    ``play_refusal`` returns it: one function decides, as PokerKit's ``verify_x``."""
    if not may_play_tactic(state, p):
        return IllegalAction(
            "tactic_limit",
            card=card_text(card),
            played=state.tactics_played[p],
            opponent_played=state.tactics_played[1 - p],
        )
    if card == JOKER and state.joker_played[p]:
        return IllegalAction("second_joker")
    return None


# ---------------------------------------------------------------- checking


def _card(card) -> str:
    """A card for an error's params: its short text, or the malformed value shown."""
    try:
        return card_text(card)
    except (KeyError, TypeError, IndexError):
        return shown(card)


def check(state: State, action, player: int | None = None) -> None:
    """Raise ``IllegalAction`` naming the broken rule if ``action`` is not legal now, or
    ``MalformedAction`` if it is not a well-formed ``Action`` at all."""
    if not isinstance(action, Action):
        raise MalformedAction("not_an_action", value=shown(action))
    step, p = state.step, state.to_move
    if step == Step.OVER:
        raise IllegalAction("match_over")
    if player is not None:
        if type(player) is not int or player not in (0, 1):
            raise IllegalAction("no_such_player", value=shown(player))
        if player != p:
            raise IllegalAction("not_your_turn", player=p, other=player)
    kind = action.kind
    if not isinstance(kind, str) or kind not in _UNUSED:
        raise MalformedAction("bad_kind", kinds=", ".join(_UNUSED), value=shown(kind))
    _, card, stone, target, to, deck = action
    if not (
        type(card) is int
        and type(stone) is int
        and type(target) is int  # not bool,
        and type(to) is int
        and type(deck) is int
    ):  # nor float
        name = next(
            n
            for n in ("card", "stone", "target", "to", "deck")
            if type(getattr(action, n)) is not int
        )
        raise MalformedAction("bad_field", field=name, value=shown(getattr(action, name)))
    for name, value in (("card", card), ("target", target)):  # no card, or a card's code
        if value != -1 and not 0 <= value <= TRAITOR:
            raise MalformedAction("bad_card", field=name, value=shown(value))
    unused = [f for f in _UNUSED[kind] if getattr(action, f) != -1]
    if unused:
        raise MalformedAction("extra_field", kind=kind, fields=", ".join(map(repr, unused)))
    if card == -1 and kind in (Kind.PLAY, Kind.RETURN):
        raise MalformedAction("missing_field", kind=kind, field="card")
    if action.kind == Kind.DRAW and action.deck not in (0, 1):
        raise MalformedAction("bad_deck", value=shown(action.deck))
    refusal = _turn_refusal(state, p, kind)
    if refusal is not None:
        raise refusal
    if kind == Kind.PLAY:
        _check_play(state, p, action)
    elif kind == Kind.PASS:
        free = rooms(state, p)
        clan_cards = [c for c in state.hands[p] if c < N_CLAN]
        if free and clan_cards:
            raise IllegalAction("pass_not_allowed", card=card_text(clan_cards[0]), stone=free[0])
    elif kind == Kind.CLAIM:
        stone = action.stone
        # can_claim_fast gives the same verdict (tested), faster; the proof is only needed
        # for the error.
        if 0 <= stone <= 8 and can_claim_fast(state, p, stone):
            return
        raise IllegalAction("unprovable", stone=stone, proof=claim_proof(state, p, stone))
    elif kind == Kind.DRAW:
        if not state.decks[action.deck]:
            raise IllegalAction("deck_empty", deck=("clan", "tactic")[action.deck])
    elif kind == Kind.RETURN and action.card not in state.hands[p]:
        raise IllegalAction("return_not_in_hand", card=_card(action.card))


def _check_play(state: State, p: int, a: Action) -> None:
    card, s, t, to = a.card, a.stone, a.target, a.to
    if card not in state.hands[p]:
        raise IllegalAction("not_in_hand", card=_card(card))
    name = card_text(card)
    if card >= N_CLAN:
        refusal = tactic_refusal(state, p, card)
        if refusal is not None:
            raise refusal
    needs_stone = card != RECRUITER
    if needs_stone and not 0 <= s <= 8:
        raise IllegalAction("needs_stone", card=name)
    if not needs_stone and (s, t, to) != (-1, -1, -1):
        raise IllegalAction("recruiter_alone", card=name)
    if (card < N_CLAN or card in ELITES or card in MODES) and (t != -1 or to != -1):
        raise IllegalAction("stone_only", card=name)
    if needs_stone and state.owner[s] >= 0:
        raise IllegalAction("stone_claimed", card=name, stone=s, owner=state.owner[s])
    if card < N_CLAN or card in ELITES:
        if not has_room(state, p, s):
            raise IllegalAction("side_full", card=name, stone=s, capacity=CAPACITY[state.modes[s]])
        return
    if card in MODES:
        if state.modes[s] >= 0:
            raise IllegalAction("mode_taken", card=name, stone=s, mode=card_text(state.modes[s]))
        return
    if card == RECRUITER:
        return
    if t == -1:  # Strategist, Banshee, Traitor: a card on the table to act on
        raise MalformedAction("missing_field", kind=Kind.PLAY, field="target")
    mine, theirs = state.sides[2 * s + p], state.sides[2 * s + 1 - p]
    if card == STRATEGIST:
        if t not in mine:
            raise IllegalAction("not_on_your_side", card=name, target=_card(t), stone=s)
        if to == DISCARD:
            return
        if not 0 <= to <= 8 or to == s:
            raise IllegalAction("strategist_destination", card=name)
        if not has_room(state, p, to):
            raise IllegalAction("destination_full", card=name, to=to)
        return
    if t not in theirs:
        raise IllegalAction("not_on_their_side", card=name, target=_card(t), stone=s)
    if card == BANSHEE:
        if to != -1:
            raise IllegalAction("banshee_destination", card=name)
        return
    # Traitor
    if t >= N_CLAN:
        raise IllegalAction("traitor_clan_only", card=name, target=_card(t))
    if not 0 <= to <= 8:
        raise IllegalAction("traitor_destination", card=name)
    if not has_room(state, p, to):
        raise IllegalAction("destination_full", card=name, to=to)
