"""Saves that lose nothing: the save's header and stamp, a refused save kept aside, storage
that is full or blocked, and two tabs playing one saved game told apart.

Pure Python (no browser imports), tested under CPython (``tests/test_saves.py``).
``app.py`` hands ``Saves`` the page's localStorage (or an in-memory stand-in where the
browser refuses it); the tests and ``tools/soak.py`` hand it a dict-backed ``MemoryStore``.

**Two tabs, one game.** Every save written here carries a stamp: ``tab`` (a random id per
page load) and ``generation`` (one more than the highest generation seen under the key).
A tab remembers the stamp of the save it last read or wrote. Before it writes, it reads the
stored stamp: when that is not the one it remembers, another tab, window or embed of the
same save has saved since, so nothing is written and the page asks the player: take over
here (load the newer save) or keep playing here (overwrite it). The page also listens for
the browser's ``storage`` event and asks ``check()`` at once, so the question usually comes
before a move is made here. A save without a stamp (written by an older build still open
somewhere) is told apart by a checksum of its text.

>>> store = MemoryStore()
>>> a, b = Saves(store, "k", tab="a"), Saves(store, "k", tab="b")
>>> a.read(), b.read()
(None, None)
>>> a.write({"format": SAVE_FORMAT, "version": SAVE_VERSION})
'saved'
>>> b.check(), b.write({"format": SAVE_FORMAT, "version": SAVE_VERSION})
(True, 'conflict')
>>> _ = b.read()   # take over here: b loads a's save, then plays on from it
>>> b.write({"format": SAVE_FORMAT, "version": SAVE_VERSION, "moved": 1}), a.check()
('saved', True)

The same game saved again elsewhere (a lesson started and left there) is no conflict:

>>> _ = a.read(); b.write({"format": SAVE_FORMAT, "version": SAVE_VERSION, "moved": 1}, True)
'saved'
>>> a.check()
False
"""

from __future__ import annotations

import json
import secrets
import time
import zlib

from refusal import FileError
from stored import StorageRefused, as_storage, parse_stored, read_stored

from engine.errors import FormatError

SAVE_FORMAT = "schotten-totten/save"
# Every change to the save since version 1 has been a key added (readers ignore keys they do
# not know, and fill in missing ones), so the version has stayed 1 and a page of an older
# build still open in another tab reads a newer save. tests/data/saves/ keeps one real save
# of each shape ever written; UPGRADES turns an older version into the next one, should a
# change ever need a new version.
SAVE_VERSION = 1
UPGRADES: dict = {}  # version -> function(data) -> data of version + 1
STAMP = ("tab", "generation", "at")
# A stored text's damage (stored.parse_stored) that a player's message names on its own.
DAMAGE = {
    "json_number_too_long": "number_too_long",
    "json_not_a_number": "not_a_number",
    "too_deep": "too_deep",
}


class SaveError(FileError):
    """A save that cannot be resumed (catalogue key ``save.<code>``); ``damaged`` carries the
    refusal of the position or record inside (``inner``)."""

    PREFIX = "save."


def parse_save(text) -> dict:
    """A save's text read into its data, brought up to the current version; ``SaveError``
    names why it cannot be (not data, not a save, another version).

    >>> parse_save('{"format": "schotten-totten/save", "version": 1, "tab": "a"}')
    {'format': 'schotten-totten/save', 'version': 1}
    >>> try:
    ...     parse_save('{"format": "schotten-totten/save", "version": 9}')
    ... except SaveError as e:
    ...     print(e.key, e.params)
    save.other_version {'version': '9'}
    """
    try:
        data = parse_stored(text) if isinstance(text, str) else None
    except FormatError as damage:  # named where it says more than "not readable data"
        raise SaveError(DAMAGE.get(damage.code, "unreadable")) from None
    if data is None:
        raise SaveError("unreadable")
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("not_a_save")
    version = data.get("version")
    while type(version) is int and version in UPGRADES:
        data = UPGRADES[version](data)
        version = data["version"]
    if type(version) is not int or version != SAVE_VERSION:  # 1.0 and true are no version
        raise SaveError("other_version", version=json.dumps(version)[:20])
    return {k: v for k, v in data.items() if k not in STAMP}


def stamp_of(text) -> tuple | None:
    """Who wrote a stored save: ``(tab, generation)``; ``None`` if there is none. A save
    without a stamp (an older build's, or unreadable) is known by a checksum of its text."""
    if not isinstance(text, str):
        return None
    data = read_stored(text)  # not data: known by its checksum
    if isinstance(data, dict):
        tab, gen = data.get("tab"), data.get("generation")
        if isinstance(tab, str) and type(gen) is int:
            return (tab, gen)
    return ("", zlib.crc32(text.encode("utf-8", "surrogatepass")))


def body_of(text):
    """A stored save without its stamp (what the game is, not who wrote it); ``None`` for
    text that is not a save's data."""
    data = read_stored(text)
    if not isinstance(data, dict):
        return None
    return json.dumps({k: v for k, v in data.items() if k not in (*STAMP, "last")}, sort_keys=True)


def progress_of(text) -> dict | None:
    """How far a saved game is: ``{"round", "cards"}`` (the cards played in that round: on
    the stones and discarded); ``None`` for no save."""
    data = read_stored(text)
    position = data.get("position") if isinstance(data, dict) else None
    if not isinstance(position, dict):
        return None
    cards = len(position.get("discard") or ())
    for stone in position.get("stones") or ():
        for side in (stone.get("sides") or ()) if isinstance(stone, dict) else ():
            cards += len(side) if isinstance(side, list) else 0
    rnd = position.get("round")
    return {"round": rnd if type(rnd) is int else 1, "cards": cards}


def _continues(later, earlier) -> bool:
    """Is save ``later`` the game of save ``earlier``, as far or further on: the same deal
    (record start: rules and seed) whose actions begin with ``earlier``'s? The same text, or
    the same game without the stamp, counts too.

    >>> a = '{"record": {"seed": 4, "rules": {}, "actions": [1], "takebacks": 0}, "tab": "x"}'
    >>> b = '{"record": {"seed": 4, "rules": {}, "actions": [1, 2], "takebacks": 0}}'
    >>> _continues(b, a), _continues(a, b)
    (True, False)
    """
    if later == earlier or (body_of(later) is not None and body_of(later) == body_of(earlier)):
        return True
    one, two = read_stored(later), read_stored(earlier)
    rec1 = one.get("record") if isinstance(one, dict) else None
    rec2 = two.get("record") if isinstance(two, dict) else None
    if not isinstance(rec1, dict) or not isinstance(rec2, dict):
        return False
    acts1, acts2 = rec1.get("actions"), rec2.get("actions")
    if not isinstance(acts1, list) or not isinstance(acts2, list):
        return False
    start = ("rules", "seed")
    return (
        all(rec1.get(k) == rec2.get(k) for k in start)
        and rec1.get("seed") is not None
        and acts1[: len(acts2)] == acts2
    )


def _later(one, two) -> bool:
    """Was save ``one`` written after save ``two`` (their ``at`` stamps)? Not known (a save
    of an older build has none): no."""
    a, b = (read_stored(t) for t in (one, two))
    at1 = a.get("at") if isinstance(a, dict) else None
    at2 = b.get("at") if isinstance(b, dict) else None
    return isinstance(at1, int) and isinstance(at2, int) and at1 > at2


class MemoryStore:
    """A localStorage stand-in: where the browser refuses storage, and in tests. ``limit``
    (characters over all keys) makes it full; ``blocked`` refuses every write."""

    def __init__(self, limit: int | None = None, blocked: bool = False):
        self.items: dict[str, str] = {}
        self.limit, self.blocked = limit, blocked

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        if self.blocked:
            raise PermissionError("SecurityError: the operation is insecure")
        value = str(value)
        if self.limit is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.limit:
                raise OSError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


class Saves:
    """One tab's saves under one key."""

    def __init__(self, storage, key: str, tab: str | None = None, clock=time.time, warn=print):
        self.storage, self.key = as_storage(storage), key
        self.warn = warn  # hears of a storage that refused a removal or a move (the console)
        self.tab = tab or secrets.token_hex(6)
        self.clock = clock  # seconds since 1970: when a save was written (``at``)
        self.generation = 0
        self.known = None  # the stamp of the stored save as this tab last saw it
        self.body = None  # and that save without its stamp (body_of)
        self.conflict = False  # a write was held back: another tab saved since
        self.problem = None  # "full" / "blocked": the last write failed
        self.told = None  # the problem the page was last told about

    def _stored(self):
        return self.storage.get(self.key)

    def held(self):
        """The save as held here (in memory where the browser blocks storage): what the
        embed's link to the full game carries."""
        return self._stored()

    def read(self):
        """The stored save's text (``None``: none), now known to this tab as the latest."""
        text = self._stored()
        self._saw(stamp_of(text), text)
        self.conflict = False
        return text

    def _saw(self, stamp, text=None) -> None:
        self.known = stamp
        self.body = body_of(text)
        if stamp and stamp[0]:
            self.generation = max(self.generation, stamp[1])

    def check(self) -> bool:
        """Has another tab saved this game since this tab last read or wrote it?"""
        text = self._stored()
        return (
            text is not None
            and stamp_of(text) != self.known
            and not self._same(text)
            and not self._lesson_elsewhere()
        )

    def _lesson_elsewhere(self) -> bool:
        """Another tab began a lesson: the game this tab knows is put aside there, unchanged
        (``web/lesson_progress.py``), and comes back when the lesson is left."""
        aside = self.storage.get(self.key + ".aside")  # a blocked storage: nothing put aside
        return self.body is not None and body_of(aside) == self.body

    def _same(self, text) -> bool:
        """Saved by another tab, but the same game as this tab last knew (a lesson started
        and left there puts the game back unchanged): known now, nothing to ask."""
        if self.body is None or body_of(text) != self.body:
            return False
        self._saw(stamp_of(text), text)
        return True

    def write(self, data: dict, force: bool = False) -> str:
        """Save ``data`` stamped: ``saved``; ``conflict`` (another tab saved since: nothing
        written, unless ``force``: keep playing here); ``full`` or ``blocked`` (the storage
        refused: the game goes on)."""
        text = self._stored()
        stamp = stamp_of(text)
        if not force and text is not None and stamp != self.known and not self._same(text):
            self.conflict = True
            return "conflict"
        gen = max(self.generation, stamp[1] if stamp and stamp[0] else 0) + 1
        written = json.dumps({**data, "tab": self.tab, "generation": gen, "at": int(self.clock())})
        try:
            self.storage.set(self.key, written)
        except StorageRefused as e:  # a full or disabled storage must not stop the game
            self.problem = e.problem
            return self.problem
        self._saw((self.tab, gen), written)
        self.conflict, self.problem = False, None
        return "saved"

    def forget(self) -> bool:
        """Remove the save (the player asked): no save is known any more. ``False``: the
        storage refused, the save stays and this tab still knows it (said on the console)."""
        if not self._remove(self.key, "forget the save"):
            return False
        self.known, self.conflict = None, False
        return True

    def keep_aside(self, text: str, when: str | None = None) -> str | None:
        """Move a save that cannot be resumed to ``<key>.broken.<time>`` (never deleted);
        return that key, or ``None`` if the storage has no room even for the move (or refuses
        it: the save stays where it was). Kept aside but not removed from under the key (the
        storage refused the removal), it is known here, so the next save replaces it."""
        aside = self._aside_key(when)
        if not self._move(text, self.key, aside, "keep the damaged save aside"):
            return None
        if self._stored() == text:  # a copy aside: the original stays until overwritten
            self._saw(stamp_of(text), text)
        else:
            self.known, self.body = None, None
        self.conflict = False
        return aside

    def _remove(self, key: str, what: str) -> bool:
        """``key`` removed; ``False`` (said on the console) where the storage refuses."""
        try:
            self.storage.remove(key)
        except StorageRefused as e:
            self.warn(f"could not {what}: {e}")
            return False
        return True

    def _move(self, text: str, source: str, target: str, what: str) -> bool:
        """``text`` (the one under ``source``) moved under ``target``: copied, then removed
        from ``source`` (a removal refused leaves a copy, said on the console). Where a full
        storage has no room for a copy, it is removed first, then written, and written back
        if refused. ``False``: it stays under ``source``. A storage that refuses every write
        is not asked to remove: nothing could be written back."""
        try:
            self.storage.set(target, text)
        except StorageRefused as e:
            if e.problem != "full":
                self.warn(f"could not {what}: {e}")
                return False
            if not self._remove(source, what):
                return False
            try:
                self.storage.set(target, text)
            except StorageRefused as again:
                self.warn(f"could not {what}: {again}")
                self._put_back(text, source)
                return False
            return True
        self._remove(source, f"remove {source} once copied to {target}")
        return True

    def _put_back(self, text: str, key: str) -> None:
        """``text`` written back under ``key``, where it was a moment ago. Should even that be
        refused (another tab filled the room since), the text goes to the console, the only
        place left to keep it."""
        try:
            self.storage.set(key, text)
        except StorageRefused as e:
            self.warn(f"could not put back the save under {key} ({e}); it was: {text}")

    def _aside_key(self, when: str | None) -> str:
        """A free ``<key>.broken.<time>`` (``.2``, ``.3`` ... after it when taken)."""
        when = when or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.clock()))
        aside, n = f"{self.key}.broken.{when}", 1
        while self.storage.get(aside) is not None:
            n += 1
            aside = f"{self.key}.broken.{when}.{n}"
        return aside

    def take_carried(self, carried, when: str | None = None) -> dict:
        """The embed's save carried to the full page (``#carry=``, ``docs/embed.md``) against
        the save stored here under the same key. Nothing is lost, and nothing silently:

        - no save here, or the same game (as far, or one of them further on in the same
          deal): the game furthest on is kept, nothing to tell (``{}``, or ``taken``);
        - two different games: the later one (its ``at`` stamp; without one on both, the
          carried game, the one the player just opened) is kept under the key, the other is
          kept aside as a save that cannot be resumed is (``<key>.broken.<time>``), and the
          page tells the player: ``{"carry": "taken" | "kept", "aside": key}``;
        - no room to keep one aside: the save here stays, the carried game stays in the
          embed (``{"carry": "no_room"}``); should the storage refuse even to bring the game
          here back from aside, it stays aside (``{"carry": "no_room_aside", "aside": key}``).
        """
        if not isinstance(carried, str) or not carried:
            return {}
        stored = self._stored()
        if stored is None or _continues(carried, stored):
            if stored == carried:
                return {}
            try:
                self.storage.set(self.key, carried)
            except StorageRefused:
                return {"carry": "no_room"}
            return {}
        if _continues(stored, carried):
            return {}  # the game here is the carried one, further on
        if _later(stored, carried):
            aside = self._aside_key(when)
            try:
                self.storage.set(aside, carried)
            except StorageRefused:
                return {"carry": "no_room"}
            return {"carry": "kept", "aside": aside}
        aside = self.keep_aside(stored, when)
        if aside is None:
            return {"carry": "no_room"}
        try:
            self.storage.set(self.key, carried)
        except StorageRefused:  # the game here comes back: nothing swapped
            if self._stored() == stored:  # still here (its removal was refused): a copy aside
                self._remove(aside, f"remove {aside}, a copy of the game saved here")
            elif not self._move(stored, aside, self.key, "bring back the game saved here"):
                return {"carry": "no_room_aside", "aside": aside}  # it stays aside
            return {"carry": "no_room"}
        return {"carry": "taken", "aside": aside}

    def news(self) -> dict:
        """What the page must tell the player after a call: a write held back
        (``save_conflict``), or storage that just became full or blocked (``save_warning``:
        a catalogue key, once per problem until a save succeeds again)."""
        out = {}
        if self.conflict:
            out["save_conflict"] = True
        if self.problem != self.told:
            self.told = self.problem
            if self.problem:
                out["save_warning"] = f"save.{self.problem}"
        return out
