// tests/test_link_grammar.py and tests/test_duo.py run this under Node: the page's reading
// of links (web/js/links.js) on a JSON list of texts (any JSON values) on stdin. Writes its
// limits and, for each text, what parseLink makes of it and whether carriesMessages holds;
// and for each link read with messages and no reconnect part, its parts written back by the
// page's builders on the address BASE (linkOf, fragmentOf, withAddress, firstPart).
import { readFileSync } from "node:fs";
import {
  carriesMessages, firstPart, fragmentOf, linkOf, MAX_LINK, MAX_MESSAGES, messagePart, NO_LIVE, parseLink, rtcPart,
  withAddress,
} from "../web/js/links.js";

const BASE = "https://user.github.io/schotten-totten/";

function written(parsed) {
  if (parsed.refused || parsed.reconnect !== null) return null;
  const parts = parsed.messages.map(messagePart).concat(parsed.rtc === null ? [] : [rtcPart(parsed.rtc)]);
  const fragment = fragmentOf(parts);
  return { link: linkOf(BASE, parts), fragment, again: withAddress(BASE, fragment), first: firstPart(fragment) };
}

const texts = JSON.parse(readFileSync(0, "utf-8"));
const links = texts.map((text) => {
  const parsed = parseLink(text);
  return { parsed, carries: carriesMessages(text), written: written(parsed) };
});
process.stdout.write(JSON.stringify({ limits: { messages: MAX_MESSAGES, link: MAX_LINK }, noLive: NO_LIVE, base: BASE, links }));
