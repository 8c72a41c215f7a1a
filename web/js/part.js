// Parts of the game the first table does not need, loaded on first use: a part's JavaScript
// module (a dynamic import) and its Python modules (part-<name>.zip, bytecode made by build.py:
// PARTS in sitebuild/ship.py), handed to Python, which unpacks them beside the game's modules
// (web/parts.py, through window.stUnpack). The service worker precaches them once the table is
// playable, as every file of the game, so they load offline afterwards.
//
//   part(name, load)  -> a promise of the JavaScript module (load: () => import("./x.js")),
//                        resolved once the Python modules can be imported too; asked again
//                        after a failure (offline before the service worker had them)
//   pythonPart(name)  -> the same for a part whose JavaScript is imported where it is used
//                        (the replay's, the puzzles'), or named by a call's answer ({part})
import { t } from "./words.js";

const loading = new Map();

function pythonReady() {
  if (window.stUnpack) return Promise.resolve();
  return new Promise((resolve) => addEventListener("st:python-ready", resolve, { once: true }));
}

async function python(name) {
  const response = await fetch(new URL(`../part-${name}.zip`, import.meta.url));
  if (!response.ok) throw new Error(`part-${name}.zip: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  await pythonReady();
  window.stUnpack(name, bytes);
}

export function part(name, load) {
  let promise = loading.get(name);
  if (!promise) {
    promise = Promise.all([load(), python(name)]).then(([module]) => module);
    promise.catch(() => loading.delete(name));
    loading.set(name, promise);
  }
  return promise;
}

export const pythonPart = (name) => part(name, () => Promise.resolve(null));

// What the player reads when a part could not be loaded.
export const partFailed = (error) => t("part.failed", { error: error?.message || String(error) });
