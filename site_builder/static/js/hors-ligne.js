// Offline use of the tools: registers the site's service worker (sw.js, at the site root) and
// hands it the files this page loaded before it was in charge.
//
// Registering costs a few kilobytes (the offline page and the stylesheets), nothing for a reader
// who saves data; the engine's files are kept only with `engine: true`, once the page has run the
// engine, and then from the browser's HTTP cache: a reader who never plays downloads nothing more.
// When the worker has kept everything, <html data-hors-ligne="pret"> says the page works offline.

const SITE_ROOT = new URL("../", import.meta.url); // this file is <root>/js/hors-ligne.js
let lastRequest = 0;

/** This page and every file it has loaded (modules it imports, data it fetched), except the
 *  engine's big files: those are kept only with `engine: true`. */
function pageFiles(extra) {
  const loaded = performance.getEntriesByType("resource").map((entry) => entry.name)
    .filter((url) => url.startsWith(SITE_ROOT.href) && !/\/vendor\/|\/(engine|stdlib)-[0-9a-f]+\.zip$/.test(url));
  return [...new Set([
    location.href.split("#")[0],
    ...Array.from(document.querySelectorAll("link[rel~=stylesheet], link[rel~=icon]"), (l) => l.href),
    ...Array.from(document.querySelectorAll("script[src]"), (s) => s.src),
    import.meta.url,
    ...loaded,
    ...extra.map((name) => new URL(name, SITE_ROOT).href),
  ])];
}

/** The worker's address: `?economie` tells it the reader saves data (see sw.js). */
function workerURL() {
  const url = new URL("sw.js", SITE_ROOT);
  if (navigator.connection && navigator.connection.saveData) url.search = "?economie";
  return url;
}

/** Register the worker and ask it to keep this page; `files` are site-root-relative extras
 *  (modules imported by the page's script, data it fetches). Never throws. */
export async function keepForOffline({ files = [], engine = false } = {}) {
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return false;
  try {
    await navigator.serviceWorker.register(workerURL());
    const registration = await navigator.serviceWorker.ready;
    const id = ++lastRequest;
    const kept = new Promise((resolve) => {
      const listen = (event) => {
        if (event.data && event.data.id === id && ["kept", "not-kept"].includes(event.data.type)) {
          navigator.serviceWorker.removeEventListener("message", listen);
          resolve(event.data.type === "kept");
        }
      };
      navigator.serviceWorker.addEventListener("message", listen);
    });
    registration.active.postMessage({ type: "keep", id, urls: pageFiles(files), engine });
    if (!(await kept)) return false;
    if (engine || !document.documentElement.dataset.horsLigne) {
      document.documentElement.dataset.horsLigne = engine ? "moteur" : "pret";
    }
    return true;
  } catch {
    return false; // no service worker (private window, old browser): the page works online
  }
}
