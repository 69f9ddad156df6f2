// The local snapshot's ways in Firefox ESR (issue 25), for test_snapshot_firefox.py.
//
// Usage: node tests/browser/firefox_snapshot.mjs SITE_URL FIREFOX > REPORT.json
// Opens the built site served at SITE_URL in headless Firefox (puppeteer-core, WebDriver BiDi)
// and reports, as one JSON object: how js/snapshots.js's readAll and a plain
// `new Response(stream).arrayBuffer()` fail on a damaged gzip stream (`damaged`: error text per
// way, `logged`: what each way put in the console); how a page whose kept snapshot is cut in half
// started the engine (`boots`), and every console message and page error of its pages
// (`console`). That a first page makes the snapshot and the next starts from it, in Firefox as in
// the other browsers, is test_journeys.py's.

import puppeteer from "puppeteer-core";

const [base, executablePath] = process.argv.slice(2);
const browser = await puppeteer.launch({ browser: "firefox", executablePath, headless: true });
const report = { damaged: {}, logged: {}, boots: [], console: [] };

async function open(path, sink) {
  const page = await browser.newPage();
  page.on("console", (message) => sink.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => sink.push(`pageerror: ${error}`));
  await page.goto(base + path);
  return page;
}

// The first half of a gzip stream (of 200 kB of sevens): what a damaged snapshot looks like.
const CUT_GZIP = `async () => {
  const zipped = new Blob([new Uint8Array(200000).fill(7)]).stream().pipeThrough(new CompressionStream("gzip"));
  const whole = new Uint8Array(await new Response(zipped).arrayBuffer());
  return whole.slice(0, whole.length >> 1);
}`;
const READ_DAMAGED = `async (way) => {
  const { readAll } = await import(new URL("../../js/snapshots.js", location.href));
  const read = way === "readAll" ? readAll : (stream) => new Response(stream).arrayBuffer();
  const cut = await (${CUT_GZIP})();
  try {
    await read(new Blob([cut]).stream().pipeThrough(new DecompressionStream("gzip")));
    return "no error";
  } catch (error) {
    return error.name + ": " + error.message;
  }
}`;
const START = `async () => {
  const engine = await import(new URL("../../js/engine.js", location.href));
  await engine.start();
  return document.documentElement.dataset.demarrage;
}`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 800));

try {
  for (const way of ["readAll", "response"]) {
    const logged = [];
    const page = await open("exemples/exemple-3/", logged);
    report.damaged[way] = await page.evaluate(`(${READ_DAMAGED})(${JSON.stringify(way)})`);
    await settle();
    report.logged[way] = logged;
    await page.close();
  }
  // A damaged snapshot kept under this build's key.
  const keeper = await open("exemples/exemple-4/", report.console);
  await keeper.evaluate(`(async () => {
    const manifest = await (await fetch(new URL("../../engine.json", location.href))).json();
    const key = new URL("../../engine-snapshot-" + manifest.snapshot_key, location.href).href;
    await (await caches.open("six-qui-prend-snapshot")).put(key, new Response(await (${CUT_GZIP})()));
  })()`);
  await keeper.close();
  const page = await open("exemples/exemple-5/", report.console);
  report.boots.push(await page.evaluate(`(${START})()`));
  await settle();
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(report));
