"""The checking functions of the quality gates, with no browser: each takes built HTML (or a
built site folder) and returns the list of problems it finds, one readable string each.

The gate tests run them over every page of the real build; test_gates_can_fail.py feeds them
deliberately broken pages, so a gate that stops seeing a fault fails too.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from game.messages.typography import UNITS   # the nouns a number counts: the fixer's own list

ROOT = Path(__file__).resolve().parents[2]
VNU_JAR = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"

NBSP, NNBSP = "\u00a0", "\u202f"
FINE_SPACES = (NBSP, NNBSP)


SOURCE_DATE_EPOCH = "1700000000"


def build_site(out: Path, content: Path | None = None, env: dict | None = None):
    """`python -m site_builder build --out OUT` as CI runs it; returns the CompletedProcess."""
    command = [sys.executable, "-m", "site_builder", "build", "--out", str(out),
               "--base-url", "/depot/", "--site-url", "https://exemple.org/depot/"]
    if content is not None:
        command += ["--content", str(content)]
    environment = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, **(env or {})}
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=environment)


# --- pages ---------------------------------------------------------------------------------------

def html_files(site: Path) -> list[Path]:
    """Every built page, found in the output folder (never a hand-kept list)."""
    return sorted(site.rglob("*.html"))


def url_path(site: Path, html: Path) -> str:
    """`exemples/exemple-3/index.html` → `exemples/exemple-3/`, `404.html` stays `404.html`."""
    rel = html.relative_to(site).as_posix()
    return rel[: -len("index.html")] if rel.endswith("index.html") else rel


# --- a small DOM of the built HTML ------------------------------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    parent: "Node | None" = None
    children: list = field(default_factory=list)   # Node or str
    line: int = 0

    def ancestors(self):
        node = self
        while node is not None:
            yield node
            node = node.parent


class _TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: (v if v is not None else "") for k, v in attrs}, self.current,
                    line=self.getpos()[0])
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(
            Node(tag, {k: (v if v is not None else "") for k, v in attrs}, self.current,
                 line=self.getpos()[0]))

    def handle_endtag(self, tag):
        for node in self.current.ancestors():
            if node.tag == tag:
                self.current = node.parent or self.root
                return

    def handle_data(self, data):
        self.current.children.append(data)


def parse(html: str) -> Node:
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def walk(node: Node):
    """Every element below `node`, in document order."""
    for child in node.children:
        if isinstance(child, Node):
            yield child
            yield from walk(child)


# --- typography --------------------------------------------------------------------------------

NOT_PROSE = {"code", "pre", "script", "style", "kbd", "samp", "textarea", "noscript-code"}
BLOCKS = {"p", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd", "figcaption",
          "caption", "legend", "label", "blockquote", "div", "section", "article", "nav",
          "header", "footer", "main", "title", "option", "button", "summary", "text", "ol",
          "ul", "table", "tr", "form", "fieldset", "aside", "details", "desc", "tspan"}
PROSE_ATTRIBUTES = ("alt", "title", "aria-label", "placeholder")
DOUBLE_PUNCTUATION = ";:!?"


def _prose_runs(root: Node):
    """(text, where) runs of reader-visible prose: text nodes joined inside a block, outside
    code; plus prose attributes (alt, title, aria-label, placeholder, meta description)."""
    run: list[str] = []
    where = ""

    def flush():
        nonlocal run
        if run:
            yield "".join(run), where
        run = []

    def visit(node: Node):
        nonlocal where
        for child in node.children:
            if isinstance(child, str):
                if not where:
                    where = f"<{node.tag}> line {node.line}"
                run.append(child)
                continue
            for name in PROSE_ATTRIBUTES:
                if child.attrs.get(name):
                    yield child.attrs[name], f"<{child.tag} {name}> line {child.line}"
            if child.tag == "meta" and child.attrs.get("name") == "description":
                yield child.attrs.get("content", ""), f"<meta description> line {child.line}"
            if child.tag in NOT_PROSE:
                run.append(" ")      # code is a word of its own: no punctuation rule across it
                continue
            if child.tag in BLOCKS:
                yield from flush()
                where = ""
                yield from visit(child)
                yield from flush()
                where = ""
            else:
                yield from visit(child)

    yield from visit(root)
    yield from flush()


def _context(text: str, i: int) -> str:
    return text[max(0, i - 25): i + 15].replace("\n", " ")


def typography_problems(html: str) -> list[str]:
    """French typography in the reader-visible text of one page."""
    problems = []
    for text, where in _prose_runs(parse(html)):
        for i, char in enumerate(text):
            if char in DOUBLE_PUNCTUATION:
                before = text[i - 1] if i else ""
                after = text[i + 1: i + 3]
                if before in FINE_SPACES or (before and before in DOUBLE_PUNCTUATION):
                    continue
                if char == ":" and (after.startswith("//") or (before.isdigit() and after[:1].isdigit())):
                    continue      # a URL, a time or a ratio
                if char == "!" and text[max(0, i - 5): i] == "nimmt":
                    continue      # the German title « 6 nimmt! » keeps its German typography
                problems.append(f"{where}: {char!r} without a no-break space before it: "
                                f"«{_context(text, i)}»")
            elif char == '"':
                problems.append(f"{where}: straight double quote in text: «{_context(text, i)}»")
            elif char == "'":
                problems.append(f"{where}: straight apostrophe ' instead of ’: «{_context(text, i)}»")
            elif char == "«" and text[i + 1: i + 2] not in FINE_SPACES:
                problems.append(f"{where}: « without a no-break space after it: «{_context(text, i)}»")
            elif char == "»" and (text[i - 1: i] not in FINE_SPACES):
                problems.append(f"{where}: » without a no-break space before it: «{_context(text, i)}»")
        for match in re.finditer(r"6\s+qui\s+prend\s*!", text):
            if not re.fullmatch(r"6\s+qui\s+prend[\u00a0\u202f]!", match.group()):
                problems.append(f"{where}: «{match.group()!r}» must be « 6 qui prend ! » with a "
                                f"no-break space before the !")
        for match in re.finditer(r"\u00a0[;!?]|\u202f:", text):
            wanted = "U+00A0 before :" if match.group()[1] == ":" else "U+202F before ; ! ?"
            problems.append(f"{where}: the wrong no-break space, {wanted}: "
                            f"«{_context(text, match.start())}»")
        for match in re.finditer(r"\d[ \u00a0]%|(?<=\d) [×=+−][ \u00a0]|[ \u00a0][×=+−] (?=−?\d)", text):
            problems.append(f"{where}: a breakable space at % or an operator: "
                            f"«{_context(text, match.start())}»")
        for match in re.finditer(rf"(?<![\w,.])\d+ (?:{UNITS})\b", text):
            problems.append(f"{where}: a breakable space between a number and its noun: "
                            f"«{_context(text, match.start())}»")
        for match in re.finditer(r"nimmt[\u00a0\u202f ]+!", text):
            problems.append(f"{where}: the German title is « 6 nimmt! », with no space before the !")
        for match in re.finditer(r"(?<![\w\-–])-(?=\d)", text):
            problems.append(f"{where}: a negative number takes the minus sign − (U+2212), not a "
                            f"hyphen: «{_context(text, match.start())}»")
        for match in re.finditer(r"b(?:oe|Oe|OE)uf", text, re.IGNORECASE):
            problems.append(f"{where}: {match.group()!r} must be written with œ (bœuf)")
    return problems


# --- links and anchors ------------------------------------------------------------------------

LINKING = {"a": "href", "link": "href", "script": "src", "img": "src", "source": "src",
           "iframe": "src", "form": "action"}


def ids_of(root: Node) -> set[str]:
    found = set()
    for node in walk(root):
        if "id" in node.attrs:
            found.add(node.attrs["id"])
        if node.tag == "a" and "name" in node.attrs:
            found.add(node.attrs["name"])
    return found


def _target_file(site: Path, page: Path, ref_path: str) -> Path | None:
    """The built file an internal reference points to (None when nothing is there)."""
    if ref_path.startswith("/"):
        # Only 404.html may link from the site root (it is served at any depth).
        target = site / ref_path.lstrip("/")
    else:
        target = (page.parent / ref_path) if ref_path else page
    target = Path(*target.parts)
    try:
        target = target.resolve()
        target.relative_to(site.resolve())
    except ValueError:
        return None
    if target.is_dir():
        target = target / "index.html"
    return target if target.is_file() else None


EXPLORER = "outils/explorer/index.html"
PERMALINK = re.compile(r"^v\d+\.[A-Za-z0-9_-]+$")
"""« Ouvrir dans l’explorateur »: the fragment of a link to the explorer is a position (its codec,
game/explore/codec.py); the page checks it in French, so it is no anchor to look for."""


def link_problems(site: Path, base_url: str = "/") -> list[str]:
    """Every internal href/src of every built page reaches a file, and its #anchor an id there."""
    problems = []
    parsed = {html: parse(html.read_text(encoding="utf-8")) for html in html_files(site)}
    ids = {html: ids_of(root) for html, root in parsed.items()}
    for html, root in parsed.items():
        where = html.relative_to(site).as_posix()
        for node in walk(root):
            attr = LINKING.get(node.tag)
            ref = node.attrs.get(attr) if attr else None
            if ref is None:
                continue
            parts = urlsplit(ref)
            if parts.scheme or parts.netloc:
                continue          # external links are the privacy gate's business (no request)
            path = unquote(parts.path)
            if path.startswith("/"):
                if not path.startswith(base_url):
                    problems.append(f"{where} line {node.line}: {ref!r} is absolute outside "
                                    f"{base_url}")
                    continue
                path = "/" + path[len(base_url):]
                if html.name != "404.html":
                    problems.append(f"{where} line {node.line}: {ref!r} is absolute "
                                    "(breaks under a sub-path)")
            target = _target_file(site, html, path)
            if target is None:
                problems.append(f"{where} line {node.line}: <{node.tag} {attr}={ref!r}> "
                                "reaches no file")
                continue
            anchor = unquote(parts.fragment)
            if PERMALINK.match(anchor) and target.relative_to(site.resolve()).as_posix() == EXPLORER:
                continue   # the explorer reads its fragment as a position, not as an anchor
            if anchor and target.suffix == ".html":
                target_ids = ids.get(target)
                if target_ids is None:
                    target_ids = ids_of(parse(target.read_text(encoding="utf-8")))
                if anchor not in target_ids:
                    problems.append(f"{where} line {node.line}: {ref!r}: no id {anchor!r} in "
                                    f"{target.relative_to(site).as_posix()}")
    return problems


# --- Content-Security-Policy ---------------------------------------------------------------------

POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
          "connect-src 'self'; img-src 'self'; style-src 'self'; object-src 'none'; "
          "base-uri 'none'; form-action 'self'")
REQUIRED = {"script-src": {"'self'", "'wasm-unsafe-eval'"}, "worker-src": {"'self'"},
            "object-src": {"'none'"}, "base-uri": {"'none'"}}
EXECUTABLE_TYPES = {"", "text/javascript", "module", "application/javascript"}
EVENT_HANDLER = re.compile(r"^on[a-z]+$")


def parse_policy(policy: str) -> dict[str, set[str]]:
    directives = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            directives.setdefault(words[0].lower(), set(words[1:]))
    return directives


def inline_style_hashes(root: Node) -> set[str]:
    """`'sha256-…'` of each <style> of the page: the only hashes a policy may allow, and only
    for styles (nothing inline may run)."""
    import base64
    import hashlib
    hashes = set()
    for node in walk(root):
        if node.tag == "style":
            text = "".join(c for c in node.children if isinstance(c, str))
            digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
            hashes.add(f"'sha256-{digest}'")
    return hashes


def csp_problems(html: str) -> list[str]:
    """The page carries the project's policy in a <meta http-equiv> and has nothing inline to run."""
    problems = []
    root = parse(html)
    metas = [n for n in walk(root) if n.tag == "meta"
             and n.attrs.get("http-equiv", "").lower() == "content-security-policy"]
    if not metas:
        problems.append("no <meta http-equiv=\"Content-Security-Policy\">")
    for meta in metas:
        if not any(a.tag == "head" for a in meta.ancestors()):
            problems.append(f"line {meta.line}: the CSP <meta> must be in <head>")
        directives = parse_policy(meta.attrs.get("content", ""))
        for name, wanted in REQUIRED.items():
            if directives.get(name) != wanted:
                problems.append(f"line {meta.line}: {name} is {sorted(directives.get(name, []))}, "
                                f"must be exactly {sorted(wanted)}")
        for name, sources in directives.items():
            for source in sources:
                if name == "style-src" and source in inline_style_hashes(root):
                    continue  # the page's own <style>, pinned by its hash (a local 404 page)
                if source in ("'unsafe-inline'", "'unsafe-eval'", "*", "http:", "https:") or \
                        source.startswith(("http://", "https://", "'nonce-", "'sha")):
                    problems.append(f"line {meta.line}: {name} allows {source}")
    for node in walk(root):
        if node.tag == "meta" and node.attrs.get("http-equiv", "").lower() == "refresh":
            problems.append(f"line {node.line}: <meta http-equiv=\"refresh\"> (the CSP does not stop it)")
        if node.tag == "script":
            kind = node.attrs.get("type", "").lower()
            src = node.attrs.get("src")
            if kind in EXECUTABLE_TYPES and src is None:
                problems.append(f"line {node.line}: inline <script>")
            if src is not None and (urlsplit(src).scheme or urlsplit(src).netloc):
                problems.append(f"line {node.line}: <script src={src!r}> from another origin")
        for name, value in node.attrs.items():
            if EVENT_HANDLER.match(name):
                problems.append(f"line {node.line}: inline handler {name}= on <{node.tag}>")
            # read as a browser does: surrounding spaces trimmed, tabs and line breaks dropped
            read = re.sub(r"[\t\n\r]", "", value.strip("".join(map(chr, range(0x21))))).lower()
            if re.search(r"(?:java|vb)script:", read):
                problems.append(f"line {node.line}: javascript: URL in {name}= on <{node.tag}>")
    return problems


# --- accessibility of the static markup (what axe checks first, cheap to state) ---------------------

BUDGET_BYTES = 100 * 1024
LAZY = ("/vendor/", "/engine-", "/stdlib-", "engine.json")   # fetched only after the reader's first intent


def local_file(site: Path, base: str, url: str) -> Path | None:
    """The built file a URL of the site served at `base` stands for (a folder: its index.html)."""
    path = url.split("?")[0].split("#")[0].removeprefix(base)
    target = site / path
    if target.is_dir() or path.endswith("/") or path == "":
        target = target / "index.html"
    return target if target.is_file() else None


def page_weight(site: Path, base: str, urls) -> tuple[int, int, int]:
    """(gzip bytes, raw bytes, files) of what a page loaded before any interaction, each file
    once and compressed as a host serves it (gzip -6); Pyodide and the engine (`LAZY`) left out:
    they load only when the reader asks."""
    gz = raw = count = 0
    for url in dict.fromkeys(urls):
        file = None if any(part in url for part in LAZY) else local_file(site, base, url)
        if file is not None:
            data = file.read_bytes()
            raw, gz, count = raw + len(data), gz + len(gzip.compress(data, compresslevel=6)), count + 1
    return gz, raw, count


def weight_problems(site: Path, base: str, loaded: dict) -> list[str]:
    """Every page (`loaded`: page → the URLs it loaded before any interaction) heavier than the
    budget, gzip-compressed: a reader on a phone pays it before reading a word."""
    return [f"{page}: {gz / 1024:.1f} KB gzip before any interaction (budget {BUDGET_BYTES // 1024} KB)"
            for page, urls in loaded.items() if (gz := page_weight(site, base, urls)[0]) > BUDGET_BYTES]


def axe_summary(violations: list[dict]) -> list[str]:
    """axe-core's violations as one line per node: rule, impact, selector, what to fix."""
    lines = []
    for violation in violations:
        for node in violation.get("nodes", []):
            lines.append(f"{violation['id']} ({violation.get('impact')}): "
                         f"{' '.join(map(str, node.get('target', [])))}: "
                         f"{(node.get('failureSummary') or violation['help']).splitlines()[-1].strip()}")
    return lines


# --- Nu HTML checker ----------------------------------------------------------------------------------

# One short run: the JVM's optimising compiler (C2) would spend more CPU compiling the checker than
# the checker spends checking (6.3 core-seconds for the site against 2.6 with the quick one, C1,
# and the run ends sooner too). C1's frames are larger: the schema's deep recursion needs more
# than the default stack (StackOverflowError otherwise).
JAVA_OPTIONS = ("-XX:TieredStopAtLevel=1", "-Xss16m")


def vnu_errors(paths: list[Path]) -> list[str]:
    """Run the Nu HTML checker once over all `paths`; one line per error."""
    java = shutil.which("java")
    if java is None:
        raise RuntimeError("java is missing: .ci/run installs default-jre-headless")
    if not VNU_JAR.is_file():
        raise RuntimeError(f"{VNU_JAR} is missing: run `npm ci --ignore-scripts`")
    result = subprocess.run([java, *JAVA_OPTIONS, "-jar", str(VNU_JAR), "--errors-only",
                             "--format", "json", *map(str, paths)],
                            capture_output=True, text=True, timeout=600)
    try:
        report = json.loads(result.stderr or result.stdout)
    except json.JSONDecodeError:   # no report at all (a crash, a JVM that refused its options)
        said = (result.stderr or result.stdout)[:500]
        return [f"vnu exited {result.returncode} with no report: {said!r}"]
    lines = []
    for message in report.get("messages", []):
        if message.get("type") == "info":
            continue
        url = message.get("url", "").removeprefix("file:")
        lines.append(f"{url}:{message.get('lastLine', '?')}: {message.get('message')} "
                     f"[{message.get('extract', '').strip()[:80]}]")
    if result.returncode not in (0, 1):
        lines.append(f"vnu exited {result.returncode}: {result.stderr[:500]}")
    return lines
