// Service worker: repeat and offline visits, and a French page when the network is gone.
//
// The build copies static/ to the site root, so this scope covers every page, wherever the site
// is served from. The build stamps BUILD (a hash of everything it publishes) and RUNTIME (the
// Pyodide version) below: a deploy therefore ships a new worker, whose caches replace the old.
//
// - Pyodide's files (vendor/pyodide/<version>/…) never change: cache first, in a cache named by
//   the version, so a deploy that keeps the version keeps the 10 MB download.
// - The engine archive (engine-<hash>.zip) and its trimmed standard library (stdlib-<hash>.zip)
//   never change either: cache first.
// - The engine's memory snapshot made in this browser (js/snapshots.js) has a cache of its own,
//   which this worker leaves alone: the page's scripts replace it when the engine changes.
// - Everything else: network first, revalidated with the server (`cache: "no-cache"`), so after a
//   deploy a page never runs with last build's engine.json, JS or CSS from the HTTP cache;
//   the cached copy is used only when the network fails.
// - A page never visited, offline: the precached page hors-ligne/ (in French), not the browser's
//   error.
// - A reader who saves data (navigator.connection.saveData) gets no download at install: no
//   offline page, no engine manifest. The registering page says so in this script's address
//   (`sw.js?economie`, js/hors-ligne.js), because a browser need not show the setting to its
//   workers; changing it changes the address, so the browser installs this worker anew.

const BUILD = "__BUILD__";
const RUNTIME = "__RUNTIME__";
const PREFIX = "six-qui-prend-";
const SITE_CACHE = `${PREFIX}site-${BUILD}`;
const RUNTIME_CACHE = `${PREFIX}pyodide-${RUNTIME}`;
const SCOPE = new URL(self.registration.scope);
const OFFLINE_PAGE = new URL("hors-ligne/", SCOPE).href;
const RUNTIME_FILE = /\/vendor\/pyodide\/[^/]+\/[^/]+$/;
const HASHED_FILE = /\/(engine|stdlib)-[0-9a-f]+\.zip$/;
const SNAPSHOT_CACHE = `${PREFIX}snapshot`; // js/snapshots.js
const SAVES_DATA = new URL(self.location.href).searchParams.has("economie")
  || Boolean(self.navigator.connection && self.navigator.connection.saveData);

function inScope(url) {
  const parsed = new URL(url);
  return parsed.origin === SCOPE.origin && parsed.pathname.startsWith(SCOPE.pathname);
}

function cacheFor(url) {
  return RUNTIME_FILE.test(new URL(url).pathname) ? RUNTIME_CACHE : SITE_CACHE;
}

/** The offline page and what it links to (stylesheets, icon), fresh from the server. */
async function precacheShell() {
  const cache = await caches.open(SITE_CACHE);
  const response = await fetch(OFFLINE_PAGE, { cache: "no-cache" });
  if (!response.ok) return;
  const text = await response.clone().text();
  await cache.put(OFFLINE_PAGE, response);
  const links = Array.from(text.matchAll(/<link\b[^>]*\bhref="([^"]+)"/g),
    (match) => new URL(match[1], OFFLINE_PAGE).href).filter(inScope);
  await Promise.allSettled(links.map(async (url) => {
    const asset = await fetch(url, { cache: "no-cache" });
    if (asset.ok) await cache.put(url, asset);
  }));
}

/** The engine a page has already used. At install, copies come from the HTTP cache only
 *  (`only-if-cached`: a reader who never starts the engine must not pay its 10 MB); once a
 *  page says it ran the engine, whatever is missing is fetched (normally from the HTTP cache). */
async function keepEngine({ download }) {
  const manifestURL = new URL("engine.json", SCOPE).href;
  const response = await fetch(manifestURL, { cache: "no-cache" });
  if (!response.ok) return;
  const manifest = await response.clone().json();
  stillInCharge();
  await (await caches.open(SITE_CACHE)).put(manifestURL, response);
  const urls = manifest.runtime.map((name) => new URL(manifest.pyodide + name, SCOPE).href);
  urls.push(new URL(manifest.engine, SCOPE).href, new URL(manifest.stdlib, SCOPE).href);
  urls.push(...(manifest.scripts || []).map((name) => new URL(name, SCOPE).href));
  stillInCharge();
  const results = await Promise.allSettled(urls.map(async (url) => {
    const cache = await caches.open(cacheFor(url));
    if (await cache.match(url)) return;
    const copy = await fetch(url, download ? {} : { cache: "only-if-cached", mode: "same-origin" });
    if (!copy.ok) throw new Error(`${url}: HTTP ${copy.status}`);
    await cache.put(url, copy);
  }));
  if (download && results.some((result) => result.status === "rejected")) {
    throw new Error("the engine could not be kept");
  }
}

// One copy at a time: two puts of the same 10 MB file would replace each other mid-way.
let keeping = Promise.resolve();
function keepEngineInTurn(options) {
  const turn = keeping.then(() => keepEngine(options));
  keeping = turn.catch(() => {});
  return turn;
}

self.addEventListener("install", (event) => {
  if (!SAVES_DATA) event.waitUntil(Promise.allSettled([precacheShell(), keepEngineInTurn({ download: false })]));
  self.skipWaiting();
});

/** Pages read under an older build stay readable offline: their copies move to this build's
 *  cache (the network replaces each one on the next online visit); then old caches go, with
 *  any Pyodide version this build no longer uses. */
async function retireOldCaches() {
  const current = new Set([SITE_CACHE, RUNTIME_CACHE, SNAPSHOT_CACHE]);
  const old = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && !current.has(name));
  const site = await caches.open(SITE_CACHE);
  const runtime = await caches.open(RUNTIME_CACHE);
  for (const name of old) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const path = new URL(request.url).pathname;
      const target = RUNTIME_FILE.test(path)
        ? (path.includes(`/vendor/pyodide/${RUNTIME}/`) ? runtime : null)
        : (HASHED_FILE.test(path) || path.endsWith(".snapshot.gz") ? null : site); // an older build's
      if (!target || (await target.match(request))) continue;
      const response = await cache.match(request);
      if (response) await target.put(request, response);
    }
  }
  await moveEngineArchive(old);
  await Promise.all(old.map((name) => caches.delete(name)));
}

/** The archive and the standard library named by the engine.json now in this build's cache
 *  (kept from an older one when a deploy left them unchanged: same hash, same bytes). */
async function moveEngineArchive(old) {
  const site = await caches.open(SITE_CACHE);
  const manifest = await site.match(new URL("engine.json", SCOPE).href);
  if (!manifest) return;
  const { engine, stdlib } = await manifest.json();
  for (const file of [engine, stdlib].filter(Boolean)) {
    const url = new URL(file, SCOPE).href;
    if (await site.match(url)) continue;
    for (const name of old) {
      const response = await (await caches.open(name)).match(url);
      if (response) {
        await site.put(url, response);
        break;
      }
    }
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(retireOldCaches().catch(() => {}).then(() => self.clients.claim()));
});

// A page sends the URLs it loaded before this worker controlled it (itself, its CSS and JS),
// and `engine: true` once it has run the engine. The answer tells it the page works offline.
// (A page that names js/worker.js without the flag registered only after running the engine.)
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep") return;
  const urls = (Array.isArray(data.urls) ? data.urls : []).filter((url) => {
    try {
      return inScope(url);
    } catch {
      return false;
    }
  });
  event.waitUntil((async () => {
    if (retired()) return;
    const cache = await caches.open(SITE_CACHE);
    // One by one: a single missing file must not keep the others out of the cache. The copies
    // come from the HTTP cache when fresh: the very files this page runs with.
    await Promise.allSettled(urls.map((url) => cache.add(url)));
    const engine = data.engine ?? urls.some((url) => url.endsWith("/js/worker.js"));
    const ok = engine ? await keepEngineInTurn({ download: true }).then(() => true, () => false) : true;
    if (event.source) event.source.postMessage({ type: ok ? "kept" : "not-kept", id: data.id, build: BUILD });
  })());
});

/** Once a newer worker has taken over (and deleted this build's caches), or this one was
 *  unregistered, it still serves the fetches it had started and finishes a copy of the engine
 *  under way: it must not write, or caches.open would bring its cache back. */
function retired() {
  return Boolean(self.serviceWorker) && self.serviceWorker.state === "redundant";
}

/** Stops a copy of the engine, which waits on the network before it opens a cache. */
function stillInCharge() {
  if (retired()) throw new Error("this worker is no longer in charge");
}

function store(event, request, response) {
  if (!response.ok || response.type !== "basic" || response.status === 206 || retired()) return;
  const copy = response.clone();
  event.waitUntil(caches.open(cacheFor(request.url)).then((cache) => cache.put(request.url, copy)));
}

async function cacheFirst(event) {
  const cached = await caches.match(event.request.url);
  if (cached) return cached;
  const response = await fetch(event.request);
  store(event, event.request, response);
  return response;
}

/** The same request, revalidated with the server instead of trusting the HTTP cache. A
 *  navigation cannot be copied with options, so it is rebuilt from its URL. */
function revalidated(request) {
  if (request.mode === "navigate") {
    return new Request(request.url, { cache: "no-cache", credentials: "same-origin", redirect: "manual" });
  }
  if (request.cache === "only-if-cached") return request;
  return new Request(request, { cache: "no-cache" });
}

async function networkFirst(event) {
  const request = event.request;
  let response;
  try {
    response = await fetch(revalidated(request));
  } catch (error) {
    const cached = await caches.match(request.url, { ignoreSearch: true });
    if (cached) return revalidateNextTime(cached);
    if (request.mode === "navigate") return offlinePage();
    throw error;
  }
  store(event, request, response);
  return revalidateNextTime(response);
}

/** The page's own memory cache would otherwise keep a script or a stylesheet for the server's
 *  max-age (ten minutes on GitHub Pages) without asking this worker: say it must ask again. */
function revalidateNextTime(response) {
  if (response.type !== "basic" && response.type !== "default") return response;
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "no-cache");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The precached offline page, its relative links made absolute: it is shown at the address
 *  the reader asked for, not at hors-ligne/ (and the site's policy forbids a <base>). */
async function offlinePage() {
  const cached = await caches.match(OFFLINE_PAGE);
  if (!cached) return Response.error();
  const text = (await cached.text()).replace(
    /(\s(?:href|src)=")([^"#][^"]*)"/g,
    (_, start, value) => `${start}${new URL(value.replace(/&amp;/g, "&"), OFFLINE_PAGE).href.replace(/&/g, "&amp;")}"`,
  );
  return new Response(text, {
    status: 503,
    statusText: "Hors ligne",
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !inScope(request.url)) return;
  const path = new URL(request.url).pathname;
  const immutable = RUNTIME_FILE.test(path) || HASHED_FILE.test(path);
  event.respondWith(immutable ? cacheFirst(event) : networkFirst(event));
});
