"""The browser tests' pages start Python from one snapshot made once per test process, as a
returning player's page does (web/js/snapshot.js), instead of starting it as a first visit
does: a page boot took 0.64x the CPU (4.2 against 6.6 s, docs/performance.md, "Pages
started from a given snapshot", session 26), and the suite boots about 240 pages.

``make`` boots the site once in a context of its own, lets it store its snapshot and reads
the record back. ``give`` hands it to a context: an init script answers the page's
IndexedDB database of snapshots (only that one) with the record, its memory fetched from a
same-origin address the context's route fulfils. The page checks it as any stored record
(its build, size and SHA-256, then Pyodide's and the game's own checks) and starts from it.
Nothing is written: a page that refuses the record starts Python as usual and makes none.

The first visit's start stays tested where it is the subject: files marked
``python_snapshots`` keep the browser's own IndexedDB (the snapshot tests, offline play),
files marked ``first_visit`` keep none (e2e/conftest.py), and the Firefox and WebKit tests
always start as usual.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass

DATABASE = "schotten-totten.python"  # web/js/snapshot.js DB, STORE, KEY
STORE = "snapshot"
KEY = "main"
ADDRESS = "/__tests__/python-snapshot"  # any same-origin path: the route answers it


@dataclass(frozen=True)
class Snapshot:
    build: str
    size: int
    sha256: str
    memory: bytes  # packed as web/js/snapshot.js stores it


_READ = f"""async () => {{
  const ask = (r) => new Promise((resolve, reject) => {{
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  }});
  const db = await ask(indexedDB.open({json.dumps(DATABASE)}, 1));
  const store = db.transaction({json.dumps(STORE)}).objectStore({json.dumps(STORE)});
  const record = await ask(store.get({json.dumps(KEY)}));
  db.close();
  const kept = record.memory;
  const bytes = kept instanceof Blob ? new Uint8Array(await kept.arrayBuffer()) : kept;
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {{
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }}
  return {{ build: record.build, size: record.size, sha256: record.sha256, memory: btoa(text) }};
}}"""


def make(browser, index_url: str, timeout_ms: int) -> Snapshot:
    """The snapshot a first visit to ``index_url`` stores, read back from its IndexedDB."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(index_url)
        page.wait_for_selector('html[data-snapshot="stored"]', state="attached", timeout=timeout_ms)
        got = page.evaluate(_READ)
    finally:
        context.close()
    memory = base64.b64decode(got["memory"])
    assert len(memory) == got["size"], "the snapshot read back is not the size stored"
    return Snapshot(got["build"], got["size"], got["sha256"], memory)


def _script(snapshot: Snapshot) -> str:
    """The init script: IndexedDB's open of the snapshots' database answered by a stand-in
    that holds ``snapshot``'s record (its memory fetched on a get) and writes nothing."""
    record = {"build": snapshot.build, "size": snapshot.size, "sha256": snapshot.sha256}
    return f"""(() => {{
  const RECORD = {json.dumps(record)};
  const open = IDBFactory.prototype.open;
  const settle = (work) => {{
    const request = {{ result: undefined, error: null, onsuccess: null, onerror: null }};
    Promise.resolve().then(work).then(
      (result) => {{ request.result = result; request.onsuccess?.({{ target: request }}); }},
      (error) => {{ request.error = error; request.onerror?.({{ target: request }}); }});
    return request;
  }};
  const refused = () => {{
    throw new DOMException("the browser tests' given snapshot is read only", "ReadOnlyError");
  }};
  const store = {{
    get: () => settle(async () => {{
      const answer = await fetch(new URL({json.dumps(ADDRESS)}, location.origin));
      if (!answer.ok) throw new DOMException("no given snapshot", "NotFoundError");
      return {{ ...RECORD, memory: new Uint8Array(await answer.arrayBuffer()) }};
    }}),
    put: refused,
    delete: () => settle(() => undefined),
  }};
  const db = {{ transaction: () => ({{ objectStore: () => store }}), close() {{}} }};
  IDBFactory.prototype.open = function (name, ...rest) {{
    if (name !== {json.dumps(DATABASE)}) return open.call(this, name, ...rest);
    return settle(() => db);
  }};
}})();"""


def give(context, snapshot: Snapshot) -> None:
    """Pages of ``context`` start Python from ``snapshot``."""
    context.add_init_script(_script(snapshot))
    context.route(
        f"**{ADDRESS}",
        lambda route: route.fulfill(body=snapshot.memory, content_type="application/octet-stream"),
    )
