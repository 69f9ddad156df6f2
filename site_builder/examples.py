"""Worked examples: the ```exemple blocks of content/ (syntax in content/README.md).

A block is parsed into the engine's scenario format (CONTRIBUTING.md « Scenario format »),
replayed by `game.classic.replay.replay`, checked against its `attendu` lines, and rendered as the
markup the browser player expects (CONTRIBUTING.md « Example markup »). Authors count rows
from 1; the engine counts from 0: the conversion happens here and nowhere else.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from game.classic.cards import HIGHEST

from .choice_tables import choices_html
from .problems import Problem

MAX_ROWS = 5  # 4 rows, or 5 with the « 5e série » special card
ID_RE = re.compile(r"^(?:\d+|[a-z0-9]+(?:-[a-z0-9]+)*)$")
CARD_RE = re.compile(r"^\d+$")

_ROW = r"rang[ée]e"
_LINE_PATTERNS = [
    ("id", re.compile(r"^id\s*:\s*(?P<value>.*)$")),
    ("row", re.compile(rf"^{_ROW}\s+(?P<row>\S+)\s*:\s*(?P<value>.*)$")),
    ("turn", re.compile(r"^tour\s*:\s*(?P<value>.*)$")),
    ("choice", re.compile(r"^choix\s*:\s*(?P<value>.*)$")),
    ("expect_row", re.compile(rf"^attendu\s+{_ROW}\s+(?P<row>\S+)\s*:\s*(?P<value>.*)$")),
    ("expect_penalties", re.compile(r"^attendu\s+p[ée]nalit[ée]s\s*:\s*(?P<value>.*)$")),
    ("special", re.compile(r"^sp[ée]ciale\s*:\s*(?P<value>.*)$")),
    ("expect_marked", re.compile(r"^attendu\s+marqueurs?\s*:\s*(?P<value>.*)$")),
    ("expect_stopped", re.compile(r"^attendu\s+stops?\s*:\s*(?P<value>.*)$")),
]
# Special cards (« 6 qui surprend ! », game/specials/README.md): French words → engine moves.
_SPECIAL_RE = re.compile(
    r"^(?P<name>.+?)\s+(?P<kind>stop|5e\s+s[ée]rie|7\s+qui\s+prend|ins[ée]rer|remplacer|glisser"
    r"|n[ée]gatif\s*=\s*positif)(?:\s+(?P<rest>.*))?$")
_AT = rf"{_ROW}\s+(?P<{{0}}row>\d+)\s+position\s+(?P<{{0}}pos>\d+)"
_SPECIAL_ARGS = {
    "stop": (re.compile(rf"^{_ROW}\s+(?P<row>\d+)$"), "stop"),
    "5e": (re.compile(r"^$"), "cinquieme_serie"),
    "7": (re.compile(r"^$"), "sept_qui_prend"),
    "ins": (re.compile(rf"^{_ROW}\s+(?P<row>\d+)\s+position\s+(?P<pos>\d+)$"), "inserer"),
    "remplacer": (re.compile(r"^par\s+(?P<card>\d+)$"), "remplacer"),
    "glisser": (re.compile(r"^(?:(?P<card>\d+)|" + _AT.format("from_") + r")\s+vers\s+"
                           + _AT.format("to_") + "$"), "glisser"),
    "n": (re.compile(r"^(?P<card>\d+)$"), "negatif_positif"),
}
_SPECIAL_SHAPES = {
    "stop": "stop rangée R", "cinquieme_serie": "5e série", "sept_qui_prend": "7 qui prend",
    "inserer": "insérer rangée R position P", "remplacer": "remplacer par C",
    "glisser": "glisser C vers rangée R position P (or glisser rangée R position P vers …)",
    "negatif_positif": "négatif = positif C",
}
_CHOICE_RE = re.compile(rf"^(?P<name>.+?)\s+{_ROW}\s+(?P<row>\S+)$")
_NAME_NUMBER_RE = re.compile(r"^(?P<name>.+?)\s+(?P<number>\S+)$")


@dataclass
class Example:
    """One parsed ```exemple block, with the file line of everything to point back at it."""

    path: Path
    line: int                                   # the opening fence
    id: str = ""
    rows: dict[int, list[int]] = field(default_factory=dict)        # 1-based
    turns: list[dict] = field(default_factory=list)                  # engine format
    expected_rows: dict[int, tuple[list[int], int]] = field(default_factory=dict)
    expected_penalties: dict[str, tuple[int, int]] = field(default_factory=dict)
    penalties_line: int = 0
    expected_marked: tuple[list[int], int] | None = None     # 1-based rows, line
    expected_stopped: tuple[list[int], int] | None = None
    slides: list[tuple[int, str, int, int]] = field(default_factory=list)
    """Glisser moves naming the card by value: (turn index, player, card, line), located on
    the table at the start of that turn by `resolve_slides`."""

    def scenario(self) -> dict:
        """The engine's scenario dict (rows 0-based, in order)."""
        return {"rows": [self.rows[r] for r in sorted(self.rows)], "turns": self.turns}

    @property
    def has_specials(self) -> bool:
        return any("specials" in turn for turn in self.turns)


def parse_example(path: Path, fence_line: int, body: list[str],
                  problems: list[Problem]) -> Example | None:
    """Parse a block whose first body line is line `fence_line + 1`; None if it has errors."""
    example = Example(path, fence_line)
    before = len(problems)
    kinds_seen = set()  # a bad 'id:' line is reported once, not again as a missing id

    def fail(number: int, message: str) -> None:
        problems.append(Problem(path, number, message))

    for offset, raw in enumerate(body):
        number = fence_line + 1 + offset
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        kind, match = _classify(text)
        kinds_seen.add(kind)
        if kind is None:
            fail(number, f"unknown example line {text!r} (expected id:, rangée R:, tour:, "
                         "choix:, spéciale:, attendu rangée R:, attendu pénalités:, "
                         "attendu marqueurs: or attendu stops:)")
        elif kind == "id":
            _parse_id(example, match["value"].strip(), number, fail)
        elif kind == "row":
            _parse_row(example, match, number, fail)
        elif kind == "turn":
            _parse_turn(example, match["value"], number, fail)
        elif kind == "choice":
            _parse_choice(example, match["value"], number, fail)
        elif kind == "expect_row":
            row = _row_number(match["row"], number, fail)
            cards = _cards(match["value"], number, fail)
            if row is not None and cards is not None:
                if row in example.expected_rows:
                    fail(number, f"row {row} is expected twice")
                example.expected_rows[row] = (cards, number)
        elif kind == "expect_penalties":
            _parse_penalties(example, match["value"], number, fail)
        elif kind == "special":
            _parse_special(example, match["value"], number, fail)
        elif kind in ("expect_marked", "expect_stopped"):
            rows = _row_list(match["value"], number, fail)
            attribute = "expected_marked" if kind == "expect_marked" else "expected_stopped"
            if rows is not None:
                if getattr(example, attribute) is not None:
                    fail(number, f"'{text.split(':')[0]}:' is given twice")
                setattr(example, attribute, (rows, number))

    if "id" not in kinds_seen:
        fail(fence_line, "example has no 'id:' line")
    expected = list(range(1, len(example.rows) + 1))
    if len(problems) == before and example.rows and sorted(example.rows) != expected:
        fail(fence_line, f"rows must be numbered 1 to {len(example.rows)} without gaps, "
                         f"got {', '.join(map(str, sorted(example.rows)))}")
    if "row" not in kinds_seen:
        fail(fence_line, "example has no 'rangée R:' line")
    if "turn" not in kinds_seen:
        fail(fence_line, "example has no 'tour:' line")
    return example if len(problems) == before else None


def _classify(text: str):
    for kind, pattern in _LINE_PATTERNS:
        match = pattern.match(text)
        if match:
            return kind, match
    return None, None


def _parse_id(example, value, number, fail):
    if example.id:
        fail(number, "example has two 'id:' lines")
    elif not ID_RE.match(value):
        fail(number, f"example id {value!r} must be digits or lowercase letters, digits "
                     "and hyphens (e.g. 3 or 6-corrige)")
    else:
        example.id = value


def _parse_row(example, match, number, fail):
    row = _row_number(match["row"], number, fail)
    cards = _cards(match["value"], number, fail)
    if row is None or cards is None:
        return
    if row in example.rows:
        fail(number, f"row {row} is given twice")
    elif not cards:
        fail(number, f"row {row} has no card")
    elif cards != sorted(cards):
        fail(number, f"row {row} must be in ascending order: {' '.join(map(str, cards))}")
    else:
        example.rows[row] = cards


def _parse_turn(example, value, number, fail):
    plays = {}
    for part in _split_list(value):
        pair = _name_number(part, number, fail, "Nom carte")
        if pair is None:
            continue
        name, card = pair
        if not 1 <= card <= HIGHEST:
            fail(number, f"card {card} of {name} is not between 1 and {HIGHEST}")
        elif name in plays:
            fail(number, f"{name} plays twice in the same turn")
        else:
            plays[name] = card
    if not plays:
        fail(number, "'tour:' needs at least one 'Nom carte'")
    example.turns.append({"plays": plays, "choices": {}})


def _parse_choice(example, value, number, fail):
    match = _CHOICE_RE.match(value.strip())
    if not match:
        fail(number, f"'choix:' must read 'Nom rangée R', got {value.strip()!r}")
        return
    row = _row_number(match["row"], number, fail)
    if row is None:
        return
    if not example.turns:
        fail(number, "'choix:' must follow the 'tour:' line it belongs to")
        return
    turn = example.turns[-1]
    name = match["name"]
    if name not in turn["plays"]:
        fail(number, f"{name} does not play in the turn above")
    elif name in turn["choices"]:
        fail(number, f"{name} already has a choice in this turn")
    else:
        turn["choices"][name] = row - 1


def _parse_special(example, value, number, fail):
    """`spéciale: Alice stop rangée 2`: the special card a player of the turn above plays."""
    match = _SPECIAL_RE.match(value.strip())
    if not match:
        fail(number, f"'spéciale:' must read 'Nom carte…' with one of: "
                     f"{'; '.join(_SPECIAL_SHAPES.values())}; got {value.strip()!r}")
        return
    if not example.turns:
        fail(number, "'spéciale:' must follow the 'tour:' line it belongs to")
        return
    turn, name = example.turns[-1], match["name"]
    key = match["kind"].split()[0].lower()
    key = next(k for k in _SPECIAL_ARGS if key.startswith(k))
    pattern, card = _SPECIAL_ARGS[key]
    args = pattern.match((match["rest"] or "").strip())
    if not args:
        fail(number, f"'spéciale: {name} {match['kind']}' must read '{name} {_SPECIAL_SHAPES[card]}'")
        return
    if name not in turn["plays"]:
        fail(number, f"{name} does not play in the turn above")
        return
    specials = turn.setdefault("specials", {})
    if name in specials:
        fail(number, f"{name} already plays a special card in this turn")
        return
    move = {"card": card}
    found = args.groupdict()
    for field_name, key_name in (("row", "row"), ("pos", "position"), ("from_row", "from_row"),
                                 ("from_pos", "from_index"), ("to_row", "to_row"),
                                 ("to_pos", "to_index")):
        if found.get(field_name) is not None:
            if int(found[field_name]) < 1:
                fail(number, f"rows and positions are counted from 1, got {found[field_name]}")
                return
            move[key_name] = int(found[field_name]) - 1
    if found.get("card") is not None:
        value_card = int(found["card"])
        if card == "remplacer":
            move["with"] = value_card
        elif card == "negatif_positif":
            move["chosen"] = value_card
        else:  # glisser naming the card by value: located at replay time
            example.slides.append((len(example.turns) - 1, name, value_card, number))
    specials[name] = move


def _row_list(value, number, fail):
    """`rangée 2`, `rangées 1 et 3`, `rangées 1, 2 et 4` or `aucune` → [rows] (1-based)."""
    text = value.strip()
    if text in ("aucune", "aucun"):
        return []
    match = re.match(rf"^{_ROW}s?\s+(?P<rows>[\d ,et]+)$", text)
    rows = re.split(r"\s*(?:,|\bet\b)\s*", match["rows"].strip()) if match else []
    if not rows or not all(CARD_RE.match(r) and 1 <= int(r) <= MAX_ROWS for r in rows):
        fail(number, f"{text!r} must read 'rangée R', 'rangées R et R' or 'aucune'")
        return None
    return sorted(int(r) for r in rows)


def _parse_penalties(example, value, number, fail):
    if example.penalties_line:
        fail(number, "'attendu pénalités:' is given twice")
        return
    example.penalties_line = number
    for part in _split_list(value):
        pair = _name_number(part, number, fail, "Nom N", signed=True)
        if pair is not None:
            example.expected_penalties[pair[0]] = (pair[1], number)


def _split_list(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]


def _name_number(part, number, fail, shape, signed=False):
    """`Alice 37` → ("Alice", 37); penalties may be negative (Négatif = positif)."""
    match = _NAME_NUMBER_RE.match(part)
    digits = match["number"].removeprefix("-") if match and signed else (match and match["number"])
    if not match or not CARD_RE.match(digits):
        fail(number, f"{part!r} must read '{shape}' (a name, a space, a number)")
        return None
    return match["name"], int(match["number"])


def _row_number(text, number, fail):
    if not CARD_RE.match(text) or not 1 <= int(text) <= MAX_ROWS:
        fail(number, f"row number {text!r} must be between 1 and {MAX_ROWS}")
        return None
    return int(text)


def _cards(value, number, fail):
    cards = []
    for token in value.split():
        if not CARD_RE.match(token) or not 1 <= int(token) <= HIGHEST:
            fail(number, f"{token!r} is not a card (a number from 1 to {HIGHEST})")
            return None
        cards.append(int(token))
    return cards


# --- replay and check -------------------------------------------------------------------

ENGINE_HINTS = {
    "missing_choice": "add a line 'choix: Nom rangée R' under that 'tour:' line",
    "bad_choice": "in 'choix:', rows are counted from 1 as readers count them",
    "useless_choice": "remove that 'choix:' line: the card is not lower than every row",
}
"""The engine speaks in scenario terms (0-based rows); these hints translate for authors."""


def replay_example(example: Example, problems: list[Problem]) -> list[dict] | None:
    """Replay with the engine; an engine refusal is an author error at the block's line."""
    from game.errors import GameError
    from game.classic.replay import replay

    try:
        resolve_slides(example, replay)
        return replay(example.scenario())
    except GameError as error:
        hint = ENGINE_HINTS.get(getattr(error, "code", None))
        problems.append(Problem(example.path, example.line,
                                f"example {example.id}: the engine refuses it: {error}"
                                + (f" ({hint})" if hint else "")))
        return None


def resolve_slides(example: Example, replay) -> None:
    """`glisser 27 vers …`: find card 27 on the table as the turn starts (engine's 0-based
    row and index); a card that is not there is left for the engine to refuse."""
    for turn_index, name, card, _line in example.slides:
        before = dict(example.scenario(), turns=example.turns[:turn_index])
        rows = replay(before)[-1]["rows"] if turn_index else before["rows"]
        where = [(r, i) for r, row in enumerate(rows) for i, c in enumerate(row) if c == card]
        move = example.turns[turn_index]["specials"][name]
        move["from_row"], move["from_index"] = where[0] if where else (-1, -1)


def check_expected(example: Example, steps: list[dict], problems: list[Problem]) -> None:
    """Every `attendu` line must match the last step; say what the engine got instead."""
    final = steps[-1]
    rows = final["rows"]
    for row, (cards, number) in sorted(example.expected_rows.items()):
        got = rows[row - 1] if row <= len(rows) else None
        if got != cards:
            got_text = "no such row" if got is None else _cards_text(got)
            problems.append(Problem(example.path, number,
                                    f"attendu rangée {row}: expected {_cards_text(cards)}, "
                                    f"the engine got {got_text}"))
    for key, expected, word in (("marked", example.expected_marked, "marqueurs"),
                                ("stopped", example.expected_stopped, "stops")):
        if expected is not None:
            got = sorted(r + 1 for r in final.get(key, []))
            if got != expected[0]:
                problems.append(Problem(example.path, expected[1],
                                        f"attendu {word}: expected rows {expected[0] or 'none'}, "
                                        f"the engine got {got or 'none'}"))
    penalties = final["penalties"]
    for name, (heads, number) in sorted(example.expected_penalties.items()):
        if name not in penalties:
            problems.append(Problem(example.path, number,
                                    f"attendu pénalités: {name} does not play in this example "
                                    f"(players: {', '.join(sorted(penalties))})"))
        elif penalties[name] != heads:
            problems.append(Problem(example.path, number,
                                    f"attendu pénalités: expected {name} {heads}, "
                                    f"the engine got {name} {penalties[name]}"))


def _cards_text(cards) -> str:
    return " ".join(map(str, cards)) or "an empty row"


# --- markup --------------------------------------------------------------------------------

def example_html(example: Example, steps: list[dict]) -> str:
    """The static markup of CONTRIBUTING.md « Example markup », one <li> per step."""
    if example.has_specials:  # the variant's drawing adds the special card, markers and Stops
        from game.specials.draw import step_html
    else:
        from game.classic.draw import step_html

    scenario = json.dumps(example.scenario(), ensure_ascii=False, separators=(",", ":"))
    anchor = f"exemple-{example.id}"
    items = []
    for step in steps:
        n = step["n"]
        items.append(
            f'<li class="etape" id="{anchor}-etape-{n}" data-step="{n}" '
            f'data-kind="{html.escape(step["kind"])}">{step_html(step)}</li>'
        )
    return (
        f'<section class="exemple" id="{anchor}" data-exemple="{html.escape(example.id)}" '
        f'data-scenario="{html.escape(scenario, quote=True)}"'
        + (' data-variant="speciales"' if example.has_specials else "")
        + f' aria-label="Exemple {example.id}">\n'
        f'<ol class="etapes">\n' + "\n".join(items) + "\n</ol>\n"
        + (comparison_html(example) if example.has_specials else choices_html(example.scenario(), steps)) + "</section>"
    )


def comparison_html(example: Example) -> str:
    """« Et si je ne jouais pas ma carte spéciale ? »: heads with and without, computed now
    by the engine for each player who played a special card, so the page never guesses."""
    from game.messages.specials import comparison_text
    from game.specials.scenario import compare

    scenario = example.scenario()
    result = compare(scenario)
    players = [name for turn in scenario["turns"] for name in turn.get("specials", {})]
    lines = "".join(
        f"<li>{html.escape(comparison_text(name, result['with'][name], result['without'][name]))}</li>"
        for name in dict.fromkeys(players))
    return ('<aside class="encadre encadre-comparaison comparaison">\n'
            '<p class="encadre-titre">Et si je ne jouais pas ma carte spéciale\u00a0?</p>\n'
            f'<ul>{lines}</ul>\n</aside>\n')


def parse_rows_block(path: Path, fence_line: int, body: list[str],
                     problems: list[Problem]) -> list[list[int]] | None:
    """A ```rangees block: one row per line, cards separated by spaces."""
    before = len(problems)
    rows = []

    def fail(number, message):
        problems.append(Problem(path, number, message))

    for offset, raw in enumerate(body):
        number = fence_line + 1 + offset
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        cards = _cards(text, number, fail)
        if cards is None:
            continue
        if cards != sorted(cards):
            fail(number, f"a row must be in ascending order: {text}")
        rows.append(cards)
    if not rows and len(problems) == before:
        fail(fence_line, "a 'rangees' block needs at least one row of cards")
    if len(rows) > MAX_ROWS:
        fail(fence_line, f"a 'rangees' block has at most {MAX_ROWS} rows, got {len(rows)}")
    return rows if len(problems) == before else None


def rows_html(rows: list[list[int]]) -> str:
    """A static table drawn by the engine's one renderer."""
    from game.classic.draw import table_svg

    return f'<figure class="rangees">{table_svg(rows)}</figure>'


def heads_table_html() -> str:
    """The 104 cards with their heads, then the count per value and the total, all from game/."""
    from game.classic.cards import heads
    from game.classic.draw import card_svg

    cards = "".join(f"<li>{card_svg(card)}</li>" for card in range(1, HIGHEST + 1))
    counts: dict[int, int] = {}
    for card in range(1, HIGHEST + 1):
        counts[heads(card)] = counts.get(heads(card), 0) + 1
    body = "".join(
        f"<tr><td>{value}</td><td>{count}</td><td>{value * count}</td></tr>"
        for value, count in sorted(counts.items())
    )
    total_cards = sum(counts.values())
    total_heads = sum(value * count for value, count in counts.items())
    return (
        '<figure class="table-des-tetes">\n'
        f'<ul class="cartes" aria-label="Les {total_cards} cartes et leurs têtes de bœuf">'
        f"{cards}</ul>\n"
        '<table class="decompte">\n'
        "<caption>Têtes de bœuf par carte</caption>\n"
        '<thead><tr><th scope="col">Têtes par carte</th><th scope="col">Cartes</th>'
        '<th scope="col">Têtes en tout</th></tr></thead>\n'
        f"<tbody>{body}</tbody>\n"
        f'<tfoot><tr><th scope="row">Total</th><td>{total_cards}</td><td>{total_heads}</td></tr>'
        "</tfoot>\n</table>\n</figure>"
    )


def special_cards_html() -> str:
    """The seven special cards of « 6 qui surprend ! », drawn by the engine (each card carries its
    name, drawn and in its <title>)."""
    from game.specials.cards import KINDS
    from game.specials.draw import special_card_svg

    cards = "".join(
        f"<li>{special_card_svg(kind)}</li>"
        for kind in KINDS)
    return ('<figure class="cartes-speciales">\n'
            f'<ul class="cartes" aria-label="Les {len(KINDS)} cartes spéciales">{cards}</ul>\n'
            "</figure>")
