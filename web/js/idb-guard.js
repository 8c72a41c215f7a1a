// Loaded before PyScript (index.html). PyScript's core opens an IndexedDB database when it
// loads (the store behind pyscript.fs mounts, which this game does not use) and never
// handles a refusal. Where the browser keeps storage from the page (a table embedded on
// another site with third-party storage blocked, some private windows) that open fails and
// its rejection went to the console as an uncaught error. The game needs no IndexedDB
// (saves go to localStorage, app.py, or stay in memory), so that one refusal is handled
// here; every other rejection still reaches the console.
addEventListener("unhandledrejection", (e) => {
  const reason = e.reason;
  if (reason instanceof Event && reason.type === "error" &&
      typeof IDBOpenDBRequest !== "undefined" && reason.target instanceof IDBOpenDBRequest) {
    e.preventDefault();
    document.documentElement.dataset.idb = "blocked";   // for tests: the refusal was seen
  }
});
