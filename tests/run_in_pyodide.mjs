// Runs Python programs against game/ inside Pyodide (Python 3.14) under Node: one boot for many.
//
// Usage: node tests/run_in_pyodide.mjs CODE.py   runs one program, prints its `out` as is
//        node tests/run_in_pyodide.mjs --serve   one program per stdin line (JSON: {code, data});
//                                                 one stdout line per program (JSON: {python, out}
//                                                 or {error})
// A program sets `out` to a JSON string; in --serve mode it reads `DATA` (the line's `data`, as
// JSON text) and gets fresh globals each time. The tests run the same program in CPython and
// compare (tests/pyodide_session.py; the parity tests of every variant).

import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { loadEngine } from "./pyodide_engine.mjs";

const pyodide = await loadEngine();
if (process.argv[2] !== "--serve") {
  pyodide.runPython(readFileSync(process.argv[2], "utf8"));
  process.stdout.write(pyodide.globals.get("out"));
} else {
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  for await (const line of createInterface({ input: process.stdin })) {
    const { code, data } = JSON.parse(line);
    const scope = pyodide.globals.get("dict")();
    let answer;
    try {
      scope.set("DATA", JSON.stringify(data ?? null));
      pyodide.runPython(code, { globals: scope });
      answer = { python, out: scope.get("out") };
    } catch (error) {
      answer = { error: String(error) };
    } finally {
      scope.destroy();
    }
    process.stdout.write(JSON.stringify(answer) + "\n");
  }
}
