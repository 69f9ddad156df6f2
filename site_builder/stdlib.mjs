// Trims Pyodide's standard library to what the engine's worker imports, at build time.
//
// Usage: node site_builder/stdlib.mjs PYODIDE_DIR ENGINE.zip OUT.zip
// Boots Pyodide from PYODIDE_DIR (node_modules/pyodide) with its whole python_stdlib.zip, unpacks
// the engine archive where the worker unpacks it, imports every engine module and every stdlib
// module the engine's sources name (even inside a function), answers one game of each variant
// « Jouer » offers, and keeps the library files of every module then loaded, docstrings and
// comments dropped (the code is parsed and written back by this Python, so any syntax of its
// version is read). It then boots a second Pyodide on OUT.zip alone and checks that it answers
// the same messages identically: a library that misses a module is never written. Prints one
// JSON line of figures on stdout; any failure exits 1 with a one-line reason on stderr.

import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const ENGINE_DIR = "/home/pyodide/engine";

const TRIM = `
import ast, importlib, io, json, sys, zipfile

sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})
engine = zipfile.ZipFile(ARCHIVE)
named = set()
for name in sorted(engine.namelist()):
    if name.endswith("__main__.py"):
        continue   # the command line, never run in the browser
    importlib.import_module(name[:-3].replace("/", ".").removesuffix(".__init__"))
    for node in ast.walk(ast.parse(engine.read(name))):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            named.add(node.module)
for module in sorted(named):
    if module.split(".")[0] != "game":
        importlib.import_module(module)
from game import variants, web
for n, variant in enumerate(variants.names()):
    web.handle(json.dumps({"id": n, "type": "play_new", "reader": "Lecteur", "bots": ["heuristic"],
                           "options": {"variant": variant}, "seed": 7}))

LIBRARY = STDLIB
library = zipfile.ZipFile(LIBRARY)
present = set(library.namelist())
used = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(LIBRARY + "/"):
        path = origin[len(LIBRARY) + 1:]
        used.add(path)
        parts = path.split("/")[:-1]
        for depth in range(1, len(parts) + 1):   # a package's parents are imported first anyway
            used.add("/".join(parts[:depth]) + "/__init__.py")
used &= present


class Docstrings(ast.NodeTransformer):
    """Drop each docstring: a body's first statement when it is a plain string (as -OO does)."""

    def _drop(self, node):
        self.generic_visit(node)
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \\
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
        return node

    visit_Module = visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = _drop


out = io.BytesIO()
with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as trimmed:
    for path in sorted(used):
        source = library.read(path)
        if path.endswith(".py"):
            source = (ast.unparse(Docstrings().visit(ast.parse(source, path))) + "\\n").encode()
        info = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        trimmed.writestr(info, source)
TRIMMED = out.getvalue()
MODULES = len(used)
`;

function fail(message) {
  process.stderr.write(`stdlib: ${message}\n`);
  process.exit(1);
}

function warmUpMessages(pyodide) {
  const names = pyodide.runPython("import json; from game import variants; json.dumps(variants.names())");
  return JSON.parse(names).flatMap((variant, n) => [
    { id: n, type: "play_new", reader: "Lecteur", bots: ["heuristic"], options: { variant }, seed: 3 },
    { id: `bad-${n}`, type: "play_new", reader: "", bots: [], options: { variant } },
  ]);
}

function answers(pyodide, messages) {
  const handle = pyodide.pyimport("game.web").handle;
  return messages.map((message) => handle(JSON.stringify(message)));
}

async function main() {
  const [pyodideDir, archivePath, outPath] = process.argv.slice(2);
  if (!outPath) fail("usage: node stdlib.mjs PYODIDE_DIR ENGINE.zip OUT.zip");
  const indexURL = resolve(pyodideDir) + "/";
  const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
  const archive = new Uint8Array(readFileSync(archivePath));

  const full = await loadPyodide({ indexURL, packages: [] });
  full.unpackArchive(archive, "zip", { extractDir: ENGINE_DIR });
  full.FS.writeFile("/tmp/engine.zip", archive);
  full.globals.set("ARCHIVE", "/tmp/engine.zip");
  full.globals.set("STDLIB", full.runPython("import sys; next(p for p in sys.path if p.endswith('.zip'))"));
  full.runPython(TRIM);
  const trimmed = full.globals.get("TRIMMED").toJs();
  const modules = full.globals.get("MODULES");
  const messages = warmUpMessages(full);
  const expected = answers(full, messages);

  writeFileSync(outPath + ".part", trimmed);
  const lean = await loadPyodide({ indexURL, packages: [], stdLibURL: outPath + ".part" });
  lean.unpackArchive(archive, "zip", { extractDir: ENGINE_DIR });
  lean.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
  const got = answers(lean, messages);
  got.forEach((answer, n) => {
    if (answer !== expected[n]) fail(`the trimmed library answers message ${n} differently`);
  });
  writeFileSync(outPath, trimmed);
  unlinkSync(outPath + ".part");
  process.stdout.write(JSON.stringify({ bytes: trimmed.length, files: modules, checked: messages.length }) + "\n");
}

main().catch((error) => fail(String(error && error.message || error).split("\n")[0]));
