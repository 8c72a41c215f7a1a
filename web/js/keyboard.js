// The keyboard: arrow keys within a region (the hand, the stones, the decks; focus.js keeps
// one tab stop per region), Enter/Space on an item does what a tap on it does (buttons by
// themselves, a card to pick on the table here), Escape cancels the selection, and shortcuts
// for the common actions, listed in the "Keyboard shortcuts" dialog. Every key ends in a
// click on what the page offers, so the keyboard goes through the very code a tap does.
import { $, $$ } from "./dom.js";
import { focusItem, focusNext, moveWithin, nowhere, wireFocus } from "./focus.js";
import { state } from "./state.js";
import { t } from "./words.js";

const REGION_OF = { hand: "#hand", board: "#board", piles: "#piles", tools: "#tools" };

const typing = (el) => !!el?.closest?.("input, textarea, select, [contenteditable]");
const dialogOpen = () => !!document.querySelector("dialog[open]");
const visible = (el) => !!el && !el.hidden && !el.disabled && el.isConnected && el.getClientRects().length > 0;

function click(el) {
  if (!visible(el)) return false;
  el.click();
  return true;
}

// Arrow keys inside a region, Enter/Space on a card to pick (a div, not a button).
function onRegionKey(region, e) {
  if (state.replay || e.ctrlKey || e.metaKey || e.altKey) return;
  if (moveWithin(region, e.key)) { e.preventDefault(); return; }
  if ((e.key === "Enter" || e.key === " ") && e.target.matches(".card.pick")) {
    e.preventDefault();   // also keeps the key from reaching the next focused button
    e.target.click();
  }
}

const stoneButton = (s) => $(`#board .stone[data-stone="${s}"]`);

// 1-9: a stone the selected card may go to gets it; any other stone gets the focus.
function stoneKey(n) {
  const lane = $(`#board .lane[data-stone="${n}"]`);
  if (!lane) return false;
  if (lane.classList.contains("target")) return click(stoneButton(n));
  focusItem(stoneButton(n));
  return true;
}

// C: the stone in focus if it can be claimed, else the first that can.
function claimKey() {
  const focused = document.activeElement?.closest?.(".lane.claimable");
  const lane = focused ?? $("#board .lane.claimable");
  return lane ? click($(".stone", lane)) : false;
}

// L: the move log. Where it is a drawer, L opens it (focus on its Close button) and closes
// it; where it is always on show (wide screens), L goes into it and back to the table.
function toggleLogKey() {
  const inLog = $("#log-panel").contains(document.activeElement);
  if (!visible($("#btn-log"))) {
    if (inLog) focusNext();
    else {
      const log = $("#log");
      if (!log.hasAttribute("tabindex")) log.tabIndex = -1;   // a log that fits: no tab stop
      log.focus();
    }
    return true;
  }
  const opening = !document.body.classList.contains("log-open");
  click($("#btn-log"));
  if (opening) $("#log-close")?.focus();
  else if (inLog) focusNext();
  return true;
}

const SHORTCUTS = {
  c: claimKey,
  p: () => click($("#btn-pass")),
  d: () => click($("#btn-done")),
  h: () => click($("#btn-hint")),
  u: () => click($("#btn-undo")),
  l: toggleLogKey,
  "?": () => { openKeys(); return true; },
};

function onKey(e) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
  if (dialogOpen() || state.replay || !$("#app") || $("#app").hidden) return;
  if (!$("#handover").hidden) return;   // the device is being passed: only its own button
  if (e.key === "Escape") {
    if (state.sel) { click($("#btn-cancel")); e.preventDefault(); }
    else if (document.body.classList.contains("log-open") || $("#log-panel").contains(e.target)) {
      toggleLogKey();
      e.preventDefault();
    }
    return;
  }
  let done = false;
  if (/^[1-9]$/.test(e.key)) done = stoneKey(Number(e.key) - 1);
  else {
    const fn = SHORTCUTS[e.key.length === 1 ? e.key.toLowerCase() : ""];
    if (fn) done = fn();
  }
  if (done) e.preventDefault();
}

// ------------------------------------------------------------------ the shortcuts dialog

let opener = null;

// A modal <dialog>: the page behind is inert (the focus stays inside), Escape or Close
// closes it, and the focus goes back to where it was.
export function openKeys() {
  const d = $("#dlg-keys");
  if (!d || d.open) return;
  for (const el of $$("[data-t]", d)) el.textContent = t(el.dataset.t);
  for (const el of $$("[data-t-aria-label]", d)) el.setAttribute("aria-label", t(el.dataset.tAriaLabel));
  opener = document.activeElement;
  d.showModal();
  $("#keys-close")?.focus();
}

// The browser gives the focus back as the dialog closes; the close event comes a task later,
// after any key pressed meanwhile (Escape, then Shift+Tab at once): only a focus left
// nowhere is moved, never one the player has moved on.
function onKeysClosed() {
  const back = opener;
  opener = null;
  if (!nowhere(document.activeElement)) return;
  if (back && back.isConnected && back !== document.body) back.focus();
  else focusNext();
}

export function wireKeyboard() {
  wireFocus();
  for (const [region, sel] of Object.entries(REGION_OF)) {
    $(sel).addEventListener("keydown", (e) => onRegionKey(region, e));
  }
  document.addEventListener("keydown", onKey);
  const d = $("#dlg-keys");
  if (d) d.addEventListener("close", onKeysClosed);
  const b = $("#btn-keys");
  if (b) {
    b.setAttribute("aria-label", t("tool.keys.label"));
    b.title = t("tool.keys.title");
    const label = $(".tool-label", b);
    if (label) label.textContent = t("tool.keys");
    b.addEventListener("click", openKeys);
  }
}
