// Learn to play: the lessons dialog, the five formations, and the lesson's panel over the
// table, loaded on first use (welcome.js: the Learn tool, the welcome's choice, a lesson left
// open; its Python is the part part-lessons.zip). The lessons are Python's (web/lessons.py: prepared
// positions, what each step asks, the check of the player's moves; app.py keeps the game in
// progress aside meanwhile and remembers the step reached). The player's moves go through
// the normal table; after every new payload the panel asks Python where the player is.
import { aiIdle, maybeAI } from "./ai.js";
import { call, onPayload, setPayload } from "./bridge.js";
import { cardEl } from "./cards.js";
import { openNewGame } from "./dialogs.js";
import { $, esc } from "./dom.js";
import { closeReplay } from "./games.js";
import { layoutIfNeeded } from "./layout.js";
import { render } from "./render.js";
import { state } from "./state.js";
import { toast } from "./toast.js";
import { t } from "./words.js";


let lesson = null;        // the step on show: Python's lesson status, or null (no lesson)
let formsShownFor = "";   // the step whose formations were shown already (once per step)
let endClosedFor = "";    // the step whose end-of-game dialog was closed (the panel tells it)

// ------------------------------------------------------------------ the lessons dialog

export function openLearn() {
  const out = call("lessons");
  if (!out.ok) { toast(out.error); return; }
  $("#learn-title").textContent = t("learn.title");
  $("#learn-intro").textContent = t("learn.intro");
  $("#learn-forms").textContent = t("learn.formations");
  const list = $("#learn-list");
  list.replaceChildren();
  for (const les of out.lessons) {
    const li = document.createElement("li");
    li.dataset.lesson = les.id;
    const status = les.done ? t("learn.done")
      : les.at ? t("lesson.step", { k: les.at + 1, n: les.steps }) : t("learn.steps", { n: les.steps });
    li.innerHTML = `<div class="learn-what"><b>${esc(les.title)}</b> <small>${esc(status)}</small>` +
      `<span>${esc(les.about)}</span></div>`;
    const go = (label, step, cls) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = cls;
      b.textContent = label;
      b.dataset.step = step;
      b.addEventListener("click", () => { $("#dlg-learn").close(); startLesson(les.id, step); });
      li.append(b);
    };
    if (les.at && !les.done) {
      go(t("learn.resume", { k: les.at + 1 }), les.at, "primary");
      go(t("learn.again"), 0, "secondary");
    } else {
      go(les.done ? t("learn.again") : t("learn.start"), 0, les.done ? "secondary" : "primary");
    }
    list.append(li);
  }
  if (!$("#dlg-learn").open) $("#dlg-learn").showModal();
}

// ------------------------------------------------------------------ the five formations

const FORMS = [["color_run", ["G3", "G4", "G5"]], ["kind", ["R8", "B8", "Y8"]],
  ["color", ["B2", "B5", "B9"]], ["run", ["O4", "P5", "R6"]], ["sum", ["Y9", "G2", "R6"]]];

function openForms() {
  $("#forms-title").textContent = t("forms.title");
  $("#forms-ties").textContent = t("forms.ties");
  $("#forms-close").textContent = t("forms.close");
  const list = $("#forms-list");
  list.replaceChildren();
  for (const [rank, cards] of FORMS) {
    const li = document.createElement("li");
    li.dataset.rank = rank;
    const row = document.createElement("span");
    row.className = "forms-cards";
    for (const c of cards) row.append(cardEl(c));
    const name = document.createElement("span");
    name.className = "forms-name";
    name.innerHTML = `<b>${esc(t(`forms.${rank}`))}</b> <small>${esc(t(`forms.${rank}.what`))}</small>`;
    li.append(row, name);
    list.append(li);
  }
  if (!$("#dlg-forms").open) $("#dlg-forms").showModal();
}

// ------------------------------------------------------------------ a lesson at the table

// Resolves to whether the lesson started (refused: said in a toast).
export async function startLesson(id, step) {
  await aiIdle(); // the computer finishes its move before the table changes under it
  for (const d of document.querySelectorAll("dialog[open]")) d.close();
  const out = call("lesson_start", step === undefined ? { lesson: id } : { lesson: id, step });
  if (!out.ok) { toast(out.error); return false; }
  enter(out);
  return true;
}

function enter(out) {
  if (state.replay) closeReplay();
  lesson = out.lesson;
  endedFor = null;   // a step entered (again): its end may be shown again
  document.body.classList.add("in-lesson");
  state.sel = null;
  setPayload(out);
  maybeAI();
}

async function nextStep() {
  await aiIdle();
  const out = call("lesson_next");
  if (!out.ok) { toast(out.error); return; }
  if (out.finished) { showFinished(out.lesson, out.waiting); return; }
  enter(out);
}

async function leave(then) {
  await aiIdle();
  const out = call("lesson_leave");
  exit();
  if (!out.ok) { toast(out.error); return; }
  state.sel = null;
  setPayload(out);
  maybeAI();
  if (then === "new" || !out.restored) openNewGame();
}

function exit() {
  lesson = null;
  pointAt();
  document.body.classList.remove("in-lesson");
  $("#lesson").hidden = true;
  $("#end-next").hidden = false;
  relayout();
}

// Where the player is, after each new payload (and when a stone is tapped: ``look``).
function refresh(look) {
  if (!lesson) return;
  const out = call("lesson_status", look === undefined ? {} : { look });
  if (!out.ok) return;
  if (!out.lesson) { exit(); return; }   // another game was dealt over the lesson
  show(out.lesson);
}

let endedFor = null;   // the lesson/step whose end was shown (once)

function show(st) {
  lesson = st;
  const key = `${st.lesson}/${st.step}`;
  const panel = $("#lesson");
  const before = panel.hidden ? 0 : panel.offsetHeight;
  panel.hidden = false;
  panel.dataset.lesson = st.lesson;
  panel.dataset.step = st.step;
  panel.dataset.state = st.state;
  $("#lesson-title").textContent = st.title;
  $("#lesson-count").textContent = t("lesson.step", { k: st.step + 1, n: st.steps });
  $("#lesson-text").textContent = st.task;
  $("#lesson-text").hidden = st.state === "done";   // done: why it worked, in its place
  const said = $("#lesson-said");
  said.hidden = !st.said;
  $("#lesson-said-label").textContent = t("lesson.engine_says");
  $("#lesson-said-text").textContent = st.said || "";
  const result = $("#lesson-result");
  result.hidden = st.state === "todo";
  result.textContent = st.state === "done" ? st.done : st.state === "missed" ? st.missed : "";
  result.className = st.state;
  $("#lesson-next").hidden = st.state !== "done";
  $("#lesson-retry").hidden = st.state !== "missed";
  for (const id of ["#lesson-next-lesson", "#lesson-new-game", "#lesson-all", "#lesson-back"]) $(id).hidden = true;
  $("#lesson-forms").hidden = st.state !== "todo";
  $("#lesson-leave").hidden = false;
  // The game's own end screen would offer a rematch: the panel tells the win instead.
  $("#end-next").hidden = true;
  if ($("#dlg-end").open && endClosedFor !== key) { endClosedFor = key; $("#dlg-end").close(); }
  if (st.panel === "formations" && formsShownFor !== key && st.state === "todo") {
    formsShownFor = key;
    openForms();
  }
  if (panel.offsetHeight !== before) relayout();
  pointAt();
  // The last step done: the lesson's end at once, no Next to press first.
  if (st.state === "done" && st.step + 1 === st.steps && endedFor !== key) {
    endedFor = key;
    nextStep();
  }
}

// What the step asks for next is pointed at on the table: the card, the stone, a card on
// the table to take, the deck. The table is drawn anew on every change (render.js), so the
// marks are put back whenever the board, the hand or the piles are redrawn.
function pointAt() {
  for (const el of document.querySelectorAll(".lesson-focus")) el.classList.remove("lesson-focus");
  const f = lesson && lesson.state === "todo" ? lesson.focus || {} : {};
  const mark = (sel) => { for (const el of document.querySelectorAll(sel)) el.classList.add("lesson-focus"); };
  if (f.card) mark(`#hand .card[data-card="${f.card}"]`);
  if (f.stone !== undefined) mark(`#board .lane[data-stone="${f.stone}"]`);
  if (f.target) mark(`#board .card[data-seat="1"][data-card="${f.target}"]`);
  if (f.deck) mark(`#pile-${f.deck}`);
}

const redrawn = new MutationObserver(() => { if (lesson) pointAt(); });
for (const sel of ["#board", "#hand"]) redrawn.observe($(sel), { childList: true });

// The lesson's end: what the last step taught, then the way on (the next lesson, a new
// game, and back to the game in progress only when one is waiting). After the last lesson
// there is no next one: a game of the player's own comes first, and the lessons again.
function showFinished(st, waiting) {
  const lastDone = st.done;
  show(st);
  $("#lesson").dataset.state = "finished";
  $("#lesson-text").hidden = true;
  $("#lesson-count").textContent = t("lesson.finished");
  $("#lesson-said").hidden = true;
  $("#lesson-result").hidden = false;
  $("#lesson-result").className = "finished";
  const way = waiting ? t("lesson.finished_text")
    : st.next ? t("lesson.finished_text_new") : t("lesson.finished_text_last");
  $("#lesson-result").textContent = [lastDone, way].filter(Boolean).join(" ");
  $("#lesson-next").hidden = true;
  $("#lesson-forms").hidden = true;
  const nextLesson = $("#lesson-next-lesson");
  nextLesson.hidden = !st.next;
  if (st.next) {
    const title = call("lessons").lessons?.find((l) => l.id === st.next)?.title ?? st.next;
    nextLesson.textContent = t("lesson.next_lesson", { title });
    nextLesson.dataset.lesson = st.next;
  }
  $("#lesson-back").hidden = !waiting;
  const newGame = $("#lesson-new-game");
  newGame.hidden = false;
  newGame.className = `lesson-btn ${st.next || waiting ? "secondary" : "primary"}`;
  $("#lesson-all").hidden = Boolean(st.next);
  $("#lesson-leave").hidden = true;
  // The lesson's table stays as it was, to look at: nothing on it is offered any more, and
  // the header says the lesson is complete instead of whose turn it is (render.js). The next
  // payload (a game dealt, the game given back) replaces this one.
  state.sel = null;
  state.P = { ...state.P, view: { ...state.P.view, legal: [] }, lesson_over: st.title };
  render();
  relayout();
  (st.next ? nextLesson : waiting ? $("#lesson-back") : newGame).focus();
}

// The board's size follows the room it has (layout.js), measured again only when the
// window, the stones' capacity or the hand's size changes: a panel that grows or shrinks
// changes none of them, so the hand's size is changed for one measure and back.
function relayout() {
  const hand = $("#hand");
  const extra = Array.from({ length: 7 }, () => {
    const s = document.createElement("span");
    s.hidden = true;
    return s;
  });
  hand.append(...extra);
  layoutIfNeeded();
  for (const s of extra) s.remove();
  layoutIfNeeded();
}

// After a reload in the middle of a lesson: its step starts again.
export async function resume() {
  await aiIdle();
  const out = call("lesson_resume");
  document.body.dataset.lessonChecked = "1";   // for tests: a lesson left open was looked for
  if (!out.ok || !out.lesson) return;
  $("#dlg-new").close();
  enter(out);
}

// ------------------------------------------------------------------ wiring

// A tap on a stone (no card selected) shows the engine's verdict on claiming it, and the
// claims list shows every stone's: for a lesson, a look at the stone. Buttons that would deal a game over the lesson leave
// it first, so the game put aside comes back before anything is dealt.
function onClick(e) {
  if (!lesson) return;
  const stone = e.target.closest("#board .stone");
  if (stone && !state.sel) { refresh(Number(stone.dataset.stone)); return; }
  // The claims list shows the engine's verdict on every stone.
  if (e.target.closest("#btn-stones")) { refresh([...Array(9).keys()]); return; }
  const b = e.target.closest("#btn-new, #end-new, #end-next");
  if (!b) return;
  e.preventDefault();
  e.stopPropagation();
  $("#dlg-end").close();
  if (b.id !== "end-next") leave("new");
}

function wireTutorial() {
  $("#learn-forms").addEventListener("click", openForms);
  $("#lesson-forms").addEventListener("click", openForms);
  $("#lesson-forms-label").textContent = t("lesson.forms");
  $("#lesson-forms").setAttribute("aria-label", t("lesson.forms"));
  $("#lesson-leave").textContent = t("lesson.leave");
  $("#lesson-leave").addEventListener("click", () => leave());
  $("#lesson-next").textContent = t("lesson.next");
  $("#lesson-next").addEventListener("click", nextStep);
  $("#lesson-retry").textContent = t("lesson.retry");
  $("#lesson-retry").addEventListener("click", () => startLesson(lesson.lesson, lesson.step));
  $("#lesson-next-lesson").addEventListener("click", (e) => startLesson(e.currentTarget.dataset.lesson, 0));
  $("#lesson-back").textContent = t("lesson.back");
  $("#lesson-back").addEventListener("click", () => leave());
  $("#lesson-new-game").textContent = t("lesson.new_game");
  $("#lesson-new-game").addEventListener("click", () => leave("new"));
  $("#lesson-all").textContent = t("lesson.all");
  $("#lesson-all").addEventListener("click", openLearn);
  document.addEventListener("click", onClick, true);
  onPayload(() => { if (lesson) queueMicrotask(() => refresh()); });
}

wireTutorial();
