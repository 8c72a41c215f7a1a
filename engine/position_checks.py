"""A position read field by field (``engine.positions``), checked as a whole: the step, the
match so far, the claims and what the cards say was played agree with each other, as in a
game that reached it. Each refusal is a ``FormatError`` naming the rule it breaks."""

from __future__ import annotations

import json

from .actions import shown
from .cards import BANSHEE, MODES, N_CLAN, RECRUITER, STRATEGIST, card_text, is_troop
from .claims import claim_proof
from .errors import FormatError
from .rules import (
    Reason,
    capacity,
    next_round_starter,
    rooms,
    round_points,
    round_starter_of,
    stuck_result,
    win_shape,
)
from .state import AFTER_PLAY, START_OF_TURN, State, Step
from .turn import any_claim


def check_position(s: State) -> None:
    """Refuse a position no game can reach (its fields each read already)."""
    _check_step(s)
    _check_match(s)
    _check_claims(s)
    _check_stuck(s)
    _check_passes(s)
    _check_refilled(s)
    _check_stuck_base(s)
    _check_discard(s)
    _check_dealt(s)  # after _check_step: a Recruiter's steps need it in the discard pile
    _check_turn_order(s)  # after _check_match: it counts the turns from the round's starter
    _check_tactic_turn_order(s)


# The fewest stones a round's winner holds, by the reason the round ended.
_FEWEST = {
    Reason.FIVE_STONES: 5,
    Reason.STUCK_FIVE: 5,
    Reason.THREE_ADJACENT: 3,
    Reason.STUCK_ADJACENT: 3,
}
# The most: the claim of a fifth stone ends the round, and with five stones the shape is
# five stones, not three adjacent ones (``rules.win_shape``).
_MOST = {Reason.FIVE_STONES: 5, Reason.THREE_ADJACENT: 4, Reason.STUCK_ADJACENT: 4}


def read_reason(value, where: str) -> Reason:
    """``value`` as a round-end ``Reason``, or a ``FormatError`` listing the reasons."""
    if not isinstance(value, str) or value not in tuple(Reason):
        raise FormatError("bad_reason", where=where, value=shown(value), reasons=", ".join(Reason))
    return Reason(value)


def check_result(winner, reason, stones: tuple, where: str) -> Reason:
    """A round's result is one a round can end with: a reason the engine gives, a winner
    exactly when it is not a draw, and stone counts that the reason allows. Returns the
    reason as a ``Reason``."""
    reason = read_reason(reason, where)
    if winner is None and reason != Reason.STUCK_EQUAL:
        raise FormatError("reason_needs_winner", where=where, reason=reason)
    if winner is not None and reason == Reason.STUCK_EQUAL:
        raise FormatError("draw_has_winner", where=where, reason=reason)
    a, b = stones
    if winner is None:
        fits = a == b <= 4  # five stones would be a winning shape
    else:
        held, other = stones[winner], stones[1 - winner]
        fits = (
            _FEWEST.get(reason, 0) <= held <= _MOST.get(reason, 9)
            and (reason != Reason.STUCK_MORE or held > other)
            # more stones decide only when both or neither hold a shape: five stones beside
            # no shape is ``stuck_five_stones``, so beside five the other holds three adjacent
            and (reason != Reason.STUCK_MORE or held <= 4 or other >= 3)
            # a shape ends the round when it is made, before the other can make one; a stuck
            # round's shape wins only beside none (five stones beside it would be one)
            and (reason in (Reason.STUCK_FIVE, Reason.STUCK_MORE) or other <= 4)
        )
    if not fits:
        raise FormatError("reason_stones", where=where, reason=reason, a=a, b=b)
    return reason


def _check_step(s: State) -> None:
    """The step agrees with the rest: the engine can go on from it, as from a real game."""
    rules, step, p = s.rules, s.step, s.to_move
    size = rules.hand_size
    if step in (Step.ROUND_OVER, Step.OVER):
        if s.outcome is None:
            raise FormatError("no_outcome", at=step)
        if step == Step.ROUND_OVER and s.round >= rules.rounds:
            raise FormatError("round_over_last", round=s.round, rounds=rules.rounds)
        if step == Step.OVER and s.round != rules.rounds:
            raise FormatError("over_not_last", round=s.round, rounds=rules.rounds)
    else:
        if s.outcome is not None:
            raise FormatError("outcome_too_soon", at=step)
        for q in (0, 1):
            shape = win_shape(s.owner, q)
            if shape:
                raise FormatError(
                    "five_too_soon" if shape == Reason.FIVE_STONES else "adjacent_too_soon",
                    player=q,
                    at=step,
                )
    # The Recruiter's counters, which its steps count down to 0.
    if step == Step.RECRUIT_DRAW:
        if not 1 <= s.draws_left <= 3 or s.returns_left:
            raise FormatError("recruit_draw_counts", draws=s.draws_left, returns=s.returns_left)
    elif step == Step.RECRUIT_RETURN:
        if s.draws_left or not 1 <= s.returns_left <= 2:
            raise FormatError("recruit_return_counts", draws=s.draws_left, returns=s.returns_left)
        if len(s.hands[p]) < s.returns_left:
            raise FormatError(
                "recruit_return_hand", player=p, n=s.returns_left, held=len(s.hands[p])
            )
    elif s.draws_left or s.returns_left:
        raise FormatError("counts_outside_recruiter", at=step)
    if step in (Step.RECRUIT_DRAW, Step.RECRUIT_RETURN) and (
        RECRUITER not in s.discard or not s.played
    ):
        raise FormatError("recruiter_missing", at=step)
    # Hands: at most the hand size, except while the Recruiter draws 3 and returns 2.
    for q in (0, 1):
        most = size
        if q == p and step == Step.RECRUIT_DRAW:
            most = size - 1 + 3 - s.draws_left
        elif q == p and step == Step.RECRUIT_RETURN:
            most = size + s.returns_left
        if len(s.hands[q]) > most:
            raise FormatError(
                "hand_too_big", index=q, n=len(s.hands[q]), at=step, player=q, most=most
            )
    if step in (Step.DRAW, Step.RECRUIT_DRAW):
        # A draw step is a choice of deck: with one deck (or none) the engine goes on itself.
        if not (s.decks[0] and s.decks[1]):
            raise FormatError("draw_one_deck", at=step)
        if step == Step.DRAW and len(s.hands[p]) >= size:
            raise FormatError("draw_full_hand", player=p, size=size, n=len(s.hands[p]))
    timing = rules.claim_timing
    if step == Step.PLAY and s.played:
        raise FormatError("played_too_soon")
    if step == Step.PLAY and timing == AFTER_PLAY and s.claimed:
        raise FormatError("claimed_too_soon")
    if step == Step.CLAIM:
        if timing == START_OF_TURN and s.played:
            raise FormatError("played_before_claim")
        if not any_claim(s, p):
            raise FormatError("nothing_to_claim", player=p)
        if timing == AFTER_PLAY and not s.played and _clan_playable(s, p):
            raise FormatError("claim_after_pass", player=p)  # a claim step after a pass


def _check_stuck_base(s: State) -> None:
    """A base game's stuck round ends with five stones for the player holding cards. It is
    stuck only when one player holds cards with no room for them and the other none (with
    both hands empty all 54 cards fill the table, and every stone is claimable; with both
    holding cards, both sides of every stone left are full), so every stone left has the
    first one's side complete and the other's not, and goes to the first: nine stones less
    the other's four at most (a fifth, or three adjacent, would have ended the round), so its
    stones add up to nine (``stuck_base_stones``). The round's winner is then the player
    still holding cards (``stuck_base_holder``)."""
    if s.rules.tactics:
        return
    for i, (_, reason, a, b) in enumerate(s.history):  # this round's too, once it is over
        if reason in (Reason.STUCK_ADJACENT, Reason.STUCK_MORE, Reason.STUCK_EQUAL):
            raise FormatError("stuck_base", where=f"history[{i}]", reason=reason)
        if reason == Reason.STUCK_FIVE and a + b != 9:  # every stone is given
            raise FormatError("stuck_base_stones", where=f"history[{i}]", a=a, b=b)
    # This round's end still shows the hands: the winner is the one holding cards.
    if s.outcome is not None and s.outcome.reason == Reason.STUCK_FIVE:
        w = s.outcome.winner
        assert w is not None  # check_result: a stuck round with five stones has a winner
        if not s.hands[w] or s.hands[1 - w]:
            raise FormatError("stuck_base_holder", player=w)


def _check_discard(s: State) -> None:
    """The discard pile holds the ruses played, and besides them only the troops a ruse put
    there: each Banshee discards at most one of the opponent's troops, each Strategist at
    most one of its player's own (or moves it instead). A combat mode never leaves its stone,
    and a base game has no ruse, so its pile stays empty."""
    modes = [card for card in s.discard if card in MODES]
    if modes:
        raise FormatError("discard_mode", card=card_text(modes[0]))
    troops = sum(is_troop(card) for card in s.discard)
    ruses = s.discard.count(BANSHEE) + s.discard.count(STRATEGIST)
    if troops > ruses:
        raise FormatError("discard_without_ruse", n=troops, ruses=ruses)


def _check_dealt(s: State) -> None:
    """While the discard pile is empty, each player still has the clan cards of the deal in
    hand or on their own side. A ruse goes to the pile as it is played (the Recruiter too,
    before its draws and returns, so a Recruiter's step has it there: ``recruiter_missing``),
    and nothing leaves the pile within a round: with it empty no ruse was played, so no
    troop changed sides (Traitor), left a side (Banshee, Strategist) or went back to a deck
    from a hand (Recruiter). A card leaves a hand only by being played, a clan card onto
    its player's own side, where it stays; cards come into a hand only from the deal (the
    hand size in clan cards, never a tactic card) and the draws, which only add. So the
    clan cards in a player's hand and on their side are at least the hand size (the
    difference is the clan cards they drew), whatever the decks hold
    (``clan_cards_dealt``). A base game's pile is always empty: it is checked there too."""
    if s.discard:
        return
    size = s.rules.hand_size
    for q in (0, 1):
        held = sum(c < N_CLAN for c in s.hands[q])
        placed = sum(c < N_CLAN for i in range(9) for c in s.sides[2 * i + q])
        if held + placed < size:
            raise FormatError("clan_cards_dealt", index=q, player=q, n=held, m=placed, size=size)


def _check_turn_order(s: State) -> None:
    """In a base game the cards on each side agree with whose turn it is. The round's starter
    and the other player take turns, one card a turn, unless a turn passes; and a base game's
    pass is for good: the passing player holds no card with room, room only shrinks, and the
    hand is unchanged until that player plays again. So a player who can play now has played
    on every turn of theirs, and the other has played on at most every turn of theirs."""
    if s.rules.tactics or s.step in (Step.ROUND_OVER, Step.OVER):
        return
    starter, p = s.round_starter, s.to_move
    other = 1 - starter
    # Cards played on the turns finished before this one (this turn's own play set apart),
    # and how many more turns the starter has finished than the other player.
    done = [sum(len(s.sides[2 * i + q]) for i in range(9)) for q in (0, 1)]
    done[p] -= s.played
    ahead = int(p != starter)
    can_play = [_clan_playable(s, 0), _clan_playable(s, 1)]
    if can_play[starter]:  # the starter never passed: its turns are its cards
        if done[starter] < ahead:
            raise FormatError("turn_order_least", player=starter, n=done[starter], turns=ahead)
        turns = done[starter] - ahead
        if done[other] > turns or (can_play[other] and done[other] != turns):
            raise FormatError("turn_order", player=other, n=done[other], turns=turns)
    elif can_play[other]:  # the other player never passed
        turns = done[other] + ahead
        if done[starter] > turns:
            raise FormatError("turn_order", player=starter, n=done[starter], turns=turns)


def _check_tactic_turn_order(s: State) -> None:
    """In a Tactic game with an empty discard pile the cards on the table agree with whose
    turn it is. No ruse was played, so every card a player played is on their own side (a
    troop or an elite) or a combat mode on a stone (one a stone, never moved): a player has
    played at least the cards on their side and at most those plus the modes. A turn plays one
    card or passes, and a turn passes only with no clan card that can be played: before its
    player has played a hand's worth of cards (7), the hand still holds a clan card of the
    deal (only a play takes one out, the Recruiter being a ruse), and there is room for it
    (no room takes 5 stones with a complete side of theirs, 15 cards, as the other holds 4
    stones at most). So each player has played on at most every one of their turns, and on
    every one of their first 7; the starter has had one turn more when the other is to move."""
    if not s.rules.tactics or s.discard or s.step in (Step.ROUND_OVER, Step.OVER):
        return
    starter, p, size = s.round_starter, s.to_move, s.rules.hand_size
    other, ahead = 1 - starter, int(s.to_move != s.round_starter)
    modes = sum(m >= 0 for m in s.modes)
    # The cards each played on the turns finished before this one (this turn's play set apart:
    # a card on their side or a mode), at least and at most.
    least = [sum(len(s.sides[2 * i + q]) for i in range(9)) for q in (0, 1)]
    most = [least[0] + modes, least[1] + modes]
    least[p], most[p] = max(least[p] - s.played, 0), max(most[p] - s.played, 0)
    # The other player's finished turns: at least each one's cards, at most a player's cards
    # while fewer than a hand's worth (the starter's turns less the one it is ahead).
    fewest = max(least[other], least[starter] - ahead)
    for q, extra in ((other, 0), (starter, ahead)):
        if most[q] < size and fewest + extra > most[q]:
            raise FormatError(
                "turn_order_tactic", player=q, n=most[q], turns=fewest + extra, size=size
            )


def _check_refilled(s: State) -> None:
    """No hand below the hand size while a deck has a card, but where a turn leaves it so.

    A turn's draw (``turn._to_draw``) refills the hand of whoever played, one card a turn,
    whenever either deck has one; so while the decks have cards, a hand is short only in its
    own turn, between its play and its draw (``played``), and the Recruiter's player holds
    what its counters say. Hands shrink once the decks are empty, and cards come back to a
    deck only under the Recruiter: a player who drew fewer than 3 (the decks ran dry) puts 2
    back, so after it up to 2 cards may wait in the decks while hands are short. While it is
    resolved, only the cards put back so far: the round's one Recruiter is the first to
    put cards back, so decks that held cards before its returns held them all round, and
    every other hand is full."""
    left = len(s.decks[0]) + len(s.decks[1])
    back = 2  # the most the Recruiter has put back (it returns at most 2)
    if s.step == Step.RECRUIT_DRAW:
        back = 0
    elif s.step == Step.RECRUIT_RETURN:
        back = 2 - s.returns_left
    if not left or (RECRUITER in s.discard and left <= back):
        return
    size, p, step = s.rules.hand_size, s.to_move, s.step
    after_play = size - s.played  # a play made, its draw still to come
    fewest = [size, size]
    held = [len(s.hands[0]), len(s.hands[1])]
    if step == Step.ROUND_OVER:  # the ender was either player: one hand at most is short
        fewest = [after_play, size if held[0] < size else after_play]
    elif step in (Step.DRAW, Step.OVER) or (
        step == Step.CLAIM and s.rules.claim_timing == AFTER_PLAY
    ):  # between a play and its draw, or the claim that ended the match came there
        fewest[p] = after_play
    elif step == Step.RECRUIT_DRAW:  # the Recruiter played, 3 - draws_left drawn
        fewest[p] = size - 1 + 3 - s.draws_left
    elif step == Step.RECRUIT_RETURN:  # 3 drawn, 2 - returns_left put back
        fewest[p] = size + s.returns_left
    for q in (0, 1):
        if held[q] < fewest[q]:
            raise FormatError(
                "hand_short", index=q, n=held[q], left=left, at=step, player=q, fewest=fewest[q]
            )


def _check_match(s: State) -> None:
    """The match so far agrees with itself: an ended round's outcome is what the stones give,
    the history holds the rounds before this one (and this one once it is over, as the
    outcome says), the scores are its points, and the starters follow the rules."""
    rules, ended = s.rules, s.step in (Step.ROUND_OVER, Step.OVER)
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
    if s.step == Step.ROUND_OVER and s.outcome is not None:
        nxt = next_round_starter(rules, s.round_starter, s.outcome.winner)
        if s.to_move != nxt:
            raise FormatError("to_move_next_round", expected=nxt, value=s.to_move)


def _check_outcome(s: State, counts: tuple) -> None:
    """An ended round's outcome is what its stones give: a shape the winner alone holds, or
    the stuck round's result (``rules.stuck_result``) with its stones awarded."""
    assert s.outcome is not None
    w, reason = s.outcome.winner, s.outcome.reason
    check_result(w, reason, counts, "outcome")
    if reason in (Reason.FIVE_STONES, Reason.THREE_ADJACENT):
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
    stuck = s.outcome is not None and s.outcome.reason not in (
        Reason.FIVE_STONES,
        Reason.THREE_ADJACENT,
    )
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


def _clan_playable(s: State, q: int) -> bool:
    """Whether player ``q`` holds a clan card and has room for it: then ``q`` may not pass."""
    return any(c < N_CLAN for c in s.hands[q]) and bool(rooms(s, q))


def _check_stuck(s: State) -> None:
    """A stuck round ended after two turns in a row with nothing played, claimed or drawn, and
    a turn passes only when no clan card can be played (the stones it awarded take no room
    from the player who could not play)."""
    if s.outcome is None or s.outcome.reason in (Reason.FIVE_STONES, Reason.THREE_ADJACENT):
        return
    reason = s.outcome.reason
    if s.passes < 2:  # a round is stuck after two turns in a row with nothing done
        raise FormatError("stuck_without_passes", reason=reason, value=s.passes)
    for q in (0, 1):  # ... and a turn passes only with no clan card that can be played
        if _clan_playable(s, q):
            raise FormatError("stuck_could_play", player=q, reason=reason)


def _check_passes(s: State) -> None:
    """The count of turns passed in a row agrees with the table: a turn passes only with no
    clan card that can be played, and two in a row with nobody able to claim end the round."""
    p = s.to_move
    # A claim step with nothing played or claimed yet (the Expert timing's, before the play,
    # or after this turn's pass) leaves the table as the passes did, like a play step.
    if s.step not in (Step.PLAY, Step.CLAIM) or s.played or s.claimed or not s.passes:
        return  # (once this turn acts, its own pass, play or claim counts)
    # The turns passed in a row end with the other player's (and, before it, this one's):
    # their hands and the room on the table are as they were then.
    for q, turns in ((1 - p, 1), (p, 2)):
        if s.passes >= turns and _clan_playable(s, q):
            raise FormatError("passes_could_play", n=s.passes, player=q)
    if s.passes >= 2 and not any_claim(s, 0) and not any_claim(s, 1):
        raise FormatError("passes_stuck", n=s.passes)
