"""The « 6 qui prend Junior » fenced blocks of content/ (syntax in content/README.md): worked
examples, where a card may go, the legend and the composition, all drawn and checked by
`game.junior`. Lines are read by the shared reader (blocks/lines.py); examples are
`<section class="exemple" data-variant="junior" …>`, replayed through `game.variants`.
"""


from __future__ import annotations

import re
import unicodedata

from game import variants
from game.errors import GameError
from game.junior import draw
from game.junior.cows import COWS, ROWS, TYPES, cards_with
from game.junior.rules import LEVELS, rows_for
from game.junior.scenario import load, where  # parsing helpers: cow letters → card ids, error places
from game.messages import blocks as words
from game.messages import junior as say

from . import register, register_drawing, reserve_family
from .lines import (EXPECT_ROW, ID, ROW, ROW_CARDS, TITLE, LineReader, comma_list, example_id,
                    example_label, kind, name_number, row_number)
from .markup import Markup, example_section, render

EXAMPLE = "junior-exemple"
WHERE = "junior-ou"
LEGEND = "junior-legende"
COMPOSITION = "junior-composition"

_LEVEL = kind("level", "niveau:", r"^niveau\s*:\s*(?P<value>.*)$", single=True, required=True)
EXAMPLE_LINES = [
    ID, TITLE, _LEVEL,
    kind("players", "joueurs:", r"^joueurs\s*:\s*(?P<value>.*)$", single=True, required=True),
    ROW_CARDS,
    kind("deck", "pioche:", r"^pioche\s*:\s*(?P<value>.*)$", single=True),
    kind("hand", "main Nom:", r"^main\s+(?P<name>.+?)\s*:\s*(?P<value>.*)$"),
    kind("goal", "objectif:", r"^objectif\s*:\s*(?P<value>.*)$", single=True),
    kind("move", "coup:", r"^coup\s*:\s*(?P<value>.*)$", required=True),
    EXPECT_ROW,
    kind("expect_albums", "attendu albums:", r"^attendu\s+albums?\s*:\s*(?P<value>.*)$"),
    kind("expect_winners", "attendu gagnants:", r"^attendu\s+gagnants?\s*:\s*(?P<value>.*)$"),
]
WHERE_LINES = [
    _LEVEL, ROW_CARDS,
    kind("card", "carte:", r"^carte\s*:\s*(?P<value>.*)$", single=True, required=True),
    kind("expect", "attendu:", r"^attendu\s*:\s*(?P<value>.*)$", single=True, required=True),
]
_MOVE_RE = re.compile(rf"^(?P<rest>.+?)\s+{ROW}\s+(?P<row>\S+)$")


def _plain(text: str) -> str:
    """Lowercase without accents or extra spaces: how cow names and levels are compared."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return " ".join(text.lower().split())


COW_WORDS = {_plain(name): letter for letter, name in say.TYPE_NAMES.items()}
COW_WORDS["amerique"] = "E"
"""French cow name → type letter; « Amérique » alone is accepted for « Amérique du Nord »."""


# ---------------------------------------------------------------- reading values
# Each reader returns None once it has reported the line's first mistake (`reader.fail`).

def _cards(reader: LineReader, value: str, number: int) -> list[str] | None:
    """« Afrique, Inde + Japon » → ["A", "CD"]; « vide » or nothing → []."""
    if _plain(value) in ("", "vide"):
        return []
    out = []
    for token in value.split(","):
        letters = []
        for word in token.split("+"):
            letter = COW_WORDS.get(_plain(word))
            if letter is None:
                reader.fail(number, f"{word.strip()!r} is not a cow (expected "
                                    f"{', '.join(say.TYPE_NAMES.values())}, joined by '+')")
                return None
            if letter in letters:
                reader.fail(number, f"{token.strip()!r} names the same cow twice")
                return None
            letters.append(letter)
        card = "".join(sorted(letters))
        if not cards_with(card):
            reader.fail(number, f"no Junior card has exactly the cows {token.strip()!r} "
                                "(see the composition table)")
            return None
        out.append(card)
    return out


def _row_lines(reader: LineReader, key: str):
    """Each sound `rangée R: cartes` (or `attendu rangée R: cartes`) line: (line, R, its cards)."""
    for line in reader.all(key):
        row = row_number(line.match["row"], line.number, reader.fail, ROWS)
        cards = None if row is None else _cards(reader, line.value, line.number)
        if cards is not None:
            yield line, row, cards


def _level(reader: LineReader) -> str | None:
    line = reader.one("level")
    if line is None:
        return None
    if _plain(line.value) in LEVELS:
        return _plain(line.value)
    reader.fail(line.number, f"unknown level {line.value!r} (expected base, avancé or expert)")
    return None


def _rows(reader: LineReader) -> list[list[str]]:
    rows: list[list[str] | None] = [None] * ROWS
    for line, r, cards in _row_lines(reader, "row"):
        if rows[r - 1] is not None:
            reader.fail(line.number, f"row {r} is given twice")
        rows[r - 1] = cards
    return [r or [] for r in rows]


def _cows_text(cards: list[str]) -> str:
    """How authors write a row, for error messages: « Afrique, Inde + Japon » or « vide »."""
    return ", ".join(" + ".join(say.TYPE_NAMES[t] for t in card) for card in cards) or "vide"


# ---------------------------------------------------------------- junior-exemple

@register(EXAMPLE)
def render_example(body, fence_line, path, fail) -> str | None:
    reader = LineReader(body, fence_line, fail, EXAMPLE_LINES, block=EXAMPLE)
    found = reader.one("id")
    ident = found and example_id(found, reader.fail)
    title = reader.one("title")
    level = _level(reader)
    found = reader.one("players")
    players = comma_list(found.value) if found else []
    scenario = {"variant": "junior", "level": level, "players": players, "rows": _rows(reader)}
    deck = reader.one("deck")
    if deck is not None and (cards := _cards(reader, deck.value, deck.number)) is not None:
        scenario["deck"] = cards
    hands = {}
    for line in reader.all("hand"):
        name = line.match["name"].strip()
        if name not in players:
            reader.fail(line.number, f"{name} is not among the players ({', '.join(players)})")
        elif name in hands:
            reader.fail(line.number, f"the hand of {name} is given twice")
        elif (cards := _cards(reader, line.value, line.number)) is not None:
            hands[name] = cards
    if hands:
        scenario["hands"] = hands
    goal = reader.one("goal")
    said = [] if goal is None else _plain(goal.value).split()
    if "plus" in said or "moins" in said:
        scenario["goal"] = "most" if "plus" in said else "fewest"
    elif goal is not None:
        reader.fail(goal.number,
                    "'objectif:' must read 'le plus de cartes' or 'le moins de cartes'")
    moves = reader.all("move")
    scenario["moves"] = [_move(reader, line.value, line.number, players) for line in moves]
    if reader.errors:
        return None

    try:
        steps = variants.of(scenario).replay(scenario)
    except GameError as error:
        at = reader.fence_line
        if error.field and error.field.startswith("moves["):
            at = moves[int(error.field[6:error.field.index("]")])].number
        reader.fail(at, f"example {ident}: the engine refuses it: {where(error)}")
        return None
    _check_expected(reader, steps)
    if reader.errors:
        return None
    label = example_label(ident, title, reader.fence_line, reader.fail)
    if label is None:
        return None
    # marked data-variant="junior" right after its class: the classic tools that read
    # `class="exemple" id=` then skip it
    return example_section(scenario, anchor=f"exemple-junior-{ident}",
                           exemple=f"junior-{ident}", label=label, variant_early=True,
                           note=words.JUNIOR_SIMPLIFIED)


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
    row = row_number(match["row"], number, reader.fail, ROWS)
    if row is None:
        return None
    card = _cards(reader, rest[len(name):], number) if rest[len(name):].strip() else []
    if card is None:
        return None
    if len(card) > 1:
        reader.fail(number, "'coup:' plays one card")
        return None
    move = {"player": name, "row": row - 1}
    if card:
        move["card"] = card[0]
    return move


def _check_expected(reader: LineReader, steps: list[dict]) -> None:
    """Every `attendu` line against the last step; say what the engine got instead."""
    final = steps[-1]
    for line, r, cards in _row_lines(reader, "expect_row"):
        got = [COWS[c] for c in final["rows"][r - 1]]
        if got != cards:
            reader.fail(line.number, f"attendu rangée {r}: expected {_cows_text(cards)}, "
                                     f"the engine got {_cows_text(got)}")
    for line in reader.all("expect_albums"):
        for part in comma_list(line.value):
            pair = name_number(part, line.number, reader.fail, "Nom N")
            if pair is None:
                continue
            name, count = pair
            if name not in final["albums"]:
                reader.fail(line.number, f"attendu albums: {name} does not play in this example")
            elif final["albums"][name] != count:
                reader.fail(line.number, f"attendu albums: expected {part}, the engine got "
                                         f"{name} {final['albums'][name]}")
    for line in reader.all("expect_winners"):
        end = next((e for e in final["events"] if e["type"] == "junior_game_end"), None)
        expected = comma_list(line.value)
        if end is None:
            reader.fail(line.number, "attendu gagnants: the game is not over after the last move")
        elif sorted(end["winners"]) != sorted(expected):
            reader.fail(line.number, f"attendu gagnants: expected {', '.join(expected)}, "
                                     f"the engine got {', '.join(end['winners'])}")


# ---------------------------------------------------------------- junior-ou

@register(WHERE)
def render_where(body, fence_line, path, fail) -> str | None:
    reader = LineReader(body, fence_line, fail, WHERE_LINES, block=WHERE)
    level = _level(reader)
    rows = _rows(reader)
    found = reader.one("card")
    cards = None if found is None else _cards(reader, found.value, found.number)
    if cards is not None and len(cards) != 1:
        reader.fail(found.number, "'carte:' names exactly one card")
    expect = reader.one("expect")
    expected = None
    if expect is not None:
        value = _plain(expect.value)
        if value == "aucune":
            expected = []
        elif re.fullmatch(r"rangees?\s+\d(\s*(,|et)\s*\d)*", value):
            expected = [int(d) for d in re.findall(r"\d", value)]
        else:
            reader.fail(expect.number, "'attendu:' must read 'rangée R', 'rangées R, R et R' or 'aucune'")
    if reader.errors:
        return None
    try:  # letters → card ids, as in scenarios (each letter set takes the lowest unused id)
        # The figure's own level checks its table (an expert row is a chain of shared cows).
        held = ({"deck": cards} if level == "base"
                else {"hands": {"a": cards, "b": []}, "deck": []})
        state, _ = load({"level": level, "players": ["a", "b"], "rows": rows, **held})
    except GameError as error:
        reader.fail(reader.fence_line, f"the engine refuses this table: {where(error)}")
        return None
    table = state["rows"]
    card_id = state["deck"][0] if level == "base" else state["hands"]["a"][0]
    options, rule = rows_for(table, card_id, level)
    if sorted(expected) != [r + 1 for r in options]:
        got = ", ".join(str(r + 1) for r in options) or "none"
        reader.fail(expect.number, f"attendu: expected rows {', '.join(map(str, sorted(expected))) or 'none'}, "
                                   f"the engine allows {got}")
        return None
    return render("junior_where.html", card_label=words.CARD_TO_PLACE,
                  card=Markup(draw.card_svg(card_id)), table=Markup(draw.table_svg(table, options=options)),
                  sentence=say.where_sentence(card_id, options, rule))


# ---------------------------------------------------------------- legend and composition

register_drawing(LEGEND, lambda: render("junior_legend.html", svg=Markup(draw.legend_svg())))
register_drawing(COMPOSITION, draw.composition_html)
reserve_family("junior-")


assert set(COW_WORDS.values()) == set(TYPES)
