// A returning visit's table before Python is ready. The last payload the page drew (the view
// with the moves then legal, the words Python gave, the log) is kept beside the save in
// localStorage (KEY), with a digest of the save text it belongs to. The next visit draws the
// table from it at once while Python starts (boot.js), if the save is still exactly that
// text: a save changed since (another tab, one held back or refused by a full storage) gets
// no early table. A tap is checked against that payload's legal list as every tap is
// (moves.js: a filter of the engine's list, no rule here); the one action it makes waits,
// shown on the table (state.pending), and goes to the engine once Python is ready
// (boot.js, start): the engine judges it like any other, and a refusal withdraws it with the
// engine's words. Nothing is stored for a waiting action, so a page closed meanwhile leaves
// the saved game as it was.
//
// Only a table a player of this device acts on is kept: not a game with a friend's device
// (its messages need Python), a lesson, the handover screen or the end of a game.
import { cardTitle } from "./cards.js";
import { $, $$ } from "./dom.js";
import { state } from "./state.js";
import { t } from "./words.js";

const store = window.stStore;
const SAVE = store.saveKey();   // app.py's SAVE
const KEY = `${SAVE}.drawn`;

// FNV-1a over the save's text: tells the save the payload was drawn from (not a secret).
function digest(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}:${(h >>> 0).toString(16)}`;
}

function keepable(P) {
  return P.ok !== false && P.view && P.seat !== null && P.seat !== undefined && !P.duo &&
    (P.handover === null || P.handover === undefined) && !["round_over", "over"].includes(P.view.step) &&
    !document.body.classList.contains("in-lesson");
}

// Every payload drawn (bridge.js onPayload): kept with the save it shows, or let go.
export function remember(P) {
  if (state.waiting) return;   // the early table itself: already kept
  // Refused (storage blocked or full): the next visit waits for Python.
  const save = store.get(SAVE);
  if (save && keepable(P)) store.setJSON(KEY, { save: digest(save), payload: P });
  else store.remove(KEY);
}

// The payload to draw before Python, or null.
export function drawnBefore() {
  // An embed's game carried here waits for Python to weigh it against the save (embed.js).
  if (window.stCarried || store.get(`${SAVE}.carried`)) return null;
  const save = store.get(SAVE);
  const kept = store.getJSON(KEY);   // none, or not readable: the usual start
  if (save && kept?.save === digest(save) && kept.payload?.view) return kept.payload;
  return null;
}

// An action made on the early table: it waits for Python (flow.js doAct).
export function wait(action) {
  state.pending = action;
  state.sel = null;
  document.body.classList.add("move-pending");
}

// Python is ready: the waiting action, taken off the table (the engine's payload is drawn
// next), for boot.js to send.
export function takePending() {
  const action = state.pending;
  state.pending = null;
  state.waiting = false;
  document.body.classList.remove("move-pending");
  return action;
}

// After each render while an action waits: its card on its stone, marked as waiting, and
// the prompt saying so (render.js).
export function showPending() {
  const a = state.pending;
  if (!a) return;
  if (a.kind === "play" && a.card) {
    for (const el of $$(`#hand .card[data-card="${a.card}"]`)) el.classList.add("pending");
    if (a.stone !== undefined) $(`#board .lane[data-stone="${a.stone}"]`)?.classList.add("pending");
  }
  const text = a.kind === "play" && a.stone !== undefined
    ? t("quick.pending", { card: cardTitle(a.card), n: a.stone + 1 })
    : t("quick.pending_other");
  $("#prompt-text").textContent = text;
  $("#prompt-buttons").innerHTML = "";
}
