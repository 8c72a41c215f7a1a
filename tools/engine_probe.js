// The other engines' smoke suites (tools/other_browsers.py) put this first into the pages of a private
// copy of the site, before any of the page's own scripts. It keeps every error the page
// reports (console.error, uncaught errors and rejections, CSP violations) in
// window.__smoke.errors, since WebKit's driver gives the test no console, and it says which
// element a player would use next, for the test to click natively (a base game against the
// computer; the table offers the way on, as e2e/table.py's Driver assumes).
(() => {
  const errors = [];
  const text = (x) => (x && x.stack) || (x && x.message) || String(x);
  const consoleError = console.error.bind(console);
  console.error = (...args) => { errors.push(`console.error: ${args.map(text).join(" ")}`); consoleError(...args); };
  addEventListener("error", (e) => errors.push(`error: ${text(e.error || e.message)}`));
  addEventListener("unhandledrejection", (e) => errors.push(`unhandledrejection: ${text(e.reason)}`));
  document.addEventListener("securitypolicyviolation", (e) =>
    errors.push(`csp: ${e.violatedDirective} ${e.blockedURI}`));
  // The Python snapshot's console lines (js/snapshot.js: why it was not used, stored...).
  const snapshotLines = [];
  const consoleWarn = console.warn.bind(console);
  console.warn = (...args) => {
    const line = args.map(text).join(" ");
    if (line.startsWith("Python snapshot")) snapshotLines.push(line);
    consoleWarn(...args);
  };

  // When the table became playable and when the computer's first card landed (performance.now
  // ms), for bench/webkit_first_move.py.
  const times = { ready: null, computerCard: null };
  new MutationObserver(() => {
    if (times.ready === null && document.body?.dataset.ready === "1") times.ready = performance.now();
    if (times.computerCard === null && document.querySelector('#board .side[data-seat="1"] .card')) {
      times.computerCard = performance.now();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });

  // The computer's turns ended so far (seen from the body's data-to-move going from "1"): with
  // ?aipause=40 it may answer before the test looks again, so "theirs" alone cannot tell.
  let computerTurns = 0;
  const watchTurns = () => new MutationObserver((records) => {
    for (const r of records) if (r.oldValue === "1" && document.body.dataset.toMove !== "1") computerTurns += 1;
  }).observe(document.body, { attributes: true, attributeFilter: ["data-to-move"], attributeOldValue: true });
  if (document.body) watchTurns(); else addEventListener("DOMContentLoaded", watchTurns);

  let turn = 0;
  const visible = (el) => el.getClientRects().length > 0 && !el.closest("[hidden], [inert]");
  function mark(selector) {
    const els = [...document.querySelectorAll(selector)].filter(visible);
    if (!els.length) return null;
    for (const old of document.querySelectorAll("[data-smoke-next]")) old.removeAttribute("data-smoke-next");
    els[turn % els.length].setAttribute("data-smoke-next", "");
    return "[data-smoke-next]";
  }

  // "smoke-probe-done" on the console once the page has done its loading work, for a run
  // that reads the console alone (e2e/test_webkit.py, MiniBrowser without its driver): the
  // document loaded; a table playable; and the game's table (not the embed, which registers
  // nothing) with its service worker active, every file cached (<html data-sw="offline">).
  const loaded = () => {
    if (document.readyState !== "complete") return false;
    if (!document.querySelector("#loading")) return true;   // rules.html: no table
    if (document.body.dataset.ready !== "1") return false;
    const embed = document.documentElement.classList.contains("embed");
    return embed || !navigator.serviceWorker || document.documentElement.dataset.sw === "offline";
  };
  const tell = () => {
    if (!loaded()) return false;
    console.log("smoke-probe-done");
    return true;
  };
  const watchLoad = new MutationObserver(() => { if (tell()) watchLoad.disconnect(); });
  watchLoad.observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready", "data-sw"] });
  addEventListener("load", () => { if (tell()) watchLoad.disconnect(); });

  window.__smoke = {
    snapshotLines,
    errors,
    times,
    computerTurns: () => computerTurns,
    // What the player does next: a selector to click, or "wait" (the page is busy), "theirs"
    // (the computer is to move or thinking) or "over".
    next() {
      const body = document.body;
      if (!body || body.dataset.ready !== "1") return "wait";
      const { step, toMove } = body.dataset;
      if (step === "over" || step === "round_over") return "over";
      if (toMove !== "0" || body.classList.contains("ai-thinking")) return "theirs";
      if (step === "play") {
        if (document.querySelector("#hand .card.selected")) return mark(".lane.target .stone") || "wait";
        turn += 1;
        return mark("#hand .card.playable") || "wait";
      }
      if (step === "claim") return mark("#btn-done") || "wait";
      if (step === "draw") return mark(".pile.drawable") || "wait";
      return "wait";
    },
    // The computer has answered: the player is to move again (or the game is over).
    settled() {
      const body = document.body;
      return body?.dataset.ready === "1" && !body.classList.contains("ai-thinking") &&
        !document.querySelector("dialog[open]") &&
        (body.dataset.toMove === "0" || ["over", "round_over"].includes(body.dataset.step));
    },
    // The cards at the stones, as "seat:stone:card" (e2e/table.py's board()).
    cards: () => document.querySelectorAll("#board .lane .side[data-seat] .card").length,
    board: () => [...document.querySelectorAll("#board .lane")].flatMap((lane, stone) =>
      [...lane.querySelectorAll(".side[data-seat] .card")].map((c) =>
        `${c.closest(".side").dataset.seat}:${stone}:${c.dataset.card}`)).sort().join(" "),
    offline: () => document.documentElement.dataset.sw === "offline" &&
      !!navigator.serviceWorker?.controller,
  };
})();
