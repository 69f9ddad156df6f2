// Runs a small Python program against game/ inside Pyodide (Python 3.14) under Node.
//
// Usage: node tests/game/rng_pyodide.mjs PROGRAM.py
// The program must leave a JSON-serialisable value in `result`; the output is
// {"python": "<version>", "result": <value>}. tests/game/test_rng.py runs the same
// program in CPython and compares: the cross-version proof that a seed deals the same.

import { readFileSync } from "node:fs";
import { loadEngine } from "../pyodide_engine.mjs";

const programPath = process.argv[2];
if (!programPath) {
  console.error("usage: node rng_pyodide.mjs PROGRAM.py");
  process.exit(2);
}
const program = readFileSync(programPath, "utf8");
const pyodide = await loadEngine();
const scope = pyodide.globals.get("dict")();
pyodide.runPython(program, { globals: scope });
const result = JSON.parse(pyodide.runPython("import json; json.dumps(result)", { globals: scope }));
const version = pyodide.runPython("import sys; sys.version.split()[0]");
process.stdout.write(JSON.stringify({ python: version, result }));
