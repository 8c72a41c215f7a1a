"""The pass-the-device screen is a true modal (the WAI-ARIA dialog pattern): a dialog named by
its title, the table beneath inert (out of the tab order and the accessibility tree), Tab and
Shift+Tab kept on its buttons; once the device is taken the table is back."""

from tools.table import finish_turn, open_with_save, play_card, position, save_text, take_device

FOCUS = "() => document.activeElement?.id || document.activeElement?.tagName"


def _to_handover(page, site_url):
    pos = position(
        {},
        hands=[["R9", "B1", "B3", "G1", "G5", "P2"], ["Y1", "Y3", "P4", "P6", "G8", "B9"]],
        to_move=0,
    )
    open_with_save(page, site_url, save_text(pos))
    take_device(page)
    play_card(page, "R9", 4)
    finish_turn(page)
    page.wait_for_selector('#handover[data-seat="1"]', state="visible")


def test_tab_stays_on_the_handover_screen_and_the_table_is_inert(page, site_url):
    _to_handover(page, site_url)
    ho = page.locator("#handover")
    assert ho.get_attribute("role") == "dialog" and ho.get_attribute("aria-modal") == "true"
    assert page.evaluate(FOCUS) == "handover-go"
    seen = set()
    for key in ["Tab"] * 6 + ["Shift+Tab"] * 6:
        page.keyboard.press(key)
        seen.add(page.evaluate(FOCUS))
        assert page.evaluate(
            "() => document.getElementById('handover').contains(document.activeElement)"
        ), seen
    assert "handover-go" in seen
    # Nothing of the table beneath can be reached, clicked or read.
    assert page.evaluate("() => document.getElementById('app').inert")
    read = _read(page)
    for beneath in ("New game", "Stone 5", "Clan deck", "Mute sounds"):
        assert not any(name.startswith(beneath) for _, name in read), read
    assert ("dialog", page.inner_text("#handover-title")) in read, read
    page.click("#handover-go")
    page.wait_for_selector("#handover", state="hidden")
    assert not page.evaluate("() => document.getElementById('app').inert")
    assert ("button", "New game") in _read(page)


def _read(page) -> list:
    """What a screen reader can reach: (role, name) of the accessibility tree's nodes that
    are not ignored (Chromium, CDP)."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    return [
        (n.get("role", {}).get("value"), n.get("name", {}).get("value"))
        for n in nodes
        if not n.get("ignored") and n.get("name", {}).get("value")
    ]
