// tests/test_link_grammar.py and tests/test_duo.py run this under Node: the page's reading
// of links (web/js/links.js) on a JSON list of texts (any JSON values) on stdin. Writes its
// limits and, for each text, what parseLink makes of it and whether carriesMessages holds.
import { readFileSync } from "node:fs";
import { carriesMessages, MAX_LINK, MAX_MESSAGES, NO_LIVE, parseLink } from "../web/js/links.js";

const texts = JSON.parse(readFileSync(0, "utf-8"));
const links = texts.map((text) => ({ parsed: parseLink(text), carries: carriesMessages(text) }));
process.stdout.write(JSON.stringify({ limits: { messages: MAX_MESSAGES, link: MAX_LINK }, noLive: NO_LIVE, links }));
