// Offline play and updates (see sw.js): registers the service worker once the table is
// playable, and offers a new version with a small banner when one has been downloaded.
//
// Accepting reloads the page into the new version. Nothing is lost: app.py saves the game in
// localStorage after every action, and the page resumes it on boot.
//
// An embedded table (embed.html) registers nothing: a blog reader should not get the whole
// game stored for a glance at a post. If the game's service worker already controls it
// (same site, visited before), it is used, and updates are offered the same way.
// <html data-sw="offline"> once a service worker is active (every file is then cached).
// (Starting from that cache costs no extra compiling: sw.js hands over the HTTP cache's copy
// of Pyodide, with the code the browser compiled on the first visit, when it is the same file.)

const sw = navigator.serviceWorker;
const EMBED = document.documentElement.classList.contains("embed");
const watched = new WeakSet();
let controller = sw ? sw.controller : null;
let reloading = false;

function whenReady(fn) {
  if (document.body && document.body.dataset.ready === "1") { fn(); return; }
  const observer = new MutationObserver(() => {
    if (document.body && document.body.dataset.ready === "1") { observer.disconnect(); fn(); }
  });
  observer.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
}

function watch(reg) {
  if (!reg || watched.has(reg)) return;
  watched.add(reg);
  const track = (worker) => {
    if (!worker) return;
    const check = () => { if (worker.state === "installed" && sw.controller) offer(reg); };
    worker.addEventListener("statechange", check);
    check();
  };
  if (reg.waiting && sw.controller) offer(reg);
  track(reg.installing);
  reg.addEventListener("updatefound", () => track(reg.installing));
  // Tablets keep a game open for days: look for a new version when the page comes back.
  let checked = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - checked > 15 * 60_000) {
      checked = Date.now();
      reg.update().catch(() => {}); // offline: try again later
    }
  });
}

function offer(reg) {
  if (document.getElementById("update-banner")) return;
  const bar = document.createElement("div");
  bar.id = "update-banner";
  bar.setAttribute("role", "status");
  bar.innerHTML =
    '<span class="update-text" data-t="update.ready">A new version of the game is ready.</span>' +
    '<button type="button" id="update-go" data-t="update.go">Update</button>' +
    '<button type="button" id="update-later" aria-label="Not now" title="Not now" ' +
    'data-t-aria-label="update.later" data-t-title="update.later">✕</button>';
  document.body.append(bar);
  // In the page's language (words.js has loaded by now: the table is playable).
  import("./js/words.js").then(({ translatePage }) => translatePage(bar)).catch(() => {});
  bar.querySelector("#update-later").addEventListener("click", () => bar.remove());
  bar.querySelector("#update-go").addEventListener("click", (ev) => {
    ev.currentTarget.disabled = true;
    const text = bar.querySelector(".update-text");
    text.dataset.t = "update.updating";
    text.textContent = "Updating…";
    import("./js/words.js").then(({ translatePage }) => translatePage(bar)).catch(() => {});
    if (reg.waiting) reg.waiting.postMessage("skip-waiting"); // then "controllerchange"
    else location.reload(); // another tab already switched to the new version
  });
}

if (sw && window.isSecureContext) {
  // A new version took control (here or in another tab): reload into it. Not on the first
  // visit, when the first service worker merely starts controlling an already fresh page.
  sw.addEventListener("controllerchange", () => {
    if (controller && !reloading) { reloading = true; location.reload(); }
    controller = sw.controller;
  });
  sw.ready.then(() => { document.documentElement.dataset.sw = "offline"; });
  sw.getRegistration("./").then(watch, () => {});
  if (!EMBED) {
    // After the table is playable, so precaching never competes with the first boot.
    whenReady(() => {
      sw.register("./sw.js", { updateViaCache: "none" }).then(watch, (e) => {
        console.warn("offline play is not available:", e);
      });
    });
  }
}
