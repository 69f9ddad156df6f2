// Makes the engine's memory snapshot in the reader's browser, in a background module worker.
//
// js/engine.js starts this worker once the page's engine has booted the normal way and the page
// is idle (and not when the reader asked to save data). It boots a second Pyodide from the
// files the first boot just left in the browser's HTTP cache (every fetch is `force-cache`: a
// cached copy is taken without asking the server, however old), imports every engine
// module, answers one game of each variant (so lazy imports are done too), and keeps
// `makeMemorySnapshot()` in Cache Storage (js/snapshots.js) for the next page and visit. It posts
// {type: "made", bytes} or {type: "failed", detail}, then the page ends it.

import { describe, fetchArchive, importPyodide, pyodideOptions, readManifest, startEngine } from "./boot.js";
import * as snapshots from "./snapshots.js";

const CACHED = { cache: "force-cache" };

// Every engine module, then one game of each variant « Jouer » offers: imports done lazily by
// the engine (web_play, session, drawing, messages) land in the snapshot too.
const WARM_UP = `
import gc, importlib, json, zipfile
for name in sorted(zipfile.ZipFile("/tmp/engine.zip").namelist()):
    if not name.endswith("__main__.py"):
        importlib.import_module(name[:-3].replace("/", ".").removesuffix(".__init__"))
from game import variants, web
for n, variant in enumerate(variants.names()):
    web.handle(json.dumps({"id": n, "type": "play_new", "reader": "Lecteur", "bots": ["heuristic"],
                           "options": {"variant": variant}, "seed": 7}))
del web, variants
gc.collect()
`;

async function make() {
  const realFetch = self.fetch.bind(self);
  self.fetch = (input, init = {}) => realFetch(input, { ...init, ...CACHED });
  const manifest = await readManifest();
  if (await snapshots.find(manifest)) return 0; // another page made it meanwhile
  const archive = await fetchArchive(manifest);
  const { loadPyodide } = await importPyodide(manifest);
  const pyodide = await loadPyodide({ ...pyodideOptions(manifest), _makeSnapshot: true });
  const initialHeap = pyodide._module.HEAP8.length;
  startEngine(pyodide, archive);
  pyodide.FS.writeFile("/tmp/engine.zip", new Uint8Array(archive));
  pyodide.runPython(WARM_UP);
  pyodide.FS.unlink("/tmp/engine.zip");
  // Pyodide sizes a restoring heap at its compiled default, whatever the snapshot needs
  // (pyodide/pyodide#6254): a snapshot of a grown heap could not be restored.
  const heap = pyodide._module.HEAP8.length;
  if (heap > initialHeap) throw new Error(`the heap grew from ${initialHeap} to ${heap} bytes`);
  const snapshot = pyodide.makeMemorySnapshot();
  await snapshots.store(manifest, snapshot);
  return snapshot.byteLength;
}

self.onmessage = async () => {
  try {
    self.postMessage({ type: "made", bytes: await make() });
  } catch (error) {
    self.postMessage({ type: "failed", detail: describe(error) });
  }
};
