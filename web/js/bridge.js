// The one way to Python (app.py on the main thread): window.stCall(name, argJSON, haveJSON)
// -> JSON text. Python holds the match, checks every action and saves after each one. A new
// payload goes into state.P and to every module that listens (render, the handover screen,
// the end screen), in the order they subscribed.
import { freshNow, options, state } from "./state.js";
import { t } from "./words.js";

// The move logs the page holds, by Python's log key (one per reader: a seat, or the public
// table under the handover screen): each answer carries only the lines from `log_from` on.
let logs = {};

export function call(name, arg) {
  // The table drawn before Python (quick.js): what needs Python is refused, in words.
  if (!window.stCall) return { ok: false, error: t("quick.wait"), code: "not_ready" };
  const t0 = performance.now();
  const have = Object.fromEntries(Object.entries(logs).map(([k, v]) => [k, v.length]));
  const text = window.stCall(name, JSON.stringify(arg ?? null), JSON.stringify(have));
  const out = JSON.parse(text);
  if (out.log_key !== undefined) keepLog(out);
  if (options.perf) performance.measure(`py:${name}`, { start: t0 });
  for (const fn of answerListeners) fn(out, name);
  return out;
}

// The answer's new lines joined to the log held: `out.log` is the whole log again. A key of
// another deal (or language) lets the old logs go.
function keepLog(out) {
  const deal = (k) => k.split(".")[0];
  const held = logs[out.log_key] ?? [];
  logs = Object.fromEntries(Object.entries(logs).filter(([k]) => deal(k) === deal(out.log_key)));
  logs[out.log_key] = held.slice(0, out.log_from).concat(out.log);
  out.log = logs[out.log_key];
}

// Every call's answer and the call's name, for what Python tells besides the result (saves.js:
// a save held back because another tab saved, or refused by a full storage; sound.js: the
// events of an action).
const answerListeners = [];

export function onAnswer(fn) {
  answerListeners.push(fn);
}

const listeners = [];

export function onPayload(fn) {
  listeners.push(fn);
}

export function setPayload(out) {
  const f = freshNow();
  // A new public play lands; the same one again (a redraw, the handover tap) keeps its clock
  // while fresh, and glows again once settled so the next player sees what was done.
  if (state.replay) { state.live = out; return; }   // shown again when the replay closes
  const last = justPlayed(out.events);
  if (last && !(f && sameAction(f.a, last))) state.fresh = { a: last, t0: performance.now() };
  state.P = out;
  state.hint = null;
  state.hintToken++;
  for (const fn of listeners) fn(out);
}

// The card the events show played, as render.js finds it on the table: a ruse's target where
// it was moved to, a tactic card on its stone.
function justPlayed(events) {
  const i = (events ?? []).findIndex((e) => e.type === "play");
  if (i < 0) return null;
  const play = events[i], move = events[i + 1];
  if (move?.type === "move") return { kind: "play", target: move.card, to: move.to };
  return { kind: "play", card: play.card, stone: play.stone };
}

function sameAction(a, b) {
  return JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
}
