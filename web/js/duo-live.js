// The live channel as the page tells it (rtc.js makes it; reconnect.js brings it back): its
// state changed, said on the bar, the pairing dialog or the reconnect screen; opened, the
// messages waiting go over it; the offer or answer added to the pairing link once gathered.
import { call } from "./bridge.js";
import { $ } from "./dom.js";
import { capital, friend } from "./duo-dialog.js";
import { renderBar } from "./duo-bar.js";
import { renderConnection, showPairing } from "./duo-pairing.js";
import { connText, duoOf, duoState, live, rememberLive } from "./duo-state.js";
import { firstPart, fragmentOf, NO_LIVE, rtcOf, withPart } from "./links.js";
import { reconnected } from "./reconnect.js";
import * as rtc from "./rtc.js";
import { state } from "./state.js";
import { toast } from "./toast.js";
import { t } from "./words.js";

// A link's rtc= value as Python takes it: null for none, or for "rtc=none" (links only).
export const rtcValue = (value) => (value && value !== NO_LIVE ? value : null);

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
    rememberLive(duoOf()?.game ?? "");
  }
  if (why === "timeout") live.failed = true;
  const duo = duoOf(), { pairing } = duoState;
  if (duo?.code_check === "differ") return;
  renderBar();
  if (pairing && $("#dlg-duo").open) {
    if (live.state === "live" && pairing.duo.stage === "deal") showPairing();   // no link to send now
    else renderConnection(pairing.duo);
  } else if (document.body.dataset.duoReconnect) {
    $("#duo-state").textContent = why === "timeout" ? t("duo.live_failed.table", { name: friend(duo) }) : capital(connText());
  }
  if (why === "timeout" && !pairing) toast(t("duo.live_failed.table", { name: friend(duo) }), "info");
  if (changed && !pairing) $("#duo-conn").textContent = capital(connText());   // told once, politely
}

// The channel open: whatever waits to be sent goes over it, and, after a reconnect, the last
// message sent (it may have been lost with the old channel; the other side ignores a repeat).
export function flushLive() {
  const { pairing } = duoState;
  const parts = pairing ? duoState.shownParts.concat(duoState.unsent) : duoState.unsent;
  duoState.unsent = parts.filter((part) => !rtc.send(fragmentOf([part])));
  const resend = state.P?.duo?.resend;
  if (!pairing && resend && !parts.includes(firstPart(resend))) rtc.send(resend);
  reconnected();
  renderBar();
}

// A link shown in the pairing dialog gets the live connection's offer or answer added once
// it is gathered (a few milliseconds with no ICE server).
export function withLive(promise) {
  promise.then((part) => {
    if (!part || !duoState.pairing || !duoState.lastLink || rtcOf(duoState.lastLink) !== null) return;
    // The other's first signed message names the part it got: one changed on the way is
    // refused there (web/duo.py, said_rtc).
    const value = rtcValue(rtcOf(part));
    if (value && !call("duo_rtc_said", { rtc: value }).ok) return;
    duoState.lastLink = withPart(duoState.lastLink, part);
    showPairing();
  }).catch(() => connectionChanged("links"));
}
