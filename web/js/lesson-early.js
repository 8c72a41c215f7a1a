// The first lesson's first screen before Python is ready: Learn to play pressed on a first
// visit's welcome while Python loads (js/early.js keeps the choice, across a reload too).
// The table and the lesson's panel are drawn at once from lesson-first.json, which the
// build made with the page's own Python (sitebuild/lesson.py: the payload lesson_start
// answers, in every language; the player's view only). A card and a stone chosen on it wait
// as on a returning visit's table (quick.js: checked against the payload's legal list, no
// rule here); once Python is ready boot.js starts the lesson through the engine and sends
// the move (welcome.js learnFirst). Loaded on first use: a first table does not need it.
import { setPayload } from "./bridge.js";
import { $ } from "./dom.js";
import { layoutIfNeeded } from "./layout.js";
import { state } from "./state.js";
import { LANGUAGE, t } from "./words.js";

let shown = false;

// The lesson's marks on the table (tutorial.js pointAt, which takes over with the lesson).
function pointAt(focus) {
  const mark = (sel) => { for (const el of document.querySelectorAll(sel)) el.classList.add("lesson-focus"); };
  if (focus?.card) mark(`#hand .card[data-card="${focus.card}"]`);
  if (focus?.stone !== undefined) mark(`#board .lane[data-stone="${focus.stone}"]`);
}

// The panel as tutorial.js shows a step to do; its buttons wait for the lessons (hidden).
function showPanel(st) {
  const panel = $("#lesson");
  panel.hidden = false;
  panel.dataset.lesson = st.lesson;
  panel.dataset.step = st.step;
  panel.dataset.state = st.state;
  $("#lesson-title").textContent = st.title;
  $("#lesson-count").textContent = t("lesson.step", { k: st.step + 1, n: st.steps });
  $("#lesson-text").textContent = st.task;
  $("#lesson-text").hidden = false;
  for (const id of ["#lesson-said", "#lesson-result", "#lesson-forms", "#lesson-leave", "#lesson-next",
    "#lesson-retry", "#lesson-next-lesson", "#lesson-new-game", "#lesson-all", "#lesson-back"]) $(id).hidden = true;
}

// Drawn once, if Python is still not there and the lesson still waits for it.
export async function showFirstLesson() {
  if (shown || window.stCall) return false;
  let P = null;
  try {
    const answer = await fetch("./lesson-first.json");
    P = answer.ok ? (await answer.json())[LANGUAGE] : null;
  } catch { /* offline before the service worker had it: the dialog's note says it waits */ }
  if (!P?.lesson || shown || window.stCall || window.stEarly.pending !== "learn") return false;
  shown = true;
  state.waiting = true;   // a move waits for Python (quick.js), and is not kept as a table
  document.body.classList.add("in-lesson");
  $("#dlg-new").close();
  for (const tool of $("#tools").children) tool.inert = true;   // they need Python
  showPanel(P.lesson);
  setPayload(P);
  pointAt(P.lesson.focus);
  new MutationObserver(() => { if (state.waiting) pointAt(P.lesson.focus); }).observe($("#hand"), { childList: true });
  layoutIfNeeded();
  document.body.dataset.lessonEarly = "1";
  return true;
}

// Is the lesson's first screen up (boot.js then draws nothing over it before the lesson)?
export const firstLessonShown = () => shown;
