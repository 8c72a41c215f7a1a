// Drawing the table from the payload: status line, seats, the nine stones, piles, the hand,
// then the prompt row and the log (prompt.js, log.js); and the pass-the-device screen.
// Each stone and card is named for screen readers in the catalogue's words (a stone: both
// sides, their formations from the payload, its status), and the keyboard focus is kept
// or moved on to the next action (focus.js).
import { $, esc } from "./dom.js";
import { cardEl, cardSaid, cardTitle, formationText, isClan, sortHand, TACTIC_KIND, tacticWord } from "./cards.js";
import { announce, focusAfter, focusBefore, focusNext } from "./focus.js";
import { layoutIfNeeded } from "./layout.js";
import { renderLog } from "./log.js";
import { legal, myTurn, selectionOptions } from "./moves.js";
import { aboutSeat, flagOf, nameOf } from "./names.js";
import { renderHint, renderPrompt, summaryText } from "./prompt.js";
import { showPending } from "./quick.js";
import { freshNow, isAI, options, state } from "./state.js";
import { has, t } from "./words.js";

// The seat drawn at the bottom: the person's against the computer, else the seat on show.
function bottomSeat() {
  const P = state.P;
  if (!P) return 0;
  if (state.replay) return state.replay.bottom;   // replay: the seat it is seen from
  if (isAI()) return 1 - P.settings.ai_seat;
  if (P.seat !== null && P.seat !== undefined) return P.seat;
  return P.handover ?? P.view.to_move;
}

export function render() {
  if (!state.P) return;
  const t0 = performance.now();
  try { renderAll(); } finally { if (options.perf) performance.measure("render", { start: t0 }); }
}

function renderAll() {
  const P = state.P, v = P.view;
  const had = focusBefore();
  const bottom = bottomSeat(), top = 1 - bottom;
  document.body.dataset.step = v.step;
  document.body.dataset.toMove = v.to_move;
  document.body.dataset.bottom = bottom;
  document.body.dataset.mode = P.settings.opponent;
  const opt = selectionOptions();
  renderStatus(v);
  renderSeat($("#seat-top"), v, top);
  renderSeat($("#seat-bottom"), v, bottom);
  renderBoard(v, bottom, opt);
  renderSides(top, bottom);
  renderPiles(v, opt);
  renderHand(v);
  renderPrompt(v, opt);
  renderLog();
  renderHint();
  showPending();
  layoutIfNeeded();
  focusAfter(had);
  announce();
}

// Text that changed only: the status line is a live region, and an unchanged text written
// again would be read out again.
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function renderStatus(v) {
  const who = $("#status-who"), step = $("#status-step");
  // A replay tells a position of the past, a finished lesson a table left as it was: neither
  // is anybody's turn now, so the header says so first.
  const [whoText, stepText, kind] = state.replay ? [t("status.replay"), positionText(v), "replay"]
    : state.P.lesson_over ? [t("status.lesson_done"), state.P.lesson_over, "lesson"]
      : [...turnText(v), "game"];
  setText(who, whoText);
  setText(step, stepText);
  $("#status").dataset.kind = kind;
  if (kind === "game") who.dataset.seat = v.to_move;
  else delete who.dataset.seat;
  setText($("#status-round"), v.rules.rounds > 1
    ? t("status.round", { round: v.round, rounds: v.rules.rounds, south: v.scores[0], north: v.scores[1] }) : "");
  // Which game is played: "Tactics · claim after playing · round 2 of 3" (in the header
  // where there is room, and at the head of the move log).
  setText($("#status-game"), state.P.game_line);
  setText($("#log-game"), state.P.game_line);
}

// The game's moment: whose turn and what to do, or who won.
function turnText(v) {
  if (!v.outcome || (v.step !== "over" && v.step !== "round_over")) {
    const key = `status.step.${v.step}`;
    const n = v.step === "recruit_draw" ? v.draws_left : v.returns_left;
    return [aboutSeat("status.turn", v.to_move), has(key) ? t(key, { n }) : v.step];
  }
  let w = v.outcome.winner;
  if (v.step === "over" && v.rules.rounds > 1) w = v.match_winner;   // the engine's, on points
  return [w === null ? t("status.draw") : aboutSeat("status.wins", w), v.step === "over"
    ? t(v.rules.rounds > 1 ? "status.match_over" : "status.game_over")
    : t("status.round_over", { round: v.round })];
}

// A replay's position in a few words: who is to move in it, or how it ended.
function positionText(v) {
  if (v.outcome && (v.step === "over" || v.step === "round_over")) return turnText(v).join(", ");
  return aboutSeat("status.replay_to_move", v.to_move);
}

function renderSeat(el, v, p) {
  el.dataset.seat = p;
  el.classList.toggle("to-move", v.to_move === p && !v.outcome);
  $(".seat-name", el).textContent = nameOf(p);
  $(".seat-name", el).dataset.seat = p;
  const parts = [t("seat.stones", { n: v.stones.filter((s) => s.owner === p).length })];
  if (v.rules.tactics) parts.push(t("seat.tactics", { n: v.tactics_played[p] }));
  if (v.rules.rounds > 1) parts.push(t("seat.points", { n: v.scores[p] }));
  $(".seat-info", el).textContent = parts.join(" · ");
  const hand = $(".seat-hand", el);
  if (hand) {
    hand.innerHTML = "";
    if (v.open_hands) {   // a replay with every card open: the hand face up
      for (const c of sortHand(v.open_hands[p])) hand.append(cardEl(c, "span"));
      hand.classList.add("open-hand");
    } else {
      hand.classList.remove("open-hand");
      for (let i = 0; i < v.hand_sizes[p]; i++) {
        const b = document.createElement("span");
        b.className = "mini-back";
        hand.append(b);
      }
    }
    const label = t("seat.hand", { n: v.hand_sizes[p] });
    if (!v.open_hands) hand.setAttribute("role", "img");   // the backs: one picture, named
    else hand.removeAttribute("role");
    hand.setAttribute("aria-label", label);
    hand.title = label;
  }
}

// The names over the two columns of a phone's board (the opponent's side left, yours right),
// as the seats' lines name them.
function renderSides(top, bottom) {
  for (const [el, p] of [[$("#board-sides .side-left"), top], [$("#board-sides .side-right"), bottom]]) {
    el.textContent = nameOf(p);
    el.dataset.seat = p;
  }
}

function renderBoard(v, bottom, opt) {
  const board = $("#board");
  board.innerHTML = "";
  board.setAttribute("role", "toolbar");
  board.setAttribute("aria-label", t("board.label"));
  const top = 1 - bottom;
  const claimable = new Set(legal().filter((a) => a.kind === "claim").map((a) => a.stone));
  const last = freshNow();
  v.stones.forEach((st, s) => {
    const lane = document.createElement("div");
    lane.className = "lane";
    lane.dataset.stone = s;
    if (st.owner !== null) lane.classList.add(st.owner === bottom ? "owned-bottom" : "owned-top");
    if (st.mode) lane.classList.add(`mode-${st.mode}`);
    if (opt.stones.has(s) || opt.dests.has(s)) lane.classList.add("target");
    if (claimable.has(s)) lane.classList.add("claimable");
    if (hintStone() === s) lane.classList.add("hint-stone");
    const stone = stoneEl(st, s, claimable.has(s), last);
    stone.setAttribute("aria-label", stoneSaid(v, st, s, bottom, claimable.has(s), opt));
    lane.append(sideEl(st, s, top, "top", opt, last), stone, sideEl(st, s, bottom, "bottom", opt, last));
    board.append(lane);
  });
}

function sideEl(st, s, p, where, opt, last) {
  const { sel, hint } = state;
  const side = document.createElement("div");
  side.className = `side side-${where}`;
  side.dataset.seat = p;
  const data = st.sides[p];
  if (data.complete) side.classList.add("complete");
  side.dataset.capacity = st.capacity;
  data.cards.forEach((c, i) => {
    const el = cardEl(c, "div");
    el.dataset.stone = s;
    el.dataset.seat = p;
    el.style.setProperty("--i", i);
    el.style.zIndex = where === "top" ? 10 - i : i + 1;
    if (opt.picks.has(`${s}|${c}`) && !sel.target) {
      // A card to pick for a ruse: a button of the board's region (focus.js, keyboard.js).
      el.classList.add("pick");
      el.setAttribute("role", "button");
      el.tabIndex = -1;
      el.setAttribute("aria-label", t("stone.pick", { card: cardSaid(c, data.declared), n: s + 1, side: sideName(p) }));
    } else {
      // The stone's button says every card on it: the picture itself is not read again.
      el.removeAttribute("role");
      el.setAttribute("aria-hidden", "true");
    }
    if (sel && sel.target && sel.target.stone === s && sel.target.card === c) el.classList.add("picked");
    // An elite troop on a complete side shows the card it counts as.
    const d = (data.declared || []).find((x) => x.card === c)?.as;
    if (d) {
      const chip = document.createElement("span");
      chip.className = `as c-${d[0]}`;
      chip.innerHTML = `<span class="v">${d.slice(1)}</span><svg class="sym"><use href="#s-${d[0]}"/></svg>`;
      chip.title = t("board.counts_as", { card: cardTitle(d) });
      el.append(chip);
    }
    if (last && isFresh(last.a, s, c)) markFresh(el, last);
    if (hint && hint.action.kind === "play" && hint.action.stone === s && hint.action.target === c) el.classList.add("hinted");
    side.append(el);
  });
  if (data.complete && data.formation) side.title = t("board.formation", { name: nameOf(p), formation: formationText(data.formation) });
  return side;
}

// "your side" (the seat whose hand shows), else "North's side".
function sideName(p) {
  const P = state.P;
  return p === P.seat ? t("stone.side_yours") : t("stone.side_of", { name: nameOf(p) });
}

// A stone as a screen reader says it: "Stone 4: your side: Red 7, Red 8, Red 9, a Color-Run
// totalling 24; Computer's side: Blue 2; not claimed". The formations are the payload's
// words (Python's), the status the view's; what Enter does here is added while it does something.
function stoneSaid(v, st, s, bottom, canClaim, opt) {
  const forms = state.P.formations?.[s] ?? [];
  const side = (p) => {
    const d = st.sides[p];
    let cards = d.cards.length ? d.cards.map((c) => cardSaid(c, d.declared)).join(", ") : t("stone.no_cards");
    if (forms[p]) cards = t("stone.side_formation", { cards, formation: forms[p] });
    return t("stone.side_cards", { side: sideName(p), cards });
  };
  const status = [];
  if (st.owner !== null) status.push(t("stone.claimed_by", { name: nameOf(st.owner) }));
  else if (canClaim) status.push(t("stone.claimable_you"));
  else status.push(t("stone.open"));
  if (st.mode) status.push(cardTitle(st.mode));
  const sel = state.sel;
  if (sel && !sel.target && opt.stones.has(s)) status.push(t("stone.play_here", { card: cardTitle(sel.card) }));
  if (sel && sel.target && opt.dests.has(s)) status.push(t("stone.move_here", { card: cardTitle(sel.target.card) }));
  return t("stone.said", { n: s + 1, near: side(bottom), far: side(1 - bottom), status: status.join(", ") });
}

// A redraw must not restart (nor cut short) the landing: start it as far in as it has got.
function markFresh(el, f) {
  el.classList.add("fresh");
  el.style.animationDelay = `${-Math.round(f.age)}ms`;
}

function isFresh(a, s, c) {
  if (a.kind !== "play") return false;
  if (a.target !== undefined) return a.target === c && a.to === s;
  return a.card === c && a.stone === s;
}

function stoneEl(st, s, canClaim, fresh) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "stone";
  b.dataset.stone = s;
  let label = t("stone.label", { n: s + 1 });
  let sub = "", subClass = "";
  if (st.mode) {
    sub = tacticWord(st.mode, "short");
    subClass = `mode-badge m-${st.mode}`;
    b.title = tacticWord(st.mode, "help");
    label = t("stone.label_mode", { label, mode: cardTitle(st.mode) });
  }
  if (st.owner !== null) {
    sub = flagOf(st.owner);
    subClass = "owner-flag";
    label = t("stone.label_owner", { label, name: nameOf(st.owner) });
    b.dataset.owner = st.owner;
  } else if (canClaim) {
    sub = t("stone.claim");
    subClass = "claim-flag";
    label = t("stone.label_claimable", { label });
  }
  b.innerHTML = `<span class="stone-num">${s + 1}</span>` +
    (sub ? `<span class="stone-sub ${subClass}" data-seat="${st.owner ?? ""}">${esc(sub)}</span>` : "");
  const f = fresh;
  if (f && f.a.kind === "play" && f.a.stone === s && TACTIC_KIND[f.a.card] === "mode") markFresh(b, f);
  b.setAttribute("aria-label", label);   // renderBoard names it in full (stoneSaid)
  return b;
}

// The stone a hint points at: where the card goes, or the stone to claim.
function hintStone() {
  const a = state.hint && state.hint.action;
  if (!a) return null;
  if (a.kind === "claim") return a.stone;
  if (a.kind !== "play") return null;
  if (a.target === undefined) return a.stone ?? null;
  return typeof a.to === "number" ? a.to : null;
}

function renderPiles(v, opt) {
  const [clan, tactic] = v.deck_sizes;
  const drawable = new Set(legal().filter((a) => a.kind === "draw").map((a) => a.deck));
  const pc = $("#pile-clan"), pt = $("#pile-tactic"), pd = $("#pile-discard");
  $(".pile-count", pc).textContent = clan;
  $(".pile-count", pt).textContent = tactic;
  pt.hidden = !v.rules.tactics;
  pd.hidden = !v.rules.tactics && v.discard.length === 0;
  pc.classList.toggle("empty", clan === 0);
  pt.classList.toggle("empty", tactic === 0);
  pc.classList.toggle("drawable", drawable.has("clan"));
  pt.classList.toggle("drawable", drawable.has("tactic"));
  const hint = state.hint;
  const hintDeck = hint && hint.action.kind === "draw" ? hint.action.deck : null;
  pc.classList.toggle("hinted", hintDeck === "clan");
  pt.classList.toggle("hinted", hintDeck === "tactic");
  const deckLabel = (key, n, deck) => {
    const label = t(key, { n });
    return drawable.has(deck) ? t("pile.tap_to_draw", { label }) : label;
  };
  $("#piles").setAttribute("role", "toolbar");
  $("#piles").setAttribute("aria-label", t("piles.label"));
  pc.setAttribute("aria-label", deckLabel("pile.clan", clan, "clan"));
  // A tactic card drawn now could not be played (the tactic limit; Python's words): said
  // on the deck, and the deck marked (style.css), before the draw.
  const locked = drawable.has("tactic") ? state.P.tactic_draw_warning ?? "" : "";
  pt.setAttribute("aria-label", [deckLabel("pile.tactic", tactic, "tactic"), locked].filter(Boolean).join(" "));
  pt.title = locked;
  pt.classList.toggle("locked", !!locked);
  $(".pile-count", pd).textContent = v.discard.length;
  const face = $(".pile-face", pd);
  face.innerHTML = "";
  if (v.discard.length) face.append(cardEl(v.discard[v.discard.length - 1]));
  pd.classList.toggle("empty", v.discard.length === 0);
  pd.classList.toggle("drop", !!(state.sel && state.sel.target && opt.discard));
}

function renderHand(v) {
  const { P, sel, hint } = state;
  const hand = $("#hand");
  hand.innerHTML = "";
  hand.setAttribute("role", "toolbar");   // one tab stop, arrow keys inside (keyboard.js)
  hand.setAttribute("aria-label", t("hand.label"));
  // Not our seat's turn-view (handover, public table): the hand is simply not in the page.
  if (P.seat === null || P.seat === undefined) { hand.classList.add("hidden-hand"); return; }
  hand.classList.remove("hidden-hand");
  const acts = legal();
  const returning = acts.length && acts[0].kind === "return";
  const playable = new Set(acts.filter((a) => a.kind === "play").map((a) => a.card));
  for (const c of sortHand(v.hand)) {
    const el = cardEl(c, "button");
    el.classList.add("in-hand");
    // A tactic card says what it does, after its name (the catalogue's help line).
    if (!isClan(c)) el.setAttribute("aria-description", tacticWord(c, "help"));
    if (v.step === "play" && myTurn()) {
      if (playable.has(c)) el.classList.add("playable");
      else {
        el.classList.add("unplayable");
        el.setAttribute("aria-label", t("hand.unplayable", { card: cardTitle(c) }));
      }
    }
    if (returning) {
      el.classList.add("playable", "returnable");
      el.setAttribute("aria-label", t("hand.returnable", { card: cardTitle(c) }));
    }
    if (sel && sel.card === c) el.classList.add("selected");
    if (hint && ["play", "return"].includes(hint.action.kind) && hint.action.card === c) el.classList.add("hinted");
    el.setAttribute("aria-pressed", sel && sel.card === c ? "true" : "false");
    hand.append(el);
  }
}

// Tab and Shift+Tab go round the handover screen's buttons (the dialog pattern's focus trap:
// the page behind is inert, and the browser's own controls are not a way out either).
export function wireHandoverTrap() {
  $("#handover").addEventListener("keydown", (e) => {
    if (e.key !== "Tab") return;
    const items = [...$("#handover").querySelectorAll("button")].filter((b) => !b.hidden && !b.disabled);
    if (!items.length) return;
    const i = items.indexOf(document.activeElement);
    const next = items[(i + (e.shiftKey ? -1 : 1) + items.length) % items.length];
    e.preventDefault();
    next.focus();
  });
}

// Pass-the-device screen: shown while a seat must take the device (its hand is not fetched yet).
export function renderHandover() {
  const P = state.P;
  const ho = $("#handover");
  if (P.handover !== null && P.handover !== undefined) {
    $("#handover-title").textContent = t("table.handover", { name: nameOf(P.handover) });
    $("#handover-name").textContent = nameOf(P.handover);
    // The other player's whole turn: the card played (or the tactic and its effect), each
    // claim with its reason, the draw.
    $("#handover-last").textContent = summaryText(P);
    ho.dataset.seat = P.handover;
    ho.hidden = false;
    // A modal screen (the WAI-ARIA dialog pattern): the table beneath is inert, out of the
    // tab order and of the accessibility tree, until the next player takes the device.
    $("#app").inert = true;
    $("#handover-go").focus();
  } else if (!ho.hidden) {
    const had = ho.contains(document.activeElement);
    ho.hidden = true;
    $("#app").inert = false;
    if (had) focusNext();   // the hand just fetched: the next action is in it
  }
}
