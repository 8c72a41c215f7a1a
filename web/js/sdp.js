// The WebRTC offer or answer as a link carries it: only what the other device needs to
// rebuild a working description (ICE user fragment and password, the DTLS fingerprint, the
// setup role, the candidates), packed into a few bytes, and whether the sender asked for
// the STUN server. A whole SDP is 650-720 characters; this is 75-130 (docs/remote.md,
// "The rtc= part"). Pure functions, no browser: tests/test_sdp.py runs them under Node.
//
// Version 1, in base64url without padding:
//   byte 0         0x10 | short << 3 | setup << 1 | stun   (setup: 0 actpass, 1 active,
//                  2 passive; short: the ufrag and pwd are 4 and 24 characters of the
//                  base64 alphabet, as Chromium and WebKit make them: no length bytes)
//   ufrag, pwd     a length byte (bit 7: hex digits, 4 bits each; else the base64 alphabet,
//                  6 bits each; bits 0-6: how many characters), then the packed bits; with
//                  short, the 3 and 18 bytes of packed bits alone
//   fingerprint    32 bytes (SHA-256 of the DTLS certificate)
//   candidates     to the end, each: a kind byte (bits 0-1 address: IPv4, IPv6, mDNS name
//                  <uuid>.local, other name with a length byte; bits 2-3 type: host, srflx,
//                  prflx, relay; bit 4 TCP; bits 5-6 tcptype: active, passive, so), the
//                  port (2 bytes), the address
// Old pages sent the whole SDP (base64url of "v=0..."): still read, as it is.

const VERSION = 1;
const SETUPS = ["actpass", "active", "passive"];
const TYPES = ["host", "srflx", "prflx", "relay"];
const TCPTYPES = ["active", "passive", "so"];
const TYPE_PREF = { host: 126, prflx: 110, srflx: 100, relay: 0 };
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const HEX = "0123456789abcdef";
const UUID_LOCAL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local$/;
const MAX_CHARS = 127;   // an ICE ufrag or password longer than this is not packed

const toB64url = (bytes) => btoa(String.fromCharCode(...bytes))
  .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function fromB64url(text) {
  if (typeof text !== "string" || /[^A-Za-z0-9_-]/.test(text) || text.length % 4 === 1) return null;
  const raw = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

// ------------------------------------------------------------------ reading an SDP

// The parts of a description that travel: {ufrag, pwd, fingerprint (bytes), setup, mid,
// candidates: [{address, port, type, tcp, tcptype, priority}]}, or null.
export function parse(sdp) {
  const attr = (name) => sdp.match(new RegExp(`^a=${name}:(.*)$`, "m"))?.[1].trim() ?? null;
  const ufrag = attr("ice-ufrag"), pwd = attr("ice-pwd"), fp = attr("fingerprint");
  const setup = attr("setup"), mid = attr("mid") ?? "0";
  if (!ufrag || !pwd || !fp || !SETUPS.includes(setup)) return null;
  const [algo, hex] = fp.split(/\s+/);
  if (algo.toLowerCase() !== "sha-256" || !/^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$/.test(hex)) return null;
  const fingerprint = hex.split(":").map((h) => parseInt(h, 16));
  const candidates = [];
  for (const [, line] of sdp.matchAll(/^a=candidate:(.*)$/gm)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 8 || f[1] !== "1" || f[6] !== "typ" || !TYPES.includes(f[7])) continue;
    const tcp = f[2].toLowerCase() === "tcp", at = f.indexOf("tcptype");
    const tcptype = tcp ? f[at + 1] : null;
    // Active TCP only connects to a passive one, which no browser offers: left out.
    if (tcp && (at < 0 || tcptype === "active" || !TCPTYPES.includes(tcptype))) continue;
    const port = Number(f[5]);
    if (!Number.isInteger(port) || port < 0 || port > 65535) continue;
    candidates.push({ address: f[4], port, type: f[7], tcp, tcptype, priority: Number(f[3]) || 0 });
  }
  candidates.sort((a, b) => b.priority - a.priority);
  return { ufrag, pwd, fingerprint, setup, mid, candidates };
}

// ------------------------------------------------------------------ packing

function packChars(text) {
  const hex = /^[0-9a-f]+$/.test(text), alphabet = hex ? HEX : B64, bits = hex ? 4 : 6;
  if (text.length > MAX_CHARS || [...text].some((c) => !alphabet.includes(c))) return null;
  const out = [text.length | (hex ? 0x80 : 0)];
  let acc = 0, n = 0;
  for (const c of text) {
    acc = (acc << bits) | alphabet.indexOf(c);
    n += bits;
    while (n >= 8) { n -= 8; out.push((acc >> n) & 0xff); }
    acc &= (1 << n) - 1;
  }
  if (n) out.push((acc << (8 - n)) & 0xff);
  return out;
}

function ipv4(text) {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) < 256)) return null;
  return parts.map(Number);
}

function ipv6(text) {
  if (!/^[0-9a-fA-F:]+$/.test(text) || (text.match(/::/g) ?? []).length > 1) return null;
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const groups = (s) => (s ? s.split(":") : []);
  const h = groups(head), t = tail === null ? [] : groups(tail);
  const missing = 8 - h.length - t.length;
  if ((tail === null && missing !== 0) || (tail !== null && missing < 1)) return null;
  const all = [...h, ...Array(tail === null ? 0 : missing).fill("0"), ...t];
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  return all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
}

function packCandidate(c) {
  const type = TYPES.indexOf(c.type) << 2, tcp = c.tcp ? 0x10 | (TCPTYPES.indexOf(c.tcptype) << 5) : 0;
  const port = [c.port >> 8, c.port & 0xff];
  const v4 = ipv4(c.address), v6 = v4 ? null : ipv6(c.address);
  if (v4) return [type | tcp | 0, ...port, ...v4];
  if (v6) return [type | tcp | 1, ...port, ...v6];
  if (UUID_LOCAL.test(c.address)) {
    const hex = c.address.slice(0, 36).replace(/-/g, "");
    return [type | tcp | 2, ...port, ...hex.match(/../g).map((h) => parseInt(h, 16))];
  }
  const name = new TextEncoder().encode(c.address);
  if (name.length > 255) return null;
  return [type | tcp | 3, ...port, name.length, ...name];
}

// The rtc= value of a local description: the fixed part always, then as many candidates
// (best first; one that does not fit may leave room for a smaller one) as keep it within
// `room` characters. The whole SDP when it cannot be packed (another fingerprint
// algorithm, unusual ICE credentials).
export function pack(sdp, stun = false, room = Infinity) {
  const d = parse(sdp);
  const ufrag = d && packChars(d.ufrag), pwd = d && packChars(d.pwd);
  if (!d || !ufrag || !pwd) return toB64url(new TextEncoder().encode(sdp));
  // The usual lengths (Chromium's, WebKit's) go without their length bytes.
  const short = ufrag[0] === 4 && pwd[0] === 24;
  const creds = short ? [...ufrag.slice(1), ...pwd.slice(1)] : [...ufrag, ...pwd];
  const head = (VERSION << 4) | (short ? 8 : 0) | (SETUPS.indexOf(d.setup) << 1) | (stun ? 1 : 0);
  let bytes = [head, ...creds, ...d.fingerprint];
  for (const c of d.candidates) {
    const more = packCandidate(c);
    if (more && Math.ceil(((bytes.length + more.length) * 4) / 3) <= room) bytes = bytes.concat(more);
  }
  return toB64url(bytes);
}

// ------------------------------------------------------------------ unpacking

// The characters at `at` (after their length byte, or with `head` given, as with short).
function unpackChars(bytes, at, given = null) {
  const head = given ?? bytes[at], hex = head & 0x80, count = head & 0x7f;
  if (given !== null) at -= 1;   // no length byte to skip
  const alphabet = hex ? HEX : B64, bits = hex ? 4 : 6;
  const size = Math.ceil((count * bits) / 8);
  if (!count || at + 1 + size > bytes.length) return null;
  let text = "", acc = 0, n = 0, i = at + 1;
  while (text.length < count) {
    if (n < bits) { acc = (acc << 8) | bytes[i++]; n += 8; }
    n -= bits;
    text += alphabet[(acc >> n) & ((1 << bits) - 1)];
    acc &= (1 << n) - 1;
  }
  return [text, at + 1 + size];
}

// An IPv6 address's eight groups as text, its longest run of zeros as "::" (RFC 5952).
function ipv6Text(groups) {
  let best = [-1, 1];
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best[1]) best = [i, j - i];
  }
  const hex = groups.map((g) => g.toString(16));
  if (best[0] < 0) return hex.join(":");
  return `${hex.slice(0, best[0]).join(":")}::${hex.slice(best[0] + best[1]).join(":")}`;
}

function unpackCandidate(bytes, at) {
  if (at + 3 > bytes.length) return null;
  const kind = bytes[at], form = kind & 3, tcp = !!(kind & 0x10);
  const tcptype = tcp ? TCPTYPES[(kind >> 5) & 3] : null;
  if (kind & 0x80 || (tcp && !tcptype) || (!tcp && kind & 0x60)) return null;
  const port = (bytes[at + 1] << 8) | bytes[at + 2];
  let i = at + 3, address;
  const take = (n) => { if (i + n > bytes.length) return null; const s = bytes.slice(i, i + n); i += n; return s; };
  if (form === 0) address = take(4)?.join(".");
  else if (form === 1) {
    const b = take(16);
    address = b && ipv6Text(Array.from({ length: 8 }, (_, g) => (b[2 * g] << 8) | b[2 * g + 1]));
  } else if (form === 2) {
    const h = take(16) && Array.from(bytes.slice(i - 16, i), (x) => x.toString(16).padStart(2, "0")).join("");
    address = h && `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
  } else {
    const len = take(1)?.[0], name = len && take(len);
    address = name && new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(name));
    if (address && !/^[A-Za-z0-9.:_-]+$/.test(address)) address = null;   // nothing that breaks a line
  }
  if (!address) return null;
  return [{ address, port, type: TYPES[(kind >> 2) & 3], tcp, tcptype }, i];
}

// What an rtc= value says: {setup, stun, ufrag, pwd, fingerprint, candidates} for a packed
// one, {sdp} for an old page's whole SDP; null when it is damaged (never a throw).
export function unpack(value) {
  try {
    const bytes = fromB64url(value);
    if (!bytes || !bytes.length) return null;
    if (bytes[0] === 0x76) {   // "v": an old page's whole SDP
      const sdp = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      return sdp.startsWith("v=0") && parse(sdp) ? { sdp, stun: false } : null;
    }
    if (bytes[0] >> 4 !== VERSION || ((bytes[0] >> 1) & 3) > 2) return null;
    const setup = SETUPS[(bytes[0] >> 1) & 3], stun = !!(bytes[0] & 1), short = bytes[0] & 8;
    const u = unpackChars(bytes, 1, short ? 4 : null);
    const p = u && unpackChars(bytes, u[1], short ? 24 : null);
    if (!p || p[1] + 32 > bytes.length) return null;
    const fingerprint = Array.from(bytes.slice(p[1], p[1] + 32));
    const candidates = [];
    for (let at = p[1] + 32; at < bytes.length;) {
      const c = unpackCandidate(bytes, at);
      if (!c) return null;
      candidates.push(c[0]);
      at = c[1];
    }
    return { setup, stun, ufrag: u[0], pwd: p[0], fingerprint, candidates };
  } catch { return null; }
}

// ------------------------------------------------------------------ rebuilding

// The SDP of a description that unpack read: a data channel only, on media section `mid`
// (the offer's; an answer must use its offer's).
export function rebuild(d, mid = "0") {
  if (d.sdp) return d.sdp;
  const fp = d.fingerprint.map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const candidates = d.candidates.map((c, i) => {
    const pref = TYPE_PREF[c.type] * 2 ** 24 + (65535 - i - (c.tcp ? 4096 : 0)) * 256 + 255;
    const rel = c.type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    const tcp = c.tcp ? ` tcptype ${c.tcptype}` : "";
    return `a=candidate:${i + 1} 1 ${c.tcp ? "tcp" : "udp"} ${pref} ${c.address} ${c.port} typ ${c.type}${rel}${tcp}`;
  });
  return [
    "v=0", "o=- 1 1 IN IP4 127.0.0.1", "s=-", "t=0 0", `a=group:BUNDLE ${mid}`,
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...candidates,
    `a=ice-ufrag:${d.ufrag}`, `a=ice-pwd:${d.pwd}`, `a=fingerprint:sha-256 ${fp}`,
    `a=setup:${d.setup}`, `a=mid:${mid}`, "a=sctp-port:5000", "a=max-message-size:262144", "",
  ].join("\r\n");
}
