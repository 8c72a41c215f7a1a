// The pairing dialog's screens (#dlg-duo before the deal): the invitation (host) or the answer
// (guest) to send, as a link and a QR code, then "dealing" while the devices lock and shuffle;
// the invitation opened on the guest's device, asking for a name; the field for a friend's
// link. What the screens say of the connection and of how far live reaches. Python says which
// stage the pairing is at (duo.stage); this module only shows it.
import { call } from "./bridge.js";
import { $ } from "./dom.js";
import { base, capital, friend, loadQR, showDialog, showQR } from "./duo-dialog.js";
import { rememberedName } from "./duo-link.js";
import { renderCheck, showEnded } from "./duo-code.js";
import { connText, duoOf, duoState, live } from "./duo-state.js";
import { linkOf, withAddress } from "./links.js";
import * as rtc from "./rtc.js";
import { state } from "./state.js";
import { t } from "./words.js";

// The longest invitation or answer link: its QR code stays at version 13 or below, which a
// phone reads off another screen (e2e/test_duo_browser.py, the QR test).
const LINK_MAX = 400;
// The room left in the link on show for the live connection's part.
export const room = () => LINK_MAX - (duoState.lastLink?.length ?? 0) - 1;

// Before the deal: the invitation (host) or the answer (guest) to send, as a link and a QR
// code; then "dealing" while the devices lock and shuffle. The link shown counts as sent.
export function showPairing() {
  const duo = duoState.pairing.duo;
  if (duo.code_check === "differ") { showEnded(duo); return; }
  if (duoState.unsent.length) {
    duoState.shownParts = duoState.unsent;
    duoState.lastLink = linkOf(base(), duoState.unsent);
    duoState.unsent = [];
  }
  if (!duoState.lastLink && duo.resend) duoState.lastLink = withAddress(base(), duo.resend);   // after a reload
  const { lastLink } = duoState;
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
  renderConnection(duo);
  document.body.dataset.duo = "pairing";
  document.dispatchEvent(new CustomEvent("st:duo-link", { detail: lastLink }));
}

// The dialog's lines about the connection: its state, or, when live could not connect, what
// to do instead (what to send, what to open); and how far live reaches.
export function renderConnection(duo) {
  $("#duo-state").textContent = pairingState(duo);
  renderReach(duo);
}

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

// An invitation opened on this device: who invites to what game, and this player's name.
export function showJoin(invite, link, offer) {
  duoState.joining = link;
  duoState.joiningOffer = offer;
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
    if (duoState.joining === link) call("duo_prepare");
  }));
}

// A refusal in the dialog itself (a toast would sit behind its backdrop).
export function refuseInDialog(text) {
  $("#duo-error").textContent = text;
  $("#duo-error").hidden = false;
  $("#duo-name").focus();
}

// Open a link: the field for the friend's link.
export function openPaste() {
  const duo = duoOf();
  const name = duo ? friend(duo) : t("duo.friend");
  showDialog(t("duo.open_title", { name }), t("duo.open_text", { name }), "paste");
  $("#duo-paste").value = "";
  $("#duo-paste").focus();
}
