// The bar of a game with a friend's device (#duo-bar, and the end screen's buttons that cover
// it): who plays and what the game waits for, in Python's words where it has them (the key
// due); Send, Send again, Open a link, Reconnect, and the hint of which device acts first.
// It draws duo-state.js's state; what the buttons do is duo-send.js's and duo.js's.
import { $ } from "./dom.js";
import { capital, friend } from "./duo-dialog.js";
import { renderCheck } from "./duo-code.js";
import { connText, duoOf, duoState, keepUnsent, live, wasLiveHere } from "./duo-state.js";
import { reconnectOffered } from "./reconnect.js";
import { state } from "./state.js";
import { t } from "./words.js";

// What the link to send carries, for its words: the most telling of its messages.
const KIND_ORDER = ["move", "request", "answer", "deal", "reply"];
function unsentKind() {
  const have = duoState.unsent.map((part) => duoState.kinds.get(part) ?? "move");
  return KIND_ORDER.find((k) => have.includes(k)) ?? "move";
}

export function renderBar() {
  const duo = duoOf();
  const { unsent, pairing } = duoState;
  const bar = $("#duo-bar");
  bar.hidden = !duo || !state.P?.duo;
  if (!duo) {
    delete document.body.dataset.duo;
    $("#end-duo-send").hidden = $("#end-duo-key").hidden = true;
    return;
  }
  const name = friend(duo), connection = connText();
  const ended = duo.code_check === "differ", isLive = live.state === "live";
  const kind = unsentKind();
  let text;
  if (duo.verdict) text = t("duo.status.void", { name, verdict: duo.verdict });
  else if (ended) text = t("duo.status.ended", { name });
  else if (duo.asking) text = t("duo.status.asking", { name, connection });
  else if (unsent.length) text = t(kind === "move" ? "duo.status.unsent" : `duo.status.unsent.${kind}`, { name });
  else if (duo.waiting === "over") text = t("duo.status.over", { name });
  else if (duo.waiting === "you") text = t("duo.status.you", { name, connection });
  else if (duo.hand_coming) text = t("duo.status.hand_coming", { name, connection });
  else text = t("duo.status.waiting", { name, connection });
  text = capital(text);
  if ($("#duo-status").textContent !== text) $("#duo-status").textContent = text;
  // The move that ends a round is sent from the end screen too (it covers the bar).
  for (const b of [$("#duo-send"), $("#end-duo-send")]) {
    b.hidden = !unsent.length || ended;
    b.textContent = kind === "move" ? t("duo.send", { name }) : t(`duo.send.${kind}`, { name });
  }
  // Live, no link travels: no link to send again, none to open.
  $("#duo-again").hidden = !!unsent.length || !(duoState.lastLink || duo.resend) || isLive || ended;
  $("#duo-open-link").hidden = isLive || ended;
  const offered = !pairing && !isLive && !ended && reconnectOffered(duo);
  $("#duo-reconnect").hidden = !offered;
  renderHint(duo, offered);
  // The round is over and the friend's key has not come: why the game waits, in the bar and
  // on the end screen that covers it (the words are web/duo.py's).
  for (const p of [$("#duo-key"), $("#end-duo-key")]) {
    const text = duo.key_due_text ?? "";
    p.hidden = !text;
    if (p.textContent !== text) p.textContent = text;
  }
  renderCheck();
  if (!pairing) document.body.dataset.duo = unsent.length ? "unsent" : duo.waiting;
  keepUnsent(duo);
  document.body.dataset.duoConnection = live.state;
}

// Which device acts first to bring the live channel back: the one that reloaded presses
// Reconnect; the one that lost the channel opens the link the other sends (or presses it
// too: reconnect.js settles both at once).
function renderHint(duo, offered) {
  const was = wasLiveHere(duo);
  const which = !offered || live.state !== "links" ? null : live.was ? "lost" : was ? "resumed" : null;
  const hint = $("#duo-hint");
  hint.hidden = !which;
  const text = which ? t(`duo.hint.${which}`, { name: friend(duo) }) : "";
  if (hint.textContent !== text) hint.textContent = text;
  if (which) hint.dataset.which = which;
  else delete hint.dataset.which;
}
