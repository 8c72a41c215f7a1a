// tests/test_storage.py runs this under Node: web/js/store.js (the page's one door to the
// browser's storage) against storages that work, that the browser blocks, that are full,
// and that break with a bug. Prints one JSON object: what each call gave, or the error's name.
import { readFileSync } from "node:fs";
import { runInThisContext } from "node:vm";

runInThisContext(readFileSync(new URL("../web/js/store.js", import.meta.url), "utf-8"));
const store = globalThis.stStore;

function memory() {
  const m = new Map();
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => { m.set(k, String(v)); },
    removeItem: (k) => { m.delete(k); },
    get length() { return m.size; },
  };
}
const full = () => ({ ...memory(), setItem: () => { throw new DOMException("full", "QuotaExceededError"); } });
const firefox = () => ({ ...memory(), getItem: () => { throw Object.assign(new Error("corrupt"), { name: "NS_ERROR_FILE_CORRUPTED" }); } });
const broken = () => ({ ...memory(), getItem: () => { throw new TypeError("a bug"); }, setItem: () => { throw new TypeError("a bug"); } });

// The storage under a name as the browser gives it: a value, or a getter that throws (blocked).
function put(name, value) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get: () => { if (value === "blocked") throw new DOMException("denied", "SecurityError"); return value; },
  });
}

function run(fn) {
  try { return { value: fn() }; } catch (e) { return { threw: e.name }; }
}

function scenario(local, session = memory()) {
  put("localStorage", local);
  put("sessionStorage", session);
  return {
    usable: run(() => store.usable()),
    set: run(() => store.set("k", "v")),
    get: run(() => store.get("k")),
    setJSON: run(() => store.setJSON("j", { a: [1] })),
    getJSON: run(() => store.getJSON("j", "fallback")),
    remove: run(() => store.remove("k")),
    afterRemove: run(() => store.get("k")),
    session: run(() => [store.set("s", "1", { session: true }), store.get("s", { session: true }), store.get("s")]),
  };
}

const out = {
  working: scenario(memory()),
  blocked: scenario("blocked", "blocked"),
  none: scenario(undefined, undefined),
  full: scenario(full()),
  firefox: run(() => { put("localStorage", firefox()); return store.get("k"); }),
  bug: scenario(broken()),
};
// Damaged JSON reads as the fallback; the save's key is the page's unless an embed set its own.
put("localStorage", memory());
store.set("d", "{not json");
out.damaged = run(() => store.getJSON("d", []));
out.saveKey = [store.saveKey(), store.SAVE_KEY];
globalThis.stSaveKey = "schotten-totten.embed.x";
out.saveKey.push(store.saveKey());
process.stdout.write(JSON.stringify(out));
