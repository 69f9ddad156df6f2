// Makes the engine's Pyodide memory snapshot at build time: the reader's worker restores it
// instead of starting Python and importing game/ (most of a cold start).
//
// Usage: node site_builder/snapshot.mjs PYODIDE_DIR ENGINE.zip OUT.snapshot
// Boots Pyodide from PYODIDE_DIR (node_modules/pyodide), unpacks the engine archive where the
// worker unpacks it, imports every engine module, answers a few warm-up messages (so lazy
// imports are done too), and writes `makeMemorySnapshot()` to OUT.snapshot. It then restores
// the snapshot in a second instance, as the worker will, and checks that it answers the same
// messages identically: a snapshot that does not restore here is never shipped. Prints one JSON
// line of figures on stdout; any failure exits 1 with a one-line reason on stderr.

import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const ENGINE_DIR = "/home/pyodide/engine";

// Every engine module, then one game of each variant « Jouer » offers: imports done lazily by
// the engine (web_play, session, drawing, messages) land in the snapshot too.
const WARM_UP = `
import gc, importlib, json, sys, zipfile
sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})
for name in sorted(zipfile.ZipFile(ARCHIVE).namelist()):
    module = name[:-3].replace("/", ".").removesuffix(".__init__")
    if not module.endswith("__main__"):
        importlib.import_module(module)
import game.web
from game import variants
for name in variants.names():
    variants.get(name)
`;

function fail(message) {
  process.stderr.write(`snapshot: ${message}\n`);
  process.exit(1);
}

function warmUpMessages(pyodide) {
  const names = pyodide.runPython("import json; from game import variants; json.dumps(variants.names())");
  return JSON.parse(names).map((variant, n) => ({
    id: n, type: "play_new", reader: "Lecteur", bots: ["heuristic"], options: { variant }, seed: 7,
  }));
}

function answers(pyodide, messages) {
  const handle = pyodide.pyimport("game.web").handle;
  return messages.map((message) => handle(JSON.stringify(message)));
}

async function main() {
  const [pyodideDir, archivePath, outPath] = process.argv.slice(2);
  if (!outPath) fail("usage: node snapshot.mjs PYODIDE_DIR ENGINE.zip OUT.snapshot");
  const indexURL = resolve(pyodideDir) + "/";
  const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
  const archive = new Uint8Array(readFileSync(archivePath));

  let started = performance.now();
  // The browser's program name, not this script's path: the snapshot holds sys.executable.
  const maker = await loadPyodide({
    indexURL, packages: [], _makeSnapshot: true, _sysExecutable: "./this.program",
  });
  const bootMs = performance.now() - started;
  const initialHeap = maker._module.HEAP8.length;
  started = performance.now();
  maker.unpackArchive(archive, "zip", { extractDir: ENGINE_DIR });
  maker.FS.writeFile("/tmp/engine.zip", archive);
  maker.globals.set("ARCHIVE", "/tmp/engine.zip");
  maker.runPython(WARM_UP);
  const messages = warmUpMessages(maker);
  const expected = answers(maker, messages);
  maker.runPython("del ARCHIVE; import gc; gc.collect()");
  maker.FS.unlink("/tmp/engine.zip");
  const importMs = performance.now() - started;
  const heap = maker._module.HEAP8.length;
  // Pyodide sizes a restoring heap at its compiled default, whatever the snapshot needs
  // (pyodide/pyodide#6254): a snapshot of a grown heap cannot be restored.
  if (heap > initialHeap) fail(`the heap grew from ${initialHeap} to ${heap} bytes; it could not be restored`);
  const snapshot = maker.makeMemorySnapshot();

  started = performance.now();
  const restored = await loadPyodide({ indexURL, packages: [], _loadSnapshot: snapshot });
  restored.unpackArchive(archive, "zip", { extractDir: ENGINE_DIR });
  restored.runPython("import random; random.seed()");
  const got = answers(restored, messages);
  const restoreMs = performance.now() - started;
  got.forEach((answer, n) => {
    if (answer !== expected[n]) fail(`the restored engine answers message ${n} differently`);
  });
  writeFileSync(outPath, snapshot);
  process.stdout.write(JSON.stringify({
    bytes: snapshot.length, heap, boot_ms: Math.round(bootMs), import_ms: Math.round(importMs),
    restore_ms: Math.round(restoreMs), checked: messages.length,
  }) + "\n");
}

main().catch((error) => fail(String(error && error.message || error).split("\n")[0]));
