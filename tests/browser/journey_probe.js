// Injected first in every page the journeys open (tests/browser/journey_server.py): it reports
// what a reader's browser would show in its console, on any engine, WebKitWebDriver included
// (it has no console log). Uncaught errors, unhandled rejections, console.error calls and
// Content Security Policy violations (a request to another host) go to the test server, and so
// do the errors a page's workers leave unhandled. The page's console.info notes and the worker
// errors it handles stay in `window.__journeyNotes`, for a failing journey to say why.
(() => {
  const notes = (window.__journeyNotes = []);
  const endpoint = new URL("report", document.currentScript.src).href;
  const send = (kind, text) => {
    try {
      navigator.sendBeacon(endpoint, JSON.stringify({ kind, text: String(text), page: location.href }));
    } catch (ignored) { /* the server is offline on purpose */ }
  };
  addEventListener("error", (event) => send("error", event.message));
  addEventListener("unhandledrejection", (event) => send("error", event.reason?.stack || event.reason));
  addEventListener("securitypolicyviolation", (event) => send("foreign", event.blockedURI));
  const original = console.error;
  console.error = (...args) => { send("error", args.join(" ")); original.apply(console, args); };
  const info = console.info;
  console.info = (...args) => { notes.push(args.join(" ")); info.apply(console, args); };
  // An error a worker does not catch reaches its Worker object, not the window: reported unless
  // the page handles it (preventDefault, as js/engine.js does for a failed start), as a console
  // shows it. (What a worker writes to its own console stays unseen here.)
  const Worker = window.Worker;
  if (Worker) {
    window.Worker = class extends Worker {
      constructor(...args) {
        super(...args);
        this.addEventListener("error", (event) => setTimeout(() => {
          if (!event.defaultPrevented) send("error", `worker ${args[0]}: ${event.message}`);
          else notes.push(`worker ${args[0]}: ${event.message}`);
        }));
      }
    };
  }
})();
