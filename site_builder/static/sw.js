// Service worker: keeps the Python runtime and the engine archive for repeat and offline visits.
//
// The build copies static/ to the site root, so this scope covers every page, wherever the site
// is served from. Versioned files (vendor/pyodide/<version>/…) and content-hashed ones
// (engine-<hash>.zip, engine-<hash>.snapshot.gz) never change: cache first. Everything else of
// the site: network first, falling back to the cached copy when offline.

const CACHE = "six-qui-prend-v1";
const SCOPE = new URL(self.registration.scope);
const IMMUTABLE = /\/vendor\/pyodide\/[^/]+\/[^/]+$|\/engine-[0-9a-f]+\.(zip|snapshot\.gz)$/;

self.addEventListener("install", (event) => {
  // Precache the runtime the page has just used: it is normally still in the HTTP cache.
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const manifestURL = new URL("engine.json", SCOPE);
      const response = await fetch(manifestURL);
      if (!response.ok) return;
      const manifest = await response.clone().json();
      await cache.put(manifestURL, response);
      const urls = manifest.runtime.map((name) => new URL(manifest.pyodide + name, SCOPE).href);
      urls.push(new URL(manifest.engine, SCOPE).href);
      if (manifest.snapshot) urls.push(new URL(manifest.snapshot, SCOPE).href);
      await cache.addAll(urls);
      // An older engine's files are never asked for again: the snapshot alone is megabytes.
      for (const request of await cache.keys()) {
        if (/\/engine-[0-9a-f]+\./.test(request.url) && !urls.includes(request.url)) {
          await cache.delete(request);
        }
      }
    })().catch(() => {}),
  );
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

// A page sends the URLs it loaded before this worker controlled it (itself, its CSS and JS).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => new URL(url).origin === SCOPE.origin);
  // One by one: a single missing file must not keep the others out of the cache.
  event.waitUntil(
    caches.open(CACHE).then((cache) => Promise.allSettled(urls.map((url) => cache.add(url)))),
  );
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  event.respondWith(IMMUTABLE.test(url.pathname) ? cacheFirst(request) : networkFirst(request));
});
