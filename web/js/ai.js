// The computer and hints, both worked out in a PyScript worker (ai_worker.py) that gets one
// seat's own view as JSON and answers with one action, so the page never waits on it.
import { call, setPayload } from "./bridge.js";
import { $ } from "./dom.js";
import { tellHint } from "./focus.js";
import { canHint, selectionOptions } from "./moves.js";
import { renderHint, renderPrompt, updateHintButton } from "./prompt.js";
import { render } from "./render.js";
import { options, state } from "./state.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The workers: the first answers everything; with a search level (the request says
// "shared"), every worker the device can spare (options.aiWorkers: one fewer than its cores,
// at most 4) searches its own worlds for the same time and the first merges their answers
// (ai_worker.py share / merge). Each is a Python of its own, started when first wanted; a
// decision uses the ones ready by then.
const workers = [];   // {promise, ready: the worker once it has started}

function startWorker(i) {
  if (!workers[i]) {
    const s = document.createElement("script");
    s.type = "py";
    s.setAttribute("worker", "");
    s.setAttribute("name", i ? `ai-${i + 1}` : "ai");
    s.setAttribute("src", "./ai_worker.py");
    s.setAttribute("config", "./pyscript.json");
    const entry = { ready: null };
    entry.promise = customElements.whenDefined("py-script").then(async () => {
      document.body.append(s);
      while (!s.xworker) await sleep(20);
      await s.xworker.ready;
      entry.ready = s.xworker;
      if (!i) marked(s.xworker);
      return s.xworker;
    });
    workers[i] = entry;
  }
  return workers[i].promise;
}

export const aiWorker = () => startWorker(0);

// <html data-ai-python="snapshot|page|started">: how the first worker's Python started
// (from the page's stored snapshot, from the one it made and had not stored yet, or as
// usual: js/snapshot.js workerPython), and
// window.__aiWorkerReady when it was ready (performance.now(); tests, benchmarks).
function marked(worker) {
  window.__aiWorkerReady = performance.now();
  worker.sync.started().then((how) => { document.documentElement.dataset.aiPython = how; }, () => {});
}

// The first worker started before its first question when the game's level searches in it
// (Hard): from the payload (Python's ai_searches: the table at ready, a returning visit's
// table before Python, a new game), or, before Python, from the new-game dialog's choice
// (its level marked data-searches) once Deal is pressed. Its Python then boots while the
// page's does, or while the player reads the table, and the computer's first search does
// not wait for it. Never for a level that decides on the page (Easy, Medium: their moves
// do not wait for the worker, which starts at their first move), a game between people,
// or an embed's preview. ?ai_early=0 holds it back until the first search.
// Once ready, a worker started early warms the engine (ai_worker.py warm: a short search,
// its caches built) if no decision has been asked of it yet, so the first search is not
// starved by building them; a decision asked meanwhile waits for the rest of it.
let asked = false;
function early() {
  aiWorker().then((w) => { if (!asked) w.sync.warm(); });
}

export function startEarly(P = state.P) {
  if (options.aiEarly && P?.ai_searches) early();
}

export function startEarlyForChoice() {
  const form = $("#new-form");
  const level = form?.querySelector('input[name="ai_level"]:checked');
  if (options.aiEarly && form.elements.opponent.value === "ai" && level?.hasAttribute("data-searches")) early();
}

// A Deal pressed before the modules loaded (js/early.js keeps it), or while Python starts.
if (window.stEarly?.pending === "deal") startEarlyForChoice();
document.addEventListener("st:early-wait", (e) => { if (e.detail === "deal") startEarlyForChoice(); });

// The first worker, and every other one already started (the rest start now, for later).
async function sharingWorkers() {
  const first = await aiWorker();
  for (let i = 1; i < options.aiWorkers; i++) startWorker(i);
  return [first, ...workers.slice(1).filter((w) => w.ready).map((w) => w.ready)];
}

// The workers a request goes to, if the first is ready now (else null).
function readyWorkers(request) {
  const first = workers[0]?.ready;
  if (!first) return null;
  if (!(request.shared && options.aiWorkers > 1)) return [first];
  for (let i = 1; i < options.aiWorkers; i++) startWorker(i);
  return [first, ...workers.slice(1).filter((w) => w.ready).map((w) => w.ready)];
}

// One request posted to the workers at once (before the first await), and their answer.
async function ask(ws, request, json) {
  if (ws.length === 1) {
    const one = request.hint ? ws[0].sync.hint(json) : ws[0].sync.choose(json);
    return { ...JSON.parse(await one), workers: 1 };
  }
  const answers = await Promise.all(ws.map((w, i) =>
    w.sync.share(JSON.stringify({ ...request, seed: request.seed + i }))));
  return JSON.parse(await ws[0].sync.merge(`[${answers.join(",")}]`, json));
}

// The computer's next decision asked before the page draws the position it is for, so the
// drawing and the thinking overlap (a tablet's page takes 0.2-0.6 s to draw a new deal):
// thinkAhead(out) is called with an answer that makes it the computer's turn, before
// setPayload(out); decide takes it if its request is the same (the same view and seed: the
// same position), and drops it otherwise. Only once a worker is ready.
let ahead = null;   // {json, answer}

export function thinkAhead(out) {
  ahead = null;
  if (!out?.ok || !out.ai_to_move || state.replay || !workers[0]?.ready) return;
  const r = call("ai_request");
  if (!r.ok || !r.request) return;
  const request = withBudget(r.request);
  const json = JSON.stringify(request);
  asked = true;
  const answer = ask(readyWorkers(request), request, json);
  answer.catch(() => {});   // one dropped unasked fails quietly; decide's await still throws
  ahead = { json, answer };
}

// The workers' answer to one request: {action, level, budget, ms, iterations, workers}, and
// for a hint's request (request.hint) its advice.
async function decide(request) {
  asked = true;
  const json = JSON.stringify(request);
  const early = !request.hint && ahead?.json === json ? ahead.answer : null;
  ahead = null;
  // A level that decides without a search (no budget: a few ms) is worked out on the page
  // while the first worker is still starting: WebKit compiles a worker's Pyodide anew, and
  // the computer's first move waited 4-13 s for it (docs/performance.md).
  const budget = request.budget || {};
  if (!early && !request.hint && !workers[0]?.ready && budget.time === undefined && budget.iterations === undefined) {
    aiWorker();   // starting, for the moves to come
    const out = call("ai_choose", request);
    if (out.ok) return { action: out.action, level: request.level, budget: {}, ms: null, iterations: null, workers: 0 };
  }
  const ws = early ? null : request.shared && options.aiWorkers > 1 ? await sharingWorkers() : [await aiWorker()];
  // Let the task that rendered the last move end (and paint) before the workers start (or,
  // asked ahead, before the wait is counted), so thinking never shares a task with the
  // page's own work.
  await sleep(0);
  const c0 = performance.now();
  const answer = await (early ?? ask(ws, request, json));
  // Spans while the workers think: the browser tests check no main-thread stall in them.
  (request.hint ? (window.__hintSpans ||= []) : (window.__aiSpans ||= [])).push([c0, performance.now()]);
  return answer;
}

// Tests and bench/ai_browser.py reach the worker through this (the page itself never does).
window.__aiWorker = aiWorker;
window.__aiDecide = decide;

// The thinking time of ?ai_time= replaces a time budget (search levels only).
function withBudget(req) {
  if (options.aiTime && req.budget && req.budget.time !== undefined) req.budget = { ...req.budget, time: options.aiTime };
  return req;
}

// The computer's moves under way (a promise), or null: what aiIdle hands out.
let running = null;

// Resolves once the computer has made the moves it is making (at once if it makes none): for
// code that must not change the table under it, instead of polling state.aiBusy.
export function aiIdle() {
  return running || Promise.resolve();
}

// Plays the computer's moves while it is to move (one at a time, each after a short pause);
// the promise resolves once it has made them.
export function maybeAI() {
  if (!state.P || !state.P.ai_to_move || state.aiBusy) return aiIdle();
  state.aiBusy = true;
  running = playMoves().finally(() => { running = null; });
  return running;
}

async function playMoves() {
  updateHintButton();
  $("#thinking").hidden = false;
  document.body.classList.add("ai-thinking");
  renderPrompt(state.P.view, selectionOptions());
  try {
    for (;;) {
      const r = call("ai_request");
      if (!r.ok || !r.request) break;
      const t0 = performance.now();
      const answer = await decide(withBudget(r.request));
      (window.__aiStats ||= []).push({ level: answer.level, budget: answer.budget, ms: answer.ms, iterations: answer.iterations, workers: answer.workers });
      const action = answer.action;
      const pause = ["play", "pass", "claim"].includes(action.kind) ? options.aiPause : options.aiPause / 2;
      // Always through a new task: the answer's arrival is not mixed with acting on it.
      await sleep(Math.max(0, pause - (performance.now() - t0)));
      const out = call("act", { action, seat: r.request.seat });
      if (!out.ok) { toast(t("toast.ai_illegal", { error: out.error })); break; }
      state.sel = null;
      thinkAhead(out);   // its next decision, if it moves again, while this move is drawn
      setPayload(out);
      if (!state.P.ai_to_move) break;
    }
  } catch (e) {
    console.error(e);
    toast(t("toast.ai_failed", { error: e.message || e }));
  } finally {
    state.aiBusy = false;
    updateHintButton();
    $("#thinking").hidden = true;
    document.body.classList.remove("ai-thinking");
    if (state.P) renderPrompt(state.P.view, selectionOptions());
  }
}

// Asks the strongest level (in the workers, shared as the computer's moves are, with this
// seat's view only) and shows its answer; the move itself is left to the player. A second
// press hides it again.
export async function requestHint() {
  if (!canHint() || state.hintBusy) return;
  if (state.hint) { state.hint = null; render(); return; }
  const r = call("hint_request", { seat: state.P.seat });
  if (!r.ok || !r.request) { toast(r.ok ? t("toast.hint_not_your_turn") : r.error); return; }
  const token = state.hintToken;
  state.hintBusy = true;
  document.body.classList.add("hint-thinking");
  renderHint();
  try {
    const answer = await decide(withBudget(r.request));
    (window.__hintStats ||= []).push({ ms: answer.ms, iterations: answer.iterations, workers: answer.workers });
    if (token !== state.hintToken) return;   // the player moved on meanwhile
    const words = call("hint_words", { action: answer.action, advice: answer.advice });
    if (!words.ok) throw new Error(words.error);
    state.hint = { action: answer.action, text: words.what, why: words.why };
  } catch (e) {
    console.error(e);
    toast(t("toast.hint_failed", { error: e.message || e }));
  } finally {
    state.hintBusy = false;
    document.body.classList.remove("hint-thinking");
    if (state.P) render();
  }
  if (state.hint && token === state.hintToken) tellHint($("#prompt-hint").textContent);
}
