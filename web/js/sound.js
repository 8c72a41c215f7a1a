// Short sounds for what happens at the table, synthesized with Web Audio (no sound files): a
// card played, a claim, a stone won, the end of a round and of the match. They follow the
// public `events` of each action Python answers (bridge.onAnswer on "act"), never the rules.
// Muted by the header's sound tool, remembered on the device. The AudioContext is made only
// at the reader's first gesture on the table (browsers allow sound no earlier), so an embed
// is silent until its reader presses Play: its preview loads this module only then.
import { onAnswer } from "./bridge.js";
import { $ } from "./dom.js";
import { t } from "./words.js";

const KEY = "schotten-totten.muted";
const GAP = 0.16;   // seconds between the sounds of one action (a play, then the round's end)

// Each sound: a wave, a peak gain and its notes [frequency Hz, start s, length s].
export const SOUNDS = {
  card: { wave: "triangle", gain: 0.2, notes: [[196, 0, 0.06]] },                 // a soft knock
  claim: { wave: "sine", gain: 0.14, notes: [[330, 0, 0.1], [262, 0.08, 0.14]] },  // the other side takes a stone
  won: { wave: "sine", gain: 0.16, notes: [[523.25, 0, 0.09], [783.99, 0.07, 0.16]] }, // a stone won
  round: { wave: "triangle", gain: 0.14, notes: [[392, 0, 0.12], [493.88, 0.1, 0.12], [587.33, 0.2, 0.24]] },
  match: { wave: "triangle", gain: 0.16,
    notes: [[523.25, 0, 0.12], [659.25, 0.1, 0.12], [783.99, 0.2, 0.12], [1046.5, 0.3, 0.4]] },
};

let ctx = null;

export function isMuted() {
  return window.stStore.get(KEY) === "1";
}

function setMuted(muted) {
  // Refused (storage blocked): muted for this visit only.
  if (muted) window.stStore.set(KEY, "1"); else window.stStore.remove(KEY);
  mutedHere = muted;
  showTool();
}
let mutedHere = null;   // the choice made here when storage cannot keep it
const muted = () => mutedHere ?? isMuted();

// The sounds an action's public events call for, in order: the card played, a stone claimed
// (won, when the seat on show, or anyone on a shared device's public table, claims it), then
// the end of the round or of the match (which says more than the claims that ended it).
export function soundsFor(events, seat) {
  const out = [];
  const has = (type) => (events ?? []).filter((e) => e.type === type);
  if (has("play").length) out.push("card");
  const end = has("match_end").length ? "match" : has("round_end").length ? "round" : null;
  const claims = has("claim");
  if (claims.length && !end) {
    out.push(claims.some((e) => seat === null || seat === undefined || e.player === seat) ? "won" : "claim");
  }
  if (end) out.push(end);
  return out;
}

function context() {
  if (ctx) return ctx;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  ctx = new Ctx();
  return ctx;
}

function play(name, at) {
  const c = context();
  if (!c) return;
  const s = SOUNDS[name];
  const t0 = c.currentTime + at;
  for (const [freq, start, length] of s.notes) {
    const osc = c.createOscillator();
    const gain = c.createGain();
    osc.type = s.wave;
    osc.frequency.value = freq;
    // A quick attack and an exponential fade: no click at either end.
    gain.gain.setValueAtTime(0.0001, t0 + start);
    gain.gain.exponentialRampToValueAtTime(s.gain, t0 + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
    osc.connect(gain).connect(c.destination);
    osc.start(t0 + start);
    osc.stop(t0 + start + length + 0.02);
  }
}

export function playEvents(events, seat) {
  if (muted() || !ctx) return [];
  const names = soundsFor(events, seat);
  names.forEach((name, i) => play(name, i * GAP));
  (window.__sounds ??= []).push(...names);   // for the tests: what was asked to sound
  return names;
}

// The tool says what pressing it does ("Mute", "Unmute"): its name changes with the state,
// so it is a plain button, not a toggle (a toggle's name must not change; WAI-ARIA APG).
// The keys go in its data-t attributes too, so a later pass of translatePage keeps them.
function showTool() {
  const btn = $("#btn-sound");
  if (!btn) return;
  const off = muted();
  const [key, name] = off ? ["tool.unmute", "tool.unmute.label"] : ["tool.sound", "tool.sound.label"];
  btn.dataset.tTitle = btn.dataset.tAriaLabel = name;
  btn.title = t(name);
  btn.setAttribute("aria-label", t(name));
  const label = btn.querySelector(".tool-label");
  label.dataset.t = key;
  label.textContent = t(key);
  btn.classList.toggle("muted", off);
}

export function wireSound() {
  const btn = $("#btn-sound");
  btn?.addEventListener("click", () => setMuted(!muted()));
  showTool();
  const start = () => {
    const c = context();
    if (c && c.state === "suspended") c.resume();
  };
  for (const type of ["pointerdown", "keydown"]) addEventListener(type, start, { capture: true });
  onAnswer((out, name) => {
    if (name === "act" && out.ok) playEvents(out.events, out.seat);
  });
}
