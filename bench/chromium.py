"""How the browser tests and benchmarks start Debian's Chromium (one place for all of them).

The flags: no GPU, no background traffic, and a DNS that resolves nothing but localhost,
so any request to another host fails fast instead of reaching the network.
"""

import os

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]
