"""Learn to play: the lessons, on the real engine with prepared deals.

A lesson is a list of short steps. Each step is a position (``docs/formats.md``,
"Positions": the cards are placed by hand, the decks follow from the seed, so nothing is
left to chance) where South, the player, is to move; the player makes real moves through
the normal table, the engine checks them, and the step is done when the player's events
match the step's **goal**: event patterns, in order. Every decision the player makes (a
card played, a card moved by a ruse, a pass, a claim, "done claiming", a draw chosen) must
match the next pattern, or the step is missed and can be tried again. A look at a stone
(the stone tapped, which shows the engine's claim verdict) is an event of the lesson's own:
``{"type": "look", "stone": s}``. The computer (Easy) plays North in between.

The words are the table's catalogue's (``web/messages/<lang>.json``):
``lesson.<lesson>.title``, ``lesson.<lesson>.<step>.task`` (what to do),
``.done`` (why it worked) and, for some, ``.missed``; ``params`` fill them (cards and
stones in data form, worded by ``Words``, web/words.py).

The lesson under way at the table is ``tutorial.py``'s.

>>> [lesson.id for lesson in LESSONS]
['basics', 'tactics']
>>> progress(({"type": "play", "card": "R9"},), [{"type": "play", "player": 0, "card": "R9"}])
(1, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from refusal import RequestError

from engine.actions import shown

POSITION = {"format": "schotten-totten/position", "version": 1}
# The player's decisions: each must match the step's next pattern. Draws count only when
# chosen (``auto`` false: both decks had cards); looks only when a pattern asks for one.
DECISIONS = ("play", "move", "pass", "claim", "claims_done", "return")
PLAYER = 0
SETTINGS = {"opponent": "ai", "ai_seat": 1, "ai_level": "easy", "autoclaim": False, "names": None}


@dataclass(frozen=True)
class Step:
    id: str
    position: dict  # position fields (hands, stones, ...), South to move
    goal: tuple  # event patterns, in order
    solution: tuple  # the actions that reach the goal (for tests and the docs)
    params: dict = field(default_factory=dict)  # for the step's texts
    panel: str | None = None  # "formations": the five formations are shown with the step
    seed: int = 1
    show_card: bool = True  # point at the card to play (not when choosing it is the task)


@dataclass(frozen=True)
class Lesson:
    id: str
    rules: dict
    steps: tuple


def _side(south=(), north=(), owner=None, mode=None) -> dict:
    st = {"sides": [list(south), list(north)]}
    if owner is not None:
        st["owner"] = owner
    if mode is not None:
        st["mode"] = mode
    return st


def _stones(**at) -> list:
    """Nine stones from keyword arguments s1..s9 (stones as the table numbers them)."""
    return [at.get(f"s{i}", _side()) for i in range(1, 10)]


def play(card, stone, **more) -> dict:
    return {"kind": "play", "card": card, "stone": stone, **more}


def claim(stone) -> dict:
    return {"kind": "claim", "stone": stone}


BASICS = Lesson(
    "basics",
    {},
    (
        # (a) Play a card: a card from the hand to your side of a stone.
        Step(
            "play",
            {
                "hands": [
                    ["R4", "R9", "Y2", "G6", "B3", "P7"],
                    ["O1", "O5", "Y8", "G2", "B9", "P3"],
                ],
            },
            goal=({"type": "play", "card": "R9", "stone": 4},),
            solution=(play("R9", 4),),
            params={"card": "R9", "stone": 4},
            seed=101,
        ),
        # (b) The five formations, strongest first: make the strongest one.
        Step(
            "formations",
            {
                "hands": [
                    ["R6", "R9", "Y6", "G5", "B8", "P1"],
                    ["O2", "O7", "Y3", "G9", "B1", "P6"],
                ],
                "stones": _stones(s3=_side(["R4", "R5"], ["G7"]), s6=_side(["Y1"], ["B4", "B5"])),
            },
            goal=({"type": "play", "card": "R6", "stone": 2},),
            solution=(play("R6", 2),),
            params={"card": "R4", "target": "R5", "stone": 2},
            panel="formations",
            seed=102,
            show_card=False,
        ),
        # (c) Completing a side: when both sides are complete, the stronger claims the stone.
        Step(
            "complete",
            {
                "hands": [
                    ["P4", "O8", "R1", "Y3", "B4", "G9"],
                    ["O2", "R6", "Y9", "G1", "B7", "P5"],
                ],
                "stones": _stones(s6=_side(["P2", "P7"], ["G5", "B6", "Y7"]), s2=_side(["R3"])),
            },
            goal=({"type": "play", "card": "P4", "stone": 5}, {"type": "claim", "stone": 5}),
            solution=(play("P4", 5), claim(5)),
            params={"stone": 5},
            seed=103,
            show_card=False,
        ),
        # (d) Claiming by proof, against an incomplete side: no unseen card lets North win.
        Step(
            "proof",
            {
                "hands": [
                    ["R7", "B1", "B5", "Y4", "O6", "P2"],
                    ["G6", "O9", "Y1", "B7", "P4", "R2"],
                ],
                "stones": _stones(
                    s2=_side(["R8", "R9"], ["G3"]), s7=_side(["Y8"], ["P8"]), s9=_side([], ["B2"])
                ),
            },
            goal=({"type": "play", "card": "R7", "stone": 1}, {"type": "claim", "stone": 1}),
            solution=(play("R7", 1), claim(1)),
            params={"card": "R7", "stone": 1},
            seed=104,
        ),
        # (d) A refused claim: the engine shows a completion of North's side that would win,
        # with a card the player holds (a hand is not face up).
        Step(
            "refused",
            {
                "hands": [
                    ["G7", "R2", "Y6", "O3", "P8", "Y1"],
                    ["R5", "O6", "Y2", "B1", "P3", "G2"],
                ],
                "stones": _stones(s4=_side(["B3", "B4", "B5"], ["G8", "G9"]), s9=_side([], ["R1"])),
            },
            goal=({"type": "look", "stone": 3},),
            solution=({"kind": "look", "stone": 3},),
            params={"stone": 3, "card": "G7"},
            seed=105,
        ),
        # ... and the same claim once that card is face up.
        Step(
            "reveal",
            {
                "hands": [
                    ["G7", "R2", "Y6", "O3", "P8", "Y1"],
                    ["R5", "O6", "Y2", "B1", "P3", "G2"],
                ],
                "stones": _stones(s4=_side(["B3", "B4", "B5"], ["G8", "G9"]), s9=_side([], ["R1"])),
            },
            goal=({"type": "play", "card": "G7"}, {"type": "claim", "stone": 3}),
            solution=(play("G7", 0), claim(3)),
            params={"stone": 3, "card": "G7"},
            seed=105,
        ),
        # (e) Ties go to the side completed first.
        Step(
            "tie",
            {
                "hands": [
                    ["G4", "R8", "O9", "Y6", "B5", "P1"],
                    ["O1", "R5", "Y9", "G7", "B8", "P6"],
                ],
                "stones": _stones(s7=_side(["R2", "Y3"], ["B2", "P3"]), s3=_side(["G9"], ["O7"])),
            },
            goal=({"type": "play", "card": "G4", "stone": 6}, {"type": "claim", "stone": 6}),
            solution=(play("G4", 6), claim(6)),
            params={"card": "G4", "stone": 6},
            seed=106,
        ),
        # (f) Three adjacent stones win.
        Step(
            "three",
            {
                "hands": [
                    ["Y9", "R4", "O5", "G8", "B1", "P3"],
                    ["O3", "R6", "Y1", "G3", "B3", "P9"],
                ],
                "stones": _stones(
                    s1=_side(["R7", "R8", "R9"], ["O1", "P2", "G5"], owner=0),
                    s2=_side(["B4", "B5", "B6"], ["G1", "G2", "P8"], owner=0),
                    s3=_side(["Y7", "Y8"], ["O2"]),
                    s5=_side(["P4", "G4", "R2"], ["B7", "B8", "B9"], owner=1),
                    s8=_side(["O8"], ["R1", "Y4"]),
                ),
            },
            goal=({"type": "play", "card": "Y9", "stone": 2}, {"type": "claim", "stone": 2}),
            solution=(play("Y9", 2), claim(2)),
            params={"card": "Y9", "stone": 2},
            seed=107,
        ),
        # (f) ... and so do any five.
        Step(
            "five",
            {
                "hands": [
                    ["P7", "R1", "O4", "Y3", "B2", "G6"],
                    ["O6", "R5", "Y5", "G2", "B6", "Y2"],
                ],
                "stones": _stones(
                    s1=_side(["R7", "R8", "R9"], ["O1", "O2", "G5"], owner=0),
                    # a tie North won by completing first (a claim needs a proof)
                    s2={
                        **_side(["B7", "B8", "B9"], ["G7", "G8", "G9"], owner=1),
                        "done_at": [2, 1],
                    },
                    s3=_side(["Y7", "Y8", "Y9"], ["O3", "P2", "G1"], owner=0),
                    s4=_side(["P1", "G3"], ["O9", "O8", "O7"]),
                    s5=_side(["B3", "B4", "B5"], ["R2", "Y4", "P3"], owner=0),
                    s6=_side(["R3"], ["B1"]),
                    s7=_side(["G4", "R4", "P4"], ["R6", "Y6", "O5"], owner=0),
                    s9=_side(["P5", "P6"], ["Y1"]),
                ),
            },
            goal=({"type": "play", "card": "P7", "stone": 8}, {"type": "claim", "stone": 8}),
            solution=(play("P7", 8), claim(8)),
            params={"card": "P7", "stone": 8},
            seed=108,
        ),
    ),
)

TACTICS = Lesson(
    "tactics",
    {"tactics": True},
    (
        # Seven cards, and a second deck to draw from.
        Step(
            "deck",
            {
                "hands": [
                    ["B2", "R5", "Y7", "G3", "O8", "P6", "R9"],
                    ["O1", "Y4", "G8", "B6", "P2", "R3", "Y9"],
                ],
            },
            goal=({"type": "play"}, {"type": "draw", "deck": "tactic"}),
            solution=(play("B2", 0), {"kind": "draw", "deck": "tactic"}),
            params={"card": "B2", "stone": 0},
            seed=201,
        ),
        # An elite troop: the Joker completes a Color-Run.
        Step(
            "elite",
            {
                "hands": [
                    ["Joker", "R1", "R5", "G2", "O7", "P4", "Y9"],
                    ["O1", "Y4", "G8", "B6", "P2", "R3", "Y5"],
                ],
                "stones": _stones(s3=_side(["B8", "B9"], ["Y2", "Y3"]), s6=_side(["G6"], ["O5"])),
            },
            goal=({"type": "play", "card": "Joker", "stone": 2}, {"type": "claim", "stone": 2}),
            solution=(play("Joker", 2), claim(2)),
            params={"card": "Joker", "stone": 2},
            seed=202,
        ),
        # A combat mode: Mud Fight reopens a stone the opponent would win.
        Step(
            "mode",
            {
                "hands": [
                    ["MudFight", "Y3", "B4", "R6", "G1", "P9", "O2"],
                    ["O1", "Y4", "G9", "B6", "P2", "R3", "Y5"],
                ],
                "stones": _stones(s5=_side(["Y1", "B2"], ["R8", "O8", "G8"]), s2=_side(["P5"])),
            },
            goal=({"type": "play", "card": "MudFight", "stone": 4},),
            solution=(play("MudFight", 4),),
            params={"card": "MudFight", "stone": 4},
            seed=203,
        ),
        # A ruse: the Traitor takes a clan card from the opponent's side.
        Step(
            "ruse",
            {
                "hands": [
                    ["Traitor", "Y3", "B4", "G6", "G1", "P4", "O2"],
                    ["O1", "Y4", "G9", "B6", "P2", "R3", "Y5"],
                ],
                "stones": _stones(s2=_side(["R7", "R8"], ["O5"]), s6=_side(["B1"], ["R9", "Y8"])),
            },
            goal=(
                {"type": "play", "card": "Traitor"},
                {"type": "move", "card": "R9", "to": 1},
                {"type": "claim", "stone": 1},
            ),
            solution=(play("Traitor", 5, target="R9", to=1), claim(1)),
            params={"card": "Traitor", "target": "R9", "stone": 5, "to": 1},
            seed=204,
        ),
    ),
)

LESSONS = (BASICS, TACTICS)
BY_ID = {lesson.id: lesson for lesson in LESSONS}


def lesson(lesson_id: str) -> Lesson:
    if lesson_id not in BY_ID:
        raise RequestError("unknown_lesson", value=shown(lesson_id))
    return BY_ID[lesson_id]


def position(lesson_id: str, k: int) -> dict:
    """The position document of step ``k`` of a lesson."""
    les = lesson(lesson_id)
    step = les.steps[k]
    return {**POSITION, "rules": les.rules, "seed": step.seed, "to_move": PLAYER, **step.position}


def matches(pattern: dict, event: dict) -> bool:
    return all(event.get(k) == v for k, v in pattern.items())


def progress(goal, events) -> tuple[int, bool]:
    """How many of the goal's patterns the player's ``events`` met, and whether a decision
    went astray (the step is then missed)."""
    k = 0
    for e in events:
        if k == len(goal):
            break
        if e.get("player", PLAYER) != PLAYER:
            continue
        if matches(goal[k], e):
            k += 1
            continue
        decision = e["type"] in DECISIONS or (e["type"] == "draw" and not e.get("auto"))
        if decision:
            return k, True
    return k, False
