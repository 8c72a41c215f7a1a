// The one rule that fills a catalogue entry with its parameters. Its twin in Python is
// engine/words.py (format_entry: pick, fill); tests/test_format.py gives both every key of
// every catalogue, in every language, with numbers and counts, and fails if a text differs.
//   - An entry {one, other} is picked by the plural category of params.n in the language
//     (Intl.PluralRules: CLDR's cardinal rule; "one" for exactly 1 in English and German, for
//     0 and 1 in French, whose "many" for whole millions no entry has); "other" when there is
//     no n, or when the entry lacks that category.
//   - {name} is params.name, {name:form} is params["name:form"] (Python words its data
//     parameters into that form: {player:pos}). A number is written in the language's way
//     (Intl.NumberFormat: 1,234.5 in English, 1.234,5 in German, 1 234,5 in French, at most
//     three decimals),
//     anything else as text. A parameter not given leaves its placeholder showing (Python
//     raises KeyError: in a test, a missing parameter fails).
// A plain script, not a module: the page's first script (js/early.js) formats before any
// module has loaded, so the build writes this file into the page ahead of early.js. It
// leaves window.stFormat; early.js hands it on as stEarly.format, which words.js uses.
(() => {
  const PLACEHOLDER = /\{(\w+)(?::(\w+))?\}/g;
  // Intl's objects are slow to make: each once per language, and only when first needed
  // (Intl.NumberFormat's first costs a slow tablet about 0.1 s; Intl.PluralRules' little).
  const made = new Map();   // "plurals:en" -> Intl.PluralRules, "numbers:en" -> Intl.NumberFormat
  const once = (kind, lang, make) => {
    const key = `${kind}:${lang}`;
    if (!made.has(key)) made.set(key, make(lang));
    return made.get(key);
  };
  const plurals = (lang) => once("plurals", lang, (l) => new Intl.PluralRules(l));
  const numbers = (lang) => once("numbers", lang, (l) => new Intl.NumberFormat(l));

  // The text of an entry: itself, or its plural form for n.
  function pick(lang, entry, n) {
    if (typeof entry !== "object") return entry;
    const form = typeof n === "number" ? plurals(lang).select(n) : "other";
    return entry[form] ?? entry.other;
  }

  // {name} and {name:form} replaced by their parameters.
  function fill(lang, text, params = {}) {
    return text.replace(PLACEHOLDER, (m, name, form) => {
      const key = form ? `${name}:${form}` : name;
      if (!Object.hasOwn(params, key)) return m;
      const value = params[key];
      if (typeof value !== "number") return String(value);
      // A whole number under 1000 is its digits in every catalogue's language (no grouping,
      // no decimals): written without Intl.NumberFormat, so that a returning visit's table
      // (every number on it is such) waits for none to be made.
      if (Number.isInteger(value) && (value > 0 || Object.is(value, 0)) && value < 1000) return String(value);
      return numbers(lang).format(value);
    });
  }

  const format = (lang, entry, params = {}) => fill(lang, pick(lang, entry, params.n), params);
  globalThis.stFormat = { pick, fill, format };
})();
