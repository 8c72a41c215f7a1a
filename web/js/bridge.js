// The one way to Python (app.py on the main thread): window.stCall(name, argJSON) -> JSON
// text. Python holds the match, checks every action and saves after each one. A new payload
// goes into state.P and to every module that listens (render, the handover screen, the end
// screen), in the order they subscribed.
import { freshNow, options, state } from "./state.js";

export function call(name, arg) {
  const t0 = performance.now();
  const text = window.stCall(name, JSON.stringify(arg ?? null));
  const out = JSON.parse(text);
  if (options.perf) performance.measure(`py:${name}`, { start: t0 });
  for (const fn of answerListeners) fn(out);
  return out;
}

// Every call's answer, for what Python tells besides the result (saves.js: a save held back
// because another tab saved, or refused by a full storage).
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
  if (out.last && !(f && sameAction(f.a, out.last))) state.fresh = { a: out.last, t0: performance.now() };
  state.P = out;
  state.hint = null;
  state.hintToken++;
  for (const fn of listeners) fn(out);
}

function sameAction(a, b) {
  return JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
}
