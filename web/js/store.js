// The page's one door to the browser's storage (localStorage, and sessionStorage for what
// lasts one tab): every read and write of every script goes through here, and no other
// file names the storage (tests/test_storage.py). Python has its own (web/app.py hands
// web/saves.py the storage; web/stored.py reads its JSON).
//
// A storage that refuses (blocked by the browser's settings, full, in a private window, a
// third-party frame) is no bug: a read gives null, a write says false, and the page goes on
// without remembering. Only the browser's refusals (a DOMException: SecurityError,
// QuotaExceededError; Firefox's NS_ERROR_... for a damaged storage file) are taken so;
// anything else is a bug and is thrown, never swallowed as "could not save".
//
// A plain script, not a module: the page's first script (js/early.js) reads the storage
// before any module has loaded, so the build writes this file into the page ahead of it (as
// js/format.js). It leaves window.stStore, which modules use.
(() => {
  // The saved game's key: the full page's, or the one embed.js sets for an embed
  // (window.stSaveKey). Python's twin: web/session.py SAVE_KEY.
  const SAVE_KEY = "schotten-totten.save";

  const refused = (e) => (typeof DOMException !== "undefined" && e instanceof DOMException) ||
    /^NS_ERROR_/.test(e?.name ?? "");

  // The storage itself: naming it throws where the browser blocks it (SecurityError).
  function area(session) {
    try {
      return (session ? globalThis.sessionStorage : globalThis.localStorage) ?? null;
    } catch (e) {
      if (refused(e)) return null;
      throw e;
    }
  }

  // The text kept under key, or null (none kept, or no storage).
  function get(key, { session = false } = {}) {
    try {
      return area(session)?.getItem(key) ?? null;
    } catch (e) {
      if (refused(e)) return null;
      throw e;
    }
  }

  // Keep text under key; false when the storage refused (blocked, full).
  function set(key, value, { session = false } = {}) {
    const where = area(session);
    if (!where) return false;
    try {
      where.setItem(key, String(value));
      return true;
    } catch (e) {
      if (refused(e)) return false;
      throw e;
    }
  }

  // Forget key; false when the storage refused.
  function remove(key, { session = false } = {}) {
    const where = area(session);
    if (!where) return false;
    try {
      where.removeItem(key);
      return true;
    } catch (e) {
      if (refused(e)) return false;
      throw e;
    }
  }

  // The JSON kept under key, or fallback (none kept, no storage, or text that is no JSON:
  // what another version or a hand left there).
  function getJSON(key, fallback = null, options = {}) {
    const text = get(key, options);
    if (text === null) return fallback;
    try {
      return JSON.parse(text);
    } catch (e) {
      if (e instanceof SyntaxError) return fallback;
      throw e;
    }
  }

  // Keep value as JSON; false when the storage refused.
  const setJSON = (key, value, options = {}) => set(key, JSON.stringify(value), options);

  // Whether the page may use the storage at all (an embed says so when it may not).
  function usable() {
    const where = area(false);
    if (!where) return false;
    try {
      void where.length;
      return true;
    } catch (e) {
      if (refused(e)) return false;
      throw e;
    }
  }

  const saveKey = () => globalThis.stSaveKey || SAVE_KEY;

  globalThis.stStore = { get, set, remove, getJSON, setJSON, usable, saveKey, SAVE_KEY };
})();
