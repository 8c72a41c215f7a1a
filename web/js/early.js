// The first thing that runs, before any module: build.py writes this file into the page
// itself (index.html and embed.html), after the elements it touches and after js/format.js
// (the formatting rule), with the static words of every language in the JSON block
// #early-words (the page's keys, from engine/messages and web/messages). No request and no
// module graph stand between the HTML and:
//   - the page's language (the one rule for it: ?lang=, the choice remembered on this
//     device, the browser's languages, English) and every static word in it (data-t);
//   - on a first visit to the full page (no saved game, no record in the address), the
//     table and the new-game dialog with the welcome's choices, so a player decides while
//     Python loads. A choice made before the game is ready (Deal, Learn to play) waits in
//     stEarly.pending, said in the dialog; boot.js applies it when Python is ready;
//   - the new-game dialog as the player left it when they switched the language in it
//     (dialogs.js keepNewGame put its choices in sessionStorage, then the page reloaded):
//     up again at once, over the saved game if there is one, with every choice as it was.
// words.js and boot.js take what they need from window.stEarly.
(() => {
  const DEFAULT_LANGUAGE = "en";
  const LANGUAGE_KEY = "schotten-totten.lang";   // localStorage: the choice made on the page
  const SEEN_KEY = "schotten-totten.seen";       // localStorage: the welcome was shown once
  const REOPEN_KEY = "schotten-totten.new-game";  // sessionStorage: the dialog to put back up
  const T_ATTRIBUTES = ["aria-label", "title", "placeholder", "content", "alt"];
  const $ = (sel) => document.querySelector(sel);
  const store = window.stStore;   // js/store.js, written into the page before this
  const stored = (key) => store.get(key);
  const block = document.getElementById("early-words");
  const catalogues = block ? JSON.parse(block.textContent) : {};

  // The first of ?lang=, the remembered choice and the browser's languages ("de-AT" -> "de")
  // that has a catalogue; English otherwise.
  function pickLanguage() {
    const wanted = [new URLSearchParams(location.search).get("lang"), stored(LANGUAGE_KEY),
      ...(navigator.languages?.length ? navigator.languages : [navigator.language])];
    for (const tag of wanted) {
      const code = String(tag || "").toLowerCase().split(/[-_]/)[0];
      if (Object.hasOwn(catalogues, code)) return code;
    }
    return DEFAULT_LANGUAGE;
  }
  const language = pickLanguage();
  document.documentElement.lang = language;

  // A catalogue entry as text in the page's language: the one rule of js/format.js (written
  // into the page before this script), the same as Python's (engine/words.py).
  const format = (entry, params = {}) => window.stFormat.format(language, entry, params);

  // The page's static words (index.html keeps English as the no-JavaScript fallback):
  //   data-t="key"              the element's text: all of it, or, when it has child elements
  //                             (an icon, a <small> note, an <input>), only its first own text
  //   data-t-aria-label="key"   and data-t-title, data-t-placeholder, data-t-content (a
  //                             <meta>), data-t-alt: that attribute
  //   data-t-params='{"s": 1}'  parameters for the element's keys (JSON)
  // t(key, params) gives the text, or null to leave the element as it is.
  // A word already there is left alone: words.js's pass over an English page changes
  // nothing, so it makes the browser lay out nothing again.
  function setOwnText(el, text) {
    if (!el.firstElementChild) { if (el.textContent !== text) el.textContent = text; return; }
    const own = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.data.trim());
    if (!own) { el.append(text); return; }
    // Keep the spaces around it (they separate it from an input or a <small> note).
    const [, before, , after] = own.data.match(/^(\s*)([\s\S]*?)(\s*)$/);
    if (own.data !== before + text + after) own.data = before + text + after;
  }
  function translate(root, t) {
    const params = (el) => (el.dataset.tParams ? JSON.parse(el.dataset.tParams) : {});
    for (const el of root.querySelectorAll("[data-t]")) {
      const text = t(el.dataset.t, params(el));
      if (text !== null) setOwnText(el, text);
    }
    for (const name of T_ATTRIBUTES)
      for (const el of root.querySelectorAll(`[data-t-${name}]`)) {
        const text = t(el.getAttribute(`data-t-${name}`), params(el));
        if (text !== null && el.getAttribute(name) !== text) el.setAttribute(name, text);
      }
  }
  const words = { ...catalogues[DEFAULT_LANGUAGE], ...catalogues[language] };
  const early = (key, params) => (key in words ? format(words[key], params) : null);
  // The page is written in English: other languages now, English when words.js loads (the
  // same words; a first paint on a slow tablet is about 0.1 s sooner without the pass).
  if (language !== DEFAULT_LANGUAGE) translate(document, early);

  // The keys and the default words.js and welcome.js use too (one home: here).
  const state = { language, format, translate, word: early, pending: null, active: false,
    defaultLanguage: DEFAULT_LANGUAGE, languageKey: LANGUAGE_KEY, seenKey: SEEN_KEY,
    reopenKey: REOPEN_KEY, reopened: false };
  window.stEarly = state;

  // ------------------------------------------------------------ a choice that waits for Python

  // The new-game dialog's fields as they stand (every named input), for sessionStorage.
  function fields() {
    const out = {};
    for (const el of $("#new-form")?.elements ?? []) {
      if (!el.name || el.tagName !== "INPUT") continue;
      if (el.type === "radio") { if (el.checked) out[el.name] = el.value; }
      else if (el.type === "checkbox") out[el.name] = el.checked;
      else out[el.name] = el.value;
    }
    return out;
  }
  // A choice made before Python is ready (Deal, Learn to play; on a first visit, on a
  // returning visit's table before Python, on the dialog put back up): said in the dialog
  // ("dealing…"), and kept for this tab with the dialog's fields, so a reload meanwhile
  // puts the dialog back up with it still waiting; boot.js applies it once, as soon as
  // Python is ready, and forgets it (state.done). Nothing is dealt before then.
  function wait(kind) {
    state.active = true;
    state.pending = kind;
    store.setJSON(REOPEN_KEY, { fields: fields(), welcome: false, pending: kind }, { session: true });
    const note = $("#new-note");
    note.textContent = early(kind === "learn" ? "early.learn" : "early.deal");
    note.hidden = false;
    // Deal says "Dealing…" and takes no second deal (a press repeats this), and keeps the
    // focus where the player is: a screen reader reads its new name, and the note (a status).
    const start = $("#new-start");
    if (kind === "deal" && !start.dataset.label) {
      start.dataset.label = start.textContent;
      start.textContent = early("early.dealing");
    }
    start.setAttribute("aria-disabled", "true");
    document.body.dataset.pending = kind;
    note.scrollIntoView({ block: "nearest" });
    // The lesson's first screen is drawn at once (boot.js, js/lesson-early.js).
    document.dispatchEvent(new CustomEvent("st:early-wait", { detail: kind }));
  }
  // The waiting choice applied (boot.js) or withdrawn (the dialog closed over a game).
  function done() {
    state.active = false;
    state.pending = null;
    store.remove(REOPEN_KEY, { session: true });
    delete document.body.dataset.pending;
    const note = $("#new-note");
    if (note) note.hidden = true;
    const start = $("#new-start");
    if (start?.dataset.label) { start.textContent = start.dataset.label; delete start.dataset.label; }
    start?.removeAttribute("aria-disabled");
  }
  state.wait = wait;
  state.done = done;
  state.fields = fields;

  // ------------------------------------------------------------ a first visit: the choices

  const embedded = document.documentElement.classList.contains("embed");
  // A saved game (a storage that cannot be read may hold one: no first-visit dialog then).
  const saved = () => !store.usable() || Boolean(store.get(store.SAVE_KEY));
  // The dialog left open by a language switch (once: taken out as it is read).
  const kept = (() => {
    if (embedded) return null;
    const text = store.getJSON(REOPEN_KEY, null, { session: true });
    store.remove(REOPEN_KEY, { session: true });
    return text;
  })();
  // The full page on an embed's game (?game=NAME, js/embed.js: its own save key, a game
  // carried) is no first visit either: Python resumes that game, or asks (boot.js).
  const embedsGame = new URLSearchParams(location.search).has("game");
  if (embedded || embedsGame || (saved() && !kept) || location.hash.startsWith("#record=") || location.hash.startsWith("#game=") || !$("#dlg-new")) return;
  state.active = true;
  state.reopened = Boolean(kept);
  document.body.classList.add("early");
  $("#loading").hidden = true;
  $("#app").hidden = false;
  // The nine stones, empty, as render.js draws them (the real table replaces them).
  const board = $("#board");
  for (let s = board.children.length ? 9 : 0; s < 9; s++) {
    const lane = document.createElement("div");
    lane.className = "lane";
    const stone = document.createElement("span");
    stone.className = "stone";
    stone.innerHTML = `<span class="stone-num">${s + 1}</span>`;
    const side = (where) => Object.assign(document.createElement("div"), { className: `side side-${where}` });
    lane.append(side("top"), stone, side("bottom"));
    board.append(lane);
  }
  // A game behind the dialog put back up (a reload while its deal waited, a language switch):
  // Cancel and Escape close it over that game, the choice withdrawn (boot.js then draws the
  // table before Python). On a first visit there is none.
  const behind = Boolean(kept) && store.usable() && Boolean(store.get(store.SAVE_KEY));
  $("#new-cancel").hidden = !behind;
  const dialog = $("#dlg-new");
  const form = $("#new-form");
  for (const [name, value] of Object.entries(kept?.fields ?? {})) {
    const field = form.elements[name];
    if (field instanceof RadioNodeList) field.value = value;
    else if (field?.type === "checkbox") field.checked = Boolean(value);
    else if (field) field.value = value;
  }
  if (kept ? kept.welcome : !stored(SEEN_KEY)) {
    $("#new-welcome").hidden = false;
    dialog.classList.add("welcoming");
  }
  store.set(SEEN_KEY, "1");   // refused: shown again next time
  dialog.showModal();
  (dialog.classList.contains("welcoming") ? $("#welcome-learn") : $("#new-start")).focus();

  // Until Python is ready (boot.js sets state.active = false), a choice waits; Escape cannot
  // close the dialog unless a game is behind it. Capture listeners: they run before
  // dialogs.js's and welcome.js's, which need Python.
  if (kept?.pending === "deal" || kept?.pending === "learn") wait(kept.pending);   // reloaded meanwhile
  dialog.addEventListener("cancel", (e) => { if (state.active && !behind) e.preventDefault(); });
  dialog.addEventListener("close", () => {
    if (!state.active || !behind || state.pending === "learn") return;   // the lesson's screen
    done();
    document.dispatchEvent(new CustomEvent("st:early-withdrawn"));
  });
  form.addEventListener("submit", (e) => {
    if (!state.active) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    wait("deal");
  }, true);
  $("#welcome-learn").addEventListener("click", (e) => {
    if (!state.active) return;
    e.stopImmediatePropagation();
    wait("learn");
  }, true);
  // Play the computer / a friend before the table's scripts have loaded: the opponent is
  // chosen and the options shown (boot.js shows the level or the names once they load).
  for (const [id, opponent] of [["#welcome-ai", "ai"], ["#welcome-friend", "human"], ["#welcome-remote", "remote"]])
    $(id).addEventListener("click", (e) => {
      if (state.wired) return;   // welcome.js's own handler does it
      e.stopImmediatePropagation();
      form.opponent.value = opponent;
      $("#new-welcome").hidden = true;
      dialog.classList.remove("welcoming");
      dialog.scrollTop = 0;
      $("#new-start").focus();
    }, true);
  document.body.dataset.early = "1";   // for tests and the benchmarks: the choices are up
})();
