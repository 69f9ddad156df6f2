// The local snapshot's ways in Firefox ESR (issue 25), for test_snapshot_firefox.py.
//
// Usage: node tests/browser/firefox_snapshot.mjs SITE_URL FIREFOX > REPORT.json
// Opens the built site served at SITE_URL in headless Firefox (puppeteer-core, WebDriver BiDi)
// and reports, as one JSON object: how js/snapshots.js's readAll and a plain
// `new Response(stream).arrayBuffer()` fail on a damaged gzip stream (`damaged`: error text per
// way, `logged`: what each way put in the console); how a first page, a second page and a page
// whose kept snapshot was then cut in half started the engine (`boots`), whether the snapshot was
// made (`made`), and every console message and page error of those pages (`console`).

import puppeteer from "puppeteer-core";

const [base, executablePath] = process.argv.slice(2);
const browser = await puppeteer.launch({ browser: "firefox", executablePath, headless: true });
const report = { damaged: {}, logged: {}, boots: [], made: null, console: [] };

async function open(path, sink) {
  const page = await browser.newPage();
  page.on("console", (message) => sink.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => sink.push(`pageerror: ${error}`));
  await page.goto(base + path);
  return page;
}

const READ_DAMAGED = `async (way) => {
  const { readAll } = await import(new URL("../../js/snapshots.js", location.href));
  const read = way === "readAll" ? readAll : (stream) => new Response(stream).arrayBuffer();
  const zipped = new Blob([new Uint8Array(200000).fill(7)]).stream().pipeThrough(new CompressionStream("gzip"));
  const good = new Uint8Array(await new Response(zipped).arrayBuffer());
  try {
    await read(new Blob([good.slice(0, good.length >> 1)]).stream().pipeThrough(new DecompressionStream("gzip")));
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
  const first = await open("exemples/exemple-3/", report.console);
  report.boots.push(await first.evaluate(`(${START})()`));
  await first.waitForFunction("document.documentElement.dataset.instantane", { timeout: 180000 });
  report.made = await first.evaluate("document.documentElement.dataset.instantane");
  const second = await open("exemples/exemple-4/", report.console);
  report.boots.push(await second.evaluate(`(${START})()`));
  await second.evaluate(`(async () => {
    const cache = await caches.open("six-qui-prend-snapshot");
    for (const key of await cache.keys()) {
      const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
      await cache.put(key, new Response(bytes.slice(0, bytes.length >> 1)));
    }
  })()`);
  const third = await open("exemples/exemple-5/", report.console);
  report.boots.push(await third.evaluate(`(${START})()`));
  await settle();
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(report));
