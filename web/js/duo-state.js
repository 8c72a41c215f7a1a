// The two-device play's state on this page, owned here and nowhere else: what is being paired
// or joined, the messages not sent yet and the last link sent (`duoState`), and the live
// channel's state (`live`, told by rtc.js). The other duo-*.js modules read and change these
// two objects; the game itself is web/duo.py's. What survives a reload is kept beside the save.
import { friend } from "./duo-dialog.js";
import { state } from "./state.js";
import { t } from "./words.js";

const store = window.stStore;   // js/store.js: every read and write guarded
// The messages not sent yet survive a reload (Python's save holds only the last one sent).
const UNSENT_KEY = "schotten-totten.duo-unsent";
// The game whose live channel was open on this device: after a reload, the bar says that
// this device presses Reconnect (the other, which lost the channel, opens the link).
const LIVE_KEY = "schotten-totten.duo-live";

export const duoState = {
  unsent: [],           // the messages not sent yet, as link parts ("m=..."), in order
  kinds: new Map(),     // what each of them is (Python's duo.send.kind): the words for it
  queued: undefined,    // the last message queued (Python's duo.send.link): queued once
  lastLink: null,       // the last link sent (to send again)
  shownParts: [],       // the messages of the link the pairing dialog shows
  pairing: null,        // a game's payload before its table exists (invitation, deal)
  joining: null,        // the invitation link being answered
  joiningOffer: null,   // the invitation's WebRTC offer, if it has one
  resumed: false,       // the messages not sent yet read back after a reload (duo.js)
  asked: false,         // the friend's take-back question is on show
  wired: false,         // the buttons and listeners wired (duo.js, wireDuo)
};

// The live channel: "links" (none), "invited", "answered", "connecting", "live",
// "reconnecting"; `send` its sender once wired, `failed` when it did not open in time, `was`
// once it was open on this page.
export const live = { state: "links", send: null, failed: false, was: false };

export const isDuo = () => !!(state.P?.duo || duoState.pairing);
export const duoOf = () => duoState.pairing?.duo ?? state.P?.duo;
// The connection's state in words ("waiting for Bob to open the invitation").
export const connText = (s = live.state) => t(`duo.conn.${s}`, { name: duoOf() ? friend(duoOf()) : t("duo.friend") });

// Nothing more to send: the messages not sent yet dropped with their kinds.
export function dropUnsent() {
  duoState.unsent = [];
  duoState.kinds.clear();
}

// Kept beside the save (storage blocked: the Send again button still has the last message).
export function keepUnsent(duo) {
  const { unsent, kinds } = duoState;
  if (unsent.length) {
    store.setJSON(UNSENT_KEY, { game: duo.game, unsent, kinds: unsent.map((part) => kinds.get(part) ?? "move") });
  } else store.remove(UNSENT_KEY);
}

// The messages of `duo`'s game that were not sent before the reload, their kinds noted.
export function unsentOf(duo) {
  const kept = store.getJSON(UNSENT_KEY);
  if (kept?.game !== duo.game || !Array.isArray(kept.unsent)) return [];
  const parts = kept.unsent.filter((part) => typeof part === "string");
  parts.forEach((part, i) => duoState.kinds.set(part, kept.kinds?.[i] ?? "move"));
  return parts;
}

// The live channel opened for this game on this device (said after a reload: the bar's hint).
export const rememberLive = (game) => store.set(LIVE_KEY, game);
export const wasLiveHere = (duo) => store.get(LIVE_KEY) === duo.game;
