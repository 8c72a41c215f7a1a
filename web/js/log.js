// The move log drawer: the engine's events told as lines (worded in Python, session.py).
import { $ } from "./dom.js";
import { reachableWhileScrolling } from "./scrolling.js";
import { state } from "./state.js";

let shown = "";   // the lines on show, so an unchanged log is not redrawn

// Lines that are not a player's turn (a new game, a round's start or end, a stuck game).
const TABLE_LINES = new Set(["new_game", "round_start", "round_end", "match_end", "stuck", "shuffle"]);

export function renderLog() {
  const ol = $("#log");
  if (state.replay) { renderMoves(ol); return; }
  const lines = state.P.log;
  // A turn's line grows as the turn goes on, and a seat reads its own draws: redraw the
  // whole list whenever any line changed (a few hundred lines at most).
  const key = lines.map((e) => e.text).join("\n");
  if (key === shown) return;
  shown = key;
  const frag = document.createDocumentFragment();
  for (const e of lines) {
    const li = document.createElement("li");
    li.textContent = e.text;
    if (TABLE_LINES.has(e.kind)) li.className = "log-round";
    if (e.p !== null && e.p !== undefined) li.dataset.seat = e.p;
    frag.append(li);
  }
  ol.replaceChildren(frag);
  ol.scrollTop = ol.scrollHeight;
}

const MARKS = { blunder: "??", mistake: "?", missed_claim: "?", inaccuracy: "?!" };

// Replay: the whole move list, the move on the board marked; a tap on a move goes there.
function renderMoves(ol) {
  const { moves, k } = state.replay;
  const key = `replay|${state.replay.mode}|${moves.length}|${k}|${state.replay.review?.summary ?? ""}`;
  if (key === shown) return;
  shown = key;
  const frag = document.createDocumentFragment();
  moves.forEach((m, i) => {
    const li = document.createElement("li");
    li.textContent = m.text;
    li.dataset.step = i + 1;
    if (m.mark) {
      // A review's verdict, as chess sites mark moves: ?? blunder, ? mistake, ?! inaccuracy.
      const mark = document.createElement("span");
      mark.className = `review-mark mark-${m.mark}`;
      mark.textContent = MARKS[m.mark];
      mark.title = m.mark_text;
      mark.setAttribute("role", "img");
      mark.setAttribute("aria-label", m.mark_text);
      li.prepend(mark);
      li.dataset.mark = m.mark;
    }
    if (m.player !== null && m.player !== undefined) li.dataset.seat = m.player;
    if (i + 1 === k) li.setAttribute("aria-current", "step");
    frag.append(li);
  });
  ol.replaceChildren(frag);
  ol.querySelector("[aria-current]")?.scrollIntoView({ block: "nearest" });
}

export function toggleLog(force) {
  const open = force ?? !document.body.classList.contains("log-open");
  document.body.classList.toggle("log-open", open);
  shutWhileClosed();
}

// Where the log is always on show (style.css's column beside the table) it is never shut.
const ALWAYS_SHOWN = matchMedia("(min-width: 1180px) and (min-height: 560px)");

// A closed drawer is off the screen: none of it is a tab stop or read out until it opens.
function shutWhileClosed() {
  $("#log-panel").inert = !ALWAYS_SHOWN.matches && !document.body.classList.contains("log-open");
}

export function wireLog() {
  $("#btn-log").addEventListener("click", () => toggleLog());
  $("#log-close").addEventListener("click", () => toggleLog(false));
  // The log drawer closes with a tap anywhere else.
  document.addEventListener("pointerdown", (e) => {
    if (document.body.classList.contains("log-open") && !e.target.closest("#log-panel, #btn-log")) toggleLog(false);
  });
  ALWAYS_SHOWN.addEventListener("change", shutWhileClosed);
  shutWhileClosed();
  reachableWhileScrolling($("#log"));
}
