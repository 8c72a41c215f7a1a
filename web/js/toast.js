// The toast: one short message at the bottom of the table (an error, or "info").
import { $ } from "./dom.js";

let toastTimer = null;

// Above the hand when the table shows it, so the cards stay in view and in reach (a toast
// often follows a tap on one, or asks for one to be chosen again); on a phone on its side,
// in the hand's column.
export function toast(text, kind = "error") {
  const el = $("#toast");
  el.textContent = text;
  el.dataset.kind = kind;
  const hand = $("#hand")?.getBoundingClientRect();
  if (hand?.height && hand.top > innerHeight / 3) el.style.bottom = `${Math.round(innerHeight - hand.top + 8)}px`;
  else el.style.removeProperty("bottom");
  // A phone on its side keeps the hand in a column beside the board: the toast goes in that
  // column, over the decks and the prompt, not across the board (a refused tactic card's
  // reason covered the stones at 844x390).
  if (hand?.width && hand.left > innerWidth / 2) {
    el.style.left = `${Math.round(hand.left + hand.width / 2)}px`;
    el.style.maxWidth = `${Math.round(hand.width)}px`;
  } else {
    el.style.removeProperty("left");
    el.style.removeProperty("max-width");
  }
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, Math.max(3500, text.length * 60));
}

// The toast taken down early if it still says `text` (a "loading…" once the thing is loaded).
export function hideToast(text) {
  const el = $("#toast");
  if (!el.hidden && el.textContent === text) { clearTimeout(toastTimer); el.hidden = true; }
}

export function wireToast() {
  $("#toast").addEventListener("click", () => { $("#toast").hidden = true; });
}
