// The engine's home in the reader's browser: a module worker running Pyodide and game/.
//
// Pyodide 314 only runs in a module worker; running it here keeps the page responsive while
// the runtime starts. It starts from the memory snapshot a previous page made in this browser
// (js/snapshots.js) when there is one, and the normal way otherwise. Every URL is relative to
// the site root (js/boot.js), so the site works from any sub-path. The page posts {id, type, ...} messages; each answer echoes the id. While it boots,
// the worker also posts {type: "progress", phase, loaded, total} so the page can say what it waits
// for: phase is "download" (the runtime's files), "start" (Python starting) or "engine" (game/).

import { SITE_ROOT, describe, fetchArchive, importPyodide, pyodideOptions, readManifest, startEngine } from "./boot.js";
import * as snapshots from "./snapshots.js";

const PROGRESS_EVERY_MS = 120; // enough for a smooth bar, few enough messages for the page

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

// --- progress --------------------------------------------------------------------------------

// `waiting` holds the URLs still to arrive in full; `unknown` those whose length is not known yet.
// `sized`: the manifest gave every file's size, so the total is known before the first byte.
const progress = {
  phase: "download", loaded: 0, total: 0, exact: true, sized: false,
  waiting: new Set(), unknown: new Set(), lastPost: 0,
};

function postProgress(force = false) {
  const now = performance.now();
  if (!force && now - progress.lastPost < PROGRESS_EVERY_MS) return;
  progress.lastPost = now;
  // A compressed response announces its compressed length but streams more bytes: no total then.
  const known = progress.exact && progress.unknown.size === 0 && progress.total >= progress.loaded;
  const total = known ? progress.total : null;
  self.postMessage({ type: "progress", phase: progress.phase, loaded: progress.loaded, total });
}

function setPhase(phase) {
  if (progress.phase === phase) return;
  progress.phase = phase;
  postProgress(true);
}

/** Count the bytes of every file Pyodide fetches (it calls the global fetch), as they stream in. */
function countingFetch(realFetch) {
  return async (...args) => {
    const url = new URL(args[0] instanceof Request ? args[0].url : args[0], self.location).href;
    const response = await realFetch(...args);
    progress.unknown.delete(url);
    if (!response.ok || !response.body) return response;
    if (!progress.sized) {
      // An older manifest without sizes: trust the header, unless the body is compressed on the
      // way (then it announces the compressed length but streams more bytes).
      const length = Number(response.headers.get("content-length"));
      if (length > 0 && !response.headers.get("content-encoding")) progress.total += length;
      else progress.exact = false;
    }
    const counter = new TransformStream({
      transform(chunk, controller) {
        progress.loaded += chunk.byteLength;
        postProgress();
        controller.enqueue(chunk);
      },
      flush() {
        progress.waiting.delete(url);
        postProgress(true);
        if (progress.waiting.size === 0 && progress.phase === "download") setPhase("start");
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status, statusText: response.statusText, headers: response.headers,
    });
  };
}

// --- boot --------------------------------------------------------------------------------------

let bootedFrom = null;

async function boot() {
  postProgress(true);
  const manifest = await readManifest();
  const options = pyodideOptions(manifest);
  // The runtime's modules (.mjs) are imported, its other files fetched: count those, the
  // archive and the standard library.
  const fetched = [
    ...manifest.runtime.filter((name) => !name.endsWith(".mjs")).map((name) => new URL(name, options.indexURL).href),
    new URL(manifest.engine, SITE_ROOT).href,
    options.stdLibURL,
  ];
  progress.waiting = new Set(fetched);
  // The build writes each file's size into the manifest: a response's body streams that many
  // bytes whatever the host's compression, so the bar is exact from the start (on a fast
  // network, waiting for every header first would show it only once nearly full).
  const sizes = manifest.sizes || {};
  const size = (url) => sizes[new URL(url).href.slice(SITE_ROOT.href.length)];
  if (fetched.every((url) => Number.isInteger(size(url)))) {
    progress.sized = true;
    progress.total = fetched.reduce((sum, url) => sum + size(url), 0);
  } else {
    progress.unknown = new Set(fetched);
  }
  postProgress(true);
  self.fetch = countingFetch(self.fetch.bind(self));
  // Fetch the engine archive while the runtime starts: they do not depend on each other. No
  // engine can start without it, so its failure fails the boot at once (the page says so and
  // stops this worker) rather than once the runtime, twenty times its size, has downloaded.
  let archiveFailed = false;
  const archive = fetchArchive(manifest);
  archive.catch((error) => {
    archiveFailed = true;
    failBoot(error);
  });
  const { loadPyodide } = await importPyodide(manifest);
  const kept = await snapshots.find(manifest);
  if (kept) {
    try {
      const handle = await bootFromSnapshot(kept, options, loadPyodide, archive);
      bootedFrom = "snapshot";
      return handle;
    } catch (error) {
      if (archiveFailed) throw error; // the archive's fault, not the snapshot's: keep it
      console.info("engine snapshot unusable, starting Python normally:", String(error));
      await snapshots.discard(manifest);
      // The runtime may be fetched again (from the HTTP cache): no exact total now.
      progress.exact = false;
    }
  }
  bootedFrom = "runtime";
  const pyodide = await loadPyodide(options);
  setPhase("engine");
  const handle = startEngine(pyodide, await archive);
  return (text) => handle(text);
}

// A snapshot made in this browser (js/snapshot-maker.js) is Pyodide with game.web already
// imported: restoring it skips Python's start-up and the engine's imports. It is an
// optimisation only, so any failure (inflate, restore, import, a first answer) throws and
// boot() starts Python the normal way instead.
async function bootFromSnapshot(kept, options, loadPyodide, archive) {
  // Pyodide fetches its WebAssembly while the snapshot inflates. The early catch keeps a
  // damaged copy from counting as an unhandled rejection (which fails the whole boot).
  const snapshot = snapshots.inflate(kept);
  snapshot.catch(() => {});
  const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
  setPhase("engine");
  // The snapshot holds the modules, not their files: unpack them for any later import.
  const handle = startEngine(pyodide, await archive);
  // Every reader restores the same generator state: draw a fresh seed.
  pyodide.runPython("import random; random.seed()");
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
      (error) => self.postMessage({ type: "failed", detail: describe(error) }),
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
  let answer;
  try {
    answer = JSON.parse(handle(JSON.stringify(message)));
  } catch (error) {
    // game.web.handle never raises: this is the runtime failing, or a message it cannot take.
    // The page hears it (an unanswered message would leave it waiting for ever).
    self.postMessage({ id: message.id, ok: false, failed: true, detail: describe(error) });
    return;
  }
  answer.ms = performance.now() - started;
  self.postMessage(answer);
};
