// The service worker: the whole game offline, one content-hashed version at a time.
//
// build.py writes the two constants below: FILES maps every file the game needs (path
// relative to this script) to the first 16 hex digits of its SHA-256, and VERSION is a hash
// of that list, so any changed byte anywhere gives a new version (and a new sw.js, which is
// how the browser notices an update).
//
// Life cycle:
//   install   precache every file into the cache of this VERSION. A file whose hash is
//             unchanged is copied from the previous version's cache (an update downloads only
//             what changed); the rest is fetched and checked against its hash, so a half-
//             deployed site (a CDN still serving old files) fails the install instead of
//             caching a mixture; the browser simply tries again on a later visit.
//   waiting   a new version waits while pages of the old one are open; pwa.js shows "update
//             available" and, when the player accepts, posts "skip-waiting".
//   activate  delete the caches of older versions (of this site only: the cache names
//             carry the scope, so two deployments on one origin, such as two GitHub Pages
//             projects of one user, never delete each other's) and take control of open pages,
//             which then reload into the new version; the game in progress is in localStorage.
//   fetch     cache-first for the files of the game (query strings ignored, "./" is
//             index.html); anything else goes to the network untouched. Scripts and
//             WebAssembly come from the HTTP cache instead when it holds the very same file,
//             because the browser's compiled code stays with that copy (withCompiledCode).
//
// No cross-origin-isolation headers (COOP/COEP) are added here, on purpose: nothing needs
// them. The AI worker talks to the page with JSON strings only, and Python in the worker
// never touches the DOM (that would need SharedArrayBuffer, hence isolation). Adding them
// would cost a reload on the first visit and would make any embed on a blog that does not
// send them itself impossible to isolate anyway.

const VERSION = "dev"; // @VERSION@ (written by build.py)
const FILES = {}; // @FILES@ (written by build.py)

const SCOPE = new URL("./", self.location.href);
const PREFIX = `schotten-totten:${SCOPE.pathname}:`;
const CACHE = PREFIX + VERSION;
const HASH_HEADER = "x-content-sha256";
const VALIDATOR_HEADER = "x-http-validator"; // the HTTP cache's validator of the checked copy
const CODE = /\.(?:wasm|m?js)$/; // files the browser compiles (see withCompiledCode)
const PARALLEL = 6;

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const path = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length)) || "index.html";
  if (!Object.hasOwn(FILES, path)) return; // not part of the game: the network, as usual
  event.respondWith(CODE.test(path) ? withCompiledCode(path, request) : fromCache(path, request));
});

let opened = null; // this version's cache, opened once per service-worker start

function cached(path) {
  opened ||= caches.open(CACHE);
  return opened.then((cache) => cache.match(new URL(path, SCOPE).href));
}

async function fromCache(path, request) {
  // A miss means the browser evicted the cache under storage pressure: go to the network.
  return (await cached(path)) || fetch(request);
}

// Scripts and WebAssembly: the browser keeps the code it compiled from a file (V8's code
// cache: bytecode, and Pyodide's compiled 9.6 MB of WebAssembly) next to the copy it was
// compiled from. A visit that loaded Pyodide from the network left its compiled code with the
// HTTP cache's copy; a Cache API copy only gets compiled code once a page compiles it from
// there (and only as far as the functions that page made hot), so the next start from it
// would compile Pyodide again: seconds of CPU. So when the HTTP cache still holds exactly
// this version of the file (same validator and length as the file precache() checked), hand
// that copy over untouched (a "pass-through" response, which keeps its compiled code). It
// never touches the network ("only-if-cached"), offline included; anything else (evicted,
// another version, a server without validators) is served from the Cache API as usual.
async function withCompiledCode(path, request) {
  const [copy, http] = await Promise.all([
    cached(path),
    fetch(request.url, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null),
  ]);
  if (copy && http && http.ok && sameFile(http, copy)) return http;
  return copy || fetch(request);
}

function sameFile(http, copy) {
  const validator = copy.headers.get(VALIDATOR_HEADER);
  return Boolean(validator) && validator === httpValidator(http);
}

function httpValidator(response) {
  // A strong ETag names the bytes; Last-Modified (1 s resolution) is paired with the length.
  const etag = response.headers.get("etag");
  const length = response.headers.get("content-length");
  if (etag && !etag.startsWith("W/")) return `etag ${etag}`;
  const modified = response.headers.get("last-modified");
  return modified && length ? `modified ${modified} ${length}` : "";
}

async function precache() {
  const cache = await caches.open(CACHE);
  const older = [];
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) older.push(await caches.open(name));
  }
  const queue = Object.entries(FILES);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [path, hash] = next;
      const url = new URL(path, SCOPE).href;
      if (sameHash(await cache.match(url), hash)) continue; // a retried install
      let response = null;
      for (const old of older) {
        const hit = await old.match(url);
        if (sameHash(hit, hash)) { response = hit; break; }
      }
      await cache.put(url, response || (await download(url, path, hash)));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

function sameHash(response, hash) {
  return Boolean(response) && response.headers.get(HASH_HEADER) === hash;
}

async function download(url, path, hash) {
  // First the copy the page has just loaded, if the HTTP cache holds it ("force-cache": no
  // revalidation, which would also re-date the copy and so void the code the browser compiled
  // from it, see withCompiledCode); if that is another version, ask the server ("no-cache").
  for (const mode of ["force-cache", "no-cache"]) {
    const response = await fetch(url, { cache: mode });
    if (!response.ok) throw new Error(`precache: ${path}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
    const got = Array.from(digest.slice(0, hash.length / 2), (b) => b.toString(16).padStart(2, "0")).join("");
    if (got !== hash) continue;
    const headers = new Headers({ [HASH_HEADER]: hash });
    const type = response.headers.get("content-type");
    if (type) headers.set("content-type", type);
    const validator = httpValidator(response);
    if (validator) headers.set(VALIDATOR_HEADER, validator);
    return new Response(body, { status: 200, statusText: "OK", headers });
  }
  throw new Error(`precache: ${path} is not the file of version ${VERSION}`);
}
