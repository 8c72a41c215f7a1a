"""A game between two devices with no server: pairing, mental-poker dealing, authenticated
messages, and the audit at the end of each round. Standard library only (runs in Pyodide).

- ``sra``: the commutative cipher (SRA modulo RFC 3526's 1,536-bit safe prime) and share proofs;
- ``pairing``: game id, names, the Diffie-Hellman exchange that gives the HMAC key;
- ``messages``: the message format, its strict reader, links;
- ``deal``: one round's decks as one device knows them (locks, shares, returns);
- ``endpoint``: one device: its secrets, its engine state, the check of every message;
- ``audit``: the end-of-round check with both keys revealed (it keeps the round whole);
- ``record``: the game's record once every round is audited (one deal per round);
- ``seen``: the round in progress as this device saw it, for its replay;
- ``state_io``: an endpoint's engine state as JSON (hidden cards as backs), for its save;
- ``save_io``: the save read back strictly, one reader per field;
- ``cli``: ``python -m engine remote``, a terminal player over links.

docs/remote.md describes the protocol and its threat model.
"""

from .endpoint import Endpoint, Result
from .errors import Cheat, RemoteError
from .messages import from_link, to_link

__all__ = ["Cheat", "Endpoint", "RemoteError", "Result", "from_link", "to_link"]
