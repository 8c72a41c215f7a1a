"""The transition: legal actions, the checked ``apply``, and the fast in-place path.

A turn is a small state machine: ``play`` (or pass), ``claim`` (any number,
then ``done``), ``draw`` (only when there is a real choice of deck). Under the
Expert claim timing the ``claim`` step comes first. Steps with nothing to
decide are taken automatically (no claim provable, a single deck to draw from).

>>> from engine.state import new_game
>>> s = new_game(seed=3)
>>> a = legal_actions(s)[0]
>>> t = apply(s, a)
>>> t.to_move, s.to_move        # apply never mutates its input
(1, 0)
"""

from __future__ import annotations

from bisect import insort

from .actions import (
    CLAIM,
    DISCARD,
    DONE,
    DONE_ACTION,
    DRAW,
    NEXT_ROUND,
    NEXT_ROUND_ACTION,
    PASS,
    PASS_ACTION,
    PLAY,
    RETURN,
    Action,
    IllegalAction,
)
from .cards import (
    BANSHEE,
    BLIND,
    ELITES,
    JOKER,
    MODES,
    MUD,
    N_CLAN,
    RECRUITER,
    STRATEGIST,
    TRAITOR,
    card_title,
)
from .claims import (
    ALL_CLAN,
    PAIR_ROWS,
    RUN0,
    RUN1,
    RUN2,
    RUN3,
    RUN4,
    RUN5,
    X1W,
    beat0,
    beat1,
    beat1_low,
    cached_best_completion,
    one_slot_table,
    proof_reason,
)
from .formations import BY_CARDS, by_cards, describe_strength, strength, strength3
from .state import (
    AFTER_PLAY,
    OVER,
    PLAYER_NAMES,
    RECRUIT_DRAW,
    RECRUIT_RETURN,
    ROUND_OVER,
    WINNER,
    Outcome,
    State,
    deal_round,
)
from .state import CLAIM as CLAIM_STEP
from .state import DRAW as DRAW_STEP
from .state import PLAY as PLAY_STEP

# Shared action objects: building them is the main cost of listing legal actions.
_PLACE = [[Action(PLAY, card, s) for s in range(9)] for card in range(TRAITOR + 1)]
_CLAIMS = [Action(CLAIM, stone=s) for s in range(9)]
_DRAWS = [Action(DRAW, deck=0), Action(DRAW, deck=1)]

# Fields each kind of action leaves at -1 (play checks its own per card).
_UNUSED = {PLAY: ("deck",), PASS: ("card", "stone", "target", "to", "deck"),
           CLAIM: ("card", "target", "to", "deck"), DONE: ("card", "stone", "target", "to", "deck"),
           DRAW: ("card", "stone", "target", "to"), RETURN: ("stone", "target", "to", "deck"),
           NEXT_ROUND: ("card", "stone", "target", "to", "deck")}

_STEP_KINDS = {PLAY_STEP: (PLAY, PASS), CLAIM_STEP: (CLAIM, DONE), DRAW_STEP: (DRAW,),
               RECRUIT_DRAW: (DRAW,), RECRUIT_RETURN: (RETURN,), ROUND_OVER: (NEXT_ROUND,),
               OVER: ()}


# ---------------------------------------------------------------- claims

# (mine, theirs): the indexes into ``state.sides`` of each stone's two sides, by player.
_SIDES = tuple(((2 * s, 2 * s + 1), (2 * s + 1, 2 * s)) for s in range(9))


def can_claim(state: State, p: int, s: int) -> bool:
    """Whether player ``p`` can prove stone ``s`` now (the fast form of ``claim_verdict``).

    Verdicts are kept in ``state.proofs`` until a card at the stone moves: ``True``
    (a proof only gets stronger as cards turn face up), or the witness mask of
    a completion that beats us (valid while those cards are unseen; 0: for good).
    """
    # The hot path of every search: a normal fight, our three troops against 0-3
    # troops. It is written for CPython's costs: list indexes are cheap, while a
    # shift or AND on a 54-bit mask allocates, and each local variable costs a little
    # on every call; so tables hand out witnesses ready to store, and names are reused.
    if state.owner[s] >= 0:
        return False
    i, j = _SIDES[s][p]
    w = state.proofs[i]
    if w is not None:
        if w is True:
            return True
        if not w & state.faceup:
            return False
    if state.modes[s] >= 0:
        return _claim_general(state, i, state.modes[s])
    sides = state.sides
    try:
        a, b, c = sides[i]
        ms = BY_CARDS[a][b][c]
    except ValueError:   # not 3 cards: our side is incomplete
        return False
    except IndexError:   # the table is built on first use
        ms = by_cards()[a][b][c]
    if ms is None:   # an elite troop
        ms = strength3(a, b, c)
    theirs = sides[j]
    if not theirs:
        a = state.faceup   # clan cards only
        if ms < 500:   # below a Color-Run: any unseen Color-Run beats us
            w = (RUN0[a & 511] or RUN1[a >> 9 & 511] or RUN2[a >> 18 & 511]
                 or RUN3[a >> 27 & 511] or RUN4[a >> 36 & 511] or RUN5[a >> 45])
            if w:
                state.proofs[i] = w
                return False
        w = beat0(ALL_CLAN ^ a, ms)
        if w:
            state.proofs[i] = w
            return False
        state.proofs[i] = True
        return True
    j = len(theirs)
    if j == 1:
        a = theirs[0]
        if ms < 300:   # below a Color: two unseen cards of a's colour beat us
            b, c = X1W[a]   # (zeros for an elite troop)
            w = c[state.faceup >> b & 511]
            if w:
                state.proofs[i] = w
                return False
        return _claim_one(state, i, a, ms)
    if j == 2:
        a, b = theirs
        # The one-slot table is built on first use (elite troops at their best).
        w = (PAIR_ROWS[a][b] or one_slot_table(a, b))[ms] & ~state.faceup
        if w:
            state.proofs[i] = w & -w   # one card that beats us is witness enough
            return False
        state.proofs[i] = True
        return True
    a, b, c = theirs
    j = BY_CARDS[a][b][c]
    if j is None:
        j = strength3(a, b, c)
    ok = ms > j or (ms == j and state.done_at[i] < state.done_at[i ^ 1])
    state.proofs[i] = True if ok else 0
    return ok


def _claim_one(state: State, i: int, x: int, ms: int) -> bool:
    """``can_claim`` for side ``i`` of strength ``ms`` (normal fight) against the one
    troop ``x``, once the quick colour test has not answered."""
    if x >= N_CLAN:
        return _claim_general(state, i, -1)
    w = (beat1_low if ms < 300 else beat1)(x, ALL_CLAN ^ state.faceup, ms)
    if w:
        state.proofs[i] = w
        return False
    state.proofs[i] = True
    return True


def _claim_general(state: State, i: int, mode: int) -> bool:
    """``can_claim`` for side ``i`` by the general search: combat modes, elite troops."""
    mine, theirs = state.sides[i], state.sides[i ^ 1]
    proofs = state.proofs
    cap = 4 if mode == MUD else 3
    if len(mine) < cap:
        return False
    blind = mode == BLIND
    ms = strength(mine, blind)
    if len(theirs) == cap:
        ts = strength(theirs, blind)
        ok = ms > ts or (ms == ts and state.done_at[i] < state.done_at[i ^ 1])
        proofs[i] = True if ok else 0
        return ok
    best = cached_best_completion(tuple(sorted(theirs)), cap, blind, ALL_CLAN & ~state.faceup)
    if best is None or best[0] <= ms:
        proofs[i] = True
        return True
    proofs[i] = best[1]
    return False


def claimable(state: State, p: int) -> list[int]:
    """Stones player ``p`` can prove now, in stone order."""
    done = state.done_at   # non-zero exactly when that side is complete
    return [s for s in range(9) if done[2 * s + p] and can_claim(state, p, s)]


def claim_verdict(state: State, p: int, s: int) -> tuple[bool, str]:
    """``(ok, reason)`` for player ``p`` claiming stone ``s``, in players' words."""
    if not 0 <= s <= 8:
        return False, f"there is no stone {s}: stones are numbered 0-8"
    if state.owner[s] >= 0:
        return False, f"stone {s} is already claimed by {PLAYER_NAMES[state.owner[s]]}"
    mode = state.modes[s]
    cap = 4 if mode == MUD else 3
    blind = mode == BLIND
    mine, theirs = state.sides[2 * s + p], state.sides[2 * s + 1 - p]
    if len(mine) < cap:
        extra = " (Mud Fight: 4 cards needed)" if mode == MUD else ""
        return False, f"your side is not complete: {len(mine)} of {cap} cards{extra}"
    ms = strength(mine, blind)
    mine_text = describe_strength(ms, blind, cap)
    if len(theirs) == cap:
        ts = strength(theirs, blind)
        theirs_text = describe_strength(ts, blind, cap)
        if ms > ts:
            return True, f"your {mine_text[mine_text.index(' ') + 1:]} beats their " \
                         f"{theirs_text[theirs_text.index(' ') + 1:]}"
        if ms < ts:
            return False, f"their {theirs_text[theirs_text.index(' ') + 1:]} beats your " \
                          f"{mine_text[mine_text.index(' ') + 1:]}"
        if state.done_at[2 * s + p] < state.done_at[2 * s + 1 - p]:
            return True, f"a tie ({mine_text}), and you completed your side first"
        return False, f"a tie ({mine_text}), and they completed their side first"
    return proof_reason(tuple(sorted(theirs)), cap, blind, ALL_CLAN & ~state.faceup, ms)


# ---------------------------------------------------------------- legal actions

def _has_room(state: State, p: int, s: int) -> bool:
    return state.owner[s] < 0 and len(state.sides[2 * s + p]) < (4 if state.modes[s] == MUD else 3)


def _rooms(state: State, p: int) -> list[int]:
    owner, modes, sides = state.owner, state.modes, state.sides
    return [s for s in range(9)
            if owner[s] < 0 and len(sides[2 * s + p]) < (4 if modes[s] == MUD else 3)]


def may_play_tactic(state: State, p: int) -> bool:
    """Tactic limit: at most one tactic card ahead of the opponent."""
    return state.tactics_played[p] <= state.tactics_played[1 - p]


def legal_actions(state: State) -> list[Action]:
    """Every legal action for the player to move, in a stable order."""
    step = state.step
    p = state.to_move
    if step == PLAY_STEP:
        return _play_actions(state, p)
    if step == CLAIM_STEP:
        return [_CLAIMS[s] for s in claimable(state, p)] + [DONE_ACTION]
    if step == DRAW_STEP or step == RECRUIT_DRAW:
        return [_DRAWS[d] for d in (0, 1) if state.decks[d]]
    if step == RECRUIT_RETURN:
        return [Action(RETURN, card=c) for c in sorted(set(state.hands[p]))]
    if step == ROUND_OVER:
        return [NEXT_ROUND_ACTION]
    return []


def _play_actions(state: State, p: int) -> list[Action]:
    rooms = _rooms(state, p)
    hand = state.hands[p]
    acts = []
    clan_playable = False
    tactic_ok = state.tactics_played[p] <= state.tactics_played[1 - p]
    last = -1
    for card in hand:   # sorted; only the two Jokers can repeat
        if card == last:
            continue
        last = card
        if card < N_CLAN:
            if rooms:
                clan_playable = True
                row = _PLACE[card]
                acts += [row[s] for s in rooms]
        elif tactic_ok:
            acts.extend(_tactic_actions(state, p, card, rooms))
    if not clan_playable:
        acts.append(PASS_ACTION)
    return acts


def _tactic_actions(state: State, p: int, card: int, rooms: list[int]) -> list[Action]:
    owner, sides = state.owner, state.sides
    if card in ELITES:
        if card == JOKER and state.joker_played[p]:
            return []
        row = _PLACE[card]
        return [row[s] for s in rooms]
    if card in MODES:
        row = _PLACE[card]
        return [row[s] for s in range(9) if owner[s] < 0 and state.modes[s] < 0]
    if card == RECRUITER:
        return [Action(PLAY, card)]
    out = []
    for s in range(9):
        if owner[s] >= 0:
            continue
        if card == STRATEGIST:
            for t in sorted(set(sides[2 * s + p])):
                out.extend(Action(PLAY, card, s, t, to) for to in rooms if to != s)
                out.append(Action(PLAY, card, s, t, DISCARD))
        elif card == BANSHEE:
            out.extend(Action(PLAY, card, s, t) for t in sorted(set(sides[2 * s + 1 - p])))
        elif card == TRAITOR:
            for t in sorted(set(sides[2 * s + 1 - p])):
                if t < N_CLAN:
                    out.extend(Action(PLAY, card, s, t, to) for to in rooms)
    return out


# ---------------------------------------------------------------- checking

def _say(p: int) -> str:
    return PLAYER_NAMES[p]


def check(state: State, action, player: int | None = None) -> None:
    """Raise ``IllegalAction`` naming the broken rule if ``action`` is not legal now."""
    if not isinstance(action, Action):
        raise IllegalAction(f"malformed action: expected an Action, not {action!r}")
    step, p = state.step, state.to_move
    if step == OVER:
        raise IllegalAction("the match is over: no more actions")
    if player is not None:
        if isinstance(player, bool) or player not in (0, 1):
            raise IllegalAction(f"turn order: there is no player {player!r}; players are "
                                f"0 (South) and 1 (North)")
        if player != p:
            raise IllegalAction(f"turn order: it is {_say(p)}'s turn, not {_say(player)}'s")
    if action.kind not in _UNUSED:
        raise IllegalAction(f"malformed action: unknown kind {action.kind!r}")
    unused = [f for f in _UNUSED[action.kind] if getattr(action, f) != -1]
    if unused:
        raise IllegalAction(f"malformed action: a {action.kind} action has no "
                            f"{' or '.join(unused)}")
    kinds = _STEP_KINDS[step]
    if action.kind not in kinds:
        raise IllegalAction(f"turn order: the {step.replace('_', ' ')} step expects "
                            f"{' or '.join(kinds)}, not {action.kind}")
    kind = action.kind
    if kind == PLAY:
        _check_play(state, p, action)
    elif kind == PASS:
        rooms = _rooms(state, p)
        clan_cards = [c for c in state.hands[p] if c < N_CLAN]
        if rooms and clan_cards:
            raise IllegalAction(f"passing: you may pass only when no clan card can be played "
                                f"({card_title(clan_cards[0])} can go to stone {rooms[0]})")
    elif kind == CLAIM:
        stone = action.stone
        # can_claim gives the same verdict (tested), faster; the reason is only needed
        # for the error.
        if type(stone) is int and 0 <= stone <= 8 and can_claim(state, p, stone):
            return
        ok, reason = claim_verdict(state, p, action.stone)
        if not ok:
            raise IllegalAction(f"claim: stone {action.stone} cannot be claimed: {reason}")
    elif kind == DRAW:
        if action.deck not in (0, 1):
            raise IllegalAction("malformed action: deck must be 0 (clan) or 1 (tactic)")
        if not state.decks[action.deck]:
            raise IllegalAction(f"drawing: the {('clan', 'tactic')[action.deck]} deck is empty")
    elif kind == RETURN:
        if action.card not in state.hands[p]:
            raise IllegalAction(f"Recruiter: {_title(action.card)} is not in your hand")


def _title(card: int) -> str:
    try:
        return card_title(card)
    except KeyError:
        return f"card {card!r}"


def _check_play(state: State, p: int, a: Action) -> None:
    card, s, t, to = a.card, a.stone, a.target, a.to
    if card not in state.hands[p]:
        raise IllegalAction(f"playing: {_title(card)} is not in your hand")
    if card >= N_CLAN:
        if not may_play_tactic(state, p):
            raise IllegalAction(
                f"tactic limit: you have played {state.tactics_played[p]} tactic cards and "
                f"your opponent {state.tactics_played[1 - p]}; you may not be more than one ahead")
        if card == JOKER and state.joker_played[p]:
            raise IllegalAction("one Joker per game: you have already played a Joker")
    needs_stone = card < N_CLAN or card in ELITES or card in MODES or card in (
        STRATEGIST, BANSHEE, TRAITOR)
    if needs_stone and not 0 <= s <= 8:
        raise IllegalAction(f"playing: {_title(card)} needs a stone 0-8")
    if not needs_stone and (s, t, to) != (-1, -1, -1):
        raise IllegalAction("Recruiter: it takes no stone or target; it draws 3 cards")
    if card < N_CLAN or card in ELITES or card in MODES:
        if t != -1 or to != -1:
            raise IllegalAction(f"playing: {_title(card)} takes a stone only, no target")
    if needs_stone and state.owner[s] >= 0:
        raise IllegalAction(f"claimed stones: stone {s} is claimed by {_say(state.owner[s])}; "
                            f"no card may be played there and no tactic card may touch it")
    if card < N_CLAN or card in ELITES:
        if not _has_room(state, p, s):
            raise IllegalAction(f"stone capacity: your side of stone {s} is full "
                                f"({state.capacity(s)} cards)")
        return
    if card in MODES:
        if state.modes[s] >= 0:
            raise IllegalAction(f"combat modes: stone {s} already holds "
                                f"{card_title(state.modes[s])} (one tactic card per stone)")
        return
    if card == RECRUITER:
        return
    mine, theirs = state.sides[2 * s + p], state.sides[2 * s + 1 - p]
    if card == STRATEGIST:
        if t not in mine:
            raise IllegalAction(f"Strategist: {_title(t)} is not on your side of stone {s}")
        if to == DISCARD:
            return
        if not 0 <= to <= 8 or to == s:
            raise IllegalAction("Strategist: move the card to another stone 0-8, or 'discard'")
        if not _has_room(state, p, to):
            raise IllegalAction(f"Strategist: stone {to} is claimed or full on your side")
        return
    if t not in theirs:
        raise IllegalAction(f"{card_title(card)}: {_title(t)} is not on your opponent's side "
                            f"of stone {s}")
    if card == BANSHEE:
        if to != -1:
            raise IllegalAction("Banshee: the card goes to the discard pile; give no 'to'")
        return
    # Traitor
    if t >= N_CLAN:
        raise IllegalAction(f"Traitor takes clan cards only: {card_title(t)} is an elite troop")
    if not 0 <= to <= 8:
        raise IllegalAction("Traitor: give the stone 0-8 where the card goes on your side")
    if not _has_room(state, p, to):
        raise IllegalAction(f"Traitor: stone {to} is claimed or full on your side")


def apply(state: State, action: Action, player: int | None = None) -> State:
    """The state after ``action``; raises ``IllegalAction`` and leaves ``state`` untouched."""
    check(state, action, player)
    s = state.copy()
    apply_fast(s, action)
    return s


# ---------------------------------------------------------------- the fast path

def _place(state: State, p: int, s: int, card: int) -> None:
    state.proofs[2 * s] = state.proofs[2 * s + 1] = None
    side = state.sides[2 * s + p]
    side.append(card)
    if card < N_CLAN:
        state.faceup |= 1 << card
    if len(side) == (4 if state.modes[s] == MUD else 3):
        state.done_at[2 * s + p] = state.tick
        state.tick += 1


def _remove(state: State, p: int, s: int, card: int) -> None:
    state.proofs[2 * s] = state.proofs[2 * s + 1] = None
    state.sides[2 * s + p].remove(card)
    state.done_at[2 * s + p] = 0   # a side a card leaves is incomplete again


def apply_fast(state: State, a: Action) -> None:
    """Apply a legal action in place. Trusts its caller: feed it only ``legal_actions``."""
    kind = a.kind
    p = state.to_move
    if kind == PLAY:
        card = a.card
        state.hands[p].remove(card)
        state.played = True
        if card < N_CLAN:   # _place, inlined: this is most moves
            s = a.stone
            proofs = state.proofs
            proofs[2 * s] = proofs[2 * s + 1] = None
            side = state.sides[2 * s + p]
            side.append(card)
            state.faceup |= 1 << card
            if len(side) == 3 and state.modes[s] != MUD or len(side) == 4:
                state.done_at[2 * s + p] = state.tick
                state.tick += 1
        else:
            state.tactics_played[p] += 1
            if card in ELITES:
                if card == JOKER:
                    state.joker_played[p] = True
                _place(state, p, a.stone, card)
            elif card in MODES:
                s = a.stone
                state.modes[s] = card
                state.proofs[2 * s] = state.proofs[2 * s + 1] = None
                if card == MUD:   # sides of 3 are no longer complete
                    for i in (2 * s, 2 * s + 1):
                        if len(state.sides[i]) < 4:
                            state.done_at[i] = 0
            elif card == RECRUITER:
                state.discard.append(card)
                state.step = RECRUIT_DRAW
                state.draws_left = 3
                _recruit_auto(state)
                return
            else:
                s, t = a.stone, a.target
                if card == STRATEGIST:
                    _remove(state, p, s, t)
                    if a.to == DISCARD:
                        state.discard.append(t)
                    else:
                        _place(state, p, a.to, t)
                elif card == BANSHEE:
                    _remove(state, 1 - p, s, t)
                    state.discard.append(t)
                else:  # Traitor
                    _remove(state, 1 - p, s, t)
                    _place(state, p, a.to, t)
                state.discard.append(card)
        _after_play(state)
    elif kind == CLAIM:
        _claim(state, p, a.stone)
    elif kind == DRAW:
        insort(state.hands[p], state.decks[a.deck].pop())
        if state.step == RECRUIT_DRAW:
            state.draws_left -= 1
            _recruit_auto(state)
        else:
            _end_turn(state)
    elif kind == DONE:
        _claims_done(state)
    elif kind == PASS:
        state.played = False
        _after_play(state)
    elif kind == RETURN:
        card = a.card
        state.hands[p].remove(card)
        state.decks[0 if card < N_CLAN else 1].insert(0, card)   # bottom of its own deck
        state.returns_left -= 1
        if state.returns_left == 0:
            _after_play(state)
    elif kind == NEXT_ROUND:
        _next_round(state)


def _recruit_auto(state: State) -> None:
    """Recruiter: draw while there is a choice to make; then return 2 cards."""
    hand = state.hands[state.to_move]
    decks = state.decks
    while state.draws_left > 0 and (decks[0] or decks[1]):
        if decks[0] and decks[1]:
            return  # the player chooses
        insort(hand, (decks[0] or decks[1]).pop())
        state.draws_left -= 1
    state.draws_left = 0
    state.returns_left = min(2, len(hand))
    state.step = RECRUIT_RETURN
    if state.returns_left == 0:
        _after_play(state)


def _after_play(state: State) -> None:
    p = state.to_move
    if state.rules.claim_timing == AFTER_PLAY and _any_claim(state, p):
        state.step = CLAIM_STEP
    else:
        _to_draw(state)


def _any_claim(state: State, p: int) -> bool:
    # can_claim, with its cached verdicts read inline: this runs after every play.
    done, owner, proofs, faceup = state.done_at, state.owner, state.proofs, state.faceup
    for i in range(p, 18, 2):
        if done[i]:
            known = proofs[i]
            if known is True:
                if owner[i >> 1] < 0:
                    return True
                continue
            if known is not None and not known & faceup:
                continue
            if owner[i >> 1] < 0 and can_claim(state, p, i >> 1):
                return True
    return False


def _claims_done(state: State) -> None:
    if state.rules.claim_timing == AFTER_PLAY:
        _to_draw(state)
    else:
        state.step = PLAY_STEP


def _to_draw(state: State) -> None:
    p = state.to_move
    decks = state.decks
    hand = state.hands[p]
    if len(hand) < (7 if state.rules.tactics else 6):
        clan, tactic = decks
        if clan and tactic:
            state.step = DRAW_STEP
            return
        if clan or tactic:
            insort(hand, (clan or tactic).pop())
    # _end_turn, inlined for the common case (someone played or claimed).
    if state.played or state.claimed:
        state.passes = 0
        q = 1 - p
        state.to_move = q
        state.played = state.claimed = False
        if state.rules.claim_timing != AFTER_PLAY and _any_claim(state, q):
            state.step = CLAIM_STEP
        else:
            state.step = PLAY_STEP
    else:
        _end_turn(state)


def _end_turn(state: State) -> None:
    p = state.to_move
    if state.played or state.claimed:
        state.passes = 0
    else:
        state.passes += 1
        if state.passes >= 2 and not _any_claim(state, 0) and not _any_claim(state, 1):
            _end_stuck(state)
            return
    q = 1 - p
    state.to_move = q
    state.played = state.claimed = False
    if state.rules.claim_timing != AFTER_PLAY and _any_claim(state, q):
        state.step = CLAIM_STEP
    else:
        state.step = PLAY_STEP


def _claim(state: State, p: int, s: int) -> None:
    state.owner[s] = p
    state.claimed = True
    winner_reason = _win_reason(state.owner, p)
    if winner_reason:
        _end_round(state, p, winner_reason)
    elif not _any_claim(state, p):
        _claims_done(state)


def _win_reason(owner: list, p: int) -> str | None:
    if owner.count(p) >= 5:
        return "5 stones"
    for i in range(7):
        if owner[i] == p and owner[i + 1] == p and owner[i + 2] == p:
            return "3 adjacent stones"
    return None


def _end_stuck(state: State) -> None:
    """House rule: both passed in succession and nobody can claim."""
    for s in range(9):
        if state.owner[s] < 0:
            cap = state.capacity(s)
            full = [len(state.sides[2 * s + q]) == cap for q in (0, 1)]
            if full[0] != full[1]:
                state.owner[s] = 0 if full[0] else 1
    reasons = [_win_reason(state.owner, q) for q in (0, 1)]
    counts = [state.owner.count(0), state.owner.count(1)]
    if reasons[0] and not reasons[1]:
        winner, why = 0, reasons[0]
    elif reasons[1] and not reasons[0]:
        winner, why = 1, reasons[1]
    elif counts[0] != counts[1]:
        winner = 0 if counts[0] > counts[1] else 1
        why = "more stones"
    else:
        winner, why = None, "equal stones"
    _end_round(state, winner, f"nobody could act: {why} ({counts[0]}-{counts[1]})")


def _end_round(state: State, winner, reason: str) -> None:
    state.outcome = Outcome(winner, reason)
    stones = (state.owner.count(0), state.owner.count(1))
    for q in (0, 1):
        state.scores[q] += 5 if winner == q else stones[q]
    state.history = state.history + ((winner, reason, stones[0], stones[1]),)
    if state.round < state.rules.rounds:
        state.step = ROUND_OVER
        if state.rules.next_starter == WINNER and winner is not None:
            state.to_move = winner
        else:
            state.to_move = 1 - state.round_starter
    else:
        state.step = OVER


def _next_round(state: State) -> None:
    deal_round(state, state.round + 1, state.to_move)


# ---------------------------------------------------------------- results

def match_winner(state: State):
    """0, 1, or ``None`` for a draw; only meaningful once the match is over."""
    a, b = state.scores
    return 0 if a > b else 1 if b > a else None
