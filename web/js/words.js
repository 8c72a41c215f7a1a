// Every word the table writes comes from the message catalogue shared with Python:
// engine/messages/<language>.json (one file per language; engine/words.py reads the same
// file). A flat key -> text, with named {param} placeholders, or {one, other} for a count
// (picked by Intl.PluralRules on params.n). Log lines, claim reasons and refusals come from
// Python already in words (the engine's events, worded by engine/narrate.py).

export const LANGUAGE = "en";
const url = new URL(`../engine/messages/${LANGUAGE}.json`, import.meta.url);
export const WORDS = await (await fetch(url)).json();

const plurals = new Intl.PluralRules(document.documentElement.lang || "en");

// The entry of a count: {one, other} -> the form for n.
export function plural(entry, n) {
  return entry[plurals.select(n)] ?? entry.other;
}

// t("seat.stones", {n: 2}) -> "2 stones". A missing key shows itself (and warns in the console).
export function t(key, params = {}) {
  let text = WORDS[key];
  if (text === undefined) {
    console.warn(`words.js: no text for ${key}`);
    return key;
  }
  if (typeof text === "object") text = plural(text, params.n);
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

// Whether a key exists (tactic cards the catalogue does not know are named by their id).
export const has = (key) => key in WORDS;
