// What the page knows of the two-device play before it is loaded: a link opened with the page
// or in the address bar, a link handed to the game's tab open elsewhere, the name this player
// gave. The play itself (duo.js, rtc.js, reconnect.js, the QR code; web/duo.py and the protocol,
// engine/remote) is a part loaded on first use (part.js): duoPart().
import { carriesMessages } from "./links.js";
import { part, partFailed, pythonPart } from "./part.js";
import { toast } from "./toast.js";

export const CHANNEL = "schotten-totten.links";
export const NAME_KEY = "schotten-totten.my-name";

// The page's address as links carry it: its folder, without "index.html" (shorter links,
// smaller QR codes; the folder serves the same page).
export function base() {
  return location.origin + location.pathname.replace(/\/index\.html$/, "/");
}

// A line of the page starts with a capital, also when it starts with "your friend".
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export const rememberedName = () => window.stStore.get(NAME_KEY) ?? "";

// The two-device play, loaded once (its buttons and listeners wired as it loads: duo.js).
// Its record's replay and review once over are the replay's part: loaded with it.
export const duoPart = () => part("duo", () => pythonPart("replay").then(() => import("./duo.js"))
  .then((duo) => { duo.wireDuo(); return duo; }));

// A link to a game played on this page: the play loaded first; if it cannot be, a toast.
export function receiveLink(link) {
  return duoPart().then((duo) => duo.receive(link), (error) => toast(partFailed(error)));
}

// A link opened in a new tab while the game's tab is open: handed over (BroadcastChannel),
// and the new tab says so. Resolves true when the game's tab took it.
export function handOver(link) {
  if (!("BroadcastChannel" in window)) return Promise.resolve(false);
  const ch = new BroadcastChannel(CHANNEL), id = Math.random().toString(36).slice(2);
  return new Promise((resolve) => {
    const done = (taken) => { ch.close(); resolve(taken); };
    ch.onmessage = (e) => { if (e.data?.kind === "taken" && e.data.id === id) done(true); };
    ch.postMessage({ kind: "link", link, id });
    setTimeout(() => done(false), 1200);   // no tab of a game answered
  });
}

// The link this page was opened with, if it carries messages: the fragment taken off the
// address (a reload must not play it again) and played once the table is up.
export function linkAtStart() {
  if (!carriesMessages(location.hash)) return null;
  const link = location.href;
  history.replaceState(null, "", base() + location.search);
  return link;
}

// A link pasted into the address bar of the game's page: played here.
export function wireDuoLinks() {
  addEventListener("hashchange", () => {
    if (!carriesMessages(location.hash)) return;
    const link = location.href;
    history.replaceState(null, "", base() + location.search);
    receiveLink(link);
  });
}
