// Two connections in one page, paired only through what a link carries: the offer and the
// answer packed by web/js/sdp.js and rebuilt from the packed text, as two devices do
// (rtc.js). Resolves to the text sent over the data channel once it opens, or rejects with
// what failed. Run in Firefox (e2e/firefox_smoke.mjs) and WebKit (e2e/test_webkit.py) by
// evaluating this file's text as a function of the site's address.
async (base) => {
  const { pack, parse, rebuild, unpack } = await import(`${base}js/sdp.js`);
  const gathered = (pc) => (pc.iceGatheringState === "complete" ? Promise.resolve()
    : new Promise((resolve) => pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") resolve();
    })));
  const [host, guest] = [new RTCPeerConnection(), new RTCPeerConnection()];
  const channel = host.createDataChannel("schotten-totten", { ordered: true });
  await host.setLocalDescription(await host.createOffer());
  await gathered(host);
  const offer = unpack(pack(host.localDescription.sdp));
  if (!offer) throw new Error(`the offer did not survive packing: ${host.localDescription.sdp}`);
  await guest.setRemoteDescription({ type: "offer", sdp: rebuild(offer) });
  await guest.setLocalDescription(await guest.createAnswer());
  await gathered(guest);
  const answer = unpack(pack(guest.localDescription.sdp));
  if (!answer) throw new Error(`the answer did not survive packing: ${guest.localDescription.sdp}`);
  const heard = new Promise((resolve) => guest.addEventListener("datachannel", (e) => {
    e.channel.addEventListener("message", (m) => resolve(String(m.data)));
  }));
  await host.setRemoteDescription({ type: "answer", sdp: rebuild(answer, parse(host.localDescription.sdp)?.mid ?? "0") });
  await new Promise((resolve, reject) => {
    channel.addEventListener("open", resolve);
    setTimeout(() => reject(new Error(`no channel: ${host.connectionState} / ${guest.connectionState}`)), 20000);
  });
  channel.send("live");
  const text = await heard;
  host.close(); guest.close();
  return text;
}
