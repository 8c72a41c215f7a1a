#!/usr/bin/env python3
"""Two-device set-up through the real screens: from the guest's Join to both tables ready.

    nice -n 19 python bench/duo_setup.py [--runs 3] [--profiles desktop,tablet]

Two Chromium pages in two contexts (two devices) boot the built site; the host invites
through the welcome ("Play a friend on another device"), the guest opens the invitation
link. Then, on the profile measured (tablet: both pages' CPU slowed 4x with
Emulation.setCPUThrottlingRate, as bench/boot_tablet.py), the clock runs from the guest's
Join click until both pages show their hands and say whose move it is (``body[data-duo]``
is ``you`` or ``them``). Every link is carried at once by the script (a person adds the
time it takes to send one), in two ways:

  live   the answer link opened on the host's device: the data channel opens (both pages in
         one browser find each other) and the deal goes over it
  links  the invitation's WebRTC offer cut off (as a device without WebRTC makes it): the
         answer, the host's cards and the guest's reply each carried as a link, until the
         host has its hand and the guest's table waits for the host's first move (which
         brings the guest's hand); the count of links after the invitation is printed

Printed: the median per profile and way, and the ratio tablet / desktop of the medians.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build
from tools.chromium import CHROMIUM, CHROMIUM_ARGS

PREFIX = "/schotten-totten/"
TIMEOUT_MS = 60_000
READY = (
    "() => ['you', 'them'].includes(document.body.dataset.duo) && "
    "document.querySelectorAll('#hand .card[data-card]').length >= 6"
)
# By links the guest's hand comes with the host's first move: its table is ready when it is
# drawn and says so (the host, who moves first, has its hand).
TABLE = "() => document.body.dataset.duo === 'them' && !document.querySelector('#dlg-duo').open"


def _device(browser, url: str):
    ctx = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return ctx, page


def _throttle(page, rate: int):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return cdp


def _open_link(page, link: str) -> None:
    if not page.locator("#duo-paste").is_visible():
        page.click("#duo-open-link")
    page.fill("#duo-paste", link)
    page.click("#duo-paste-open")


def _sent_link(page) -> str:
    page.evaluate("navigator.clipboard.writeText('')")
    page.click("#duo-send")
    return page.wait_for_function(
        "() => navigator.clipboard.readText().then(t => t || null)"
    ).json_value()


def one_setup(browser, url: str, rate: int, live: bool) -> dict:
    query = "index.html"
    host_ctx, host = _device(browser, url)
    guest_ctx, guest = _device(browser, url)
    try:
        host.goto(url + query)
        host.wait_for_selector('body[data-ready="1"]', state="attached")
        host.wait_for_selector("#new-welcome:not([hidden])")
        host.click("#welcome-remote")
        host.fill('#dlg-new input[name="my_name"]', "Ann")
        host.click("#new-start")
        host.wait_for_selector("#dlg-duo[open] #duo-link-set:not([hidden])")
        if live:
            host.wait_for_function(
                "() => document.querySelector('#duo-link').value.includes('&rtc=')"
            )
        invitation = host.input_value("#duo-link")
        if not live:
            invitation = re.sub(r"&rtc=[^&]*", "", invitation)
        guest.goto(invitation)
        guest.wait_for_selector("#dlg-duo[open] #duo-join-set:not([hidden])")
        guest.fill("#duo-name", "Bob")
        for page in (host, guest):
            _throttle(page, rate)
        links = 0
        start = time.perf_counter()
        guest.click("#duo-join")
        guest.wait_for_selector("#dlg-duo[open] #duo-link-set:not([hidden])")
        if live:
            guest.wait_for_function(
                "() => document.querySelector('#duo-link').value.includes('&rtc=')"
            )
        carried = {guest.input_value("#duo-link")}
        _open_link(host, guest.input_value("#duo-link"))
        links += 1
        deadline = time.perf_counter() + TIMEOUT_MS / 1000
        while not (host.evaluate(READY) and guest.evaluate(READY if live else TABLE)):
            if time.perf_counter() > deadline:
                states = [
                    p.evaluate("[document.body.dataset.duo, document.body.dataset.duoConnection]")
                    for p in (host, guest)
                ]
                raise AssertionError(f"the tables never came: {states}")
            for i, page in enumerate((host, guest)):  # live: none, unless it did not open
                if live and page.evaluate("document.body.dataset.duoConnection") != "links":
                    continue
                state = page.evaluate("document.body.dataset.duo")
                link = None
                if state == "unsent":
                    link = _sent_link(page)
                elif state == "pairing" and page.locator("#duo-link").is_visible():
                    link = page.input_value("#duo-link")  # the pairing dialog's link
                if link and "#m=" in link and link not in carried:
                    carried.add(link)
                    _open_link((host, guest)[1 - i], link)
                    links += 1
            time.sleep(0.02)
        seconds = time.perf_counter() - start
        how = host.evaluate("document.body.dataset.duoConnection")
        return {"seconds": seconds, "links": links, "connection": how}
    finally:
        host_ctx.close()
        guest_ctx.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", default="desktop,tablet")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    build.build()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{args.runs} runs; load average {load} on {os.cpu_count()} CPUs")
    rates = {"desktop": 1, "tablet": 4}
    server = build.serve_in_thread(prefix=PREFIX)
    url = build.url_of(server)
    results: dict = {}
    try:
        with sync_playwright() as p:
            # Plain local addresses in the ICE candidates: the usual flags' host resolver rules
            # make Chromium's mDNS names unresolvable (e2e/test_duo_browser.py says more).
            flags = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
            browser = p.chromium.launch(executable_path=CHROMIUM, args=flags)
            for _run in range(args.runs):
                for profile in args.profiles.split(","):
                    for live in (True, False):
                        r = one_setup(browser, url, rates[profile], live)
                        results.setdefault((profile, live), []).append(r)
            browser.close()
    finally:
        server.stop()
    medians = {}
    for (profile, live), rs in results.items():
        m = statistics.median(r["seconds"] for r in rs)
        medians[(profile, live)] = m
        way = "live " if live else "links"
        each = ", ".join(f"{r['seconds']:.2f}" for r in rs)
        print(
            f"{profile:8} {way}: {m:.2f} s from Join to both tables ready "
            f"(runs {each}; links carried: {rs[0]['links']}, {rs[0]['connection']})"
        )
    for live in (True, False):
        if ("desktop", live) in medians and ("tablet", live) in medians:
            ratio = medians[("tablet", live)] / medians[("desktop", live)]
            print(f"tablet / desktop, {'live' if live else 'links'}: {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
