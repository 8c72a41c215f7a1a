// Input: taps on the hand, the board, the piles and the prompt buttons; drag and drop of a
// hand card onto a stone; the handover tap. The keyboard (keyboard.js) ends in the same
// clicks: Enter on a card or a stone is a tap on it.
import { requestHint } from "./ai.js";
import { call, setPayload } from "./bridge.js";
import { cardEl, cardTitle, formationText, tacticWord } from "./cards.js";
import { showDiscard, showEnd } from "./dialogs.js";
import { $, $$ } from "./dom.js";
import { doAct } from "./flow.js";
import { wireKeyboard } from "./keyboard.js";
import { legal, myTurn, needsTarget, playsFor, selectionOptions } from "./moves.js";
import { nameOf } from "./names.js";
import { render } from "./render.js";
import { state } from "./state.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

function select(sel) {
  state.sel = sel;
  render();
}

function onHand(ev) {
  if (suppressClick || state.pending) return;
  const el = ev.target.closest(".card");
  if (!el || !myTurn()) return;
  const c = el.dataset.card;
  const acts = legal();
  if (acts.length && acts[0].kind === "return") { doAct({ kind: "return", card: c }); return; }
  if (state.P.view.step !== "play") return;
  if (state.sel && state.sel.card === c) { select(null); return; }
  // Why not: the engine's refusal, in words.
  if (!playsFor(c).length) { toast(state.P.refusals?.[c] ?? t("toast.nowhere", { card: cardTitle(c) })); return; }
  select({ card: c, target: null });
}

function onBoard(ev) {
  if (state.pending) return;   // one action waits for Python (quick.js)
  if (!state.P || !myTurn()) {
    const st = ev.target.closest(".stone");
    if (st) explainStone(Number(st.dataset.stone));
    return;
  }
  const lane = ev.target.closest(".lane");
  if (!lane) return;
  const s = Number(lane.dataset.stone);
  const sel = state.sel;
  const opt = selectionOptions();
  if (sel && !sel.target) {
    const pick = ev.target.closest(".card.pick");
    if (pick) {
      sel.target = { stone: Number(pick.dataset.stone), card: pick.dataset.card };
      const plays = playsFor(sel.card).filter((a) => a.stone === sel.target.stone && a.target === sel.target.card);
      if (plays.length === 1 && plays[0].to === undefined) { doAct(plays[0]); return; }  // Banshee
      render();
      return;
    }
    if (opt.stones.has(s)) { doAct({ kind: "play", card: sel.card, stone: s }); return; }
    if (opt.picks.size) { toast(t("toast.tap_pick")); return; }
    // Not a place for this card: the engine refuses it and says which rule (nothing moves).
    doAct({ kind: "play", card: sel.card, stone: s });
    return;
  }
  if (sel && sel.target) {
    if (opt.dests.has(s)) {
      doAct({ kind: "play", card: sel.card, stone: sel.target.stone, target: sel.target.card, to: s });
      return;
    }
    toast(t("toast.tap_target"));
    return;
  }
  if (state.P.view.step === "claim" && lane.classList.contains("claimable")) {
    doAct({ kind: "claim", stone: s });
    return;
  }
  // In a lesson the panel says the engine's verdict (tutorial.js): no toast over the hand.
  if (ev.target.closest(".stone") && !document.body.classList.contains("in-lesson")) explainStone(s);
}

// A tap on a stone that cannot be acted on says who holds it, or why it can(not) be claimed
// (the engine's verdict and reason, in words).
function explainStone(s) {
  const P = state.P, st = P.view.stones[s];
  const n = s + 1;
  let text;
  if (st.owner !== null) text = t("stone.belongs", { n, name: nameOf(st.owner) });
  else text = P.claims_text?.[s] ?? t("stone.plain", { n });
  const forms = [0, 1].map((p) => (st.sides[p].formation
    ? t("board.formation", { name: nameOf(p), formation: formationText(st.sides[p].formation) }) : null)).filter(Boolean);
  if (forms.length) text += ` (${forms.join("; ")})`;
  if (st.mode) text += ` ${tacticWord(st.mode, "help")}`;
  toast(text, "info");
}

function playToDiscard() {
  const sel = state.sel;
  doAct({ kind: "play", card: sel.card, stone: sel.target.stone, target: sel.target.card, to: "discard" });
}

function onPiles(ev) {
  const b = ev.target.closest(".pile");
  if (!b) return;
  if (b.id === "pile-discard") {
    if (state.sel && state.sel.target && selectionOptions().discard) { playToDiscard(); return; }
    showDiscard();
    return;
  }
  const deck = b.dataset.deck;
  const a = legal().find((x) => x.kind === "draw" && x.deck === deck);
  if (a) doAct(a);
  else {
    const n = state.P.view.deck_sizes[deck === "clan" ? 0 : 1];
    toast(t(deck === "clan" ? "toast.deck_clan" : "toast.deck_tactic", { n }), "info");
  }
}

function onPrompt(ev) {
  const b = ev.target.closest("button");
  if (!b) return;
  switch (b.id) {
    case "btn-pass": doAct({ kind: "pass" }); break;
    case "btn-done": doAct({ kind: "done" }); break;
    case "btn-cancel": select(null); break;
    case "btn-confirm": { const o = selectionOptions(); if (o.bare) doAct(o.bare); break; }
    case "btn-discard": playToDiscard(); break;
    case "btn-results": showEnd(); break;
  }
}

// ------------------------------------------------------------------ drag and drop

// Drag and drop as well as tap-tap: drag a hand card onto a glowing stone.
let drag = null;
let suppressClick = false;

function onDragStart(ev) {
  const el = ev.target.closest("#hand .card.playable");
  if (!el || !myTurn() || state.P.view.step !== "play" || ev.button > 0) return;
  drag = { card: el.dataset.card, x0: ev.clientX, y0: ev.clientY, id: ev.pointerId, ghost: null };
}

function onDragMove(ev) {
  if (!drag || ev.pointerId !== drag.id) return;
  if (!drag.ghost) {
    if (Math.hypot(ev.clientX - drag.x0, ev.clientY - drag.y0) < 12) return;
    // Only cards that simply go to a stone can be dragged; ruses keep their guided taps.
    if (needsTarget(drag.card) || !playsFor(drag.card).some((a) => a.stone !== undefined)) { drag = null; return; }
    select({ card: drag.card, target: null });
    const g = cardEl(drag.card);
    g.classList.add("ghost");
    g.style.setProperty("--cw", getComputedStyle(document.documentElement).getPropertyValue("--hw"));
    g.style.setProperty("--ch", getComputedStyle(document.documentElement).getPropertyValue("--hh"));
    document.body.append(g);
    drag.ghost = g;
  }
  const g = drag.ghost;
  g.style.left = `${ev.clientX}px`;
  g.style.top = `${ev.clientY}px`;
  const over = document.elementFromPoint(ev.clientX, ev.clientY)?.closest(".lane.target");
  $$(".lane.drop-over").forEach((l) => l !== over && l.classList.remove("drop-over"));
  if (over) over.classList.add("drop-over");
}

function onDragEnd(ev) {
  if (!drag || ev.pointerId !== drag.id) return;
  const d = drag;
  drag = null;
  if (!d.ghost) return;   // a plain tap: the click handler selects the card
  d.ghost.remove();
  const lane = document.elementFromPoint(ev.clientX, ev.clientY)?.closest(".lane.target");
  suppressClick = true;
  setTimeout(() => { suppressClick = false; }, 0);
  if (lane && state.sel) doAct({ kind: "play", card: state.sel.card, stone: Number(lane.dataset.stone) });
}

function onDragCancel() {
  if (drag?.ghost) drag.ghost.remove();
  drag = null;
}

// ------------------------------------------------------------------ handover

// The next seat has the device: only now is its hand fetched.
function onHandoverTap() {
  const out = call("state", { seat: state.P.handover });
  if (!out.ok) { toast(out.error); return; }
  state.sel = null;
  setPayload(out);
}

export function wireInput() {
  $("#hand").addEventListener("click", onHand);
  $("#hand").addEventListener("pointerdown", onDragStart);
  addEventListener("pointermove", onDragMove);
  addEventListener("pointerup", onDragEnd);
  addEventListener("pointercancel", onDragCancel);
  $("#board").addEventListener("click", onBoard);
  $("#piles").addEventListener("click", onPiles);
  $("#prompt-buttons").addEventListener("click", onPrompt);
  $("#btn-hint").addEventListener("click", requestHint);
  $("#handover-go").addEventListener("click", onHandoverTap);
  wireKeyboard();   // arrow keys, Enter, Escape, shortcuts, the shortcuts dialog
}
