// Runs game/ inside Pyodide under Node and answers worker messages, for the parity test.
//
// Usage: node tests/parity/run_pyodide.mjs MESSAGES.json > ANSWERS.json
// MESSAGES.json is a JSON array of game.web messages; the output is the array of
// game.web.handle answers (parsed), in the same order, so CPython can be compared step by step.
// game/ is copied into Pyodide's file system the same way the browser unpacks it.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PYODIDE = join(ROOT, "node_modules", "pyodide");
const ENGINE_DIR = "/home/pyodide/engine";

function pythonFiles(dir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") found.push(...pythonFiles(path));
    } else if (name.endsWith(".py")) {
      found.push(path);
    }
  }
  return found;
}

const input = process.argv[2];
if (!input) {
  console.error("usage: node run_pyodide.mjs MESSAGES.json");
  process.exit(2);
}
const messages = JSON.parse(readFileSync(input, "utf8"));
const { loadPyodide } = await import(join(PYODIDE, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: PYODIDE + "/" });
for (const file of pythonFiles(join(ROOT, "game"))) {
  const target = join(ENGINE_DIR, relative(ROOT, file));
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}
pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
const handle = pyodide.pyimport("game.web").handle;
const version = pyodide.runPython("import sys; sys.version.split()[0]");
const answers = messages.map((message) => JSON.parse(handle(JSON.stringify(message))));
process.stdout.write(JSON.stringify({ python: version, answers }));
