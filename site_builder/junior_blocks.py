"""The « 6 qui prend Junior » fenced blocks of content/: worked examples, where a card may go,
the legend and the composition, all drawn and checked by `game.junior`.

markdown_ext hands every block named in BLOCKS to `render(lang, body, line, fail)`; `line` is the
file line of the opening fence and `fail(line, message)` records an author error (English,
`file:line` added by the builder). `render` returns the block's HTML, or None after any error.
The names start with « junior- » so no tool that looks for classic ```exemple blocks picks them up.
Examples are `<section class="exemple" data-engine="junior" …>`: the step player (player.js) sends
them to the worker as junior_replay / junior_choose (game.junior.web).

```junior-exemple
id: olivier
titre: Olivier pose sa carte Écosse
niveau: base
joueurs: Olivier, Emma
rangée 1: Afrique, Inde
rangée 2: Amérique + Écosse, Allemagne
rangée 3: Japon, Afrique + Allemagne
rangée 4: Amérique
pioche: Écosse
coup: Olivier rangée 1
attendu rangée 1: Afrique, Inde, Écosse
attendu albums: Olivier 0, Emma 0
```

| line | meaning |
| --- | --- |
| `id: X` | required, digits or lowercase words with hyphens; the section is `#exemple-junior-X`, its steps `#exemple-junior-X-etape-K` |
| `titre: …` | optional: the example's accessible name (default « Exemple X ») |
| `niveau: base` | required: `base`, `avancé` or `expert` |
| `joueurs: A, B` | required: 2 to 5 names in turn order (the first plays first) |
| `rangée R: cartes` | R from 1 to 4, cards left to right; a row left out, or `vide`, is empty |
| `pioche: cartes` | the deck, top card first |
| `main Nom: cartes` | a player's hand (avancé, expert) |
| `objectif: le moins de cartes` | optional: avancé's competitive option (`le plus` / `le moins`) |
| `coup: Nom [carte] rangée R` | one move, in play order; the card is required from a hand (avancé, expert), optional at base (the top card of the deck) |
| `attendu rangée R: cartes` | the row at the end (`vide` for an empty row) |
| `attendu albums: Nom N, Nom N` | cards in each album at the end |
| `attendu gagnants: Nom, Nom` | the winners (the game must be over) |
| `# …` | a comment |

A card is its cows joined by `+`: `Afrique`, `Inde + Japon`, `Afrique + Inde + Amérique`; only the
cards of the composition exist (pairs AB BC CD DE EF AF, triples ABC DEF ACE BDF, in type letters). Cow names
ignore case and accents; `Amérique` and `Amérique du Nord` are the same cow. Cards are separated
by commas. Each `attendu` line is checked against the engine's replay; an illegal move is
reported at its `coup:` line with the engine's own sentence.

```junior-ou
niveau: expert
rangée 1: Afrique
rangée 2: Inde + Japon
rangée 3: Écosse
rangée 4: Allemagne
carte: Afrique + Allemagne
attendu: rangées 1 et 4
```
draws the table with a dashed slot at the end of each row where the card may go, the card, and
a French sentence. `attendu:` (required) lists those rows (`rangée 3`, `rangées 1, 2 et 4`, or
`aucune`, expert only) and is checked with `game.junior.scenario.where_can_it_go`.

```junior-legende``` and ```junior-composition``` have an empty body: the six cow types (colour,
shape, name), and the table of the « composition proposée », both drawn by game.junior.draw.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata

from game.errors import GameError
from game.junior import draw
from game.junior.cows import COWS, TYPES, cards_with
from game.junior.rules import rows_for
from game.junior.scenario import load, replay, where

from .examples import ID_RE  # one rule for example ids, classic and Junior
from game.messages import junior as say

from .typography import french

EXAMPLE = "junior-exemple"
WHERE = "junior-ou"
LEGEND = "junior-legende"
COMPOSITION = "junior-composition"
BLOCKS = (EXAMPLE, WHERE, LEGEND, COMPOSITION)

LEVELS = {"base": "base", "avance": "avance", "expert": "expert"}
ROWS = 4
_ROW = r"rang[ée]e"
_LINES = [
    ("id", re.compile(r"^id\s*:\s*(?P<value>.*)$")),
    ("title", re.compile(r"^titre\s*:\s*(?P<value>.*)$")),
    ("level", re.compile(r"^niveau\s*:\s*(?P<value>.*)$")),
    ("players", re.compile(r"^joueurs\s*:\s*(?P<value>.*)$")),
    ("row", re.compile(rf"^{_ROW}\s+(?P<row>\S+)\s*:\s*(?P<value>.*)$")),
    ("deck", re.compile(r"^pioche\s*:\s*(?P<value>.*)$")),
    ("hand", re.compile(r"^main\s+(?P<name>.+?)\s*:\s*(?P<value>.*)$")),
    ("goal", re.compile(r"^objectif\s*:\s*(?P<value>.*)$")),
    ("move", re.compile(r"^coup\s*:\s*(?P<value>.*)$")),
    ("expect_row", re.compile(rf"^attendu\s+{_ROW}\s+(?P<row>\S+)\s*:\s*(?P<value>.*)$")),
    ("expect_albums", re.compile(r"^attendu\s+albums?\s*:\s*(?P<value>.*)$")),
    ("expect_winners", re.compile(r"^attendu\s+gagnants?\s*:\s*(?P<value>.*)$")),
    ("card", re.compile(r"^carte\s*:\s*(?P<value>.*)$")),
    ("expect", re.compile(r"^attendu\s*:\s*(?P<value>.*)$")),
]
EXAMPLE_KINDS = {"id", "title", "level", "players", "row", "deck", "hand", "goal", "move",
                 "expect_row", "expect_albums", "expect_winners"}
WHERE_KINDS = {"level", "row", "card", "expect"}
_MOVE_RE = re.compile(rf"^(?P<rest>.+?)\s+{_ROW}\s+(?P<row>\S+)$")


def _plain(text: str) -> str:
    """Lowercase without accents or extra spaces: how cow names and levels are compared."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return " ".join(text.lower().split())


COW_WORDS = {_plain(name): letter for letter, name in say.TYPE_NAMES.items()}
COW_WORDS["amerique"] = "E"
"""French cow name → type letter; « Amérique » alone is accepted for « Amérique du Nord »."""


class _Failed(Exception):
    """One line is wrong: already reported, stop reading that line."""


def render(lang: str, body: list[str], line: int, fail) -> str | None:
    """The HTML of one Junior block, or None once `fail` has been called."""
    if lang in (LEGEND, COMPOSITION):
        if any(text.strip() for text in body):
            fail(line, f"a '{lang}' block must be empty: the engine draws it")
            return None
        if lang == LEGEND:
            return f'<figure class="jr-legende-figure">{draw.legend_svg()}</figure>'
        return draw.composition_html()
    reader = _Reader(body, line, fail, EXAMPLE_KINDS if lang == EXAMPLE else WHERE_KINDS)
    if lang == EXAMPLE:
        return _example(reader)
    if lang == WHERE:
        return _where(reader)
    fail(line, f"unknown Junior block {lang!r} (known: {', '.join(BLOCKS)})")
    return None


# ---------------------------------------------------------------- reading lines

class _Reader:
    """The block's lines classified, each with its file line; errors reported through fail."""

    def __init__(self, body, fence_line, fail, allowed):
        self.fence_line = fence_line
        self.errors = 0
        self._fail = fail
        self.lines: list[tuple[str, re.Match, int]] = []
        for offset, raw in enumerate(body):
            number = fence_line + 1 + offset
            text = raw.strip()
            if not text or text.startswith("#"):
                continue
            kind, match = next(((k, p.match(text)) for k, p in _LINES if p.match(text)), (None, None))
            if kind not in allowed:
                self.fail(number, f"unknown line {text!r} in this Junior block "
                                  f"(expected {', '.join(_LINE_NAMES[k] for k in _ORDER if k in allowed)})")
                continue
            self.lines.append((kind, match, number))

    def fail(self, number: int, message: str) -> None:
        self.errors += 1
        self._fail(number, message)

    def all(self, kind):
        return [(m, n) for k, m, n in self.lines if k == kind]

    def one(self, kind, required: bool = False):
        """The single line of this kind, or None; a second one, or a missing required one, fails."""
        found = self.all(kind)
        for _, number in found[1:]:
            self.fail(number, f"'{_LINE_NAMES[kind]}' is given twice")
        if not found:
            if required:
                self.fail(self.fence_line, f"missing '{_LINE_NAMES[kind]}' line")
            return None
        return found[0]

    def cards(self, value: str, number: int) -> list[str]:
        """« Afrique, Inde + Japon » → ["A", "CD"]; « vide » or nothing → []."""
        if _plain(value) in ("", "vide"):
            return []
        out = []
        for token in value.split(","):
            letters = []
            for word in token.split("+"):
                letter = COW_WORDS.get(_plain(word))
                if letter is None:
                    self.fail(number, f"{word.strip()!r} is not a cow (expected "
                                      f"{', '.join(say.TYPE_NAMES.values())}, joined by '+')")
                    raise _Failed
                if letter in letters:
                    self.fail(number, f"{token.strip()!r} names the same cow twice")
                    raise _Failed
                letters.append(letter)
            card = "".join(sorted(letters))
            if not cards_with(card):
                self.fail(number, f"no Junior card has exactly the cows {token.strip()!r} "
                                  "(see the composition table)")
                raise _Failed
            out.append(card)
        return out

    def row_number(self, text: str, number: int) -> int:
        if not text.isdigit() or not 1 <= int(text) <= ROWS:
            self.fail(number, f"row number {text!r} must be between 1 and {ROWS}")
            raise _Failed
        return int(text)

    def level(self, required: bool = True) -> str | None:
        found = self.one("level", required)
        if found is None:
            return None
        match, number = found
        level = LEVELS.get(_plain(match["value"]))
        if level is None:
            self.fail(number, f"unknown level {match['value'].strip()!r} (expected base, avancé or expert)")
        return level

    def rows(self) -> list[list[str]]:
        rows: list[list[str] | None] = [None] * ROWS
        for match, number in self.all("row"):
            try:
                r = self.row_number(match["row"], number)
                cards = self.cards(match["value"], number)
            except _Failed:
                continue
            if rows[r - 1] is not None:
                self.fail(number, f"row {r} is given twice")
            rows[r - 1] = cards
        return [r or [] for r in rows]


_ORDER = ["id", "title", "level", "players", "row", "deck", "hand", "goal", "move", "card",
          "expect_row", "expect_albums", "expect_winners", "expect"]
_LINE_NAMES = {"id": "id:", "title": "titre:", "level": "niveau:", "players": "joueurs:",
               "row": "rangée R:", "deck": "pioche:", "hand": "main Nom:", "goal": "objectif:",
               "move": "coup:", "card": "carte:", "expect_row": "attendu rangée R:",
               "expect_albums": "attendu albums:", "expect_winners": "attendu gagnants:",
               "expect": "attendu:"}


def _names(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]


def _cows_text(cards: list[str]) -> str:
    """How authors write a row, for error messages: « Afrique, Inde + Japon » or « vide »."""
    return ", ".join(" + ".join(say.TYPE_NAMES[t] for t in card) for card in cards) or "vide"


# ---------------------------------------------------------------- junior-exemple

def _example(reader: _Reader) -> str | None:
    found = reader.one("id", required=True)
    ident = None
    if found is not None:
        ident = found[0]["value"].strip()
        if not ID_RE.match(ident):
            reader.fail(found[1], f"example id {ident!r} must be digits or lowercase letters, "
                                  "digits and hyphens (e.g. 3 or emma-complete)")
    title = reader.one("title")
    level = reader.level()
    found = reader.one("players", required=True)
    players = _names(found[0]["value"]) if found else []
    scenario = {"level": level, "players": players, "rows": reader.rows()}
    deck = reader.one("deck")
    if deck is not None:
        try:
            scenario["deck"] = reader.cards(deck[0]["value"], deck[1])
        except _Failed:
            pass
    hands = {}
    for match, number in reader.all("hand"):
        name = match["name"].strip()
        if name not in players:
            reader.fail(number, f"{name} is not among the players ({', '.join(players)})")
        elif name in hands:
            reader.fail(number, f"the hand of {name} is given twice")
        else:
            try:
                hands[name] = reader.cards(match["value"], number)
            except _Failed:
                pass
    if hands:
        scenario["hands"] = hands
    goal = reader.one("goal")
    if goal is not None:
        words = _plain(goal[0]["value"]).split()
        chosen = "most" if "plus" in words else "fewest" if "moins" in words else None
        if chosen is None:
            reader.fail(goal[1], "'objectif:' must read 'le plus de cartes' or 'le moins de cartes'")
        else:
            scenario["goal"] = chosen
    moves, move_lines = [], []
    for match, number in reader.all("move"):
        move = _move(reader, match["value"], number, players)
        if move is not None:
            moves.append(move)
            move_lines.append(number)
    if not reader.all("move"):
        reader.fail(reader.fence_line, "missing 'coup:' line: an example plays at least one move")
    scenario["moves"] = moves
    if reader.errors:
        return None

    try:
        steps = replay(scenario)
    except GameError as error:
        at = reader.fence_line
        if error.field and error.field.startswith("moves["):
            at = move_lines[int(error.field[6:error.field.index("]")])]
        reader.fail(at, f"example {ident}: the engine refuses it: {where(error)}")
        return None
    _check_expected(reader, steps)
    if reader.errors:
        return None
    label = french(title[0]["value"].strip()) if title else f"Exemple {ident}"  # raw HTML: typeset here
    return example_html(ident, scenario, steps, label)


def _move(reader, value, number, players) -> dict | None:
    """« Emma Inde + Japon rangée 2 » → {"player": "Emma", "card": "CD", "row": 1}."""
    match = _MOVE_RE.match(value.strip())
    if not match:
        reader.fail(number, f"'coup:' must read 'Nom [carte] rangée R', got {value.strip()!r}")
        return None
    rest = match["rest"].strip()
    name = next((p for p in sorted(players, key=len, reverse=True)
                 if rest == p or rest.startswith(p + " ")), None)
    if name is None:
        reader.fail(number, f"'coup:' must start with a player's name ({', '.join(players)})")
        return None
    try:
        row = reader.row_number(match["row"], number)
        card = reader.cards(rest[len(name):], number) if rest[len(name):].strip() else []
    except _Failed:
        return None
    if len(card) > 1:
        reader.fail(number, "'coup:' plays one card")
        return None
    move = {"player": name, "row": row - 1}
    if card:
        move["card"] = card[0]
    return move


def _check_expected(reader: _Reader, steps: list[dict]) -> None:
    """Every `attendu` line against the last step; say what the engine got instead."""
    final = steps[-1]
    for match, number in reader.all("expect_row"):
        try:
            r = reader.row_number(match["row"], number)
            cards = reader.cards(match["value"], number)
        except _Failed:
            continue
        got = [COWS[c] for c in final["rows"][r - 1]]
        if got != cards:
            reader.fail(number, f"attendu rangée {r}: expected {_cows_text(cards)}, "
                                f"the engine got {_cows_text(got)}")
    for match, number in reader.all("expect_albums"):
        for part in _names(match["value"]):
            pair = re.match(r"^(?P<name>.+?)\s+(?P<count>\d+)$", part)
            if not pair:
                reader.fail(number, f"{part!r} must read 'Nom N' (a name, a space, a number)")
            elif pair["name"] not in final["albums"]:
                reader.fail(number, f"attendu albums: {pair['name']} does not play in this example")
            elif final["albums"][pair["name"]] != int(pair["count"]):
                reader.fail(number, f"attendu albums: expected {part}, the engine got "
                                    f"{pair['name']} {final['albums'][pair['name']]}")
    for match, number in reader.all("expect_winners"):
        end = next((e for e in final["events"] if e["type"] == "junior_game_end"), None)
        expected = _names(match["value"])
        if end is None:
            reader.fail(number, "attendu gagnants: the game is not over after the last move")
        elif sorted(end["winners"]) != sorted(expected):
            reader.fail(number, f"attendu gagnants: expected {', '.join(expected)}, "
                                f"the engine got {', '.join(end['winners'])}")


def example_html(ident: str, scenario: dict, steps: list[dict], label: str) -> str:
    """The markup of CONTRIBUTING.md « Example markup », marked data-engine="junior"."""
    data = json.dumps(scenario, ensure_ascii=False, separators=(",", ":"))
    anchor = f"exemple-junior-{ident}"
    items = [f'<li class="etape" id="{anchor}-etape-{s["n"]}" data-step="{s["n"]}" '
             f'data-kind="{html.escape(s["kind"])}">{draw.step_html(s)}</li>' for s in steps]
    # data-engine comes right after the class: the classic tools that read `class="exemple" id=`
    # (tests/parity) then skip Junior sections, while `section.exemple` still finds them all
    return (f'<section class="exemple" data-engine="junior" id="{anchor}" data-exemple="junior-{ident}" '
            f'data-scenario="{html.escape(data, quote=True)}" '
            f'aria-label="{html.escape(label, quote=True)}">\n<ol class="etapes">\n'
            + "\n".join(items) + "\n</ol>\n</section>")


# ---------------------------------------------------------------- junior-ou

def _where(reader: _Reader) -> str | None:
    level = reader.level()
    rows = reader.rows()
    found = reader.one("card", required=True)
    card = None
    if found is not None:
        try:
            cards = reader.cards(found[0]["value"], found[1])
            if len(cards) != 1:
                reader.fail(found[1], "'carte:' names exactly one card")
            else:
                card = cards[0]
        except _Failed:
            pass
    expect = reader.one("expect", required=True)
    expected = None
    if expect is not None:
        value = _plain(expect[0]["value"])
        if value == "aucune":
            expected = []
        elif re.fullmatch(r"rangees?\s+\d(\s*(,|et)\s*\d)*", value):
            expected = [int(d) for d in re.findall(r"\d", value)]
        else:
            reader.fail(expect[1], "'attendu:' must read 'rangée R', 'rangées R, R et R' or 'aucune'")
    if reader.errors:
        return None
    try:  # letters → card ids, as in scenarios (each letter set takes the lowest unused id)
        state, _ = load({"level": "base", "players": ["a", "b"], "rows": rows, "deck": [card]})
    except GameError as error:
        reader.fail(reader.fence_line, f"the engine refuses this table: {where(error)}")
        return None
    table, card_id = state["rows"], state["deck"][0]
    options, rule = rows_for(table, card_id, level)
    if sorted(expected) != [r + 1 for r in options]:
        got = ", ".join(str(r + 1) for r in options) or "none"
        reader.fail(expect[1], f"attendu: expected rows {', '.join(map(str, sorted(expected))) or 'none'}, "
                               f"the engine allows {got}")
        return None
    sentence = where_sentence(card_id, options, rule)
    return (f'<figure class="jr-ou"><p class="jr-ou-carte">Carte à poser{say.NBSP}: '
            f"{draw.card_svg(card_id)}</p>{draw.table_svg(table, options=options)}"
            f"<figcaption>{html.escape(sentence, quote=False)}</figcaption></figure>")


def where_sentence(card: int, options: list[int], rule: str) -> str:
    """The French caption of a junior-ou figure (wording in game.messages.junior)."""
    return say.where_sentence(card, options, rule)
