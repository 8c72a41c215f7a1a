#!/usr/bin/env python3
"""Build the static site into dist/, and optionally serve it. Standard library only.

    python build.py                      # (npm ci if needed) + write dist/ (what deploys)
    python build.py --dev-pages          # also the development pages bare.html, smoke.html
    python build.py --serve [--port N]   # build, then serve dist/ on http://127.0.0.1:N/
    python build.py --deps               # only make node_modules match package-lock.json
    python build.py --stun stun:HOST:PORT  # the page offers this STUN server (default: none)

dist/ layout (every URL relative, so the site also works from a sub-path such as
https://user.github.io/repo/):
    index.html, main.py, ...   everything in web/
    engine/**.py, **.json      the engine package: its modules and data (message catalogues);
                               no tests, no __pycache__ (the tooling lives in tools/, not here)
    pyscript.json              PyScript config: vendored interpreter + `files` mapping that
                               copies engine/ and web/*.py into Pyodide's virtual FS
    embed.html                 index.html with <html class="embed">, PyScript and the table's
                               scripts left to embed.js: the blog-post table (?preview=1: a
                               light preview, Python on Play)
    vendor/pyodide/            the three files Pyodide needs at run time, and the game's own
                               standard library (stdlib-game.zip: only the modules it imports,
                               sitebuild/stdlib.py) and lock file
  only with --dev-pages (the browser tests and benchmarks; never deployed):
    bare.html                  boots the same Pyodide with an empty script (boot benchmark)
    smoke.html                 imports every engine module under Pyodide (e2e smoke test)
    vendor/pyodide/python_stdlib.zip, pyodide-lock.json, pyscript-smoke.json
                               Pyodide's full standard library: bare.html and smoke.html's
    vendor/pyscript/           PyScript's dist *.js and *.css, but chunks the game never loads
    manifest.webmanifest       web app manifest (name, icons, theme, standalone display)
    icons/*.png                app icons, drawn here (192 and 512 px, maskable, Apple touch)
    js/config.js               web/js/config.js with the build's choices: the STUN server
                               (--stun; none by default)
    sw.js                      service worker from web/sw.js, with the content hash of every
                               file above (but the development pages): the offline cache's
                               version

Every HTML page gets a Content-Security-Policy meta tag (sitebuild/pages.py: the policy, plus
the hashes of the page's own inline scripts and styles).

Pages reference the config by URL, main thread and workers alike:
    <script type="py" src="./main.py" config="./pyscript.json"></script>
    <script type="py" worker name="ai" src="./ai_worker.py" config="./pyscript.json"></script>
Ready convention: a page sets document.body.dataset.ready = "1" once it is usable.

The work is done by the package sitebuild/ (one module per concern); this file is its
command line, and keeps the names the browser tests and benchmarks import (``build.build``,
``build.serve_in_thread``, ``build.DIST``...).
"""

from __future__ import annotations

import argparse
import sys

from sitebuild import (
    DIST,
    ROOT,
    BuildError,
    build,
    ensure_node_modules,
    forget_compressed,
    make_server,
    precache_list,
    precompress,
    serve_in_thread,
    shipped_files,
    url_of,
    write_service_worker,
    write_site,
)

__all__ = [
    "DIST",
    "ROOT",
    "BuildError",
    "build",
    "ensure_node_modules",
    "forget_compressed",
    "main",
    "make_server",
    "precache_list",
    "precompress",
    "serve_in_thread",
    "shipped_files",
    "url_of",
    "write_service_worker",
    "write_site",
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", action="store_true", help="serve dist/ after building")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    parser.add_argument("--deps", action="store_true", help="only run npm ci if needed")
    parser.add_argument(
        "--dev-pages",
        action="store_true",
        help="also bare.html and smoke.html (benchmarks, tests; never deployed)",
    )
    parser.add_argument(
        "--prefix", default="/", help="serve under this URL path, e.g. /repo/ like GitHub Pages"
    )
    parser.add_argument(
        "--stun",
        default=None,
        metavar="URL",
        help="the STUN server the page offers for live play across the internet, "
        "e.g. stun:stun.example.org:3478 (default: none, live on the same network only)",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    try:
        if args.deps:
            ensure_node_modules()
            return 0
        build(dev_pages=args.dev_pages, stun=args.stun)
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 1
    if args.serve:
        server = make_server(args.port, verbose=args.verbose, prefix=args.prefix)
        print(f"The embed example (docs/embed-example.html): {url_of(server)}embed-example.html")
        print(f"Serving dist/ at {url_of(server)}  (Ctrl+C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
