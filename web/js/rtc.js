// The live connection to a friend's device: one WebRTC data channel. No server: the offer
// and the answer, each with every ICE candidate gathered first (no trickle), ride in the
// invitation and answer links (duo.js). With no ICE server (the default) the two devices
// find each other on the same network only; the STUN server is the player's choice (it
// learns both players' addresses). Messages are the protocol's JSON text; links stay the
// fallback whenever the channel is not open.
const STUN_KEY = "schotten-totten.stun";
const STUN = "stun:stun.l.google.com:19302";

let pc = null, channel = null, timer = null;
// How long the channel may take to open once the offer and the answer have met (10 s):
// with no candidate pair Chromium's connection stays "new" and never fails, so a timer
// says so. ?live_wait=MS changes it (tests).
const LIVE_WAIT = Number(new URLSearchParams(location.search).get("live_wait")) || 10000;
const hooks = { open: () => {}, message: () => {}, state: () => {} };

export const stunChosen = () => localStorage.getItem(STUN_KEY) === "1";

export function chooseStun(on) {
  try { localStorage.setItem(STUN_KEY, on ? "1" : "0"); } catch { /* blocked: off */ }
}

export function onLive(open, message, state) {
  Object.assign(hooks, { open, message, state });
}

export const isOpen = () => channel?.readyState === "open";
// This device's offer is out and no answer taken yet (a reload or an answer made since puts
// it down): what web/reconnect.py needs to know of a link opened now.
export const waiting = () => pc?.signalingState === "have-local-offer";

export function send(text) {
  if (!isOpen()) return false;
  try { channel.send(text); return true; } catch { return false; }
}

function fresh() {
  close();
  const made = new RTCPeerConnection({ iceServers: stunChosen() ? [{ urls: STUN }] : [] });
  pc = made;
  // Only the current connection speaks: one replaced by a reconnect closes quietly.
  made.addEventListener("connectionstatechange", () => {
    const s = made.connectionState;
    if (made === pc && (s === "failed" || s === "closed" || s === "disconnected")) { clearTimeout(timer); hooks.state("links"); }
  });
  return made;
}

// The offer and the answer have met: the channel has LIVE_WAIT ms to open, or the page
// goes on by links (hooks.state("links", "timeout")). The connection stays up: if it opens
// later after all, the game goes live then.
function expectOpen() {
  clearTimeout(timer);
  const made = pc;
  timer = setTimeout(() => {
    if (made === pc && !isOpen()) hooks.state("links", "timeout");
  }, LIVE_WAIT);
}

function wire(ch) {
  channel = ch;
  ch.addEventListener("open", () => { clearTimeout(timer); hooks.state("live"); hooks.open(); });
  ch.addEventListener("close", () => { if (ch === channel) hooks.state("links"); });
  ch.addEventListener("message", (e) => hooks.message(String(e.data)));
}

// Every candidate in the description before it travels (the link is sent once).
function gathered() {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") resolve();
    });
  });
}

const encode = (sdp) => btoa(sdp).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const decode = (text) => atob(text.replace(/-/g, "+").replace(/_/g, "/"));

// The host: an offer for the invitation link ("rtc=..."), or null where WebRTC is missing.
export async function offer() {
  if (!("RTCPeerConnection" in window)) return null;
  fresh();
  wire(pc.createDataChannel("schotten-totten", { ordered: true }));
  await pc.setLocalDescription(await pc.createOffer());
  await gathered();
  hooks.state("invited");   // until the friend's answer comes back
  return `rtc=${encode(pc.localDescription.sdp)}`;
}

// The guest: the answer to the invitation's offer, for the answer link.
export async function answer(part) {
  if (!("RTCPeerConnection" in window) || !part) return null;
  fresh();
  pc.addEventListener("datachannel", (e) => wire(e.channel));
  await pc.setRemoteDescription({ type: "offer", sdp: decode(part.slice(4)) });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered();
  hooks.state("answered");   // the host opens the answer: then the channel opens
  expectOpen();
  return `rtc=${encode(pc.localDescription.sdp)}`;
}

// The answer of a device that plays by links only (the terminal: engine/remote/links.py).
const NO_LIVE = "rtc=none";

// The host, once the answer link arrives: the channel opens by itself, or, when the other
// device has none, the offer is put down and the game goes on by links at once.
// Resolves false when there was no offer waiting for it (an old answer opened late).
export async function accept(part) {
  if (!pc || !part || pc.signalingState !== "have-local-offer") return false;
  if (part === NO_LIVE) { close(); hooks.state("links"); return false; }
  try {
    await pc.setRemoteDescription({ type: "answer", sdp: decode(part.slice(4)) });
  } catch { hooks.state("links"); return false; }
  // The channel may open before the answer is set, as far as the page sees it (the two are
  // separate tasks): then it is live already, not "connecting".
  if (isOpen()) return true;
  hooks.state("connecting");
  expectOpen();
  return true;
}

export function close() {
  clearTimeout(timer);
  const [was, wasChannel] = [pc, channel];
  pc = channel = null;   // first: the closing connection's events find it replaced
  try { wasChannel?.close(); was?.close(); } catch { /* closed already */ }
}

// The part of a link that carries an offer or an answer.
export function rtcIn(text) {
  const at = text.indexOf("#");
  return (at >= 0 ? text.slice(at + 1) : text).split("&").find((p) => p.startsWith("rtc=")) ?? null;
}

