"""Every screen of the table, walked once per language (English, German, French) in one page,
and looked at in every size: phone, tablet and desktop (SIZES), and the header's in-between
widths (BETWEEN) and the narrow and zoomed ones (ZOOM) where they matter.

At each screen the walker (``Walk.look``) runs, in each size:

* the geometry check (e2e/geometry.py): no text out of its box, nothing a player taps or
  reads under something else;
* axe-core (e2e/test_axe.py's ``violations``): no serious or critical violation (at the
  phone and the desktop size in English; at the phone size in German and French, the same
  page with longer words). Its ``color-contrast`` rule (about half of a run at the desktop's
  size) runs once a screen in each language, at the phone's size (a look's first):
  contrast is the colours', which no size changes but the log's panel beside a desktop's
  table (measured from pixels at the desktop's size in every language by test_axe.py's
  ``test_text_contrast_on_the_felt``); where a size puts one thing over another, that is the
  geometry check's to find. English's desktop look runs axe's other rules;
* "no English left" in German and French: no English word in what a person sees or hears
  (e2e/test_german.py's and e2e/test_french.py's word lists);
* a screenshot for people to look at: artifacts/screenshots/screen-<screen>-<width>-<lang>.jpg
  (every size in English, the phone's in German and French).

The walk is a list of scenes (``SCENES``), each starting with ``walk.load(save)``, then
screens reached by clicks and looked at. Only the first visit boots Pyodide for the table's
scenes: the others load their saves into its page by the game's own take-over (another tab's
save, "Take over here": tools/table.py ``take_over``), as a reload would have resumed them; a
table scene walked alone boots its own page. A friend's device's saves are taken over the same
way (a pairing not dealt yet shows its dialog, the messages not sent yet are read; the
invitation is opened with the walk's options, so the answer is taken over in its page); the
invitation and the link that ends the game are opened as pages, and in English the finished
game is reloaded (its record, the same in every language): 4 boots in English, 3 in German
and French (5 a language before session 24, 11 while a friend's game could not be taken
over, 19 before the take-overs). The scenes:
the first visit (the page's words and head, the welcome, the new-game dialog, a game dealt
against the computer and played a turn, Undo then on show at every header width, the games
dialog and the replay bar), the table mid-game (a card selected, a hint, every dialog, the
log, Learn to play, a lesson, the five formations, the header at every width), the handover
and its take-back question, a finished game (its end, the replay from you and with every card
open, the review), the end of a round and of a match, long tactic names and 120 log lines at
320 px and 200% zoom (nothing cut short, the log's numbers), and every screen of a game
against a friend's device (the invitation with its QR code, the invitation opened on the
other device, the answer with the pairing code, the dealing, the table on your move, waiting,
a move to send, the reconnect link, a key still awaited at the end, the game over and the
recent games).

To add a screen: reach it in the scene that already shows what it needs (or add a scene:
a function ``def _scene_x(walk)`` decorated with ``@scene`` that starts with ``walk.load``)
and call ``walk.look("name")``, with ``then=`` for checks of its own in each size. The
checks above then run on it in every language. ``WALK_SCENES=_duo_end,_finished`` walks
those scenes alone (while working on them; the suite walks them all).

Where a walk's time goes (docs/performance.md, "The screen walker's looks"): its 3-4 boots,
axe (about 0.7 s a look), a resize per size, and the screenshots. A resize moves every
claimed stone toward its owner (a 0.35 s transition) and may slide the log's drawer:
``at_rest`` ends such transitions at once instead of waiting them out (a settle took 0.37 s,
now 0.07: the same page at rest). The screenshots are JPEG (``screenshot``), about a third
of PNG's time. A look that ends at the desktop's size (WORK) is not resized back to it.
axe's contrast rule runs once a look (above: about half of a run at the desktop's size,
session 23), and its one run (the label rule's findings on the pieces left out after it) and
the pieces' labels are one call of the page. The take-overs save their game from one other
tab kept open on rules.html (``Walk.other``; the table's tab brought back to the front,
where its frames are not held back) instead of a page opened and closed for each.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from dataclasses import dataclass, field

import pytest
from geometry import problems
from test_axe import describe, violations
from test_french import ENGLISH as ENGLISH_IN_FRENCH
from test_german import (
    ALL_WORDS,
    CUT,
    ENGLISH,
    HEADER_ROWS,
    ROUND_FITS_BESIDE_TOOLS,
    VISIBLE_WORDS,
    _open,
)
from test_layout import LOG, check_header, rich_position
from test_zoom import CLIPPED, LOG_NUMBERS, log_lines, long_names_position

from tools.table import (
    BOOT_MS,
    QUERY,
    ROOT,
    SAVE_KEY,
    Driver,
    at_rest,
    body,
    save_text,
    take_device,
    take_over,
    won_round,
)

sys.path.insert(0, str(ROOT / "web"))
from duo import Duo
from session import Session

from engine import action_to_json
from engine.ai import make_agent
from engine.remote.sra import Entropy

# axe is injected into the page: the page's Content-Security-Policy is bypassed for it.
pytestmark = pytest.mark.browser_context_args(bypass_csp=True)

LANGS = ("en", "de", "fr")
# The browser's language in each walk: the first visit has no ?lang, so the page follows it
# (fr-CA: a regional French; e2e/test_german.py checks de-AT and the switch).
LOCALES = {"en": "en-US", "de": "de-DE", "fr": "fr-CA"}
# English words a German or a French page must not show.
NOT_HERE = {"de": ENGLISH, "fr": ENGLISH_IN_FRENCH}
SIZES = [(390, 844), (820, 1180), (1280, 800)]
PHONE, DESKTOP = SIZES[0], SIZES[-1]
WORK = DESKTOP  # the size the walk clicks at between looks
# Between and beside those: the narrowest phone, small tablets and split screens, phones on
# their side (the header's tools and the board's badges change form at 420, 560 and 700 px).
BETWEEN = [
    (360, 740),
    (421, 800),
    (560, 900),
    (640, 900),
    (700, 900),
    (740, 1000),  # German's nine tools in a row are wider than this
    (820, 1180),  # a tablet upright
    (900, 800),
    (667, 375),
    (844, 390),
]
# The phone, the narrowest phone and the first width above phones (style.css's 420 px), then
# the tablet and the desktop (axe at the first and the last).
PHONES_AND_UP = [PHONE, (360, 740), (421, 800), *SIZES[1:]]
# 320x640 (the narrowest phone WCAG asks for), 360x740, 1280x800 at 200% zoom (the CSS
# viewport of 640x400 that Chromium lays out for it: no stylesheet of the site asks for the
# resolution, so the device scale factor changes no layout), a tablet and a desktop.
ZOOM = [("320", (320, 640)), ("360", (360, 740)), ("zoom200", (640, 400))]
ZOOM += [("tablet", (820, 1180)), ("desktop", (1280, 800))]
REVIEW_ITERATIONS = 12  # a quick review: the layout, not the verdicts
# The table's options for the whole walk (a take-over keeps the address the page booted
# with): a short thinking time for the hint, a quick review (the layout, not the verdicts).
TABLE = f"&ai_time=0.3&review_iterations={REVIEW_ITERATIONS}"
UNSENT_KEY = "schotten-totten.duo-unsent"
DUO_OPEN = "#dlg-duo[open] #duo-qr svg"

# What each language's first visit says, word for word.
FIRST_VISIT = {
    "en": {
        "description": "card game",
        "loading": "A border war of nine stones",
        "welcome": "Welcome to Schotten Totten",
        "new": "New game",
        "south": "South",
        "who": "Your turn",
        "hint": "Hint",
        "board": "The nine stones",
        "computer": "The computer played ",
        "log": "New match of 3 rounds: ",
        "you": "You played ",
        "round": "round 1/3",
        "rules": "How to play Schotten Totten",
        "switch": ("English", "Language"),
        "first": "First (Home)",
        "forms": "Color-Run",
    },
    "de": {
        "description": "Kartenspiel",
        "loading": "Ein Grenzkonflikt um neun Steine",
        "welcome": "Willkommen bei Schotten Totten",
        "new": "Neue Partie",
        "south": "Süd",
        "who": "Du bist am Zug",
        "hint": "Tipp",
        "board": "Die neun Steine",
        "computer": "Der Computer spielt ",
        "log": "Neue Clanfehde über 3 Runden: ",
        "you": "Du spielst ",
        "round": "Runde 1/3",
        "rules": "So spielt man Schotten Totten",
        "switch": ("Deutsch", "Sprache"),
        "first": "Zum Anfang (Pos1)",
        "forms": "Königstrupp",
    },
    "fr": {
        "description": "jeu de cartes",
        "loading": "Une guerre de frontière en neuf bornes",
        "welcome": "Bienvenue dans Schotten Totten",
        "new": "Nouvelle partie",
        "south": "Sud",
        "who": "À toi de jouer",
        "hint": "Indice",
        "board": "Les neuf bornes",
        "computer": "L'ordinateur joue ",
        "log": "Nouveau match en 3 manches\u00a0: variante tactique · revendication après",
        "you": "Tu joues ",
        "round": "manche 1/3",
        "rules": "Comment jouer à Schotten Totten",
        "switch": ("Français", "Langue"),
        "first": "Début (touche Début)",
        "forms": "Suite couleur",
    },
}


# ------------------------------------------------------------------ the saves the walk opens


def _handover_save() -> str:
    """Two players on one device, South has played a turn: North's handover, with South's
    take-back offered."""
    s = Session()
    s.new_game({"opponent": "human", "seed": 5, "starter": 0})
    rng = random.Random(5)
    while s.state.to_move == 0:
        v = s.payload(0)["view"]
        s.act(action_to_json(make_agent("easy").choose(v, rng)), 0)
    return s.save_json()


def _finished_save() -> str:
    """A whole game against the computer (both sides played by Easy), over."""
    s = Session()
    p = s.new_game({"opponent": "ai", "seed": 7, "ai_level": "easy", "tactics": True})
    rng = random.Random(7)
    while p["view"]["step"] != "over":
        if p["ai_to_move"]:
            req = s.ai_request()
            p = s.act(action_to_json(make_agent("easy").choose(req["view"], rng)), 1)
        else:
            p = s.act(action_to_json(make_agent("easy").choose(p["view"], rng)), 0)
    return s.save_json()


def _copy(duo) -> dict:
    """A device's save as it is now (its event list goes on growing)."""
    return json.loads(json.dumps(duo.save_data()))


def _duo_saves() -> dict:
    """Each device's save at each stage of a seeded Tactic game against a friend's device
    (CPython plays both sides with the real group: about 3 s): ``invite`` (the host before an
    answer), ``answer`` (the guest before the deal), ``dealing`` (the host with the answer),
    ``mid`` (both devices after 12 moves, by seat), ``key_due`` (the device whose move ended
    the game, its message not sent yet: [which device, save, message]), ``last_in`` (the
    last device to see the game over, before the message that ends it: [which device, save,
    that message's link], so that the game ends on the page); and the ``invitation`` link and
    the host's last message (``mid_sent``, by seat)."""
    duos = [Duo(Entropy(random.Random(1))), Duo(Entropy(random.Random(2)))]
    host, guest = duos
    out = host.host({"tactics": True, "name": "Ann"}, "en")
    out = {"invitation": out["duo"]["send"]["link"], "invite": _copy(host)}
    inbox = [(0, guest.join(out["invitation"], "Bob", "en")["duo"]["send"])]
    out["answer"] = _copy(guest)
    rng, moves = random.Random(3), 0
    while True:
        while inbox:
            to, message = inbox.pop(0)
            before = _copy(duos[to])
            answer = duos[to].receive(message["text"], "en")["duo"]
            send = answer["send"]
            out.setdefault("dealing", _copy(host))
            if answer["waiting"] == "over" and not send:  # over, nothing more to send
                out["last_in"] = [to, before, message["link"]]
            if send:
                inbox.append((1 - to, send))
        if moves == 12 and "mid" not in out:  # the last move arrived: one device to move
            out["mid"] = [_copy(x) for x in duos]
            out["mid_moves"] = [x.ep.can_play() for x in duos]
            out["mid_sent"] = [x.payload()["duo"]["resend"] for x in duos]
            out["game"] = host.ep.game
        movers = [d for d in duos if d.ep.can_play()]
        if not movers:
            return out
        d = movers[0]
        send = d.act(rng.choice(d.ep.legal()))["duo"]["send"]
        moves += 1
        if send and "key_due" not in out and d.payload()["duo"]["key_due"]:
            out["key_due"] = [duos.index(d), _copy(d), send["link"][1:]]
        if send:
            inbox.append((1 - d.ep.seat, send))


def _in(save: dict, lang: str) -> str:
    """A duo save in the table's language ``lang``."""
    return json.dumps({**save, "settings": {**save["settings"], "lang": lang}})


@pytest.fixture(scope="module")
def saves():
    history = [[0, "three_adjacent", 3, 1], [1, "five_stones", 2, 5], [0, "three_adjacent", 3, 0]]
    return {
        "play": save_text(rich_position(), opponent="ai", log=LOG),
        "handover": _handover_save(),
        "finished": _finished_save(),
        "round_end": save_text(won_round({"rounds": 3}, [[0, "three_adjacent", 3, 0]])),
        "match_end": save_text(
            won_round({"rounds": 3}, history, step="over", to_move=0), opponent="ai"
        ),
        "long_names": save_text(long_names_position(), opponent="ai", log=log_lines()),
        "duo": _duo_saves(),
    }


# ------------------------------------------------------------------ the walker

# The stored move log of the mid-game save is English text (e2e/test_layout.py's LOG): the
# German and French walks leave the log's lines, and the last turn told from them, to the
# games dealt in their language (the first visit's scene).
STORED_LOG = ("#log li", "#prompt-last")


@dataclass
class Walk:
    """One language's walk: the page, and what the looks found (the test fails at the end
    with all of it)."""

    page: object
    site_url: str
    lang: str
    saves: dict
    shoot: object
    found: list[str] = field(default_factory=list)
    looked: list[str] = field(default_factory=list)
    skip_english: tuple[str, ...] = ()
    other: object = None

    def load(self, save: str | None, extra: str = TABLE, lang: bool = True, boot=False) -> None:
        """The table with ``save`` stored (None: no save). On the table an earlier scene left
        (ready, its address with the walk's options, TABLE), the game's own take-over loads it
        with no boot (tools.table.take_over: as a reload would have resumed it; an end
        screen left open is closed first, as a player would); else, or with ``boot``, the
        page is reloaded: one Pyodide boot."""
        page = self.page
        if not boot and save is not None and self.at_table():
            if page.locator("#dlg-end[open]").count():
                page.click("#end-look")
                page.wait_for_selector("#dlg-end", state="hidden")
            page.set_viewport_size(_size(WORK))
            if self.other is None:  # the other tab that saves a game to take over
                self.other = page.context.new_page()
                page.bring_to_front()  # the table's tab in front: its frames not held back
            take_over(page, save, self.other)
            self.skip_english = ()
            return
        if not page.url.startswith(self.site_url):  # storage needs the site's origin
            page.goto(self.site_url + "rules.html")
        page.evaluate(
            "([k, t]) => t === null ? localStorage.removeItem(k) : localStorage.setItem(k, t)",
            [SAVE_KEY, save],
        )
        query = f"&lang={self.lang}" if lang else ""
        page.set_viewport_size(_size(WORK))
        page.goto(f"{self.site_url}index.html{QUERY}{query}{extra}")
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)
        self.skip_english = ()

    def at_table(self) -> bool:
        """The table is up and ready, opened with the walk's options (TABLE)."""
        url = self.page.url
        return (
            url.startswith(f"{self.site_url}index.html")
            and TABLE in url
            and body(self.page, "ready") == "1"
        )

    def look(self, name: str, sizes=SIZES, allowed=(), then=None, back=WORK) -> None:
        """The screen as it shows now, in each size: the checks, a screenshot, ``then(w)``;
        then back at ``back`` (None: stay at the last size)."""
        page = self.page
        self.looked.append(name)
        before = len(self.found)
        for i, (w, h) in enumerate(sizes):
            page.set_viewport_size({"width": w, "height": h})
            at_rest(page)  # the board measured, transitions (a drawer, a dialog) done
            where = f"{name}-{w}-{self.lang}"
            self.found += [f"{where}: {p}" for p in problems(page, allowed)]
            # axe and the screenshot: every size in English; in German and French (the same
            # page, longer words) the first size, the phone's, where they have least room.
            # axe's color-contrast (colours, not sizes) once a screen, at the phone's size.
            every = self.lang == "en"
            if i == 0 or (every and i == len(sizes) - 1):  # axe: the first and last size
                found = violations(page, contrast=i == 0)
                self.found += [f"{where}: axe\n{describe([v])}" for v in found]
            self.found += [f"{where}: English {t!r}" for t in self.english()]
            if i == 0 or every:
                self.shoot(page, f"screen-{where}")
            if then:
                then(w)
        for line in self.found[before:]:  # at once, for a reader of a long walk's output
            print(line)
        if back and (w, h) != tuple(back):  # most looks end at the desktop's size, WORK
            page.set_viewport_size(_size(back))
            at_rest(page)

    def english(self, anywhere: bool = False) -> list[str]:
        """German and French: the texts (all of the document's with ``anywhere``) that hold
        English words."""
        if self.lang not in NOT_HERE:
            return []
        if anywhere:
            texts = self.page.evaluate(ALL_WORDS)
            assert len(texts) > 100, texts
        else:
            texts = self.page.evaluate(VISIBLE_WORDS, ", ".join(self.skip_english) or None)
            assert texts, "no text found on the page"
        return [t for t in texts if NOT_HERE[self.lang].search(t)]

    @property
    def words(self) -> dict:
        return FIRST_VISIT[self.lang]


def _size(wh) -> dict:
    return {"width": wh[0], "height": wh[1]}


SCENES = []


def scene(fn):
    """A scene of the walk (in the order written): a page load and the screens it reaches."""
    SCENES.append(fn)
    return fn


# A walk per language, each in a group of its own: the suite's two workers share them out.
@pytest.mark.parametrize(
    "lang", [pytest.param(x, marks=pytest.mark.xdist_group(f"walk-{x}")) for x in LANGS]
)
def test_every_screen(new_context, site_url, screenshot, saves, lang):
    context = new_context(locale=LOCALES[lang], viewport=_size(WORK))
    walk = Walk(context.new_page(), site_url, lang, saves, screenshot)
    only = os.environ.get("WALK_SCENES")  # e.g. WALK_SCENES=_duo_end: those scenes alone
    for step in SCENES:
        if not only or step.__name__ in only.split(","):
            step(walk)
    assert walk.found == [], "\n".join(walk.found)


# ------------------------------------------------------------------ the table's scenes


@scene
def _first_visit(walk: Walk) -> None:
    """No save and no ?lang: the browser's language; the page's head and every word of the
    document (hidden parts too) in it; the welcome, the new-game dialog; a game against the
    computer dealt, a turn played, the computer's answer; the table; the header at every
    width with Undo on show; the games dialog and the replay bar."""
    page, w = walk.page, walk.words
    walk.load(None, f"&seed=7{TABLE}", lang=False)
    assert page.evaluate("document.documentElement.lang") == walk.lang
    assert page.title() == "Schotten Totten"
    assert w["description"] in page.get_attribute('meta[name="description"]', "content")
    rules = {"en": "rules.html", "de": "rules-de.html", "fr": "rules-fr.html"}[walk.lang]
    manifest = "manifest.webmanifest" if walk.lang == "en" else f"manifest-{walk.lang}.webmanifest"
    assert page.evaluate("document.querySelector('link[rel=manifest]').href") == (
        walk.site_url + manifest
    )
    assert page.evaluate("document.querySelector('#dlg-rules').dataset.src") == f"./{rules}"
    assert page.get_attribute("#dlg-new .dlg-credits a", "href") == f"./{rules}"
    assert page.text_content("#loading h1") == "Schotten Totten"
    assert page.text_content("#loading .loading-sub") == w["loading"]
    assert walk.english(anywhere=True) == []

    page.wait_for_selector("#new-welcome", state="visible")
    assert page.inner_text("#welcome-title") == w["welcome"]
    walk.look("welcome")
    page.click("#welcome-ai")
    page.wait_for_selector("#new-welcome", state="hidden")
    assert page.inner_text("#new-title") == w["new"]
    walk.look("new-first")
    page.click('#new-form label:has(input[name="opponent"][value="human"])')
    assert page.get_attribute('input[name="name_0"]', "placeholder") == w["south"]
    walk.look("new-two", sizes=[PHONE])
    page.click('#new-form label:has(input[name="opponent"][value="ai"])')
    page.click('#new-form label:has(input[name="tactics"][value="on"])')
    page.click('#new-form label:has(input[name="rounds"][value="3"])')
    page.click("#new-start")
    page.wait_for_selector("#dlg-new", state="hidden")

    # A turn of the player's, then the computer's.
    driver = Driver(page, seed=5)
    while body(page, "toMove") == "0" and not driver.finished():
        driver.step()
    page.wait_for_function(
        "() => document.body.dataset.toMove === '0' && "
        "!document.body.classList.contains('ai-thinking')",
        timeout=60_000,
    )
    assert page.inner_text("#status-who") == w["who"]
    assert page.inner_text("#btn-hint .hint-label") == w["hint"]
    assert page.get_attribute("#board", "aria-label") == w["board"]
    assert page.inner_text("#prompt-last").startswith(w["computer"])
    log = page.evaluate("document.querySelector('#log').textContent")
    assert log.startswith(w["log"]), log
    assert w["you"] in log and w["computer"] in log, log

    def table(width):
        check_header(page, f"table-ai-{width}-{walk.lang}")
        assert page.evaluate(CUT) == [], f"{width}: a word is cut short"
        if width == PHONE[0]:
            assert page.inner_text("#status-round").startswith(w["round"])

    walk.look("table-ai", then=table)
    # A narrow phone in German: "Runde 1/3 · 0:0" does not fit beside "Du bist am Zug  Karte
    # ausspielen": it goes down beside the tools when they leave it room (not on a row of its
    # own above them).
    page.set_viewport_size(_size(BETWEEN[0]))
    at_rest(page)
    if walk.lang == "de":
        rows = 2 if page.evaluate(ROUND_FITS_BESIDE_TOOLS) else 3
        assert page.evaluate(HEADER_ROWS) == rows, f"the header takes more than {rows} rows"
    # Every tool on show (Undo comes after a turn of ours), the window turned or resized
    # through the in-between sizes: each word whole in its button ("Steine" and "Leçons" ran
    # 5 px out at 390 px, "Ansprüche" and "Apprendre" at 360 and 421).
    found = []
    for bw, bh in BETWEEN:
        page.set_viewport_size({"width": bw, "height": bh})
        at_rest(page)
        tools = page.evaluate(TOOLS)
        assert "btn-undo" in [t[0] for t in tools], tools
        found += _tool_problems(page, f"{bw}x{bh} with Undo", tools)
        found += [f"{bw}x{bh} with Undo: {p}" for p in problems(page)]
    walk.found += found
    page.set_viewport_size(_size(WORK))
    at_rest(page)

    page.click("#btn-games")
    page.wait_for_selector("#dlg-games[open]")
    walk.look("games-first")
    page.click("#games-replay")
    page.wait_for_selector("#replay-bar", state="visible")
    page.click("#replay-back")
    assert page.get_attribute("#replay-first", "title") == w["first"]
    walk.look("replay-first")
    page.click("#replay-exit")
    page.wait_for_selector("#replay-bar", state="hidden")

    if walk.lang in NOT_HERE:  # the checks can fail: an English word, hidden or on show
        words = [page.text_content("#end-look"), page.get_attribute("#btn-hint", "title")]
        page.evaluate("document.querySelector('#end-look').textContent = 'Look at the table'")
        assert walk.english(anywhere=True) == ["Look at the table"]
        page.evaluate("document.querySelector('#btn-hint').title = 'Hint: suggest a move'")
        assert walk.english() == ["Hint: suggest a move"]
        # The page's own words back: the next scenes take their games over in this page.
        page.evaluate(
            """([look, hint]) => { document.querySelector('#end-look').textContent = look;
            const b = document.querySelector('#btn-hint');
            if (hint === null) b.removeAttribute('title'); else b.title = hint; }""",
            words,
        )


# Elements (selector) not wholly inside the box of another (container) as it shows.
WHOLE_IN = """([box, sel]) => {
  const b = document.querySelector(box).getBoundingClientRect();
  return [...document.querySelectorAll(sel)].map((e) => [e.id, e.getBoundingClientRect()])
    .filter(([id, r]) => r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5
                         || r.left < b.left - 0.5 || r.right > b.right + 0.5)
    .map(([id, r]) => `${id} ${Math.round(r.top)}..${Math.round(r.bottom)} in `
                      + `${Math.round(b.top)}..${Math.round(b.bottom)}`);
}"""

# The element in focus: [its id, its outline's style, its outline's width].
FOCUS_RING = """() => { const e = document.activeElement, cs = getComputedStyle(e);
    return [e.id, cs.outlineStyle, parseFloat(cs.outlineWidth)]; }"""


def _check_play(page, w):
    """The header's tools: each with an accessible name, Learn among them; on a phone each
    with its word under its icon; the phone's board says whose side is whose, by the seats'
    names. L puts the move log in focus with a ring one can see."""
    tools = page.eval_on_selector_all(
        "#tools .tool",
        """els => els.filter(e => e.checkVisibility())
        .map(e => [e.id, e.getAttribute('aria-label') || '', e.querySelector('.tool-label')
                   ?.checkVisibility() || false])""",
    )
    assert "btn-learn" in [t[0] for t in tools]
    assert all(label for _, label, _ in tools), tools
    if w < 700 or w >= 800:
        assert all(shown for _, _, shown in tools), tools
    if w < 560:
        sides = page.eval_on_selector_all("#board-sides span", "els => els.map(e => e.textContent)")
        names = [page.inner_text(f"#seat-{w} .seat-name") for w in ("top", "bottom")]
        assert sides == names and page.locator("#board-sides").is_visible()
    page.keyboard.press("l")
    # The log itself (beside the table), or the drawer's close button (a drawer on phones).
    page.wait_for_function("() => ['log', 'log-close'].includes(document.activeElement.id)")
    at_rest(page)
    ring = page.evaluate(FOCUS_RING)
    assert ring[1] != "none" and ring[2] >= 3, ring
    page.keyboard.press("l")
    page.evaluate("document.body.classList.remove('log-open')")
    at_rest(page)


@scene
def _mid_game(walk: Walk) -> None:
    """A tactics game against the computer mid-game: the table, a card selected, a hint on
    a phone, every dialog, the log, Learn to play and a lesson, the header at every width."""
    page, w = walk.page, walk.words
    walk.load(walk.saves["play"])
    walk.skip_english = STORED_LOG
    walk.look("play", then=lambda width: _check_play(page, width))
    page.click('#hand .card[data-card="R5"]')
    walk.look("card-selected", sizes=[PHONE, DESKTOP])
    page.click('#hand .card[data-card="R5"]')
    # A hint on a phone: its reason whole, the board making room.
    page.set_viewport_size(_size(PHONE))
    at_rest(page)
    page.click("#btn-hint")
    page.wait_for_function(
        "() => document.querySelector('#prompt-hint').dataset.action", timeout=60_000
    )
    walk.look("hint", sizes=[PHONE])
    cut = page.eval_on_selector(
        "#prompt-hint",
        """e => [e.scrollWidth > e.clientWidth,
        getComputedStyle(e).textOverflow, e.getBoundingClientRect().height]""",
    )
    assert cut[0] is False and cut[1] != "ellipsis" and cut[2] > 20, cut
    page.click("#btn-games")
    walk.look("games")
    page.click("#dlg-games [data-close]")
    # The new-game dialog: Deal and Cancel whole inside it, whatever its options' height.
    page.click("#btn-new")
    walk.look(
        "new",
        then=lambda _: _assert_empty(
            page.evaluate(WHOLE_IN, ["#dlg-new", "#new-start, #new-cancel"])
        ),
    )
    page.click("#new-cancel")
    page.wait_for_selector("#dlg-new", state="hidden")
    # The list of keys ("?" opens it; phones leave out its tool).
    page.keyboard.press("?")
    page.wait_for_selector("#dlg-keys[open]")
    walk.look("keys")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-keys[open]", state="detached")
    for tool, dialog, name in (
        ("#btn-stones", "#dlg-stones", "claims"),
        ("#pile-discard", "#dlg-discard", "discard"),
        ("#btn-rules", "#dlg-rules", "rules"),
    ):
        _open(page, tool)
        page.wait_for_selector(f"{dialog}[open]")
        if dialog == "#dlg-rules":
            page.frame_locator("#rules-frame").locator("h1").wait_for()
            frame = page.frame_locator("#rules-frame")
            assert frame.locator("h1").inner_text() == w["rules"]
            switch = page.locator("#dlg-rules .lang-switch select")
            assert switch.locator("option:checked").inner_text() == w["switch"][0]
            assert switch.get_attribute("aria-label") == w["switch"][1]
            frame.locator("#langs").wait_for(state="hidden", timeout=5000)  # one language control
        walk.look(name)
        page.keyboard.press("Escape")
        page.wait_for_selector(dialog, state="hidden")
    # The move log: a drawer on phones.
    page.set_viewport_size(_size(PHONE))
    at_rest(page)
    page.click("#btn-log")
    page.wait_for_selector("body.log-open")
    walk.look("log", sizes=[PHONE], back=None, allowed=UNDER_THE_DRAWER)
    page.click("#log-close")
    # Learn to play, the five formations, a lesson (a stone tapped in it).
    page.set_viewport_size(_size(WORK))
    at_rest(page)
    page.click("#btn-learn")
    page.wait_for_selector("#dlg-learn[open]")
    walk.look("learn")
    page.click("#learn-forms")
    page.wait_for_selector("#dlg-forms[open]")
    assert w["forms"] in page.inner_text("#dlg-forms")
    walk.look("forms")
    page.click("#forms-close")
    page.wait_for_selector("#dlg-forms", state="hidden")
    page.click('#learn-list li[data-lesson="basics"] button')
    page.wait_for_selector("#lesson", state="visible")
    page.wait_for_selector('#lesson[data-step="0"]')
    walk.look("lesson-start", sizes=[PHONE, DESKTOP])
    page.click('#board .lane[data-stone="0"] .stone')
    walk.look("lesson")
    # The stone's verdict is the panel's; no toast repeats it over the hand.
    assert page.locator("#lesson-said").is_visible() and page.locator("#toast").is_hidden()
    page.click("#lesson-leave")
    page.wait_for_selector("#lesson", state="hidden")
    # The header at every width: each tool in the window with its word, 40 px or more;
    # nothing covered, no badge over a card or the next stone.
    for bw, bh in BETWEEN:
        page.set_viewport_size({"width": bw, "height": bh})
        at_rest(page)  # a claimed stone's move toward its owner settles
        where = f"{bw}x{bh}-{walk.lang}"
        walk.found += _tool_problems(page, where)
        walk.found += [f"{where}: {p}" for p in problems(page)]
    page.set_viewport_size(_size(WORK))


# The log's drawer covers the table on a phone on purpose: it is not a modal dialog, so the
# geometry check (the page's top layer) sees the table's texts under it.
UNDER_THE_DRAWER = (
    "is under ol#log",
    'is under li "',
    "is under aside#log-panel",
    "is under div.panel-head",
    "is under button#log-close",
)


def _assert_empty(found) -> None:
    assert found == [], found


# The header's tools on show: [id, its word visible, width, height, inside the window].
TOOLS = """() => [...document.querySelectorAll('#tools .tool')].filter((e) => e.checkVisibility())
  .map((e) => { const r = e.getBoundingClientRect(), l = e.querySelector('.tool-label');
                return [e.id, !!l && l.checkVisibility() && l.textContent.trim() !== '',
                        Math.round(r.width), Math.round(r.height),
                        r.left >= 0 && r.right <= document.documentElement.clientWidth]; })"""


def _tool_problems(page, where: str, tools=None) -> list[str]:
    """Each header tool (an icon alone, '?' or '↻', does not say Claims or Games to a sighted
    touch user) shows its word, is inside the window and keeps a 40 px tap target."""
    found = []
    for tool, named, tw, th, inside in tools or page.evaluate(TOOLS):
        if not named:
            found.append(f"{where}: {tool} shows no word")
        if not inside:
            found.append(f"{where}: {tool} is (partly) outside the window")
        if tw < 40 or th < 40:
            found.append(f"{where}: {tool} is {tw}x{th}")
    return found


@scene
def _handover(walk: Walk) -> None:
    """Two players on one device: the handover, the take-back question asked there, the
    table after the tap."""
    page = walk.page
    walk.load(walk.saves["handover"])
    page.wait_for_selector("#handover", state="visible")
    walk.look("handover")
    undo = page.eval_on_selector(
        "#handover-undo",
        """e => { const cs = getComputedStyle(e);
        return [e.getBoundingClientRect().height, cs.borderRadius, cs.fontWeight]; }""",
    )
    assert undo[0] >= 44 and undo[1] == "10px" and undo[2] == "700", undo  # a table button
    page.click("#handover-undo")
    assert page.eval_on_selector("#dlg-undo", "e => getComputedStyle(e).paddingLeft") != "0px"
    walk.look("handover-undo")
    page.click("#undo-no")
    page.wait_for_selector("#dlg-undo", state="hidden")
    take_device(page)
    walk.look("shared-device", sizes=[PHONE, DESKTOP])


@scene
def _finished(walk: Walk) -> None:
    """A finished game: its end, the replay (from you, then with every card open), the
    review while it runs and its verdicts (also at 1366x768)."""
    page = walk.page
    walk.load(walk.saves["finished"])
    page.wait_for_selector("#dlg-end[open]")
    walk.look("over")
    page.click("#end-look")
    page.click("#btn-games")
    page.click("#games-replay")
    page.wait_for_selector("#replay-bar", state="visible")
    page.click("#replay-back")
    walk.look("replay")
    page.select_option("#replay-mode", "open")

    def side_by_side(_):
        """The opponent's open hand: cards side by side, not one stack."""
        xs = page.eval_on_selector_all(
            "#seat-top .open-hand .card", "els => els.map(e => e.getBoundingClientRect().left)"
        )
        assert len(xs) > 1 and len(set(xs)) == len(xs), xs

    walk.look("replay-open", then=side_by_side)
    page.select_option("#replay-mode", "0")
    page.click("#replay-review")
    page.wait_for_selector("#review-progress:not([hidden])")
    walk.look("review-running", sizes=[PHONE])
    page.wait_for_selector("#review-progress", state="hidden", timeout=120_000)
    page.click("#replay-last")  # the most cards on the table
    page.click("#replay-back")

    def summary(_):
        """The summary stays under the bar; no toast over the hand."""
        assert page.locator("#review-summary").is_visible()
        assert page.locator("#toast").is_hidden()

    walk.look("review", sizes=[*SIZES, (1366, 768)], then=summary)
    page.click("#replay-exit")


@scene
def _round_and_match_ends(walk: Walk) -> None:
    """The end of a round (two players on one device), then of a match (against the
    computer)."""
    page = walk.page
    walk.load(walk.saves["round_end"])
    page.wait_for_selector("#dlg-end[open]")
    walk.look("round-end")
    walk.load(walk.saves["match_end"])
    page.wait_for_selector("#dlg-end[open]")
    walk.look("match-end")


@scene
def _long_names(walk: Walk) -> None:
    """Long tactic names in the hand (the Strategist, the Recruiter, the Shield-Bearer, the
    Banshee) and 120 lines in the log, at 320 px, at 200% zoom, on a tablet and a desktop: no
    text clipped (its own overflow, an ellipsis, a line clamp, or a clipping ancestor), no
    sideways scroll, the log's numbers (from 100 on) in their column; and nothing left in
    English but the stored log."""
    page = walk.page
    walk.load(walk.saves["long_names"])
    walk.skip_english = STORED_LOG
    for name, (w, h) in ZOOM:
        page.set_viewport_size({"width": w, "height": h})
        at_rest(page)
        where = f"zoom-{name}-{walk.lang}"
        walk.shoot(page, where)
        walk.found += [f"{where}: cut short {p}" for p in page.evaluate(CLIPPED, [])]
        walk.found += [f"{where}: English {t!r}" for t in walk.english()]
        assert page.locator('#hand .card[data-card="Strategist"]').is_visible()
        scroll = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
        assert scroll <= 0, f"{where}: the page scrolls sideways by {scroll} px"
        # The log (a drawer, or beside the table on desktops): 120 numbered lines, each
        # number clear of its line's text.
        drawer = page.locator("#btn-log").is_visible()
        if drawer:
            page.click("#btn-log")
            page.wait_for_selector("body.log-open")
            at_rest(page)
        page.eval_on_selector("#log", "e => { e.scrollTop = e.scrollHeight; }")
        walk.shoot(page, f"{where}-log")
        numbers = page.evaluate(LOG_NUMBERS)
        assert numbers["count"] >= 100, numbers
        assert numbers["display"] == "inline-block", numbers
        assert numbers["need"] <= numbers["have"] + 0.5, f"{numbers['label']} is too wide"
        assert numbers["have"] + numbers["margin"] <= numbers["indent"] + 0.5, numbers
        walk.found += [f"{where}: log: cut short {p}" for p in page.evaluate(CLIPPED, [])]
        if drawer:
            page.click("#log-close")
            page.wait_for_selector("body.log-open", state="detached")


# ------------------------------------------------------------------ a friend's device


def _load_duo(walk: Walk, save, unsent=None, game=None):
    """The table with a duo save (and the messages not sent yet, as the page keeps them):
    taken over like any save (a pairing not dealt yet shows its dialog, the messages not
    sent yet are read, as a reload would), else one boot."""
    if not walk.page.url.startswith(walk.site_url):  # storage needs the site's origin
        walk.page.goto(walk.site_url + "rules.html")
    walk.page.evaluate(
        "([k, u]) => u ? localStorage.setItem(k, u) : localStorage.removeItem(k)",
        [UNSENT_KEY, json.dumps({"game": game, "unsent": unsent}) if unsent else None],
    )
    walk.load(_in(save, walk.lang))


@scene
def _duo_pairing(walk: Walk) -> None:
    """The host's invitation, the invitation opened on the other device, the guest's answer
    with the pairing code, the host dealing with the same code."""
    page, d = walk.page, walk.saves["duo"]
    # The host's invitation: its link and QR code.
    _load_duo(walk, d["invite"])
    page.wait_for_selector(DUO_OPEN)
    walk.look("duo-invite")
    # The invitation opened on the friend's device (no save there): its name; no STUN
    # choice (the suite's build has no STUN server: test_duo_browser's STUN test). Opened
    # with the walk's options (TABLE): the answer is then taken over in this page.
    page.evaluate("k => localStorage.removeItem(k)", SAVE_KEY)
    invitation = f"&lang={walk.lang}&opened=1{TABLE}{d['invitation']}"
    page.goto(f"{walk.site_url}index.html{QUERY}{invitation}")
    page.wait_for_selector("#dlg-duo[open] #duo-join-set:not([hidden])", timeout=BOOT_MS)
    assert page.locator("#duo-stun").is_hidden()
    walk.look("duo-join")
    # The guest's answer, with the pairing code large (or when it will come); the host
    # dealing, with the same code.
    _load_duo(walk, d["answer"])
    page.wait_for_selector(DUO_OPEN)
    page.wait_for_selector("#dlg-duo #duo-check:not([hidden])")
    code = page.inner_text("#duo-check-digits")
    walk.look("duo-answer")
    _load_duo(walk, d["dealing"])
    page.wait_for_selector("#dlg-duo[open] #duo-link-set:not([hidden])")
    dealing = page.inner_text("#duo-check-digits")
    assert re.fullmatch(r"\d{3} \d{3}", dealing) and code in ("", dealing), (code, dealing)
    walk.look("duo-dealing")


@scene
def _duo_mid_game(walk: Walk) -> None:
    """Mid-game: the device on its move (the other's hand as backs, no hint) and the one
    waiting; then that one with its move not sent yet; the duo bar's buttons; the reconnect
    link."""
    page, d = walk.page, walk.saves["duo"]
    # The device waiting first (then with its move not sent), the one on its move last: its
    # bar and the reconnect link are looked at on its page.
    for save, moves in sorted(zip(d["mid"], d["mid_moves"]), key=lambda x: x[1]):
        seat = save["duo"]["endpoint"]["seat"]
        _load_duo(walk, save)
        state = body(page, "duo")
        assert state == ("you" if moves else "them"), state
        assert page.locator("#seat-top .card[data-card]").count() == 0
        assert page.locator("#btn-hint").is_hidden()
        walk.look("duo-play" if state == "you" else "duo-waiting")
        if state == "them":  # the code compared already: small in the bar
            sent = d["mid_sent"][seat][1:]
            same = {**save, "duo": {**save["duo"], "code": "same"}}
            _load_duo(walk, same, unsent=[sent], game=d["game"])
            page.wait_for_selector("#duo-send:visible")
            assert page.locator("#duo-code-small").is_visible()
            # Also the narrowest phone and the first width above phones: the bar's buttons
            # keep their words ("Reconnecter" ran out of its button at 390 px, "Reconnect"
            # at 360).
            walk.look("duo-unsent", sizes=PHONES_AND_UP)
            page.evaluate("k => localStorage.removeItem(k)", UNSENT_KEY)
    # The duo bar's buttons are the table's: 40 px or more, a focus ring.
    sizes = page.eval_on_selector_all(
        "#duo-bar button:not([hidden])", "els => els.map(e => e.getBoundingClientRect().height)"
    )
    assert sizes and min(sizes) >= 40, sizes
    page.focus("#duo-reconnect")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    ring = page.eval_on_selector("#duo-reconnect", "e => getComputedStyle(e).outlineStyle")
    assert ring != "none"
    # The reconnect link this device shows when the live channel is gone.
    page.click("#duo-reconnect")
    page.wait_for_selector(DUO_OPEN)
    assert page.locator("#duo-paste").is_visible()
    walk.look("duo-reconnect")
    page.click("#duo-close")


@scene
def _duo_end(walk: Walk) -> None:
    """The device whose move ended the game, its message not sent yet: its end screen and its
    bar say it waits for the friend's key. The game over on the host (the friend's key in):
    no key awaited, the opponent's hand as backs, the game among the recent games and in the
    statistics, counted once (also after the reloads of the walks' languages), and its
    replay with every card open."""
    page, d = walk.page, walk.saves["duo"]
    which, save, sent = d["key_due"]
    _load_duo(walk, save, unsent=[sent], game=d["game"])
    page.wait_for_selector("#dlg-end[open]")
    for selector in ("#end-duo-key", "#duo-key"):
        assert page.locator(selector).is_visible(), selector
    text = page.inner_text("#end-duo-key")
    friend = ("Bob", "Ann")[which]
    if walk.lang == "en":
        assert text.startswith(f"Waiting for {friend}'s device to send its key"), text
    assert friend in text and page.text_content("#duo-key") == text
    walk.look("duo-key-due")
    page.evaluate("k => localStorage.removeItem(k)", UNSENT_KEY)
    # The game ends on the page (a game is kept among the recent games as it ends there): the
    # device before the message that ends it, then that message's link opened.
    which, before, link = d["last_in"]
    friend = ("Bob", "Ann")[which]
    # The recent games and statistics of the walk's earlier scenes (a finished game) go.
    page.evaluate(
        "k => [k + '.games', k + '.stats'].forEach((x) => localStorage.removeItem(x))", SAVE_KEY
    )
    page.goto(walk.site_url + "rules.html")  # the table's page left: it saves no more
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [SAVE_KEY, _in(before, walk.lang)])
    page.goto(f"{walk.site_url}index.html{QUERY}&lang={walk.lang}&opened=1{link}")
    page.wait_for_selector("#dlg-end[open]", timeout=BOOT_MS)
    walk.look("duo-over")
    page.click("#end-look")
    assert body(page, "step") == "over"
    for selector in ("#duo-key", "#end-duo-key"):
        assert page.locator(selector).is_hidden(), selector
    assert page.locator("#seat-top .card[data-card]").count() == 0
    # The bar's pairing code leaves the board too short for nine rows on phones: the stones
    # stand in a row of narrow lanes, and the claimed stones' rings keep apart.
    assert page.locator("#board .stone[data-owner]").count() >= 5
    walk.look("duo-over-table", sizes=PHONES_AND_UP)
    if walk.lang != "en":
        # What follows is the game's record after a reload, the same in every language and
        # looked at nowhere: the English walk's (a boot fewer in German and French).
        return
    page.reload()  # the finished game is counted once, also after a reload
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)
    if page.locator("#dlg-end").is_visible():
        page.click("#end-look")
    page.click("#btn-games")
    page.wait_for_selector("#dlg-games[open]")
    items = page.locator("#games-list li")
    assert items.count() == 1, page.inner_text("#games-list")
    if walk.lang == "en":
        assert "over" in page.inner_text("#duo-status")
        assert f"against {friend} on another device" in items.first.inner_text()
        stats = page.inner_text("#stats-list")
        assert "A friend on another device: 1 game:" in stats, stats
    items.first.locator("button").first.click()  # Replay
    page.wait_for_selector("#replay-bar:not([hidden])")
    assert page.input_value("#replay-mode") == "open"
    last = page.inner_text("#replay-step")
    page.keyboard.press("Home")  # the deal: every card open, the opponent's hand face up too
    page.wait_for_function(
        "t => document.querySelector('#replay-step').textContent !== t", arg=last
    )
    assert page.locator("#hand .card").count() == 7
    assert page.locator("#seat-top .card[data-card]").count() == 7
    page.keyboard.press("Escape")
    page.wait_for_selector("#replay-bar", state="hidden")
