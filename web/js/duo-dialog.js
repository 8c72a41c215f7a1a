// The two-device game's dialog and the words and address it shows, shared by the pairing
// (duo-pairing.js) and the reconnect screens (reconnect.js): the dialog in one of its modes, a
// link's QR code, the page's address that links carry, and the friend's name.
import { $ } from "./dom.js";
import { base, capital } from "./duo-link.js";
import { options, state } from "./state.js";
import { t } from "./words.js";

// The friend's name as this device knows it ("your friend" before it is known).
export const friend = (duo) => duo.names[1 - duo.seat] || t("duo.friend");
// The page's address that links carry, and a line's capital: duo-link.js, loaded at boot.
export { base, capital };

// The dialog with a title and a text, in a mode: "join" (the name to answer an invitation
// with), "link" (a link to send), "paste" (a field for the friend's link), "none".
export function showDialog(title, text, mode) {
  const d = $("#dlg-duo");
  $("#duo-title").textContent = title;
  $("#duo-text").textContent = text;
  $("#duo-join-set").hidden = mode !== "join";
  $("#duo-link-set").hidden = mode !== "link";
  $("#duo-paste-set").hidden = mode === "join" || mode === "none";
  $("#duo-paste-error").hidden = true;
  $("#duo-close").hidden = !state.P?.duo;
  $("#duo-error").hidden = true;
  if (!d.open) d.showModal();
}

// The link as a QR code, for the other device's camera (the invitation and the answer are
// at most 400 characters, LINK_MAX: version 13 at most; a deal's link is longer and is
// sent as a link only). Four modules of quiet zone around it (margin).
const QR_MAX = 2000;
let qrcode = null;   // the vendored generator (build.py copies it from node_modules)

// The generator's module, fetched once: early on the guest's device, while the invitation
// is read (duo-pairing.js, showJoin), so that the answer's QR code does not wait for it.
export function loadQR() {
  loadQR.promise ??= import("../vendor/qrcode/qrcode.mjs").then((m) => { qrcode = m.default; }, () => {
    loadQR.promise = null;   // the site without its vendored files (web/ served as it is)
  });
  return loadQR.promise;
}

export async function showQR(link) {
  const box = $("#duo-qr");
  box.textContent = "";
  if (!link || link.length > QR_MAX) return;
  await loadQR();
  // A QR code costs 0.1-0.3 s on the tablet profile: none for a link replaced meanwhile (the
  // guest's answer gets its live part a moment after it is first shown).
  await new Promise((resolve) => setTimeout(resolve));
  if (!qrcode || $("#duo-link").value !== link) return;
  const t0 = performance.now();
  const qr = qrcode(0, "L");
  qr.addData(link);
  qr.make();
  if (options.perf) performance.measure("qr", { start: t0 });   // ?perf (state.js)
  if ($("#duo-link").value !== link) return;   // another link is on show by now
  box.innerHTML = qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
  box.setAttribute("aria-label", t("duo.qr"));
  box.dataset.link = link;
}
