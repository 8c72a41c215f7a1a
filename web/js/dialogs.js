// The dialogs: end of round / match, the discard pile, the claims list, new game, messages.
import { maybeAI, startEarly, thinkAhead } from "./ai.js";
import { call, setPayload } from "./bridge.js";
import { cardEl } from "./cards.js";
import { $, $$, esc } from "./dom.js";
import { capital, duoPart, rememberedName } from "./duo-link.js";
import { doAct } from "./flow.js";
import { aboutSeat, nameOf } from "./names.js";
import { partFailed } from "./part.js";
import { options, state } from "./state.js";
import { chooseStun, stunChosen, stunHost, stunServer } from "./stun.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

function openDialog(d) {
  if (!d.open) d.showModal();
}

// ------------------------------------------------------------------ end of round / match

let endShownFor = null; // which end screen was shown already (so "look at the table" sticks)

// Listens to every payload: the end screen opens once per ended round or match.
export function maybeShowEnd() {
  const P = state.P, v = P.view;
  if ((v.step === "round_over" || v.step === "over") && v.outcome) {
    const key = `${v.round}/${v.step}/${P.log.length}`;
    if (endShownFor !== key) { endShownFor = key; showEnd(); }
  }
}

export function showEnd() {
  const v = state.P.view, d = $("#dlg-end");
  const o = v.outcome;
  const match = v.rules.rounds > 1;
  const over = v.step === "over";
  let title;
  if (over && match) {
    const w = v.match_winner;
    title = w === null ? t("end.match_draw") : aboutSeat("end.match_wins", w);
  } else if (o.winner === null) {
    title = t("end.draw");
  } else {
    title = aboutSeat(match ? "end.round_wins" : "end.wins", o.winner, { round: v.round });
  }
  $("#end-title").textContent = title;
  d.dataset.winner = o.winner === null ? "draw" : o.winner;
  // A single game: the reason and the stones won; a match: each round's points and the score.
  $("#end-reason").textContent = match ? t("end.reason", { round: v.round, reason: state.P.outcome_text })
    : t("end.reason_game", { reason: state.P.outcome_text });
  const cell = (points, stones) => `<td>${points} <small>(${esc(t("end.stones", { n: stones }))})</small></td>`;
  let html = `<thead><tr><th></th><th>${esc(nameOf(0))}</th><th>${esc(nameOf(1))}</th></tr></thead><tbody>`;
  if (match) {
    v.history.forEach((h, i) => {
      const pts = h.points;   // [South, North], the engine's
      html += `<tr><th>${esc(t("end.round", { n: i + 1 }))}</th>${cell(pts[0], h.stones[0])}${cell(pts[1], h.stones[1])}</tr>`;
    });
    html += `</tbody><tfoot><tr><th>${esc(t("end.score"))}</th><td>${v.scores[0]}</td><td>${v.scores[1]}</td></tr></tfoot>`;
  } else {
    const h = v.history[v.history.length - 1];
    html += `<tr><th>${esc(t("end.stones_won"))}</th><td>${h.stones[0]}</td><td>${h.stones[1]}</td></tr></tbody>`;
  }
  $("#end-scores").innerHTML = html;
  const next = $("#end-next");
  next.textContent = over ? t("end.rematch") : t("end.next_round", { n: v.round + 1 });
  next.dataset.action = over ? "rematch" : "next_round";
  // Against a friend's device the next round is dealt by the two devices together, and a
  // rematch needs the game on this device; its review opens once both devices have checked
  // the last round (asked sooner, the replay says why it waits: web/duo_games.py).
  next.hidden = !!state.P.duo;
  $("#end-review").hidden = !over;
  $("#end-share").hidden = !over;   // a finished game as a link (share.js)
  openDialog(d);
}

function onEnd(ev) {
  const id = ev.target.closest("button")?.id;
  const d = $("#dlg-end");
  if (id === "end-look") d.close();
  // The review runs in the replay viewer (games.js, review.js).
  if (id === "end-review") { d.close(); document.dispatchEvent(new CustomEvent("st:review")); }
  if (id === "end-new") { d.close(); openNewGame(); }
  if (id === "end-next") {
    d.close();
    if ($("#end-next").dataset.action === "rematch") {
      const out = call("rematch");
      if (!out.ok) { toast(out.error); return; }
      state.sel = null; endShownFor = null;
      setPayload(out);
      maybeAI();
    } else {
      doAct({ kind: "next_round" });
    }
  }
}

// ------------------------------------------------------------------ discard pile, claims

export function showDiscard() {
  const box = $("#discard-cards");
  box.innerHTML = "";
  const cards = state.P.view.discard;
  if (!cards.length) box.textContent = t("discard.empty");
  cards.forEach((c) => box.append(cardEl(c)));
  openDialog($("#dlg-discard"));
}

function showStones() {
  const P = state.P, v = P.view;
  const ul = $("#stones-list");
  ul.innerHTML = "";
  v.stones.forEach((st, s) => {
    const li = document.createElement("li");
    li.dataset.stone = s;
    const label = `<b>${esc(t("stone.label", { n: s + 1 }))}</b>`;
    if (st.owner !== null) {
      li.className = "claimed";
      li.innerHTML = `${label} — ${esc(t("claims.claimed", { name: nameOf(st.owner) }))}`;
    } else {
      const c = v.claims.find((x) => x.stone === s);
      if (!c) li.innerHTML = `${label} — ${esc(t("claims.take_device"))}`;
      else {
        // The engine's verdict and reason, in words: "Stone 5: can be claimed now — ...".
        li.className = c.ok ? "ok" : "no";
        li.innerHTML = `<span class="verdict">${esc(t(c.ok ? "claims.ok" : "claims.no"))}</span> ${esc(P.claims_text[s])}`;
      }
    }
    ul.append(li);
  });
  const auto = document.createElement("li");
  auto.className = "auto";
  auto.innerHTML = `<label class="choice"><input type="checkbox" id="autoclaim" ${P.settings.autoclaim ? "checked" : ""}> ${esc(t("claims.autoclaim"))}</label>`;
  ul.append(auto);
  openDialog($("#dlg-stones"));
}

function onAutoclaim(e) {
  if (e.target.id !== "autoclaim") return;
  const out = call("set_option", { name: "autoclaim", value: e.target.checked, seat: state.P.seat });
  if (out.ok) { setPayload(out); maybeAI(); }
}

// ------------------------------------------------------------------ new game, messages

export function openNewGame(note) {
  const P = state.P;
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
  abandonAsked = false;
  $("#new-start").textContent = t("new.deal");
  const kept = window.stStore.getJSON(NAMES_KEY);
  const names = Array.isArray(kept) ? kept : ["", ""];
  f.name_0.value = names[0] ?? "";
  f.name_1.value = names[1] ?? "";
  f.my_name.value = rememberedName();
  $("#remote-error").hidden = true;
  f.stun.checked = stunChosen();
  syncNewGame();
  const n = $("#new-note");
  n.hidden = !note;
  n.textContent = note || "";
  $("#new-cancel").hidden = !P;
  openDialog($("#dlg-new"));
}

// The dialog's choices as they stand (every named field: the opponent, the level, tactics,
// names ...) and whether the welcome shows, kept for this tab before the page reloads in
// another language; js/early.js puts the dialog back up with them (stEarly.reopenKey), and
// a deal or a lesson waiting for Python still waiting.
export function keepNewGame() {
  const early = window.stEarly;
  const kept = { fields: early.fields(), welcome: !$("#new-welcome").hidden, pending: early.pending };
  window.stStore.setJSON(early.reopenKey, kept, { session: true });   // refused: a fresh dialog
}

// Names for a game on one device, remembered on this device.
const NAMES_KEY = "schotten-totten.names";
let abandonAsked = false;

// The dialog as its opponent and rounds say: the level or the names, the seats' names.
export function syncNewGame() {
  const f = $("#new-form");
  const ai = f.opponent.value === "ai", remote = f.opponent.value === "remote";
  $$("#dlg-new [data-name]").forEach((el) => {
    const p = Number(el.dataset.name);
    el.textContent = ai ? t(p === 0 ? "name.you" : "name.the_computer")
      : remote ? (p === 0 ? t("name.you") : capital(t("duo.friend"))) : t(p === 0 ? "name.south" : "name.north");
  });
  $("#remote-set").hidden = !remote;
  if (remote) duoPart().catch(() => {});   // its play loaded while the player types a name
  // The STUN choice only where the build has a server (python build.py --stun URL).
  $("#remote-stun-set").hidden = !stunServer;
  $("#remote-stun-note").textContent = stunServer ? t("new.remote.stun_note", { server: stunHost() }) : "";
  if (!abandonAsked) $("#new-start").textContent = t(remote ? "new.invite" : "new.deal");
  $("#level-set").hidden = !ai;
  // How strong the chosen level is, in a sentence (from the arena's figures: docs/ai.md).
  $("#level-about").hidden = !ai;
  $("#level-about").textContent = t(`new.about.${f.ai_level.value}`);
  $("#names-set").hidden = ai || remote;
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
  if (options.seed !== null) opts.seed = options.seed;
  if (opts.opponent === "human") {
    opts.names = [f.name_0.value, f.name_1.value];
    window.stStore.setJSON(NAMES_KEY, opts.names);
  }
  // A game in progress is abandoned only on a second, confirmed press.
  const P = state.P;
  const inProgress = P && !P.view.outcome && P.log.some((e) => e.kind === "turn");
  if (inProgress && !abandonAsked) {
    abandonAsked = true;
    const n = $("#new-note");
    n.textContent = t("new.abandon");
    n.hidden = false;
    $("#new-start").textContent = t("new.abandon_button");
    return;
  }
  // A returning visit's table before Python (quick.js): the deal waits, said in the dialog
  // and kept for the tab (js/early.js), and boot.js deals it once Python is ready.
  if (state.waiting) { window.stEarly.wait("deal"); return; }
  if (opts.opponent === "remote") {   // the game starts once the friend's device answers
    if (stunServer) chooseStun(f.stun.checked);
    // A refusal is said in the dialog (a toast would sit behind its backdrop).
    const refuse = (text) => {
      $("#remote-error").textContent = text;
      $("#remote-error").hidden = false;
      f.my_name.focus();
    };
    const name = f.my_name.value.trim();
    if (!name) { refuse(t("duo.name_needed")); return; }
    // The two-device play is loaded on first use (duo-link.js); the start button waits.
    $("#new-start").disabled = true;
    duoPart().then((duo) => {
      const out = duo.host(opts, name);
      if (!out.ok) { refuse(out.error); return; }
      $("#dlg-new").close();
      endShownFor = null;
    }, (error) => refuse(partFailed(error))).finally(() => { $("#new-start").disabled = false; });
    return;
  }
  const out = call("new_game", opts);
  if (!out.ok) { toast(out.error); return; }
  thinkAhead(out);   // the computer starts: its first move asked before the deal is drawn
  $("#dlg-new").close();
  state.sel = null; endShownFor = null;
  setPayload(out);
  startEarly();
  maybeAI();
}

// The deal chosen before Python was ready, now made: the player confirmed it then (a game
// in progress abandoned included), so it is not asked again.
export function dealChosen() {
  abandonAsked = true;
  $("#new-form").requestSubmit($("#new-start"));
}

// A message over the table. Its button offers a new game (a save not resumed), or, given
// its words (`button`), only closes it: the game on the table goes on.
let messageOffersNewGame = true;
export function showMessage(title, text, button = null) {
  $("#message-title").textContent = title;
  $("#message-text").textContent = text;
  messageOffersNewGame = !button;
  $("#message-ok").textContent = button ?? t("new.title");
  openDialog($("#dlg-message"));
}

// The rules' page in a frame made on first use (none in the page: a frame is a document to
// make before the first paint); its page is the page's language's (boot.js).
function showRules() {
  const dialog = $("#dlg-rules");
  if (!$("#rules-frame")) {
    const frame = document.createElement("iframe");
    frame.id = "rules-frame";
    frame.title = t("rules.frame");
    frame.src = dialog.dataset.src;
    dialog.append(frame);
  }
  openDialog(dialog);
}

export function wireDialogs() {
  $("#dlg-end").addEventListener("click", onEnd);
  $("#btn-new").addEventListener("click", () => openNewGame());
  $("#btn-stones").addEventListener("click", showStones);
  $("#btn-rules").addEventListener("click", showRules);
  $("#new-form").addEventListener("submit", startNewGame);
  // Closed over the table drawn before Python (Cancel, Escape): the deal waiting is withdrawn.
  $("#dlg-new").addEventListener("close", () => { if (state.waiting && window.stEarly.pending === "deal") window.stEarly.done(); });
  $("#new-form").addEventListener("change", syncNewGame);
  $("#new-cancel").addEventListener("click", () => $("#dlg-new").close());
  $("#message-ok").addEventListener("click", () => {
    $("#dlg-message").close();
    if (messageOffersNewGame) openNewGame();
  });
  document.addEventListener("change", onAutoclaim);
  $$("dialog [data-close]").forEach((b) => b.addEventListener("click", () => b.closest("dialog").close()));
  // A click on a dialog's backdrop closes it (not the message dialog: it asks for a new game).
  $$("dialog").forEach((d) => d.addEventListener("click", (e) => {
    if (e.target === d && d.id !== "dlg-message") d.close();
  }));
  if (options.aiTime) $("#hard-note").textContent = t("newgame.hard_note", { s: options.aiTime });
}
