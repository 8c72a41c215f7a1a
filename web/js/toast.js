// The toast: one short message at the bottom of the table (an error, or "info").
import { $ } from "./dom.js";

let toastTimer = null;

// Above the hand when the table shows it, so the cards stay in view and in reach (a toast
// often follows a tap on one, or asks for one to be chosen again).
export function toast(text, kind = "error") {
  const el = $("#toast");
  el.textContent = text;
  el.dataset.kind = kind;
  const hand = $("#hand")?.getBoundingClientRect();
  if (hand?.height && hand.top > innerHeight / 3) el.style.bottom = `${Math.round(innerHeight - hand.top + 8)}px`;
  else el.style.removeProperty("bottom");
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, Math.max(3500, text.length * 60));
}

export function wireToast() {
  $("#toast").addEventListener("click", () => { $("#toast").hidden = true; });
}
