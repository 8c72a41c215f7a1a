// The move log drawer: Python's public log lines, with names put in (names.js).
import { $ } from "./dom.js";
import { localise } from "./names.js";
import { state } from "./state.js";
import { t } from "./words.js";

let lastLogCount = 0;

export function renderLog() {
  const P = state.P;
  const ol = $("#log");
  // The log only grows within a match; anything else (new game, resume) rebuilds it.
  if (P.log.length < lastLogCount || ol.dataset.match !== matchKey()) {
    ol.innerHTML = "";
    lastLogCount = 0;
    ol.dataset.match = matchKey();
    ol.dataset.round = "";
  }
  // The latest line may have grown (a draw joins the move it ends): refresh it.
  const prev = ol.querySelector("li:not(.log-round):last-child");
  if (prev && lastLogCount) prev.textContent = localise(P.log[lastLogCount - 1].text);
  if (P.log.length === lastLogCount) return;
  const frag = document.createDocumentFragment();
  for (const e of P.log.slice(lastLogCount)) {
    if (P.view.rules.rounds > 1 && String(e.round) !== ol.dataset.round) {
      ol.dataset.round = e.round;
      const h = document.createElement("li");
      h.className = "log-round";
      h.textContent = t("log.round", { n: e.round });
      frag.append(h);
    }
    const li = document.createElement("li");
    li.textContent = localise(e.text);
    if (e.p !== null && e.p !== undefined) li.dataset.seat = e.p;
    frag.append(li);
  }
  ol.append(frag);
  lastLogCount = P.log.length;
  ol.scrollTop = ol.scrollHeight;
}

// Identifies the match the log belongs to: its first line and the opponent setting.
function matchKey() {
  const P = state.P;
  return `${P.settings.opponent}|${P.log.length ? P.log[0].text : ""}|${P.view.rules.starter}`;
}

export function toggleLog(force) {
  const open = force ?? !document.body.classList.contains("log-open");
  document.body.classList.toggle("log-open", open);
}
