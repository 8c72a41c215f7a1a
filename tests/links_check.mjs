// For tests/test_duo.py: the page's reading of a link's parts (web/js/links.js), in Node.
// Reads a JSON list of link texts on stdin; writes the most messages a link may carry and,
// for each link, how many it carries and why it is refused unread (null: it is read).
import { readFileSync } from "node:fs";

const { MAX_MESSAGES, messagesIn, refusal } = await import(new URL("../web/js/links.js", import.meta.url));
const texts = JSON.parse(readFileSync(0, "utf-8"));
const links = texts.map((text) => {
  const parts = messagesIn(text);
  return { parts: parts.length, refusal: refusal(parts) };
});
process.stdout.write(JSON.stringify({ max: MAX_MESSAGES, links }));
