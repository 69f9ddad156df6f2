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
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  pyodide.unpackArchive(await archive, "zip", { extractDir: "/home/pyodide/engine" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/engine')");
  const handle = pyodide.pyimport("game.web").handle;
  return (text) => handle(text);
}

self.onmessage = async (event) => {
  const message = event.data;
  if (!ready) {
    ready = Promise.race([boot(), bootFailure]);
    ready.then(
      () => self.postMessage({ type: "ready" }),
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
