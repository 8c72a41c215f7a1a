// Pyodide's half of `python bench/remote_group.py`: runs `bench/remote_group.py --json` inside
// Pyodide (the npm package pinned in package-lock.json) with the engine's files copied in, and
// prints its one JSON line for the Python script to read back.
// Usage (normally through the Python script): node bench/remote_group_pyodide.mjs [--runs 5]
import { opt, pyodideWith } from "./pyodide_both.mjs";

const pyodide = await pyodideWith(["engine"], ["bench/remote_group.py"]);
let out = "";
pyodide.setStdout({ batched: (line) => { out += line + "\n"; } });
await pyodide.runPythonAsync(`
import sys
sys.path.insert(0, "/home/pyodide")
from bench.remote_group import main
main(["--json", "--runs", ${JSON.stringify(opt("--runs", "5"))}])
`);
console.log(out.trim().split("\n").pop());
