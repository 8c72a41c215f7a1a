// Saves that lose nothing, the page's part (the logic is Python's: web/saves.py, app.py).
// When another tab or window saves this game, the player chooses here: take over (load the
// game as saved there) or keep playing here (this game replaces it). The question comes on
// the browser's `storage` event (the other tab saved), or when a save of this tab was held
// back (a call's answer carries `save_conflict`). A save the storage refused (full,
// blocked) is a toast, and the game goes on; a save that could not be resumed is kept
// aside, and the boot message says so.
import { aiIdle, maybeAI } from "./ai.js";
import { call, onAnswer, setPayload } from "./bridge.js";
import { showMessage } from "./dialogs.js";
import { $ } from "./dom.js";
import { duoPart } from "./duo-link.js";
import { partFailed, pythonPart } from "./part.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

const saveKey = () => window.stStore.saveKey();

// Why the saved game was not resumed (boot, or a take-over), and that it was kept aside.
export function saveErrorText(out) {
  const e = out.save_error;
  const why = typeof e === "string" ? e : (e.text ?? t(e.key, e.params));
  return t("save.error", { error: out.kept ? `${why} ${t("save.kept_aside")}` : why });
}

// The question says which game is further on, and its default (the focus) is the choice that
// keeps that game: never the one that overwrites a newer game.
let asking = false;
function askWhichGame() {
  const d = $("#dlg-save-conflict");
  if (d.open || asking) return;
  // save_compare's own answer carries the conflict again (news): asked once, not in a loop.
  asking = true;
  let c;
  try { c = call("save_compare"); } finally { asking = false; }
  const said = (p) => (p ? t("save.conflict.progress", { n: p.cards, round: p.round }) : "");
  const which = $("#save-conflict-which");
  which.textContent = !c.ok || !c.here || !c.there ? ""
    : t(c.further ? `save.conflict.further_${c.further}` : "save.conflict.as_far",
      { here: said(c.here), there: said(c.there) });
  which.hidden = !which.textContent;
  const safe = c.ok && c.further === "here" ? $("#save-keep") : $("#save-take-over");
  for (const b of [$("#save-keep"), $("#save-take-over")]) b.autofocus = b === safe;
  d.showModal();
  safe.focus();
}

// What Python tells with any answer, besides its result.
function news(out) {
  if (out.save_conflict) askWhichGame();
  if (out.save_warning) toast(t(out.save_warning));
  // No storage at all (an embed says so in its own note).
  if (out.storage_blocked && !window.stEmbed) toast(t("save.blocked"));
}

async function takeOver() {
  // The computer's move under way belongs to the game here: let it land first (its save is
  // held back), so that no answer worked out for this game is played in the one taken over.
  // (Held back, the computer's move asked the question again: this answer stands for it.)
  await aiIdle();
  const d = $("#dlg-save-conflict");
  if (d.open) d.close();
  let out = call("save_take_over");
  if (out.ok && out.part) {   // a game with a friend's device, or put aside: its part first
    try {
      await (out.part === "duo" ? duoPart() : pythonPart(out.part));
    } catch (error) { toast(partFailed(error)); return; }
    out = call("save_take_over");
  }
  if (!out.ok) { toast(out.error); return; }
  if (out.resumed && out.duo) { (await duoPart()).takeOver(out); return; }   // its own state: duo.js
  if (out.resumed) { setPayload(out); maybeAI(); return; }
  if (!out.save_error) { call("save_keep"); return; }   // the save is gone there: keep this one
  setPayload(call("new_game", window.stEmbed?.options ?? { opponent: "ai", tactics: false }));
  showMessage(t("save.not_resumed"), saveErrorText(out));
}

export function wireSaves() {
  onAnswer(news);
  addEventListener("storage", (e) => {
    if ((e.key !== null && e.key !== saveKey()) || !window.__ready) return;
    if (call("save_check").conflict) askWhichGame();
  });
  const d = $("#dlg-save-conflict");
  d.style.padding = "14px 18px 16px";   // as the message dialog's (style.css)
  d.querySelector("h2").style.margin = "0 0 8px";
  d.addEventListener("cancel", (e) => e.preventDefault());   // one of the two, not Escape
  $("#save-take-over").addEventListener("click", () => { d.close(); takeOver(); });
  $("#save-keep").addEventListener("click", () => { d.close(); call("save_keep"); });
}
