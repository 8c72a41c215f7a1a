"""A game against a friend on another device, in the browser: two Chromium pages in two browser
contexts (two devices: each its own storage) pair through the real screens (the welcome's "Play
a friend on another device", the invitation link opened on the other device, its answer link
opened on the first through a new tab that hands it to the game's tab; both also shown as QR
codes) and play a whole Tactic game by links: each move sent with the page's Send button
(copied, as Chromium on Linux has no Web Share) and opened on the other device with "Open a
link". One page reloads mid-game and the game resumes from its save.

Flags: none beyond tools.chromium's usual ones; the clipboard permissions are granted to each
context (the Send button copies the link)."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.table import BOOT_MS, QUERY, Driver, body

pytestmark = pytest.mark.slow


def _device(browser, site_url):
    ctx = browser.new_context(permissions=["clipboard-read", "clipboard-write"], base_url=site_url)
    page = ctx.new_page()
    page.goto(site_url + "index.html" + QUERY)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)
    return ctx, page


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


def _pair(browser, site_url, live=False):
    host_ctx, host = _device(browser, site_url)
    host.wait_for_selector("#new-welcome:not([hidden])")
    host.click("#welcome-remote")
    host.fill('#dlg-new input[name="my_name"]', "Ann")
    host.check('#dlg-new input[name="tactics"][value="on"]')
    assert host.inner_text("#new-start") == "Invite"
    host.click("#new-start")
    host.wait_for_selector("#dlg-duo[open] #duo-link-set:not([hidden])")
    assert host.inner_text("#duo-title") == "Invite your friend"
    # The WebRTC offer joins the link once its candidates are gathered (a few milliseconds).
    host.wait_for_function(RTC_IN_LINK)
    invitation = host.input_value("#duo-link")
    assert "#m=" in invitation and len(invitation) < 2000
    # The invitation as a QR code too (the vendored qrcode-generator), for a phone's camera.
    host.wait_for_selector("#duo-qr svg")
    assert host.get_attribute("#duo-qr", "data-link") == invitation
    assert host.get_attribute("#duo-qr", "role") == "img"

    guest_ctx = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    guest = guest_ctx.new_page()
    guest.goto(invitation)  # the link, as the friend's phone opens it
    guest.wait_for_selector("#dlg-duo[open] #duo-join-set:not([hidden])", timeout=BOOT_MS)
    assert guest.inner_text("#duo-title") == "Ann invites you to a game"
    guest.fill("#duo-name", "Bob")
    guest.click("#duo-join")
    guest.wait_for_selector("#dlg-duo[open] #duo-link-set:not([hidden])")
    assert guest.inner_text("#duo-title") == "Send your answer to Ann"
    guest.wait_for_function(RTC_IN_LINK)
    answer = guest.input_value("#duo-link")
    guest.wait_for_selector("#duo-qr svg")
    code = guest.inner_text("#duo-code")

    # The answer opened on the host's device, in a new tab: handed to the game's tab.
    tab = host_ctx.new_page()
    tab.goto(answer)
    tab.wait_for_selector('body[data-handed-over="1"]', state="attached")
    assert "other tab" in tab.inner_text("#loading-text")
    tab.close()
    if not live:
        host.wait_for_selector("#duo-title:text('Dealing')")
        assert host.inner_text("#duo-code") == code
    if live:  # the deal goes over the channel as soon as it opens
        for page in (host, guest):
            page.wait_for_selector('body[data-duo-connection="live"]', state="attached")
    else:
        _open_link(guest, host.input_value("#duo-link"))
    return (host_ctx, host), (guest_ctx, guest)


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


def _play(pages, reload_at: int, screenshot) -> dict:
    """The whole game: each page's moves through the UI, links carried when the pages have
    some to send (live, there are none while the channel is open); ``pages[1]`` reloads after
    ``reload_at`` moves. Returns how the messages went."""
    drivers = [Driver(pages[0], seed=1), Driver(pages[1], seed=2)]
    moves, links = 0, 0
    while True:
        states = [body(p, "duo") for p in pages]
        if states == ["over", "over"]:
            return {"moves": moves, "links": links}
        if "unsent" in states:  # a message to carry, then the other's answer, if any
            i = states.index("unsent")
            _open_link(pages[1 - i], _sent_link(pages[i]))
            links += 1
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
            hand = guest.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
            guest.reload()
            guest.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)
            again = guest.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
            assert sorted(again) == sorted(hand)
            drivers[1] = Driver(guest, seed=3)
            screenshot(guest, "duo-resumed")
            _check_replay_in_progress(guest)


def test_a_tactic_game_by_links_with_a_reload(browser, site_url, screenshot):
    (host_ctx, host), (guest_ctx, guest) = _pair(browser, site_url)
    done = _play([host, guest], 20, screenshot)
    assert done["links"] > 20
    _check_over(host, guest, screenshot)
    _check_recent_game(guest)
    host_ctx.close()
    guest_ctx.close()


def test_a_tactic_game_live_over_webrtc(browser_type, site_url, screenshot):
    """Live: the offer and answer ride in the invitation and answer links; the deal and every
    move then go over the data channel (no link to send) until the guest reloads; after the
    reload the channel is gone and the game goes on by links from each side's save.

    Flag: ``--disable-features=WebRtcHideLocalIpsWithMdns``. Chromium hides a page's local
    addresses behind mDNS names (``….local``) in its ICE candidates, and the suite's
    ``--host-resolver-rules=MAP * ~NOTFOUND`` (no request leaves the machine) makes those
    names unresolvable, so the two pages would never connect; with the flag the candidates
    carry the machine's plain addresses, as with no ICE server on a home network."""
    browser = browser_type.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"],
    )
    (_, host), (_, guest) = _pair(browser, site_url, live=True)
    assert "connected live" in host.inner_text("#duo-status")
    done = _play([host, guest], 30, screenshot)
    assert done["moves"] > 30 and done["links"] >= 1  # links only after the reload
    _check_over(host, guest, screenshot)
    browser.close()


def _check_over(host, guest, screenshot) -> None:
    screenshot(host, "duo-over")
    assert body(host, "step") == body(guest, "step") == "over"
    assert "over" in host.inner_text("#duo-status")
    # The opponent's hand only as backs on each device.
    assert host.locator("#seat-top .card[data-card]").count() == 0
    assert guest.locator("#seat-top .card[data-card]").count() == 0


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


def _check_recent_game(page) -> None:
    """The finished game among the recent games and in the statistics, counted once (also
    after a reload), and its replay with every card open, stepped by keyboard."""
    page.wait_for_selector('body[data-duo="over"]', state="attached")
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_MS)
    if page.locator("#dlg-end").is_visible():
        page.click("#end-look")
    page.click("#btn-games")
    page.wait_for_selector("#dlg-games[open]")
    items = page.locator("#games-list li")
    assert items.count() == 1
    assert "against Ann on another device" in items.first.inner_text()
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
