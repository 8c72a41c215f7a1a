// Card sizes follow the room the board really has; style.css reads the variables set here.
import { $ } from "./dom.js";
import { state } from "./state.js";

const capacity = () => (state.P ? Math.max(...state.P.view.stones.map((s) => s.capacity)) : 3);

// Measuring forces a layout, so it only happens when something that matters changed.
let layoutKey = "";
export function layoutIfNeeded() {
  const key = `${innerWidth}x${innerHeight}|${capacity()}|${Math.max(6, $("#hand").children.length)}`;
  if (key !== layoutKey) { layoutKey = key; layout(); }
  // For tests: the window size the board was last measured for (they wait on it after a resize).
  const size = `${innerWidth}x${innerHeight}`;
  if (document.body.dataset.layout !== size) document.body.dataset.layout = size;
}

// The board's room also changes while the window does not (the lesson's panel, a hint read
// whole, the replay's verdict, the prompt grown for a long turn): measure again whenever the
// board's own box or the hand's changes size (the hand's box never follows its cards').
const remeasure = new ResizeObserver(() => { layoutKey = ""; layoutIfNeeded(); });
remeasure.observe($("#board"));
remeasure.observe($("#hand"));

// Narrow portrait: the stones run down the screen, in nine rows (a stone and its lane as
// tall as their row allows, style.css: --row). Where the rows would be under 32 px (an embed
// 600 px high), the stones go across as on wider screens instead. Chosen once per window
// size, so a prompt grown for a long turn never turns the board round mid-game.
const ROWS_MIN = 9 * 32 + 8 * 2;
let shapeFor = "";
let rows = false;
function chooseShape(board, w, h) {
  const size = `${w}x${h}`;
  if (shapeFor === size) return;
  shapeFor = size;
  rows = w < 560 && h >= w * 0.9;
  if (rows) {
    document.body.classList.add("rows");
    document.body.classList.remove("cols");
    rows = restingHeight(board) >= ROWS_MIN;
  }
}

// The board's height without what may come and go on it: the room the prompt row kept for a
// long turn (prompt.js) and a review's verdict with the room kept for it (review.js); they
// are measured anew for the new size.
function restingHeight(board) {
  const prompt = $("#prompt"), area = $("#replay-area"), note = $("#review-note");
  const kept = [prompt.style.getPropertyValue("--prompt-grown"), area.style.minHeight, note.hidden];
  prompt.style.removeProperty("--prompt-grown");
  area.style.minHeight = "";
  note.hidden = true;
  const height = board.clientHeight;
  if (kept[0]) prompt.style.setProperty("--prompt-grown", kept[0]);
  area.style.minHeight = kept[1];
  note.hidden = kept[2];
  return height;
}

function layout() {
  const board = $("#board");
  const app = $("#app");
  if (!board || app.hidden) return;
  const w = window.innerWidth, h = window.innerHeight;
  chooseShape(board, w, h);
  document.body.classList.toggle("rows", rows);
  document.body.classList.toggle("cols", !rows);
  const cap = capacity();
  const bw = board.clientWidth, bh = board.clientHeight;
  let cw, ch, step;
  if (rows) {
    const rowH = bh / 9;
    document.documentElement.style.setProperty("--row", `${((bh - 16) / 9).toFixed(1)}px`);
    ch = Math.max(30, Math.min(rowH - 4, 90));
    cw = ch * 0.72;
    const sideW = (bw - Math.min(64, bw * 0.16)) / 2 - 6;
    step = Math.min(cw + 3, (sideW - cw) / (cap - 1));
  } else {
    const colW = bw / 9;
    // Never under the stone's own 44 px (a tap target, style.css): the cards make room for it.
    const stoneH = Math.max(44, Math.min(56, bh * 0.11));
    const sideH = (bh - stoneH) / 2 - 4;
    const ratio = 0.34;
    ch = Math.min(sideH / (1 + (cap - 1) * ratio), (colW - 6) * 1.4, 150);
    ch = Math.max(ch, 34);
    cw = ch / 1.4;
    step = Math.min(ch * ratio, (sideH - ch) / (cap - 1));
    document.documentElement.style.setProperty("--stone-h", `${stoneH}px`);
  }
  const rs = document.documentElement.style;
  rs.setProperty("--cw", `${cw.toFixed(1)}px`);
  rs.setProperty("--ch", `${ch.toFixed(1)}px`);
  rs.setProperty("--step", `${step.toFixed(1)}px`);
  // Hand cards: as large as the hand area allows, never under 44 px wide (touch).
  const hand = $("#hand");
  const n = Math.max(hand.children.length, 6);
  const hw = hand.clientWidth - 8, hh = hand.clientHeight - 10;
  let hcw, hch;
  if (getComputedStyle(hand).flexWrap === "wrap") {
    // Several rows (short landscape screens): the largest card that fits them all.
    for (hcw = 110; hcw > 44; hcw -= 2) {
      const per = Math.max(1, Math.floor((hw + 4) / (hcw + 4)));
      if (Math.ceil(n / per) * (hcw * 1.4 + 6) <= hh) break;
    }
    hch = hcw * 1.4;
  } else {
    hch = Math.min(hh, 150);
    hcw = hch / 1.4;
    const maxW = hw / n - 6;
    // At least 44 px wide where seven fit in a row (the gaps narrow on phones), less only on
    // the narrowest screens (320 px): the hand never runs off the screen.
    const gap = parseFloat(getComputedStyle(hand).columnGap) || 0;
    const fit = (hw - gap * (n - 1)) / n;
    if (hcw > maxW) { hcw = Math.max(Math.min(44, fit), maxW); hch = hcw * 1.4; }
    hch = Math.min(hch, hh);
  }
  rs.setProperty("--hw", `${hcw.toFixed(1)}px`);
  rs.setProperty("--hh", `${hch.toFixed(1)}px`);
}
