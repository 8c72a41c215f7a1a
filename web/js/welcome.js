// The welcome of a first visit (the new-game dialog with its three choices on top: Learn to
// play, the computer, a friend), and the ways into the lessons: the Learn tool, the Games
// dialog's "Learn to play…", the welcome's choice, and a lesson left open at the last visit.
// The lessons themselves (tutorial.js, and their Python: part-lessons.zip) are loaded on
// first use.
import { call, onPayload } from "./bridge.js";
import { openNewGame } from "./dialogs.js";
import { $ } from "./dom.js";
import { part, partFailed } from "./part.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

const SEEN_KEY = window.stEarly.seenKey;   // localStorage: the welcome was shown once

const lessonsPart = () => part("lessons", () => import("./tutorial.js"));
const withLessons = (then) => lessonsPart().then(then, (error) => toast(partFailed(error)));

// ------------------------------------------------------------------ first visit

// boot.js calls this when there is no saved game: the new-game dialog, with the welcome's
// three choices on top the first time (Learn to play, the computer, a friend).
export function firstVisit() {
  openNewGame();
  // A storage that refuses has no memory of it either: no welcome every visit then.
  const seen = window.stStore.usable() ? window.stStore.get(SEEN_KEY) : "1";
  window.stStore.set(SEEN_KEY, "1");
  if (!seen) showWelcome();
}

function showWelcome() {
  $("#new-welcome").hidden = false;
  $("#dlg-new").classList.add("welcoming");
  $("#dlg-new").scrollTop = 0;
  $("#welcome-learn").focus();
}

function hideWelcome() {
  $("#new-welcome").hidden = true;
  $("#dlg-new").classList.remove("welcoming");
}

// Play the computer / a friend: the new-game dialog with that opponent chosen.
function choose(opponent) {
  const f = $("#new-form");
  f.opponent.value = opponent;
  f.dispatchEvent(new Event("change"));   // dialogs.js shows the level or the names
  hideWelcome();
  $("#dlg-new").scrollTop = 0;
  $("#new-start").focus();
}

// The first lesson, chosen before Python was ready (boot.js): a promise that it started.
export function learnFirst() {
  if ($("#dlg-new").open) $("#dlg-new").close();
  return lessonsPart().then((lessons) => lessons.startLesson("basics"));
}

// After a reload in the middle of a lesson (Python says whether one was left open): the
// lessons loaded, and its step starts again.
function lessonLeftOpen() {
  const out = call("lesson_open");
  if (out.ok && out.open) withLessons((lessons) => lessons.resume());
  else document.body.dataset.lessonChecked = "1";   // for tests: a lesson left open was looked for
}

// The Learn tool on a returning visit's table before Python (boot.js drawEarly): its dialog
// opens at once and says the lessons come; boot.js lists them once Python is ready
// (lessonsWhenReady), unless the player closed it meanwhile.
let lessonsWait = false;
function openLearnTool() {
  if (document.body.dataset.ready === "1") { withLessons((lessons) => lessons.openLearn()); return; }
  lessonsWait = true;
  $("#learn-title").textContent = t("learn.title");
  $("#learn-intro").textContent = t("early.lessons");
  $("#learn-list").replaceChildren();
  $("#learn-forms").hidden = true;   // tutorial.js, loaded with the lessons, opens them
  if (!$("#dlg-learn").open) $("#dlg-learn").showModal();
}

export function lessonsWhenReady() {
  if (!lessonsWait) return;
  lessonsWait = false;
  $("#learn-forms").hidden = false;
  if ($("#dlg-learn").open) withLessons((lessons) => lessons.openLearn());
}

function wireWelcome() {
  $("#btn-learn").addEventListener("click", openLearnTool);
  $("#btn-learn").title = t("learn.tool_label");
  $("#btn-learn").setAttribute("aria-label", t("learn.tool_label"));
  $("#btn-learn .tool-label").textContent = t("learn.tool");
  $("#games-learn").textContent = t("games.learn");
  $("#games-learn").addEventListener("click", () => {
    $("#dlg-games").close();
    withLessons((lessons) => lessons.openLearn());
  });
  $("#welcome-learn").addEventListener("click", () => {
    $("#dlg-new").close();
    withLessons((lessons) => lessons.startLesson("basics"));
  });
  $("#welcome-ai").addEventListener("click", () => choose("ai"));
  $("#welcome-friend").addEventListener("click", () => choose("human"));
  $("#welcome-remote").addEventListener("click", () => choose("remote"));
  $("#dlg-new").addEventListener("close", hideWelcome);
  let checked = false;
  onPayload(() => { if (!checked) { checked = true; setTimeout(lessonLeftOpen, 0); } });
}

wireWelcome();
