// What one click costs the glue inside Pyodide (bench/payload.py), and under CPython in the
// same command: the first move against the end of a 7-round match, medians of --runs runs.
// Usage: node bench/payload_pyodide.mjs [--runs 31]
import { opt, runBoth } from "./pyodide_both.mjs";

const args = ["--json", "--runs", opt("--runs", "31")];
const { inPyodide, inCPython } = await runBoth("bench.payload", args, ["engine", "web", "bench"]);

console.log(`one click (act, payload to JSON), medians of ${args[2]} runs, ` +
            `${inCPython.rounds} rounds (${inCPython.moves} record entries at the end)`);
console.log(`${"".padEnd(14)}${("Pyodide " + inPyodide.python).padStart(22)}` +
            `${("CPython " + inCPython.python).padStart(22)}`);
const cell = (r) => `${r.ms.toFixed(2)} ms ${String(r.bytes).padStart(6)} B`.padStart(22);
for (const k of ["first", "end"]) console.log(`${k.padEnd(14)}${cell(inPyodide[k])}${cell(inCPython[k])}`);
const ratio = (r) => `${r.time_ratio}x, ${r.size_ratio}x`.padStart(22);
console.log(`${"end / first".padEnd(14)}${ratio(inPyodide)}${ratio(inCPython)}`);
console.log(`Pyodide / CPython (end): ${(inPyodide.end.ms / inCPython.end.ms).toFixed(2)}x`);
