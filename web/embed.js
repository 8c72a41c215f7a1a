// Embed mode: embed.html is index.html with <html class="embed"> (build.py makes it), a
// compact table for a blog post. This reads its options from the URL (docs/embed.md):
//
//   save=NAME       the saved game's own name (letters, digits, - and _): give every embed
//                   on a page its own. Without it the name comes from the options and the
//                   iframe's position among the host page's frames, so two embeds never share.
//   opponent=ai|human   level=easy|medium|hard   tactics=on|off
//   claims=standard|expert (claim timing)   rounds=1|3|5|7
//   preview=1       a light preview (the table drawn in HTML/CSS and a Play button, a few
//                   tens of KB): Python and the table's scripts load when Play is pressed
//   autostart=1     start at once even with preview=1 (the default without preview)
//   game=LINK       a game shared as a link (docs/formats.md): its replay, move by move
//
// embed.html is built without js/snapshot.js, PyScript, js/boot.js and app.py's <script type="py">
// (sitebuild/pages.py, EMBED_DEFERRED): load() adds them, at once or on Play.
//
// Runs as a module (after the page is parsed, before the table's modules and Python start).
// It sets window.stEmbed = {options} (the first deal, js/boot.js) and window.stSaveKey (the
// localStorage key, app.py). The full page sets neither and keeps "schotten-totten.save".

(() => {
  const store = window.stStore;   // js/store.js, written into the page before this runs
  const q = new URLSearchParams(location.search);
  if (!document.documentElement.classList.contains("embed")) {
    // The full page opened from an embed's ↗ (?game=NAME): it plays on the embed's saved game.
    const game = (q.get("game") || "").replace(/[^A-Za-z0-9_-]/g, "").slice(0, 40);
    if (!game) return;
    window.stSaveKey = `schotten-totten.embed.${game}`;
    // The embed's save carried in the link (#carry=): browsers that keep an embed's storage
    // apart from the site's own (storage partitioning) would otherwise show no game here.
    // Python weighs it against a save already here under that name (app.py take_carried:
    // the later game played, the other kept aside and the player told). It waits under
    // <key>.carried, so a reload before Python is ready loses nothing; where storage is
    // blocked, in memory.
    if (location.hash.startsWith("#carry=")) {
      let text = null;
      try { text = decodeURIComponent(location.hash.slice(7)); } catch { /* a link cut short: nothing carried */ }
      if (text) {
        window.stCarried = text;
        store.set(`${window.stSaveKey}.carried`, text);
      }
      history.replaceState(null, "", location.pathname + location.search);
    }
    return;
  }
  const pick = (name, allowed, fallback) => (allowed.includes(q.get(name)) ? q.get(name) : fallback);
  const yes = ["on", "1", "yes", "true"];
  const options = {
    opponent: pick("opponent", ["ai", "human"], "ai"),
    ai_level: pick("level", ["easy", "medium", "hard"], "easy"),
    tactics: yes.includes(q.get("tactics")),
    claim_timing: pick("claims", ["standard", "expert"], "standard") === "expert" ? "start_of_turn" : "after_play",
    rounds: Number(pick("rounds", ["1", "3", "5", "7"], "1")),
  };
  if (/^\d+$/.test(q.get("seed") || "")) options.seed = Number(q.get("seed")); // tests
  let name = (q.get("save") || "").replace(/[^A-Za-z0-9_-]/g, "").slice(0, 40);
  if (!name) {
    // The iframe's index among the host page's frames: readable even across origins.
    let index = 0;
    try {
      for (let i = 0; i < window.parent.length; i++) if (window.parent[i] === window) index = i;
    } catch { /* not framed, or the browser refuses: one save for this URL */ }
    const o = options;
    name = `${o.opponent}-${o.ai_level}-${o.tactics ? "t" : "c"}-${o.claim_timing === "after_play" ? "s" : "x"}-${o.rounds}-f${index}`;
  }
  // A game shared as a link (docs/embed.md): its replay, step by step, once the table is up.
  const shared = q.get("game");
  window.stEmbed = shared ? { options, game: shared } : { options };
  window.stSaveKey = `schotten-totten.embed.${name}`;
  // A way out of the blog column: the full game in a new tab, on this embed's game.
  const full = document.createElement("a");
  full.className = "tool";
  full.id = "btn-full";
  full.href = shared ? `./#game=${shared}` : `./?game=${name}`;
  full.target = "_blank";
  full.rel = "noopener";
  // English until words.js puts the page's language in (data-t, its translatePage()).
  full.title = "Open the full game in a new tab";
  full.setAttribute("aria-label", full.title);
  full.dataset.tTitle = full.dataset.tAriaLabel = "embed.full.label";
  full.innerHTML = '<span class="tool-icon">↗</span><span class="tool-label" data-t="embed.full">Full game</span>';
  // The save goes with the link as it is when pressed (see the full page's #carry above).
  // Where the browser blocks this frame's storage, the game the page holds (app.py keeps
  // its saves in memory there): the full game is the one way to keep it.
  full.addEventListener("click", () => {
    if (shared) return;   // the shared game itself, not this table's save
    let text = store.get(window.stSaveKey);
    if (!store.usable()) {
      try { text = JSON.parse(window.stCall("carry", "null")).save ?? null; } catch { /* no game yet */ }
    }
    full.href = `./?game=${name}${text ? `#carry=${encodeURIComponent(text)}` : ""}`;
  });
  document.getElementById("tools")?.append(full);
  // Where the browser keeps storage from embedded pages (third-party storage blocked), the
  // game plays but is not saved (app.py keeps it in memory): say so once the table shows.
  if (!store.usable()) {
    const wait = setInterval(async () => {
      if (document.body.dataset.ready !== "1") return;
      clearInterval(wait);
      const { t } = await import("./js/words.js");   // loaded by now: the table is ready
      const note = document.createElement("div");
      note.id = "embed-note";
      note.setAttribute("role", "status");
      note.textContent = t("embed.no_save");
      // A line of the header, under its tools: it covers nothing (the board makes room).
      note.addEventListener("click", () => note.remove());
      document.getElementById("bar").append(note);
      setTimeout(() => note.remove(), 8000);
    }, 250);
  }
  if (yes.includes(q.get("preview")) && !yes.includes(q.get("autostart"))) preview();
  else load();
})();

// Python and the table: app.py's <script type="py">, the snapshot's reading (Python's start,
// js/snapshot.js), the table's scripts, then PyScript.
function load() {
  document.documentElement.classList.remove("preview");
  const py = document.createElement("script");
  py.type = "py";
  py.src = "./app.py";
  py.setAttribute("config", "./pyscript.json");
  document.body.append(py);
  import("./js/snapshot.js").catch(() => {});   // PyScript imports it again, and says what failed
  import("./js/boot.js").then(() => import("./vendor/pyscript/core.js"));
}

// The light preview: the table as a picture (nine stones, two hands face down) and Play.
async function preview() {
  const root = document.documentElement;
  root.classList.add("preview");
  // Its few words come with the page (early.js: the embed.* keys), not the catalogues.
  const t = (key) => window.stEarly.word(key) ?? key;
  const box = document.createElement("div");
  box.id = "preview";
  const row = (cls, n, child) => {
    const el = document.createElement("div");
    el.className = cls;
    for (let i = 0; i < n; i++) {
      const item = document.createElement(child);
      item.className = "pv-item";
      el.append(item);
    }
    return el;
  };
  const table = document.createElement("div");
  table.className = "pv-table";
  table.setAttribute("aria-hidden", "true");
  table.append(row("pv-hand", 6, "i"), row("pv-stones", 9, "b"), row("pv-hand pv-own", 6, "i"));
  // A game saved here: the preview offers to continue it.
  const saved = !!window.stStore.get(window.stSaveKey);
  const text = document.createElement("p");
  text.className = "pv-text";
  text.textContent = t(window.stEmbed.game ? "embed.preview_game" : saved ? "embed.preview_saved" : "embed.preview");
  const play = document.createElement("button");
  play.type = "button";
  play.id = "preview-play";
  play.className = "big";
  play.textContent = `▶ ${t(saved ? "embed.continue" : "embed.play")}`;
  play.setAttribute("aria-label", t(saved ? "embed.continue.label" : "embed.play.label"));
  play.addEventListener("click", () => { box.remove(); load(); }, { once: true });
  box.append(table, play, text);
  document.querySelector("#loading .loading-box")?.append(box);
}
