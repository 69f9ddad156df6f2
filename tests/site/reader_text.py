"""Every French text a reader meets, gathered from where it is written, for the wording gates
(test_reader_french.py): the built pages, the templates, content/ prose, the string literals of
game/messages and the UI strings of the page scripts (site_builder/static/js).

The checks themselves are here too, each a function returning readable problems, so a test can
feed them a deliberately wrong sample and see that they fail.
"""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path

from quality_checks import _prose_runs, parse, typography_problems, walk

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "site_builder" / "static" / "js"
TEMPLATES = ROOT / "site_builder" / "templates"
MESSAGES = ROOT / "game" / "messages"
CONTENT = ROOT / "content"

NBSP, NNBSP = "\u00a0", "\u202f"
SPACES = " \u00a0\u202f"


# --- the page scripts: string literals, joined where the code joins them --------------------------

_NAMED = {"NBSP": NBSP, "NNBSP": NNBSP}
_REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {"return", "typeof", "case", "of", "in", ""}
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def _unescape(body: str) -> str:
    def one(match):
        text = match.group(1)
        if text[0] == "u":
            return chr(int(text[2:-1] if text[1] == "{" else text[1:], 16))
        if text[0] == "x":
            return chr(int(text[1:], 16))
        return _ESCAPES.get(text, text)
    return re.sub(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)", one, body, flags=re.S)


def _lex(source: str, i: int = 0, line: int = 1, *, in_template: bool = False):
    """Tokens of JavaScript from `i`: (kind, value, line) with kind "str" (decoded; a template
    literal with each `${NBSP}` as its character and any other `${…}` as « X »), "id" or "op".
    Strings inside a template's expressions are tokens of their own, after all the others (they
    are never joined to their neighbours); comments and regular
    expressions are skipped. With `in_template`, stops at the `}` closing a `${`; returns
    (tokens, index after the stop, line)."""
    tokens, nested, last, depth = [], [], "", 0   # nested: tokens inside a template's ${…}
    while i < len(source):
        c = source[i]
        if c == "\n":
            line += 1
            i += 1
        elif c in " \t\r":
            i += 1
        elif source.startswith("//", i):
            i = source.find("\n", i)
            i = len(source) if i < 0 else i
        elif source.startswith("/*", i):
            stop = source.index("*/", i) + 2
            line += source.count("\n", i, stop)
            i = stop
        elif c in "'\"":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            tokens.append(("str", _unescape(source[i + 1:j]), line))
            last, i = "str", j + 1
        elif c == "`":
            text, j, at = [], i + 1, line
            while source[j] != "`":
                if source[j] == "\\":
                    size = {"u": 6, "x": 4}.get(source[j + 1], 2)
                    if source.startswith("\\u{", j):
                        size = source.index("}", j) + 1 - j
                    text.append(_unescape(source[j:j + size]))
                    j += size
                elif source.startswith("${", j):
                    inner, k, line = _lex(source, j + 2, line, in_template=True)
                    expression = source[j + 2:k - 1].strip()
                    text.append(_NAMED.get(expression, "X"))
                    nested.extend(inner)
                    j = k
                else:
                    line += source[j] == "\n"
                    text.append(source[j])
                    j += 1
            tokens.append(("str", "".join(text), at))
            last, i = "str", j + 1
        elif c == "/" and last in _REGEX_BEFORE:
            j, in_class = i + 1, False
            while source[j] != "/" or in_class:
                if source[j] == "\\":
                    j += 2
                    continue
                in_class = (in_class or source[j] == "[") and source[j] != "]"
                j += 1
            i = j + 1
            while i < len(source) and source[i].isalpha():
                i += 1
            last = "regex"
        elif c.isalnum() or c in "_$":
            j = i
            while j < len(source) and (source[j].isalnum() or source[j] in "_$"):
                j += 1
            last = source[i:j]
            tokens.append(("id", last, line))
            i = j
        else:
            if c == "{":
                depth += 1
            elif c == "}":
                if in_template and depth == 0:
                    return tokens + nested, i + 1, line
                depth -= 1
            last = c
            tokens.append(("op", c, line))
            i += 1
    return tokens + nested, i, line


def _tokens(source: str):
    return _lex(source)[0]


def js_strings(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each string of a script, where `a + NBSP + "b"` chains are joined (NBSP and
    NNBSP as their characters, any other operand as « X »)."""
    tokens = list(_tokens(path.read_text(encoding="utf-8")))
    out, i = [], 0
    while i < len(tokens):
        chain, has_text, j, line = [], False, i, tokens[i][2]
        while j < len(tokens):
            kind, value, _ = tokens[j]
            if kind == "str":
                chain.append(value)
                has_text = True
            elif kind == "id" and value in _NAMED:
                chain.append(_NAMED[value])
            elif kind == "id" and chain:
                chain.append("X")
            else:
                break
            if j + 1 < len(tokens) and tokens[j + 1][:2] == ("op", "+"):
                j += 2
                continue
            j += 1
            break
        if has_text and _not_code_or_english(tokens, i):
            out.append((line, "".join(chain)))
        i = max(j, i + 1)
    return out


FRENCH = re.compile(r"[àâçéèêëîïôûùüœæÀÂÇÉÈÊÎÔŒ’«»]|\b(?:le|la|les|de|des|du|un|une|et|est|en|à|"
                    r"au|pour|par|sur|avec|votre|vos|vous|ne|pas)\b")
CODE = re.compile(r"[\[\]{}=<>]|^[\w.-]*$|\b(?:data|aria)-|://|^\.|^#")


def _not_code_or_english(tokens, i) -> bool:
    """A literal that is no selector, no identifier and no English error (`new Error(…)`,
    `console.info(…)`): the English ones are for developers (CONTRIBUTING: English errors)."""
    before = [value for _, value, _ in tokens[max(0, i - 4):i]]
    return not ("Error" in before or "console" in before)


def ui_strings(path: Path) -> list[tuple[int, str]]:
    """The reader-facing French strings of a page script."""
    return [(line, text) for line, text in js_strings(path)
            if FRENCH.search(text) and not CODE.search(text.strip())]


def page_scripts() -> list[Path]:
    return sorted(JS.glob("*.js"))


# --- templates, content prose, message literals ----------------------------------------------------

def template_runs(path: Path) -> list[tuple[str, str]]:
    """Prose runs of a Jinja2 template, its tags and expressions left out."""
    text = re.sub(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", " ", path.read_text(encoding="utf-8"), flags=re.S)
    return list(_prose_runs(parse(text)))


def content_prose(path: Path) -> list[tuple[int, str]]:
    """(line, text) of the prose of a content page: no front matter, no fenced blocks, no inline
    code, no HTML tags (their text kept)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    out, fenced, front = [], False, lines[:1] == ["---"]
    for number, text in enumerate(lines, 1):
        if front:
            front = not (number > 1 and text == "---")
            continue
        if text.startswith("```"):
            fenced = not fenced
            continue
        if fenced or text.startswith("    "):
            continue
        text = re.sub(r"`[^`]*`", " ", text)
        text = re.sub(r"<[^>]*>", " ", text)
        text = re.sub(r"\]\([^)]*\)", "]", text)      # link targets
        out.append((number, html.unescape(text)))
    return out


def message_literals() -> list[tuple[str, int, str]]:
    """(file, line, text) of every string literal of game/messages but docstrings; the pieces of
    an f-string are joined, each expression as « X »."""
    out = []
    for path in sorted(MESSAGES.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
                      and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        inner = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in node.values}
        for node in ast.walk(tree):
            if id(node) in docstrings or id(node) in inner:
                continue
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.append((path.name, node.lineno, node.value))
            elif isinstance(node, ast.JoinedStr):
                text = "".join(p.value if isinstance(p, ast.Constant) else "X" for p in node.values)
                out.append((path.name, node.lineno, text))
    return out


# --- the checks -----------------------------------------------------------------------------------

def _outside_quotes(text: str) -> str:
    """The text with every « … » quotation blanked out (a quoted player may say « je »)."""
    return re.sub(r"«[^«»]*»", "« »", text)


BOTS = re.compile(r"\bbots?\b", re.IGNORECASE)
FIRST_PERSON = re.compile(r"\b(?:je|j’|moi|mon|ma|mes|me|m’)(?=\W|$)", re.IGNORECASE)
COUNTED = (r"cartes?|rangées?|manches?|tours?|joueurs?|joueuses?|vaches?|adversaires?|robots?|"
           r"exemplaires?|sortes?|types?|niveaux?|exemples?|marqueurs?|albums?|fois")
DIGIT_COUNT = re.compile(rf"(?<![\w,.\-−×+=/])([1-9])[ \u00a0\u202f]+(?:{COUNTED})\b")
WORD_COUNT = re.compile(rf"\b(dix|onze|douze|treize|quatorze|quinze|seize|vingt)[ \u00a0\u202f]+(?:{COUNTED})\b",
                        re.IGNORECASE)
WORD_HEADS = re.compile(r"\b(deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze)[ \u00a0\u202f]+têtes?\b",
                        re.IGNORECASE)
CARD_NAME = re.compile(r"\b[Cc]artes?\s+(?:stop|vaches?|rangées?\b(?!\s+(?:dans|sur|à)))\b|\bcartes\s+(?:Vaches|Rangées|Stops)\b")
LEAST_WINS = re.compile(r"(?<!\ba )\b[Ll]e (?:moins|plus) de (?:têtes|cartes) gagne")
IF_CONDITIONAL = re.compile(r"\b(?:[Ss]i|s’ils?)\b[^.;:,!?]{0,60}\b(?:serai(?:t|ent)|aurai(?:t|ent)|devrai(?:t|ent))\b")
SCORE_LINE = re.compile(r"^(?:Albums|Cartes ramassées)[\u00a0 ]:")


THOUSANDS = re.compile(r"(?<![\d,.])\d{1,3} \d{3}\b")
"""« 1 000 tirages » with a plain space: the line may break inside the number (« 1 000 »)."""


def wording_problems(text: str, *, attribute: bool = False) -> list[str]:
    """What a French teacher would flag in one run of reader text, beyond the typography gate:
    robots called bots, doubled spaces, « » nested in « », « je » instead of « vous », BGA
    unglossed, and numbers against the guide's convention (content/README.md « Numbers »)."""
    problems = []
    if BOTS.search(text):
        problems.append("« bot »: the guide says « robot »")
    spaces = r"[ \u00a0\u202f]{2,}" if attribute else r"[ \u00a0\u202f]*[\u00a0\u202f][ \u00a0\u202f]*"
    for match in re.finditer(spaces, text.replace("\n", " ")):
        if len(match.group()) > 1:
            problems.append(f"doubled space {match.group()!r}: «{text[max(0, match.start() - 20):match.end() + 10]}»")
    depth = 0
    for char in text:
        if char == "«":
            if depth:
                problems.append("« nested in « »: inner quotes are “ ”")
            depth += 1
        elif char == "»":
            depth = max(0, depth - 1)
    if FIRST_PERSON.search(_outside_quotes(text)):
        problems.append(f"first person ({FIRST_PERSON.search(_outside_quotes(text)).group()}): the guide says « vous »")
    if "BGA" in text:
        problems.append("« BGA » alone: write Board Game Arena")
    for match in THOUSANDS.finditer(text):
        problems.append(f"thousands split by a breakable space ({match.group()!r}): use U+202F")
    if not SCORE_LINE.match(text.strip()):
        for match in DIGIT_COUNT.finditer(text):
            if not text[:match.start()].endswith(("à ", "à\u00a0")):   # « de 2 à 8 joueurs »: a range
                problems.append(f"count under ten in digits ({match.group()!r}): in words")
        for match in WORD_COUNT.finditer(text):
            problems.append(f"count of ten or more in words ({match.group()!r}): in digits")
    for match in WORD_HEADS.finditer(text):
        problems.append(f"têtes de bœuf in words ({match.group()!r}): heads are in digits")
    for match in CARD_NAME.finditer(text):
        problems.append(f"card name {match.group()!r}: « carte Stop », « carte Vache », « carte Rangée »")
    if LEAST_WINS.search(text):
        problems.append("« le moins de têtes gagne »: a quantity does not win (« celui qui a le moins… »)")
    if IF_CONDITIONAL.search(text):
        problems.append(f"« si » with a conditional: «{IF_CONDITIONAL.search(text).group()}»")
    return problems


def js_string_problems(text: str) -> list[str]:
    """A script's UI string: the typography gate of the pages plus wording_problems."""
    return (typography_problems(f"<p>{html.escape(text, quote=False)}</p>")
            + wording_problems(text, attribute=True))


SLUG = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")


def slug_labels(page_html: str) -> list[str]:
    """aria-labels that carry an id of the page (`regles-tour`, `6-corrige`) instead of words."""
    root = parse(page_html)
    nodes = list(walk(root))
    ids = {n.attrs["id"] for n in nodes if "-" in n.attrs.get("id", "")}
    ids |= {n.attrs["data-exemple"] for n in nodes if not n.attrs.get("data-exemple", "1").isdigit()}
    problems = []
    for node in nodes:
        label = node.attrs.get("aria-label")
        if label is None:
            continue
        words = set(SLUG.findall(label)) | set(re.findall(r"[\w-]+", label))
        leaked = sorted(w for w in words if w in ids or (re.search(r"\d", w) and "-" in w))
        if leaked:
            problems.append(f"<{node.tag} aria-label={label!r}> names {leaked}")
    return problems


# --- a step says each thing once -------------------------------------------------------------------

TAKES = {"take", "special_row_removed", "special_seventh_take", "special_insert_take", "junior_take"}
TAKE_SAID = re.compile(r"\b(?:ramasse|choisit)\s+(?:la\s+(?:\w+\s+)?rangée|les\s+[\w\u00a0]+\s+(?:cartes|autres)"
                       r"|ses\s+[\w\u00a0]+\s+cartes)")
HEADS_SAID = re.compile(r"\bsoit\s+[−\d]+\u00a0têtes?")


def repeated_facts(text: str, events: list[dict]) -> list[str]:
    """Facts a step's text states more often than they happened: a row taken (« ramasse la
    rangée 1 », « choisit la rangée 1 ») or its price (« soit 5 têtes ») more times than the
    step's takes, « nulle part » twice."""
    takes = sum(1 for e in events if e.get("type") in TAKES)
    problems = []
    said = TAKE_SAID.findall(text)
    if len(said) > takes:
        problems.append(f"{len(said)} statements of a take for {takes} take(s): {said}")
    priced = HEADS_SAID.findall(text)
    if len(priced) > takes:
        problems.append(f"{len(priced)} prices of a take for {takes} take(s): {priced}")
    if text.count("nulle part") > 1:
        problems.append("« nulle part » said twice")
    return problems
