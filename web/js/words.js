// Every word the table writes comes from the message catalogues shared with Python, one
// pair of files per language: engine/messages/<language>.json (what the engine says: card
// names, the log's clauses, refusals; engine/words.py reads it) and messages/<language>.json
// (the table's own words: menus, dialogs, lessons, toasts; web/messages in the source, read
// by web/words.py too). A flat key -> text, with named {param} placeholders, or {one, other}
// for a count; js/format.js fills them, by the same rule as Python. Log lines, claim reasons
// and refusals come from Python already in words (the engine's events, worded by
// engine/narrate.py).
//
// The language and the way entries and static words are filled in: js/early.js (written into
// every page that loads this module, before it), window.stEarly. boot.js tells Python the
// language, which words the log in it.

// The languages there is a catalogue for: code -> its own name, the switch's label and its
// rules page. A new language is its two catalogue files plus one line here
// (tests/test_catalogue.py checks that this list and the catalogues agree).
export const LANGUAGES = {
  en: { name: "English", label: "Language", rules: "./rules.html" },
  de: { name: "Deutsch", label: "Sprache", rules: "./rules-de.html" },
  fr: { name: "Français", label: "Langue", rules: "./rules-fr.html" },
};
const early = window.stEarly;
export const DEFAULT_LANGUAGE = early.defaultLanguage;
export const LANGUAGE_KEY = early.languageKey;   // localStorage: the choice made on the page

// Remember a language chosen on the page and reload in it (a ?lang= in the address would
// override the choice, so it goes; the game in progress is saved and resumes).
export function chooseLanguage(code) {
  window.stStore.set(LANGUAGE_KEY, code);   // refused: not remembered, still reload
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  location.assign(url.href);
}

export const LANGUAGE = early.language;

// The engine's catalogue and the table's (they share no key), fetched side by side: the
// page's language's only (and English's, which fills any key a catalogue lacks, as in Python:
// engine/words.py). Another language is fetched when the page is switched to it (a reload),
// from the service worker's cache once it has every file.
const catalogue = async (folder, code) =>
  (await fetch(new URL(`${folder}${code}.json`, import.meta.url))).json();
const pair = async (code) => {
  const [engine, table] = await Promise.all([
    catalogue("../engine/messages/", code), catalogue("../messages/", code)]);
  return { engine, table };
};
const codes = LANGUAGE === DEFAULT_LANGUAGE ? [LANGUAGE] : [DEFAULT_LANGUAGE, LANGUAGE];
const pairs = await Promise.all(codes.map(pair));
export const WORDS = Object.assign({}, ...pairs.flatMap((p) => [p.engine, p.table]));

// What Python is handed before the game starts (boot.js): it has English's catalogues with its
// modules (pyscript.json) and no other language's; null on an English page.
export const PYTHON_WORDS = LANGUAGE === DEFAULT_LANGUAGE ? null : { lang: LANGUAGE, ...pairs[1] };

// t("seat.stones", {n: 2}) -> "2 stones". A missing key shows itself (and warns in the console).
export function t(key, params = {}) {
  const text = WORDS[key];
  if (text === undefined) {
    console.warn(`words.js: no text for ${key}`);
    return key;
  }
  return early.format(text, params);
}

// Whether a key exists (tactic cards the catalogue does not know are named by their id).
export const has = (key) => key in WORDS;

// ------------------------------------------------------------------ the page's static words
// index.html keeps its English words as the no-JavaScript fallback and names each one's key
// (data-t and its kin: js/early.js says how). early.js filled them in already; this fills in
// any part added since, and a part given (pwa.js's update bar).
export const translatePage = (root = document) => early.translate(root, t);

// The web app manifest in the page's language: build.py writes one per catalogue
// (manifest.webmanifest in English, manifest-<code>.webmanifest for the others).
export const manifestFor = (code) =>
  (code === DEFAULT_LANGUAGE ? "./manifest.webmanifest" : `./manifest-${code}.webmanifest`);

translatePage();
document.querySelector('link[rel="manifest"]')?.setAttribute("href", manifestFor(LANGUAGE));
