// The live connection to a friend's device: one WebRTC data channel. No server: the offer
// and the answer, each with every ICE candidate gathered first (no trickle), ride in the
// invitation and answer links (duo-pairing.js), packed small (sdp.js). With no ICE server (the
// default) the two devices find each other on the same network only; a STUN server is the
// build's option (config.js, `python build.py --stun URL`) and then the player's choice (it
// learns both players' addresses). The invitation says whether the host asked for it, and
// the guest's device follows unless its player says no; the answer says what the guest
// chose, so both screens say the same (duo-pairing.js, the reach line). Messages are the protocol's
// JSON text; links stay the fallback whenever the channel is not open.
import { STUN } from "./config.js";
import { NO_LIVE as LINKS_ONLY, rtcOf, rtcPart } from "./links.js";
import { pack, parse, rebuild, unpack } from "./sdp.js";
import { stunChosen } from "./stun.js";

let pc = null, channel = null, timer = null;
// How long the channel may take to open once the offer and the answer have met (10 s):
// with no candidate pair Chromium's connection stays "new" and never fails, so a timer
// says so. ?live_wait=MS changes it (tests).
const LIVE_WAIT = Number(new URLSearchParams(location.search).get("live_wait")) || 10000;
const hooks = { open: () => {}, message: () => {}, state: () => {} };

// The build's STUN server and the player's choice (stun.js), for duo-pairing.js, duo.js and reconnect.js.
export { chooseStun, stunChosen, stunHost, stunServer } from "./stun.js";

// Whether each side of the current connection asked for the STUN server: `mine` is this
// device's (what its RTCPeerConnection uses), `theirs` the other's flag from its offer or
// answer (null until it is known).
export const stun = { mine: false, theirs: null };

export function onLive(open, message, state) {
  Object.assign(hooks, { open, message, state });
}

// Whether a connection is being made or is up (none after "rtc=none" or a damaged part).
export const hasConnection = () => pc !== null;

export const isOpen = () => channel?.readyState === "open";
// This device's offer is out and no answer taken yet (a reload or an answer made since puts
// it down): what web/reconnect.py needs to know of a link opened now.
export const waiting = () => pc?.signalingState === "have-local-offer";

export function send(text) {
  if (!isOpen()) return false;
  try { channel.send(text); return true; } catch { return false; }
}

function fresh(useStun) {
  close();
  stun.mine = !!(useStun && STUN);
  stun.theirs = null;
  const made = new RTCPeerConnection({ iceServers: stun.mine ? [{ urls: STUN }] : [] });
  pc = made;
  window.__rtcConfig = made.getConfiguration();   // for the tests: what the connection uses
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
function gathered(made = pc) {
  if (made.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    made.addEventListener("icegatheringstatechange", () => {
      if (made.iceGatheringState === "complete") resolve();
    });
  });
}

// This device's description as a link's rtc= part, within `room` characters if it can be
// (the candidates that do not fit are left out: the other side's checks still find this
// device, as a peer-reflexive candidate, when its own candidates reach).
const ownPart = (room) => rtcPart(pack(pc.localDescription.sdp, stun.mine, room - rtcPart("").length));

// What the other device's rtc= part says (sdp.js, unpack), or null when it is damaged or
// none: then the game goes on by links.
export function read(part) {
  const value = part ? rtcOf(part) : null;
  if (value === null || value === LINKS_ONLY) return null;
  return unpack(value);
}

// The host: an offer for the invitation link ("rtc=..."), or null where WebRTC is missing.
// `room`: how many characters the link has left for it.
export async function offer(room = Infinity) {
  if (!("RTCPeerConnection" in window)) return null;
  fresh(stunChosen());
  wire(pc.createDataChannel("schotten-totten", { ordered: true }));
  await pc.setLocalDescription(await pc.createOffer());
  await gathered();
  hooks.state("invited");   // until the friend's answer comes back
  return ownPart(room);
}

// The guest: the answer to the invitation's offer, for the answer link. `useStun`: the
// STUN server if the offer asks for it and this device's player agrees. An offer that cannot
// be read is answered "rtc=none": the host stops waiting for a channel, and the game goes on
// by links. The answer made while the player types their name (`prepareAnswer`) is used when
// it was made for the same offer and choice: the link then needs no wait for candidates.
export async function answer(offerPart, useStun = true, room = Infinity) {
  if (!("RTCPeerConnection" in window) || !offerPart) return null;
  const theirs = read(offerPart);
  if (!theirs) { close(); hooks.state("links"); return NO_LIVE; }
  const wanted = !!(useStun && theirs.stun && STUN);
  const ready = prepared?.offerPart === offerPart && prepared.stun === wanted ? prepared.made : null;
  prepared = null;
  const made = await (ready ?? makeAnswer(theirs, useStun));
  if (!made || made !== pc) { hooks.state("links"); return NO_LIVE; }
  hooks.state("answered");   // the host opens the answer: then the channel opens
  expectOpen();
  return ownPart(room);
}

// The answer made ahead, while the join dialog is up: only with no STUN server in it (the
// player has not yet agreed that it learns this device's address). Nothing is said until
// `answer` takes it; `close` puts it down.
let prepared = null;
export function prepareAnswer(offerPart, useStun) {
  const theirs = "RTCPeerConnection" in window && !pc ? read(offerPart) : null;   // none live
  if (!theirs || (useStun && theirs.stun && STUN)) return;
  prepared = { offerPart, stun: false, made: makeAnswer(theirs, false).catch(() => null) };
}

// The join dialog closed without joining: the answer made ahead is put down.
export function dropPrepared() {
  if (prepared) close();
}

// A connection answering `theirs`, its candidates gathered; null when it cannot be made.
async function makeAnswer(theirs, useStun) {
  const made = fresh(useStun && theirs.stun);
  stun.theirs = theirs.stun;
  made.addEventListener("datachannel", (e) => { if (made === pc) wire(e.channel); });
  try {
    await made.setRemoteDescription({ type: "offer", sdp: rebuild(theirs) });
    await made.setLocalDescription(await made.createAnswer());
  } catch { if (made === pc) close(); return null; }
  await gathered(made);
  return made;
}

// The answer of a device that plays by links only (the terminal: engine/remote/links.py).
const NO_LIVE = rtcPart(LINKS_ONLY);

// The host, once the answer link arrives: the channel opens by itself, or, when the other
// device has none (or its answer is damaged), the offer is put down and the game goes on by
// links at once. Resolves false when there was no offer waiting for it (an old answer
// opened late).
export async function accept(part) {
  if (!pc || !part || pc.signalingState !== "have-local-offer") return false;
  const theirs = read(part);
  if (!theirs) { close(); hooks.state("links"); return false; }
  stun.theirs = theirs.stun;
  try {
    const mid = parse(pc.localDescription.sdp)?.mid ?? "0";
    await pc.setRemoteDescription({ type: "answer", sdp: rebuild(theirs, mid) });
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
  prepared = null;
  const [was, wasChannel] = [pc, channel];
  pc = channel = null;   // first: the closing connection's events find it replaced
  try { wasChannel?.close(); was?.close(); } catch { /* closed already */ }
}

