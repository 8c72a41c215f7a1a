// The grammar of a link to a game on two devices, read and written here only. Its twin in
// Python is engine/remote/links.py (parse_link); tests/test_link_grammar.py feeds both the
// cases of tests/data/links.json (through Node: tests/links_check.mjs) and fails if they
// read any link differently. Pure (no page, no Python), so Node runs it.
//
//   <address>#m=<message>[&m=<message>...][&rtc=<offer or answer>]
//   <address>#r=<reconnect offer or answer>
//
// Written by linkOf (or fragmentOf, withAddress) from parts made by messagePart and rtcPart;
// Python's builders (link_of, message_part, rtc_part) write the same links.
//
// Without "#" the whole text is the fragment. Parts other than m=, rtc= and r= are left
// alone; of several rtc= or r= parts the first counts. web/duo.py reads each message,
// web/reconnect.py a reconnect part.

// The most messages (m= and r= parts) one link may carry. The page puts three in one at
// most (the hand's shares after the deal, a turn and a take-back question, when the player
// sends as late as the game allows: tests/test_duo.py plays it out); a link with more is
// refused before any of it is read, so one that repeats an old message thousands of times
// costs nothing.
export const MAX_MESSAGES = 8;
// The longest link read at all (engine/remote/messages.py, MAX_LINK).
export const MAX_LINK = 80_000;
// The rtc= value of a device that plays by links only (the terminal, engine/remote/links.py).
export const NO_LIVE = "none";

// The parts of a link's fragment, in order; spaces and line breaks around the text (a
// pasted link) are none of it (ASCII white space only, as Python strips it there).
function partsOf(text) {
  const trimmed = text.replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, "");
  const at = trimmed.indexOf("#");
  return (at >= 0 ? trimmed.slice(at + 1) : trimmed).split("&");
}

// Whether a text is meant as a game link (it has a message or a reconnect part), even one
// that parseLink refuses: such a text is the game's to answer, with the refusal in words.
export function carriesMessages(text) {
  return typeof text === "string" && partsOf(text).some((p) => p.startsWith("m=") || p.startsWith("r="));
}

// Characters as Python counts them (a character beyond the BMP is one, not two).
const length = (text) => (text.length > MAX_LINK ? [...text].length : text.length);

// A link's parts: {messages: [payload, ...], rtc: value or null, reconnect: value or null};
// or {refused: [code, params]}, the code an engine catalogue key's last part
// (error.remote.<code>): not_a_link, too_big, too_many.
export function parseLink(text) {
  if (typeof text !== "string") return { refused: ["not_a_link", {}] };
  if (length(text) > MAX_LINK) return { refused: ["too_big", { limit: MAX_LINK }] };
  const messages = [];
  let rtc = null, reconnect = null, n = 0;
  for (const part of partsOf(text)) {
    const at = part.indexOf("="), name = at < 0 ? part : part.slice(0, at), value = part.slice(at + 1);
    if (at < 0) continue;
    if (name === "m") { messages.push(value); n += 1; }
    else if (name === "r") { if (reconnect === null) reconnect = value; n += 1; }
    else if (name === "rtc" && rtc === null) rtc = value;
  }
  if (n > MAX_MESSAGES) return { refused: ["too_many", { n, limit: MAX_MESSAGES }] };
  if (!n) return { refused: ["not_a_link", {}] };
  return { messages, rtc, reconnect };
}

// The link that carries `parts` ("m=...", "rtc=..."), on the page's address `base`.
export function linkOf(base, parts) {
  return `${base}#${parts.join("&")}`;
}

// The fragment alone ("#m=...") that carries `parts`: what Python reads one message at a
// time, and what the live channel carries.
export function fragmentOf(parts) {
  return linkOf("", parts);
}

// A fragment Python made ("#m=...", "#r=...") as a link on the page's address `base`.
export function withAddress(base, fragment) {
  return `${base}${fragment}`;
}

// A link's m= part carrying the message `payload`.
export function messagePart(payload) {
  return `m=${payload}`;
}

// The first part a link or a fragment carries ("#m=..." -> "m=..."): Python's fragments of
// one message (duo.send.link, duo.resend) as the page keeps them.
export function firstPart(text) {
  return partsOf(text)[0];
}

// A link's (or a lone "rtc=..." part's) rtc= value, the first as parseLink reads it, or null.
export function rtcOf(text) {
  const part = partsOf(text).find((p) => p.startsWith("rtc="));
  return part === undefined ? null : part.slice(4);
}

// A link's rtc= part carrying `value`.
export function rtcPart(value) {
  return `rtc=${value}`;
}

// `link` with one more part ("rtc=...") after those it carries.
export function withPart(link, part) {
  return `${link}&${part}`;
}
