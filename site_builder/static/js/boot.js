// What the engine's worker and the snapshot maker share: the manifest, Pyodide's options, and
// the engine put in place in a fresh Pyodide.
//
// engine.json (written by site_builder/browser_assets.py) names every file; its URLs are relative
// to the site root, which is this file's parent folder, so the site works from any sub-path.

export const SITE_ROOT = new URL("../", import.meta.url); // this file is <root>/js/boot.js
export const ENGINE_DIR = "/home/pyodide/engine";

/** The build's engine.json. `init` is passed to fetch (the snapshot maker never downloads). */
export async function readManifest(init = {}) {
  const response = await fetch(new URL("engine.json", SITE_ROOT), init);
  if (!response.ok) throw new Error(`engine.json: HTTP ${response.status}`);
  return response.json();
}

export function indexURL(manifest) {
  return new URL(manifest.pyodide, SITE_ROOT).href;
}

/** loadPyodide's options: the build's trimmed standard library, and the lock file's `info` from
 *  the manifest (no package is loaded, so pyodide-lock.json is not fetched). */
export function pyodideOptions(manifest) {
  const index = indexURL(manifest);
  return {
    indexURL: index,
    packageBaseUrl: index, // never another host, should a package ever be asked for
    packages: [],
    stdLibURL: new URL(manifest.stdlib, SITE_ROOT).href,
    lockFileContents: manifest.lock,
  };
}

export async function importPyodide(manifest) {
  return import(new URL("pyodide.mjs", indexURL(manifest)).href);
}

/** The engine archive's bytes (fetched with `init`). */
export async function fetchArchive(manifest, init = {}) {
  const response = await fetch(new URL(manifest.engine, SITE_ROOT), init);
  if (!response.ok) throw new Error(`engine archive: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Unpack game/ where Python imports it from and return game.web's handler. */
export function startEngine(pyodide, archive) {
  pyodide.unpackArchive(archive, "zip", { extractDir: ENGINE_DIR });
  pyodide.runPython(`import sys\nif ${JSON.stringify(ENGINE_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
  return pyodide.pyimport("game.web").handle;
}

/** An error as one line of text and its stack: Chromium's stack starts with the message,
 *  Firefox's and WebKit's hold only the frames, so `error.stack` alone loses the message. */
export function describe(error) {
  const text = String(error);
  const stack = (error && error.stack) || "";
  return stack && !stack.startsWith(text) ? `${text}\n${stack}` : stack || text;
}
