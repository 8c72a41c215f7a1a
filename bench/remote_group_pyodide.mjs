// Pyodide's half of `python bench/remote_group.py`: runs `bench/remote_group.py --json` inside
// Pyodide (the npm package pinned in package-lock.json) with the engine's files copied in, and
// prints its one JSON line for the Python script to read back.
// Usage (normally through the Python script): node bench/remote_group_pyodide.mjs [--runs 5]
import { loadPyodide } from "pyodide";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { opt } from "./pyodide_both.mjs";

const root = join(fileURLToPath(import.meta.url), "..", "..");

function pyFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "__pycache__" ? [] : pyFiles(path);
    return name.endsWith(".py") || name.endsWith(".json") ? [path] : [];
  });
}

const pyodide = await loadPyodide();
for (const file of [...pyFiles(join(root, "engine")), join(root, "bench", "remote_group.py")]) {
  const target = "/home/pyodide/" + relative(root, file);
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, readFileSync(file));
}
let out = "";
pyodide.setStdout({ batched: (line) => { out += line + "\n"; } });
await pyodide.runPythonAsync(`
import sys
sys.path.insert(0, "/home/pyodide")
from bench.remote_group import main
main(["--json", "--runs", ${JSON.stringify(opt("--runs", "5"))}])
`);
console.log(out.trim().split("\n").pop());
