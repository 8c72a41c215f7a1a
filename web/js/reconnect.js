// The live channel brought back after a reload, a sleep or a lost network (web/reconnect.py
// signs the links): the device that lost it offers Reconnect, which shows a reconnect link
// (a link and a QR code, as at pairing) with a fresh WebRTC offer; the other device opens it
// and shows its answer the same way; once the answer is opened the channel is back and each
// side sends again what may not have arrived (duo.js, flushLive).
import { call } from "./bridge.js";
import { base, connectionChanged, duoOf, friend, showDialog, showQR } from "./duo.js";
import { $ } from "./dom.js";
import * as rtc from "./rtc.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

// This device's side of the exchange as a reconnect link, shown to be sent.
function show(kind, part) {
  const out = call("duo_reconnect", { kind, rtc: part });
  if (!out.ok) { toast(out.error); return; }
  const name = friend(duoOf()), url = base() + out.link;
  showDialog(t(`duo.reconnect.${kind}.title`, { name }), t(`duo.reconnect.${kind}.text`, { name }), "link");
  $("#duo-paste-set").hidden = kind !== "offer";   // the asking device opens the answer here
  $("#duo-paste").value = "";
  $("#duo-link").value = url;
  $("#duo-check").hidden = true;
  showQR(url);
  document.body.dataset.duoReconnect = kind;
  connectionChanged("reconnecting");
}

// The Reconnect button: a fresh offer (a few milliseconds with no ICE server).
export async function reconnect() {
  const part = await rtc.offer().catch(() => null);
  if (!part) { toast(t("duo.reconnect.no_rtc")); connectionChanged("links"); return; }
  show("offer", part);
}

// A reconnect link from the other device: its offer answered, or its answer taken.
export async function takeReconnect(text) {
  const out = call("duo_reconnect_read", { link: text });
  if (!out.ok) { toast(out.error); return; }
  if (out.kind === "answer") {
    if (rtc.isOpen()) { toast(t("duo.reconnect.already"), "info"); return; }
    // An answer to an offer this device no longer waits on (a reload since, a fresher
    // offer, or opened twice) cannot connect: said, not left hanging.
    if (!(await rtc.accept(out.rtc))) toast(t("duo.reconnect.stale"), "info");
    else connectionChanged("reconnecting");
    return;
  }
  // An offer while the channel is open: the friend's device reconnects only when it lost
  // the channel, so this is an old link; answering it would close the channel that works.
  if (rtc.isOpen()) { toast(t("duo.reconnect.already"), "info"); return; }
  // The offer's STUN server too if this device's player chose it (as at joining).
  const part = await rtc.answer(out.rtc, rtc.stunChosen()).catch(() => null);
  if (part === "rtc=none") { toast(t("duo.reconnect.no_rtc")); connectionChanged("links"); return; }
  if (!part) { toast(t("duo.reconnect.no_rtc")); connectionChanged("links"); return; }
  show("answer", part);
}

// The channel is open again: the reconnect screen has done its job.
export function reconnected() {
  if (!document.body.dataset.duoReconnect) return;
  delete document.body.dataset.duoReconnect;
  if ($("#dlg-duo").open) $("#dlg-duo").close();
}

export function reconnectOffered(duo) {
  return "RTCPeerConnection" in window && !duo.verdict && duo.waiting !== "over";
}
