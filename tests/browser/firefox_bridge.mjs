// Firefox for the journeys (tests/browser/engines.py): puppeteer-core drives Debian's Firefox
// over WebDriver BiDi (no geckodriver). Python writes one JSON request a line on stdin
// ({id, op, args}) and reads one answer a line ({id, value} or {id, error}); closing stdin
// closes Firefox. Each `open` is a fresh browser context (its own storage and service workers).
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const executablePath = process.argv[2];
const WAIT_MS = 180_000;
let browser;
const sessions = new Map();
let nextSession = 0;

const ops = {
  async launch() {
    browser = await puppeteer.launch({ browser: "firefox", executablePath, headless: true,
                                       extraPrefsFirefox: { "intl.accept_languages": "fr-FR, fr" } });
  },
  async open(origin, viewport) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    page.setDefaultNavigationTimeout(WAIT_MS);
    await page.setViewport(viewport);
    const session = { context, page, errors: [], notes: [], foreign: [] };
    page.on("console", (message) => {
      if (message.type() === "error") session.errors.push(message.text());
      if (message.type() === "info") session.notes.push(message.text());   // the page's workers' too
    });
    page.on("pageerror", (error) => session.errors.push(String(error && error.message || error)));
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(origin + "/") && !/^(data|blob|about):/.test(url)) session.foreign.push(url);
    });
    const id = String(++nextSession);
    sessions.set(id, session);
    return id;
  },
  async events(id) {
    const session = sessions.get(id);
    const found = { errors: session.errors.splice(0), notes: session.notes.splice(0),
                    foreign: session.foreign.splice(0) };
    return found;
  },
  async goto(id, url) { await sessions.get(id).page.goto(url, { waitUntil: "load" }); },
  async reload(id) { await sessions.get(id).page.reload({ waitUntil: "load" }); },
  async url(id) { return sessions.get(id).page.url(); },
  async click(id, selector) { await sessions.get(id).page.click(selector); },
  async fill(id, selector, text) { await sessions.get(id).page.locator(selector).fill(text); },
  async select(id, selector, value) { await sessions.get(id).page.select(selector, value); },
  async eval(id, fn, args) {
    return await sessions.get(id).page.evaluate(`(${fn})(...${JSON.stringify(args)})`);
  },
  async close(id) {
    const session = sessions.get(id);
    sessions.delete(id);
    await session.context.close();
  },
};

const input = readline.createInterface({ input: process.stdin });
for await (const line of input) {
  const { id, op, args } = JSON.parse(line);
  let answer;
  try {
    answer = { id, value: (await ops[op](...args)) ?? null };
  } catch (error) {
    answer = { id, error: String(error && error.stack || error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
if (browser) await browser.close();
