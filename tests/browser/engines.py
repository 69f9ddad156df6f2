"""One small driver interface over three browser engines, so a journey is written once.

`Driver` is what a journey may do: open a URL, reload, click (a CSS selector or a button's French
label), fill, choose an option, evaluate a JavaScript function and wait for one to hold. Each
engine has its adapter:

- Chromium: Playwright (Debian's headless shell or chromium, or $CHROMIUM: harness.chromium_path);
- Firefox: puppeteer-core over WebDriver BiDi (`firefox_bridge.mjs`, a Node process spoken to in
  JSON lines), Debian's /usr/bin/firefox-esr (or $FIREFOX), no geckodriver;
- WebKit: Selenium's WebKitGTK driver, /usr/bin/WebKitWebDriver and MiniBrowser `--automation`,
  on an Xvfb display of its own.

A browser that cannot start raises `EngineMissing` with what to install: the tests fail, never
skip. Each `session()` is a fresh profile (no storage, no cache, no service worker yet), and
`Driver.forget` brings a session back to that state but for its HTTP cache, so that several
journeys share one session (a WebKit session is a MiniBrowser launch).
Console errors, console.info notes and requests to other hosts are recorded natively where the
engine reports them (Chromium, Firefox); the journey server (`journey_server.py`) also injects
`journey_probe.js` first in every page, which reports errors and Content-Security-Policy
violations on any engine, and WebKit sends every plain-HTTP request for another host to a
recording proxy.
"""

from __future__ import annotations

import glob
import json
import os
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path

from harness import CHROMIUM_ARGS, chromium_path

ROOT = Path(__file__).resolve().parents[2]
BRIDGE = Path(__file__).with_name("firefox_bridge.mjs")
WAIT_MS = 180_000
CALL_S = WAIT_MS / 1000 + 60
START_S, START_ATTEMPTS = 60, 3    # a browser session that does not start is tried again
"""The longest a browser command may take (a wait for the engine, plus slack): a browser that stops
answering fails its test then, and every later command at once, instead of holding the run."""
ENGINES = ("chromium", "firefox", "webkit")
INSTALL = {
    "chromium": "apt-get install chromium-headless-shell (or set CHROMIUM=/path/to/chromium)",
    "firefox": "apt-get install firefox-esr (or set FIREFOX=/path/to/firefox), then `make setup` "
               "for puppeteer-core",
    "webkit": "apt-get install webkit2gtk-driver xvfb (WebKitWebDriver, MiniBrowser, Xvfb)",
}


class EngineMissing(RuntimeError):
    """The engine's browser or driver is not on this machine: the message says what to install."""


def button_xpath(label: str) -> str:
    """A button whose whole text is `label` (labels here never hold a double quote)."""
    return f'//button[normalize-space(.)="{label}"]'


# What a session keeps of a journey, forgotten before the next one: service workers, Cache
# Storage (the worker's copies, and the engine's snapshot unless `keep` names its cache), local
# and session storage. Run on a page outside every worker's scope, so each registration goes at
# once: its workers are redundant (no longer in charge) before the caches go, so one still
# copying the engine stops rather than bring them back (sw.js, stillInCharge; a worker still in
# charge after 10 s is counted as `running`); answers what is left. A worker may learn that it is
# redundant a moment after this page does, and write a copy it had begun meanwhile: the caches are
# deleted again until none has come back a tenth of a second later.
FORGET = """async (keep) => {
    const gone = (worker) => new Promise((done) => {
        if (worker.state === 'redundant') return done();
        worker.addEventListener('statechange', () => worker.state === 'redundant' && done());
        setTimeout(done, 10000);
    });
    const workers = [];
    for (const registration of await navigator.serviceWorker.getRegistrations()) {
        workers.push(...[registration.installing, registration.waiting, registration.active].filter(Boolean));
        await registration.unregister();
    }
    await Promise.all(workers.map(gone));
    const left = async () => (await caches.keys()).filter((name) => !keep.includes(name));
    for (let tries = 0; tries < 20; tries++) {
        for (const name of await left()) await caches.delete(name);
        await new Promise((done) => setTimeout(done, 100));
        if (!(await left()).length) break;
    }
    localStorage.clear();
    sessionStorage.clear();
    return {workers: (await navigator.serviceWorker.getRegistrations()).length,
            running: workers.filter((worker) => worker.state !== 'redundant').length,
            caches: await left(),
            stored: localStorage.length + sessionStorage.length};
}"""
FORGOTTEN = {"workers": 0, "running": 0, "caches": [], "stored": 0}

# A page's messages to its reader (live regions, the fields' error spots, the engine's status) and
# the engine's state as the scripts write it on <html>, for `Driver.describe`.
DESCRIBE = """() => ({
    url: location.href,
    html: {...document.documentElement.dataset},
    said: [...document.querySelectorAll('[role=status], [role=alert], [aria-live], [data-erreur], [data-statut]')]
        .map((spot) => spot.textContent.trim()).filter(Boolean),
    // Work still under way (an answer awaited) or ended, and how far it got: a wait that timed
    // out on work that stopped half-way says whether the page still waits for the engine.
    busy: [...document.querySelectorAll('[aria-busy=true]')].map((node) => node.id || node.className),
    progress: [...document.querySelectorAll('progress')].filter((bar) => bar.offsetParent !== null)
        .map((bar) => `${bar.value}/${bar.max}`),
    marks: [...document.querySelectorAll('[aria-live]')].map((spot) => ({...spot.dataset}))
        .filter((marks) => Object.keys(marks).length),
})"""


class Driver:
    """What a journey may ask of a browser; the adapters below implement it."""

    engine = ""
    sees_notes = True   # WebKitWebDriver reports no console

    def __init__(self):
        self.errors: list[str] = []    # console errors, uncaught exceptions
        self.notes: list[str] = []     # console.info lines, the workers' too (`sees_notes`)
        self.foreign: list[str] = []   # requests to another host
        self.snapshot_kept = False     # the session holds the engine's snapshot, made or kept

    # Implemented by each adapter.
    def goto(self, url: str) -> None: raise NotImplementedError
    def reload(self) -> None: raise NotImplementedError
    def url(self) -> str: raise NotImplementedError
    def click(self, css: str) -> None: raise NotImplementedError
    def click_button(self, label: str) -> None: raise NotImplementedError
    def fill(self, css: str, text: str) -> None: raise NotImplementedError
    def select(self, css: str, value: str) -> None: raise NotImplementedError
    def eval(self, function: str, *args): raise NotImplementedError
    def close(self) -> None: raise NotImplementedError

    # Shared by every engine.
    def forget(self, blank_url: str, keep: tuple[str, ...] = ()) -> None:
        """Leave the last journey's page for `blank_url` (same origin, outside every service
        worker's scope) and forget its storage, errors and requests: a fresh profile but for the
        HTTP cache and the caches named in `keep`."""
        self.goto(blank_url)
        left = self.eval(FORGET, list(keep))
        assert left == FORGOTTEN, f"{self.engine}: kept {left}"
        self.url()   # Firefox: the events so far, then forgotten with the rest
        self.errors.clear()
        self.notes.clear()
        self.foreign.clear()

    def wait(self, function: str, *args, timeout_ms: int = WAIT_MS, what: str = ""):
        """Poll `function(...args)` (may be async) until it returns something truthy: often at
        first, then every quarter of a second (each poll is a round trip through the engine's
        driver: a long wait, an engine start, would otherwise poll a hundred times)."""
        deadline = time.monotonic() + timeout_ms / 1000
        pause = 0.05
        while True:
            value = self.eval(function, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: still false after {timeout_ms} ms: "
                                     f"{what or function}; the page says {self.describe()}")
            time.sleep(pause)
            pause = min(pause * 1.5, 0.25)

    def describe(self) -> dict:
        """What the page tells its reader (status lines, error messages, the engine's state on
        <html>) and the errors seen so far: why a wait timed out, in the failure itself, for a
        failure that comes once in many runs."""
        try:
            said = self.eval(DESCRIBE)
        except Exception as error:   # a browser that no longer answers: say so
            said = {"unreadable": repr(error)}
        return {**said, "errors": list(self.errors)}

    def wait_for(self, css: str, timeout_ms: int = WAIT_MS) -> None:
        self.wait("(css) => document.querySelector(css) !== null", css,
                  timeout_ms=timeout_ms, what=css)

    def text(self, css: str) -> str:
        return self.eval("(css) => document.querySelector(css).textContent", css)

    def value(self, css: str) -> str:
        return self.eval("(css) => document.querySelector(css).value", css)

    def count(self, css: str) -> int:
        return self.eval("(css) => document.querySelectorAll(css).length", css)


# --- Chromium: Playwright ---------------------------------------------------------------------

class ChromiumEngine:
    def __init__(self, browser=None):
        """`browser`: the test process's Chromium (tests/browser/conftest.py), shared rather
        than a second one launched: two sync Playwrights cannot run in one process."""
        self._playwright = None
        if browser is not None:
            self.browser = browser
            return
        from playwright.sync_api import sync_playwright

        path = chromium_path()
        if not path:
            raise EngineMissing(f"chromium: not found; {INSTALL['chromium']}")
        self._playwright = sync_playwright().start()
        try:
            self.browser = self._playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        except Exception as error:
            self._playwright.stop()
            raise EngineMissing(f"chromium ({path}) did not start: {error}") from error

    def session(self, origin: str, viewport) -> Driver:
        return ChromiumDriver(self.browser, origin, viewport)

    def close(self):
        if self._playwright is not None:   # a shared Chromium is closed by its fixture
            self.browser.close()
            self._playwright.stop()


class ChromiumDriver(Driver):
    engine = "chromium"

    def __init__(self, browser, origin, viewport):
        super().__init__()
        # Service workers allowed, so requests are watched rather than routed (routing would make
        # Chromium bypass the worker).
        self.context = browser.new_context(locale="fr-FR", viewport=viewport)
        self.context.on("request", lambda r: None if r.url.startswith(origin + "/")
                        or r.url.startswith(("data:", "blob:")) else self.foreign.append(r.url))
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", self._console)
        self.page.set_default_timeout(WAIT_MS)

    def _console(self, message):
        """A console message of the page or of its workers (Playwright forwards both)."""
        if message.type == "error":
            self.errors.append(f"{message.text} ({message.location.get('url', '?')})")
        elif message.type == "info":
            self.notes.append(message.text)

    def goto(self, url): self.page.goto(url)
    def reload(self): self.page.reload()
    def url(self): return self.page.url
    def click(self, css): self.page.click(css)
    def click_button(self, label): self.page.click("xpath=" + button_xpath(label))
    def fill(self, css, text): self.page.fill(css, text)
    def select(self, css, value): self.page.select_option(css, value)
    def eval(self, function, *args): return self.page.evaluate(f"(args) => ({function})(...args)",
                                                               list(args))
    def close(self): self.context.close()


# --- Firefox: puppeteer-core over WebDriver BiDi, through a Node bridge -------------------------

class FirefoxEngine:
    def __init__(self):
        path = os.environ.get("FIREFOX") or shutil.which("firefox-esr") or shutil.which("firefox")
        if not path:
            raise EngineMissing(f"firefox: not found; {INSTALL['firefox']}")
        if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
            raise EngineMissing(f"firefox: puppeteer-core is not installed; {INSTALL['firefox']}")
        self._process = subprocess.Popen(["node", str(BRIDGE), path], cwd=ROOT, text=True,
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        # Answers are read by a thread of their own, so a command that never returns times out.
        self._answers: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read_answers, daemon=True).start()
        self._lock = threading.Lock()
        self._next = 0
        try:
            self.call("launch")
        except Exception as error:
            self.close()
            raise EngineMissing(f"firefox ({path}) did not start: {error}") from error

    def _read_answers(self):
        for line in self._process.stdout:
            self._answers.put(line)
        self._answers.put("")   # the bridge has stopped

    def call(self, op: str, *args):
        with self._lock:
            if self._process.poll() is not None:
                raise RuntimeError(f"firefox bridge stopped (exit {self._process.poll()})")
            self._next += 1
            self._process.stdin.write(json.dumps({"id": self._next, "op": op, "args": args}) + "\n")
            self._process.stdin.flush()
            try:
                line = self._answers.get(timeout=CALL_S)
            except queue.Empty:
                self._process.kill()   # its next answer would be this one's: no later command
                raise RuntimeError(f"firefox: {op} had no answer in {CALL_S:.0f} s; bridge stopped")
        if not line:
            raise RuntimeError(f"firefox bridge stopped (exit {self._process.poll()})")
        answer = json.loads(line)
        if "error" in answer:
            raise AssertionError(f"firefox: {op}{list(args)}: {answer['error']}")
        return answer.get("value")

    def session(self, origin: str, viewport) -> Driver:
        return FirefoxDriver(self, origin, viewport)

    def close(self):
        try:
            if self._process.poll() is None:
                self._process.stdin.close()
                self._process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()


class FirefoxDriver(Driver):
    engine = "firefox"

    def __init__(self, engine: FirefoxEngine, origin, viewport):
        super().__init__()
        self._call = engine.call
        self.session_id = self._call("open", origin, viewport)

    def _do(self, op, *args):
        value = self._call(op, self.session_id, *args)
        events = self._call("events", self.session_id)
        self.errors += events["errors"]
        self.notes += events["notes"]
        self.foreign += events["foreign"]
        return value

    def goto(self, url): self._do("goto", url)
    def reload(self): self._do("reload")
    def url(self): return self._do("url")
    def click(self, css): self._do("click", css)
    def click_button(self, label): self._do("click", "::-p-xpath(" + button_xpath(label) + ")")
    def fill(self, css, text): self._do("fill", css, text)
    def select(self, css, value): self._do("select", css, value)
    def eval(self, function, *args): return self._do("eval", function, list(args))
    def close(self):
        self._do("url")   # the last events, then the context goes
        self._call("close", self.session_id)


# --- WebKit: Selenium's WebKitGTK driver, MiniBrowser on Xvfb -----------------------------------

def minibrowser_path() -> str | None:
    for candidate in (os.environ.get("MINIBROWSER"),
                      *glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"),
                      *glob.glob("/usr/libexec/webkit2gtk-4.*/MiniBrowser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


class WebKitEngine:
    def __init__(self, proxy: str):
        self.driver_path = shutil.which("WebKitWebDriver")
        self.browser_path = minibrowser_path()
        xvfb = shutil.which("Xvfb")
        missing = [name for name, found in (("WebKitWebDriver", self.driver_path),
                                            ("MiniBrowser", self.browser_path), ("Xvfb", xvfb))
                   if not found]
        if missing:
            raise EngineMissing(f"webkit: {', '.join(missing)} not found; {INSTALL['webkit']}")
        try:
            import selenium  # noqa: F401
        except ImportError as error:
            raise EngineMissing("webkit: the selenium package is missing; run `make setup`") from error
        self.proxy = proxy
        # -displayfd: Xvfb picks a free display and prints its number once it is ready.
        self._xvfb = subprocess.Popen([xvfb, "-displayfd", "1", "-screen", "0", "1280x1024x24",
                                       "-nolisten", "tcp"], stdout=subprocess.PIPE, text=True)
        display = self._xvfb.stdout.readline().strip()
        if not display:
            self.close()
            raise EngineMissing("webkit: Xvfb did not start")
        # Xvfb has no GPU: WebKit's accelerated compositing would run on Mesa's software GL, a
        # third of the WebKit journeys' CPU for pixels no journey reads. Layout, scripts and the
        # engine are the same without it. JavaScriptCore keeps its default WebAssembly tiers, as
        # Safari runs them. Without OMG, its optimising tier (turned off once to save 15 of the
        # WebKit journeys' 37 core-seconds), Pyodide's heap was now and then corrupted in the
        # baseline tier: « Out of bounds memory access » in free(), the engine dead mid-estimate,
        # in 10 of 238 tries (estimates and journeys); never in 230 with OMG.
        self.env = {**os.environ, "DISPLAY": ":" + display, "WEBKIT_DISABLE_COMPOSITING_MODE": "1"}

    def session(self, origin: str, viewport) -> Driver:
        return WebKitDriver(self, origin, viewport)

    def close(self):
        self._xvfb.terminate()
        self._xvfb.wait()


class WebKitDriver(Driver):
    engine = "webkit"
    sees_notes = False

    def __init__(self, engine: WebKitEngine, origin, viewport):
        from selenium import webdriver
        from selenium.webdriver.common.proxy import Proxy
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        super().__init__()
        options = Options()
        options.binary_location = engine.browser_path
        options.add_argument("--automation")
        options.proxy = Proxy({"proxyType": "manual", "httpProxy": engine.proxy,
                               "sslProxy": engine.proxy, "noProxy": ["127.0.0.1"]})
        self.service, self.driver = None, None
        for attempt in range(START_ATTEMPTS):
            self.service = Service(executable_path=engine.driver_path, env=engine.env)
            try:
                self.service.start()
                # webdriver.WebKitGTK() would wait for the new session without a bound: on a loaded
                # machine MiniBrowser sometimes never answers, and the run hung until its timeout.
                # (A connection made from the config: a bare address is deprecated, and warned.)
                config = ClientConfig(remote_server_addr=self.service.service_url, timeout=START_S)
                self.driver = webdriver.Remote(command_executor=RemoteConnection(client_config=config),
                                               options=options)
                break
            except Exception as error:
                self.service.stop()
                if attempt + 1 == START_ATTEMPTS:
                    raise RuntimeError(f"webkit did not start a session in {START_ATTEMPTS} tries "
                                       f"of {START_S} s: {error}") from error
        self.driver.set_window_size(viewport["width"], viewport["height"])
        self.driver.set_script_timeout(WAIT_MS / 1000)
        self.driver.set_page_load_timeout(CALL_S)
        self.driver.command_executor.client_config.timeout = CALL_S   # an HTTP call to the driver
        self.driver.implicitly_wait(10)   # as Playwright and Puppeteer wait for an element

    def _find(self, css, by="css selector"):
        """The element, scrolled into view as WebDriver's element click does (block "end",
        inline "nearest"), but at once: the site scrolls smoothly, and WebKitWebDriver finds an element
        still on its way into view not interactable."""
        element = self.driver.find_element(by, css)
        self.driver.execute_script(
            "arguments[0].scrollIntoView({block: 'end', inline: 'nearest', behavior: 'instant'})",
            element)
        return element

    def goto(self, url): self.driver.get(url)
    def reload(self): self.driver.refresh()
    def url(self): return self.driver.current_url
    def _click(self, what, by="css selector"):
        """Click once the element is interactable, as Playwright waits for an actionable element:
        WebKitWebDriver refuses at once an element the page is still laying out or enhancing."""
        return self._interactable(lambda: self._find(what, by).click())

    @staticmethod
    def _interactable(action):
        """Run `action` once its element accepts it (within 10 s)."""
        from selenium.common.exceptions import ElementNotInteractableException

        deadline = time.monotonic() + 10
        while True:
            try:
                return action()
            except ElementNotInteractableException:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def click(self, css): self._click(css)

    def click_button(self, label): self._click(button_xpath(label), "xpath")

    def fill(self, css, text):
        self._interactable(lambda: self._find(css).clear())
        if text:
            self._find(css).send_keys(text)

    def select(self, css, value):
        # WebKitWebDriver cannot click an <option>: choose it as Playwright's select_option does.
        chosen = self.driver.execute_script("""
            const [select, value] = arguments;
            if (![...select.options].some((option) => option.value === value)) return false;
            select.focus();
            select.value = value;
            for (const type of ["input", "change"]) select.dispatchEvent(new Event(type, {bubbles: true}));
            return true;""", self._find(css), value)
        assert chosen, f"webkit: {css} has no option {value!r}"

    def eval(self, function, *args):
        return self.driver.execute_script(f"return ({function})(...arguments)", *args)

    def close(self):
        try:
            self.driver.quit()
        finally:
            self.service.stop()


def start(engine: str, *, proxy: str, chromium=None):
    """The engine's browser, started once: `.session(origin, viewport)` gives a fresh Driver.
    `chromium`: a running Playwright Chromium to use instead of launching one."""
    if engine == "chromium":
        return ChromiumEngine(chromium)
    if engine == "firefox":
        return FirefoxEngine()
    if engine == "webkit":
        return WebKitEngine(proxy)
    raise ValueError(engine)
