// The engine in Pyodide under Node, as the browser's worker has it: shared by the parity tests.
//
// loadEngine() boots Pyodide from node_modules and copies every game/**/*.py into its file
// system, then puts that folder on sys.path (the worker unpacks the engine archive the same way).

import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
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

export async function loadEngine() {
  const { loadPyodide } = await import(join(PYODIDE, "pyodide.mjs"));
  const pyodide = await loadPyodide({ indexURL: PYODIDE + "/" });
  for (const file of pythonFiles(join(ROOT, "game"))) {
    const target = join(ENGINE_DIR, relative(ROOT, file));
    pyodide.FS.mkdirTree(dirname(target));
    pyodide.FS.writeFile(target, readFileSync(file));
  }
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
  return pyodide;
}
