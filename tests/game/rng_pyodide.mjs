// Runs a small Python program against game/ inside Pyodide (Python 3.14) under Node.
//
// Usage: node tests/game/rng_pyodide.mjs PROGRAM.py
// The program must leave a JSON-serialisable value in `result`; the output is
// {"python": "<version>", "result": <value>}. tests/game/test_rng.py runs the same
// program in CPython and compares: the cross-version proof that a seed deals the same.

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

const programPath = process.argv[2];
if (!programPath) {
  console.error("usage: node rng_pyodide.mjs PROGRAM.py");
  process.exit(2);
}
const program = readFileSync(programPath, "utf8");
const { loadPyodide } = await import(join(PYODIDE, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: PYODIDE + "/" });
for (const file of pythonFiles(join(ROOT, "game"))) {
  const target = join(ENGINE_DIR, relative(ROOT, file));
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}
pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
const scope = pyodide.globals.get("dict")();
pyodide.runPython(program, { globals: scope });
const result = JSON.parse(pyodide.runPython("import json; json.dumps(result)", { globals: scope }));
const version = pyodide.runPython("import sys; sys.version.split()[0]");
process.stdout.write(JSON.stringify({ python: version, result }));
