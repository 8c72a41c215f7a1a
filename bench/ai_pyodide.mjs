// AI search speed under Pyodide in Node, against CPython on the same work.
// Usage: node bench/ai_pyodide.mjs [--decisions 30] [--iterations 300 | --time 1.0]
// Runs `python -m tools.ai_speed --json` inside Pyodide (the npm package pinned in
// package-lock.json) and under this machine's CPython, then prints both and the slowdown,
// which scales the CPython iteration budget to the browser's (see docs/ai.md).
import { opt, runBoth } from "./pyodide_both.mjs";

const budget = opt("--time", null) !== null ? ["--time", opt("--time", "1.0")]
  : ["--iterations", opt("--iterations", "300")];
const speedArgs = ["--json", "--decisions", opt("--decisions", "30"), ...budget];

const { inPyodide, inCPython } = await runBoth("tools.ai_speed", speedArgs);

console.log(`${speedArgs[2]} Hard decisions, budget ${budget.join(" ")}`);
console.log(`${"".padEnd(22)}${("Pyodide " + inPyodide.python).padStart(16)}` +
            `${("CPython " + inCPython.python).padStart(16)}`);
const row = (name, a, b) => console.log(`${name.padEnd(22)}${a.padStart(16)}${b.padStart(16)}`);
row("median ms/decision", (inPyodide.median_s * 1000).toFixed(0), (inCPython.median_s * 1000).toFixed(0));
row("max ms/decision", (inPyodide.max_s * 1000).toFixed(0), (inCPython.max_s * 1000).toFixed(0));
row("median iterations", String(inPyodide.median_iterations), String(inCPython.median_iterations));
row("iterations/s", inPyodide.iterations_per_s.toFixed(0), inCPython.iterations_per_s.toFixed(0));
console.log(`slowdown (total time): ${(inPyodide.total_s / inCPython.total_s).toFixed(2)}x`);
