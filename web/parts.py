"""Parts of the game the first table does not need, loaded on first use.

The build ships them as archives of bytecode of their own (``PARTS`` in sitebuild/ship.py:
``part-duo.zip``, the two-device play). The page fetches one when it is first needed
(web/js/part.js) and hands its bytes here; they are unpacked into Python's working directory,
beside the modules game.zip brought, and imported from there as usual.
"""

from __future__ import annotations

import importlib
import io
import sys
import zipfile

LOADED: set[str] = set()


def unpack(name: str, data: bytes) -> None:
    """Unpack a part's archive into the working directory (on ``sys.path``), once."""
    if name in LOADED:
        return
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        archive.extractall(".")
    # The finders' listings of the folders are stale. (Not importlib.invalidate_caches(): it
    # imports importlib.metadata, which the game's standard library leaves out.)
    for finder in list(sys.path_importer_cache.values()):
        if finder is not None and hasattr(finder, "invalidate_caches"):
            finder.invalidate_caches()
    LOADED.add(name)


def available(module: str) -> bool:
    """Whether ``module`` can be imported now (its part unpacked, or it came with game.zip)."""
    try:
        importlib.import_module(module)
    except ModuleNotFoundError:
        return False
    return True
