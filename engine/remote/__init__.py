"""A game between two devices with no server: pairing, mental-poker dealing, authenticated
messages, and the audit at the end of each round. Standard library only (runs in Pyodide).

- ``sra``, ``ristretto``: the commutative cipher, its groups and share proofs;
- ``pairing``: game id, names, the Diffie-Hellman arithmetic that gives the HMAC key;
- ``messages``: the message format and its strict reader (a ``Message``, numbers decoded once);
- ``links``: every link (a message as a link; the page's links with several messages);
- ``channel``: sequence numbers, the MAC, replay and order (it knows no game);
- ``handshake``: the pairing's steps, and what a device keeps until the key is known;
- ``deal``: one round's decks as one device knows them (locks, shares, returns);
- ``table``: the game as one device knows it: its engine state, the moves, deal and audit;
- ``takeback``: take-backs with the other's consent (turn points, question, answer);
- ``device``: all a device keeps, as one value, and its copy;
- ``endpoint``: one device: the parts put together, the check of every message;
- ``audit``: the end-of-round check with both keys revealed (it keeps the round whole);
- ``record``: the game's record once every round is audited (one deal per round);
- ``seen``: the round in progress as this device saw it, for its replay;
- ``state_io``: an endpoint's engine state as JSON (hidden cards as backs), for its save;
- ``save_io``: the save, written and read back strictly, one reader per field;
- ``cli``: ``python -m engine remote``, a terminal player over links.

docs/remote.md describes the protocol and its threat model.
"""

from .endpoint import Endpoint, Result
from .errors import Cheat, RemoteError
from .links import from_link, to_link

__all__ = ["Cheat", "Endpoint", "RemoteError", "Result", "from_link", "to_link"]
