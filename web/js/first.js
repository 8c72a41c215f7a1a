// The page's first module (index.html loads it; embed.js too): what a returning visit's table
// before Python needs and no more, then the rest (boot.js) once that table is painted. The
// table drawn from the payload the last visit kept (quick.js), a card chosen on it and its
// stones offered (input.js: a filter of the payload's legal list, moves.js), a move on it
// waiting for Python (flow.js); boot.js then wires the dialogs, the saves, the sounds, the
// games and the welcome, and starts the game once Python is ready. 20 modules before the
// table instead of 31: each one is a request through the service worker, a compilation and
// an evaluation on the page's thread, which a tablet's slow CPU feels (docs/performance.md).
//
// document "st:table-early" (detail, and window.stTableEarly: whether a table was drawn) tells
// js/snapshot.js that the table is up, or that none is coming: it checks the stored snapshot
// after it.
import { onPayload, setPayload } from "./bridge.js";
import { $ } from "./dom.js";
import { wireInput } from "./input.js";
import { drawnBefore } from "./quick.js";
import { render } from "./render.js";
import { state } from "./state.js";
import { LANGUAGE } from "./words.js";

// A returning visit: the table as the last visit drew it, at once, while Python starts
// (quick.js). Not when the address carries a link or a record, nor in another language than
// the one it was drawn in. The tools wait for Python but New game; a card and a stone can be
// chosen. True if drawn.
function drawEarly() {
  if (location.hash || window.stEarly?.active) return false;
  const P = drawnBefore();
  if (!P || P.settings?.lang !== LANGUAGE) return false;
  state.waiting = true;
  $("#loading").hidden = true;
  $("#app").hidden = false;
  // The tools wait for Python, but New game: its dialog's choices are made at once, the deal
  // waits (dialogs.js startNewGame).
  for (const tool of $("#tools").children) tool.inert = tool.id !== "btn-new";
  setPayload(P);
  document.body.dataset.quick = "1";
  return true;
}

// The rest, after the frame that paints the table (a page in the background gets no frame:
// at most 250 ms later). New game pressed before it has loaded opens its dialog then.
let booted = false;
let newGameAsked = false;
const askNewGame = () => { newGameAsked = true; };
function theRest() {
  if (booted) return;
  booted = true;
  import("./boot.js").then(() => {
    $("#btn-new").removeEventListener("click", askNewGame);
    if (newGameAsked) return import("./dialogs.js").then((m) => m.openNewGame());
    return null;
  });
}

// Every new payload drawn (boot.js adds the handover screen, the end screen and quick.js's
// keeping after it); the taps on the table.
onPayload(render);
wireInput();
// The dialog put back up over a saved game (a reload while its deal waited) closed before
// Python: the deal withdrawn (js/early.js), that game's table drawn as on any returning visit
// (not when the page was opened with a link: boot.js took it out of the address).
const linked = Boolean(location.hash);
document.addEventListener("st:early-withdrawn", () => { if (!linked) drawEarly(); });
const drawn = drawEarly();
window.stTableEarly = drawn;
document.dispatchEvent(new CustomEvent("st:table-early", { detail: drawn }));
if (drawn) {
  $("#btn-new").addEventListener("click", askNewGame);
  requestAnimationFrame(() => setTimeout(theRest, 0));
  setTimeout(theRest, 250);
} else {
  theRest();
}
