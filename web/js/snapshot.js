// The page's Python: Pyodide started from a memory snapshot when this device holds one of
// this build (a returning visit), else started as usual, a snapshot then made for the next
// visit. PyScript loads this module as its interpreter (pyscript.json's "interpreter") and
// calls loadPyodide(options) as it would Pyodide's own; index.html also loads it before
// PyScript, so the stored snapshot is being read while PyScript starts.
//
// A snapshot is Pyodide 314's (private, "_"-named) API: loadPyodide({_makeSnapshot: true}),
// then pyodide.makeMemorySnapshot() copies the WebAssembly memory (about 31 MB, once the
// game's modules are imported) and names the JavaScript objects Python holds by their path
// from globalThis; loadPyodide({_loadSnapshot: bytes}) puts that memory back instead of
// starting Python and importing the modules again. Pyodide refuses a snapshot of another
// Pyodide build itself. The snapshot is made before PyScript touches the interpreter (its
// own modules hold JavaScript objects no path names), with the modules app.py imports and
// the computer's (MODULES, written by build.py) imported from the game's archive.
//
// Stored in IndexedDB (database DB, one record): the build it was made by (BUILD, written by
// build.py: a hash of every other file the site ships, so a new build never uses an older
// build's snapshot and makes its own), the memory without its all-zero 64 KB pages (about
// 14 MB), its size and SHA-256. Written once the table is playable, so a first visit waits
// for nothing but the copy.
//
// Whatever goes wrong gives the usual start and one line in the console, nothing on the
// page: no IndexedDB (storage blocked: an embed on another site, some private windows), a
// record of another build, one cut short or damaged (size, digest, its own header), a
// snapshot Pyodide refuses or whose Python is not this build's, storage full when saving.
// A record that failed is deleted. An embed (embed.html) boots from a snapshot the game
// made on this device but makes none (a blog reader is not asked for 14 MB); the computer's
// worker (ai_worker.py) starts from the stored snapshot too, or as usual (workerPython).
// ?snapshot=off starts the page's Python as usual and makes none (the benchmark's
// reference, bench/boot_tablet.py).
// <html data-python="snapshot|started"> tells how Python started, and
// <html data-snapshot="pending|stored|failed"> whether this visit will save one (pending:
// from the start of Python, so that a test sees at once that none is coming) and how that went
// (tests, benchmarks).
import { loadPyodide as startPyodide, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const BUILD = "dev"; // @BUILD@ (written by build.py)
const MODULES = ["engine"]; // @MODULES@ (written by build.py)
const ARCHIVE = new URL("../game.zip", import.meta.url).href; // the game's modules (build.py)
const PYODIDE = new URL("../vendor/pyodide/", import.meta.url).href;
const DB = "schotten-totten.python";
const STORE = "snapshot";
const KEY = "main";
const PAGE = 65536;
const MAGIC = 0x53545331; // "STS1": this module's packing of the memory

const ON_PAGE = typeof document !== "undefined";
const OFF = ON_PAGE && new URLSearchParams(location.search).get("snapshot") === "off";
const EMBED = ON_PAGE && document.documentElement.classList.contains("embed");
const USABLE = ON_PAGE && !OFF && typeof indexedDB !== "undefined" && Boolean(globalThis.crypto?.subtle);

// Read as soon as this module loads (index.html loads it before PyScript), and checked once
// the table is up (tableFirst): {memory} to start from; {refused: why} for a stored
// snapshot that must not be used; {blocked: why} where the browser keeps IndexedDB from the
// page or has no digest (then none is made either); {} when none is stored.
let stored = USABLE ? readSnapshot() : Promise.resolve({ blocked: OFF ? "" : "not supported" });

async function readSnapshot() {
  let record;
  try {
    record = await readRecord();
  } catch (error) {
    return { blocked: String(error?.name || error) };
  }
  if (!record) return {};
  await tableFirst();
  try {
    return { memory: await checked(record) };
  } catch (error) {
    return { refused: error.message };
  }
}

// Checking the record holds the page's thread (SHA-256 of 14 MB, the zero pages put back:
// 0.3 s on a tablet), so it waits for the table: until the page's module scripts have run
// (DOMContentLoaded: js/boot.js has drawn a returning visit's table before Python, or not),
// and then, if it drew one (body[data-quick]), until that table is painted (the frame after
// it; a page in the background gets no frame, so at most 250 ms). Python starts that much
// later; a tap on the table is answered first.
function tableFirst() {
  const painted = () => new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });
  const parsed = document.readyState === "loading"
    ? new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }))
    : Promise.resolve();
  return parsed.then(() => (document.body?.dataset.quick === "1" ? painted() : null));
}

// The memory of a record of this build, whole (size, digest and its header as written).
async function checked(record) {
  if (record.build !== BUILD) throw new Error("made by another build");
  const kept = record.memory;
  let packed;
  if (kept instanceof Blob) packed = new Uint8Array(await kept.arrayBuffer());
  else if (kept instanceof Uint8Array) packed = kept;
  else throw new Error("damaged");
  if (packed.length !== record.size) throw new Error("cut short");
  if ((await sha256(packed)) !== record.sha256) throw new Error("damaged");
  return unpacked(packed);
}

// The one console line of a fall-back (nothing is shown to the player).
function note(what) {
  console.warn(`Python snapshot: ${what}.`);
}

function told(name, value) {
  if (ON_PAGE) document.documentElement.dataset[name] = value;
}

// PyScript points indexURL (and the game's standard library and lock file, a patch of
// sitebuild/vendor.py) at this module's folder: Pyodide's files are in vendor/pyodide/.
function rebased(options) {
  const config = { ...options, indexURL: PYODIDE };
  for (const key of ["stdLibURL", "lockFileURL"]) {
    if (options[key]) config[key] = new URL(String(options[key]).split("/").pop(), PYODIDE).href;
  }
  return config;
}

export async function loadPyodide(options) {
  const config = rebased(options);
  if (!ON_PAGE) return workerPython(config);
  try {
    return await pagePython(config);
  } finally {
    making = null; // made, or none coming: a worker that asks is answered at once
    made?.();
  }
}

async function pagePython(config) {
  const reading = stored;
  stored = Promise.resolve({ blocked: "" }); // one start per page, and 31 MB let go
  const { memory, blocked, ...rest } = await reading;
  let refused = rest.refused;
  if (memory) {
    try {
      const pyodide = await fromSnapshot(memory, config);
      told("python", "snapshot");
      return pyodide;
    } catch (error) {
      refused = error.message;
    }
  }
  if (refused) {
    note(`not used (${refused}), Python starts as usual`);
    forget();
  }
  if (blocked !== undefined || EMBED) {
    if (blocked) note(`none here (${blocked}), Python starts as usual`);
    told("python", "started");
    return startPyodide(config);
  }
  return startAndSnapshot(config);
}

// ------------------------------------------------------------------ in a worker

// The computer's worker (ai_worker.py) starts from the snapshot the page stored, when this
// device holds one of this build: the same checks as the page's (build, size, digest, its
// packing, the Python's build), read and unpacked in the worker, so the page's thread does
// not wait for them. None stored yet (a first visit stores its own once the table is
// playable and the computer is not thinking): the worker asks the page for the one it has
// made and not yet stored (BroadcastChannel DB: the memory as made, of this build only).
// Neither, or no IndexedDB here: the usual start, silently (the page says why it has none).
// One refused: the usual start and one console line; the record is left to the page (it
// may be good there). sys._st_started tells the worker's Python how it started: "snapshot"
// (stored), "page" (handed by the page) or none (ai_worker.py started: the page marks
// <html data-ai-python>).
async function workerPython(config) {
  let memory = null;
  let from = "snapshot";
  try {
    let record = await storedRecord();
    if (!record) {
      memory = await handedByPage();
      from = "page";
      if (!memory) {
        record = await storedRecord(); // stored meanwhile
        from = "snapshot";
      }
    }
    if (record) memory = await checked(record);
  } catch (error) {
    note(`not used by the computer's worker (${error.message}), its Python starts as usual`);
    return startPyodide(config);
  }
  if (!memory) return startPyodide(config);
  try {
    const pyodide = await fromSnapshot(memory, config);
    pyodide.runPython(`import sys\nsys._st_started = ${JSON.stringify(from)}`);
    return pyodide;
  } catch (error) {
    note(`not used by the computer's worker (${error.message}), its Python starts as usual`);
    return startPyodide(config);
  }
}

async function storedRecord() {
  if (typeof indexedDB === "undefined" || !globalThis.crypto?.subtle) return null;
  try {
    return await readRecord();
  } catch {
    return null;
  }
}

// The memory the page has made and not yet stored, of this build, or null: the first answer
// of this build's pages (a page with none answers at once), or none within ASK_MS. A page
// still making one (its Python starting) says it is coming and answers once it is made:
// the worker then waits up to MAKING_MS for it rather than boot a second Python beside the
// page's.
const ASK_MS = 3000;
const MAKING_MS = 60000;
function handedByPage() {
  if (typeof BroadcastChannel === "undefined") return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(DB);
    let timer = null;
    const done = (memory) => {
      clearTimeout(timer);
      channel.close();
      resolve(memory);
    };
    const wait = (ms) => {
      clearTimeout(timer);
      timer = setTimeout(() => done(null), ms);
    };
    wait(ASK_MS);
    channel.onmessage = (e) => {
      if (e.data?.build !== BUILD) return;
      if (e.data.coming) wait(MAKING_MS);
      else done(e.data.memory instanceof Uint8Array ? e.data.memory : null);
    };
    channel.postMessage({ want: BUILD });
  });
}

// On the page: the snapshot made and not yet stored (startAndSnapshot, until save), handed to
// the computer's worker that asks for it (a copy; the page keeps its own to store). Until
// the page's Python has started (making), one may be coming: the answer waits for it.
let unsaved = null;
let made = null;
let making = USABLE && !EMBED ? new Promise((resolve) => { made = resolve; }) : null;
// None is made where IndexedDB is blocked, nor where the page starts from a stored one.
stored.then(({ blocked, memory }) => {
  if (blocked !== undefined || memory) {
    making = null;
    made?.();
  }
});
const channel = ON_PAGE && typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(DB) : null;
if (channel) {
  channel.onmessage = (e) => {
    if (e.data?.want !== BUILD) return;
    if (making) {
      channel.postMessage({ build: BUILD, coming: true });
      making.then(answer);
    } else answer();
  };
}
function answer() {
  channel.postMessage(unsaved ? { build: BUILD, memory: unsaved } : { build: BUILD });
}

// ------------------------------------------------------------------ from a snapshot

async function fromSnapshot(memory, config) {
  const pyodide = await startPyodide({ ...config, _loadSnapshot: memory });
  delete pyodide._api.config._loadSnapshot; // Pyodide would keep the 31 MB
  // The snapshot's Python must be this build's; its random numbers are drawn afresh (the
  // generator's state is in the memory: every visit would deal the same games).
  const build = pyodide.runPython(
    "import random, sys\nrandom.seed()\ngetattr(sys, '_st_build', None)");
  if (build !== BUILD) throw new Error("its Python is another build's");
  return pyodide;
}

// The memory from its packed form: [MAGIC, length, page count, page numbers...], the pages.
function unpacked(packed) {
  const bad = () => new Error("damaged");
  if (packed.length < 12 || packed.byteOffset % 4) throw bad();
  const [magic, length, count] = new Uint32Array(packed.buffer, packed.byteOffset, 3);
  const head = 12 + 4 * count;
  if (magic !== MAGIC || head > packed.length) throw bad();
  const pages = new Uint32Array(packed.buffer, packed.byteOffset + 12, count);
  const memory = new Uint8Array(length);
  let at = head;
  let last = -1;
  for (const page of pages) {
    const size = Math.min(PAGE, length - page * PAGE);
    if (page <= last || size <= 0 || at + size > packed.length) throw bad();
    memory.set(packed.subarray(at, at + size), page * PAGE);
    at += size;
    last = page;
  }
  if (at !== packed.length) throw bad();
  return memory;
}

// ------------------------------------------------------------------ making one

async function startAndSnapshot(config) {
  // The game's modules asked for while Python starts, not after (a round trip less).
  const asked = fetch(ARCHIVE);
  asked.catch(() => {}); // a failure is noted below, once Python is up
  const pyodide = await startPyodide({ ...config, _makeSnapshot: true });
  let memory = null;
  try {
    const archive = await asked;
    if (!archive.ok) throw new Error(`${ARCHIVE}: HTTP ${archive.status}`);
    pyodide.unpackArchive(new Uint8Array(await archive.arrayBuffer()), "zip");
    pyodide.runPython(
      `import sys\nsys._st_build = ${JSON.stringify(BUILD)}\nimport ${MODULES.join(", ")}`);
    memory = pyodide.makeMemorySnapshot();
  } catch (error) {
    note(`not made (${error.message})`);
  }
  // _makeSnapshot made Python see globalThis through a proxy that notes paths; from here on
  // it sees the real objects (a proxy is not a Node where the DOM wants one).
  pyodide._api.config.jsglobals = globalThis;
  pyodide.registerJsModule("js", globalThis);
  pyodide.runPython("import sys\nsys.modules.pop('js', None)");
  told("python", "started");
  if (memory) {
    told("snapshot", "pending");
    unsaved = memory;
    whenPlayable(() => save(memory).finally(() => { unsaved = null; }));
  }
  return pyodide;
}

// Once the table is playable and the computer is not thinking (body.ai-thinking, js/ai.js):
// packing and hashing the snapshot holds the page's thread for a while, and a Hard game's
// first search, in a worker started early, would share the cores with it.
function whenPlayable(then) {
  const playable = () => document.body?.dataset.ready === "1" && !document.body.classList.contains("ai-thinking");
  const attempt = () => {
    if (playable()) { setTimeout(() => (playable() ? then() : attempt()), 500); return; }
    const observer = new MutationObserver(() => {
      if (playable()) { observer.disconnect(); attempt(); }
    });
    // The body's own attributes only: the table's redraws change classes below it all the time.
    if (document.body) observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready", "class"] });
    else observer.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-ready", "class"] });
  };
  attempt();
}

async function save(memory) {
  try {
    const packed = packedMemory(memory);
    const record = {
      build: BUILD, size: packed.length, sha256: await sha256(packed),
      memory: new Blob([packed]), made: new Date().toISOString(),
    };
    // As a Blob (read back without copying it through the page's thread); where IndexedDB
    // keeps no Blob (WebKit's ephemeral sessions refuse them), as the bytes themselves.
    await writeRecord(record).catch(() => writeRecord({ ...record, memory: packed }));
    told("snapshot", "stored");
  } catch (error) {
    const why = [error?.name, error?.message].filter(Boolean).join(": ") || "refused";
    note(`not saved (${why})`);
    told("snapshot", "failed");
  }
}

// The snapshot without its all-zero 64 KB pages (more than half of it). Its length is a
// multiple of 16 (Pyodide's header, then the memory's whole pages).
function packedMemory(memory) {
  const words = new Int32Array(memory.buffer, memory.byteOffset, memory.length >> 2);
  const perPage = PAGE / 4;
  const pages = [];
  for (let page = 0; page * PAGE < memory.length; page++) {
    const end = Math.min((page + 1) * perPage, words.length);
    let bits = 0;
    for (let i = page * perPage; i < end && !bits; i++) bits |= words[i];
    if (bits) pages.push(page);
  }
  let size = 12 + 4 * pages.length;
  for (const page of pages) size += Math.min(PAGE, memory.length - page * PAGE);
  const packed = new Uint8Array(size);
  new Uint32Array(packed.buffer, 0, 3 + pages.length).set([MAGIC, memory.length, pages.length, ...pages]);
  let at = 12 + 4 * pages.length;
  for (const page of pages) {
    const part = memory.subarray(page * PAGE, Math.min((page + 1) * PAGE, memory.length));
    packed.set(part, at);
    at += part.length;
  }
  return packed;
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// ------------------------------------------------------------------ IndexedDB

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function database() {
  const opening = indexedDB.open(DB, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
  return request(opening);
}

async function readRecord() {
  const db = await database();
  try {
    return (await request(db.transaction(STORE).objectStore(STORE).get(KEY))) ?? null;
  } finally {
    db.close();
  }
}

async function writeRecord(record) {
  const db = await database();
  try {
    const tx = db.transaction(STORE, "readwrite");
    const put = tx.objectStore(STORE).put(record, KEY);
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(put.error ?? tx.error);
      tx.onabort = () => reject(put.error ?? tx.error);
    });
  } finally {
    db.close();
  }
}

function forget() {
  database().then((db) => {
    db.transaction(STORE, "readwrite").objectStore(STORE).delete(KEY);
    db.close();
  }).catch(() => {});
}
