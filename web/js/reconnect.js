// The live channel brought back after a reload, a sleep or a lost network (web/reconnect.py
// signs the links and decides what each does here): either device may press Reconnect, which
// shows a reconnect link (a link and a QR code, as at pairing) with a fresh WebRTC offer; the
// other device opens it and shows its answer the same way; once the answer is opened the
// channel is back and each side sends again what may not have arrived (duo-live.js, flushLive).
// Both may press it at once: the guest's device gives way to the host's offer ("perfect
// negotiation"), and each screen says so and what to send and open next. Every reconnect
// screen has a field for the other's link; a link opened there that does nothing (stale, or
// the channel open already) is said in the dialog itself.
import { call } from "./bridge.js";
import { $ } from "./dom.js";
import { base, friend, showDialog, showQR } from "./duo-dialog.js";
import * as rtc from "./rtc.js";
import { NO_LIVE, rtcPart, withAddress } from "./links.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

// What duo.js lends this module (set by wireReconnect; duo.js, duo-bar.js and duo-live.js
// import this module, so this one does not import them): the game's two-device part, and how the connection's change is
// told on the page.
const game = { duoOf: () => null, connectionChanged: () => {} };
const duoOf = () => game.duoOf();
const connectionChanged = (s, why) => game.connectionChanged(s, why);

export function wireReconnect({ duoOf: of, connectionChanged: changed }) {
  Object.assign(game, { duoOf: of, connectionChanged: changed });
}

// A word about a link: in the reconnect dialog while it shows (a toast would sit behind its
// backdrop), else as a toast.
function tell(text, kind = "error") {
  if (document.body.dataset.duoReconnect && $("#dlg-duo").open) {
    $("#duo-paste-error").textContent = text;
    $("#duo-paste-error").dataset.kind = kind;
    $("#duo-paste-error").hidden = false;
  } else toast(text, kind);
}

// This device's side of the exchange as a reconnect link, shown to be sent, with the field
// for the other's link. ``glare``: both devices pressed Reconnect (said, and which link wins).
function show(kind, link, glare = false) {
  const name = friend(duoOf()), url = withAddress(base(), link);
  const text = t(`duo.reconnect.${kind}.${glare ? "glare" : "text"}`, { name });
  showDialog(t(`duo.reconnect.${kind}.title`, { name }), text, "link");
  $("#duo-paste-set").hidden = false;
  $("#duo-paste").value = "";
  $("#duo-link").value = url;
  $("#duo-share").textContent = t(`duo.reconnect.${kind}.send`);
  $("#duo-check").hidden = true;
  showQR(url);
  document.body.dataset.duoReconnect = kind;
  document.body.dataset.duoGlare = glare ? "1" : "";
  connectionChanged("reconnecting");
}

function made(kind, part, re = "") {
  const out = call("duo_reconnect", { kind, rtc: part, re });
  if (!out.ok) { tell(out.error); return null; }
  return out.link;
}

// The Reconnect button: a fresh offer (a few milliseconds with no ICE server).
export async function reconnect() {
  const part = await rtc.offer().catch(() => null);
  if (!part) { toast(t("duo.reconnect.no_rtc")); connectionChanged("links"); return; }
  const link = made("offer", part);
  if (link) show("offer", link);
}

// A reconnect link from the other device: what it does here is Python's answer (``do``).
export async function takeReconnect(text) {
  const out = call("duo_reconnect_read", { link: text, open: rtc.isOpen(), waiting: rtc.waiting() });
  if (!out.ok) { tell(out.error); return; }
  const name = friend(duoOf());
  if (out.do === "already") { tell(t("duo.reconnect.already"), "info"); return; }
  if (out.do === "stale") {
    tell(t(out.why === "no_offer" ? "duo.reconnect.stale" : `duo.reconnect.stale.${out.why}`, { name }), "info");
    return;
  }
  if (out.do === "wait") { show("offer", out.link, true); return; }   // ours stands: theirs answers it
  if (out.do === "again") { show("answer", out.link); return; }
  if (out.do === "accept") {
    // The browser still refuses it (its offer replaced meanwhile): said, not left hanging.
    if (!(await rtc.accept(out.rtc))) tell(t("duo.reconnect.stale"), "info");
    else if (!rtc.isOpen()) connectionChanged("reconnecting");   // else: open already
    return;
  }
  // "answer": the other's offer answered (the guest's own offer, if any, put down).
  // The offer's STUN server too if this device's player chose it (as at joining).
  const part = await rtc.answer(out.rtc, rtc.stunChosen()).catch(() => null);
  if (part === rtcPart(NO_LIVE)) { toast(t("duo.reconnect.no_rtc")); connectionChanged("links"); return; }
  if (!part) { toast(t("duo.reconnect.no_rtc")); connectionChanged("links"); return; }
  const link = made("answer", part, out.id);
  if (link) show("answer", link, out.glare);
}

// The channel is open again: the reconnect screen has done its job.
export function reconnected() {
  if (!document.body.dataset.duoReconnect) return;
  delete document.body.dataset.duoReconnect;
  delete document.body.dataset.duoGlare;
  if ($("#dlg-duo").open) $("#dlg-duo").close();
}

export function reconnectOffered(duo) {
  return "RTCPeerConnection" in window && !duo.verdict && duo.waiting !== "over";
}
