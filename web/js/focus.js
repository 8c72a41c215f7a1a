// The keyboard focus across redraws: one tab stop per region (the hand, the stones, the
// decks) with a roving tabindex, and after each action the focus goes where the next action
// is (the hand after a play, the stone to play on, the claimable stone or Done, the deck to
// draw from), never back to the top of the page. Also the live region that tells a screen
// reader the opponent's moves and the round's end, from the payload's worded lines.
import { $, $$ } from "./dom.js";
import { myTurn, selectionOptions } from "./moves.js";
import { state } from "./state.js";

// The item of each region that holds the region's tab stop (the last one focused).
const current = { hand: null, board: null, piles: null, tools: null };

export const REGIONS = { hand: "#hand", board: "#board", piles: "#piles", tools: "#tools" };

const shown = (el) => !el.hidden && getComputedStyle(el).display !== "none";

// The focusable items of a region right now: hand cards; on the board the cards to pick
// while a ruse asks for one, else the nine stones; the decks and the tools on show.
export function items(region) {
  if (region === "hand") return $$("#hand .card");
  if (region === "board") {
    const picks = $$("#board .card.pick");
    return picks.length ? picks : $$("#board .stone");
  }
  if (region === "tools") return $$("#tools .tool").filter(shown);
  return $$("#piles .pile").filter((b) => !b.hidden);
}

// The key that finds an item again in the next redraw.
function keyOf(region, el) {
  if (region === "hand") return el.dataset.card;
  if (region === "board") return el.classList.contains("stone") ? `s${el.dataset.stone}`
    : `p${el.dataset.stone}|${el.dataset.seat}|${el.dataset.card}`;
  return el.id;
}

const regionOf = (el) => Object.keys(REGIONS).find((r) => el?.closest?.(REGIONS[r])) ?? null;

function find(region, key) {
  return key === null ? null : items(region).find((el) => keyOf(region, el) === key) ?? null;
}

// One tab stop per region: the remembered item (or `prefer`, or the first) gets tabindex 0.
export function rove(region, prefer = null) {
  const list = items(region);
  if (!list.length) return;
  const stop = find(region, current[region]) ?? prefer ?? list[0];
  for (const el of list) el.tabIndex = el === stop ? 0 : -1;
}

// Moves the focus to an item of a region (and its tab stop with it).
export function focusItem(el) {
  if (!el) return;
  setStop(el);
  el.focus();
}

function setStop(el) {
  const region = regionOf(el);
  if (region) {
    current[region] = keyOf(region, el);
    for (const x of items(region)) x.tabIndex = x === el ? 0 : -1;
  }
}

// On a touch screen the game does not move the focus by itself: a finger needs no focus, and
// the browser rings an element focused by a script at the start (no key or tap yet) as if
// by keyboard: on the first card in the hand it looked like a selection. Only the tab stops
// move there (a keyboard's first Tab lands on the next action), until a key is pressed; a
// tap with a finger hands the focus back to the taps.
let byKeys = !matchMedia("(pointer: coarse)").matches;
addEventListener("keydown", () => { byKeys = true; }, true);
addEventListener("pointerdown", (e) => { if (e.pointerType === "touch") byKeys = false; }, true);

// The game's own move of the focus (after a redraw, a hint): the item, or on a touch screen
// its tab stop only.
function moveFocus(el) {
  if (byKeys) focusItem(el);
  else setStop(el);
}

// Arrow keys within a region: previous / next (wrapping), Home / End.
export function moveWithin(region, key) {
  const list = items(region);
  if (!list.length) return false;
  const i = list.indexOf(document.activeElement);
  const n = list.length;
  const to = { ArrowLeft: i - 1, ArrowUp: i - 1, ArrowRight: i + 1, ArrowDown: i + 1, Home: 0, End: n - 1 }[key];
  if (to === undefined) return false;
  focusItem(list[((to % n) + n) % n]);
  return true;
}

// ------------------------------------------------------------------ where the next action is

const stoneButton = (s) => $(`#board .stone[data-stone="${s}"]`);

// The first of `list` that is the remembered item, else the first.
function preferred(region, list) {
  return list.find((el) => keyOf(region, el) === current[region]) ?? list[0] ?? null;
}

export function nextTarget() {
  const P = state.P;
  if (!P) return null;
  const v = P.view;
  if (v.outcome && (v.step === "over" || v.step === "round_over")) return $("#btn-results");
  if (!myTurn()) return preferred("hand", items("hand"));
  const sel = state.sel;
  if (sel) {
    const opt = selectionOptions();
    // The hinted card chosen: the focus goes on to the hinted stone, not the first one.
    const hinted = (s, set) => {
      const a = state.hint?.action;
      return a && a.card === sel.card && set.has(s) ? stoneButton(s) : null;
    };
    if (!sel.target) {
      if (opt.bare) return $("#btn-confirm");
      if (opt.picks.size) return preferred("board", items("board"));
      if (opt.stones.size) {
        return hinted(state.hint?.action?.stone, opt.stones)
          ?? preferred("board", [...opt.stones].map(stoneButton));
      }
    } else {
      if (opt.dests.size) {
        return hinted(state.hint?.action?.to, opt.dests)
          ?? preferred("board", [...opt.dests].map(stoneButton));
      }
      if (opt.discard) return $("#btn-discard");
    }
    return $("#btn-cancel");
  }
  switch (v.step) {
    case "play": {
      const cards = $$("#hand .card.playable");
      return cards.length ? preferred("hand", cards) : $("#btn-pass") ?? preferred("hand", items("hand"));
    }
    case "claim": {
      const stones = $$("#board .lane.claimable .stone");
      return stones.length ? preferred("board", stones) : $("#btn-done");
    }
    case "draw":
    case "recruit_draw":
      return preferred("piles", $$("#piles .pile.drawable"));
    case "recruit_return":
      return preferred("hand", items("hand"));
    default:
      return null;
  }
}

// Where a hint points: the hinted card in the hand, the stone, the card to pick, the deck or
// the Pass/Done button (render.js and prompt.js mark it .hinted).
export function hintTarget() {
  const a = state.hint?.action;
  if (!a || state.hint.review) return null;
  if (a.kind === "claim") return stoneButton(a.stone);
  return $("#hand .card.hinted") ?? $("#board .card.hinted") ?? $("#piles .pile.hinted")
    ?? $("#prompt-buttons .hinted");
}

// A hint just shown: said in the live region (a screen reader hears it), and the focus moved
// to what it points at, so Enter follows it.
export function tellHint(text) {
  say(text);
  const el = hintTarget();
  if (el) moveFocus(el);
}

export function focusNext() {
  const el = nextTarget();
  if (el) moveFocus(el);
}

// What had the focus before a redraw: its region and key (the redraw replaces the elements).
export function focusBefore() {
  const el = document.activeElement;
  const region = regionOf(el);
  if (region) return { region, key: keyOf(region, el) };
  if (el?.closest?.("#prompt-buttons")) return { region: "prompt", key: el.id };
  return null;
}

let lastPhase = null;

// The focus is nowhere: on the page itself, on an element redrawn away, or left in a dialog
// that closed (or a screen that hid) before the browser moved it.
export const nowhere = (el) => !el || el === document.body || !el.isConnected
  || !!el.closest("dialog:not([open]), [hidden]");

// After a redraw: a new moment of the game (a turn, a step, a selection) moves the focus to
// where the next action is, if the focus was on the table (or nowhere); otherwise the item
// that had it gets it back. Dialogs and the handover screen keep their own focus.
export function focusAfter(had) {
  const P = state.P, v = P.view, sel = state.sel;
  for (const r of ["hand", "board", "piles"]) rove(r);   // redrawn; the tools are not
  const phase = [v.to_move, v.step, P.seat, P.handover, sel?.card, sel?.target?.card, v.round,
    P.log.length, state.replay ? "replay" : ""].join("|");
  const changed = phase !== lastPhase;
  // The other player's moves go on: the item the player is on stays (they may be reading it).
  const theirs = changed && !myTurn() && !v.outcome && lastPhase?.split("|")[0] === String(v.to_move);
  lastPhase = phase;
  if (document.querySelector("dialog[open]") || !$("#handover").hidden || state.replay) return;
  const el = document.activeElement;
  const lost = nowhere(el);
  const onTable = (had && had.region !== "tools") || el?.closest?.("#table");
  if (changed && (lost || onTable) && !(theirs && had)) { focusNext(); return; }
  if (lost && had) {
    const again = had.region === "prompt" ? $(`#${had.key}`) : find(had.region, had.key);
    if (again) moveFocus(again);
    else focusNext();
  }
}

export function wireFocus() {
  // A tool shown or hidden (Undo comes and goes): the tools' tab stop stays on one on show.
  new MutationObserver(() => rove("tools"))
    .observe($("#tools"), { subtree: true, attributes: true, attributeFilter: ["hidden"] });
  rove("tools");
  // The region's tab stop follows the focus (a tap or Tab into an item).
  document.addEventListener("focusin", (e) => {
    const region = regionOf(e.target);
    if (region && items(region).includes(e.target)) current[region] = keyOf(region, e.target);
  });
  // A dialog closed with the focus nowhere (its opener was redrawn meanwhile): the next action.
  for (const d of $$("dialog")) {
    d.addEventListener("close", () => setTimeout(() => {
      if (!document.querySelector("dialog[open]") && nowhere(document.activeElement)) focusNext();
    }, 0));
  }
}

// ------------------------------------------------------------------ the live region

let told = null;   // {summary, ends}: what was announced already (null: nothing yet)
let saying = null;   // the timer that puts the next text in the region
let undoneTold = null;   // the payload whose take-back was told (a redraw tells it once)

// The region emptied first, so a text like the last one is still told.
function say(text) {
  const box = $("#announce");
  clearTimeout(saying);
  box.textContent = "";
  if (text) saying = setTimeout(() => { box.textContent = text; }, 50);
}

// The opponent's whole last turn (the payload's summary, worded by Python from the events)
// and each new round or match end line of the log, once each, in the polite live region. A
// turn taken back on a game with a friend's device (agreed, on either device): the undone
// turn's line leaves the region, and the take-back is told instead.
export function announce() {
  const P = state.P, box = $("#announce");
  if (!P || !box || state.replay) return;
  const s = P.summary;
  const summaryKey = s ? `${s.lines.join(" ")}|${P.log.filter((e) => e.p === s.player).length}` : "";
  const ends = P.log.filter((e) => e.kind === "round_end" || e.kind === "match_end");
  const first = told === null;
  const parts = [];
  const undone = P.duo?.undone && undoneTold !== P;
  if (undone) {
    undoneTold = P;
    parts.push(P.duo.news ? capital(P.duo.news) : "");
  } else if (!first) {
    const mine = P.seat !== null && P.seat !== undefined && s?.player === P.seat;
    if (s && summaryKey !== told.summary && !mine) parts.push(...s.lines);
    if (ends.length > told.ends) for (const e of ends.slice(told.ends)) if (!parts.includes(e.text)) parts.push(e.text);
  }
  told = { summary: summaryKey, ends: ends.length };
  if (!parts.length) return;
  say(parts.join(" "));
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
