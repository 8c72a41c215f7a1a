// The prompt row: what to do now (or what just happened), the buttons of the moment, and
// the hint line and Hint button.
import { $ } from "./dom.js";
import { cardTitle, tacticWord, TACTIC_KIND } from "./cards.js";
import { canHint, legal, myTurn } from "./moves.js";
import { aboutSeat } from "./names.js";
import { aiSeat, isAI, state } from "./state.js";
import { t } from "./words.js";

function button(label, id, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.className = `pbtn ${cls}`;
  b.textContent = label;
  return b;
}

const PICK_PROMPTS = { Strategist: "prompt.pick_strategist", Banshee: "prompt.pick_banshee", Traitor: "prompt.pick_traitor" };

// The prompt while a card is selected (and maybe a card on the table picked).
function selectionPrompt(opt, box) {
  const sel = state.sel;
  const card = cardTitle(sel.card);
  let msg;
  if (!sel.target) {
    if (opt.bare) {
      msg = t("prompt.recruiter", { card });
      box.append(button(t("table.play_card", { card }), "btn-confirm", "primary"));
    } else if (opt.picks.size) {
      msg = PICK_PROMPTS[sel.card] ? t(PICK_PROMPTS[sel.card]) : t("prompt.pick", { card });
    } else if (TACTIC_KIND[sel.card] === "elite") {
      msg = sel.card === "Joker" ? t("prompt.elite_any", { card })
        : t("prompt.elite_value", { card, value: tacticWord(sel.card, "index") });
    } else {
      msg = t("prompt.stone", { card });
    }
  } else {
    const target = cardTitle(sel.target.card);
    msg = t(opt.discard ? "prompt.move_or_discard" : "prompt.move", { card: target });
    if (opt.discard) box.append(button(t("table.discard"), "btn-discard", "primary"));
  }
  box.append(button(t("table.cancel"), "btn-cancel", "secondary"));
  return msg;
}

export function renderPrompt(v, opt) {
  const P = state.P;
  const text = $("#prompt-text"), box = $("#prompt-buttons");
  box.innerHTML = "";
  let msg = "";
  const kinds = new Set(legal().map((a) => a.kind));
  if (v.outcome && (v.step === "over" || v.step === "round_over")) {
    const reason = P.outcome_text;   // the engine's reason, in words
    msg = v.outcome.winner === null ? t("prompt.result_draw", { reason })
      : aboutSeat("prompt.result_wins", v.outcome.winner, { reason });
    box.append(button(t(v.step === "over" ? "table.results" : "table.next_round"), "btn-results", "primary"));
  } else if (!myTurn()) {
    // The computer thinks; otherwise the last whole turn, told by the engine's events.
    msg = isAI() && v.to_move === aiSeat() ? t("prompt.thinking") : summaryText(P);
  } else if (state.sel) {
    msg = selectionPrompt(opt, box);
  } else if (v.step === "play") {
    msg = t(kinds.has("play") ? "prompt.play" : "prompt.no_clan");
    if (kinds.has("pass")) {
      msg = t(kinds.has("play") ? "prompt.tactic_or_pass" : "prompt.pass_only");
      if (P.warning) msg = P.warning;   // no room left: passing from now on
      box.append(button(t("table.pass"), "btn-pass", "secondary"));
    }
  } else if (v.step === "claim") {
    msg = t("prompt.claim");
    box.append(button(t(v.rules.claim_timing === "after_play" ? "table.done_claiming" : "table.done_play"), "btn-done", "primary"));
  } else if (v.step === "draw") {
    msg = [t("prompt.draw"), P.tactic_draw_warning].filter(Boolean).join(" ");
  } else if (v.step === "recruit_draw") {
    msg = [t("prompt.recruit_draw", { n: v.draws_left }), P.tactic_draw_warning].filter(Boolean).join(" ");
  } else if (v.step === "recruit_return") {
    msg = t("prompt.recruit_return", { n: v.returns_left });
  }
  const hint = state.hint;
  if (hint && ["pass", "done"].includes(hint.action.kind)) $(`#btn-${hint.action.kind}`, box)?.classList.add("hinted");
  text.textContent = msg;
  // The opponent's whole last turn (card, claims, draw), so it is not missed when the log
  // is closed.
  const lastEl = $("#prompt-last");
  const showLast = myTurn() && !state.sel && !hint && !state.hintBusy && P.summary
    && P.summary.player !== P.seat;
  lastEl.textContent = showLast ? summaryText(P) : "";
  lastEl.hidden = !showLast;
  growPrompt(P);
}

// The prompt row holds the opponent's whole last turn (what was played, claimed and why,
// drawn). It grows to the tallest it has had to be in this deal at this window size, and
// never shrinks back within it: the board and the hand re-measure (layout.js) when a longer
// turn first shows, never between choosing a card and its stone.
let grown = { key: "", px: 0 };
// Another window size (a phone turned, its address bar shown): the row measured anew for it.
addEventListener("resize", () => requestAnimationFrame(() => { if (state.P) growPrompt(state.P); }));
function growPrompt(P) {
  const row = $("#prompt");
  const key = `${innerWidth}x${innerHeight}|${String(P.log_key ?? "").split(".")[0]}`;
  if (grown.key !== key) {
    grown = { key, px: 0 };
    row.style.removeProperty("--prompt-grown");
  }
  // A hint read whole grows the row by itself (style.css), and only while it shows.
  if (document.body.classList.contains("hint-shown") || !row.offsetParent) return;
  const before = row.offsetHeight;
  row.style.height = "auto";
  row.style.minHeight = "0";
  const need = row.offsetHeight;
  row.style.height = row.style.minHeight = "";
  if (need > before && need > grown.px) {
    grown.px = need;
    row.style.setProperty("--prompt-grown", `${need}px`);
  }
}

// The payload's turn summary (engine events, worded in Python) as one text.
export const summaryText = (P) => (P.summary ? P.summary.lines.join(" ") : "");

export function renderHint() {
  const line = $("#prompt-hint");
  const { hintBusy } = state;
  // A review's preferred move is pointed at on the board; its words are under the replay bar.
  const hint = state.hint?.review ? null : state.hint;
  if (hint) {
    line.textContent = t("hint.line", { text: hint.text }) + (hint.why ? ` ${hint.why}` : "");
    line.dataset.action = JSON.stringify(hint.action);
  } else if (hintBusy) {
    line.textContent = t("hint.thinking");
    delete line.dataset.action;
  } else {
    line.textContent = "";
    delete line.dataset.action;
  }
  line.hidden = !hint && !hintBusy;
  document.body.classList.toggle("hint-shown", !line.hidden);   // the prompt grows to hold it
  updateHintButton();
}

export function updateHintButton() {
  const b = $("#btn-hint");
  b.disabled = !canHint();   // not while busy: a disabled button would drop the keyboard focus
  b.hidden = !!state.P?.duo;
  b.setAttribute("aria-busy", state.hintBusy ? "true" : "false");
  b.setAttribute("aria-pressed", state.hint ? "true" : "false");
}
