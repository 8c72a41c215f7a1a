// A game against a friend on another device (web/duo.py keeps this device's side and checks
// every message), loaded on first use (duo-link.js, duoPart): what comes from the friend (a
// link, a live message, a link opened in another tab and handed to the game's tab), the game
// started here (host) or joined, the pairing code's answer, the friend's take-back question,
// and the buttons wired. The rest is by concern: duo-state.js (the state), duo-bar.js,
// duo-pairing.js and duo-code.js (what the page shows), duo-send.js (the links sent),
// duo-live.js (the live channel), reconnect.js (bringing it back).
// No rule here: Python says whose turn it is and which message to send.
import { call, onPayload, setPayload } from "./bridge.js";
import { $ } from "./dom.js";
import { capital, friend } from "./duo-dialog.js";
import { CHANNEL, NAME_KEY } from "./duo-link.js";
import { renderBar } from "./duo-bar.js";
import { showEnded } from "./duo-code.js";
import { connectionChanged, flushLive, rtcValue, withLive } from "./duo-live.js";
import { openPaste, refuseInDialog, room, showJoin, showPairing } from "./duo-pairing.js";
import { queue, sendAgain, sendUnsent, share } from "./duo-send.js";
import { dropUnsent, duoOf, duoState, isDuo, live, unsentOf } from "./duo-state.js";
import { askConsent } from "./games.js";
import { carriesMessages, fragmentOf, messagePart, parseLink, rtcOf, rtcPart } from "./links.js";
import { reconnect, takeReconnect, wireReconnect } from "./reconnect.js";
import * as rtc from "./rtc.js";
import { state } from "./state.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

const store = window.stStore;   // js/store.js: every read and write guarded

// A link (or a live message's JSON text) to the game: each message in it, in order. A
// message seen already is ignored with a toast; an invitation asks for this player's name; a
// link with more messages than the page ever sends in one is refused unread (links.js).
export function receive(text, quiet = false) {
  const isJson = text.trim().startsWith("{");   // a live message
  const link = isJson ? { messages: [], rtc: null, reconnect: null } : parseLink(text);
  if (link.refused) { toast(t(`error.remote.${link.refused[0]}`, link.refused[1])); return; }
  if (link.reconnect !== null) { takeReconnect(text); return; }
  // Python reads one message at a time, each as a fragment of its own ("#m=...").
  const parts = isJson ? [text] : link.messages.map((m) => fragmentOf([messagePart(m)]));
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
    duoState.pairing = out;
    queue(out.duo);
    showPairing();
    renderBar();
    return;
  }
  duoState.pairing = null;
  // Live, the message it brings goes before the table is drawn: the other device works on it
  // meanwhile (at the deal, each device's drawing was on the other's wait).
  if (rtc.isOpen()) queue(out.duo);
  document.body.classList.remove("duo-pairing");
  if ($("#dlg-duo").open && !duoState.joining && !document.body.dataset.duoReconnect) $("#dlg-duo").close();
  setPayload(out);   // the bar (an onPayload listener) queues the message it brings
}

// "A friend on another device" (the new-game dialog): this device invites; the options are
// the dialog's.
export function host(opts, name) {
  const out = call("duo_host", { ...opts, name });
  if (!out.ok) return out;
  store.set(NAME_KEY, name);
  duoState.unsent = []; duoState.lastLink = null;
  take(out);
  withLive(rtc.offer(room()));
  return out;
}

// Join: the invitation answered with this player's name (and the STUN server's choice).
function join() {
  const name = $("#duo-name").value.trim();
  if (!name) { refuseInDialog(t("duo.name_needed")); return; }
  const { joining, joiningOffer } = duoState;
  const out = call("duo_join", { link: joining, name, rtc: rtcValue(joiningOffer ? rtcOf(joiningOffer) : null) });
  if (!out.ok) { refuseInDialog(out.error); return; }
  store.set(NAME_KEY, name);
  const useStun = !$("#duo-stun-set").hidden && $("#duo-stun").checked;
  if (!$("#duo-stun-set").hidden) rtc.chooseStun(useStun);
  duoState.joining = null;
  duoState.unsent = []; duoState.lastLink = null;
  take(out);
  withLive(rtc.answer(joiningOffer, useStun, room()));   // the answer link carries the answer to the offer
}

// The codes match, or they differ (then nothing more goes to or comes from the other device).
function checkCode(same) {
  const out = call("duo_code", { same });
  if (!out.ok) { toast(out.error); return; }
  if (!same) {
    rtc.close();
    dropUnsent();
    live.state = "links";
  }
  if (out.view === null) {
    duoState.pairing = out;
    if (same) showPairing(); else showEnded(out.duo);
    renderBar();
    return;
  }
  setPayload(out);
  if (!same) showEnded(out.duo);
}

function onGamePayload(P) {
  if (!P.duo) { duoState.unsent = []; duoState.lastLink = null; duoState.pairing = null; renderBar(); return; }
  if (!duoState.resumed) {
    duoState.resumed = true;
    if (!duoState.unsent.length) duoState.unsent = unsentOf(P.duo);
  }
  queue(P.duo);
  renderBar();
  if (P.duo.news) toast(capital(P.duo.news), "info");   // a take-back answered (or lapsed)
  if (P.duo.question && !duoState.asked) askFriendsTakeBack(P.duo);
  else if (duoState.unsent.length && document.activeElement === document.body) $("#duo-send").focus();
}

// The friend asks to take back their last turn: the same consent dialog as on one device.
// The answer goes to them like a move (live, or in the next link).
function askFriendsTakeBack(duo) {
  duoState.asked = true;
  const name = friend(duo);
  askConsent({
    title: t("duo.takeback.title"),
    text: capital(t("duo.takeback.text", { name })),
    yes: t("duo.takeback.agree"),
    no: t("duo.takeback.refuse"),
  }, (agree) => {
    duoState.asked = false;
    const out = call("duo_takeback_answer", { agree });
    if (!out.ok) { toast(out.error); return; }
    state.sel = null;
    setPayload(out);
  });
}

// A link opened in another tab while this one has the game: played here (duo-link.js, handOver).
function wireHandOver() {
  if (!("BroadcastChannel" in window)) return;
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

// The invitation being answered is put down (the answer prepared for it dropped).
function dropJoining() {
  if (duoState.joining) rtc.dropPrepared();
  duoState.joining = null;
}

function wireButtons() {
  $("#duo-send").addEventListener("click", sendUnsent);
  $("#end-duo-send").addEventListener("click", sendUnsent);
  $("#duo-again").addEventListener("click", sendAgain);
  $("#duo-open-link").addEventListener("click", openPaste);
  $("#duo-reconnect").addEventListener("click", reconnect);
  $("#duo-share").addEventListener("click", () => share($("#duo-link").value));
  $("#duo-join").addEventListener("click", join);
  $("#duo-name").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); join(); } });
  $("#duo-paste-open").addEventListener("click", () => {
    const text = $("#duo-paste").value.trim();
    if (!carriesMessages(text)) { toast(t("error.remote.not_a_link")); return; }
    // A reconnect screen stays up: what the link did is said there (reconnect.js).
    if (!duoState.pairing && !duoState.joining && !document.body.dataset.duoReconnect) $("#dlg-duo").close();
    receive(text);
  });
  $("#duo-code-same").addEventListener("click", () => checkCode(true));
  $("#duo-code-differ").addEventListener("click", () => checkCode(false));
  $("#duo-close").addEventListener("click", () => {
    dropJoining();
    if (!duoState.pairing) document.body.classList.remove("duo-pairing");
    delete document.body.dataset.duoReconnect;
    delete document.body.dataset.duoGlare;
    $("#dlg-duo").close();
  });
  $("#duo-new").addEventListener("click", () => {
    dropJoining();
    document.body.classList.remove("duo-pairing");
    $("#dlg-duo").close();
    document.dispatchEvent(new CustomEvent("st:new-game"));
  });
  // Before the deal there is no table to go back to: Escape does not close the dialog.
  $("#dlg-duo").addEventListener("cancel", (e) => { if (duoState.pairing || !state.P) e.preventDefault(); });
}

// Wired once, as the play loads (duo-link.js, duoPart).
export function wireDuo() {
  if (duoState.wired) return;
  duoState.wired = true;
  onPayload(onGamePayload);
  wireReconnect({ duoOf, connectionChanged });
  live.send = (text) => rtc.send(text);
  rtc.onLive(flushLive, (text) => receive(text, true), connectionChanged);
  wireHandOver();
  wireButtons();
}

// At start: a saved game that was not dealt yet shows its pairing dialog again.
export function resumePairing(out) {
  if (out.duo && out.view === null) { take(out); return true; }
  return false;
}

// Take over here (saves.js): the game as another tab left it, as a reload would resume it:
// with the messages that tab had not sent yet (kept beside the save), none of this tab's.
export function takeOver(out) {
  dropUnsent();
  duoState.lastLink = null;
  duoState.pairing = duoState.joining = null;
  duoState.queued = undefined;
  duoState.resumed = false;   // the next payload reads the messages not sent yet (onGamePayload)
  take(out);   // the pairing dialog, or the table (this tab's pairing dialog closed)
}
