// Shared by the Node benchmarks: run one `python -m MODULE ARGS --json` benchmark inside
// Pyodide (the npm package pinned in package-lock.json) with the engine's and the tools'
// files copied in (the benchmarks live outside the shipped engine), and the same
// under this machine's CPython; both JSON results come back for comparison.
import { loadPyodide } from "pyodide";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(import.meta.url), "..", "..");

// `--name value` from the command line, or the default.
export function opt(name, dflt) {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
}

// The modules under dir, and the data files they read (the message catalogues).
function pyFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "__pycache__" ? [] : pyFiles(path);
    return name.endsWith(".py") || name.endsWith(".json") ? [path] : [];
  });
}

// A Pyodide with the repository's `dirs` (and any `extra` files) copied under /home/pyodide.
export async function pyodideWith(dirs, extra = []) {
  const pyodide = await loadPyodide();
  const extras = extra.map((file) => join(root, file));
  for (const file of [...dirs.flatMap((dir) => pyFiles(join(root, dir))), ...extras]) {
    const target = "/home/pyodide/" + relative(root, file);
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, readFileSync(file));
  }
  return pyodide;
}

// `dirs`: the repository's folders the benchmark needs inside Pyodide.
export async function runBoth(module, args, dirs = ["engine", "tools"]) {
  const pyodide = await pyodideWith(dirs);
  let out = "";
  pyodide.setStdout({ batched: (line) => { out += line + "\n"; } });
  await pyodide.runPythonAsync(`
import sys
sys.path.insert(0, "/home/pyodide")
from ${module} import main
main(${JSON.stringify(args)})
`);
  const inPyodide = JSON.parse(out.trim().split("\n").pop());
  const python = process.env.PYTHON || "python3";
  const inCPython = JSON.parse(
    execFileSync(python, ["-m", module, ...args], { cwd: root }).toString().trim());
  return { inPyodide, inCPython };
}
