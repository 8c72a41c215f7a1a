// For tests/test_format.py: fills catalogue entries by web/js/format.js, the page's rule.
// Reads [[lang, entry, params], ...] as JSON on stdin; writes the texts, in order, as JSON.
import { readFileSync } from "node:fs";

await import(new URL("../web/js/format.js", import.meta.url));
const cases = JSON.parse(readFileSync(0, "utf-8"));
const texts = cases.map(([lang, entry, params]) => globalThis.stFormat.format(lang, entry, params));
process.stdout.write(JSON.stringify(texts));
