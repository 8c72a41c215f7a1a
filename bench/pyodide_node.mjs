// Engine benchmark under Pyodide in Node: the browser's Python cost without a browser.
// Usage: node bench/pyodide_node.mjs [--runs 3] [--games 100]
// Runs `python -m tools.bench --json` inside Pyodide (npm package pinned in
// package-lock.json) and, in the same command, under this machine's CPython,
// then prints both and the slowdown ratio.
import { opt, runBoth } from "./pyodide_both.mjs";

const benchArgs = ["--json", "--runs", opt("--runs", "3"), "--games", opt("--games", "100")];

const { inPyodide, inCPython } = await runBoth("tools.bench", benchArgs);

const rows = ["checked_base", "checked_tactics", "fast_base", "fast_tactics", "proofs", "proofs_cold"];
console.log(`medians of ${benchArgs[2]} runs, ${benchArgs[4]} games per run and variant`);
console.log(`${"measure".padEnd(18)}${("Pyodide " + inPyodide.python).padStart(16)}` +
            `${("CPython " + inCPython.python).padStart(16)}   slowdown`);
for (const k of rows) {
  console.log(`${k.padEnd(18)}${inPyodide[k].toFixed(0).padStart(16)}` +
              `${inCPython[k].toFixed(0).padStart(16)}   ${(inCPython[k] / inPyodide[k]).toFixed(2)}x`);
}
