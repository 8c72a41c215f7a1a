"""The static site's build, by concern; ``build.py`` at the repository root is its driver.

    paths          where things are (the repository, dist/, web/, engine/, node_modules/)
    vendor         npm ci from package-lock.json; Pyodide's and PyScript's files, patched
    ship           which of our files the browser gets (the engine without tooling, web/)
    catalogues     the words of every language, engine/messages and web/messages together
    pages          the generated pages (bare, smoke, embed) and every page's CSP
    icons          the app icons, painted with the standard library, and the manifest
    service_worker sw.js with the content hash of every file it keeps offline
    snapshot       js/snapshot.js's build key and modules (Python from a memory snapshot)
    site           the whole site into a folder; ``build()`` swaps it in as dist/
    server         the local HTTP server (``--serve``, the browser tests, the benchmarks)

Standard library only.
"""

from .paths import DIST, ENGINE, NODE_MODULES, ROOT, WEB, BuildError, log
from .server import (
    Handler,
    Server,
    forget_compressed,
    make_server,
    precompress,
    serve_in_thread,
    url_of,
)
from .service_worker import precache_list, write_service_worker
from .ship import shipped_files
from .site import build, write_site
from .vendor import ensure_node_modules, node_modules_current

__all__ = [
    "DIST",
    "ENGINE",
    "NODE_MODULES",
    "ROOT",
    "WEB",
    "BuildError",
    "Handler",
    "Server",
    "build",
    "ensure_node_modules",
    "forget_compressed",
    "log",
    "make_server",
    "node_modules_current",
    "precache_list",
    "precompress",
    "serve_in_thread",
    "shipped_files",
    "url_of",
    "write_service_worker",
    "write_site",
]
