// The engine's memory snapshot made in the reader's browser, kept in Cache Storage.
//
// After a first normal boot, js/snapshot-maker.js makes a snapshot of Pyodide with game.web
// imported; later boots (the next page, the next visit) restore it instead of starting Python.
// It is kept gzip'd (6 MB instead of 31) under a key the build computes from everything it
// depends on (engine.json's snapshot_key: the Pyodide version, the engine archive, its standard
// library and these scripts), so a snapshot of another build or runtime is never even read.
// Everything here is an optimisation: read() answers null rather than throw, and a snapshot
// that fails to restore is discarded by the worker, which then starts Python normally.

import { SITE_ROOT } from "./boot.js";

export const CACHE = "six-qui-prend-snapshot";

function keyURL(manifest) {
  return new URL(`engine-snapshot-${manifest.snapshot_key}`, SITE_ROOT).href;
}

async function open() {
  return typeof caches === "object" && caches ? caches.open(CACHE) : null;
}

/** Every byte of `stream`, read chunk by chunk so that a damaged gzip rejects with the
 *  decompressor's own error (Firefox turns `new Response(stream).arrayBuffer()` into a bare
 *  AbortError and logs a console error). */
export async function readAll(stream) {
  const reader = stream.getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The response holding this build's snapshot, or null (none kept, or no Cache Storage). */
export async function find(manifest) {
  try {
    const cache = await open();
    return (cache && manifest.snapshot_key && (await cache.match(keyURL(manifest)))) || null;
  } catch {
    return null; // storage refused (private window, blocked cookies): a normal boot
  }
}

/** The inflated snapshot of a response from find(); rejects when the stored copy is damaged. */
export async function inflate(response) {
  return readAll(response.body.pipeThrough(new DecompressionStream("gzip")));
}

/** Keep `snapshot` (bytes) for this build, and drop every snapshot of other builds. Rejects
 *  when the storage refuses it (quota): the next boot is then a normal one. */
export async function store(manifest, snapshot) {
  const cache = await open();
  if (!cache) throw new Error("no Cache Storage");
  const gzipped = await readAll(new Blob([snapshot]).stream().pipeThrough(new CompressionStream("gzip")));
  const key = keyURL(manifest);
  await cache.put(key, new Response(gzipped, { headers: { "Content-Type": "application/octet-stream" } }));
  for (const request of await cache.keys()) {
    if (request.url !== key) await cache.delete(request);
  }
}

/** Forget this build's snapshot (it did not restore). Never throws. */
export async function discard(manifest) {
  try {
    const cache = await open();
    if (cache) await cache.delete(keyURL(manifest));
  } catch {
    // nothing kept, nothing to forget
  }
}
