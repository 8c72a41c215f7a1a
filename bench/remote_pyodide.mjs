// The two-device protocol's set-up under Pyodide in Node, and under this machine's CPython in
// the same command (bench/pyodide_both.mjs): each device's CPU time for pairing and dealing a
// Tactic game at the real 1,536-bit prime, a draw, the audit, and the Pyodide/CPython ratio.
// Usage: node bench/remote_pyodide.mjs [--runs 5]
// A tablet is about 4x slower than this machine (TECH.md): the tablet column is Pyodide x 4.
import { opt, runBoth } from "./pyodide_both.mjs";

const args = ["--json", "--runs", opt("--runs", "5")];
const { inPyodide, inCPython } = await runBoth("tools.remote_bench", args);

const rows = [["setup_host", 1000], ["setup_guest", 1000], ["setup_wait", 1000], ["pow_ms", 1],
              ["draw_ms", 1],
              ["audit_ms", 1]];
console.log(`medians of ${args[2]} runs (ms of CPU)`);
console.log(`${"measure".padEnd(14)}${("Pyodide " + inPyodide.python).padStart(16)}` +
            `${("CPython " + inCPython.python).padStart(16)}   ratio   tablet (Pyodide x 4)`);
for (const [k, scale] of rows) {
  const p = inPyodide[k] * scale, c = inCPython[k] * scale;
  console.log(`${k.padEnd(14)}${p.toFixed(0).padStart(16)}${c.toFixed(0).padStart(16)}` +
              `   ${(p / c).toFixed(2)}x   ${(4 * p).toFixed(0)}`);
}
console.log(`move: message median ${inPyodide.move_bytes_median} B, largest ` +
            `${inPyodide.move_bytes_max} B; link median ${inPyodide.move_link_median}, largest ` +
            `${inPyodide.move_link_max} characters`);
