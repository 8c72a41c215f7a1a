// The replay viewer: a record (the game at the table, or one opened) step by step, seen from
// a seat or with every card open, and the review's marks on it (review.js). Python holds the
// record and rebuilds every position (session.py, replay.py); this module only shows the
// steps it is given and sends back which one to show. Loaded on first use (games.js).
import { call, setPayload } from "./bridge.js";
import { $ } from "./dom.js";
import { render } from "./render.js";
import { canReview, review, showVerdict, wireReview } from "./review.js";
import { state } from "./state.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

export function openReplay(source = "game", info = null) {
  const out = info ?? call("replay_info", { source, mode: "" });
  if (!out.ok) { toast(out.error); return; }
  if (!state.replay) state.live = state.P;
  state.replay = { source: out.source, mode: out.mode, modes: out.modes, moves: out.moves,
    n: out.steps - 1, k: out.steps - 1, bottom: 0, over: out.over, review: out.review,
    players: out.players, position: !!out.position };   // who played it (an opened record is labelled by its own); a shared position: one step
  const select = $("#replay-mode");
  select.replaceChildren(...out.modes.map((m) => {
    const o = document.createElement("option");
    o.value = m;
    o.textContent = modeName(m);
    return o;
  }));
  select.value = out.mode;
  document.body.classList.add("replaying");
  $("#replay-bar").hidden = false;
  $("#replay-review").hidden = !canReview();
  $("#replay-play").hidden = !out.position;   // share.js: play on from a shared position
  // The review's summary stays under the bar (a toast would cover the hand).
  $("#review-summary").hidden = !out.review;
  $("#review-summary").textContent = out.review ? t("review.done", { summary: out.review.summary }) : "";
  showStep(out.view, out.steps - 1, out.step_review);
  $("#replay-back").focus();
}

const modeName = (m) => (m === "public" || m === "open" ? t(`replay.mode.${m}`)
  : (isYou(Number(m)) ? t("replay.mode.seat.you") : t("replay.mode.seat", { name: replayName(Number(m)) })));
// A seat's name in the replay on show, from its own players (the menu is made before its
// first step is drawn).
const replayName = (p) => (replayAI() ? t("name.computer")
  : state.replay?.players?.names?.[p] || t(p === 0 ? "name.south" : "name.north"));
const replayAI = () => state.replay?.players?.opponent === "ai";
const isYou = (p) => replayAI() && p === 1 - state.replay.players.ai_seat;

function showStep(view, k, stepReview = null) {
  const r = state.replay;
  showVerdict(stepReview);
  r.k = k;
  const seat = r.mode === "public" || r.mode === "open" ? null : Number(r.mode);
  // With every card open: the person's seat at the bottom (a friend's device: this device's).
  r.bottom = seat ?? (replayAI() ? 1 - r.players.ai_seat : (r.players?.seat ?? 0));
  const v = { ...view, legal: [] };   // a replay is for looking: nothing can be played
  if (view.open_hands) v.hand = view.open_hands[r.bottom];
  // The replay's players name its seats (names.js reads the payload's settings).
  const settings = { ...state.live.settings, ...r.players, names: r.players?.names ?? null };
  state.P = { ...state.live, settings, view: v, seat: view.open_hands ? r.bottom : seat, handover: null,
    ai_to_move: false, summary: null, refusals: {}, takeback: null, events: [],
    claims_text: {}, log: [] };
  $("#replay-step").textContent = r.position ? t("replay.position")
    : k === 0 ? t("replay.deal") : t("replay.step", { k, n: r.n });
  $("#replay-first").disabled = $("#replay-back").disabled = k === 0;
  $("#replay-forward").disabled = $("#replay-last").disabled = k === r.n;
  render();
  $("#handover").hidden = true;
}

function step(k) {
  const r = state.replay;
  if (!r) return;
  k = Math.max(0, Math.min(r.n, k));
  const out = call("replay_view", { source: r.source, mode: r.mode, step: k });
  if (!out.ok) { toast(out.error); return; }
  showStep(out.view, k, out.step_review);
}

// Reopens the replay with a review's marks, at its worst moment.
function reviewed(info) {
  const worst = info.review?.worst?.[0];
  openReplay(state.replay.source, info);
  if (worst !== undefined) step(worst);
}

function changeMode(mode) {
  const r = state.replay;
  const out = call("replay_info", { source: r.source, mode });
  if (!out.ok) { toast(out.error); return; }
  const k = r.k;
  openReplay(r.source, out);
  step(k);
}

export function closeReplay() {
  if (!state.replay) return;
  state.replay = null;
  showVerdict(null);
  document.body.classList.remove("replaying");
  $("#replay-bar").hidden = true;
  $("#review-summary").hidden = true;
  setPayload(state.live);
}

// The game at the table replayed, then reviewed (the end screen's Review).
export function reviewGame() {
  openReplay("game");
  if (canReview()) review(reviewed);
}

export function wireReplay() {
  $("#replay-first").addEventListener("click", () => step(0));
  $("#replay-back").addEventListener("click", () => step(state.replay.k - 1));
  $("#replay-forward").addEventListener("click", () => step(state.replay.k + 1));
  $("#replay-last").addEventListener("click", () => step(state.replay.n));
  $("#replay-exit").addEventListener("click", closeReplay);
  $("#replay-mode").addEventListener("change", (e) => changeMode(e.target.value));
  wireReview(reviewed);
  $("#log").addEventListener("click", (e) => {
    const li = e.target.closest("li[data-step]");
    if (li && state.replay) step(Number(li.dataset.step));
  });
  document.addEventListener("keydown", (e) => {
    if (!state.replay || e.target.closest("input, select, textarea, dialog")) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in moves) step(state.replay.k + moves[e.key]);
    else if (e.key === "Home") step(0);
    else if (e.key === "End") step(state.replay.n);
    else if (e.key === "Escape") closeReplay();
    else return;
    e.preventDefault();
  });
}
