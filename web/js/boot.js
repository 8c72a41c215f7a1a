// The entry module (index.html loads it): wires the modules together, shows loading
// progress while PyScript and the engine start, then resumes the saved game or deals one.
//
//   words     every word shown (t(key, params), plurals)    state    shared state, URL options
//   bridge    window.stCall and new payloads                 moves    what `legal` offers now
//   names     South/North, You/Computer, log tokens          cards    card names and faces
//   render    the table (status, seats, board, piles, hand, handover screen)
//   prompt    the prompt row and the hint line              log      the move log drawer
//   layout    card sizes for the room there is              toast    short messages
//   input     taps, drag and drop, keys                      flow     one action, then the AI
//   dialogs   end of round/match, discard, claims, new game  ai       the AI worker and hints
import { maybeAI, startEarly } from "./ai.js";
import { call, onPayload, setPayload } from "./bridge.js";
import { dealChosen, keepNewGame, maybeShowEnd, openNewGame, showMessage, syncNewGame, wireDialogs } from "./dialogs.js";
import { $ } from "./dom.js";
import { duoPart, handOver, linkAtStart, receiveLink, wireDuoLinks } from "./duo-link.js";
import { openLinkedRecord, wireGames } from "./games.js";
import { wireInput } from "./input.js";
import { layoutIfNeeded } from "./layout.js";
import { wireLog } from "./log.js";
import { doAct } from "./flow.js";
import { partFailed, pythonPart } from "./part.js";
import { drawnBefore, remember, takePending } from "./quick.js";
import { render, renderHandover, wireHandoverTrap } from "./render.js";
import { saveErrorText, wireSaves } from "./saves.js";
import { wireSound } from "./sound.js";
import { state } from "./state.js";
import { toast, wireToast } from "./toast.js";
import { firstVisit, learnFirst, lessonsWhenReady } from "./welcome.js";
import { chooseLanguage, LANGUAGE, LANGUAGES, PYTHON_WORDS, t } from "./words.js";

// ------------------------------------------------------------------ loading progress

function progress(frac, text) {
  if (handedOver) return;   // this tab only says where the link went
  const bar = $("#progress-bar");
  const cur = Number(bar.dataset.frac || 0);
  if (frac > cur) { bar.dataset.frac = frac; bar.style.width = `${Math.round(frac * 100)}%`; }
  if (text) $("#loading-text").textContent = text;
}

function watchLoading() {
  progress(0.05, t("loading.table"));
  const steps = [
    [/pyscript\/core/, 0.12, "loading.python"],
    [/pyodide\.asm\.mjs/, 0.25, "loading.python"],
    [/pyodide\.asm\.wasm/, 0.55, "loading.starting"],
    [/python_stdlib\.zip/, 0.7, "loading.starting"],
    [/engine\/.*\.py/, 0.82, "loading.rules"],
  ];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        for (const [re, f, key] of steps) if (re.test(e.name)) progress(f, t(key));
    }).observe({ type: "resource", buffered: true });
  } catch { /* old browsers: the timer below still moves the bar */ }
  addEventListener("py:progress", (e) => {
    const d = String(e.detail || "");
    if (/Loaded Pyodide/.test(d)) progress(0.85, t("loading.shuffling"));
    else if (/Loaded interpreter/.test(d)) progress(0.78, t("loading.starting"));
  });
  // A slow creep so the bar never looks stuck between real milestones.
  const creep = setInterval(() => {
    const f = Number($("#progress-bar").dataset.frac || 0);
    if (f >= 0.9 || !$("#app").hidden) { clearInterval(creep); return; }
    progress(Math.min(0.9, f + 0.01));
  }, 250);
  addEventListener("error", (e) => {
    if (started) return;
    if (window.stEarly?.active) { $("#new-note").hidden = false; $("#new-note").textContent = t("loading.error", { error: e.message || e }); }
    const box = $("#loading-error");
    box.hidden = false;
    box.textContent = t("loading.error", { error: e.message || e });
  });
}

// ------------------------------------------------------------------ language

// Python words the log, claims and refusals in the page's language (words.js picked it):
// told once, as soon as there is a game; the answer is the payload in that language.
function inLanguage(out) {
  if (!out.ok || out.settings?.lang === LANGUAGE) return out;
  const again = call("set_option", { name: "lang", value: LANGUAGE });
  return again.ok ? { ...out, ...again } : out;
}

// The rules in the page's language (the dialog's page and every link to rules.html), and a
// language switch in the rules dialog and the new-game dialog: the choice is remembered and
// the page reloads in it. The new-game dialog comes back as it was (js/early.js), its
// language switch focused: where the player was.
function wireLanguage() {
  const rules = LANGUAGES[LANGUAGE].rules;
  $("#dlg-rules").dataset.src = rules;
  for (const a of document.querySelectorAll('a[href="./rules.html"]')) a.href = rules;
  // In the rules dialog's narrow head the select goes alone (its label for screen readers).
  $("#dlg-rules .panel-head .close")?.before(languageSwitch(true));
  const inNewGame = languageSwitch(false, keepNewGame);
  $("#new-form .dlg-credits")?.before(inNewGame);
  if (window.stEarly?.reopened) inNewGame.querySelector("select").focus();
}

function languageSwitch(compact, before = () => {}) {
  const label = document.createElement("label");
  label.className = "lang-switch";
  label.style.cssText = "display:inline-flex; align-items:center; gap:6px; margin:0 8px; font-size:14px;";
  const name = document.createElement("span");
  name.textContent = LANGUAGES[LANGUAGE].label;
  name.hidden = compact;
  const select = document.createElement("select");
  if (compact) select.setAttribute("aria-label", LANGUAGES[LANGUAGE].label);
  select.style.cssText = "font:inherit; min-height:32px;";
  for (const [code, lang] of Object.entries(LANGUAGES)) {
    const option = new Option(lang.name, code, code === LANGUAGE, code === LANGUAGE);
    option.lang = code;
    select.append(option);
  }
  select.addEventListener("change", () => { before(); chooseLanguage(select.value); });
  label.append(name, select);
  return label;
}

// ------------------------------------------------------------------ start

let started = false;
async function start() {
  if (started || handedOver) return;
  started = true;
  progress(0.95, t("loading.shuffling"));
  const early = window.stEarly;
  const chosen = early?.active ? { pending: early.pending } : null;
  early?.done();   // the choice that waited is applied below, once (forgotten for the tab)
  document.body.classList.remove("early");
  $("#new-start").disabled = false;
  $("#new-note").hidden = true;
  // The first lesson's screen drawn before Python (lesson-early.js) stays until the lesson
  // starts, and a move made on it waits for the lesson (applyEarly).
  const lessonUp = chosen?.pending === "learn" && Boolean(earlyLesson?.firstLessonShown());
  const pending = state.waiting && !lessonUp ? takePending() : null;   // a move made on the early table
  $("#tools").inert = false;
  // (Under the first lesson's early screen they wait for the lesson: learnEarly.)
  if (!lessonUp) for (const tool of $("#tools").children) tool.inert = false;
  if (PYTHON_WORDS) call("words", PYTHON_WORDS);   // the page's language's catalogues
  let out = call("boot", { lang: LANGUAGE });   // a save not resumed is told in it
  // A game with a friend's device, or one put aside for the puzzles: their part loaded first.
  if (out.ok && out.part) {
    try {
      await (out.part === "duo" ? duoPart() : pythonPart(out.part));
    } catch (error) {
      $("#loading-error").hidden = false;
      $("#loading-error").textContent = partFailed(error);
      return;
    }
    out = call("boot", { lang: LANGUAGE });
  }
  $("#loading").hidden = true;
  $("#app").hidden = false;
  if (out.ok && out.resumed && out.view === null) {
    if (chosen) $("#dlg-new").close();   // the pairing under way has its own dialog
    (await duoPart()).resumePairing(inLanguage(out));   // a game with a friend's device, not dealt yet
  } else if (out.ok && out.resumed) {
    if (!lessonUp) setPayload(inLanguage(out));
    if (chosen) applyEarly(chosen.pending);   // the new-game dialog put back up over it
  } else {
    // An embed (embed.js) deals at once with the options in its URL; the full page asks.
    const dealt = inLanguage(call("new_game", window.stEmbed?.options ?? { opponent: "ai", tactics: false }));
    if (!lessonUp) setPayload(dealt);   // behind the lesson: given back when it is left
    if (out.save_error) showMessage(t("save.not_resumed"), saveErrorText(out));
    else if (chosen) applyEarly(chosen.pending);   // the dialog is up already
    else if (!window.stEmbed && !startLink) firstVisit();   // the welcome the first time
  }
  // The embed's game carried here and a game saved here under its name: which is on the
  // table, and that the other is kept aside (app.py take_carried), said in words.
  if (out.carry && !out.save_error) showMessage(t("save.carry.title"), out.carry.text, t("save.carry.play_on"));
  window.__ready = true;
  document.body.dataset.ready = "1";
  // The move made before Python: the engine judges it now (refused: its words, in a toast).
  // Not when a new game or a lesson was chosen meanwhile: the game it was made in is left.
  if (pending && out.ok && out.resumed && !chosen?.pending) doAct(pending);
  openLinkedRecord();
  lessonsWhenReady();   // the Learn tool pressed on the table drawn before Python
  // A game shared as a link (#game=, an embed's ?game=): share.js loaded to open it.
  if ((window.stEmbed?.game ?? null) !== null || location.hash.startsWith("#game=")) withShare((m) => m.openLinkedGame());
  if (startLink) {
    if ($("#dlg-new").open) $("#dlg-new").close();   // the link says what to play
    receiveLink(startLink);
  }   // a link from a friend's device: played, or answered
  // Warm the engine's lazy tables, then (against a level that searches) start the AI's worker.
  setTimeout(() => { call("warm"); startEarly(); }, 30);
  maybeAI();
}

// A module loaded on first use: `then` given it, or the failure said in a toast.
const later = (load) => (then) => load().then(then, (error) => toast(partFailed(error)));
// The puzzles and the game links: their JavaScript and their Python (part.js) together.
const withParts = (name, load) => later(() => Promise.all([load(), pythonPart(name)]).then(([m]) => m));
const withPuzzles = withParts("puzzles", () => import("./puzzles.js"));
const withShare = withParts("replay", () => import("./share.js"));

function wire() {
  // Every new payload: redraw, then the handover screen, then (once) the end screen; kept
  // for the next visit's table before Python (quick.js).
  onPayload(render);
  onPayload(renderHandover);
  onPayload(maybeShowEnd);
  onPayload(remember);
  wireInput();
  wireGames();
  // The puzzles and the game links, loaded on first use (none of it at boot).
  $("#games-puzzles").addEventListener("click", () => withPuzzles((m) => m.openPuzzle({})));
  $("#welcome-puzzles").addEventListener("click", () => withPuzzles((m) => m.openPuzzle({ daily: m.today() })));
  $("#end-share").addEventListener("click", () => withShare((m) => m.copyLink("game")));
  $("#replay-share").addEventListener("click", () => withShare((m) => m.copyLink(state.replay?.source ?? "game")));
  $("#replay-play").addEventListener("click", () => withShare((m) => m.playFromHere()));
  wireDialogs();
  wireToast();
  wireSaves();
  wireSound();
  wireHandoverTrap();
  wireDuoLinks();
  document.addEventListener("st:new-game", () => openNewGame());
  wireLog();
  addEventListener("resize", layoutIfNeeded);
}

// ------------------------------------------------------------------ before Python

// A first visit to the full page, or the new-game dialog put back up after a language
// switch: js/early.js put up the table and the new-game dialog with
// the welcome's choices before any module loaded (window.stEarly.active), and keeps a choice
// made meanwhile (stEarly.pending: "deal" or "learn") for start(). From here the dialog's own
// handlers (dialogs.js, welcome.js) work too: the level or the names follow the opponent.
function adoptEarly() {
  const early = window.stEarly;
  if (!early?.active) return;
  early.wired = true;
  syncNewGame();
  if (early.pending === "learn") showLessonEarly();   // chosen before the modules loaded, or reloaded
}

function applyEarly(pending) {
  if (pending === "deal") dealChosen();
  else if (pending === "learn") learnEarly();
  else $("#new-cancel").hidden = false;   // as firstVisit() after a deal: Cancel keeps it
}

// Learn to play chosen before Python: the first lesson's first screen at once, from the
// payload the build made (lesson-early.js, loaded on first use), if it can be had before
// Python is ready.
let earlyLesson = null;
function showLessonEarly() {
  import("./lesson-early.js").then((m) => { earlyLesson = m; return m.showFirstLesson(); })
    .catch(() => { /* not to be had: the dialog's note says the lesson starts soon */ });
}
document.addEventListener("st:early-wait", (e) => { if (e.detail === "learn") showLessonEarly(); });

// Python is ready: the lesson starts through the engine (its screen replaces the early one),
// then the move made on the early screen is sent, as any move. The lessons cannot be
// loaded: the game dealt behind comes back, and the failure is said.
function learnEarly() {
  const shown = Boolean(earlyLesson?.firstLessonShown());
  // The early screen's table: the game dealt behind it back, its tools live again.
  const giveBack = () => {
    takePending();
    if (shown) {
      document.body.classList.remove("in-lesson");
      $("#lesson").hidden = true;
      setPayload(call("state"));
    }
  };
  const toolsLive = () => { for (const tool of $("#tools").children) tool.inert = false; };
  learnFirst().then((started) => {
    toolsLive();
    if (!started) { giveBack(); return; }   // refused: said in a toast
    const move = takePending();
    if (move) doAct(move);
  }, (error) => {
    toolsLive();
    giveBack();
    toast(partFailed(error));
  });
}

// A returning visit: the table as the last visit drew it, at once, while Python starts
// (quick.js). Not when the address carries a link or a record, nor in another language than
// the one it was drawn in. The tools wait for Python but New game and Learn (its dialog says
// the lessons come: welcome.js); a card and a stone can be chosen.
function drawEarly() {
  if (location.hash || window.stEarly?.active) return;
  const P = drawnBefore();
  if (!P || P.settings?.lang !== LANGUAGE) return;
  state.waiting = true;
  $("#loading").hidden = true;
  $("#app").hidden = false;
  // The tools wait for Python, but New game: its dialog's choices are made at once, the deal
  // waits (dialogs.js startNewGame); and Learn, whose dialog lists the lessons once it can.
  for (const tool of $("#tools").children) tool.inert = tool.id !== "btn-new" && tool.id !== "btn-learn";
  setPayload(P);
  startEarly(P);   // the saved game is against Hard: its worker boots beside the page's Python
  document.body.dataset.quick = "1";
}

// The dialog put back up over a saved game (a reload while its deal waited) closed before
// Python: the deal withdrawn (js/early.js), that game's table drawn as on any returning visit.
document.addEventListener("st:early-withdrawn", () => { if (!startLink) drawEarly(); });

// A link from a friend's device opened in a new tab while the game's tab is open goes to that
// tab (duo.js); this one then only says so.
const startLink = linkAtStart();
let handedOver = false;

wireLanguage();
wire();
watchLoading();
adoptEarly();
if (!startLink) drawEarly();
(startLink ? handOver(startLink) : Promise.resolve(false)).then((taken) => {
  if (taken) {
    handedOver = true;
    window.stEarly && (window.stEarly.active = false);
    $("#dlg-new").open && $("#dlg-new").close();
    $("#loading-text").textContent = t("duo.handed");
    document.body.dataset.handedOver = "1";
    return;
  }
  if (window.stCall) start();
  else addEventListener("st:python-ready", start, { once: true });
});
