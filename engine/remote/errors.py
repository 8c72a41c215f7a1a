"""The refusals of a game between two devices: a ``GameError`` with its own codes.

Each code is the catalogue key ``error.remote.<code>`` (engine/messages/*.json), so the page
and the terminal word it in the player's language like any other refusal. A ``Cheat`` is
what the end-of-round audit finds: the player it names broke the protocol.

>>> str(RemoteError("replayed", n=3, last=5))
'Message 3 was already received (the last was 5): ignored.'
"""

from __future__ import annotations

from ..errors import GameError


class RemoteError(GameError):
    """A message, link or save refused; the endpoint's state is left as it was."""

    PREFIX = "error.remote."


class Cheat(RemoteError):
    """The audit found that ``params['player']`` did not play by the protocol."""
