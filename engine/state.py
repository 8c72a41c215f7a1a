"""Game options and the game state.

The state is a plain mutable object that the public API never mutates: the
checked ``apply`` works on a ``copy()``. Randomness lives only in the deal,
derived from the seed and the round number, so a seed plus the action list
replays a whole match exactly.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from enum import StrEnum

from .actions import shown
from .cards import N_CLAN, TACTIC_DECK
from .errors import FormatError
from .rules import Reason

AFTER_PLAY, START_OF_TURN = "after_play", "start_of_turn"
ALTERNATE, WINNER = "alternate", "winner"


class Step(StrEnum):
    """Where a turn stands (``State.step``), and the two ends; the value is its JSON form."""

    PLAY = "play"
    CLAIM = "claim"
    DRAW = "draw"
    RECRUIT_DRAW = "recruit_draw"
    RECRUIT_RETURN = "recruit_return"
    ROUND_OVER = "round_over"
    OVER = "over"


@dataclass(frozen=True)
class Rules:
    """Options chosen before a match.

    >>> Rules(tactics=True).hand_size
    7
    """

    tactics: bool = False
    claim_timing: str = AFTER_PLAY  # or START_OF_TURN (Expert variant / 1999 order)
    starter: int = 0  # who starts round 1
    rounds: int = 1  # rounds in the match
    next_starter: str = ALTERNATE  # or WINNER: the previous round's winner starts

    def __post_init__(self):
        # Exact types: 1.0 == 1 and True == 1 in Python, but neither is a player or a count.
        if type(self.tactics) is not bool:
            raise FormatError("rules_flag", option="tactics", value=shown(self.tactics))
        if type(self.claim_timing) is not str or self.claim_timing not in (
            AFTER_PLAY,
            START_OF_TURN,
        ):
            raise FormatError(
                "rules_choice",
                option="claim_timing",
                a=AFTER_PLAY,
                b=START_OF_TURN,
                value=shown(self.claim_timing),
            )
        if type(self.starter) is not int or self.starter not in (0, 1):
            raise FormatError("rules_starter", value=shown(self.starter))
        if type(self.rounds) is not int or not 1 <= self.rounds <= 99:
            raise FormatError("rules_rounds", value=shown(self.rounds))
        if type(self.next_starter) is not str or self.next_starter not in (ALTERNATE, WINNER):
            raise FormatError(
                "rules_choice",
                option="next_starter",
                a=ALTERNATE,
                b=WINNER,
                value=shown(self.next_starter),
            )

    @property
    def hand_size(self) -> int:
        return 7 if self.tactics else 6

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data) -> Rules:
        """Read the rules of a document; a ``FormatError`` names a bad or unknown option."""
        if not isinstance(data, dict):
            raise FormatError("rules_not_object", value=shown(data))
        unknown = [k for k in data if k not in cls.__dataclass_fields__]
        if unknown:
            raise FormatError("rules_unknown", options=", ".join(sorted(map(str, unknown))))
        return cls(**data)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a round ended: ``winner`` is 0, 1 or ``None`` (a draw), and the ``reason``.

    >>> Outcome(1, Reason.THREE_ADJACENT).to_json()
    {'winner': 1, 'reason': 'three_adjacent'}
    """

    winner: int | None
    reason: Reason

    def to_json(self) -> dict:
        return {"winner": self.winner, "reason": str(self.reason)}  # the plain string


class State:
    """Everything about a match in progress. Stones 0..8; players 0 (South) and 1 (North).

    ``sides[stone * 2 + player]`` lists the troops a player has at a stone, in play order.
    ``done_at`` holds the tick at which that side last became complete (0: incomplete).
    ``faceup`` is a bit mask of the clan cards face up on the table or in the discard pile.
    Hands are kept sorted. ``proofs`` caches claim verdicts per side (see ``claims.can_claim``);
    it is not part of the position.
    """

    __slots__ = (
        "rules",
        "seed",
        "round",
        "scores",
        "round_starter",
        "hands",
        "decks",
        "sides",
        "modes",
        "owner",
        "done_at",
        "tick",
        "faceup",
        "discard",
        "tactics_played",
        "joker_played",
        "to_move",
        "step",
        "played",
        "claimed",
        "draws_left",
        "returns_left",
        "passes",
        "outcome",
        "history",
        "proofs",
    )
    # Declared for the type checker (the slots hold them; ``deal_round`` sets them).
    rules: Rules
    seed: int | str
    round: int
    scores: list[int]
    round_starter: int
    hands: list[list[int]]
    decks: list[list[int]]
    sides: list[list[int]]
    modes: list[int]
    owner: list[int]
    done_at: list[int]
    tick: int
    faceup: int
    discard: list[int]
    tactics_played: list[int]
    joker_played: list[bool]
    to_move: int
    step: Step
    played: bool
    claimed: bool
    draws_left: int
    returns_left: int
    passes: int
    outcome: Outcome | None
    history: tuple
    proofs: list

    def copy(self) -> State:
        # Hot in search (one copy per simulated move); list.copy via map beats [:]
        # in a comprehension, and immutable fields are shared.
        s = State.__new__(State)
        s.rules, s.seed, s.round = self.rules, self.seed, self.round
        s.scores = self.scores[:]
        s.round_starter = self.round_starter
        h = self.hands
        s.hands = [h[0][:], h[1][:]]
        d = self.decks
        s.decks = [d[0][:], d[1][:]]
        s.sides = list(map(list.copy, self.sides))
        s.modes = self.modes[:]
        s.owner = self.owner[:]
        s.done_at = self.done_at[:]
        s.tick, s.faceup = self.tick, self.faceup
        s.discard = self.discard[:]
        s.tactics_played = self.tactics_played[:]
        s.joker_played = self.joker_played[:]
        s.to_move, s.step, s.played, s.claimed = self.to_move, self.step, self.played, self.claimed
        s.draws_left, s.returns_left, s.passes = self.draws_left, self.returns_left, self.passes
        s.outcome = self.outcome
        s.history = self.history  # round results: replaced, never mutated
        s.proofs = self.proofs[:]
        return s

    def key(self) -> tuple:
        """Everything that defines the position, for equality and tests."""
        return (
            self.rules,
            self.seed,
            self.round,
            tuple(self.scores),
            self.round_starter,
            tuple(map(tuple, self.hands)),
            tuple(map(tuple, self.decks)),
            tuple(map(tuple, self.sides)),
            tuple(self.modes),
            tuple(self.owner),
            tuple(self.done_at),
            self.tick,
            self.faceup,
            tuple(self.discard),
            tuple(self.tactics_played),
            tuple(self.joker_played),
            self.to_move,
            self.step,
            self.played,
            self.claimed,
            self.draws_left,
            self.returns_left,
            self.passes,
            self.outcome,
            self.history,
        )

    def __eq__(self, other):
        return isinstance(other, State) and self.key() == other.key()

    @property
    def over(self) -> bool:
        return self.step == Step.OVER


def shuffled_decks(rules: Rules, seed, round_no: int) -> tuple[list, list]:
    """The round's two decks, top of deck last. Seeded by text so CPython and Pyodide agree."""
    rng = random.Random(f"schotten-totten/{seed}/{round_no}")
    clan = list(range(N_CLAN))
    shuffle_cards(clan, rng.getrandbits)
    tactic = list(TACTIC_DECK) if rules.tactics else []
    shuffle_cards(tactic, rng.getrandbits)
    return clan, tactic


# Bit widths for shuffle_cards: _BITS[i] = (i + 1).bit_length().
_BITS = tuple((i + 1).bit_length() for i in range(64))


def shuffle_cards(x: list, getrandbits) -> None:
    """``random.shuffle(x)`` exactly (CPython 3.11's algorithm: Fisher-Yates with
    ``_randbelow`` by rejection on ``getrandbits``), without a method call per card.
    Written out so the deals depend only on the Mersenne Twister, not on the
    library's shuffle."""
    for i in range(len(x) - 1, 0, -1):
        k = _BITS[i]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def deal_round(state: State, round_no: int, starter: int, deal: dict | None = None) -> None:
    """Set up a fresh round on ``state`` in place (match fields are kept)."""
    rules = state.rules
    if deal is None:
        clan, tactic = shuffled_decks(rules, state.seed, round_no)
        n = rules.hand_size
        # Alternate dealing from the top (the end), starter first: the starter gets
        # clan[-1], clan[-3], ..., the other player clan[-2], clan[-4], ...
        top = clan[-2 * n :]
        del clan[-2 * n :]
        hands: list[list[int]] = [[], []]
        hands[starter] = sorted(top[1::2])
        hands[1 - starter] = sorted(top[0::2])
    else:
        hands = [sorted(deal["hands"][0]), sorted(deal["hands"][1])]
        clan = list(deal["deck"])
        tactic = list(deal.get("tactic_deck", []))
    state.round = round_no
    state.round_starter = starter
    state.hands = hands
    state.decks = [clan, tactic]
    state.sides = [[] for _ in range(18)]
    state.modes = [-1] * 9
    state.owner = [-1] * 9
    state.done_at = [0] * 18
    state.tick = 1
    state.faceup = 0
    state.discard = []
    state.tactics_played = [0, 0]
    state.joker_played = [False, False]
    state.to_move = starter
    state.step = Step.PLAY
    state.played = False
    state.claimed = False
    state.draws_left = state.returns_left = 0
    state.passes = 0
    state.outcome = None
    state.proofs = [None] * 18


def new_game(rules: Rules | None = None, seed=0, deal: dict | None = None) -> State:
    """A new match. ``deal`` (hands, deck, tactic_deck as card lists, top last) fixes round 1.

    >>> s = new_game(Rules(), seed=1)
    >>> len(s.hands[0]), len(s.decks[0]), s.step
    (6, 42, <Step.PLAY: 'play'>)
    """
    rules = rules or Rules()
    s = State.__new__(State)
    s.rules, s.seed = rules, seed
    s.scores = [0, 0]
    s.history = ()
    deal_round(s, 1, rules.starter, deal)
    return s
