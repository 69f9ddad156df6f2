// Runs a Python program against game/ inside Pyodide (Python 3.14) under Node.
//
// Usage: node tests/run_in_pyodide.mjs CODE.py
// CODE.py must set `out` to a JSON string, printed as is; the test runs the same program in
// CPython and compares (Junior and special-card parity tests).

import { readFileSync } from "node:fs";
import { loadEngine } from "./pyodide_engine.mjs";

const code = readFileSync(process.argv[2], "utf8");
const pyodide = await loadEngine();
pyodide.runPython(code);
process.stdout.write(pyodide.globals.get("out"));
