// A worker that boots Pyodide once from the service worker's fresh cache, then ends. pwa.js
// starts it after the first install, when the player leaves the page (or after a minute):
// the browser compiles the cached copies of Pyodide's WebAssembly and JavaScript and keeps the
// compiled code with them, so the next start (offline, say) does not compile from scratch
// (measured: about 2 s saved on that start; bench/boot.py).
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

await loadPyodide({ indexURL: new URL("./vendor/pyodide/", import.meta.url).href });
postMessage("warm");
