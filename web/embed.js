// Embed mode: embed.html is index.html with <html class="embed"> (build.py makes it), a
// compact table for a blog post. This reads its options from the URL (docs/embed.md):
//
//   save=NAME       the saved game's own name (letters, digits, - and _): give every embed
//                   on a page its own. Without it the name comes from the options and the
//                   iframe's position among the host page's frames, so two embeds never share.
//   opponent=ai|human   level=easy|medium|hard   tactics=on|off
//   claims=standard|expert (claim timing)   rounds=1|3|5|7
//
// Runs as a module (after the page is parsed, before table.js and Python start).
// It sets window.stEmbed = {options} (the first deal, table.js) and window.stSaveKey (the
// localStorage key, app.py). The full page sets neither and keeps "schotten-totten.save".

(() => {
  if (!document.documentElement.classList.contains("embed")) return;
  const q = new URLSearchParams(location.search);
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
  window.stEmbed = { options };
  window.stSaveKey = `schotten-totten.embed.${name}`;
  // A way out of the blog column: the full game in a new tab (it keeps its own save).
  const full = document.createElement("a");
  full.className = "tool";
  full.id = "btn-full";
  full.href = "./";
  full.target = "_blank";
  full.rel = "noopener";
  // English until words.js puts the page's language in (data-t, its translatePage()).
  full.title = "Open the full game in a new tab";
  full.setAttribute("aria-label", full.title);
  full.dataset.tTitle = full.dataset.tAriaLabel = "embed.full.label";
  full.innerHTML = '<span class="tool-icon">↗</span><span class="tool-label" data-t="embed.full">Full game</span>';
  document.getElementById("tools")?.append(full);
  // Where the browser keeps storage from embedded pages (third-party storage blocked), the
  // game plays but is not saved (app.py keeps it in memory): say so once the table shows.
  try {
    window.localStorage.length;
  } catch {
    const wait = setInterval(async () => {
      if (document.body.dataset.ready !== "1") return;
      clearInterval(wait);
      const { t } = await import("./js/words.js");   // loaded by now: the table is ready
      const note = document.createElement("div");
      note.id = "embed-note";
      note.setAttribute("role", "status");
      note.textContent = t("embed.no_save");
      note.addEventListener("click", () => note.remove());
      document.body.append(note);
      setTimeout(() => note.remove(), 8000);
    }, 250);
  }
})();
