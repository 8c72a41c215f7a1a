// Take-backs, the replay viewer, and game records (download, open, the recent games).
// Python holds the record and rebuilds every position (session.py, replay.py); this module
// only shows the steps it is given and sends back which one to show.
import { call, onPayload, setPayload } from "./bridge.js";
import { $ } from "./dom.js";
import { toggleLog } from "./log.js";
import { nameOf } from "./names.js";
import { render } from "./render.js";
import { canReview, review, showVerdict, wireReview } from "./review.js";
import { isAI, state } from "./state.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

// ------------------------------------------------------------------ take-backs

function updateUndo(P) {
  const seat = isAI() ? 1 - P.settings.ai_seat : null;
  // Against a friend's device: Undo asks the friend, who answers on their device (duo.js).
  const mine = P.duo ? P.takeback === P.duo.seat : isAI() && P.takeback === seat;
  $("#btn-undo").hidden = !mine || !!state.replay;
  const b = $("#handover-undo");
  const shared = !isAI() && P.handover !== null && P.handover !== undefined &&
    P.takeback !== null && P.takeback !== undefined;
  b.hidden = !shared;
  if (shared) b.textContent = t("takeback.ask", { name: nameOf(P.takeback) });
}

function takeBack(seat) {
  const out = call("take_back", { seat });
  if (!out.ok) { toast(out.error); return; }
  state.sel = null;
  setPayload(out);
  // Against the computer the table just goes back: say what was undone (Python's words).
  if (out.undone) toast(out.undone, "info");
}

// The consent question (a take-back on a shared device, or a friend's from their device):
// its words, and what to do with the answer. Escape or closing it answers no.
let consent = null;

export function askConsent(words, onAnswer) {
  const d = $("#dlg-undo");
  $("#undo-title").textContent = words.title;
  $("#undo-text").textContent = words.text;
  $("#undo-yes").textContent = words.yes;
  $("#undo-no").textContent = words.no;
  consent = onAnswer;
  if (!d.open) d.showModal();
  $("#undo-no").focus();   // the safe answer first: Enter does not undo by accident
}

function answerConsent(yes) {
  const onAnswer = consent;
  consent = null;
  if ($("#dlg-undo").open) $("#dlg-undo").close();
  onAnswer?.(yes);
}

// On a shared device the other player agrees first, on the handover screen.
function askTakeBack() {
  const p = state.P.takeback;
  askConsent({
    title: t("takeback.title"),
    text: t("takeback.text", { name: nameOf(p), other: nameOf(1 - p) }),
    yes: t("takeback.agree", { other: nameOf(1 - p) }),
    no: t("takeback.refuse"),
  }, (yes) => { if (yes) takeBack(p); });
}

// ------------------------------------------------------------------ replay

export function openReplay(source = "game", info = null) {
  const out = info ?? call("replay_info", { source, mode: "" });
  if (!out.ok) { toast(out.error); return; }
  if (!state.replay) state.live = state.P;
  state.replay = { source: out.source, mode: out.mode, modes: out.modes, moves: out.moves,
    n: out.steps - 1, k: out.steps - 1, bottom: 0, over: out.over, review: out.review,
    players: out.players, position: !!out.position };   // a shared position: one step   // who played it: an opened record is labelled by its own
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

// ------------------------------------------------------------------ records

function download() {
  const out = call("record");
  if (!out.ok) { toast(out.error); return; }
  save(out.record);
}

function save(record) {
  const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `schotten-totten-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function openText(text) {
  const out = call("open_record", { text });
  if (!out.ok) { toast(out.error); return; }
  // The record goes on show: no dialog stays over it (the first visit's welcome included).
  for (const d of document.querySelectorAll("dialog[open]")) d.close();
  openReplay("opened", out);
}

async function openFile(file) {
  if (file) openText(await file.text());
}

function showGames() {
  const d = $("#dlg-games");
  $("#games-title").textContent = t("games.title");
  $("#games-replay").textContent = t("games.replay_this");
  $("#games-download").textContent = t("games.download");
  $("#games-open-label").textContent = t("games.open");
  $("#games-drop").textContent = t("games.drop");
  $("#games-recent").textContent = t("games.recent");
  const out = call("games");
  const list = $("#games-list");
  list.replaceChildren();
  const games = out.ok ? out.games : [];
  if (!games.length) {
    const li = document.createElement("li");
    li.textContent = t("games.none");
    list.append(li);
  }
  for (const g of games) {
    const li = document.createElement("li");
    const text = document.createElement("span");
    const date = new Date(g.date).toLocaleString(document.documentElement.lang || undefined,
      { dateStyle: "medium", timeStyle: "short" });
    text.textContent = t("games.item", { date, game: g.game, opponent: g.opponent, result: g.result })
      + (g.takebacks ? ` (${t("games.with_takebacks")})` : "");
    const replay = document.createElement("button");
    replay.type = "button";
    replay.className = "secondary";
    replay.textContent = t("games.replay");
    replay.addEventListener("click", () => openText(JSON.stringify(g.record)));
    const dl = document.createElement("button");
    dl.type = "button";
    dl.className = "secondary";
    dl.textContent = t("games.download");
    dl.addEventListener("click", () => save(g.record));
    li.append(text, replay, dl);
    list.append(li);
  }
  showStats(call("statistics"));
  if (!d.open) d.showModal();
}

// Statistics on this device (web/stats.py), worded in Python.
function showStats(out) {
  const list = $("#stats-list");
  list.replaceChildren();
  if (!out.ok) return;
  for (const row of out.rows) {
    const li = document.createElement("li");
    li.textContent = `${row.opponent}: ${row.text}` + (row.takebacks_text ? ` (${row.takebacks_text})` : "");
    list.append(li);
  }
  if (out.empty) {
    const li = document.createElement("li");
    li.textContent = out.empty;
    list.append(li);
  }
  if (out.puzzles) {   // the puzzles' rating and streak (web/puzzles.py)
    for (const text of [out.puzzles.text, out.puzzles.streak]) {
      const li = document.createElement("li");
      li.textContent = text;
      li.className = "stats-puzzles";
      list.append(li);
    }
  }
  const streaks = [out.streak, out.best].filter(Boolean).join(" · ");
  $("#stats-streaks").hidden = !streaks;
  $("#stats-streaks").textContent = streaks;
  $("#stats-reset").hidden = !out.rows.length;
}

function resetStats() {
  if (!confirm(t("stats.reset_confirm"))) return;
  showStats(call("statistics_reset"));
}

// ------------------------------------------------------------------ wiring

export function wireGames() {
  onPayload((P) => { if (!state.replay) updateUndo(P); });
  $("#btn-undo").addEventListener("click", () => {
    if (!$("#btn-undo").hidden) takeBack(state.P.duo ? null : 1 - state.P.settings.ai_seat);
  });
  $("#handover-undo").addEventListener("click", askTakeBack);
  $("#undo-yes").addEventListener("click", () => answerConsent(true));
  $("#undo-no").addEventListener("click", () => answerConsent(false));
  $("#dlg-undo").addEventListener("close", () => { if (consent) answerConsent(false); });
  $("#btn-games").addEventListener("click", showGames);
  // The opponent's last turn, cut to two lines above the hand: a tap shows the whole log.
  $("#prompt-last").addEventListener("click", () => toggleLog(true));
  $("#games-replay").addEventListener("click", () => { $("#dlg-games").close(); openReplay("game"); });
  $("#games-download").addEventListener("click", download);
  $("#games-file").addEventListener("change", (e) => openFile(e.target.files[0]));
  $("#replay-first").addEventListener("click", () => step(0));
  $("#replay-back").addEventListener("click", () => step(state.replay.k - 1));
  $("#replay-forward").addEventListener("click", () => step(state.replay.k + 1));
  $("#replay-last").addEventListener("click", () => step(state.replay.n));
  $("#replay-exit").addEventListener("click", closeReplay);
  $("#replay-mode").addEventListener("change", (e) => changeMode(e.target.value));
  $("#stats-reset").addEventListener("click", resetStats);
  wireReview(reviewed);
  document.addEventListener("st:review", () => {
    openReplay("game");
    if (canReview()) review(reviewed);
  });
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
  // A game record dropped anywhere on the page opens in the replay viewer.
  addEventListener("dragover", (e) => { if (e.dataTransfer?.types.includes("Files")) e.preventDefault(); });
  addEventListener("drop", (e) => {
    const file = e.dataTransfer?.files?.[0];
    if (!file) return;
    e.preventDefault();
    openFile(file);
  });
}

// A record in the link (#record=<JSON, URI-encoded>) opens once the table is ready.
export function openLinkedRecord() {
  const m = location.hash.match(/^#record=(.+)$/);
  if (m) openText(decodeURIComponent(m[1]));
}
