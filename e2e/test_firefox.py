"""The smoke suite in Firefox ESR (Debian's firefox-esr), driven by npm puppeteer-core over
WebDriver BiDi: e2e/firefox_smoke.mjs, run here by node against a probed private copy of
the site (tools/other_browsers.py). The same steps as in WebKit (e2e/test_webkit.py): boot, three
turns against the computer, the game resumed in German, the embed's preview and Play, the
game offline from the service worker with a turn; no error on any page."""

from __future__ import annotations

import shutil
import subprocess
import sys

from tools.other_browsers import FIREFOX, ROOT, probed_site, require

TIMEOUT_S = 600


def test_firefox_smoke(site_url, tmp_path, serve):
    node = shutil.which("node") or "node"
    require(FIREFOX, node, str(ROOT / "node_modules" / "puppeteer-core" / "package.json"))
    server, url = serve(probed_site(tmp_path / "site"))
    proc = subprocess.Popen(
        [node, str(ROOT / "e2e" / "firefox_smoke.mjs"), url, FIREFOX],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    out = []
    try:
        for line in proc.stdout:
            out.append(line.rstrip())
            print(line, end="", file=sys.stderr)
            if line.startswith("@@stop-server"):
                server.stop()
                proc.stdin.write("stopped\n")
                proc.stdin.flush()
        proc.wait(timeout=TIMEOUT_S)
    finally:
        if proc.poll() is None:
            proc.kill()
    failed = [line for line in out if line.startswith("@@failed")]
    laps = [line.removeprefix("@@lap ") for line in out if line.startswith("@@lap ")]
    print("Firefox smoke, seconds from the start:", ", ".join(laps))
    assert not failed and proc.returncode == 0, "\n".join(failed or out[-30:])
    assert len(laps) == 5, out[-30:]
