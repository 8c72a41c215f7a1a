// Every word the table writes comes from the message catalogue shared with Python:
// engine/messages/<language>.json (one file per language; engine/words.py reads the same
// file). A flat key -> text, with named {param} placeholders, or {one, other} for a count
// (picked by Intl.PluralRules on params.n). Log lines, claim reasons and refusals come from
// Python already in words (the engine's events, worded by engine/narrate.py).
//
// The language: ?lang=xx (for embeds), else the choice remembered on this device, else the
// browser's languages, else English. boot.js tells Python, which words the log in it.

// The languages there is a catalogue for: code -> its own name, the switch's label and its
// rules page. A new language is its catalogue plus one line here (tests/test_catalogue.py
// checks that this list and engine/messages/*.json agree).
export const LANGUAGES = {
  en: { name: "English", label: "Language", rules: "./rules.html" },
  de: { name: "Deutsch", label: "Sprache", rules: "./rules-de.html" },
};
export const DEFAULT_LANGUAGE = "en";
export const LANGUAGE_KEY = "schotten-totten.lang";   // localStorage: the choice made on the page

function remembered() {
  try { return localStorage.getItem(LANGUAGE_KEY); } catch { return null; }   // storage blocked
}

// The first of ?lang=, the remembered choice and the browser's languages ("de-AT" -> "de")
// that has a catalogue; English otherwise.
export function pickLanguage() {
  const wanted = [new URLSearchParams(location.search).get("lang"), remembered(),
    ...(navigator.languages?.length ? navigator.languages : [navigator.language])];
  for (const tag of wanted) {
    const code = String(tag || "").toLowerCase().split(/[-_]/)[0];
    if (Object.hasOwn(LANGUAGES, code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

// Remember a language chosen on the page and reload in it (a ?lang= in the address would
// override the choice, so it goes; the game in progress is saved and resumes).
export function chooseLanguage(code) {
  try { localStorage.setItem(LANGUAGE_KEY, code); } catch { /* not remembered: still reload */ }
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  location.assign(url.href);
}

export const LANGUAGE = pickLanguage();
document.documentElement.lang = LANGUAGE;

const catalogue = async (code) =>
  (await fetch(new URL(`../engine/messages/${code}.json`, import.meta.url))).json();
// English fills any key a catalogue lacks, as in Python (engine/words.py).
export const WORDS = LANGUAGE === DEFAULT_LANGUAGE ? await catalogue(LANGUAGE)
  : Object.assign(...await Promise.all([catalogue(DEFAULT_LANGUAGE), catalogue(LANGUAGE)]));

const plurals = new Intl.PluralRules(LANGUAGE);
const numbers = new Intl.NumberFormat(LANGUAGE);

// The entry of a count: {one, other} -> the form for n.
export function plural(entry, n) {
  return entry[plurals.select(n)] ?? entry.other;
}

// A parameter as text: numbers in the language's way (0.3 -> "0,3" in German).
const shown = (value) => (typeof value === "number" ? numbers.format(value) : String(value));

// t("seat.stones", {n: 2}) -> "2 stones". A missing key shows itself (and warns in the console).
export function t(key, params = {}) {
  let text = WORDS[key];
  if (text === undefined) {
    console.warn(`words.js: no text for ${key}`);
    return key;
  }
  if (typeof text === "object") text = plural(text, params.n);
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? shown(params[name]) : m));
}

// Whether a key exists (tactic cards the catalogue does not know are named by their id).
export const has = (key) => key in WORDS;

// ------------------------------------------------------------------ the page's static words
// index.html keeps its English words as the no-JavaScript fallback and names each one's key:
//   data-t="key"              the element's text: all of it, or, when it has child elements
//                             (an icon, a <small> note, an <input>), only its first own text
//                             (the children keep theirs, or carry a data-t of their own)
//   data-t-aria-label="key"   and data-t-title, data-t-placeholder, data-t-content (a <meta>),
//                             data-t-alt: that attribute
//   data-t-params='{"s": 1}'  parameters for the element's keys (JSON)
// translatePage() fills them all in from the catalogue, head included (<title>, <meta>); it
// runs once, right here, when the catalogue has loaded: before boot.js shows the table.
export const T_ATTRIBUTES = ["aria-label", "title", "placeholder", "content", "alt"];

function setOwnText(el, text) {
  if (!el.firstElementChild) { el.textContent = text; return; }
  const own = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.data.trim());
  if (!own) { el.append(text); return; }
  // Keep the spaces around it (they separate it from an input or a <small> note).
  const [, before, , after] = own.data.match(/^(\s*)([\s\S]*?)(\s*)$/);
  own.data = before + text + after;
}

export function translatePage(root = document) {
  const params = (el) => (el.dataset.tParams ? JSON.parse(el.dataset.tParams) : {});
  for (const el of root.querySelectorAll("[data-t]")) setOwnText(el, t(el.dataset.t, params(el)));
  for (const name of T_ATTRIBUTES)
    for (const el of root.querySelectorAll(`[data-t-${name}]`))
      el.setAttribute(name, t(el.getAttribute(`data-t-${name}`), params(el)));
}

// The web app manifest in the page's language: build.py writes one per catalogue
// (manifest.webmanifest in English, manifest-<code>.webmanifest for the others).
export const manifestFor = (code) =>
  (code === DEFAULT_LANGUAGE ? "./manifest.webmanifest" : `./manifest-${code}.webmanifest`);

translatePage();
document.querySelector('link[rel="manifest"]')?.setAttribute("href", manifestFor(LANGUAGE));
