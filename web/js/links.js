// The parts of a link to a game on two devices, and how many it may carry: pure (no page,
// no Python), so Node runs it in the tests (tests/links_check.mjs). web/duo.py reads each
// message; web/reconnect.py a reconnect link.

// The most messages one link may carry. The page puts three in one at most (the hand's
// shares after the deal, a turn and a take-back question, when the player sends as late as
// the game allows: tests/test_duo.py plays it out); a link with more is refused before any
// of it is read, so one that repeats an old message thousands of times costs nothing.
export const MAX_MESSAGES = 8;

// The messages a link carries: each "m=..." part of its fragment (and a reconnect link's
// "r=...").
export function messagesIn(text) {
  const at = text.indexOf("#");
  return (at >= 0 ? text.slice(at + 1) : text).split("&").filter((p) => p.startsWith("m=") || p.startsWith("r="));
}

// Why a link's messages are refused unread ([catalogue key, params]), or null.
export function refusal(parts) {
  return parts.length > MAX_MESSAGES ? ["duo.too_many", { n: parts.length, limit: MAX_MESSAGES }] : null;
}
