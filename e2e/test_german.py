"""The table in German: ?lang=de (or the browser's language, or the choice remembered on the
page) gives a German table whose words all come from the German catalogues
(engine/messages/de.json and web/messages/de.json), Python's (the log, turn summaries, claim
reasons, refusals) and JavaScript's alike. A few turns through the UI, each checked for
English; the language switch; screenshots at phone and desktop sizes. Every screen is walked
in German by e2e/test_every_screen.py, which checks each for English with ``ENGLISH`` and
``VISIBLE_WORDS`` from here. The German embed's words are checked on e2e/test_axe.py's German
embed (``check_the_embed_in_german``)."""

import json
import re
from html.parser import HTMLParser
from pathlib import Path

from test_layout import check_header

from engine.words import languages
from tools.table import (
    SAVE_KEY,
    Driver,
    at_rest,
    body,
    open_or_take_over,
    open_with_save,
    play_card,
    position,
    py,
    save_text,
    start_new_game,
    table_for_a_new_game,
    take_device,
    take_over,
    visit,
)

DE = "&lang=de"
ROOT = Path(__file__).resolve().parent.parent

# English words the German page must not show (whole words, case as written; none of them
# is also a German word).
ENGLISH = re.compile(
    r"\b(played|drew|claim(?:s|ed)?|stones?|Stone|Deal|South|North|New game|"
    r"Cancel|Rules|Log|turn|your|the|card|cards|deck|Pass|Done|tap|choose|wins?|"
    r"Round|round|Tactics|Joker|Spy|Traitor|Strategist|Recruiter|"
    r"New|Undo|Games?|Hint|Discard|discard|thinking|Move|move|Close|Back|"
    r"Forward|First|Opponent|You|you|hand|Learn|learn|Easy|Medium|Hard|Random|"
    r"With|Without|Names|Who|starts|Welcome|Replay|Download|Open|open|Recent|"
    r"Loading|border|nine|game|play|Formations|Try|Next|Leave|from|"
    r"and|of|to|with|by|on|is|not|when|can|Expert|after|start|special|"
    r"device|players|automatically|winner|Look|Got)\b"
)

# Every text of the page a person can see or hear: the visible text nodes, and the
# aria-label, title and placeholder of every visible element; the texts inside the elements
# a selector given names are left out (the walk of e2e/test_every_screen.py: a stored log).
VISIBLE_WORDS = """(skip) => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; (n = walk.nextNode());) {
    const el = n.parentElement, text = n.textContent.trim();
    if (!text || !el || el.closest('script, style, svg')) continue;
    if (skip && el.closest(skip)) continue;
    if (el.checkVisibility({ visibilityProperty: true })) out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (!el.checkVisibility({ visibilityProperty: true }) || (skip && el.closest(skip))) continue;
    for (const a of ['aria-label', 'title', 'placeholder'])
      if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  return out;
}"""

# Every text of the whole document, hidden parts included (the loading screen, closed
# dialogs, the replay bar, the lesson panel): text nodes, the page's <title>, the words of
# every attribute a person may meet (labels, titles, placeholders, the meta description).
ALL_WORDS = """() => {
  const out = [document.title];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; (n = walk.nextNode());) {
    const el = n.parentElement, text = n.textContent.trim();
    if (text && el && !el.closest('script, style, svg')) out.push(text);
  }
  for (const a of ['aria-label', 'title', 'placeholder', 'alt'])
    for (const el of document.body.querySelectorAll(`[${a}]`)) out.push(el.getAttribute(a));
  out.push(document.querySelector('meta[name="description"]').content);
  return out.filter((t) => t);
}"""


# Words cut short on the table (an ellipsis instead of their end): stones' badges, the names
# of tactic cards in the hand and on the board, the status. (The discard pile's small face
# card is left out: no name fits it, in English either.)
CUT = """() => [...document.querySelectorAll(
    '.stone-sub, #hand .card .tname, #board .card .tname, #status > span')]
  .filter((e) => e.checkVisibility() && e.scrollWidth > e.clientWidth + 0.5)
  .map((e) => e.textContent)"""


def english_left(page) -> list[str]:
    """The visible texts (and labels) of the page that hold English words."""
    texts = page.evaluate(VISIBLE_WORDS)
    assert texts, "no text found on the page"
    return [t for t in texts if ENGLISH.search(t)]


def english_anywhere(page) -> list[str]:
    """Every text of the document, hidden parts included, that holds English words."""
    texts = page.evaluate(ALL_WORDS)
    assert len(texts) > 100, texts
    return [t for t in texts if ENGLISH.search(t)]


def _claimable_position(tactics: bool = True) -> dict:
    """South to move: Red 9 from hand completes a Königstrupp on stone 1 that beats North's
    Farbwall there (a claim after the play; in the base game North started the round, a card
    ahead); with tactics, tactic cards in both hands and on
    the table."""
    stones = [{} for _ in range(9)]
    stones[0] = {"sides": [["R7", "R8"], ["O1", "O2", "O4"]]}
    stones[5] = {"sides": [["Y7", "Y8", "Y9"], ["G7", "G8", "G9"]], "owner": 0}
    hands = [["R9", "B1", "B3", "G5", "P2", "P3"], ["Y2", "Y3", "P6", "P7", "G6", "B6"]]
    if not tactics:  # North started the round: a card ahead of South, who is to move
        return position({"starter": 1}, hands=hands, stones=stones, to_move=0)
    stones[2] = {"sides": [["G1", "Joker"], ["P4", "P5"]], "mode": "MudFight"}
    stones[4] = {"sides": [["Y1"], ["B8", "B9"]], "mode": "BlindMansBluff"}
    stones[6] = {"sides": [["O9"], ["ShieldBearer", "Y5", "Y6"]]}
    hands = [
        ["R9", "B1", "B3", "G5", "Strategist", "Recruiter", "Traitor"],
        ["Y2", "Y3", "P6", "P7", "G6", "B6", "Spy"],
    ]
    return position(
        {"tactics": True},
        hands=hands,
        stones=stones,
        to_move=0,
        tactics_played=[2, 3],
        discard=["Banshee"],
    )


# The German table's page of the two games below: the second deals its game on the first's
# table (one boot); ?seed= deals the computer's game from a fixed seed.
GAMES = DE + "&seed=7"


def test_a_shared_device_game_in_german(shared_page, site_url, screenshot):
    """Two people at one device, in German: handover, a play, a claim, the turn summary, the
    claims dialog, a refusal, the log: all German, Python's words and JavaScript's."""
    page = shared_page
    page.set_viewport_size({"width": 390, "height": 844})
    open_or_take_over(page, site_url, save_text(_claimable_position()), GAMES)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.inner_text("#handover-title") == "Gerät an Süd weitergeben"
    assert english_left(page) == []
    take_device(page)
    assert page.inner_text("#status-who") == "Süd ist am Zug"
    assert page.inner_text("#prompt-text") == "Wähle eine Karte deiner Hand, dann einen Stein."
    assert (
        page.get_attribute('#hand .card[data-card="Strategist"]', "aria-label")
        == "Strategischer Schachzug"
    )
    # Its short name on the card: "Schachzug" (not "Schach", chess), broken where it may be.
    tname = page.inner_text('#hand .card[data-card="Strategist"] .tname')
    assert tname.replace("\u00ad", "").replace("\n", "") == "Schachzug"
    assert "Taktikstapel" in page.get_attribute("#pile-tactic", "aria-label")
    assert english_left(page) == []
    screenshot(page, "german-table-390")
    assert page.evaluate(CUT) == [], "a German word is cut short"
    page.set_viewport_size({"width": 1280, "height": 800})
    at_rest(page)
    check_header(page, "german-1280")
    assert page.evaluate(CUT) == [], "a German word is cut short"
    screenshot(page, "german-table-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    at_rest(page)
    check_header(page, "german-390")

    # A refusal: the engine's rule, in German (South's side of stone 6 is claimed).
    page.click('#hand .card[data-card="B1"]')
    page.click('#board .lane[data-stone="5"] .stone')
    toast = page.inner_text("#toast")
    assert toast and not ENGLISH.search(toast), toast
    if page.locator("#btn-cancel").count():
        page.click("#btn-cancel")

    # The claims dialog before the play: every line worded by the engine in German.
    page.click("#btn-stones")
    claims = page.inner_text("#stones-list")
    assert "Stein 1:" in claims and "noch nicht beanspruchbar" in claims, claims
    assert "beansprucht, Besitz: Süd" in claims
    assert english_left(page) == []
    page.keyboard.press("Escape")

    play_card(page, "R9", 0)
    assert page.locator('.lane[data-stone="0"].claimable').count()
    assert page.text_content('.lane[data-stone="0"] .stone-sub') == "Holen"
    assert page.evaluate(CUT) == [], "a German word is cut short"
    assert english_left(page) == []
    page.click('.lane[data-stone="0"].claimable .stone')
    if body(page, "step") == "claim":
        page.click("#btn-done")
    page.click("#pile-clan")
    page.wait_for_selector('#handover[data-seat="1"]', state="visible")
    summary = page.inner_text("#handover-last")
    assert summary.startswith(
        "Süd spielt Rot 9 an Stein 1 und beansprucht Stein 1 (die Seite von Süd ist stärker "
        "als die von Nord: Königstrupp mit Summe 24 gegen Farbwall mit Summe 7) und zieht eine "
        "Karte vom Clanstapel."
    ), summary
    assert english_left(page) == []
    screenshot(page, "german-handover-390")
    take_device(page)
    assert page.inner_text("#status-who") == "Nord ist am Zug"

    # North plays a couple of moves through the UI; then the log, all German.
    driver = Driver(page, seed=3)
    while body(page, "toMove") == "1" and not driver.finished():
        driver.step()
    page.wait_for_selector('#handover[data-seat="0"]', state="visible")
    assert page.inner_text("#handover-last").startswith("Nord ")
    assert english_left(page) == []
    take_device(page)
    page.click("#btn-log")
    log = page.inner_text("#log")
    assert "Süd spielt Rot 9 an Stein 1" in log and "Nord " in log, log
    assert english_left(page) == []
    page.click("#log-close")


def test_against_the_computer_in_german(shared_page, site_url, screenshot):
    """A few turns against the computer: its moves, the prompt, the log, in German. Dealt by
    the new-game dialog on the German table of the game above (or of a first visit)."""
    page = shared_page
    page.set_viewport_size({"width": 1280, "height": 800})
    table_for_a_new_game(page, site_url, GAMES)
    start_new_game(page, opponent="ai")
    driver = Driver(page, seed=5)
    for _ in range(3):
        start = len(py(page, "state", {"seat": 0})["log"])
        while body(page, "toMove") == "0" and not driver.finished():
            driver.step()
        page.wait_for_function(
            "() => document.body.dataset.toMove === '0' && "
            "!document.body.classList.contains('ai-thinking')",
            timeout=60_000,
        )
        assert len(py(page, "state", {"seat": 0})["log"]) > start
    last = page.inner_text("#prompt-last")
    assert last.startswith("Der Computer spielt "), last
    assert page.inner_text("#status-who") == "Du bist am Zug"
    assert english_left(page) == []
    if page.locator("#btn-log").is_visible():  # a drawer on phones; always open on desktops
        page.click("#btn-log")
    log = page.inner_text("#log")
    assert log.startswith("Neues Spiel: Grundspiel · Beanspruchen nach dem Ausspielen. "), log
    assert "Du spielst " in log and "Der Computer spielt " in log
    assert english_left(page) == []
    screenshot(page, "german-computer-1280")


def test_the_language_follows_the_browser_and_the_switch(browser, site_url):
    """No ?lang: the browser's language; the switch remembers a choice and reloads in it."""
    context = browser.new_context(locale="de-AT")
    page = context.new_page()
    open_with_save(page, site_url, save_text(_claimable_position(tactics=False)))
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.inner_text("#handover-title") == "Gerät an Süd weitergeben"
    take_device(page)
    page.click("#btn-rules")
    frame = page.frame_locator("#rules-frame")
    assert frame.locator("h1").inner_text() == "So spielt man Schotten Totten"
    switch = page.locator("#dlg-rules .lang-switch select")
    assert switch.locator("option:checked").inner_text() == "Deutsch"
    assert switch.get_attribute("aria-label") == "Sprache"
    frame.locator("#langs").wait_for(state="hidden", timeout=5000)  # one language control
    assert page.text_content("#new-form .lang-switch span") == "Sprache"
    with page.expect_navigation():
        switch.select_option("en")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    assert page.evaluate("localStorage.getItem('schotten-totten.lang')") == "en"
    assert page.evaluate("document.documentElement.lang") == "en"
    take_device(page)
    assert page.inner_text("#status-who") == "South's turn"
    # The game went on in the other language: Python's words too.
    assert page.inner_text("#log").startswith("New game")
    # ?lang= (an embed's) wins over the remembered choice, and is not remembered itself.
    page.goto(site_url + "index.html?aipause=40&lang=de")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.evaluate("localStorage.getItem('schotten-totten.lang')") == "en"
    context.close()


def _new_game_dialog(page) -> dict:
    """The new-game dialog's choices (checked radios, ticks, texts) and what shows in it."""
    return page.evaluate(
        """() => {
        const out = {};
        for (const el of document.querySelector("#new-form").elements) {
          if (!el.name || el.tagName !== "INPUT") continue;
          if (el.type === "radio") { if (el.checked) out[el.name] = el.value; }
          else if (el.type === "checkbox") out[el.name] = el.checked;
          else out[el.name] = el.value;
        }
        return { fields: out, open: document.querySelector("#dlg-new").open,
                 welcome: !document.querySelector("#new-welcome").hidden,
                 focused: document.activeElement.closest(".lang-switch") !== null,
                 lang: document.documentElement.lang };
        }"""
    )


def _switch_language(page, code: str):
    with page.expect_navigation():
        page.select_option("#new-form .lang-switch select", code)


def test_the_language_switched_in_the_new_game_dialog_keeps_its_choices(shared_page, site_url):
    """A first visit: the welcome, then the computer at Hard with tactic cards; each switch
    of the language reloads the page, and the dialog comes back at once (before Python is
    ready), as the player left it, in the other language. The deal is the game chosen. Then
    the switch over a game in progress (``_switched_over_a_game``). In a page of its own in
    the file's context, which keeps what the file's page compiled (its boot well under a new
    context's), and none of that page's scripts (``open_with_save`` seeds its save there on
    every visit with an empty sessionStorage)."""
    page = shared_page.context.new_page()
    try:
        _switched_in_the_new_game_dialog(page, site_url)
    finally:
        page.close()


def _switched_in_the_new_game_dialog(page, site_url) -> None:
    visit(page, site_url, None)
    page.wait_for_selector("#new-welcome", state="visible")
    _switch_language(page, "de")
    page.wait_for_selector('body[data-early="1"]', state="attached")
    shown = _new_game_dialog(page)
    assert shown["open"] and shown["welcome"] and shown["lang"] == "de"
    assert page.inner_text("#welcome-ai") == "Gegen den Computer spielen"
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    page.click("#welcome-ai")
    page.check('#dlg-new input[name="ai_level"][value="hard"]')
    page.check('#dlg-new input[name="tactics"][value="on"]')
    page.check('#dlg-new input[name="rounds"][value="3"]')
    page.check('#dlg-new input[name="starter"][value="random"]')
    page.set_checked('#dlg-new input[name="autoclaim"]', True)
    chosen = _new_game_dialog(page)["fields"]
    _switch_language(page, "en")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    shown = _new_game_dialog(page)
    assert shown["fields"] == chosen and chosen["ai_level"] == "hard"
    assert shown["open"] and not shown["welcome"] and shown["lang"] == "en"
    assert shown["focused"], "the language switch, where the player was"
    assert page.locator("#level-set").is_visible() and page.locator("#names-set").is_hidden()
    assert page.inner_text("#new-start") == "Deal"
    page.click("#new-start")
    page.wait_for_selector("#dlg-new", state="hidden")
    save = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert save["settings"]["ai_level"] == "hard" and save["settings"]["autoclaim"] is True
    rules = py(page, "state", {"seat": None})["view"]["rules"]
    assert rules["tactics"] is True and rules["rounds"] == 3
    # Once: a reload afterwards resumes the game, no dialog.
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    assert page.locator("#dlg-new").is_hidden()
    # Then a game of two people on this device, taken over from another tab (no boot).
    take_over(page, save_text(_claimable_position(tactics=False)))
    _switched_over_a_game(page)


def _switched_over_a_game(page) -> None:
    """The dialog opened over a game in progress (the table's, in English): a friend's names
    typed, then German. The dialog is back with the names; Cancel gives the game back as it
    was."""
    take_device(page)
    before = py(page, "state", {"seat": None})["view"]["stones"]
    page.click("#btn-new")
    page.check('#dlg-new input[name="opponent"][value="human"]')
    page.fill('#dlg-new input[name="name_0"]', "Ada")
    page.fill('#dlg-new input[name="name_1"]', "Bo")
    _switch_language(page, "de")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    shown = _new_game_dialog(page)
    assert shown["open"] and not shown["welcome"] and shown["lang"] == "de"
    assert shown["fields"]["opponent"] == "human"
    assert (shown["fields"]["name_0"], shown["fields"]["name_1"]) == ("Ada", "Bo")
    assert page.locator("#names-set").is_visible() and page.locator("#level-set").is_hidden()
    assert page.inner_text("#new-cancel") == "Abbrechen"
    page.click("#new-cancel")
    page.wait_for_selector("#dlg-new", state="hidden")
    assert py(page, "state", {"seat": None})["view"]["stones"] == before


def test_the_german_rules_page(shared_page, site_url, screenshot):
    """rules-de.html: German, with the Pegasus names, linked both ways with rules.html."""
    page = shared_page
    for w, h in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": w, "height": h})
        page.goto(site_url + "rules-de.html")
        assert page.evaluate("document.documentElement.lang") == "de"
        text = page.inner_text("main")
        for name in (
            "Königstrupp",
            "Dreierspitze",
            "Farbwall",
            "Bunter Trupp",
            "Wilde Horde",
            "Trickser",
            "Spionin",
            "Schildträger",
            "Blinde Kuh",
            "Schlammschlacht",
            "Einberufung",
            "Strategischer Schachzug",
            "Banshee-Beschwörung",
            "Verrat",
            "Clanfehde",
            "Der frühe Vogel",
            "Grenzstein",
            "Clankarte",
        ):
            assert name in text, name
        overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0
        screenshot(page, f"german-rules-{w}")
    page.click("text=English")
    assert page.url.endswith("rules.html")
    page.click("text=Deutsch")
    assert page.url.endswith("rules-de.html")


# ------------------------------------------------------------------ index.html's static words


class _StaticWords(HTMLParser):
    """Every English text of index.html without its catalogue key (data-t="key" on its
    element, data-t-<attribute>="key" for a label, title, placeholder or description), and
    every key named."""

    VOID = ("meta", "link", "input", "br", "img", "source", "use", "path", "circle")
    ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
    WORD = re.compile("[A-Za-z]{2}")  # a word: a single letter is a key's name (<kbd>C</kbd>)

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, dict]] = []
        self.unkeyed: list[str] = []
        self.keys: dict[str, dict] = {}  # key -> its parameters

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        params = json.loads(a.get("data-t-params") or "{}")
        for name, value in a.items():
            if name == "data-t" or (name.startswith("data-t-") and name != "data-t-params"):
                self.keys[value] = params
        said = [x for x in self.ATTRIBUTES if self.WORD.search(a.get(x) or "")]
        if tag == "meta" and a.get("name") == "description":
            said.append("content")
        self.unkeyed += [f"<{tag}> {x}={a[x]!r}" for x in said if f"data-t-{x}" not in a]
        if tag not in self.VOID:
            self.stack.append((tag, a))

    def handle_endtag(self, tag):
        if tag in self.VOID or tag not in [t for t, _ in self.stack]:
            return
        while self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data):
        if not self.WORD.search(data) or not self.stack:
            return
        if any(tag in ("script", "style", "svg") for tag, _ in self.stack):
            return
        tag, a = self.stack[-1]
        if "data-t" not in a:
            self.unkeyed.append(f"<{tag}> {data.strip()!r}")


def test_every_static_word_of_the_page_has_a_catalogue_key():
    """index.html's English is only the no-JavaScript fallback: each text and each label has
    a data-t key (words.js fills them in), and every key exists in every catalogue with the
    parameters given."""
    words = _StaticWords()
    words.feed((ROOT / "web" / "index.html").read_text(encoding="utf-8"))
    assert words.unkeyed == [], "English without a catalogue key in web/index.html"
    assert len(words.keys) > 80, words.keys
    for lang in languages():
        cat = {}  # the engine's catalogue and the table's: a page's key may be in either
        for folder in (ROOT / "engine" / "messages", ROOT / "web" / "messages"):
            cat.update(json.loads((folder / f"{lang}.json").read_text("utf-8")))
        missing = sorted(k for k in words.keys if k not in cat)
        assert not missing, f"{lang}.json lacks {missing}"
        for key, params in words.keys.items():
            entry = cat[key]
            for text in entry.values() if isinstance(entry, dict) else [entry]:
                named = set(re.findall(r"\{(\w+)", text))
                assert named <= set(params), f"{lang}.json {key!r} needs {named - set(params)}"


def test_the_static_check_finds_a_word_without_a_key():
    """The check above can fail: an English text or label without its key is found."""
    words = _StaticWords()
    words.feed(
        '<p data-t="a.b">Fine <small>Left in</small></p><button title="Close">✕</button>'
        '<meta name="description" content="Words"><script>let a = "code";</script>'
        "<kbd>C</kbd>"
    )
    assert words.unkeyed == [
        "<small> 'Left in'",
        "<button> title='Close'",
        "<meta> content='Words'",
    ]


# ------------------------------------------------------------------ every screen in German


def _no_english(page, where: str) -> None:
    left = english_left(page)
    assert left == [], f"{where}: {left}"


# How many rows the header's status parts and tools take (parts on one row overlap in height).
HEADER_ROWS = """() => {
  const boxes = [...document.querySelectorAll('#status > span, #tools')]
    .filter((e) => e.textContent.trim()).map((e) => e.getBoundingClientRect())
    .filter((r) => r.height);
  const rows = [];
  for (const r of boxes.sort((a, b) => a.top - b.top))
    if (!rows.some((row) => r.top < row.bottom - 1 && row.top < r.bottom - 1)) rows.push(r);
  return rows.length;
}"""


ROUND_FITS_BESIDE_TOOLS = """() => {
  const bar = document.querySelector('#bar'), cs = getComputedStyle(bar);
  const room = bar.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const width = (s) => document.querySelector(s).getBoundingClientRect().width;
  return width('#status-round') + parseFloat(cs.columnGap) + width('#tools') <= room;
}"""


def _open(page, tool: str) -> None:
    """Click a tool; "learn": the Learn tool, or on phones its place in the Games dialog; the
    Keys tool, which phones leave out, by its key ("?")."""
    if tool == "learn" and not page.locator("#btn-learn").is_visible():
        page.click("#btn-games")
        tool = "#games-learn"
    if tool == "#btn-keys" and not page.locator(tool).is_visible():
        page.keyboard.press("?")
        return
    page.click("#btn-learn" if tool == "learn" else tool)


def check_the_embed_in_german(page, site_url, screenshot):
    """embed.html?lang=de, booted at 700 px: the compact table, its title and its link to
    the full game in German, the German manifest; nothing English in the whole document.
    Run on e2e/test_axe.py's German embed (``test_axe_embed``), which boots it anyway."""
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.title() == "Schotten Totten (eingebettet)"
    assert page.get_attribute("#btn-full", "title") == "Ganzes Spiel in einem neuen Tab öffnen"
    assert (
        page.evaluate("document.querySelector('link[rel=manifest]').href")
        == site_url + "manifest-de.webmanifest"
    )
    assert english_anywhere(page) == []
    _no_english(page, "embed")
    screenshot(page, "german-embed-700")
