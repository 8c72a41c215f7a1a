"""The local HTTP server: ``build.py --serve``, the browser tests and the benchmarks."""

from __future__ import annotations

import contextlib
import email.utils
import errno
import functools
import gzip
import http.server
import os
import socket
import threading
from pathlib import Path
from typing import ClassVar

from .paths import DIST, ROOT, log

# docs/embed-example.html, a blog post with two tables in it, names the game's address as a
# placeholder the blogger replaces with their deployed game's. The local server shows the
# post at <prefix>embed-example.html with its own address put in, whatever its port (a busy
# one gives another) and prefix: never a fixed 127.0.0.1:8000 in the file.
EXAMPLE = ROOT / "docs" / "embed-example.html"
EXAMPLE_BASE = "https://YOUR-NAME.github.io/schotten-totten/"


def example_post(base: str) -> bytes:
    """The example post with its tables pointing at the game served at ``base``."""
    return EXAMPLE.read_text(encoding="utf-8").replace(EXAMPLE_BASE, base).encode()


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types browsers insist on for modules and wasm."""

    protocol_version = "HTTP/1.1"  # keep-alive: a boot fetches ~40 files

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",  # needed for WebAssembly.instantiateStreaming
        ".json": "application/json",
        ".py": "text/plain; charset=utf-8",
        ".css": "text/css",
        ".html": "text/html; charset=utf-8",
        ".zip": "application/zip",
        ".webmanifest": "application/manifest+json",
        ".png": "image/png",
    }

    def translate_path(self, path):
        # Optional sub-path (like GitHub Pages' /repo/): anything outside it is a 404, which
        # is how tests catch a root-absolute URL such as "/vendor/...".
        prefix = self.server.prefix
        if not path.startswith(prefix):
            return os.path.join(self.directory, ".no-such-file")
        return super().translate_path("/" + path[len(prefix) :])

    def do_GET(self):
        if self.path.split("?", 1)[0] == self.server.prefix + EXAMPLE.name:
            return self.send_example()
        if not (self.server.gzip and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().do_GET()
        path = self.translate_path(self.path.split("?", 1)[0].split("#", 1)[0])
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if not path.endswith(GZIPPED) or not os.path.isfile(path):
            return super().do_GET()
        mtime = int(os.stat(path).st_mtime)
        since = self.headers.get("If-Modified-Since")
        with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
            if since and email.utils.parsedate_to_datetime(since).timestamp() >= mtime:
                self.send_response(http.HTTPStatus.NOT_MODIFIED)
                self.end_headers()
                return None
        body = self.server.compressed(path, mtime)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(mtime))
        self.end_headers()
        self.wfile.write(body)
        return None

    def send_example(self):
        body = example_post(url_of(self.server))
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self):
        # Vendored runtime changes only with package-lock.json: let browsers reuse it for an
        # hour. Everything else is ours and may change on every build: always revalidate
        # (cheap 304s thanks to Last-Modified).
        vendored = self.path.startswith(self.server.prefix + "vendor/")
        self.send_header("Cache-Control", "public, max-age=3600" if vendored else "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if self.server.verbose:
            super().log_message(format, *args)


# What GitHub Pages sends gzipped (text, scripts, JSON and WebAssembly; not zip or PNG, which
# are compressed already), for servers made with gzip=True (bench/boot.py: bytes as a
# deployed site moves them).
GZIPPED = (".html", ".css", ".js", ".mjs", ".json", ".wasm", ".py", ".webmanifest", ".svg", ".txt")


# Every file gzipped so far, by path: (mtime, body), shared by the servers of one process. A
# CDN such as GitHub Pages' answers from its own copy; compressing the 9.6 MB of
# pyodide.asm.wasm afresh for each new server held its first byte back by 1-8 s on a loaded
# machine (bench/boot_tablet.py starts a server per visit; precompress() fills this first).
_GZIPPED: dict[str, tuple[tuple[int, int], bytes]] = {}
_GZIPPED_LOCK = threading.Lock()


def compressed(path: str) -> bytes:
    """The file at path gzipped at level 6, kept in memory while it is unchanged (the same
    modification time to the nanosecond and size: a test may rewrite a file within a second)."""
    path = os.path.realpath(path)
    stat = os.stat(path)
    key = (stat.st_mtime_ns, stat.st_size)
    with _GZIPPED_LOCK:
        hit = _GZIPPED.get(path)
    if hit and hit[0] == key:
        return hit[1]
    with open(path, "rb") as f:
        body = gzip.compress(f.read(), compresslevel=6, mtime=0)
    with _GZIPPED_LOCK:
        _GZIPPED[path] = (key, body)
    return body


def forget_compressed() -> None:
    """Drop every gzipped copy (the next request of each file compresses it again)."""
    with _GZIPPED_LOCK:
        _GZIPPED.clear()


def precompress(directory: Path) -> None:
    """Gzip every file of directory that a gzip=True server compresses, before it is asked for."""
    for path in sorted(directory.rglob("*")):
        if path.is_file() and path.name.endswith(GZIPPED):
            compressed(str(path))


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    verbose = False
    prefix = "/"
    gzip = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._connections: set = set()
        self._lock = threading.Lock()

    def process_request(self, request, client_address):
        with self._lock:
            self._connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request):
        with self._lock:
            self._connections.discard(request)
        super().shutdown_request(request)

    def compressed(self, path: str, mtime: int) -> bytes:
        """The file gzipped (level 6, as CDNs do), kept in memory while unchanged."""
        return compressed(path)

    def stop(self) -> None:
        """Stop serving and cut open keep-alive connections: the site is gone at once
        (tests use it to go offline; a browser would otherwise reuse an open connection)."""
        self.shutdown()
        self.server_close()
        with self._lock:
            connections = list(self._connections)
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)


def make_server(
    port: int = 0,
    directory: Path = DIST,
    verbose: bool = False,
    prefix: str = "/",
    gzip: bool = False,
) -> Server:
    """Bind 127.0.0.1:port (port 0 or a busy port: any free one), serving directory at
    the URL path prefix ("/" or e.g. "/repo/"); gzip: compress as GitHub Pages does."""
    handler = functools.partial(Handler, directory=str(directory))
    try:
        server = Server(("127.0.0.1", port), handler)
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE:
            raise
        server = Server(("127.0.0.1", 0), handler)
        log(f"port {port} is busy; using {server.server_address[1]} instead")
    server.verbose = verbose
    server.gzip = gzip
    server.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    return server


def url_of(server: Server) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}{server.prefix}"


def serve_in_thread(
    port: int = 0, directory: Path = DIST, prefix: str = "/", gzip: bool = False
) -> Server:
    """Start a server on a daemon thread; stop it with server.shutdown()."""
    server = make_server(port, directory, prefix=prefix, gzip=gzip)
    threading.Thread(target=server.serve_forever, daemon=True, name="dist-server").start()
    return server
