// The page's link to the Python engine: one module worker per page, started on demand.
//
// The worker is created only when the reader shows intent, so reading a page costs nothing.
// ask() sends a JSON message and resolves with the matching answer (answers carry the id).
// After a normal boot, once the page is idle, a background worker (js/snapshot-maker.js) makes
// the memory snapshot the next page will start from; <html data-instantane> says how that went
// (`fait`, `echec`, or `economie` when the reader asked to save data and nothing is made).

const WORKER_URL = new URL("./worker.js", import.meta.url);
const MAKER_URL = new URL("./snapshot-maker.js", import.meta.url);
const IDLE_TIMEOUT_MS = 5000;

let worker = null;
let started = null;
let nextId = 1;
const pending = new Map();
const progressListeners = new Set();
let lastProgress = null;
let announceReady;
let isReadyNow = false;

/** True once the engine has started (a player need not show its progress then). */
export function isReady() {
  return isReadyNow;
}

/** Resolves once the engine is ready, without starting it (for work that can wait). */
export const whenReady = new Promise((resolve) => {
  announceReady = resolve;
});

/**
 * Call `listener({phase, loaded, total})` on each progress report while the engine starts
 * (phase: "download", "start", "engine"; total is null when unknown). Returns an unsubscribe.
 */
export function onProgress(listener) {
  progressListeners.add(listener);
  if (lastProgress) listener(lastProgress);
  return () => progressListeners.delete(listener);
}

export function supported() {
  return typeof WebAssembly === "object" && typeof Worker === "function";
}

/** Start the engine once; resolves when Python has imported game.web, rejects on failure. */
export function start() {
  if (started) return started;
  performance.mark("moteur-demarrage");
  started = new Promise((resolve, reject) => {
    if (!supported()) {
      reject(new Error("no WebAssembly or Worker"));
      return;
    }
    try {
      worker = new Worker(WORKER_URL, { type: "module" });
    } catch (error) {
      reject(error);
      return;
    }
    // A failed start is final for this page (start() keeps its promise): the worker is
    // stopped, so that nothing it was still downloading costs the reader more. (An error after
    // the start leaves a ready engine running, as it always has.)
    const fail = (error) => {
      if (!isReadyNow) worker.terminate();
      reject(error);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail(new Error(event.message || "worker failed to load"));
    };
    worker.onmessage = (event) => {
      const data = event.data;
      if (data.type === "progress") {
        lastProgress = { phase: data.phase, loaded: data.loaded, total: data.total };
        for (const listener of progressListeners) listener(lastProgress);
      } else if (data.type === "ready") {
        performance.mark("moteur-pret");
        // How the worker started (« snapshot », or « runtime » when it fell back): for the
        // benchmark and the tests, which read it instead of listening to the worker themselves.
        document.documentElement.dataset.demarrage = data.boot || "";
        isReadyNow = true;
        resolve();
        announceReady();
        if (data.boot === "runtime") whenIdle(makeSnapshot);
      } else if (data.type === "failed") {
        fail(new Error(data.detail));
      } else if (pending.has(data.id)) {
        pending.get(data.id)(data);
        pending.delete(data.id);
      }
    };
    worker.postMessage({ type: "boot" });
  });
  started.catch(() => {
    for (const settle of pending.values()) settle({ ok: false, failed: true });
    pending.clear();
  });
  return started;
}

/** Send one message to Python; resolves with its answer ({ok, steps|errors, ...}), a refusal
 *  included. Rejects when the engine failed: it did not start, or could not answer. */
export async function ask(message) {
  await start();
  const id = nextId++;
  const answer = await new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ ...message, id });
  });
  if (answer.failed) throw new Error(`engine failed: ${answer.detail || "it did not start"}`);
  return answer;
}

// --- the next page's snapshot -------------------------------------------------------------------

function whenIdle(work) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(work, 1000);
}

function saysSnapshot(state) {
  document.documentElement.dataset.instantane = state;
}

/** Make the snapshot in a worker of its own, which ends once it is kept (or not). */
function makeSnapshot() {
  if (navigator.connection && navigator.connection.saveData) {
    saysSnapshot("economie");
    return;
  }
  let maker;
  try {
    maker = new Worker(MAKER_URL, { type: "module" });
  } catch {
    saysSnapshot("echec");
    return;
  }
  const finish = (state) => {
    maker.terminate();
    saysSnapshot(state);
  };
  maker.onerror = (event) => {
    event.preventDefault();
    finish("echec");
  };
  maker.onmessage = (event) => {
    if (event.data.type === "failed") console.info("engine snapshot not made:", event.data.detail);
    finish(event.data.type === "made" ? "fait" : "echec");
  };
  maker.postMessage({ type: "make" });
}
