"""The new-game options: the dialog's choices and the rules they deal, checked in one place for
a game on this device (``match.py``) and one against a friend's device (``duo.py``).

An option of another shape is a ``RequestError`` ("bad_option") naming it and its value, worded
from the catalogues (``request.bad_option``).

>>> rules_of({"tactics": True, "rounds": 3, "starter": "random"}, pick=lambda: 1).starter
1
>>> rules_of({"claim_timing": "never"}, pick=lambda: 0)
Traceback (most recent call last):
...
refusal.RequestError: The table has no such setting: claim_timing cannot be 'never'.
"""

from __future__ import annotations

from refusal import RequestError

from engine import Rules
from engine.actions import shown
from engine.state import AFTER_PLAY, ALTERNATE, START_OF_TURN, WINNER

# The new-game dialog's choices (the rest of the rules are the engine's defaults).
CHOICES = {
    "claim_timing": (AFTER_PLAY, START_OF_TURN),
    "next_starter": (ALTERNATE, WINNER),
    "starter": (0, 1, "random"),
}
MOST_ROUNDS = 99


def checked(options) -> dict:
    """``options`` if it is an object whose choices are the dialog's, else a ``RequestError``."""
    if not isinstance(options, dict):
        raise RequestError("bad_argument", name="options")
    for name, allowed in CHOICES.items():
        # Exact types: True == 1 in Python, but it is no player.
        if name in options and not any(
            type(options[name]) is type(a) and options[name] == a for a in allowed
        ):
            raise RequestError("bad_option", name=name, value=shown(options[name]))
    rounds = options.get("rounds", 1)
    if type(rounds) is not int or not 1 <= rounds <= MOST_ROUNDS:
        raise RequestError("bad_option", name="rounds", value=shown(rounds))
    return options


def rules_of(options, pick) -> Rules:
    """The rules the new-game ``options`` ask for (checked: ``checked``); ``pick()`` draws the
    starter, 0 or 1, when the dialog says ``"random"``."""
    options = checked(options)
    starter = options.get("starter", 0)
    return Rules(
        tactics=bool(options.get("tactics", False)),
        claim_timing=options.get("claim_timing", AFTER_PLAY),
        starter=pick() if starter == "random" else starter,
        rounds=options.get("rounds", 1),
        next_starter=options.get("next_starter", ALTERNATE),
    )
