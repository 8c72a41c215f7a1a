// Take-backs and game records (download, open, the recent games). The replay viewer and the
// review (replay.js, review.js, and their Python: the replay's part) are loaded on first
// use: a record opened, Replay, Review.
import { call, onPayload, setPayload } from "./bridge.js";
import { $ } from "./dom.js";
import { toggleLog } from "./log.js";
import { nameOf } from "./names.js";
import { partFailed, pythonPart } from "./part.js";
import { isAI, state } from "./state.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

// ------------------------------------------------------------------ the replay, on first use

let replayModule = null;   // replay.js once loaded (its controls wired)
function replayPart() {
  return Promise.all([import("./replay.js"), pythonPart("replay")]).then(([m]) => {
    if (!replayModule) { m.wireReplay(); replayModule = m; }
    return m;
  }, (error) => { toast(partFailed(error)); throw error; });
}

// A record (the game at the table, or one opened) on show in the replay viewer.
export function openReplay(source = "game", info = null) {
  return replayPart().then((m) => m.openReplay(source, info), () => {});
}

// Back to the game: only a replay on show has its module loaded.
export function closeReplay() {
  replayModule?.closeReplay();
}

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
  return replayPart().then(() => {
    const out = call("open_record", { text });
    if (!out.ok) { toast(out.error); return; }
    // The record goes on show: no dialog stays over it (the first visit's welcome included).
    for (const d of document.querySelectorAll("dialog[open]")) d.close();
    openReplay("opened", out);
  }, () => {});
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
  // No game yet: said beside the list, which keeps a row per game and nothing else.
  $("#games-none").textContent = t("games.none");
  $("#games-none").hidden = games.length > 0;
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
  statistics("statistics");   // (at once, unless the puzzles' part must load first)
  if (!d.open) d.showModal();
}

// The statistics, with the puzzles' line read by their part (loaded first if a puzzle was
// tried here: Python answers {part} without it).
async function statistics(name) {
  let out = call(name);
  if (out.ok && out.part) {
    try { await pythonPart(out.part); } catch (error) { toast(partFailed(error)); return; }
    out = call(name);
  }
  showStats(out);
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
  statistics("statistics_reset");
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
  $("#stats-reset").addEventListener("click", resetStats);
  // The end screen's Review: the replay of the game, then the review of it.
  document.addEventListener("st:review", () => { replayPart().then((m) => m.reviewGame(), () => {}); });
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
