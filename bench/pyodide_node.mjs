// Engine benchmark under Pyodide in Node: the browser's Python cost without a browser.
// Usage: node bench/pyodide_node.mjs [--runs 3] [--games 100]
// Runs `python -m engine.bench --json` inside Pyodide (npm package pinned in
// package-lock.json) and, in the same command, under this machine's CPython,
// then prints both and the slowdown ratio.
import { loadPyodide } from "pyodide";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const benchArgs = ["--json", "--runs", opt("--runs", "3"), "--games", opt("--games", "100")];

function pyFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "__pycache__" ? [] : pyFiles(path);
    return name.endsWith(".py") ? [path] : [];
  });
}

const pyodide = await loadPyodide();
for (const file of pyFiles(join(root, "engine"))) {
  const target = "/home/pyodide/" + relative(root, file);
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, readFileSync(file));
}
let out = "";
pyodide.setStdout({ batched: (line) => { out += line + "\n"; } });
await pyodide.runPythonAsync(`
import sys
sys.path.insert(0, "/home/pyodide")
from engine.bench import main
main(${JSON.stringify(benchArgs)})
`);
const inPyodide = JSON.parse(out.trim().split("\n").pop());
const python = process.env.PYTHON || "python3";
const inCPython = JSON.parse(
  execFileSync(python, ["-m", "engine.bench", ...benchArgs], { cwd: root }).toString().trim());

const rows = ["checked_base", "checked_tactics", "fast_base", "fast_tactics", "proofs", "proofs_cold"];
console.log(`medians of ${benchArgs[2]} runs, ${benchArgs[4]} games per run and variant`);
console.log(`${"measure".padEnd(18)}${("Pyodide " + inPyodide.python).padStart(16)}` +
            `${("CPython " + inCPython.python).padStart(16)}   slowdown`);
for (const k of rows) {
  console.log(`${k.padEnd(18)}${inPyodide[k].toFixed(0).padStart(16)}` +
              `${inCPython[k].toFixed(0).padStart(16)}   ${(inCPython[k] / inPyodide[k]).toFixed(2)}x`);
}
