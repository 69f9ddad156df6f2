// Runs special-card games inside Pyodide under Node and prints what CPython must also compute.
//
// Usage: node tests/game/specials/run_specials_pyodide.mjs CODE.py
// CODE.py is executed with game/ on sys.path; it must set `out` to a JSON string, printed as is.
// game/ is copied into Pyodide's file system as the browser unpacks it (see tests/parity).

import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
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

const code = readFileSync(process.argv[2], "utf8");
const { loadPyodide } = await import(join(PYODIDE, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: PYODIDE + "/" });
for (const file of pythonFiles(join(ROOT, "game"))) {
  const target = join(ENGINE_DIR, relative(ROOT, file));
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}
pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
pyodide.runPython(code);
process.stdout.write(pyodide.globals.get("out"));
