"""A game against a friend on another device, in the browser: two Chromium pages in two browser
contexts (two devices: each its own storage) pair through the real screens (the welcome's "Play
a friend on another device", the invitation link opened on the other device, its answer link
opened on the first through a new tab that hands it to the game's tab; both also shown as QR
codes) and play the first moves of a Tactic game by links: each move sent with the page's Send
button (copied, as Chromium on Linux has no Web Share) and opened on the other device with "Open
a link". Early on, a player takes back a turn: Undo sends the question, the friend's device asks
in the consent dialog (answered by keyboard), and the answer comes back as a link. Then one page
reloads and the game resumes from its save; live, the reloaded page reconnects through the
reconnect screens (its Reconnect button, the reconnect link opened on the other device, the
answer opened back) and the game goes on live. Each game stops a few moves after that: whole
games by links are played by tests/test_remote_games.py, and the end of a game against a
friend's device (its end screen, the key still awaited, the recent games) is looked at in
e2e/test_every_screen.py and tests/test_duo_games.py. A game open in two tabs of one device,
taken over in the second ("Continued elsewhere"), starts from saves CPython paired and dealt
(no pairing through the screens: three boots). The two devices' pages are kept from test
to test (``two_devices``, the live test's too), each test finding them as a first visit does
(``devices``: nothing stored, no Python snapshot, no other tab, no permission but the
clipboard's): a page boots the game again for well under a new page's work.

Flags: none beyond tools.chromium's usual ones; the clipboard permissions are granted to each
context (the Send button copies the link), and the camera's to both for the live test (its
WebRTC candidates then carry plain addresses, which the suite's browser can reach)."""

from __future__ import annotations

import base64
import contextlib
import json
import random
import re
import shutil
import sys
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import sitebuild.site
from engine.remote import sra
from engine.remote.sra import Entropy
from sitebuild.paths import DIST
from sitebuild.site import CONFIG_JS
from tools.table import BOOT_MS, QUERY, SAVE_KEY, Driver, afresh, body

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from duo import Duo  # web/ on the path first: the page's Python under CPython

pytestmark = pytest.mark.slow


def _device(device, site_url, width=1280, query=""):
    """The device with the game open (its first visit: the welcome)."""
    ctx, page = _blank_device(device, width)
    page.goto(site_url + "index.html" + QUERY + query)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)
    return ctx, page


def _blank_device(device, width=1280, height=None):
    """The device with nothing open yet (``devices``): the friend's, whose first page is the
    invitation."""
    ctx, page = device
    page.set_viewport_size({"width": width, "height": height or (844 if width < 500 else 800)})
    return ctx, page


# The Send button copies the link: every device may use the clipboard.
CLIPBOARD = ["clipboard-read", "clipboard-write"]
# A device allowed the camera gets WebRTC candidates with plain addresses (the live test).
LIVE = ["camera"]


def _new_device(browser, site_url):
    """A device: a browser context of its own (its own storage), one page in it."""
    ctx = browser.new_context(
        permissions=CLIPBOARD,
        service_workers="block",  # nothing here plays offline (e2e/conftest.py)
        base_url=site_url,
    )
    return ctx, ctx.new_page()


@pytest.fixture(scope="module")
def two_devices(browser, site_url):
    """The host's device and the friend's for the file's tests, each one page kept from test
    to test: a page that has booted the game before boots it again for well under a new
    page's work (docs/performance.md, session 22). ``devices`` hands them over as a first
    visit finds a device."""
    made = [_new_device(browser, site_url) for _ in range(2)]
    yield made
    for ctx, _ in made:
        ctx.close()


# Besides the storage (tools.table.afresh), the device keeps Python's snapshot.
FORGET_SNAPSHOT = """() => new Promise((done) => {
  const asked = indexedDB.deleteDatabase("schotten-totten.python");
  asked.onsuccess = asked.onerror = asked.onblocked = done;
})"""


def _forget(page, site_url: str) -> None:
    """Nothing of the site's kept on the device (at ``site_url``'s origin): its storage
    emptied from the rules page (``afresh``), then Python's snapshot deleted."""
    afresh(page, site_url)
    page.evaluate(FORGET_SNAPSHOT)


@pytest.fixture
def devices(two_devices, site_url):
    """The two devices as a first visit finds them: no other tab open, nothing stored, no
    Python snapshot (the first visit's usual Python start, as in a new context), and only
    the clipboard allowed (not the camera the live test is given)."""
    for ctx, page in two_devices:
        for other in ctx.pages:
            if other is not page:
                other.close()
        _forget(page, site_url)
        ctx.clear_permissions()
        ctx.grant_permissions(CLIPBOARD)
    return two_devices


# The longest invitation or answer link (web/js/duo-pairing.js): a QR code of version 13 at most.
LINK_MAX = 400
RTC_IN_LINK = "() => document.querySelector('#duo-link').value.includes('&rtc=')"


def _sent_link(page) -> str:
    """Send what the page has to send (its Send button copies the link) and read it back."""
    page.evaluate("navigator.clipboard.writeText('')")
    page.click("#end-duo-send" if page.locator("#end-duo-send").is_visible() else "#duo-send")
    return page.wait_for_function(
        "() => navigator.clipboard.readText().then(t => t || null)"
    ).json_value()


def _open_link(page, link: str) -> None:
    """Paste the link into "A link from your friend" (the pairing dialog's, or the bar's)."""
    if not page.locator("#duo-paste").is_visible():
        if page.locator("#dlg-end").is_visible():
            page.click("#end-look")  # the end screen covers the bar: look at the table
        page.click("#duo-open-link")
    page.fill("#duo-paste", link)
    page.click("#duo-paste-open")


def _open_link_live(page, link: str) -> None:
    """Open a link while live (no "Open a link" button then): as the address bar does."""
    page.evaluate("link => { location.hash = link.slice(link.indexOf('#')); }", link)


def _pair(devices, site_url, live=False):
    host_ctx, host = _device(devices[0], site_url)
    host.wait_for_selector("#new-welcome:not([hidden])")
    host.click("#welcome-remote")
    host.fill('#dlg-new input[name="my_name"]', "Ann")
    host.check('#dlg-new input[name="tactics"][value="on"]')
    assert host.inner_text("#new-start") == "Invite"
    host.click("#new-start")
    host.wait_for_selector("#dlg-duo[open] #duo-link-set:not([hidden])")
    assert host.inner_text("#duo-title") == "Invite your friend"
    assert host.inner_text("#duo-share") == "Send the invitation"
    # The WebRTC offer joins the link once its candidates are gathered (a few milliseconds).
    host.wait_for_function(RTC_IN_LINK)
    # Not "connecting…" before the friend has even opened the invitation.
    host.wait_for_function(
        "() => document.querySelector('#duo-state').textContent"
        " === 'Waiting for your friend to open the invitation'"
    )
    invitation = host.input_value("#duo-link")
    assert "#m=" in invitation and len(invitation) <= LINK_MAX, len(invitation)
    # The invitation as a QR code too (the vendored qrcode-generator), for a phone's camera.
    host.wait_for_selector("#duo-qr svg")
    assert host.get_attribute("#duo-qr", "data-link") == invitation
    assert host.get_attribute("#duo-qr", "role") == "img"

    guest_ctx, guest = _blank_device(devices[1], 1280, 720)
    guest.goto(invitation)  # the link, as the friend's phone opens it
    guest.wait_for_selector("#dlg-duo[open] #duo-join-set:not([hidden])", timeout=BOOT_MS)
    assert guest.inner_text("#duo-title") == "Ann invites you to a game"
    guest.fill("#duo-name", "Bob")
    guest.click("#duo-join")
    guest.wait_for_selector("#dlg-duo[open] #duo-link-set:not([hidden])")
    assert guest.inner_text("#duo-title") == "Send your answer to Ann"
    assert guest.inner_text("#duo-share") == "Send your answer"
    guest.wait_for_function(RTC_IN_LINK)
    answer = guest.input_value("#duo-link")
    assert len(answer) <= LINK_MAX, len(answer)
    guest.wait_for_selector("#duo-qr svg")
    # The pairing code, large in the dialog (or, until the host's deal, when it will come).
    guest.wait_for_selector("#dlg-duo #duo-check:not([hidden])")

    # The answer opened on the host's device, in a new tab: handed to the game's tab.
    tab = host_ctx.new_page()
    tab.goto(answer)
    tab.wait_for_selector('body[data-handed-over="1"]', state="attached")
    assert "other tab" in tab.inner_text("#loading-text")
    tab.close()
    if not live:
        host.wait_for_selector("#duo-title:text('Dealing')")
        assert host.inner_text("#duo-share") == "Send the cards"
        assert CODE_RE.fullmatch(host.inner_text("#dlg-duo #duo-check-digits"))
    if live:  # the deal goes over the channel as soon as it opens
        for page in (host, guest):
            page.wait_for_selector('body[data-duo-connection="live"]', state="attached")
    else:
        _open_link(guest, host.input_value("#duo-link"))
    _compare_codes(host, guest)
    if not live:
        # By links, three links after the invitation (the answer, the cards, the reply) and
        # the host moves: the guest's hand comes with that move, and its bar says so.
        assert body(host, "duo") == "you" and not host.locator("#duo-send").is_visible()
        status = guest.inner_text("#duo-status")  # "(connecting…)" until live is given up
        assert status.startswith("Waiting for the first move of Ann (")
        assert status.endswith("): your cards come with it.") and "open your answer" not in status
    if live:  # live: no link to send or open
        for page in (host, guest):
            assert page.locator("#duo-open-link").is_hidden()
            assert page.locator("#duo-again").is_hidden()
    return (host_ctx, host), (guest_ctx, guest)


CODE_RE = re.compile(r"\d{3} \d{3}")


def _at_table(page) -> None:
    page.wait_for_function(
        "() => ['you', 'them', 'unsent'].includes(document.body.dataset.duo)"
        " && !document.querySelector('#dlg-duo').open"
    )


def _compare_codes(host, guest) -> None:
    """Both tables show the same code, large, with the two buttons; "The codes match" on each
    leaves it small in the bar."""
    if body(guest, "duo") == "unsent":  # the guest's reply to the deal, by link
        _open_link(host, _sent_link(guest))
    for page in (host, guest):
        _at_table(page)
        page.wait_for_selector("#duo-bar #duo-check:not([hidden]) #duo-code-same")
    code = host.inner_text("#duo-check-digits")
    assert CODE_RE.fullmatch(code) and guest.inner_text("#duo-check-digits") == code
    # A screen reader reads it digit by digit.
    assert host.inner_text("#duo-check-said") == " ".join(code.replace(" ", ""))
    for page in (host, guest):
        page.click("#duo-code-same")
        page.wait_for_selector("#duo-check", state="hidden")
        assert page.inner_text("#duo-code-small") == f"code {code}"


# Nothing more can come by itself (by links, a card's share comes only with a link opened),
# or a tactic game's hand is whole (7 cards), or the player is in its turn after its play.
HAND_SETTLED = """() => document.body.dataset.duoConnection !== 'live' ||
    document.querySelectorAll('#hand .card').length >= 7 ||
    (document.body.dataset.duo === 'you' && document.body.dataset.step !== 'play')"""


def _wait_for_news(pages) -> None:
    """Wait on the pages' own flags until one may move, has a link to send, or both are over."""
    cond = (
        "() => ['you', 'unsent'].includes(document.body.dataset.duo) || "
        "document.body.dataset.duo === 'over'"
    )
    for _ in range(600):
        for page in pages:
            try:
                page.wait_for_function(cond, timeout=50)
                return
            except PlaywrightTimeout:
                pass
    raise AssertionError("no news from either device")


ANNOUNCED = "() => document.querySelector('#announce').textContent"


def _take_back(pages, i: int) -> None:
    """Page ``i`` (whose turn the other has just received) takes it back, with consent; the
    live region that told the friend that turn (#announce) tells the take-back instead."""
    asker, friend = pages[i], pages[1 - i]
    told = friend.wait_for_function(f"() => ({ANNOUNCED[6:]}) || null").json_value()
    assert "played" in told, told  # the asker's turn, told on the friend's device
    hand = asker.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
    asker.click("#btn-undo")
    assert "to answer your take-back request" in asker.inner_text("#duo-status")
    _open_link(friend, _sent_link(asker))
    friend.wait_for_selector("#dlg-undo[open]")
    assert "wants to take back their last turn" in friend.inner_text("#undo-text")
    assert friend.evaluate("document.activeElement.id") == "undo-no"  # the safe answer first
    friend.keyboard.press("Tab")  # to Agree
    assert friend.evaluate("document.activeElement.id") == "undo-yes"
    friend.keyboard.press("Enter")
    friend.wait_for_selector("#dlg-undo:not([open])", state="attached")
    _open_link(asker, _sent_link(friend))
    asker.wait_for_function("() => document.body.dataset.duo === 'you'")
    assert "agreed" in asker.inner_text("#toast")
    # The turn's hand again: the card played is back, the card drawn (never read) is gone.
    again = asker.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
    assert len([c for c in again if c]) == len([c for c in hand if c]) + 1
    assert friend.locator("#seat-top .card[data-card]").count() == 0
    # The screen reader's live region no longer holds the turn taken back: on both devices
    # it tells the take-back instead.
    names = ("Ann", "Bob") if i == 0 else ("Bob", "Ann")
    for page, words in (
        (friend, f"{names[0]}'s turn is taken back."),
        (asker, f"{names[1]} agreed: your turn is taken back."),
    ):
        page.wait_for_function(f"w => ({ANNOUNCED[6:]}) === w", arg=words)
    assert told not in friend.text_content("#announce")


ENDS = ("round_over", "over")


def _check_key_note(page, friend: str, due: bool) -> None:
    """The device whose move ended the round (its key went with it) says on its end screen
    and in its bar that it waits for the friend's key; the friend's device, which has both
    keys, says nothing of it."""
    for selector in ("#end-duo-key", "#duo-key"):
        assert page.locator(selector).is_hidden() is not due, selector
    if due:
        text = page.inner_text("#end-duo-key")
        assert text.startswith(f"Waiting for {friend}'s device to send its key"), text
        assert page.text_content("#duo-key") == text


def _play(
    pages,
    reload_at: int,
    screenshot,
    takeback_at: int | None = None,
    after_reload=None,
    stop_at: int | None = None,
):
    """The game: each page's moves through the UI, links carried when the pages have some to
    send (live, there are none while the channel is open); ``pages[1]`` reloads after
    ``reload_at`` moves, then ``after_reload()`` runs; after ``takeback_at`` moves, the next
    turn is taken back. It stops once ``stop_at`` moves are made and nothing is left to
    carry (or when the game is over). Returns how the messages went."""
    drivers = [Driver(pages[0], seed=1), Driver(pages[1], seed=2)]
    moves, links, takebacks = 0, 0, 0
    while True:
        states = [body(p, "duo") for p in pages]
        done = stop_at is not None and moves >= stop_at and "unsent" not in states
        if states == ["over", "over"] or done:
            return {"moves": moves, "links": links, "takebacks": takebacks}
        if "unsent" in states:  # a message to carry, then the other's answer, if any
            i = states.index("unsent")
            if body(pages[i], "step") in ENDS:  # who ended the round waits for the other's key
                due = body(pages[1 - i], "step") not in ENDS
                _check_key_note(pages[i], ("Bob", "Ann")[i], due)
            _open_link(pages[1 - i], _sent_link(pages[i]))
            links += 1
            if (
                takeback_at is not None
                and not takebacks
                and moves >= takeback_at
                and pages[i].locator("#btn-undo").is_visible()
            ):
                _take_back(pages, i)
                takebacks += 1
            continue
        if "you" not in states:
            _wait_for_news(pages)
            continue
        seat = states.index("you")
        drivers[seat].step()
        moves += 1
        assert moves < 400
        if moves == reload_at:
            guest = pages[1]
            # Live, the share that opens the card the guest drew may still be on its way: the
            # hand is read once nothing more can come (HAND_SETTLED).
            guest.wait_for_function(HAND_SETTLED, timeout=BOOT_MS)
            hand = guest.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
            guest.reload()
            guest.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)
            again = guest.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
            assert sorted(again) == sorted(hand)
            drivers[1] = Driver(guest, seed=3)
            screenshot(guest, "duo-resumed")
            _check_replay_in_progress(guest)
            if after_reload:
                after_reload()


def test_a_tactic_game_by_links_with_a_reload(devices, site_url, screenshot):
    """Pairing, a take-back of the first turn sent (the screen reader's live region told it
    on both devices), the guest's reload after 6 moves (the game resumed from its save, its
    replay so far, "The codes match" kept: the code small in the bar, not asked again), and
    6 moves by links on both devices after it."""
    (_, host), (_, guest) = _pair(devices, site_url)
    code = host.inner_text("#duo-code-small")

    def code_kept() -> None:
        assert guest.locator("#duo-check").is_hidden()
        assert guest.locator("#duo-code-small").is_visible()
        assert guest.inner_text("#duo-code-small") == code

    done = _play([host, guest], 6, screenshot, takeback_at=2, stop_at=12, after_reload=code_kept)
    # Every turn (a few of the driver's steps: a card, its stone, a claim) went as a link.
    assert done["moves"] >= 12 and done["links"] >= done["moves"] // 3, done
    assert done["takebacks"] == 1, done
    for page in (host, guest):  # mid-game: the opponent's hand only as backs
        assert page.locator("#seat-top .card[data-card]").count() == 0


def _reconnect(host_ctx, host, guest, screenshot) -> None:
    """The reloaded guest has no channel: its Reconnect button shows a reconnect link (and QR
    code) with a fresh offer; the host's device opens it in a new tab, which hands it to the
    game's tab, and shows the answer; the guest opens that answer and the channel is back."""
    assert body(guest, "duoConnection") == "links"
    assert "by links" in guest.inner_text("#duo-status")
    assert guest.locator("#btn-hint").is_hidden()  # no hint against a friend's device
    guest.click("#duo-reconnect")
    guest.wait_for_selector('body[data-duo-reconnect="offer"] #dlg-duo[open] #duo-qr svg')
    assert guest.inner_text("#duo-title") == "Reconnect with Ann"
    assert guest.inner_text("#duo-state") == "Reconnecting…"
    offer = guest.input_value("#duo-link")
    assert "#r=" in offer and "#m=" not in offer and len(offer) < 2000
    screenshot(guest, "duo-reconnect")
    tab = host_ctx.new_page()
    tab.goto(offer)
    tab.wait_for_selector('body[data-handed-over="1"]', state="attached")
    tab.close()
    host.wait_for_selector('body[data-duo-reconnect="answer"] #dlg-duo[open] #duo-qr svg')
    assert host.inner_text("#duo-title") == "Send your answer to Bob"
    answer = host.input_value("#duo-link")
    assert "#r=" in answer and answer != offer
    screenshot(host, "duo-reconnect-answer")
    guest.fill("#duo-paste", answer)
    guest.click("#duo-paste-open")
    for page in (host, guest):
        page.wait_for_selector('body[data-duo-connection="live"]', state="attached")
        page.wait_for_selector("#dlg-duo", state="hidden")
        assert page.locator("#duo-reconnect").is_hidden()
    assert guest.inner_text("#duo-conn") == "Connected live"  # the live region says it once
    assert "connected live" in guest.inner_text("#duo-status")
    assert guest.locator("#duo-open-link").is_hidden()  # live: no link to open
    # The reconnect links opened again, now that the channel is back: said, nothing done.
    for page, link in ((guest, answer), (host, offer)):
        _open_link_live(page, link)
        page.wait_for_selector("#toast:text('connected live already')")
        assert body(page, "duoConnection") == "live"


def _both_reconnect(host, guest, screenshot) -> None:
    """The guest reloads: its bar says to press Reconnect, the host's that the channel is lost
    and to open the guest's link. Both press Reconnect at once (glare). The host opens the
    guest's offer first: its own offer stands, and its screen says so; the guest opens the
    host's offer: being polite, it drops its own and answers, and says so. The host opens the
    answer in the field of its reconnect screen, and the channel is live again on both; a
    turn goes over it."""
    guest.reload()
    guest.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)
    host.wait_for_selector('body[data-duo-connection="links"]', state="attached")
    # Which device acts first: the one that reloaded presses Reconnect; the other opens it.
    guest.wait_for_selector('#duo-hint[data-which="resumed"]')
    assert "press Reconnect and send Ann the link" in guest.inner_text("#duo-hint")
    host.wait_for_selector('#duo-hint[data-which="lost"]')
    assert "wait for Bob's reconnect link and open it here" in host.inner_text("#duo-hint")
    screenshot(guest, "duo-reconnect-hint")
    offers = {}
    for page in (host, guest):
        page.click("#duo-reconnect")
    for name, page in (("host", host), ("guest", guest)):
        page.wait_for_selector('body[data-duo-reconnect="offer"] #dlg-duo[open] #duo-qr svg')
        assert page.locator("#duo-paste").is_visible()  # a field for the other's link
        assert page.locator("#duo-hint").is_hidden()
        offers[name] = page.input_value("#duo-link")
    # The host (not polite) opens the guest's offer first: its own offer stands.
    host.fill("#duo-paste", offers["guest"])
    host.click("#duo-paste-open")
    host.wait_for_selector('body[data-duo-glare="1"][data-duo-reconnect="offer"]')
    assert host.input_value("#duo-link") == offers["host"]
    assert "Bob pressed Reconnect too. Your link is the one to use" in host.inner_text("#duo-text")
    assert host.locator("#dlg-duo[open] #duo-paste").is_visible()
    screenshot(host, "duo-reconnect-glare-host")
    # The guest (polite) opens the host's offer: it drops its own and answers.
    guest.fill("#duo-paste", offers["host"])
    guest.click("#duo-paste-open")
    guest.wait_for_selector('body[data-duo-glare="1"][data-duo-reconnect="answer"]')
    assert guest.inner_text("#duo-title") == "Send your answer to Ann"
    assert "You both pressed Reconnect: Ann's link is the one used" in guest.inner_text("#duo-text")
    assert guest.locator("#dlg-duo[open] #duo-paste").is_visible()
    answer = guest.input_value("#duo-link")
    screenshot(guest, "duo-reconnect-glare-guest")
    # The guest's own offer, opened again on the host: plainly said, nothing changes.
    host.fill("#duo-paste", offers["guest"])
    host.click("#duo-paste-open")
    assert "Your link is the one to use" in host.inner_text("#duo-text")
    host.fill("#duo-paste", answer)
    host.click("#duo-paste-open")
    for page in (host, guest):
        page.wait_for_selector('body[data-duo-connection="live"]', state="attached")
        page.wait_for_selector("#dlg-duo", state="hidden")
        assert page.locator("#duo-reconnect").is_hidden() and page.locator("#duo-hint").is_hidden()
    # The game goes on over the channel: a move, and no link to send.
    pages = [host, guest]
    _wait_for_news(pages)
    mover = [body(p, "duo") for p in pages].index("you")
    driver = Driver(pages[mover], seed=1)
    for _ in range(6):  # a card, a deck, any claim: until the turn is over
        if body(pages[mover], "duo") != "you":
            break
        driver.step()
    pages[1 - mover].wait_for_function("() => document.body.dataset.duo === 'you'")
    assert "unsent" not in [body(p, "duo") for p in pages]
    # The host's offer opened again now the channel is back: said, nothing done.
    _open_link_live(guest, offers["host"])
    guest.wait_for_selector("#toast:text('connected live already')")


def test_a_tactic_game_live_over_webrtc(devices, site_url, screenshot):
    """Live: the offer and answer ride in the invitation and answer links; the deal and every
    move then go over the data channel (no link to send). Right after the deal the guest
    reloads and both devices press Reconnect at once (``_both_reconnect``); the game goes on
    live. The guest reloads again after 4 more moves: its save resumes the game, the
    reconnect screens bring the channel back, and anything lost with the old channel is sent
    again, so the game goes on live with no link at all.

    Both devices are granted the camera (``LIVE``). Chromium hides a page's local addresses
    behind mDNS names (``….local``) in its ICE candidates, and the suite's
    ``--host-resolver-rules=MAP * ~NOTFOUND`` (no request leaves the machine) makes those
    names unresolvable, so the two pages would never connect; a page allowed the camera or
    the microphone gets candidates with the machine's plain addresses instead, as with no
    ICE server on a home network. The other tests' devices have no such permission
    (``devices``), so their channels never open."""
    for ctx, _ in devices:
        ctx.grant_permissions(LIVE)
    (host_ctx, host), (_, guest) = _pair(devices, site_url, live=True)
    assert "connected live" in host.inner_text("#duo-status")
    _both_reconnect(host, guest, screenshot)
    back = lambda: _reconnect(host_ctx, host, guest, screenshot)  # noqa: E731
    done = _play([host, guest], 4, screenshot, after_reload=back, stop_at=10)
    assert done["moves"] >= 10 and done["links"] == 0, done


def _check_replay_in_progress(page) -> None:
    """Mid-game, the replay shows the game as this seat saw it: its own seat only, the
    opponent's hand as backs at every step (nothing of it in the DOM)."""
    page.click("#btn-games")
    page.click("#games-replay")
    page.wait_for_selector("#replay-bar:not([hidden])")
    assert page.locator("#replay-mode option").count() == 1
    for key in ("End", "Home"):
        page.keyboard.press(key)
        assert page.locator("#seat-top .card[data-card]").count() == 0
    page.keyboard.press("Escape")
    page.wait_for_selector("#replay-bar", state="hidden")


# How long the pages wait for the channel to open before they say the game goes on by links
# (web/js/rtc.js: 10 s; ?live_wait= in tests, put into the invitation's address for the
# friend's device, as links carry no query).
LIVE_WAIT_MS = 3000


def test_pairing_screens_the_code_and_links_when_live_cannot_connect(devices, site_url, screenshot):
    """The pairing's screens, without a live connection (the suite's browser resolves no
    mDNS name, so no candidate pair forms and Chromium's connection stays "new"): a name
    refused inside the dialogs, no other game behind the guest's join dialog, a link handed
    over with no progress bar, the code large on both screens, and once offer and answer
    have met and the wait for the channel is over (10 s; here 3 s, by ?live_wait=) both
    screens say the game goes on by links and what to send. "They differ" ends the game on
    that device; "The codes match" leaves the code small in the bar (kept across a reload:
    the game by links' reload)."""
    host_ctx, host = _device(devices[0], site_url, width=1280, query=f"&live_wait={LIVE_WAIT_MS}")
    host.wait_for_selector("#new-welcome:not([hidden])")
    host.click("#welcome-remote")
    host.fill('#dlg-new input[name="my_name"]', "")
    screenshot(host, "duo-new-1280")
    host.set_viewport_size({"width": 390, "height": 844})
    assert host.locator('#dlg-new input[name="stun"]').is_hidden()  # the build has no server
    assert host.inner_text('#dlg-new [data-name="1"]') == "Your friend"  # a capital
    screenshot(host, "duo-new-390")
    host.set_viewport_size({"width": 1280, "height": 800})
    host.click("#new-start")
    host.wait_for_selector("#remote-error:not([hidden])")
    assert "Type your name first" in host.inner_text("#remote-error")
    host.fill('#dlg-new input[name="my_name"]', "Ann")
    host.click("#new-start")
    host.wait_for_function(RTC_IN_LINK)
    invitation = host.input_value("#duo-link")

    _, guest = _blank_device(devices[1], width=390)
    guest.goto(invitation.replace("#", f"?live_wait={LIVE_WAIT_MS}#", 1))
    guest.wait_for_selector("#dlg-duo[open] #duo-join-set:not([hidden])", timeout=BOOT_MS)
    assert guest.evaluate("getComputedStyle(document.querySelector('#table')).visibility") == (
        "hidden"
    )  # no "Computer" table dealt behind the join dialog
    guest.fill("#duo-name", "")
    guest.click("#duo-join")
    guest.wait_for_selector("#duo-error:not([hidden])")
    assert "Type your name first" in guest.inner_text("#duo-error")
    screenshot(guest, "duo-join-390")
    guest.fill("#duo-name", "Bob")
    guest.click("#duo-join")
    guest.wait_for_function(RTC_IN_LINK)
    guest.wait_for_selector("#dlg-duo #duo-check:not([hidden])")
    check = guest.inner_text("#duo-check")
    assert CODE_RE.search(check) or "appears when Ann's device answers" in check, check
    answer = guest.input_value("#duo-link")

    tab = host_ctx.new_page()
    tab.set_viewport_size({"width": 390, "height": 844})
    tab.goto(answer)
    tab.wait_for_selector('body[data-handed-over="1"]', state="attached")
    assert tab.locator(".loading-box .progress").is_hidden()
    screenshot(tab, "duo-handed-390")
    tab.close()
    host.wait_for_selector("#duo-title:text('Dealing')")
    host.wait_for_selector("#dlg-duo #duo-check:not([hidden]) #duo-code-same")
    screenshot(host, "duo-dealing-1280")
    # No channel opens: once the wait for it is over, both screens say so, and what to do.
    for page, words in ((host, "Send Bob the link above"), (guest, "Send Ann your answer")):
        page.wait_for_function(
            "w => document.querySelector('#duo-state').textContent.includes(w)",
            arg=words,
            timeout=20_000,
        )
        assert body(page, "duoConnection") == "links"
        assert "the game goes on by links" in page.inner_text("#duo-state")
    screenshot(guest, "duo-live-failed-390")
    _open_link(guest, host.input_value("#duo-link"))
    if body(guest, "duo") == "unsent":
        _open_link(host, _sent_link(guest))
    for page in (host, guest):
        _at_table(page)
        page.wait_for_selector("#duo-bar #duo-check:not([hidden]) #duo-code-differ")
        assert page.locator("#duo-open-link").is_visible()  # by links: open one here
    screenshot(guest, "duo-code-390")
    screenshot(host, "duo-code-1280")
    host.click("#duo-code-same")
    assert CODE_RE.fullmatch(host.inner_text("#duo-code-small").removeprefix("code "))
    assert host.locator("#duo-check").is_hidden() and host.locator("#duo-code-small").is_visible()
    guest.click("#duo-code-differ")
    guest.wait_for_selector("#dlg-duo[open] #duo-title:text('The codes differ')")
    assert "in person" in guest.inner_text("#duo-text")
    assert body(guest, "duo") == "over" and guest.locator("#duo-new").is_visible()
    screenshot(guest, "duo-differ-390")
    guest.click("#duo-close")
    assert "ended on this device" in guest.inner_text("#duo-status")
    assert guest.locator("#duo-send").is_hidden() and guest.locator("#duo-open-link").is_hidden()


STUN = "stun:stun.invalid:3478"  # never resolves: no request leaves the machine


def _qr_as_a_camera_sees_it(page, across: int = 200, blur: float = 1.0) -> tuple[str, dict]:
    """The QR code on a 390 px wide screen, scaled so the code is ``across`` px wide and
    blurred (a Gaussian of radius ``blur``), as a phone's camera sees another screen; what
    zxing-cpp reads in it, and the figures."""
    import io

    import zxingcpp
    from PIL import Image, ImageFilter

    box = page.locator("#duo-qr svg").bounding_box()
    shot = Image.open(io.BytesIO(page.screenshot(clip=box))).convert("L")
    scale = across / shot.width
    seen = shot.resize((across, round(shot.height * scale)), Image.LANCZOS)
    seen = seen.filter(ImageFilter.GaussianBlur(blur))
    found = zxingcpp.read_barcodes(seen)
    text = found[0].text if found else ""
    extra = found[0].extra if found else ""
    return text, {"shown_px": round(box["width"]), "extra": extra, "source_px": shot.width}


@contextlib.contextmanager
def _built_with_stun(pages, site_url: str, folder: Path):
    """The site as ``build.py --stun STUN`` builds it, in ``pages``: their js/config.js as
    the build writes it (sitebuild.site.write_config, in ``folder``), handed to the pages by
    the browser (the DevTools protocol's Fetch domain, for that one file) in place of the
    served one's. Every other file comes from the suite's site at its usual address, so the
    devices boot on what they have compiled before (a site of its own, at an address of its
    own, cost each device a first page's boot)."""
    (folder / CONFIG_JS).parent.mkdir(parents=True)
    shutil.copy(DIST / CONFIG_JS, folder / CONFIG_JS)
    sitebuild.site.write_config(folder, STUN)
    text = base64.b64encode((folder / CONFIG_JS).read_bytes()).decode()
    sessions = []
    for page in pages:
        session = page.context.new_cdp_session(page)

        def fulfil(event, session=session) -> None:
            session.send(
                "Fetch.fulfillRequest",
                {
                    "requestId": event["requestId"],
                    "responseCode": 200,
                    "responseHeaders": [
                        {"name": "Content-Type", "value": "text/javascript"},
                        {"name": "Cache-Control", "value": "no-store"},
                    ],
                    "body": text,
                },
            )

        session.on("Fetch.requestPaused", fulfil)
        session.send("Fetch.enable", {"patterns": [{"urlPattern": site_url + CONFIG_JS + "*"}]})
        sessions.append(session)
    try:
        yield
    finally:
        for session in sessions:
            session.detach()  # the next test's pages get the site's own js/config.js


def test_the_invitation_is_a_qr_code_a_phone_reads_and_the_stun_choice_travels(
    devices, site_url, tmp_path, screenshot
):
    """On a site built with a STUN server (its js/config.js as ``build.py --stun`` writes it:
    ``_built_with_stun``), on a phone-size screen: the host ticks "Connect live across the
    internet", and its RTCPeerConnection uses the server; the invitation's QR code, scaled to
    200 px and blurred, still reads as the link (zxing-cpp); the guest's join dialog has the
    choice ticked because the invitation asked, and its connection uses the server too; each
    link stays within 400 characters; both screens say the same about how far live reaches.
    Then a guest that unticks it: both screens say live works on the same network only."""
    with _built_with_stun([page for _, page in devices], site_url, tmp_path):
        _stun_choice_travels(devices, site_url, screenshot)


def _stun_choice_travels(devices, url: str, screenshot) -> None:
    _, host = _device(devices[0], url, width=390)
    host.click("#welcome-remote")
    host.fill('#dlg-new input[name="my_name"]', "Ann")
    host.locator('#dlg-new input[name="stun"]').scroll_into_view_if_needed()
    choice = host.locator("#remote-stun-set > label.choice").bounding_box()
    assert choice["height"] < 60, choice  # the choice on one or two lines, not a narrow column
    assert "stun.invalid" in host.inner_text("#remote-stun-note")
    host.check('#dlg-new input[name="stun"]')
    host.click("#new-start")
    host.wait_for_function(RTC_IN_LINK)
    invitation = host.input_value("#duo-link")
    assert len(invitation) <= LINK_MAX, len(invitation)
    assert host.evaluate("window.__rtcConfig.iceServers") == [{"urls": [STUN]}] or (
        host.evaluate("window.__rtcConfig.iceServers[0].urls") in (STUN, [STUN])
    )
    assert body(host, "duoReach") == "asked"
    host.wait_for_function(
        "link => document.querySelector('#duo-qr').dataset.link === link", arg=invitation
    )
    screenshot(host, "duo-invite-qr-390")
    read, figures = _qr_as_a_camera_sees_it(host)
    assert read == invitation, figures
    assert figures["shown_px"] >= 200, figures  # big enough modules on a phone's screen

    for agree, reach in ((True, "stun"), (False, "declined")):
        _, guest = _blank_device(devices[1], width=390)
        _forget(guest, url)  # (the second: a device of its own)
        guest.goto(invitation)
        guest.wait_for_selector("#dlg-duo[open] #duo-join-set:not([hidden])", timeout=BOOT_MS)
        assert guest.is_visible("#duo-stun") and guest.is_checked("#duo-stun")  # Ann asked
        assert "Ann asked for it" in guest.inner_text("#duo-stun-note")
        if not agree:
            guest.uncheck("#duo-stun")
        guest.fill("#duo-name", "Bob")
        guest.click("#duo-join")
        guest.wait_for_function(RTC_IN_LINK)
        answer = guest.input_value("#duo-link")
        assert len(answer) <= LINK_MAX, len(answer)
        servers = guest.evaluate("window.__rtcConfig.iceServers")
        assert bool(servers) is agree, servers
        assert body(guest, "duoReach") == (reach if agree else "declined_you")
        if agree:  # the host reads the guest's flag from the answer
            _open_link(host, answer)
            host.wait_for_function("r => document.body.dataset.duoReach === r", arg=reach)
            assert "both devices use the STUN server" in host.inner_text("#duo-reach")
            assert "both devices use the STUN server" in guest.inner_text("#duo-reach")
        else:
            assert "this device connects without" in guest.inner_text("#duo-reach")


def test_an_invitation_without_its_live_part_goes_by_links_at_once(devices, site_url):
    """A device without WebRTC (or a link cut short) opens the invitation without its rtc=
    part: its answer has none, so the host's device plays by links from that answer on,
    instead of waiting for its invitation to be opened, and the host moves after the
    answer, the cards and the reply (three links after the invitation)."""
    _, host = _device(devices[0], site_url)
    host.wait_for_selector("#new-welcome:not([hidden])")
    host.click("#welcome-remote")
    host.fill('#dlg-new input[name="my_name"]', "Ann")
    host.click("#new-start")
    host.wait_for_function(RTC_IN_LINK)
    invitation = re.sub(r"&rtc=[^&]*", "", host.input_value("#duo-link"))
    _, guest = _blank_device(devices[1])
    guest.goto(invitation)
    guest.wait_for_selector("#dlg-duo[open] #duo-join-set:not([hidden])", timeout=BOOT_MS)
    guest.fill("#duo-name", "Bob")
    guest.click("#duo-join")
    guest.wait_for_selector("#dlg-duo[open] #duo-link-set:not([hidden])")
    answer = guest.input_value("#duo-link")
    assert "&rtc=" not in answer
    _open_link(host, answer)
    host.wait_for_selector('body[data-duo-connection="links"]', state="attached")
    host.wait_for_selector("#duo-title:text('Dealing')")
    _open_link(guest, host.input_value("#duo-link"))
    _open_link(host, _sent_link(guest))
    _at_table(host)
    assert body(host, "duo") == "you"
    assert "(by links)" in host.inner_text("#duo-status")


def _dealt_saves() -> list[str]:
    """Each device's save of a base game by links, paired and dealt by CPython (seeded, in the
    protocol tests' small group, remote_play.TEST_GROUP, which a game keeps in its saves):
    the host to move, the guest's hand to come with that move, the code compared on both."""
    duos = [Duo(Entropy(random.Random(41)), sra.TEST), Duo(Entropy(random.Random(42)), sra.TEST)]
    host, guest = duos
    invitation = host.host({"tactics": False, "name": "Ann"}, "en")["duo"]["send"]["link"]
    inbox = [(0, guest.join(invitation, "Bob", "en")["duo"]["send"])]
    while inbox:
        to, message = inbox.pop(0)
        send = duos[to].receive(message["text"], "en")["duo"]["send"]
        if send:
            inbox.append((1 - to, send))
    assert host.ep.can_play() and not guest.ep.can_play()
    saves = [d.save_data() for d in duos]
    return [json.dumps({**s, "duo": {**s["duo"], "code": "same"}}) for s in saves]


def _device_with(device, site_url, save: str):
    """The device's table resuming ``save`` (stored first, from a page that boots nothing)."""
    ctx, page = _blank_device(device)
    page.goto(site_url + "rules.html")
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [SAVE_KEY, save])
    page.goto(site_url + "index.html" + QUERY)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)
    return ctx, page


HAND = "() => [...document.querySelectorAll('#hand .card')].map(e => e.dataset.card).join()"
BOARD = "() => [...document.querySelectorAll('#board .card')].map(e => e.dataset.card).join()"


# A listener of the links handed between tabs, made after duo.js's: it hears a link once
# duo.js's has (a channel's listeners hear a message in the order they were made).
LINK_SEEN = """() => { window.__linkSeen = new Promise((resolve) => {
    new BroadcastChannel('schotten-totten.links').onmessage = (e) => {
        if (e.data?.kind === 'link') resolve();
    };
}); }"""


def _turn(page, seed: int) -> None:
    """This device's whole turn through the UI, until its move waits to be sent."""
    driver = Driver(page, seed=seed)
    for _ in range(6):  # a card, a deck, any claim
        if body(page, "duo") != "you":
            break
        driver.step()
    page.wait_for_function("() => document.body.dataset.duo === 'unsent'")


def _wait_duo(page, state: str) -> None:
    page.wait_for_function("s => document.body.dataset.duo === s", arg=state)


def test_a_game_taken_over_in_a_second_tab(devices, site_url):
    """The host's game open in two tabs of its device. The first plays its turn and leaves
    the move unsent; the second, asked ("Continued elsewhere"), takes the game over: its
    table is the first's, hand, board and the move to send, which reaches the friend. It
    plays on: a link opened there, a turn of its own sent to the friend. The first tab
    yields: asked in turn, it takes no link handed over by a new tab (the second does)."""
    host_save, guest_save = _dealt_saves()
    host_ctx, first = _device_with(devices[0], site_url, host_save)
    _, guest = _device_with(devices[1], site_url, guest_save)
    assert body(first, "duo") == "you" and body(guest, "duo") == "them"
    second = host_ctx.new_page()  # the same game, resumed as the second tab boots
    second.goto(site_url + "index.html" + QUERY)
    second.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)
    assert body(second, "duo") == "you" and second.evaluate(HAND) == first.evaluate(HAND)
    # The first tab plays its turn; the second is asked, and takes the game over.
    _turn(first, seed=1)
    second.wait_for_selector("#dlg-save-conflict[open]")
    second.bring_to_front()
    second.click("#save-take-over")
    _wait_duo(second, "unsent")  # the first tab's move, still to send
    assert second.evaluate(HAND) == first.evaluate(HAND)
    assert second.evaluate(BOARD) == first.evaluate(BOARD)
    assert second.locator("#seat-top .card[data-card]").count() == 0
    # Sent from the second tab, the move reaches the friend (its hand came with it).
    _open_link(guest, _sent_link(second))
    _wait_duo(guest, "you")
    assert guest.locator("#hand .card").count() == 6
    _wait_duo(second, "them")
    # The friend's turn, opened in the second tab: its turn now. The first tab, whose game
    # went on there, is asked in turn (a modal question: nothing else can be done there).
    _turn(guest, seed=2)
    _open_link(second, _sent_link(guest))
    _wait_duo(second, "you")
    first.wait_for_selector("#dlg-save-conflict[open]")
    stale = first.evaluate(BOARD)
    # The second tab's own turn reaches the friend.
    _turn(second, seed=3)
    _open_link(guest, _sent_link(second))
    _wait_duo(guest, "you")
    # The friend's next turn, its link opened in a new tab of the host's device: handed to
    # the second tab; the first, behind, leaves it.
    _turn(guest, seed=4)
    first.evaluate(LINK_SEEN)
    tab = host_ctx.new_page()
    tab.goto(_sent_link(guest))
    tab.wait_for_selector('body[data-handed-over="1"]', state="attached")
    tab.close()
    _wait_duo(second, "you")
    first.evaluate("() => window.__linkSeen")  # the first tab's own listener has run too
    assert first.text_content("#toast") == ""  # not taken there (it is out of order there)
    assert first.evaluate(BOARD) == stale and body(first, "duo") == "unsent"
    assert first.locator("#dlg-save-conflict[open]").count() == 1
