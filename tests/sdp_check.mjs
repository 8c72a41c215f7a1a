// tests/test_sdp.py runs this under Node: web/js/sdp.js on the samples in
// tests/data/sdp_samples.json (real Chromium descriptions, a Firefox-like one), and on damaged
// values. Prints one JSON object.
import { readFileSync } from "node:fs";
import { pack, parse, rebuild, unpack } from "../web/js/sdp.js";

const samples = JSON.parse(readFileSync(new URL("./data/sdp_samples.json", import.meta.url)));
const out = { samples: {}, damaged: [] };
for (const [name, sdp] of Object.entries(samples)) {
  const value = pack(sdp, name === "firefox_offer"), back = unpack(value), sdp2 = rebuild(back, "0");
  out.samples[name] = {
    sdp: sdp.length, value, length: value.length, unpacked: back, rebuilt: sdp2,
    same: JSON.stringify(parse(sdp2)?.candidates.map((c) => [c.address, c.port, c.type, c.tcp, c.tcptype]))
      === JSON.stringify(back.candidates.map((c) => [c.address, c.port, c.type, c.tcp, c.tcptype])),
    tight: (() => {
      const v = pack(sdp, name === "firefox_offer", 80), u = unpack(v);
      return { length: v.length, candidates: u.candidates.length, pwd: u.pwd === back.pwd };
    })(),
    repacked: pack(sdp2, name === "firefox_offer") === value,
  };
}
const good = pack(samples.chromium_offer);
for (const bad of ["", "!!", "AAAA", good.slice(0, 40), good.slice(0, -3), `${good}A`, good.replace(/^./, "z"), "dj0w", 17, null]) {
  let result;
  try { result = unpack(bad); } catch (e) { result = `threw ${e}`; }
  out.damaged.push(result);
}
const legacy = Buffer.from(samples.chromium_offer).toString("base64url");
out.legacy = unpack(legacy)?.sdp === samples.chromium_offer;
console.log(JSON.stringify(out));
