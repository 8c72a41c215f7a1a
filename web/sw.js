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
//             index.html); anything else goes to the network untouched.
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
  event.respondWith(fromCache(path, request));
});

let opened = null; // this version's cache, opened once per service-worker start

async function fromCache(path, request) {
  opened ||= caches.open(CACHE);
  const hit = await (await opened).match(new URL(path, SCOPE).href);
  // A miss means the browser evicted the cache under storage pressure: go to the network.
  return hit || fetch(request);
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
  // "no-cache": revalidate with the server (a cheap 304 right after the page loaded it).
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`precache: ${path}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  const got = Array.from(digest.slice(0, hash.length / 2), (b) => b.toString(16).padStart(2, "0")).join("");
  if (got !== hash) throw new Error(`precache: ${path} is not the file of version ${VERSION}`);
  const headers = new Headers({ [HASH_HEADER]: hash });
  const type = response.headers.get("content-type");
  if (type) headers.set("content-type", type);
  return new Response(body, { status: 200, statusText: "OK", headers });
}
