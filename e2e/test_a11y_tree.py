"""What a screen reader finds, read from Chromium's accessibility tree (CDP
Accessibility.getFullAXTree, and Playwright's aria snapshots): the hand as a toolbar of cards
named with colour and value, each stone naming both sides in words with their formation and
status, and the computer's last move announced in words in a polite status region; in English
and in German (the Pegasus names). A language's tests share its table (``shared_page``): the
first boots it, the second takes its position over (``open_or_take_over``)."""

import pytest

from tools.table import open_or_take_over, position, save_text

WORDS = {
    "en": {
        "hand": "Your hand",
        "cards": ["Red 2", "Green 1", "Green 5", "Blue 1", "Blue 3", "Purple 2"],
        "board": "The nine stones",
        "on_board": ["Blue 7", "Blue 8", "Blue 9", "Yellow 1", "Orange 9"],
        "stone1": (
            "Stone 1: your side: Yellow 1; Computer's side: Blue 7, Blue 8, Blue 9, "
            "a Color-Run totalling 24; claimed by Computer"
        ),
        "stone3": "Stone 3: your side: no cards; Computer's side: Orange 9; not claimed",
        "said": (
            "The computer played Orange 9 on stone 3, then claimed stone 1: the best you "
            "can still make is a Color-Run totalling 6"
        ),
    },
    "de": {
        "hand": "Deine Hand",
        "cards": ["Rot 2", "Grün 1", "Grün 5", "Blau 1", "Blau 3", "Lila 2"],
        "board": "Die neun Steine",
        "on_board": ["Blau 7", "Blau 8", "Blau 9", "Gelb 1", "Orange 9"],
        "stone1": (
            "Stein 1: deine Seite: Gelb 1; Seite von Computer: Blau 7, Blau 8, Blau 9, "
            "ein Königstrupp mit Summe 24; beansprucht, Besitz: Computer"
        ),
        "stone3": (
            "Stein 3: deine Seite: keine Karten; Seite von Computer: Orange 9; nicht beansprucht"
        ),
        "said": "Der Computer spielt Orange 9 an Stein 3 und beansprucht Stein 1",
    },
}


@pytest.fixture(scope="module", params=["en", "de"])
def table_in(request, shared_page):
    """(the file's one page, a language): a language's tests run together on its table."""
    return shared_page, request.param


def _ax_nodes(page) -> list[dict]:
    """Every node of the page's accessibility tree: {role, name, ignored}."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    return [
        {
            "role": n.get("role", {}).get("value"),
            "name": n.get("name", {}).get("value", ""),
            "ignored": n.get("ignored", False),
            "id": n["nodeId"],
            "children": n.get("childIds", []),
        }
        for n in nodes
    ]


def _under(by_id: dict, node: dict) -> list[dict]:
    """The node's descendants in the tree."""
    out, todo = [], list(node["children"])
    while todo:
        n = by_id.get(todo.pop())
        if n:
            out.append(n)
            todo += n["children"]
    return out


def test_the_tree_names_the_hand_the_board_and_the_last_move(table_in, site_url, screenshot):
    """The computer (North) plays Orange 9 on stone 3 and claims stone 1 (its Color-Run 7 8 9
    there cannot be beaten); then it is South's turn."""
    page, lang = table_in
    w = WORDS[lang]
    stones = [{} for _ in range(9)]
    stones[0] = {"sides": [["Y1"], ["B7", "B8", "B9"]]}
    stones[6] = {"sides": [["R5", "O5"], []]}  # North started: as many cards a side
    pos = position(
        {"starter": 1},
        hands=[["R2", "B1", "B3", "G1", "G5", "P2"], ["Y5", "Y3", "P4", "P6", "G8", "O9"]],
        stones=stones,
        to_move=1,
    )
    open_or_take_over(page, site_url, save_text(pos, opponent="ai"), f"&lang={lang}")
    page.wait_for_function(
        "() => document.body.dataset.toMove === '0' && "
        "!document.body.classList.contains('ai-thinking')",
        timeout=60_000,
    )
    page.wait_for_function("() => document.querySelector('#announce').textContent.length > 0")

    nodes = _ax_nodes(page)
    by_id = {n["id"]: n for n in nodes}
    # The hand: a toolbar named "Your hand", its cards buttons named with colour and value.
    hands = [n for n in nodes if n["role"] == "toolbar" and n["name"] == w["hand"]]
    assert len(hands) == 1, [n for n in nodes if n["role"] == "toolbar"]
    in_hand = [by_id[c]["name"] for c in hands[0]["children"] if by_id[c]["role"] == "button"]
    assert in_hand == w["cards"], in_hand
    # The board: the stones say both sides in words, the formation and the status.
    boards = [n for n in nodes if n["role"] == "toolbar" and n["name"] == w["board"]]
    assert len(boards) == 1
    stones_said = [
        n["name"] for n in nodes if n["role"] == "button" and n["name"].startswith(w["stone1"][:6])
    ]
    assert len(stones_said) == 9, stones_said
    assert stones_said[0] == w["stone1"] and stones_said[2] == w["stone3"], stones_said[:3]
    # No card is read as its bare corner values and pictures ("6, image, image, 6").
    pictures = [n for n in nodes if n["role"] in ("image", "img") and not n["ignored"]]
    unnamed = [n for n in pictures if not n["name"]]
    assert not unnamed, unnamed[:5]
    # The cards on the table are not read again as loose pictures between the stones: each
    # stone's name says them (issue 25).
    board_imgs = sorted(n["name"] for n in _under(by_id, boards[0]) if n in pictures)
    assert board_imgs == [], board_imgs
    said = " ".join(stones_said)
    assert all(c in said for c in w["on_board"]), said
    # The last move, announced in words in a polite status region.
    status = page.locator("#announce")
    assert status.get_attribute("role") == "status"
    assert status.get_attribute("aria-live") == "polite"
    snap = status.aria_snapshot()
    assert snap.startswith("- status:") and w["said"] in snap, snap
    # And the keyboard focus is in the hand, where the next action is.
    assert page.evaluate("() => !!document.activeElement.closest('#hand')")
    screenshot(page, f"a11y-tree-{lang}")


def test_a_tactic_card_in_the_hand_says_what_it_does(table_in, site_url):
    """Each tactic card in the hand has the catalogue's help line as its accessible
    description; a clan card has none."""
    page, lang = table_in
    pos = position(
        {"tactics": True},
        hands=[
            ["R2", "Traitor", "MudFight", "G1", "G5", "P2", "B3"],
            ["Y5", "Y3", "P4", "P6", "G8", "O9", "B4"],
        ],
        # South's 2 other clan cards of the deal on stone 9, and North's 2: a turn each
        stones=[{}] * 8 + [{"sides": [["Y8", "Y9"], ["O1", "O2"]]}],
        to_move=0,
    )
    open_or_take_over(page, site_url, save_text(pos, opponent="ai"), f"&lang={lang}")
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    desc = {
        n.get("name", {}).get("value"): n.get("description", {}).get("value", "")
        for n in nodes
        if n.get("role", {}).get("value") == "button"
    }
    help_of = page.evaluate("""() => import('./js/words.js').then(w =>
        [w.t('card.Traitor'), w.t('tactic.Traitor.help'), w.t('card.MudFight'),
         w.t('tactic.MudFight.help'), w.t('card.clan', {colour: w.t('colour.R'), value: 2})])""")
    traitor, traitor_help, mud, mud_help, red2 = help_of

    def of(card):  # "Traitor, cannot be played now": the name comes first
        return next(d for name, d in desc.items() if name and name.startswith(card))

    assert of(traitor) == traitor_help and of(mud) == mud_help, desc
    assert of(red2) in ("", red2)  # a clan card: no more than its name (its title)
