// Review: after a game, Hard weighs each of the human player's decisions in the AI worker,
// one decision at a time with a progress bar; the verdicts go back to Python
// (session.review_store), which marks the move list and words the preferred move for the
// replay. Each decision reaches the worker as the deciding seat's own view (session.py
// review_requests): the review never sees a card that player could not see.
import { aiWorker } from "./ai.js";
import { call } from "./bridge.js";
import { $ } from "./dom.js";
import { reachableWhileScrolling } from "./scrolling.js";
import { options, state } from "./state.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

let running = null;   // {stop: bool} while a review runs

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Whether the replay on show can be reviewed: a finished game.
export function canReview() {
  return !!(state.replay && state.replay.over && !running);
}

// Runs the review of the replay on show; `reopen(info)` shows the replay again with marks.
export async function review(reopen) {
  const r = state.replay;
  if (!canReview()) return;
  const seats = r.source === "opened" && /^[01]$/.test(r.mode) ? [Number(r.mode)] : null;
  const out = call("review_requests", { source: r.source, seats });
  if (!out.ok) { toast(out.error); return; }
  if (!out.requests.length) { toast(t("review.none")); return; }
  const job = { stop: false };
  running = job;
  const box = $("#review-progress");
  const meter = $("#review-meter");
  const text = $("#review-progress-text");
  $("#replay-review").disabled = true;
  box.hidden = false;
  $("#review-stop").focus();
  const n = out.requests.length;
  meter.max = n;
  meter.value = 0;
  text.textContent = t("review.progress", { k: 1, n });   // while the worker starts
  const results = [];
  try {
    const w = await aiWorker();
    for (const [i, req] of out.requests.entries()) {
      if (job.stop) break;
      meter.value = i;
      text.textContent = t("review.progress", { k: i + 1, n });
      await sleep(0);   // paint the progress before the worker's turn
      if (options.reviewIterations) Object.assign(req, { iterations: options.reviewIterations, time: null });
      const answer = JSON.parse(await w.sync.review(JSON.stringify(req)));
      results.push({ index: answer.index, result: answer.result });
    }
    // Stopped: the verdicts found so far are kept and shown (the summary says how far).
    if (job.stop && !results.length) { toast(t("review.stopped")); return; }
    meter.value = results.length;
    const stored = call("review_store", { key: out.key, results, total: n });
    if (!stored.ok) { toast(t("review.failed", { error: stored.error })); return; }
    const info = call("replay_info", { source: r.source, mode: r.mode });
    if (!info.ok) { toast(info.error); return; }
    running = null;   // done: the replay shown again may offer the review again
    box.hidden = true;   // before the replay measures the room under the board
    reopen(info);   // the summary shows under the replay bar (games.js)
  } catch (e) {
    console.error(e);
    toast(t("review.failed", { error: e.message || e }));
  } finally {
    running = null;
    box.hidden = true;
    $("#replay-review").disabled = false;
  }
}

// The verdict at the step on show: its sentence under the replay bar, and Hard's preferred
// move pointed at on the board (drawn like a hint: the card in hand and the stone).
export function showVerdict(stepReview) {
  const note = $("#review-note");
  note.hidden = !stepReview;
  note.textContent = stepReview ? stepReview.text : "";
  note.dataset.level = stepReview?.level ?? "";
  state.hint = stepReview?.best ? { action: stepReview.best, text: stepReview.text, review: true } : null;
  keepRoom();
}

// The verdict shows whole, unless that would leave the board's nine rows (a phone upright)
// under ROW_MIN: then it scrolls in its box, three lines at least. The area under the board
// keeps the tallest height it has had in this replay at this window size, so the board is
// measured again only when a longer verdict first shows, never back and forth while stepping.
const ROW_MIN = 40;   // a stone's number and its owner's badge, a ring's room between (style.css)
let room = { replay: null, size: "", px: 0 };
function keepRoom() {
  const area = $("#replay-area"), note = $("#review-note");
  const size = `${innerWidth}x${innerHeight}`;
  if (room.replay !== state.replay || room.size !== size) {
    room = { replay: state.replay, size, px: 0 };
    area.style.minHeight = note.style.maxHeight = "";
    if (state.replay && document.body.classList.contains("rows")) {
      const shown = note.hidden;
      note.hidden = true;   // the board's height without a verdict
      const spare = $("#board").clientHeight - (9 * ROW_MIN - 2);
      note.hidden = shown;
      // Whole lines and the box around them (its paddings and borders as they are at this
      // size: a fixed guess cut the last line by the difference).
      const cs = getComputedStyle(note), line = parseFloat(cs.lineHeight);
      const px = (...names) => names.reduce((sum, n) => sum + parseFloat(cs[n]), 0);
      const box = cs.boxSizing === "border-box"
        ? px("paddingTop", "paddingBottom", "borderTopWidth", "borderBottomWidth") : 0;
      note.style.maxHeight = `${Math.max(3, Math.floor((spare - 8) / line)) * line + box}px`;
    }
  }
  if (!state.replay) return;
  const h = area.offsetHeight;
  if (h > room.px) {
    room.px = h;
    area.style.minHeight = `${h}px`;
  }
}

export function wireReview(reopen) {
  $("#replay-review").addEventListener("click", () => review(reopen));
  $("#review-stop").addEventListener("click", () => { if (running) running.stop = true; });
  // A verdict that scrolls in its box (a phone's rows need the room) is a tab stop.
  reachableWhileScrolling($("#review-note"));
  // Another size: the room measured anew, once layout.js has chosen the board's shape.
  addEventListener("resize", () => requestAnimationFrame(keepRoom));
}
