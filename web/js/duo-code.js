// The pairing code (web/duo.py makes it from both devices' keys): shown large on both screens
// until the player says whether it is the one on the friend's screen, then small in the bar;
// and "They differ": the game ended on this device, said with what to do. The answer itself
// goes to Python (duo.js, checkCode).
import { $ } from "./dom.js";
import { friend, showDialog } from "./duo-dialog.js";
import { duoOf, duoState } from "./duo-state.js";
import { t } from "./words.js";

// The code's box: in the pairing dialog while there is no table, else under the bar's words.
export function renderCheck() {
  const duo = duoOf();
  const box = $("#duo-check"), small = $("#duo-code-small");
  const ask = !!duo && duo.paired && !duo.code_check && !duo.verdict;
  box.hidden = !ask;
  const code = duo?.code ?? "";
  const grouped = code.replace(/^(\d{3})(\d{3})$/, "$1 $2"), digits = code.split("").join(" ");
  small.hidden = !(duo?.code_check === "same" && code);
  if (!small.hidden) {
    small.textContent = t("duo.code.small", { code: grouped });
    small.setAttribute("aria-label", t("duo.code.said", { digits }));
  }
  if (!ask) return;
  const home = duoState.pairing && $("#dlg-duo").open ? $("#duo-text") : $("#duo-status");
  if (box.previousElementSibling !== home) home.after(box);
  const name = friend(duo);
  $("#duo-check-digits").textContent = code ? grouped : "";
  $("#duo-check-said").textContent = digits;
  $("#duo-check-code").hidden = !code;
  $("#duo-check-text").textContent = code ? t("duo.code.text", { name }) : t("duo.code.pending", { name });
  box.querySelector(".duo-check-buttons").hidden = !code;
  box.dataset.code = code;
}

// "They differ": the game ends on this device, and the page says why and what to do.
export function showEnded(duo) {
  showDialog(t("duo.code.ended.title"), t("duo.code.ended.text", { name: friend(duo) }), "none");
  $("#duo-check").hidden = true;
  $("#duo-state").textContent = "";
  document.body.dataset.duo = "over";
  $("#duo-new").focus();
}
