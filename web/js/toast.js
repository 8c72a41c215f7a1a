// The toast: one short message at the bottom of the table (an error, or "info").
import { $ } from "./dom.js";

let toastTimer = null;

export function toast(text, kind = "error") {
  const el = $("#toast");
  el.textContent = text;
  el.dataset.kind = kind;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, Math.max(3500, text.length * 60));
}

export function wireToast() {
  $("#toast").addEventListener("click", () => { $("#toast").hidden = true; });
}
