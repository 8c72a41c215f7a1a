"""Every screen at phone, tablet and desktop sizes, in English and German: play, the
handover (and its take-back question), the Games, new-game and keys dialogs, the game over,
the replay (seen from you and with every card open), the review (also at 1366x768), the
lessons' list and a lesson (a stone tapped in it). And every screen of a game against a
friend's device (test_every_duo_screen): the invitation with its QR code, the invitation
opened on the other device, the answer with the pairing code, the dealing, the table on your
move (the opponent's hand as backs), waiting for the other, a move to send, the reconnect
link, the game over.

On each: no text out of its box, nothing a player taps or reads under something else
(e2e/geometry.py), and a screenshot in artifacts/screenshots/screen-<screen>-<width>-<lang>.png
for people to look at. One browser context per size; the page is reused, a screen is reached
by storing its save and reloading.
"""

from __future__ import annotations

import json
import random
import re
import sys
from functools import partial

import pytest
from geometry import problems
from test_layout import LOG, rich_position

from tools.table import (
    BOOT_MS,
    QUERY,
    ROOT,
    SAVE_KEY,
    at_rest,
    body,
    open_with_save,
    play_turn,
    save_text,
    start_new_game,
)

sys.path.insert(0, str(ROOT / "web"))
from duo import Duo
from session import Session

from engine import action_to_json
from engine.ai import make_agent
from engine.remote.sra import Entropy

SIZES = [(390, 844), (820, 1180), (1280, 800)]
LANGS = ("en", "de", "fr")
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
REVIEW_ITERATIONS = 12  # a quick review: the layout, not the verdicts


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
    ``mid`` (both devices after 12 moves, by seat), ``over`` (the host at the end); and the
    ``invitation`` link and the host's last message (``mid_sent``, by seat)."""
    duos = [Duo(Entropy(random.Random(1))), Duo(Entropy(random.Random(2)))]
    host, guest = duos
    out = host.host({"tactics": True, "name": "Ann"}, "en")
    out = {"invitation": out["duo"]["send"]["link"], "invite": _copy(host)}
    inbox = [(0, guest.join(out["invitation"], "Bob", "en")["duo"]["send"]["text"])]
    out["answer"] = _copy(guest)
    rng, moves = random.Random(3), 0
    while True:
        while inbox:
            to, text = inbox.pop(0)
            send = duos[to].receive(text, "en")["duo"]["send"]
            out.setdefault("dealing", _copy(host))
            if send:
                inbox.append((1 - to, send["text"]))
        if moves == 12 and "mid" not in out:  # the last move arrived: one device to move
            out["mid"] = [_copy(x) for x in duos]
            out["mid_sent"] = [x.payload()["duo"]["resend"] for x in duos]
            out["game"] = host.ep.game
        movers = [d for d in duos if d.ep.can_play()]
        if not movers:
            out["over"] = _copy(host)
            return out
        d = movers[0]
        send = d.act(rng.choice(d.ep.legal()))["duo"]["send"]
        moves += 1
        if send:
            inbox.append((1 - d.ep.seat, send["text"]))


def _in(save: dict, lang: str) -> str:
    """A duo save in the table's language ``lang``."""
    return json.dumps({**save, "settings": {**save["settings"], "lang": lang}})


@pytest.fixture(scope="module")
def duo_saves():
    return _duo_saves()


@pytest.fixture(scope="module")
def saves():
    return {
        "play": save_text(rich_position(), opponent="ai", log=LOG),
        "handover": _handover_save(),
        "finished": _finished_save(),
    }


def _load(page, site_url, text, lang, extra=""):
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [SAVE_KEY, text])
    page.goto(f"{site_url}index.html{QUERY}&lang={lang}{extra}")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)


def _look(page, screenshot, found, name, allowed=()):
    """The screen's problems (kept, with its name) and its screenshot."""
    page.wait_for_timeout(350)  # transitions (the drawer, a dialog) settle
    found += [f"{name}: {p}" for p in problems(page, allowed)]
    screenshot(page, f"screen-{name}")


# Elements (selector) not wholly inside the box of another (container) as it shows.
WHOLE_IN = """([box, sel]) => {
  const b = document.querySelector(box).getBoundingClientRect();
  return [...document.querySelectorAll(sel)].map((e) => [e.id, e.getBoundingClientRect()])
    .filter(([id, r]) => r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5
                         || r.left < b.left - 0.5 || r.right > b.right + 0.5)
    .map(([id, r]) => `${id} ${Math.round(r.top)}..${Math.round(r.bottom)} in `
                      + `${Math.round(b.top)}..${Math.round(b.bottom)}`);
}"""


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
    page.wait_for_timeout(300)
    ring = page.evaluate("""() => { const e = document.activeElement, cs = getComputedStyle(e);
        return [e.id, cs.outlineStyle, parseFloat(cs.outlineWidth)]; }""")
    # The log itself (beside the table), or the drawer's close button (a drawer on phones).
    assert ring[0] in ("log", "log-close") and ring[1] != "none" and ring[2] >= 3, ring
    page.keyboard.press("l")
    page.evaluate("document.body.classList.remove('log-open')")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}" for w, _ in SIZES])
def test_every_screen(new_context, site_url, screenshot, saves, size):
    w, h = size
    page = new_context(viewport={"width": w, "height": h}).new_page()
    open_with_save(page, site_url, saves["play"])
    found: list[str] = []
    for lang in LANGS:
        tag = f"{w}-{lang}"
        # Play, and the Games dialog over it.
        _load(page, site_url, saves["play"], lang, "&ai_time=0.3")
        _look(page, screenshot, found, f"play-{tag}")
        _check_play(page, w)
        if w == 390:  # a hint on a phone: its reason whole, the board making room
            page.click("#btn-hint")
            page.wait_for_function(
                "() => document.querySelector('#prompt-hint').dataset.action", timeout=60_000
            )
            _look(page, screenshot, found, f"hint-{tag}")
            cut = page.eval_on_selector(
                "#prompt-hint",
                """e => [e.scrollWidth > e.clientWidth,
                getComputedStyle(e).textOverflow, e.getBoundingClientRect().height]""",
            )
            assert cut[0] is False and cut[1] != "ellipsis" and cut[2] > 20, cut
        page.click("#btn-games")
        _look(page, screenshot, found, f"games-{tag}")
        page.click("#dlg-games [data-close]")
        # The new-game dialog: its buttons reachable.
        page.click("#btn-new")
        _look(page, screenshot, found, f"new-{tag}")
        # Deal and Cancel whole inside the dialog, whatever its options' height.
        assert page.evaluate(WHOLE_IN, ["#dlg-new", "#new-start, #new-cancel"]) == []
        page.click("#new-cancel")
        # The list of keys ("?" opens it; phones leave out its tool).
        page.keyboard.press("?")
        page.wait_for_selector("#dlg-keys[open]")
        _look(page, screenshot, found, f"keys-{tag}")
        page.keyboard.press("Escape")
        page.wait_for_selector("#dlg-keys[open]", state="detached")
        # The handover, and the take-back question asked there.
        _load(page, site_url, saves["handover"], lang)
        page.wait_for_selector("#handover", state="visible")
        _look(page, screenshot, found, f"handover-{tag}")
        undo = page.eval_on_selector(
            "#handover-undo",
            """e => { const cs = getComputedStyle(e);
            return [e.getBoundingClientRect().height, cs.borderRadius, cs.fontWeight]; }""",
        )
        assert undo[0] >= 44 and undo[1] == "10px" and undo[2] == "700", undo  # a table button
        page.click("#handover-undo")
        assert page.eval_on_selector("#dlg-undo", "e => getComputedStyle(e).paddingLeft") != "0px"
        _look(page, screenshot, found, f"handover-undo-{tag}")
        page.click("#undo-no")
        # The replay of a finished game, then with every card open.
        _load(page, site_url, saves["finished"], lang, f"&review_iterations={REVIEW_ITERATIONS}")
        page.wait_for_selector("#dlg-end[open]")
        _look(page, screenshot, found, f"over-{tag}")
        page.click("#end-look")
        page.click("#btn-games")
        page.click("#games-replay")
        page.wait_for_selector("#replay-bar", state="visible")
        page.click("#replay-back")
        _look(page, screenshot, found, f"replay-{tag}")
        page.select_option("#replay-mode", "open")
        _look(page, screenshot, found, f"replay-open-{tag}")
        # The opponent's open hand: cards side by side, not one stack.
        xs = page.eval_on_selector_all(
            "#seat-top .open-hand .card", "els => els.map(e => e.getBoundingClientRect().left)"
        )
        assert len(xs) > 1 and len(set(xs)) == len(xs), xs
        page.select_option("#replay-mode", "0")
        # The review: while it runs, and its verdicts.
        page.click("#replay-review")
        page.wait_for_selector("#review-progress:not([hidden])")
        _look(page, screenshot, found, f"review-running-{tag}")
        page.wait_for_selector("#review-progress", state="hidden", timeout=120_000)
        page.click("#replay-last")  # the most cards on the table
        page.click("#replay-back")
        _look(page, screenshot, found, f"review-{tag}")
        # Its summary stays under the bar; no toast over the hand.
        assert page.locator("#review-summary").is_visible()
        assert page.locator("#toast").is_hidden()
        if w == 1280:
            page.set_viewport_size({"width": 1366, "height": 768})
            _look(page, screenshot, found, f"review-1366-{lang}")
            page.set_viewport_size({"width": w, "height": h})
        page.click("#replay-exit")
        # A lesson, a stone tapped in it.
        page.click("#btn-learn")
        page.wait_for_selector("#dlg-learn[open]")
        _look(page, screenshot, found, f"learn-{tag}")
        page.click('#learn-list li[data-lesson="basics"] button')
        page.wait_for_selector("#lesson", state="visible")
        page.click('#board .lane[data-stone="0"] .stone')
        _look(page, screenshot, found, f"lesson-{tag}")
        # The stone's verdict is the panel's; no toast repeats it over the hand.
        assert page.locator("#lesson-said").is_visible() and page.locator("#toast").is_hidden()
        page.click("#lesson-leave")
    assert found == [], "\n".join(found)


UNSENT_KEY = "schotten-totten.duo-unsent"
DUO_OPEN = "#dlg-duo[open] #duo-qr svg"


def _load_duo(page, site_url, save, lang, unsent=None, game=None):
    """The table with a duo save (and the messages not sent yet, as the page keeps them)."""
    page.evaluate(
        "([k, u]) => u ? localStorage.setItem(k, u) : localStorage.removeItem(k)",
        [UNSENT_KEY, json.dumps({"game": game, "unsent": unsent}) if unsent else None],
    )
    _load(page, site_url, _in(save, lang), lang)


# Nothing is cut short on purpose: the opponent's last turn shows whole (the prompt row grows
# for it; on a phone on its side it scrolls in place), a friend's turn as the computer's.
CLAMPED = ()


def _look_sizes(page, screenshot, found, name, lang):
    """The screen at each size in turn (the page resized, not reloaded: a reload costs a
    PyScript boot), back at the first size after."""
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        _look(page, screenshot, found, f"{name}-{w}-{lang}", CLAMPED)
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


def test_every_duo_screen(new_context, site_url, screenshot, duo_saves):
    """Each screen of a game against a friend's device, loaded once per language and looked
    at in each size."""
    w, h = SIZES[0]
    page = new_context(viewport={"width": w, "height": h}).new_page()
    open_with_save(page, site_url, None)
    found: list[str] = []
    d = duo_saves
    for lang in LANGS:
        look = partial(_look_sizes, page, screenshot, found, lang=lang)
        # The host's invitation: its link and QR code.
        _load_duo(page, site_url, d["invite"], lang)
        page.wait_for_selector(DUO_OPEN)
        look("duo-invite")
        # The invitation opened on the friend's device (no save there): its name; no STUN
        # choice (the suite's build has no STUN server: test_duo_browser's STUN test).
        page.evaluate("k => localStorage.removeItem(k)", SAVE_KEY)
        page.goto(f"{site_url}index.html{QUERY}&lang={lang}&opened=1{d['invitation']}")
        page.wait_for_selector("#dlg-duo[open] #duo-join-set:not([hidden])", timeout=BOOT_MS)
        assert page.locator("#duo-stun").is_hidden()
        look("duo-join")
        # The guest's answer, with the pairing code large (or when it will come); the host
        # dealing, with the same code.
        _load_duo(page, site_url, d["answer"], lang)
        page.wait_for_selector(DUO_OPEN)
        page.wait_for_selector("#dlg-duo #duo-check:not([hidden])")
        code = page.inner_text("#duo-check-digits")
        look("duo-answer")
        _load_duo(page, site_url, d["dealing"], lang)
        page.wait_for_selector("#dlg-duo[open] #duo-link-set:not([hidden])")
        dealing = page.inner_text("#duo-check-digits")
        assert re.fullmatch(r"\d{3} \d{3}", dealing) and code in ("", dealing), (code, dealing)
        look("duo-dealing")
        # Mid-game: the device on its move (the other's hand as backs, no hint) and the one
        # waiting; then that one with its move not sent yet.
        mover = None
        for save in d["mid"]:
            seat = save["duo"]["endpoint"]["seat"]
            _load_duo(page, site_url, save, lang)
            state = body(page, "duo")
            assert state in ("you", "them")
            assert page.locator("#seat-top .card[data-card]").count() == 0
            assert page.locator("#btn-hint").is_hidden()
            look("duo-play" if state == "you" else "duo-waiting")
            if state == "you":
                mover = save
            else:  # the code compared already: small in the bar
                sent = d["mid_sent"][seat][1:]
                same = {**save, "duo": {**save["duo"], "code": "same"}}
                _load_duo(page, site_url, same, lang, unsent=[sent], game=d["game"])
                page.wait_for_selector("#duo-send:visible")
                assert page.locator("#duo-code-small").is_visible()
                look("duo-unsent")
                page.evaluate("k => localStorage.removeItem(k)", UNSENT_KEY)
        # The duo bar's buttons are the table's: 40 px or more, a focus ring.
        _load_duo(page, site_url, mover, lang)
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
        look("duo-reconnect")
        page.click("#duo-close")
        # The game over: its end screen, then the table.
        _load_duo(page, site_url, d["over"], lang)
        page.wait_for_selector("#dlg-end[open]")
        look("duo-over")
        page.click("#end-look")
        look("duo-over-table")


# The header's tools on show: [id, its word visible, width, height, inside the window].
TOOLS = """() => [...document.querySelectorAll('#tools .tool')].filter((e) => e.checkVisibility())
  .map((e) => { const r = e.getBoundingClientRect(), l = e.querySelector('.tool-label');
                return [e.id, !!l && l.checkVisibility() && l.textContent.trim() !== '',
                        Math.round(r.width), Math.round(r.height),
                        r.left >= 0 && r.right <= document.documentElement.clientWidth]; })"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_tools_say_their_names_and_badges_keep_to_their_stones(page, site_url, saves, lang):
    """At every width, not only the three the screenshots show: each header tool (Undo on
    show too) is inside the window and shows its
    word (an icon alone, '?' or '↻', does not say Claims or Games to a sighted touch user),
    keeps a 40 px tap target, and the page has no geometry problem (a claimed stone's badge
    over a card or the next stone among them)."""
    open_with_save(page, site_url, saves["play"])
    found: list[str] = []
    for w, h in BETWEEN:
        page.set_viewport_size({"width": w, "height": h})
        _load(page, site_url, saves["play"], lang)
        page.wait_for_selector(f'body[data-layout="{w}x{h}"]', state="attached")
        page.wait_for_timeout(450)  # a claimed stone's move toward its owner settles
        found += _tool_problems(page, f"{w}x{h}")
        found += [f"{w}x{h}: {p}" for p in problems(page)]
    # Every tool on show (Undo comes after a turn of ours in a game dealt here), the window
    # turned or resized through the same sizes.
    start_new_game(page, opponent="ai")
    play_turn(page)
    for w, h in BETWEEN:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_selector(f'body[data-layout="{w}x{h}"]', state="attached")
        at_rest(page)
        tools = page.evaluate(TOOLS)
        assert "btn-undo" in [t[0] for t in tools], tools
        found += _tool_problems(page, f"{w}x{h} with Undo", tools)
    assert found == [], "\n".join(found)


def _tool_problems(page, where: str, tools=None) -> list[str]:
    found = []
    for tool, named, tw, th, inside in tools or page.evaluate(TOOLS):
        if not named:
            found.append(f"{where}: {tool} shows no word")
        if not inside:
            found.append(f"{where}: {tool} is (partly) outside the window")
        if tw < 40 or th < 40:
            found.append(f"{where}: {tool} is {tw}x{th}")
    return found
