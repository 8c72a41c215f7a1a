// A game against a friend on another device (web/duo.py keeps this device's side and checks
// every message): the invitation and its answer, the links that carry the moves (sent with
// the Web Share API where the browser has it, copied otherwise), a link opened in another tab
// handed to the game's tab, and the bar that says who plays and what the game waits for.
// No rule here: Python says whose turn it is and which message to send.
import { call, onPayload, setPayload } from "./bridge.js";
import { $ } from "./dom.js";
import { base, capital, friend, loadQR, showDialog, showQR } from "./duo-dialog.js";
import { CHANNEL, NAME_KEY, rememberedName } from "./duo-link.js";
import { askConsent } from "./games.js";
import { carriesMessages, linkOf, NO_LIVE, parseLink, rtcOf, rtcPart, withPart } from "./links.js";
import { reconnect, reconnected, reconnectOffered, takeReconnect, wireReconnect } from "./reconnect.js";
import * as rtc from "./rtc.js";
import { state } from "./state.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

const store = window.stStore;   // js/store.js: every read and write guarded
// The messages not sent yet survive a reload (Python's save holds only the last one sent).
const UNSENT_KEY = "schotten-totten.duo-unsent";
// The game whose live channel was open on this device: after a reload, the bar says that
// this device presses Reconnect (the other, which lost the channel, opens the link).
const LIVE_KEY = "schotten-totten.duo-live";

let unsent = [];            // the messages not sent yet, as link parts ("m=..."), in order
const kinds = new Map();    // what each of them is (Python's duo.send.kind): the words for it
let lastLink = null;        // the last link sent (to send again)
let pairing = null;         // a game's payload before its table exists (invitation, deal)
let joining = null;         // the invitation link being answered
let shownParts = [];        // the messages of the link the pairing dialog shows
export const live = { state: "links", send: null, failed: false, was: false };   // rtc.js: "invited", "answered", "connecting", "live"; "reconnecting"

export const isDuo = () => !!(state.P?.duo || pairing);
export const duoOf = () => pairing?.duo ?? state.P?.duo;
// The connection's state in words ("waiting for Bob to open the invitation").
export const connText = (s = live.state) => t(`duo.conn.${s}`, { name: duoOf() ? friend(duoOf()) : t("duo.friend") });


// A link (or a live message's JSON text) to the game: each message in it, in order. A
// message seen already is ignored with a toast; an invitation asks for this player's name; a
// link with more messages than the page ever sends in one is refused unread (links.js).
export function receive(text, quiet = false) {
  const isJson = text.trim().startsWith("{");   // a live message
  const link = isJson ? { messages: [], rtc: null, reconnect: null } : parseLink(text);
  if (link.refused) { toast(t(`error.remote.${link.refused[0]}`, link.refused[1])); return; }
  if (link.reconnect !== null) { takeReconnect(text); return; }
  const parts = isJson ? [text] : link.messages.map((m) => `#m=${m}`);
  const livePart = link.rtc === null ? null : rtcPart(link.rtc);   // as rtc.js takes it
  let took = false, ignored = null;
  for (const part of parts) {
    const out = call("duo_receive", { message: part, live: live.state === "live", rtc: rtcValue(link.rtc) });
    if (!out.ok) { toast(out.error); return; }
    if (out.invite) { showJoin(out.invite, part, livePart); return; }
    if (out.ignored) { ignored = out.ignored; continue; }
    took = true;
    take(out);
  }
  if (!took && ignored && !quiet) toast(ignored, "info");   // a live repeat: no news
  if (took && livePart) rtc.accept(livePart);   // the answer's: the channel opens
  // A message from the host after the answer: the host has opened it, so the channel is
  // being made (or, within the live wait, found not to open).
  else if (took && live.state === "answered") connectionChanged("connecting");
  // The answer came without a live part (a device with no WebRTC, or a link cut short):
  // the game goes by links, and the host's bar no longer waits for the invitation.
  else if (took && live.state === "invited") connectionChanged("links");
}

// A payload of the game: the table once the cards are dealt, the pairing dialog before.
function take(out) {
  if (out.view === null) {
    pairing = out;
    queue(out.duo);
    showPairing();
    renderBar();
    return;
  }
  pairing = null;
  // Live, the message it brings goes before the table is drawn: the other device works on it
  // meanwhile (at the deal, each device's drawing was on the other's wait).
  if (rtc.isOpen()) queue(out.duo);
  document.body.classList.remove("duo-pairing");
  if ($("#dlg-duo").open && !joining && !document.body.dataset.duoReconnect) $("#dlg-duo").close();
  setPayload(out);   // the bar (an onPayload listener) queues the message it brings
}

// The message to send now goes live if the channel is open, else into the next link.
function queue(duo) {
  const send = duo?.send;
  if (!send || send.link === queue.last) return;
  queue.last = send.link;
  if (live.send && live.send(send.text)) return;
  unsent.push(send.link.slice(1));
  kinds.set(send.link.slice(1), send.kind);
}

// What the link to send carries, for its words: the most telling of its messages.
const KIND_ORDER = ["move", "request", "answer", "deal", "reply"];
function unsentKind() {
  const have = unsent.map((part) => kinds.get(part) ?? "move");
  return KIND_ORDER.find((k) => have.includes(k)) ?? "move";
}

// ------------------------------------------------------------------ sending a link

async function share(url) {
  const name = duoOf() ? friend(duoOf()) : t("duo.friend");
  if (navigator.share) {
    try { await navigator.share({ url }); return true; } catch (e) {
      if (e.name === "AbortError") return false;   // the player closed the share sheet
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast(t("duo.copied", { name }), "info");
    return true;
  } catch {
    toast(t("duo.copy_failed"));
    return false;
  }
}

async function sendUnsent() {
  if (!unsent.length) return;
  const url = linkOf(base(), unsent);
  const sent = unsent;
  unsent = [];
  lastLink = url;
  renderBar();
  if (!(await share(url))) { unsent = sent.concat(unsent); renderBar(); }
}

// ------------------------------------------------------------------ the dialog

// Before the deal: the invitation (host) or the answer (guest) to send, as a link and a QR
// code; then "dealing" while the devices lock and shuffle. The link shown counts as sent.
function showPairing() {
  const duo = pairing.duo;
  if (duo.code_check === "differ") { showEnded(duo); return; }
  if (unsent.length) { shownParts = unsent; lastLink = linkOf(base(), unsent); unsent = []; }
  if (!lastLink && duo.resend) lastLink = base() + duo.resend;   // after a reload
  const name = friend(duo), isLive = live.state === "live";
  let title, text;
  if (duo.stage === "invite") [title, text] = [t("duo.invite.title"), t("duo.invite.text")];
  else if (duo.stage === "answer") [title, text] = [t("duo.answer.title", { name }), t("duo.answer.text", { name })];
  else [title, text] = [t("duo.dealing.title"), t(isLive || !lastLink ? "duo.dealing" : "duo.dealing.links", { name })];
  // Live, the deal goes over the channel: no link to send, none to open.
  const dealtLive = isLive && duo.stage === "deal";
  showDialog(title, text, dealtLive ? "none" : lastLink ? "link" : "paste");
  $("#duo-link").value = lastLink ?? "";
  $("#duo-share").textContent = t(`duo.send.${duo.stage === "deal" ? "deal" : duo.stage}`);
  showQR(lastLink);
  document.body.classList.add("duo-pairing");   // the table behind is not this game's
  renderCheck();
  $("#duo-state").textContent = pairingState(duo);
  renderReach(duo);
  document.body.dataset.duo = "pairing";
  document.dispatchEvent(new CustomEvent("st:duo-link", { detail: lastLink }));
}

// The dialog's line about the connection: its state, or, when live could not connect, what
// to do instead (what to send, what to open).
function pairingState(duo) {
  if (live.state === "links" && live.failed) {
    return t(duo.stage === "answer" ? "duo.live_failed.answer" : "duo.live_failed.deal", { name: friend(duo) });
  }
  return capital(connText());
}

// The line that says how far live reaches, the same on both screens: across the internet
// when both devices use the build's STUN server, else on the same network only, and whose
// choice that was. None when the build has no STUN server (nothing to choose).
function reachKind(duo) {
  const { mine, theirs } = rtc.stun;
  if (duo.seat === 0) {   // the host asked (or not) in its invitation
    if (!mine) return "local";
    if (theirs === null) return "asked";
    return theirs ? "stun" : "declined";
  }
  if (!theirs) return "local";   // the invitation did not ask for it
  return mine ? "stun" : "declined_you";
}

function renderReach(duo) {
  const line = $("#duo-reach");
  line.hidden = !rtc.stunServer || !rtc.hasConnection();
  const kind = line.hidden ? "" : reachKind(duo);
  line.textContent = kind ? t(`duo.reach.${kind}`, { name: friend(duo), server: rtc.stunHost() }) : "";
  document.body.dataset.duoReach = kind;
}

// ------------------------------------------------------------------ the pairing code

// The code both screens show, large, until the player says whether it is the one on the
// friend's screen; then small in the bar. In the pairing dialog while there is no table.
function renderCheck() {
  const duo = duoOf();
  const box = $("#duo-check"), small = $("#duo-code-small");
  const ask = !!duo && duo.paired && !duo.code_check && !duo.verdict;
  box.hidden = !ask;
  const code = duo?.code ?? "";
  const grouped = code.replace(/^(\d{3})(\d{3})$/, "$1 $2"), digits = code.split("").join(" ");
  small.hidden = !(duo?.code_check === "same" && code);
  if (!small.hidden) {
    small.textContent = t("duo.code.small", { code: grouped });
    small.setAttribute("aria-label", t("duo.code.said", { digits }));
  }
  if (!ask) return;
  const home = pairing && $("#dlg-duo").open ? $("#duo-text") : $("#duo-status");
  if (box.previousElementSibling !== home) home.after(box);
  const name = friend(duo);
  $("#duo-check-digits").textContent = code ? grouped : "";
  $("#duo-check-said").textContent = digits;
  $("#duo-check-code").hidden = !code;
  $("#duo-check-text").textContent = code ? t("duo.code.text", { name }) : t("duo.code.pending", { name });
  box.querySelector(".duo-check-buttons").hidden = !code;
  box.dataset.code = code;
}

function checkCode(same) {
  const out = call("duo_code", { same });
  if (!out.ok) { toast(out.error); return; }
  if (!same) {
    rtc.close();   // nothing more goes to or comes from the other device
    unsent = []; kinds.clear();
    live.state = "links";
  }
  if (out.view === null) { pairing = out; if (same) showPairing(); else showEnded(out.duo); renderBar(); return; }
  setPayload(out);
  if (!same) showEnded(out.duo);
}

// "They differ": the game ends on this device, and the page says why and what to do.
function showEnded(duo) {
  showDialog(t("duo.code.ended.title"), t("duo.code.ended.text", { name: friend(duo) }), "none");
  $("#duo-check").hidden = true;
  $("#duo-state").textContent = "";
  document.body.dataset.duo = "over";
  $("#duo-new").focus();
}


let joiningOffer = null;   // the invitation's WebRTC offer, if it has one

// The longest invitation or answer link: its QR code stays at version 13 or below, which a
// phone reads off another screen (e2e/test_duo_browser.py, the QR test).
const LINK_MAX = 400;
const room = () => LINK_MAX - (lastLink?.length ?? 0) - 1;

function showJoin(invite, link, offer) {
  joining = link;
  joiningOffer = offer;
  // The STUN server, if the invitation asks for it: ticked (the host's device uses it), the
  // guest may untick it (it would learn this device's address too).
  const asks = !!(rtc.stunServer && rtc.read(offer)?.stun);
  $("#duo-stun-set").hidden = !asks;
  $("#duo-stun").checked = asks;
  $("#duo-stun-note").textContent = asks ? t("duo.stun.asked", { name: invite.host, server: rtc.stunHost() }) : "";
  rtc.prepareAnswer(offer, asks);   // while the name is typed: the answer link comes at once
  if (!state.P?.duo) document.body.classList.add("duo-pairing");   // no table of this game yet
  showDialog(t("duo.join.title", { name: invite.host }), capital(t("duo.join.text", { game: invite.rules_text })), "join");
  $("#duo-name").value = rememberedName();
  document.body.dataset.duo = "invited";
  $("#duo-name").focus();
  // While the invitation is read, once the dialog is drawn: what the answer's link and the
  // deal after Join would otherwise make first (the QR code's generator; in Python the card
  // codes and the generator's table, about 0.3 s on the tablet profile).
  requestAnimationFrame(() => setTimeout(() => {
    loadQR();
    if (joining === link) call("duo_prepare");
  }));
}

// A refusal in the dialog itself (a toast would sit behind its backdrop).
function refuseInDialog(text) {
  $("#duo-error").textContent = text;
  $("#duo-error").hidden = false;
  $("#duo-name").focus();
}

function join() {
  const name = $("#duo-name").value.trim();
  if (!name) { refuseInDialog(t("duo.name_needed")); return; }
  const out = call("duo_join", { link: joining, name, rtc: rtcValue(joiningOffer ? rtcOf(joiningOffer) : null) });
  if (!out.ok) { refuseInDialog(out.error); return; }
  store.set(NAME_KEY, name);
  const useStun = !$("#duo-stun-set").hidden && $("#duo-stun").checked;
  if (!$("#duo-stun-set").hidden) rtc.chooseStun(useStun);
  joining = null;
  unsent = []; lastLink = null;
  take(out);
  withLive(rtc.answer(joiningOffer, useStun, room()));   // the answer link carries the answer to the offer
}

// A link's rtc= value as Python takes it: null for none, or for "rtc=none" (links only).
const rtcValue = (value) => (value && value !== NO_LIVE ? value : null);

// A link shown in the pairing dialog gets the live connection's offer or answer added once
// it is gathered (a few milliseconds with no ICE server).
function withLive(promise) {
  promise.then((part) => {
    if (!part || !pairing || !lastLink || rtcOf(lastLink) !== null) return;
    // The other's first signed message names the part it got: one changed on the way is
    // refused there (web/duo.py, said_rtc).
    const value = rtcValue(rtcOf(part));
    if (value && !call("duo_rtc_said", { rtc: value }).ok) return;
    lastLink = withPart(lastLink, part);
    showPairing();
  }).catch(() => connectionChanged("links"));
}

function openPaste() {
  const duo = duoOf();
  const name = duo ? friend(duo) : t("duo.friend");
  showDialog(t("duo.open_title", { name }), t("duo.open_text", { name }), "paste");
  $("#duo-paste").value = "";
  $("#duo-paste").focus();
}

// ------------------------------------------------------------------ the new-game dialog

// "A friend on another device": this device invites; the options are the dialog's.
export function host(opts, name) {
  const out = call("duo_host", { ...opts, name });
  if (!out.ok) return out;
  store.set(NAME_KEY, name);
  unsent = []; lastLink = null;
  take(out);
  withLive(rtc.offer(room()));
  return out;
}

// ------------------------------------------------------------------ the bar

// Refused (storage blocked): the Send again button still has the last message.
function keepUnsent(duo) {
  if (unsent.length) {
    store.setJSON(UNSENT_KEY, { game: duo.game, unsent, kinds: unsent.map((part) => kinds.get(part) ?? "move") });
  } else store.remove(UNSENT_KEY);
}

function unsentOf(duo) {
  const kept = store.getJSON(UNSENT_KEY);
  if (kept?.game !== duo.game || !Array.isArray(kept.unsent)) return [];
  const parts = kept.unsent.filter((part) => typeof part === "string");
  parts.forEach((part, i) => kinds.set(part, kept.kinds?.[i] ?? "move"));
  return parts;
}

function renderBar() {
  const duo = duoOf();
  const bar = $("#duo-bar");
  bar.hidden = !duo || !state.P?.duo;
  if (!duo) {
    delete document.body.dataset.duo;
    $("#end-duo-send").hidden = $("#end-duo-key").hidden = true;
    return;
  }
  const name = friend(duo), connection = connText();
  const ended = duo.code_check === "differ", isLive = live.state === "live";
  const kind = unsentKind();
  let text;
  if (duo.verdict) text = t("duo.status.void", { name, verdict: duo.verdict });
  else if (ended) text = t("duo.status.ended", { name });
  else if (duo.asking) text = t("duo.status.asking", { name, connection });
  else if (unsent.length) text = t(kind === "move" ? "duo.status.unsent" : `duo.status.unsent.${kind}`, { name });
  else if (duo.waiting === "over") text = t("duo.status.over", { name });
  else if (duo.waiting === "you") text = t("duo.status.you", { name, connection });
  else if (duo.hand_coming) text = t("duo.status.hand_coming", { name, connection });
  else text = t("duo.status.waiting", { name, connection });
  text = capital(text);
  if ($("#duo-status").textContent !== text) $("#duo-status").textContent = text;
  // The move that ends a round is sent from the end screen too (it covers the bar).
  for (const b of [$("#duo-send"), $("#end-duo-send")]) {
    b.hidden = !unsent.length || ended;
    b.textContent = kind === "move" ? t("duo.send", { name }) : t(`duo.send.${kind}`, { name });
  }
  // Live, no link travels: no link to send again, none to open.
  $("#duo-again").hidden = !!unsent.length || !(lastLink || duo.resend) || isLive || ended;
  $("#duo-open-link").hidden = isLive || ended;
  const offered = !pairing && !isLive && !ended && reconnectOffered(duo);
  $("#duo-reconnect").hidden = !offered;
  renderHint(duo, offered);
  // The round is over and the friend's key has not come: why the game waits, in the bar and
  // on the end screen that covers it (the words are web/duo.py's).
  for (const p of [$("#duo-key"), $("#end-duo-key")]) {
    const text = duo.key_due_text ?? "";
    p.hidden = !text;
    if (p.textContent !== text) p.textContent = text;
  }
  renderCheck();
  if (!pairing) document.body.dataset.duo = unsent.length ? "unsent" : duo.waiting;
  keepUnsent(duo);
  document.body.dataset.duoConnection = live.state;
}

// Which device acts first to bring the live channel back: the one that reloaded presses
// Reconnect; the one that lost the channel opens the link the other sends (or presses it
// too: reconnect.js settles both at once).
function renderHint(duo, offered) {
  const was = store.get(LIVE_KEY) === duo.game;
  const which = !offered || live.state !== "links" ? null : live.was ? "lost" : was ? "resumed" : null;
  const hint = $("#duo-hint");
  hint.hidden = !which;
  const text = which ? t(`duo.hint.${which}`, { name: friend(duo) }) : "";
  if (hint.textContent !== text) hint.textContent = text;
  if (which) hint.dataset.which = which;
  else delete hint.dataset.which;
}

let resumed = false;

function onGamePayload(P) {
  if (!P.duo) { unsent = []; lastLink = null; pairing = null; renderBar(); return; }
  if (!resumed) { resumed = true; if (!unsent.length) unsent = unsentOf(P.duo); }
  queue(P.duo);
  renderBar();
  if (P.duo.news) toast(capital(P.duo.news), "info");   // a take-back answered (or lapsed)
  if (P.duo.question && !asked) askFriendsTakeBack(P.duo);
  else if (unsent.length && document.activeElement === document.body) $("#duo-send").focus();
}

// The friend asks to take back their last turn: the same consent dialog as on one device.
// The answer goes to them like a move (live, or in the next link).
let asked = false;

function askFriendsTakeBack(duo) {
  asked = true;
  const name = friend(duo);
  askConsent({
    title: t("duo.takeback.title"),
    text: capital(t("duo.takeback.text", { name })),
    yes: t("duo.takeback.agree"),
    no: t("duo.takeback.refuse"),
  }, (agree) => {
    asked = false;
    const out = call("duo_takeback_answer", { agree });
    if (!out.ok) { toast(out.error); return; }
    state.sel = null;
    setPayload(out);
  });
}

// The connection's state changed (rtc.js). ``why`` "timeout": the channel did not open in
// time after the offer and the answer met: both screens say the game goes on by links, and
// what to send and open.
export function connectionChanged(s, why = null) {
  if (s === "connecting" && live.state === "reconnecting") s = live.state;   // the same, said as it began
  const changed = live.state !== s;
  live.state = s;
  if (s === "live") {
    live.failed = false;
    live.was = true;
    store.set(LIVE_KEY, duoOf()?.game ?? "");
  }
  if (why === "timeout") live.failed = true;
  const duo = duoOf();
  if (duo?.code_check === "differ") return;
  renderBar();
  if (pairing && $("#dlg-duo").open) {
    if (live.state === "live" && pairing.duo.stage === "deal") showPairing();   // no link to send now
    else { $("#duo-state").textContent = pairingState(pairing.duo); renderReach(pairing.duo); }
  } else if (document.body.dataset.duoReconnect) {
    $("#duo-state").textContent = why === "timeout" ? t("duo.live_failed.table", { name: friend(duo) }) : capital(connText());
  }
  if (why === "timeout" && !pairing) toast(t("duo.live_failed.table", { name: friend(duo) }), "info");
  if (changed && !pairing) $("#duo-conn").textContent = capital(connText());   // told once, politely
}

// ------------------------------------------------------------------ links from elsewhere

// The channel open: whatever waits to be sent goes over it, and, after a reconnect, the last
// message sent (it may have been lost with the old channel; the other side ignores a repeat).
function flushLive() {
  const parts = pairing ? shownParts.concat(unsent) : unsent;
  unsent = parts.filter((part) => !rtc.send(`#${part}`));
  const resend = state.P?.duo?.resend;
  if (!pairing && resend && !parts.includes(resend.slice(1))) rtc.send(resend);
  reconnected();
  renderBar();
}

let wired = false;
export function wireDuo() {
  if (wired) return;
  wired = true;
  onPayload(onGamePayload);
  wireReconnect({ duoOf, connectionChanged });
  live.send = (text) => rtc.send(text);
  rtc.onLive(flushLive, (text) => receive(text, true), connectionChanged);
  if ("BroadcastChannel" in window) {
    const ch = new BroadcastChannel(CHANNEL);
    ch.onmessage = (e) => {
      if (e.data?.kind !== "link" || !isDuo() || !carriesMessages(e.data.link)) return;
      // A tab whose game went on in another tab (Python's save_check) leaves the link to the
      // tab that has it; with none, the new tab plays it from the save.
      if (call("save_check").conflict) return;
      ch.postMessage({ kind: "taken", id: e.data.id });
      receive(e.data.link);
    };
  }
  $("#duo-send").addEventListener("click", sendUnsent);
  $("#end-duo-send").addEventListener("click", sendUnsent);
  $("#duo-again").addEventListener("click", () => {
    const duo = duoOf();
    const url = lastLink ?? (duo?.resend ? base() + duo.resend : null);
    if (url) share(url);
  });
  $("#duo-open-link").addEventListener("click", openPaste);
  $("#duo-reconnect").addEventListener("click", reconnect);
  $("#duo-share").addEventListener("click", () => share($("#duo-link").value));
  $("#duo-join").addEventListener("click", join);
  $("#duo-name").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); join(); } });
  $("#duo-paste-open").addEventListener("click", () => {
    const text = $("#duo-paste").value.trim();
    if (!carriesMessages(text)) { toast(t("error.remote.not_a_link")); return; }
    // A reconnect screen stays up: what the link did is said there (reconnect.js).
    if (!pairing && !joining && !document.body.dataset.duoReconnect) $("#dlg-duo").close();
    receive(text);
  });
  $("#duo-code-same").addEventListener("click", () => checkCode(true));
  $("#duo-code-differ").addEventListener("click", () => checkCode(false));
  $("#duo-close").addEventListener("click", () => {
    if (joining) rtc.dropPrepared();
    joining = null;
    if (!pairing) document.body.classList.remove("duo-pairing");
    delete document.body.dataset.duoReconnect;
    delete document.body.dataset.duoGlare;
    $("#dlg-duo").close();
  });
  $("#duo-new").addEventListener("click", () => {
    if (joining) rtc.dropPrepared();
    joining = null;
    document.body.classList.remove("duo-pairing");
    $("#dlg-duo").close();
    document.dispatchEvent(new CustomEvent("st:new-game"));
  });
  // Before the deal there is no table to go back to: Escape does not close the dialog.
  $("#dlg-duo").addEventListener("cancel", (e) => { if (pairing || !state.P) e.preventDefault(); });
}

// At start: a saved game that was not dealt yet shows its pairing dialog again.
export function resumePairing(out) {
  if (out.duo && out.view === null) { take(out); return true; }
  return false;
}

// Take over here (saves.js): the game as another tab left it, as a reload would resume it:
// with the messages that tab had not sent yet (kept beside the save), none of this tab's.
export function takeOver(out) {
  unsent = [];
  kinds.clear();
  lastLink = null;
  pairing = joining = null;
  queue.last = undefined;
  resumed = false;   // the next payload reads the messages not sent yet (onGamePayload)
  take(out);   // the pairing dialog, or the table (this tab's pairing dialog closed)
}
