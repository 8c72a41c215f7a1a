// Puzzles from real games: the panel over the table while a puzzle is on it. The puzzles are
// Python's (web/puzzles.py: the file read, the puzzle put on the table as a lesson's step is,
// the answer judged by the engine, the rating and streak kept); the file is fetched the first
// time the player opens the puzzles, never at boot (the service worker keeps it for offline).
// The player answers on the normal table, by tap, drag or keyboard: app.py judges the move
// instead of playing it, and the verdict is read out (the panel's live region).
import { maybeAI } from "./ai.js";
import { call, onPayload, setPayload } from "./bridge.js";
import { openNewGame } from "./dialogs.js";
import { $ } from "./dom.js";
import { closeReplay } from "./games.js";
import { layoutIfNeeded } from "./layout.js";
import { state } from "./state.js";
import { hideToast, toast } from "./toast.js";
import { t } from "./words.js";

let loaded = false;
let shown = null;   // the puzzle status on show (Python's), or null

// The date as the player's calendar says it: the puzzle of the day changes at their midnight.
export function today() {
  const d = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

async function load() {
  if (loaded) return true;
  toast(t("puzzle.loading"));
  try {
    const res = await fetch("./puzzles.json");
    if (!res.ok) throw new Error(String(res.status));
    const out = call("puzzle_load", { text: await res.text() });
    if (!out.ok) { toast(out.error); return false; }
  } catch {
    toast(t("puzzle.load_failed"));
    return false;
  }
  loaded = true;
  hideToast(t("puzzle.loading"));   // loaded: the puzzle itself says the rest
  return true;
}

export async function openPuzzle(arg = {}) {
  if (!(await load())) return;
  const out = call("puzzle_open", arg);
  if (!out.ok) { toast(out.error); return; }
  for (const id of ["#dlg-new", "#dlg-games", "#dlg-end"]) if ($(id)?.open) $(id).close();
  if (state.replay) closeReplay();
  document.body.classList.add("in-puzzle");
  state.sel = null;
  setPayload(out);
  maybeAI();
  $("#puzzle-task").focus({ preventScroll: true });
}

function show(pz) {
  shown = pz;
  const panel = $("#puzzle");
  const before = panel.hidden ? 0 : panel.offsetHeight;
  panel.hidden = false;
  panel.dataset.kind = pz.kind;
  panel.dataset.index = pz.index;
  panel.dataset.solved = pz.solved === null ? "" : String(pz.solved);
  $("#puzzle-title").textContent = pz.daily ? `${t("puzzle.daily_title")}: ${pz.title}` : pz.title;
  $("#puzzle-count").textContent = pz.words.count;
  $("#puzzle-task").textContent = pz.task;
  $("#puzzle-hint-text").hidden = !pz.hint;
  $("#puzzle-hint-text").textContent = pz.hint ?? "";
  const v = $("#puzzle-verdict");
  const said = pz.verdict ? `${t(pz.verdict.ok ? "puzzle.solved" : "puzzle.wrong")} ${pz.verdict.text}` : "";
  if (v.textContent !== said) v.textContent = said;   // the same words again are not read again
  v.className = pz.verdict ? (pz.verdict.ok ? "solved" : "wrong") : "";
  $("#puzzle-rating").textContent = pz.words.rating;
  $("#puzzle-hint").hidden = Boolean(pz.hint) || pz.solved === true;
  if (panel.offsetHeight !== before) layoutIfNeeded();
}

function exit() {
  shown = null;
  document.body.classList.remove("in-puzzle");
  $("#puzzle").hidden = true;
  layoutIfNeeded();
}

function hint() {
  const out = call("puzzle_hint");
  if (!out.ok) { toast(out.error); return; }
  show(out.puzzle);
  $("#puzzle-hint-text").focus?.();
}

function leave() {
  const out = call("puzzle_leave");
  exit();
  if (!out.ok) { toast(out.error); return; }
  state.sel = null;
  setPayload(out);
  maybeAI();
  if (!out.restored) openNewGame();
}

function wirePuzzles() {
  for (const [id, key] of [["#puzzle-hint", "puzzle.hint"], ["#puzzle-next", "puzzle.next"],
    ["#puzzle-daily", "puzzle.daily"], ["#puzzle-leave", "puzzle.leave"]]) {
    $(id).textContent = t(key);
  }
  $("#puzzle-task").tabIndex = -1;   // focus lands on the task when a puzzle opens
  $("#puzzle-hint").addEventListener("click", hint);
  $("#puzzle-next").addEventListener("click", () => openPuzzle({}));
  $("#puzzle-daily").addEventListener("click", () => openPuzzle({ daily: today() }));
  $("#puzzle-leave").addEventListener("click", leave);
  // Every payload says whether a puzzle is on the table (another game dealt over it: none).
  onPayload((out) => {
    if (out.puzzle) show(out.puzzle);
    else if (shown && out.puzzle === null) exit();
    else if (shown && out.puzzle === undefined) {
      const st = call("puzzle_status");
      if (st.ok && st.puzzle) show(st.puzzle); else exit();
    }
  });
}

wirePuzzles();   // loaded on first use (boot.js: the Games dialog's and the welcome's buttons)
