// Runs the site's real js/worker.js under Node against a built site (tests/parity/test_pyodide_parity.py).
//
// Usage: node tests/parity/run_worker.mjs SITE_DIR MESSAGES.json > OUTPUT.json
// The worker is imported from SITE_DIR/js/worker.js with just enough of a worker's globals:
// `self` (postMessage, addEventListener) and a fetch that reads the site's files (file: URLs),
// answering 404 for a missing one as a host would. Each message is posted in turn (one with
// "throws", below, as a message the worker cannot read); the output is {boot, answers}: how the
// worker started Python ("snapshot" or "runtime", from its ready message) and the parsed
// answers, in order.

import { register } from "node:module";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [siteDir, input] = process.argv.slice(2);
if (!input) {
  console.error("usage: node run_worker.mjs SITE_DIR MESSAGES.json");
  process.exit(2);
}
const messages = JSON.parse(await readFile(input, "utf8"));

// The worker gives Pyodide URLs (indexURL, stdLibURL), which Pyodide under Node takes for
// paths: the site's pyodide.mjs is wrapped so that loadPyodide gets the paths the URLs name.
const WRAPPER = `
import { fileURLToPath } from "node:url";
import * as real from "./pyodide.mjs?real";
export * from "./pyodide.mjs?real";
const path = (url) => url && String(url).startsWith("file:") ? fileURLToPath(String(url)) : url;
export function loadPyodide(options = {}) {
  return real.loadPyodide({ ...options, indexURL: path(options.indexURL), stdLibURL: path(options.stdLibURL),
                            packageBaseUrl: path(options.packageBaseUrl) });
}`;
const HOOKS = `
export async function load(url, context, nextLoad) {
  if (/\\/vendor\\/pyodide\\/[^/]+\\/pyodide\\.mjs$/.test(url)) {
    return { format: "module", shortCircuit: true, source: ${JSON.stringify(WRAPPER)} };
  }
  return nextLoad(url, context);
}`;
register("data:text/javascript," + encodeURIComponent(HOOKS));

const nodeFetch = globalThis.fetch;
globalThis.fetch = async (url, options) => {
  const href = String(url);
  if (!href.startsWith("file:")) return nodeFetch(url, options);
  try {
    return new Response(await readFile(fileURLToPath(href)), { status: 200 });
  } catch {
    return new Response("not found", { status: 404 });
  }
};

// stdout carries the JSON output only: what the worker logs goes to stderr.
console.log = console.info = console.error;

let boot = null;
const waiting = new Map();
globalThis.self = globalThis;
globalThis.postMessage = (data) => {
  if (data.type === "ready") boot = data.boot;
  else if (data.type === "failed") {
    console.error(`worker failed: ${data.detail}`);
    process.exit(1);
  } else if (waiting.has(data.id)) {
    waiting.get(data.id)(data);
    waiting.delete(data.id);
  }
};
globalThis.addEventListener = (type, listener) => {
  if (type === "unhandledrejection") process.on("unhandledRejection", (reason) => listener({ reason }));
};

await import(pathToFileURL(join(resolve(siteDir), "js", "worker.js")).href);

// A message with "throws" stands for one the worker cannot hand to Python: reading that field
// throws its text. The worker must still answer it, and then the next ones.
function unreadable(message) {
  const text = message.throws;
  return Object.defineProperty(message, "throws", { enumerable: true, get() { throw new Error(text); } });
}

function ask(message) {
  if (message.throws) unreadable(message);
  return new Promise((resolveAnswer) => {
    waiting.set(message.id, resolveAnswer);
    self.onmessage({ data: message });
  });
}

const answers = [];
for (const message of messages) {
  const answer = await ask(message);
  delete answer.ms; // the worker's own timing, not the engine's answer
  answers.push(answer);
}
process.stdout.write(JSON.stringify({ boot, answers }));
