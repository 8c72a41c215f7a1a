"""Puzzles from real games: a position, its kind, and the one play that solves it.

``codec`` keeps a puzzle in a short text, ``search`` proves which plays work for each
kind, ``proof`` finds a puzzle in a position and re-proves a shipped one, ``answer``
judges a player's move and words the reason, the hint and the refutation.
"""

from .codec import KINDS, Puzzle, decode, encode
from .proof import find, solutions

__all__ = ["KINDS", "Puzzle", "decode", "encode", "find", "solutions"]
