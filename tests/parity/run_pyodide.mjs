// Runs game/ inside Pyodide under Node and answers worker messages, for the parity test.
//
// Usage: node tests/parity/run_pyodide.mjs MESSAGES.json > ANSWERS.json
// MESSAGES.json is a JSON array of game.web messages; the output is the array of
// game.web.handle answers (parsed), in the same order, so CPython can be compared step by step.
// game/ is copied into Pyodide's file system the same way the browser unpacks it.

import { readFileSync } from "node:fs";
import { loadEngine } from "../pyodide_engine.mjs";

const input = process.argv[2];
if (!input) {
  console.error("usage: node run_pyodide.mjs MESSAGES.json");
  process.exit(2);
}
const messages = JSON.parse(readFileSync(input, "utf8"));
const pyodide = await loadEngine();
const handle = pyodide.pyimport("game.web").handle;
const version = pyodide.runPython("import sys; sys.version.split()[0]");
const answers = messages.map((message) => JSON.parse(handle(JSON.stringify(message))));
process.stdout.write(JSON.stringify({ python: version, answers }));
