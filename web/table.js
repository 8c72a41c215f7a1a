// The card table: rendering and input only. Every rule lives in the Python engine.
//
// Python (app.py, main thread) is reached through window.stCall(name, argJSON) -> JSON
// text; it holds the match, checks every action and saves after each one. This file
// only ever offers what the view's `legal` list contains, and sends back one action.
// The AI thinks in a PyScript worker (ai_worker.py): it gets the AI seat's view as JSON
// and answers with one action, so the page never waits on it.

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
const params = new URLSearchParams(location.search);
// Pause before an AI move is played, so a person can follow it (?aipause=0 for tests).
const AI_PAUSE_MS = Math.max(0, Number(params.get("aipause") ?? 700));
// ?perf: time every Python call and render as performance measures (for profiling).
const PERF = params.has("perf");
// ?ai_time=S: thinking time in seconds for the search level and hints (tests use a short one).
const AI_TIME = Number(params.get("ai_time")) > 0 ? Number(params.get("ai_time")) : null;
// How long a card just played lands and glows; it carries on through redraws meanwhile.
const FRESH_MS = 1600;

const COLOURS = { R: "Red", O: "Orange", Y: "Yellow", G: "Green", B: "Blue", P: "Purple" };
const TACTICS = {
  Joker: { kind: "elite", short: "Joker", sub: "any", title: "Joker",
    help: "Joker: counts as any colour and any value. Only one Joker per player per game." },
  Spy: { kind: "elite", short: "Spy", sub: "7", title: "Spy",
    help: "Spy: a troop of value 7 in any colour." },
  ShieldBearer: { kind: "elite", short: "Shield", sub: "1-3", title: "Shield-Bearer",
    help: "Shield-Bearer: a troop of value 1, 2 or 3 in any colour." },
  BlindMansBluff: { kind: "mode", short: "Blind", sub: "Σ", title: "Blind-Man's Bluff",
    help: "Blind-Man's Bluff: at that stone only the total counts; formations are ignored." },
  MudFight: { kind: "mode", short: "Mud", sub: "4", title: "Mud Fight",
    help: "Mud Fight: both sides of that stone need 4 cards." },
  Recruiter: { kind: "ruse", short: "Recruit", sub: "+3", title: "Recruiter",
    help: "Recruiter: draw 3 cards from either deck, then put 2 cards back under their decks." },
  Strategist: { kind: "ruse", short: "Strategist", sub: "⇄", title: "Strategist",
    help: "Strategist: move one of your troops to another stone, or discard it." },
  Banshee: { kind: "ruse", short: "Banshee", sub: "✕", title: "Banshee",
    help: "Banshee: discard one of your opponent's troops." },
  Traitor: { kind: "ruse", short: "Traitor", sub: "⇆", title: "Traitor",
    help: "Traitor: take one of your opponent's clan cards onto your own side." },
};
const STEP_TEXT = {
  play: "play a card",
  claim: "claim stones",
  draw: "draw a card",
  recruit_draw: "Recruiter: draw",
  recruit_return: "Recruiter: return",
  round_over: "round over",
  over: "game over",
};

let P = null;          // the last payload from Python: {view, seat, handover, settings, ...}
let sel = null;        // the selection in progress: {card, target: {stone, card} | null}
let aiBusy = false;
let lastLogCount = 0;
let endShownFor = null; // which end screen was shown already (so "look at the table" sticks)
let fresh = null;      // the last public play, {a, t0}: it lands and glows for FRESH_MS
let hint = null;       // the hint on show: {action, text}; cleared by every new payload
let hintBusy = false;  // a hint is being worked out in the worker
let hintToken = 0;     // bumped by every new payload: a late hint for an old position is dropped

// ------------------------------------------------------------------ Python calls

function call(name, arg) {
  const t0 = performance.now();
  const text = window.stCall(name, JSON.stringify(arg ?? null));
  const out = JSON.parse(text);
  if (PERF) performance.measure(`py:${name}`, { start: t0 });
  return out;
}

// ------------------------------------------------------------------ names and text

const isAI = () => P && P.settings.opponent === "ai";
const aiSeat = () => (isAI() ? P.settings.ai_seat : null);
function nameOf(p) {
  if (p === null || p === undefined) return "";
  if (isAI()) return p === aiSeat() ? "Computer" : "You";
  return p === 0 ? "South" : "North";
}
function possessive(p) {
  const n = nameOf(p);
  return n === "You" ? "Your" : `${n}'s`;
}
function cardTitle(text) {
  if (/^[ROYGBP][1-9]$/.test(text)) return `${COLOURS[text[0]]} ${text[1]}`;
  return TACTICS[text] ? TACTICS[text].title : text;
}
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

// ------------------------------------------------------------------ cards

function cardEl(text, tag = "div") {
  const el = document.createElement(tag);
  el.className = "card";
  el.dataset.card = text;
  if (tag === "button") el.type = "button";
  if (/^[ROYGBP][1-9]$/.test(text)) {
    const c = text[0], v = text[1];
    el.classList.add("clan", `c-${c}`);
    el.innerHTML =
      `<span class="idx"><span class="v">${v}</span><svg class="sym"><use href="#s-${c}"/></svg></span>` +
      `<svg class="pip"><use href="#s-${c}"/></svg>` +
      `<span class="idx idx2"><span class="v">${v}</span><svg class="sym"><use href="#s-${c}"/></svg></span>`;
  } else {
    const t = TACTICS[text] || { kind: "ruse", short: text, sub: "", title: text };
    el.classList.add("tactic", `k-${t.kind}`, `t-${text}`);
    el.innerHTML =
      `<span class="idx"><span class="v">${esc(t.sub)}</span><svg class="sym"><use href="#t-${t.kind}"/></svg></span>` +
      `<svg class="pip"><use href="#t-${t.kind}"/></svg>` +
      `<span class="tname">${esc(t.short)}</span>`;
  }
  el.setAttribute("aria-label", cardTitle(text));
  el.title = cardTitle(text);
  return el;
}

// ------------------------------------------------------------------ layout

function bottomSeat() {
  if (!P) return 0;
  if (isAI()) return 1 - P.settings.ai_seat;
  if (P.seat !== null && P.seat !== undefined) return P.seat;
  return P.handover ?? P.view.to_move;
}

// Card sizes follow the room the board really has; CSS reads these variables. Measuring
// forces a layout, so it only happens when something that matters changed.
let layoutKey = "";
function layoutIfNeeded() {
  const cap = P ? Math.max(...P.view.stones.map((s) => s.capacity)) : 3;
  const key = `${innerWidth}x${innerHeight}|${cap}|${Math.max(6, $("#hand").children.length)}`;
  if (key !== layoutKey) { layoutKey = key; layout(); }
}

function layout() {
  const board = $("#board");
  const app = $("#app");
  if (!board || app.hidden) return;
  const w = window.innerWidth, h = window.innerHeight;
  const rows = w < 560 && h >= w * 0.9;   // narrow portrait: stones run down the screen
  document.body.classList.toggle("rows", rows);
  document.body.classList.toggle("cols", !rows);
  const cap = P ? Math.max(...P.view.stones.map((s) => s.capacity)) : 3;
  const bw = board.clientWidth, bh = board.clientHeight;
  let cw, ch, step;
  if (rows) {
    const rowH = bh / 9;
    ch = Math.max(30, Math.min(rowH - 4, 90));
    cw = ch * 0.72;
    const sideW = (bw - Math.min(64, bw * 0.16)) / 2 - 6;
    step = Math.min(cw + 3, (sideW - cw) / (cap - 1));
  } else {
    const colW = bw / 9;
    const stoneH = Math.max(34, Math.min(56, bh * 0.11));
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
    if (hcw > maxW) { hcw = Math.max(44, maxW); hch = hcw * 1.4; }
    hch = Math.min(hch, hh);
  }
  rs.setProperty("--hw", `${hcw.toFixed(1)}px`);
  rs.setProperty("--hh", `${hch.toFixed(1)}px`);
}

// ------------------------------------------------------------------ rendering

function myTurn() {
  const v = P.view;
  return P.seat !== null && P.seat !== undefined && v.to_move === P.seat && v.legal.length > 0;
}

function legal() { return myTurn() ? P.view.legal : []; }

function playsFor(card) { return legal().filter((a) => a.kind === "play" && a.card === card); }

function needsTarget(card) { return playsFor(card).some((a) => a.target !== undefined); }

// What the current selection allows: placement stones, table cards to pick, destinations.
function options() {
  const out = { stones: new Set(), picks: new Set(), dests: new Set(), discard: false, bare: null };
  if (!sel) return out;
  const plays = playsFor(sel.card);
  if (!sel.target) {
    for (const a of plays) {
      if (a.target !== undefined) out.picks.add(`${a.stone}|${a.target}`);
      else if (a.stone !== undefined) out.stones.add(a.stone);
      else out.bare = a;   // Recruiter: no stone at all
    }
  } else {
    for (const a of plays) {
      if (a.stone !== sel.target.stone || a.target !== sel.target.card) continue;
      if (a.to === "discard") out.discard = true;
      else if (a.to !== undefined) out.dests.add(a.to);
    }
  }
  return out;
}

function render() {
  if (!P) return;
  const t0 = performance.now();
  try { renderAll(); } finally { if (PERF) performance.measure("render", { start: t0 }); }
}

function renderAll() {
  const v = P.view;
  const bottom = bottomSeat(), top = 1 - bottom;
  document.body.dataset.step = v.step;
  document.body.dataset.toMove = v.to_move;
  document.body.dataset.bottom = bottom;
  document.body.dataset.mode = P.settings.opponent;
  const opt = options();
  renderStatus(v, bottom);
  renderSeat($("#seat-top"), v, top);
  renderSeat($("#seat-bottom"), v, bottom);
  renderBoard(v, bottom, opt);
  renderPiles(v);
  renderHand(v);
  renderPrompt(v, opt);
  renderLog();
  renderHint();
  layoutIfNeeded();
}

function renderStatus(v, bottom) {
  const who = $("#status-who"), step = $("#status-step");
  if (v.outcome && (v.step === "over" || v.step === "round_over")) {
    let w = v.outcome.winner;
    if (v.step === "over" && v.rules.rounds > 1) w = v.scores[0] === v.scores[1] ? null : (v.scores[0] > v.scores[1] ? 0 : 1);
    who.textContent = w === null ? "A draw" : `${nameOf(w)} ${nameOf(w) === "You" ? "win" : "wins"}`;
    step.textContent = v.step === "over" ? (v.rules.rounds > 1 ? "match over" : "game over") : `round ${v.round} over`;
  } else {
    const n = nameOf(v.to_move);
    who.textContent = n === "You" ? "Your turn" : `${n}'s turn`;
    let s = STEP_TEXT[v.step] || v.step;
    if (v.step === "recruit_draw") s += ` (${v.draws_left} left)`;
    if (v.step === "recruit_return") s += ` (${v.returns_left} left)`;
    step.textContent = s;
  }
  who.dataset.seat = v.to_move;
  $("#status-round").textContent = v.rules.rounds > 1
    ? `round ${v.round}/${v.rules.rounds} · ${v.scores[0]}–${v.scores[1]}` : "";
}

function renderSeat(el, v, p) {
  el.dataset.seat = p;
  el.classList.toggle("to-move", v.to_move === p && !v.outcome);
  $(".seat-name", el).textContent = nameOf(p);
  $(".seat-name", el).dataset.seat = p;
  const stones = v.stones.filter((s) => s.owner === p).length;
  const parts = [`${stones} stone${stones === 1 ? "" : "s"}`];
  if (v.rules.tactics) parts.push(`${v.tactics_played[p]} tactic${v.tactics_played[p] === 1 ? "" : "s"} played`);
  if (v.rules.rounds > 1) parts.push(`${v.scores[p]} pts`);
  $(".seat-info", el).textContent = parts.join(" · ");
  const hand = $(".seat-hand", el);
  if (hand) {
    hand.innerHTML = "";
    for (let i = 0; i < v.hand_sizes[p]; i++) {
      const b = document.createElement("span");
      b.className = "mini-back";
      hand.append(b);
    }
    hand.setAttribute("aria-label", `${v.hand_sizes[p]} cards in hand`);
    hand.title = `${v.hand_sizes[p]} cards in hand`;
  }
}

function renderBoard(v, bottom, opt) {
  const board = $("#board");
  board.innerHTML = "";
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
    lane.append(sideEl(st, s, top, "top", opt, last), stoneEl(st, s, claimable.has(s), v), sideEl(st, s, bottom, "bottom", opt, last));
    board.append(lane);
  });
}

function sideEl(st, s, p, where, opt, last) {
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
    if (opt.picks.has(`${s}|${c}`) && !sel.target) el.classList.add("pick");
    if (sel && sel.target && sel.target.stone === s && sel.target.card === c) el.classList.add("picked");
    if (data.declared && c.length > 2 && data.declared[i]) {
      const d = data.declared[i];
      const chip = document.createElement("span");
      chip.className = `as c-${d[0]}`;
      chip.innerHTML = `<span class="v">${d.slice(1)}</span><svg class="sym"><use href="#s-${d[0]}"/></svg>`;
      chip.title = `counts as ${cardTitle(d)}`;
      el.append(chip);
    }
    if (last && isFresh(last.a, s, c)) markFresh(el, last);
    if (hint && hint.action.kind === "play" && hint.action.stone === s && hint.action.target === c) el.classList.add("hinted");
    side.append(el);
  });
  if (data.complete && data.formation) side.title = `${nameOf(p)}: ${data.formation}`;
  return side;
}

// The last play while it is fresh: {a, t0, age}; null once it has settled.
function freshNow() {
  if (!fresh) return null;
  const age = performance.now() - fresh.t0;
  return age < FRESH_MS ? { ...fresh, age } : null;
}

// A redraw must not restart (nor cut short) the landing: start it as far in as it has got.
function markFresh(el, f) {
  el.classList.add("fresh");
  el.style.animationDelay = `${-Math.round(f.age)}ms`;
}

function sameAction(a, b) {
  return JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
}

function isFresh(a, s, c) {
  if (a.kind !== "play") return false;
  if (a.target !== undefined) return a.target === c && a.to === s;
  return a.card === c && a.stone === s;
}

function stoneEl(st, s, canClaim, v) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "stone";
  b.dataset.stone = s;
  let label = `Stone ${s + 1}`;
  let sub = "", subClass = "";
  if (st.mode) {
    const t = TACTICS[st.mode];
    sub = t.short;
    subClass = `mode-badge m-${st.mode}`;
    b.title = t.help;
    label += `, ${t.title}`;
  }
  if (st.owner !== null) {
    sub = nameOf(st.owner);
    subClass = "owner-flag";
    label += `, claimed by ${nameOf(st.owner)}`;
    b.dataset.owner = st.owner;
  } else if (canClaim) {
    sub = "Claim";
    subClass = "claim-flag";
    label += ", can be claimed: tap to claim";
  }
  b.innerHTML = `<span class="stone-num">${s + 1}</span>` +
    (sub ? `<span class="stone-sub ${subClass}" data-seat="${st.owner ?? ""}">${esc(sub)}</span>` : "");
  const f = freshNow();
  if (f && f.a.kind === "play" && f.a.stone === s && TACTICS[f.a.card]?.kind === "mode") markFresh(b, f);
  b.setAttribute("aria-label", label);
  return b;
}

function renderPiles(v) {
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
  const hintDeck = hint && hint.action.kind === "draw" ? hint.action.deck : null;
  pc.classList.toggle("hinted", hintDeck === "clan");
  pt.classList.toggle("hinted", hintDeck === "tactic");
  pc.setAttribute("aria-label", `Clan deck, ${clan} cards${drawable.has("clan") ? ": tap to draw" : ""}`);
  pt.setAttribute("aria-label", `Tactic deck, ${tactic} cards${drawable.has("tactic") ? ": tap to draw" : ""}`);
  $(".pile-count", pd).textContent = v.discard.length;
  const face = $(".pile-face", pd);
  face.innerHTML = "";
  if (v.discard.length) face.append(cardEl(v.discard[v.discard.length - 1]));
  pd.classList.toggle("empty", v.discard.length === 0);
  pd.classList.toggle("drop", !!(sel && sel.target && options().discard));
}

function renderHand(v) {
  const hand = $("#hand");
  hand.innerHTML = "";
  // Not our seat's turn-view (handover, public table): the hand is simply not in the page.
  if (P.seat === null || P.seat === undefined) { hand.classList.add("hidden-hand"); return; }
  hand.classList.remove("hidden-hand");
  const acts = legal();
  const returning = acts.length && acts[0].kind === "return";
  const playable = new Set(acts.filter((a) => a.kind === "play").map((a) => a.card));
  const order = sortHand(v.hand);
  for (const c of order) {
    const el = cardEl(c, "button");
    el.classList.add("in-hand");
    if (v.step === "play" && myTurn()) {
      if (playable.has(c)) el.classList.add("playable");
      else el.classList.add("unplayable");
    }
    if (returning) el.classList.add("playable", "returnable");
    if (sel && sel.card === c) el.classList.add("selected");
    if (hint && ["play", "return"].includes(hint.action.kind) && hint.action.card === c) el.classList.add("hinted");
    el.setAttribute("aria-pressed", sel && sel.card === c ? "true" : "false");
    hand.append(el);
  }
}

function sortHand(hand) {
  // Clan cards by colour then value, tactic cards last; duplicates (two Jokers) kept.
  const key = (c) => (/^[ROYGBP][1-9]$/.test(c) ? "ROYGBP".indexOf(c[0]) * 10 + Number(c[1]) : 100 + Object.keys(TACTICS).indexOf(c));
  return [...hand].sort((a, b) => key(a) - key(b));
}

function button(label, id, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.className = `pbtn ${cls}`;
  b.textContent = label;
  return b;
}

function renderPrompt(v, opt) {
  const text = $("#prompt-text"), box = $("#prompt-buttons");
  box.innerHTML = "";
  let msg = "";
  const acts = legal();
  const kinds = new Set(acts.map((a) => a.kind));
  if (v.outcome && (v.step === "over" || v.step === "round_over")) {
    msg = v.outcome.winner === null ? `A draw: ${v.outcome.reason}.` : `${nameOf(v.outcome.winner)} ${nameOf(v.outcome.winner) === "You" ? "win" : "wins"}: ${v.outcome.reason}.`;
    box.append(button(v.step === "over" ? "Results" : "Next round…", "btn-results", "primary"));
  } else if (!myTurn()) {
    const last = P.log.length ? P.log[P.log.length - 1] : null;
    if (isAI() && v.to_move === aiSeat()) {
      msg = last && last.p === aiSeat() ? localise(last.text) : "The computer is thinking…";
    } else {
      msg = last ? localise(last.text) : "";
    }
  } else if (sel) {
    const t = TACTICS[sel.card];
    if (!sel.target) {
      if (opt.bare) {
        msg = `${t.title}: draw 3 cards, then put 2 back.`;
        box.append(button(`Play ${t.title}`, "btn-confirm", "primary"));
      } else if (opt.picks.size) {
        msg = {
          Strategist: "Strategist: tap one of your cards on the table.",
          Banshee: "Banshee: tap an opponent's card to discard it.",
          Traitor: "Traitor: tap one of the opponent's clan cards.",
        }[sel.card] || `${t.title}: tap a card on the table.`;
      } else if (t) {
        msg = `${t.title}${t.kind === "elite" ? ` (${t.sub === "any" ? "any card" : `value ${t.sub}`})` : ""}: tap a glowing stone.`;
      } else {
        msg = `${cardTitle(sel.card)}: tap a glowing stone.`;
      }
    } else {
      msg = opt.discard ? `Move ${cardTitle(sel.target.card)} to a glowing stone, or discard it.`
        : `Put ${cardTitle(sel.target.card)} on a glowing stone on your side.`;
      if (opt.discard) box.append(button("Discard it", "btn-discard", "primary"));
    }
    box.append(button("Cancel", "btn-cancel", "secondary"));
  } else if (v.step === "play") {
    msg = kinds.has("play") ? "Tap a card in your hand, then a stone." : "You cannot play a clan card.";
    if (kinds.has("pass")) {
      msg = kinds.has("play") ? "No clan card fits: play a tactic card or pass." : "No card can be played: pass.";
      box.append(button("Pass", "btn-pass", "secondary"));
    }
  } else if (v.step === "claim") {
    msg = "Tap a glowing stone to claim it.";
    box.append(button(v.rules.claim_timing === "after_play" ? "Done claiming" : "Done — play a card", "btn-done", "primary"));
  } else if (v.step === "draw") {
    msg = "Draw: tap the clan or the tactic deck.";
  } else if (v.step === "recruit_draw") {
    msg = `Recruiter: draw ${v.draws_left} more — tap a deck.`;
  } else if (v.step === "recruit_return") {
    msg = `Recruiter: tap a card to put back under its deck (${v.returns_left} to go).`;
  }
  if (hint && ["pass", "done"].includes(hint.action.kind)) $(`#btn-${hint.action.kind}`, box)?.classList.add("hinted");
  text.textContent = msg;
  // What the opponent just did, so it is not missed when the log is closed.
  const lastEl = $("#prompt-last");
  const prev = P.log.length ? P.log[P.log.length - 1] : null;
  const showLast = myTurn() && !sel && !hint && !hintBusy && prev && prev.p !== null && prev.p !== P.seat;
  lastEl.textContent = showLast ? localise(prev.text) : "";
  lastEl.hidden = !showLast;
}

function renderLog() {
  const ol = $("#log");
  // The log only grows within a match; anything else (new game, resume) rebuilds it.
  if (P.log.length < lastLogCount || ol.dataset.match !== matchKey()) {
    ol.innerHTML = "";
    lastLogCount = 0;
    ol.dataset.match = matchKey();
    ol.dataset.round = "";
  }
  // The latest line may have grown (a draw joins the move it ends): refresh it.
  const prev = ol.querySelector("li:not(.log-round):last-child");
  if (prev && lastLogCount) prev.textContent = localise(P.log[lastLogCount - 1].text);
  if (P.log.length === lastLogCount) return;
  const frag = document.createDocumentFragment();
  for (const e of P.log.slice(lastLogCount)) {
    if (P.view.rules.rounds > 1 && String(e.round) !== ol.dataset.round) {
      ol.dataset.round = e.round;
      const h = document.createElement("li");
      h.className = "log-round";
      h.textContent = `Round ${e.round}`;
      frag.append(h);
    }
    const li = document.createElement("li");
    li.textContent = localise(e.text);
    if (e.p !== null && e.p !== undefined) li.dataset.seat = e.p;
    frag.append(li);
  }
  ol.append(frag);
  lastLogCount = P.log.length;
  ol.scrollTop = ol.scrollHeight;
}

// Identifies the match the log belongs to: its first line and the opponent setting.
function matchKey() {
  return `${P.settings.opponent}|${P.log.length ? P.log[0].text : ""}|${P.view.rules.starter}`;
}

// Log lines carry name tokens from Python: {N0} at the start of a sentence, {n0} inside
// one, {s0} possessive, {start0} the verb "start(s)". Against the computer: You/Computer.
function localise(text) {
  return text.replace(/\{(N|n|s|start)([01])\}/g, (m, k, d) => {
    const p = Number(d);
    const me = isAI() && p !== aiSeat();
    const comp = isAI() && p === aiSeat();
    const name = me ? "you" : comp ? "the computer" : (p === 0 ? "South" : "North");
    if (k === "N") return name[0].toUpperCase() + name.slice(1);
    if (k === "n") return name;
    if (k === "s") return me ? "your" : `${name}'s`;
    return me ? "start" : "starts";
  });
}

// ------------------------------------------------------------------ payloads and flow

function setPayload(out) {
  const f = freshNow();
  // A new public play lands; the same one again (a redraw, the handover tap) keeps its clock
  // while fresh, and glows again once settled so the next player sees what was done.
  if (out.last && !(f && sameAction(f.a, out.last))) fresh = { a: out.last, t0: performance.now() };
  P = out;
  hint = null;
  hintToken++;
  render();
  updateOverlays();
}

function updateOverlays() {
  const v = P.view;
  // Pass-the-device screen.
  const ho = $("#handover");
  if (P.handover !== null && P.handover !== undefined) {
    $("#handover-title").textContent = `Pass to ${nameOf(P.handover)}`;
    $("#handover-name").textContent = nameOf(P.handover);
    const last = [...P.log].reverse().find((e) => e.p !== null && e.p !== undefined);
    $("#handover-last").textContent = last ? localise(last.text) : "";
    ho.dataset.seat = P.handover;
    ho.hidden = false;
    $("#handover-go").focus();
  } else {
    ho.hidden = true;
  }
  // End of round / match.
  if ((v.step === "round_over" || v.step === "over") && v.outcome) {
    const key = `${v.round}/${v.step}/${P.log.length}`;
    if (endShownFor !== key) { endShownFor = key; showEnd(); }
  }
}

function doAct(action) {
  const seat = P.seat ?? P.view.to_move;
  const out = call("act", { action, seat });
  if (!out.ok) { toast(out.error); return false; }
  sel = null;
  setPayload(out);
  maybeAI();
  return true;
}

// ------------------------------------------------------------------ the AI worker

let workerPromise = null;
function aiWorker() {
  if (!workerPromise) {
    const s = document.createElement("script");
    s.type = "py";
    s.setAttribute("worker", "");
    s.setAttribute("name", "ai");
    s.setAttribute("src", "./ai_worker.py");
    s.setAttribute("config", "./pyscript.json");
    workerPromise = customElements.whenDefined("py-script").then(async () => {
      document.body.append(s);
      while (!s.xworker) await sleep(20);
      return s.xworker.ready;
    });
  }
  return workerPromise;
}

// Tests and bench/ai_browser.py reach the worker through this (the page itself never does).
window.__aiWorker = aiWorker;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The thinking time of ?ai_time= replaces a time budget (search levels only).
function withBudget(req) {
  if (AI_TIME && req.budget && req.budget.time !== undefined) req.budget = { ...req.budget, time: AI_TIME };
  return req;
}

async function maybeAI() {
  if (!P || !P.ai_to_move || aiBusy) return;
  aiBusy = true;
  updateHintButton();
  $("#thinking").hidden = false;
  document.body.classList.add("ai-thinking");
  renderPrompt(P.view, options());
  try {
    for (;;) {
      const r = call("ai_request");
      if (!r.ok || !r.request) break;
      const t0 = performance.now();
      const w = await aiWorker();
      // Let the task that rendered the last move end (and paint) before the worker starts,
      // so thinking never shares a task with the page's own work.
      await sleep(0);
      const c0 = performance.now();
      const answer = JSON.parse(await w.sync.choose(JSON.stringify(withBudget(r.request))));
      // Spans while the worker chooses: the browser tests check no main-thread stall in them.
      (window.__aiSpans ||= []).push([c0, performance.now()]);
      (window.__aiStats ||= []).push({ level: answer.level, budget: answer.budget, ms: answer.ms, iterations: answer.iterations });
      const action = answer.action;
      const pause = ["play", "pass", "claim"].includes(action.kind) ? AI_PAUSE_MS : AI_PAUSE_MS / 2;
      // Always through a new task: the answer's arrival is not mixed with acting on it.
      await sleep(Math.max(0, pause - (performance.now() - t0)));
      const out = call("act", { action, seat: r.request.seat });
      if (!out.ok) { toast(`The computer made an illegal move: ${out.error}`); break; }
      sel = null;
      setPayload(out);
      if (!P.ai_to_move) break;
    }
  } catch (e) {
    console.error(e);
    toast(`The computer could not move: ${e.message || e}`);
  } finally {
    aiBusy = false;
    updateHintButton();
    $("#thinking").hidden = true;
    document.body.classList.remove("ai-thinking");
    if (P) renderPrompt(P.view, options());
  }
}

// ------------------------------------------------------------------ hints

// A hint is only for the human seat whose hand shows and whose turn it is.
function canHint() {
  return !!P && myTurn() && !aiBusy && !["round_over", "over"].includes(P.view.step);
}

function updateHintButton() {
  const b = $("#btn-hint");
  b.disabled = !canHint();   // not while busy: a disabled button would drop the keyboard focus
  b.setAttribute("aria-busy", hintBusy ? "true" : "false");
  b.setAttribute("aria-pressed", hint ? "true" : "false");
}

// Asks the strongest level (in the worker, with this seat's view only) and shows its answer;
// the move itself is left to the player.
async function requestHint() {
  if (!canHint() || hintBusy) return;
  if (hint) { hint = null; render(); return; }   // a second press hides it again
  const r = call("hint_request", { seat: P.seat });
  if (!r.ok || !r.request) { toast(r.ok ? "No hint: it is not your turn." : r.error); return; }
  const token = hintToken;
  hintBusy = true;
  document.body.classList.add("hint-thinking");
  renderHint();
  try {
    const w = await aiWorker();
    await sleep(0);   // as for the computer's moves: the worker starts in a task of its own
    const c0 = performance.now();
    const answer = JSON.parse(await w.sync.hint(JSON.stringify(withBudget(r.request))));
    (window.__hintSpans ||= []).push([c0, performance.now()]);
    if (token !== hintToken) return;   // the player moved on meanwhile
    hint = { action: answer.action, text: hintText(answer.action) };
  } catch (e) {
    console.error(e);
    toast(`No hint could be found: ${e.message || e}`);
  } finally {
    hintBusy = false;
    document.body.classList.remove("hint-thinking");
    if (P) render();
  }
}

// The stone a hint points at: where the card goes, or the stone to claim.
function hintStone() {
  const a = hint && hint.action;
  if (!a) return null;
  if (a.kind === "claim") return a.stone;
  if (a.kind !== "play") return null;
  if (a.target === undefined) return a.stone ?? null;
  return typeof a.to === "number" ? a.to : null;
}

function hintText(a) {
  const stone = (n) => `stone ${n + 1}`;
  switch (a.kind) {
    case "play": {
      const c = cardTitle(a.card);
      if (a.card === "Recruiter") return `play ${c} (draw 3 cards, put 2 back)`;
      if (a.target === undefined) return `play ${c} on ${stone(a.stone)}`;
      const t = cardTitle(a.target);
      if (a.card === "Banshee") return `play ${c}: discard ${t} from ${stone(a.stone)}`;
      if (a.to === "discard") return `play ${c}: discard your ${t} from ${stone(a.stone)}`;
      if (a.card === "Traitor") return `play ${c}: take ${t} from ${stone(a.stone)} to your ${stone(a.to)}`;
      return `play ${c}: move ${t} from ${stone(a.stone)} to ${stone(a.to)}`;
    }
    case "pass": return "pass";
    case "claim": return `claim ${stone(a.stone)}`;
    case "done": return P.view.rules.claim_timing === "after_play" ? "claim nothing more now" : "claim nothing, play a card";
    case "draw": return `draw from the ${a.deck} deck`;
    case "return": return `put ${cardTitle(a.card)} back under its deck`;
    default: return a.kind;
  }
}

function renderHint() {
  const line = $("#prompt-hint");
  if (hint) {
    line.textContent = `Hint: ${hint.text}.`;
    line.dataset.action = JSON.stringify(hint.action);
  } else if (hintBusy) {
    line.textContent = "Looking for a good move…";
    delete line.dataset.action;
  } else {
    line.textContent = "";
    delete line.dataset.action;
  }
  line.hidden = !hint && !hintBusy;
  updateHintButton();
}

// ------------------------------------------------------------------ input

function onHand(ev) {
  if (suppressClick) return;
  const el = ev.target.closest(".card");
  if (!el || !myTurn()) return;
  const c = el.dataset.card;
  const acts = legal();
  if (acts.length && acts[0].kind === "return") { doAct({ kind: "return", card: c }); return; }
  if (P.view.step !== "play") return;
  if (sel && sel.card === c) { sel = null; render(); return; }
  const plays = playsFor(c);
  if (!plays.length) {
    toast(unplayableReason(c));
    return;
  }
  sel = { card: c, target: null };
  render();
}

function unplayableReason(c) {
  const v = P.view, me = P.seat;
  if (!/^[ROYGBP][1-9]$/.test(c)) {
    if (v.tactics_played[me] > v.tactics_played[1 - me]) return "Tactic limit: you may not play more tactic cards than your opponent, plus one.";
    if (c === "Joker" && v.joker_played[me]) return "Only one Joker per game: you have played yours.";
    return `${cardTitle(c)} has nowhere to go right now.`;
  }
  return "There is no free place for a clan card.";
}

function onBoard(ev) {
  if (!P || !myTurn()) {
    const st = ev.target.closest(".stone");
    if (st) explainStone(Number(st.dataset.stone));
    return;
  }
  const lane = ev.target.closest(".lane");
  if (!lane) return;
  const s = Number(lane.dataset.stone);
  const v = P.view;
  const opt = options();
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
    if (opt.picks.size) { toast("Tap one of the highlighted cards on the table."); return; }
    toast(`${cardTitle(sel.card)} cannot go to stone ${s + 1}.`);
    return;
  }
  if (sel && sel.target) {
    if (opt.dests.has(s)) {
      doAct({ kind: "play", card: sel.card, stone: sel.target.stone, target: sel.target.card, to: s });
      return;
    }
    toast("Tap one of the highlighted stones.");
    return;
  }
  if (v.step === "claim" && lane.classList.contains("claimable")) {
    doAct({ kind: "claim", stone: s });
    return;
  }
  if (ev.target.closest(".stone")) explainStone(s);
}

function explainStone(s) {
  const v = P.view;
  const st = v.stones[s];
  let text;
  if (st.owner !== null) text = `Stone ${s + 1} belongs to ${nameOf(st.owner)}.`;
  else {
    const c = v.claims.find((x) => x.stone === s);
    text = c ? `Stone ${s + 1}: ${c.ok ? "can be claimed" : "cannot be claimed yet"} — ${c.reason}.` : `Stone ${s + 1}.`;
  }
  const forms = [0, 1].map((p) => st.sides[p].formation ? `${nameOf(p)}: ${st.sides[p].formation}` : null).filter(Boolean);
  if (forms.length) text += ` (${forms.join("; ")})`;
  if (st.mode) text += ` ${TACTICS[st.mode].help}`;
  toast(text, "info");
}

function onPiles(ev) {
  const b = ev.target.closest(".pile");
  if (!b) return;
  if (b.id === "pile-discard") {
    if (sel && sel.target && options().discard) {
      doAct({ kind: "play", card: sel.card, stone: sel.target.stone, target: sel.target.card, to: "discard" });
      return;
    }
    showDiscard();
    return;
  }
  const deck = b.dataset.deck;
  const a = legal().find((x) => x.kind === "draw" && x.deck === deck);
  if (a) doAct(a);
  else toast(`${b.dataset.deck === "clan" ? "Clan" : "Tactic"} deck: ${P.view.deck_sizes[deck === "clan" ? 0 : 1]} cards.`, "info");
}

function onPrompt(ev) {
  const b = ev.target.closest("button");
  if (!b) return;
  switch (b.id) {
    case "btn-pass": doAct({ kind: "pass" }); break;
    case "btn-done": doAct({ kind: "done" }); break;
    case "btn-cancel": sel = null; render(); break;
    case "btn-confirm": { const o = options(); if (o.bare) doAct(o.bare); break; }
    case "btn-discard":
      doAct({ kind: "play", card: sel.card, stone: sel.target.stone, target: sel.target.card, to: "discard" });
      break;
    case "btn-results": showEnd(); break;
  }
}

// Drag and drop as well as tap-tap: drag a hand card onto a glowing stone.
let drag = null;
function onDragStart(ev) {
  const el = ev.target.closest("#hand .card.playable");
  if (!el || !myTurn() || P.view.step !== "play" || ev.button > 0) return;
  drag = { card: el.dataset.card, x0: ev.clientX, y0: ev.clientY, id: ev.pointerId, ghost: null };
}

function onDragMove(ev) {
  if (!drag || ev.pointerId !== drag.id) return;
  if (!drag.ghost) {
    if (Math.hypot(ev.clientX - drag.x0, ev.clientY - drag.y0) < 12) return;
    // Only cards that simply go to a stone can be dragged; ruses keep their guided taps.
    if (needsTarget(drag.card) || !playsFor(drag.card).some((a) => a.stone !== undefined)) { drag = null; return; }
    sel = { card: drag.card, target: null };
    render();
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
  if (lane && sel) doAct({ kind: "play", card: sel.card, stone: Number(lane.dataset.stone) });
}
let suppressClick = false;

// ------------------------------------------------------------------ dialogs

function openDialog(d) {
  if (!d.open) d.showModal();
}

function showEnd() {
  const v = P.view, d = $("#dlg-end");
  const o = v.outcome;
  const match = v.rules.rounds > 1;
  const over = v.step === "over";
  let title;
  if (over && match) {
    const [a, b] = v.scores;
    const w = a === b ? null : (a > b ? 0 : 1);
    title = w === null ? "The match is a draw" : `${nameOf(w)} ${nameOf(w) === "You" ? "win" : "wins"} the match`;
  } else {
    title = o.winner === null ? "A draw" : `${nameOf(o.winner)} ${nameOf(o.winner) === "You" ? "win" : "wins"}${match ? ` round ${v.round}` : ""}`;
  }
  $("#end-title").textContent = title;
  d.dataset.winner = o.winner === null ? "draw" : o.winner;
  $("#end-reason").textContent = `Round ${v.round}: ${o.reason}.`;
  const t = $("#end-scores");
  let html = `<thead><tr><th></th><th>${esc(nameOf(0))}</th><th>${esc(nameOf(1))}</th></tr></thead><tbody>`;
  v.history.forEach((h, i) => {
    const pts = [0, 1].map((q) => (h.winner === q ? 5 : h.stones[q]));
    const st = (n) => `${n} stone${n === 1 ? "" : "s"}`;
    html += `<tr><th>Round ${i + 1}</th><td>${pts[0]} <small>(${st(h.stones[0])})</small></td><td>${pts[1]} <small>(${st(h.stones[1])})</small></td></tr>`;
  });
  html += `</tbody><tfoot><tr><th>Score</th><td>${v.scores[0]}</td><td>${v.scores[1]}</td></tr></tfoot>`;
  t.innerHTML = html;
  const next = $("#end-next");
  next.textContent = over ? "Rematch" : `Deal round ${v.round + 1}`;
  next.dataset.action = over ? "rematch" : "next_round";
  openDialog(d);
}

function onEnd(ev) {
  const id = ev.target.closest("button")?.id;
  const d = $("#dlg-end");
  if (id === "end-look") d.close();
  if (id === "end-new") { d.close(); openNewGame(); }
  if (id === "end-next") {
    d.close();
    if ($("#end-next").dataset.action === "rematch") {
      const out = call("rematch");
      if (!out.ok) { toast(out.error); return; }
      sel = null; endShownFor = null;
      setPayload(out);
      maybeAI();
    } else {
      doAct({ kind: "next_round" });
    }
  }
}

function showDiscard() {
  const box = $("#discard-cards");
  box.innerHTML = "";
  const cards = P.view.discard;
  if (!cards.length) box.textContent = "The discard pile is empty.";
  cards.forEach((c) => box.append(cardEl(c)));
  openDialog($("#dlg-discard"));
}

function showStones() {
  const v = P.view;
  const ul = $("#stones-list");
  ul.innerHTML = "";
  v.stones.forEach((st, s) => {
    const li = document.createElement("li");
    li.dataset.stone = s;
    if (st.owner !== null) {
      li.className = "claimed";
      li.innerHTML = `<b>Stone ${s + 1}</b> — claimed by ${esc(nameOf(st.owner))}.`;
    } else {
      const c = v.claims.find((x) => x.stone === s);
      if (!c) li.innerHTML = `<b>Stone ${s + 1}</b> — take the device to see your claims.`;
      else {
        li.className = c.ok ? "ok" : "no";
        li.innerHTML = `<b>Stone ${s + 1}</b> <span class="verdict">${c.ok ? "✓ can be claimed" : "✗ not yet"}</span> — ${esc(c.reason)}.`;
      }
    }
    ul.append(li);
  });
  const auto = document.createElement("li");
  auto.className = "auto";
  auto.innerHTML = `<label class="choice"><input type="checkbox" id="autoclaim" ${P.settings.autoclaim ? "checked" : ""}> Claim for me automatically</label>`;
  ul.append(auto);
  openDialog($("#dlg-stones"));
}

function openNewGame(note) {
  const f = $("#new-form");
  const s = P ? P.settings : { opponent: "ai", autoclaim: false, ai_level: "easy" };
  const r = P ? P.view.rules : { tactics: false, claim_timing: "after_play", rounds: 1, next_starter: "alternate" };
  f.opponent.value = s.opponent;
  f.ai_level.value = s.ai_level || "easy";
  f.tactics.value = r.tactics ? "on" : "off";
  f.claim_timing.value = r.claim_timing;
  f.autoclaim.checked = s.autoclaim;
  f.rounds.value = String(r.rounds);
  if (!f.rounds.value) f.rounds.value = "1";
  f.winner_starts.checked = r.next_starter === "winner";
  newGameNames();
  const n = $("#new-note");
  n.hidden = !note;
  n.textContent = note || "";
  $("#new-cancel").hidden = !P;
  openDialog($("#dlg-new"));
}

function newGameNames() {
  const f = $("#new-form");
  const ai = f.opponent.value === "ai";
  $$("#dlg-new [data-name]").forEach((el) => {
    const p = Number(el.dataset.name);
    el.textContent = ai ? (p === 0 ? "You" : "The computer") : (p === 0 ? "South" : "North");
  });
  $("#level-set").hidden = !ai;
  $("#winner-starts").hidden = f.rounds.value === "1";
}

function startNewGame(ev) {
  ev.preventDefault();
  const f = $("#new-form");
  const opts = {
    opponent: f.opponent.value,
    ai_level: f.ai_level.value,
    tactics: f.tactics.value === "on",
    claim_timing: f.claim_timing.value,
    autoclaim: f.autoclaim.checked,
    rounds: Number(f.rounds.value),
    next_starter: f.winner_starts.checked ? "winner" : "alternate",
    starter: f.starter.value === "random" ? "random" : Number(f.starter.value),
  };
  if (params.get("seed")) opts.seed = Number(params.get("seed"));
  const out = call("new_game", opts);
  if (!out.ok) { toast(out.error); return; }
  $("#dlg-new").close();
  sel = null; endShownFor = null;
  setPayload(out);
  if (isAI()) aiWorker();
  maybeAI();
}

let toastTimer = null;
function toast(text, kind = "error") {
  const t = $("#toast");
  t.textContent = text;
  t.dataset.kind = kind;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, Math.max(3500, text.length * 60));
}

function toggleLog(force) {
  const open = force ?? !document.body.classList.contains("log-open");
  document.body.classList.toggle("log-open", open);
}

// ------------------------------------------------------------------ boot

function progress(frac, text) {
  const bar = $("#progress-bar");
  const cur = Number(bar.dataset.frac || 0);
  if (frac > cur) { bar.dataset.frac = frac; bar.style.width = `${Math.round(frac * 100)}%`; }
  if (text) $("#loading-text").textContent = text;
}

function watchLoading() {
  progress(0.05, "Loading the table…");
  const steps = [
    [/pyscript\/core/, 0.12, "Loading Python…"],
    [/pyodide\.asm\.mjs/, 0.25, "Loading Python…"],
    [/pyodide\.asm\.wasm/, 0.55, "Starting Python…"],
    [/python_stdlib\.zip/, 0.7, "Starting Python…"],
    [/engine\/.*\.py/, 0.82, "Loading the rules…"],
  ];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        for (const [re, f, t] of steps) if (re.test(e.name)) progress(f, t);
    }).observe({ type: "resource", buffered: true });
  } catch { /* old browsers: the timer below still moves the bar */ }
  addEventListener("py:progress", (e) => {
    const d = String(e.detail || "");
    if (/Loaded Pyodide/.test(d)) progress(0.85, "Shuffling the cards…");
    else if (/Loaded interpreter/.test(d)) progress(0.78, "Starting Python…");
  });
  // A slow creep so the bar never looks stuck between real milestones.
  const creep = setInterval(() => {
    const bar = $("#progress-bar");
    const f = Number(bar.dataset.frac || 0);
    if (f >= 0.9 || !$("#app").hidden) { clearInterval(creep); return; }
    progress(Math.min(0.9, f + 0.01));
  }, 250);
  addEventListener("error", (e) => {
    if (!$("#app").hidden) return;
    const box = $("#loading-error");
    box.hidden = false;
    box.textContent = `Something went wrong while loading: ${e.message || e}. Reloading the page may help.`;
  });
}

function start() {
  if (start.done) return;
  start.done = true;
  progress(0.95, "Shuffling the cards…");
  const out = call("boot");
  $("#loading").hidden = true;
  $("#app").hidden = false;
  if (out.ok && out.resumed) {
    setPayload(out);
  } else {
    // An embed (embed.js) deals at once with the options in its URL; the full page asks.
    const fresh = call("new_game", window.stEmbed?.options ?? { opponent: "ai", tactics: false });
    setPayload(fresh);
    if (out.save_error) showMessage("Saved game not resumed", `${out.save_error} You can start a new game.`);
    else if (!window.stEmbed) openNewGame();
  }
  window.__ready = true;
  document.body.dataset.ready = "1";
  // Warm the engine's lazy tables, then (against the computer) start the AI's worker.
  setTimeout(() => { call("warm"); if (isAI()) aiWorker(); }, 30);
  maybeAI();
}

function showMessage(title, text) {
  $("#message-title").textContent = title;
  $("#message-text").textContent = text;
  openDialog($("#dlg-message"));
}

function wire() {
  $("#hand").addEventListener("click", onHand);
  $("#hand").addEventListener("pointerdown", onDragStart);
  addEventListener("pointermove", onDragMove);
  addEventListener("pointerup", onDragEnd);
  addEventListener("pointercancel", (e) => { if (drag?.ghost) drag.ghost.remove(); drag = null; });
  $("#board").addEventListener("click", onBoard);
  $("#piles").addEventListener("click", onPiles);
  $("#prompt-buttons").addEventListener("click", onPrompt);
  $("#dlg-end").addEventListener("click", onEnd);
  $("#btn-new").addEventListener("click", () => openNewGame());
  $("#btn-hint").addEventListener("click", requestHint);
  $("#btn-log").addEventListener("click", () => toggleLog());
  $("#log-close").addEventListener("click", () => toggleLog(false));
  $("#btn-stones").addEventListener("click", showStones);
  $("#btn-rules").addEventListener("click", () => {
    const f = $("#rules-frame");
    if (!f.src) f.src = f.dataset.src;
    openDialog($("#dlg-rules"));
  });
  $("#new-form").addEventListener("submit", startNewGame);
  $("#new-form").addEventListener("change", newGameNames);
  $("#new-cancel").addEventListener("click", () => $("#dlg-new").close());
  $("#message-ok").addEventListener("click", () => { $("#dlg-message").close(); openNewGame(); });
  $("#handover-go").addEventListener("click", () => {
    const out = call("state", { seat: P.handover });
    if (!out.ok) { toast(out.error); return; }
    sel = null;
    setPayload(out);
  });
  $("#toast").addEventListener("click", () => { $("#toast").hidden = true; });
  // The log drawer closes with a tap anywhere else.
  document.addEventListener("pointerdown", (e) => {
    if (document.body.classList.contains("log-open") && !e.target.closest("#log-panel, #btn-log")) toggleLog(false);
  });
  document.addEventListener("change", (e) => {
    if (e.target.id === "autoclaim") {
      const out = call("set_option", { name: "autoclaim", value: e.target.checked, seat: P.seat });
      if (out.ok) { setPayload(out); maybeAI(); }
    }
  });
  $$("dialog [data-close]").forEach((b) => b.addEventListener("click", () => b.closest("dialog").close()));
  // A click on a dialog's backdrop closes it (not the new-game or end dialogs' forms).
  $$("dialog").forEach((d) => d.addEventListener("click", (e) => {
    if (e.target === d && d.id !== "dlg-message") d.close();
  }));
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && sel) { sel = null; render(); }
    // H asks for a hint, as the button does (not while typing or with a dialog open).
    if ((e.key === "h" || e.key === "H") && !e.ctrlKey && !e.metaKey && !e.altKey &&
        !e.target.closest("input, textarea, select, dialog") && !document.querySelector("dialog[open]")) requestHint();
  });
  addEventListener("resize", layoutIfNeeded);
}

wire();
if (AI_TIME) $("#hard-note").textContent = `searches up to ~${AI_TIME} s per move`;
watchLoading();
if (window.stCall) start();
else addEventListener("st:python-ready", start, { once: true });
