// The engine's home in the reader's browser: a module worker running Pyodide and game/.
//
// Pyodide 314 only runs in a module worker; running it here keeps the page responsive while
// the 10 MB runtime starts. Every URL is relative to this file, so the site works from any
// sub-path. The page posts {id, type, ...} messages; each answer echoes the id.

const SITE_ROOT = new URL("../", import.meta.url); // this file is <root>/js/worker.js

let ready = null;

// Pyodide does not reject loadPyodide when its WebAssembly file cannot be fetched: it logs
// « wasm instantiation failed! » and waits forever. Turn that (and any unhandled rejection
// while booting) into a failure the page can report.
let failBoot;
const bootFailure = new Promise((_, reject) => {
  failBoot = reject;
});
const warn = console.warn.bind(console);
console.warn = (...args) => {
  if (String(args[0]).includes("wasm instantiation failed")) failBoot(new Error(String(args[0])));
  warn(...args);
};
self.addEventListener("unhandledrejection", (event) => failBoot(event.reason));

async function boot() {
  const manifestURL = new URL("engine.json", SITE_ROOT);
  const manifest = await (await fetch(manifestURL)).json();
  const indexURL = new URL(manifest.pyodide, SITE_ROOT).href;
  // Fetch the engine archive while the runtime starts: they do not depend on each other.
  const archive = fetch(new URL(manifest.engine, SITE_ROOT)).then((response) => {
    if (!response.ok) throw new Error(`engine archive: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  if (manifest.snapshot) {
    try {
      const handle = await bootFromSnapshot(manifest, indexURL, loadPyodide, archive);
      bootedFrom = "snapshot";
      return handle;
    } catch (error) {
      console.info("engine snapshot unusable, starting Python normally:", String(error));
    }
  }
  bootedFrom = "runtime";
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  pyodide.unpackArchive(await archive, "zip", { extractDir: "/home/pyodide/engine" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/engine')");
  const handle = pyodide.pyimport("game.web").handle;
  return (text) => handle(text);
}

// The build's memory snapshot (site_builder/snapshot.py) is Pyodide with game.web already
// imported: restoring it skips Python's start-up and the engine's imports. It is an
// optimisation only, so any failure (fetch, inflate, restore, import, a first answer) throws
// and boot() starts Python the normal way instead.
let bootedFrom = null;

async function fetchSnapshot(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  // Served as a .gz file (no host compresses this type on the fly); gzip's CRC rejects a
  // damaged download before Pyodide sees it.
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

async function bootFromSnapshot(manifest, indexURL, loadPyodide, archive) {
  // Pyodide fetches its WebAssembly while the snapshot downloads. The early catch keeps a
  // failed download from counting as an unhandled rejection (which fails the whole boot).
  const snapshot = fetchSnapshot(new URL(manifest.snapshot, SITE_ROOT));
  snapshot.catch(() => {});
  const pyodide = await loadPyodide({ indexURL, packages: [], _loadSnapshot: snapshot });
  // The snapshot holds the modules, not their files: unpack them for any later import.
  pyodide.unpackArchive(await archive, "zip", { extractDir: "/home/pyodide/engine" });
  // Every reader restores the same generator state: draw a fresh seed.
  pyodide.runPython("import random; random.seed()");
  const handle = pyodide.pyimport("game.web").handle;
  const probe = JSON.parse(handle(JSON.stringify({ id: 0, type: "snapshot-probe" })));
  if (probe.ok !== false || !Array.isArray(probe.errors)) throw new Error("snapshot: engine does not answer");
  return (text) => handle(text);
}

self.onmessage = async (event) => {
  const message = event.data;
  if (!ready) {
    ready = Promise.race([boot(), bootFailure]);
    ready.then(
      () => self.postMessage({ type: "ready", boot: bootedFrom }),
      (error) => self.postMessage({ type: "failed", detail: String(error && error.stack || error) }),
    );
  }
  if (message.type === "boot") return;
  let handle;
  try {
    handle = await ready;
  } catch (error) {
    self.postMessage({ id: message.id, ok: false, failed: true, detail: String(error) });
    return;
  }
  const started = performance.now();
  const answer = JSON.parse(handle(JSON.stringify(message)));
  answer.ms = performance.now() - started;
  self.postMessage(answer);
};
