// AI search speed under Pyodide in Node, against CPython on the same work.
// Usage: node bench/ai_pyodide.mjs [--decisions 30] [--iterations 300 | --time 1.0]
// Runs `python -m engine.ai.speed --json` inside Pyodide (the npm package pinned in
// package-lock.json) and under this machine's CPython, then prints both and the slowdown,
// which scales the CPython iteration budget to the browser's (see docs/ai.md).
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
const budget = opt("--time", null) !== null ? ["--time", opt("--time", "1.0")]
  : ["--iterations", opt("--iterations", "300")];
const speedArgs = ["--json", "--decisions", opt("--decisions", "30"), ...budget];

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
from engine.ai.speed import main
main(${JSON.stringify(speedArgs)})
`);
const inPyodide = JSON.parse(out.trim().split("\n").pop());
const python = process.env.PYTHON || "python3";
const inCPython = JSON.parse(
  execFileSync(python, ["-m", "engine.ai.speed", ...speedArgs], { cwd: root }).toString().trim());

console.log(`${speedArgs[2]} Hard decisions, budget ${budget.join(" ")}`);
console.log(`${"".padEnd(22)}${("Pyodide " + inPyodide.python).padStart(16)}` +
            `${("CPython " + inCPython.python).padStart(16)}`);
const row = (name, a, b) => console.log(`${name.padEnd(22)}${a.padStart(16)}${b.padStart(16)}`);
row("median ms/decision", (inPyodide.median_s * 1000).toFixed(0), (inCPython.median_s * 1000).toFixed(0));
row("max ms/decision", (inPyodide.max_s * 1000).toFixed(0), (inCPython.max_s * 1000).toFixed(0));
row("median iterations", String(inPyodide.median_iterations), String(inCPython.median_iterations));
row("iterations/s", inPyodide.iterations_per_s.toFixed(0), inCPython.iterations_per_s.toFixed(0));
console.log(`slowdown (total time): ${(inPyodide.total_s / inCPython.total_s).toFixed(2)}x`);
