// The build's STUN server and the player's choice of it (the new-game dialog asks; rtc.js
// uses it): apart from rtc.js, so the dialog needs none of the live connection's code.
import { STUN } from "./config.js";

const STUN_KEY = "schotten-totten.stun";

// The build's STUN server (a URL such as "stun:stun.example.org:3478"), or null: none offered.
export const stunServer = STUN;
// Its host name, for the words that say who learns the addresses.
export const stunHost = () => (STUN ? STUN.replace(/^stuns?:/, "").replace(/:\d+$/, "") : "");

export const stunChosen = () => !!STUN && window.stStore.get(STUN_KEY) === "1";

export function chooseStun(on) {
  window.stStore.set(STUN_KEY, on ? "1" : "0");   // refused: off next time
}
