"""Driving Chromium for the quality gates: one dedicated thread, sealed and watched pages.

Why a thread: tests/browser/conftest.py keeps its own sync Playwright driver alive for the whole
session, and a second sync driver cannot start in the same thread (Playwright refuses: "using
Playwright Sync API inside the asyncio loop"). The gates therefore drive their Chromium from one
dedicated thread: a test hands a function to `chromium.call(fn, ...)`, which runs it there with
the browser and returns its (plain data) result. If the browser fixtures ever move to a common
tests/conftest.py, this can become a plain fixture.

Every page a gate opens is sealed (harness.seal: requests to other hosts are aborted and
recorded) and watched: console errors, page errors, dialogs and Content-Security-Policy
violations are recorded on a `Record`, which the gates assert empty.
"""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "tests" / "browser") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests" / "browser"))      # harness: server, seal, waits

from harness import CHROMIUM_ARGS, Guard, chromium_path, seal, watch  # noqa: E402

# Reported as a console error, so one listener catches it with every other error. Init scripts
# are injected by the browser itself, so the page's own policy does not block this one.
CSP_LISTENER = """
document.addEventListener('securitypolicyviolation', (e) => {
  console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`
    + ` (${e.sourceFile || location.href}:${e.lineNumber})`);
});
"""


# --- Chromium in its own thread --------------------------------------------------------------------

class ChromiumThread:
    """A Chromium driven from one dedicated thread (see the module docstring)."""

    def __init__(self):
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="quality-chromium")
        self._driver = None
        self.browser = None
        self._pool.submit(self._start).result()

    def _start(self):
        from playwright.sync_api import sync_playwright

        self._driver = sync_playwright().start()
        errors = []
        for executable in (chromium_path(), None):
            try:
                self.browser = self._driver.chromium.launch(executable_path=executable,
                                                            args=CHROMIUM_ARGS)
                return
            except Exception as error:  # noqa: BLE001 - try the next one, report all
                errors.append(f"{executable or 'playwright chromium'}: {error}")
        raise RuntimeError("no Chromium could be launched:\n" + "\n".join(errors))

    def call(self, function, *args, **kwargs):
        """Run `function(browser, *args, **kwargs)` in the browser thread and return its result."""
        return self._pool.submit(function, self.browser, *args, **kwargs).result()

    def close(self):
        def stop():
            if self.browser is not None:
                self.browser.close()
            if self._driver is not None:
                self._driver.stop()
        self._pool.submit(stop).result()
        self._pool.shutdown()


# --- sealed, watched pages (these run in the browser thread) --------------------------------------

@dataclass
class Record(Guard):
    """Everything a page did that a gate forbids (Guard: foreign requests, dialogs, page errors)."""

    console: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    @property
    def csp(self) -> list[str]:
        return [line for line in self.console if ": CSP violation: " in line]

    def faults(self) -> dict[str, list[str]]:
        found = {"requests to other hosts": self.foreign, "dialogs": self.dialogs,
                 "page errors": self.page_errors, "console errors": self.console,
                 "failed or 4xx/5xx requests": self.failed}
        return {kind: items for kind, items in found.items() if items}


def new_context(browser, server, record: Record, **options):
    """A fresh context: no service worker, French, every request routed, CSP violations logged."""
    settings = {"service_workers": "block", "locale": "fr-FR",
                "viewport": {"width": 1280, "height": 900}}
    settings.update(options)
    context = browser.new_context(**settings)
    seal(context, server, record)
    context.add_init_script(CSP_LISTENER)
    return context


def new_page(context, record: Record):
    page = context.new_page()
    watch(page, record)
    page.on("console", lambda message: record.console.append(f"{page.url}: {message.text}")
            if message.type == "error" else None)
    # A request cut short because the walk moves on (net::ERR_ABORTED) is not the page's fault;
    # requests to other hosts are aborted too, but those are recorded by seal() as foreign.
    page.on("requestfailed", lambda request: record.failed.append(
        f"{request.url}: {request.failure}")
        if request.failure != "net::ERR_ABORTED" and not request.url.startswith("data:") else None)
    page.on("response", lambda response: record.failed.append(
        f"{response.status}: {response.url}") if response.status >= 400 else None)
    return page


# --- what the gates do in a page (run in the browser thread) -------------------------------------

AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
AXE_RUN = """(only) => axe.run(document, {runOnly: only, resultTypes: ['violations']})
  .then((r) => r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
     nodes: v.nodes.map((n) => ({target: n.target, failureSummary: n.failureSummary}))})))"""
# The dark scheme changes colours only (tests/site/test_site_css.py checks that every declaration
# under `prefers-color-scheme: dark` is a colour), so in dark axe runs the rules that read colours:
# the other rules would see the same page as in light, at twice the cost of the walk.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
# A phone's width changes the layout only (test_site_css.py: no colour under a width query), so
# at 320 px axe runs the rules whose verdict reads the layout (sizes, overlaps, scrolling, the
# background under a text); the others judge the markup, which is the desktop's. That holds while
# the phone shows nothing the desktop hides (PHONE_ONLY): when it does, every pass runs there too.
LAYOUT_RULES = ["color-contrast", "target-size", "scrollable-region-focusable"]
PHONE, DESKTOP = 320, 1280

# Writes to localStorage, with the page that made them: only the score sheet and settings may.
STORAGE_SPY = """
(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    const log = JSON.parse(sessionStorage.getItem('__quality_writes') || '[]');
    log.push({page: location.pathname, key, area: this === localStorage ? 'local' : 'session'});
    setItem.call(sessionStorage, '__quality_writes', JSON.stringify(log));
    return setItem.call(this, key, value);
  };
})();
"""


# axe cannot judge the contrast of an SVG text: on every page of the site, in light and dark,
# each of the card drawings' texts comes out « incomplete » (overlapped by another element, over
# an image node, too short to be text), never passed nor failed, and the gates read failures
# only. Trying cost half of the colour rule's time (a card page holds hundreds of them), so the
# rule judges the HTML's text. The classic drawings' ink on each card colour and their words
# beside the cards are checked from cards.css's palette (tests/site/test_site_css.py), Junior's
# words from its drawings' ink and junior.css (same file); the special cards' names are the SVG's
# default black on a white card (game/specials/draw.py) in every scheme.
AXE_CONFIGURE = "axe.configure({rules: [{id: 'color-contrast', selector: ':not(svg *)'}]});"


def with_axe(context) -> None:
    """axe-core as an init script: the browser injects it, so the page's CSP need not be bypassed."""
    if not AXE_JS.is_file():
        raise RuntimeError(f"{AXE_JS} is missing: run `npm ci --ignore-scripts`")
    context.add_init_script(path=str(AXE_JS))
    context.add_init_script(AXE_CONFIGURE)


def axe(page, rules: list[str] | None = None) -> list[dict]:
    """Every WCAG 2.2 AA rule, or only `rules`."""
    only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": AXE_TAGS}
    return page.evaluate(AXE_RUN, only)


# What a page must never do at a width: scroll sideways, cut a table's title (a table may scroll
# inside its frame, never with its caption cut), or have other than one h1.
LAYOUT = """() => {
  const width = document.documentElement.clientWidth, faults = [];
  const overflow = document.documentElement.scrollWidth - width;
  if (overflow > 0) faults.push(`scrolls sideways by ${overflow} px`);
  const cut = [...document.querySelectorAll('caption')]
    .filter((c) => c.getBoundingClientRect().right > width).map((c) => c.textContent);
  if (cut.length) faults.push(`table titles cut off: ${cut.join(' | ')}`);
  const titles = document.querySelectorAll('h1').length;
  if (titles !== 1) faults.push(`${titles} h1`);
  return faults;
}"""


# Elements shown at the desktop width are remembered; at the phone's: is any shown there only?
SHOWN_HERE = """() => { window.__shownOnDesktop = new WeakSet(
  [...document.querySelectorAll('body *')].filter((e) => e.checkVisibility({visibilityProperty: true}))); }"""
PHONE_ONLY = """() => [...document.querySelectorAll('body *')]
  .some((e) => !window.__shownOnDesktop.has(e) && e.checkVisibility({visibilityProperty: true}))"""


def axe_everywhere(page, label: str, into: dict, layout: dict | None = None) -> None:
    """Run axe on the page as it stands now: every WCAG rule at 1280 px, the layout's rules at
    320 px, the colour rules in dark at 1280 px; every rule, and dark, at 320 px too when the phone
    shows what the desktop hides. With `layout`, also record there what the page's LAYOUT does
    wrong at each width."""
    def run(scheme, width, rules):
        page.emulate_media(color_scheme=scheme)
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        if violations := axe(page, rules):
            into[f"{label} [{scheme}, {width} px]"] = violations
        if layout is not None and scheme == "light" and (faults := page.evaluate(LAYOUT)):
            layout[f"{label} [{width} px]"] = faults

    run("light", DESKTOP, None)
    page.evaluate(SHOWN_HERE)
    page.set_viewport_size({"width": PHONE, "height": 900})
    phone_only = page.evaluate(PHONE_ONLY)
    run("light", PHONE, None if phone_only else LAYOUT_RULES)
    if phone_only:
        run("dark", PHONE, COLOUR_RULES)
    run("dark", DESKTOP, COLOUR_RULES)
    page.emulate_media(color_scheme="light")


def start_engine(page, timeout: int = 180_000) -> None:
    """Start the engine the way a reader does: « Et si… ? », then « Rejouer avec ces cartes » on
    the page's first classic example (stepping, the quiz and a first choice need no engine)."""
    from harness import start_engine_by_what_if, wait_for_engine

    section = page.locator("section.exemple:has(.joueur-et-si)").first
    assert section.count(), "no classic example with « Et si… ? » on this page"
    start_engine_by_what_if(page, section.get_attribute("id"), timeout=timeout)
    wait_for_engine(page, timeout=timeout)


PRINT_LAYOUT = """() => {
  // The printable height of an A4 page, from the site's own @page rule (margins).
  const mm = (v) => v.endsWith('mm') ? parseFloat(v) * 96 / 25.4 : v.endsWith('cm')
      ? parseFloat(v) * 96 / 2.54 : v.endsWith('px') ? parseFloat(v) : 0;
  let top = 0, bottom = 0, left = 0, right = 0;
  const visit = (rules) => { for (const rule of rules) {
    if (rule instanceof CSSPageRule) {
      const s = rule.style;
      top = mm(s.marginTop || s.margin.split(' ')[0] || '0px');
      bottom = mm(s.marginBottom || '0px') || top;
      left = mm(s.marginLeft || '0px'); right = mm(s.marginRight || '0px');
    } else if (rule.cssRules) visit(rule.cssRules);
  } };
  for (const sheet of document.styleSheets) { try { visit(sheet.cssRules); } catch (e) {} }
  const height = 297 * 96 / 25.4 - top - bottom, width = 210 * 96 / 25.4 - left - right;
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
      + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const controls = [...document.querySelectorAll(
      'button, input:not([type=hidden]), select, textarea, [role=button], summary')]
      .filter(shown).map(name);
  const navigation = [...document.querySelectorAll('nav')].filter(shown).map(name);
  const steps = [...document.querySelectorAll('li.etape')];
  const hiddenSteps = steps.filter((li) => !shown(li)).map(name);
  const cut = [];
  for (const el of document.querySelectorAll('figure, svg, table, li.etape')) {
    if (!shown(el) || el.closest('svg') && el.tagName.toLowerCase() !== 'svg' && el.closest('svg') !== el) continue;
    if (el.tagName.toLowerCase() === 'svg' && el.parentElement.closest('svg')) continue;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const unbreakable = ['avoid', 'avoid-page'].includes(style.breakInside)
        || el.tagName.toLowerCase() === 'svg';            // a replaced element is never split
    if (el.tagName.toLowerCase() === 'table' && box.height > height) {
      // A table longer than a page may break, but only between rows, each row fitting a page.
      for (const tr of el.querySelectorAll('tr')) {
        const h = tr.getBoundingClientRect().height;
        if (h > height) cut.push(name(el) + ` row: ${Math.round(h)} px tall, the page holds ${Math.round(height)} px`);
      }
      continue;
    }
    if (!unbreakable) cut.push(name(el) + ': break-inside is ' + style.breakInside);
    else if (box.height > height) cut.push(name(el) + `: ${Math.round(box.height)} px tall, the page holds ${Math.round(height)} px`);
    else if (box.width > width + 1) cut.push(name(el) + `: ${Math.round(box.width)} px wide, the page holds ${Math.round(width)} px`);
  }
  return {pageHeight: height, pageWidth: width, controls, navigation, steps: steps.length, hiddenSteps, cut,
          captions: steps.map((li) => (li.querySelector('figcaption') || li).textContent)};
}"""


def print_layout(page) -> dict:
    """In print media at the printable width: visible controls and navigation, hidden steps,
    figures that could be cut (see PRINT_LAYOUT: each figure must be unbreakable and fit one
    printable page)."""
    page.emulate_media(media="print")
    width = page.evaluate(PRINT_LAYOUT)["pageWidth"]
    page.set_viewport_size({"width": int(width), "height": 1000})
    layout = page.evaluate(PRINT_LAYOUT)
    return layout
