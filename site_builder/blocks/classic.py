"""Worked examples: the ```exemple blocks of content/ (syntax in content/README.md), classic
and with special cards (`spéciale:` lines, « 6 qui surprend ! »).

A block is parsed into the engine's scenario format (CONTRIBUTING.md « Scenario format »),
replayed by its variant (`game.variants.of`), checked against its `attendu` lines, and rendered
as the markup the browser player expects (CONTRIBUTING.md « Example markup »). Authors count
rows from 1; the engine counts from 0: the conversion happens here and nowhere else.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field, replace

from game import variants
from game.classic.cards import HIGHEST
from game.classic.draw import table_svg
from game.classic.replay import replay as replay_classic
from game.errors import GameError
from game.messages import blocks as say
from game.messages import classic as choice_words

from . import register
from .lines import (EXPECT_ROW, ID, NUMBER_RE, ROW, ROW_CARDS, TITLE, LineReader, comma_list,
                    example_id, example_label, kind, name_number, row_number)
from .markup import Markup, example_section, render
from .tables import MAX_ROWS, cards as _cards

LINES = [
    ID, TITLE, replace(ROW_CARDS, required=True),
    kind("turn", "tour:", r"^tour\s*:\s*(?P<value>.*)$", required=True),
    kind("choice", "choix:", r"^choix\s*:\s*(?P<value>.*)$"),
    kind("special", "spéciale:", r"^sp[ée]ciale\s*:\s*(?P<value>.*)$"),
    EXPECT_ROW,
    kind("expect_penalties", "attendu pénalités:",
         r"^attendu\s+p[ée]nalit[ée]s\s*:\s*(?P<value>.*)$", single=True),
    kind("expect_marked", "attendu marqueurs:", r"^attendu\s+marqueurs?\s*:\s*(?P<value>.*)$",
         single=True),
    kind("expect_stopped", "attendu stops:", r"^attendu\s+stops?\s*:\s*(?P<value>.*)$",
         single=True),
]
# Special cards (« 6 qui surprend ! », game/specials/README.md): French words → engine moves.
_SPECIAL_RE = re.compile(
    r"^(?P<name>.+?)\s+(?P<kind>stop|5e\s+s[ée]rie|7\s+qui\s+prend|ins[ée]rer|remplacer|glisser"
    r"|n[ée]gatif\s*=\s*positif)(?:\s+(?P<rest>.*))?$")
_AT = rf"{ROW}\s+(?P<{{0}}row>\d+)\s+position\s+(?P<{{0}}index>\d+)"
_SPECIALS = {   # how its word starts → (its arguments, named as the engine's move, the card, shape)
    "stop": (rf"^{ROW}\s+(?P<row>\d+)$", "stop", "stop rangée R"),
    "5e": (r"^$", "cinquieme_serie", "5e série"),
    "7": (r"^$", "sept_qui_prend", "7 qui prend"),
    "ins": (rf"^{ROW}\s+(?P<row>\d+)\s+position\s+(?P<position>\d+)$", "inserer",
            "insérer rangée R position P"),
    "remplacer": (r"^par\s+(?P<card>\d+)$", "remplacer", "remplacer par C"),
    "glisser": (r"^(?:(?P<card>\d+)|" + _AT.format("from_") + r")\s+vers\s+" + _AT.format("to_")
                + "$", "glisser",
                "glisser C vers rangée R position P (or glisser rangée R position P vers …)"),
    "n": (r"^(?P<card>\d+)$", "negatif_positif", "négatif = positif C"),
}
_CHOICE_RE = re.compile(rf"^(?P<name>.+?)\s+{ROW}\s+(?P<row>\S+)$")


@dataclass
class Example:
    """One parsed ```exemple block, with the file line of everything to point back at it."""

    line: int                                   # the opening fence
    id: str = ""
    label: str = ""                             # the region's accessible name (example_label)
    rows: dict[int, list[int]] = field(default_factory=dict)        # 1-based
    turns: list[dict] = field(default_factory=list)                  # engine format
    expected_rows: dict[int, tuple[list[int], int]] = field(default_factory=dict)
    expected_penalties: dict[str, tuple[int, int]] = field(default_factory=dict)
    expected_marked: tuple[list[int], int] | None = None     # 1-based rows, line
    expected_stopped: tuple[list[int], int] | None = None
    slides: list[tuple[int, str, int, int]] = field(default_factory=list)
    """Glisser moves naming the card by value: (turn index, player, card, line), located on
    the table at the start of that turn by `resolve_slides`."""

    def scenario(self) -> dict:
        """The engine's scenario dict (rows 0-based, in order), naming its variant."""
        named = {"variant": "speciales"} if any("specials" in turn for turn in self.turns) else {}
        return {**named, "rows": [self.rows[r] for r in sorted(self.rows)], "turns": self.turns}

    @property
    def variant(self):
        return variants.of(self.scenario())


@register("exemple")
def render_example(body, fence_line, path, fail) -> str | None:
    """The handler of ```exemple: parse, replay, check, then the markup; None after an error."""
    example = parse_example(body, fence_line, fail)
    steps = None if example is None else replay_example(example, fail)
    if steps is None or not check_expected(example, steps, fail):
        return None
    return example_html(example, steps)


def parse_example(body: list[str], fence_line: int, fail) -> Example | None:
    """Parse a block whose first body line is line `fence_line + 1`; None if it has errors."""
    reader = LineReader(body, fence_line, fail, LINES, block="exemple")
    example = Example(fence_line)
    for line in reader.lines:  # in order: a 'choix:' or 'spéciale:' line belongs to the turn above
        if line.kind != "title":
            _PARSERS[line.kind](example, line, reader.fail)
    example.label = example_label(example.id, reader.one("title"), fence_line, reader.fail) or ""
    expected = list(range(1, len(example.rows) + 1))
    if not reader.errors and sorted(example.rows) != expected:
        reader.fail(fence_line, f"rows must be numbered 1 to {len(example.rows)} without gaps, "
                                f"got {', '.join(map(str, sorted(example.rows)))}")
    return None if reader.errors else example


def _parse_row(example, line, fail):
    row = row_number(line.match["row"], line.number, fail, MAX_ROWS)
    cards = _cards(line.value, line.number, fail)
    if row is None or cards is None:
        return
    if row in example.rows:
        fail(line.number, f"row {row} is given twice")
    elif not cards:
        fail(line.number, f"row {row} has no card")
    elif cards != sorted(cards):
        fail(line.number, f"row {row} must be in ascending order: {' '.join(map(str, cards))}")
    else:
        example.rows[row] = cards


def _parse_turn(example, line, fail):
    plays = {}
    for part in comma_list(line.value):
        pair = name_number(part, line.number, fail, "Nom carte")
        if pair is None:
            continue
        name, card = pair
        if not 1 <= card <= HIGHEST:
            fail(line.number, f"card {card} of {name} is not between 1 and {HIGHEST}")
        elif name in plays:
            fail(line.number, f"{name} plays twice in the same turn")
        else:
            plays[name] = card
    if not plays:
        fail(line.number, "'tour:' needs at least one 'Nom carte'")
    example.turns.append({"plays": plays, "choices": {}})


def _parse_choice(example, line, fail):
    number = line.number
    match = _CHOICE_RE.match(line.value)
    if not match:
        fail(number, f"'choix:' must read 'Nom rangée R', got {line.value!r}")
        return
    row = row_number(match["row"], number, fail, MAX_ROWS)
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


def _parse_special(example, line, fail):
    """`spéciale: Alice stop rangée 2`: the special card a player of the turn above plays."""
    number = line.number
    match = _SPECIAL_RE.match(line.value)
    if not match:
        fail(number, f"'spéciale:' must read 'Nom carte…' with one of: "
                     f"{'; '.join(shape for *_, shape in _SPECIALS.values())}; got {line.value!r}")
        return
    if not example.turns:
        fail(number, "'spéciale:' must follow the 'tour:' line it belongs to")
        return
    turn, name = example.turns[-1], match["name"]
    pattern, card, shape = next(v for k, v in _SPECIALS.items()
                                if match["kind"].lower().startswith(k))
    args = re.match(pattern, (match["rest"] or "").strip())
    if not args:
        fail(number, f"'spéciale: {name} {match['kind']}' must read '{name} {shape}'")
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
    value_card = found.pop("card", None)
    for key, value in found.items():   # rows and positions, 0-based for the engine
        if value is not None and int(value) < 1:
            fail(number, f"rows and positions are counted from 1, got {value}")
            return
        if value is not None:
            move[key] = int(value) - 1
    if value_card is not None and card == "glisser":   # by value: located at replay time
        example.slides.append((len(example.turns) - 1, name, int(value_card), number))
    elif value_card is not None:
        move["with" if card == "remplacer" else "chosen"] = int(value_card)
    specials[name] = move


def _parse_expected_row(example, line, fail):
    row = row_number(line.match["row"], line.number, fail, MAX_ROWS)
    cards = _cards(line.value, line.number, fail)
    if row is not None and cards is not None:
        if row in example.expected_rows:
            fail(line.number, f"row {row} is expected twice")
        example.expected_rows[row] = (cards, line.number)


def _parse_penalties(example, line, fail):
    for part in comma_list(line.value):
        pair = name_number(part, line.number, fail, "Nom N", signed=True)
        if pair is not None:
            example.expected_penalties[pair[0]] = (pair[1], line.number)


def _parse_row_list(attribute):
    """`rangée 2`, `rangées 1 et 3`, `rangées 1, 2 et 4` or `aucune` → ([rows], line), rows
    1-based."""
    def parse(example, line, fail):
        match = re.match(rf"^{ROW}s?\s+(?P<rows>[\d ,et]+)$", line.value)
        rows = re.split(r"\s*(?:,|\bet\b)\s*", match["rows"].strip()) if match else []
        if line.value in ("aucune", "aucun"):
            setattr(example, attribute, ([], line.number))
        elif rows and all(NUMBER_RE.match(r) and 1 <= int(r) <= MAX_ROWS for r in rows):
            setattr(example, attribute, (sorted(int(r) for r in rows), line.number))
        else:
            fail(line.number, f"{line.value!r} must read 'rangée R', 'rangées R et R' or 'aucune'")
    return parse


_PARSERS = {
    "id": lambda example, line, fail: setattr(example, "id", example_id(line, fail) or ""),
    "row": _parse_row, "turn": _parse_turn, "choice": _parse_choice,
    "special": _parse_special, "expect_row": _parse_expected_row,
    "expect_penalties": _parse_penalties, "expect_marked": _parse_row_list("expected_marked"),
    "expect_stopped": _parse_row_list("expected_stopped"),
}


# --- replay and check -------------------------------------------------------------------

ENGINE_HINTS = {
    "missing_choice": "add a line 'choix: Nom rangée R' under that 'tour:' line",
    "bad_choice": "in 'choix:', rows are counted from 1 as readers count them",
    "useless_choice": "remove that 'choix:' line: the card is not lower than every row",
}
"""The engine speaks in scenario terms (0-based rows); these hints translate for authors."""


def replay_example(example: Example, fail) -> list[dict] | None:
    """Replay with the example's variant; an engine refusal is an author error at the fence."""
    replay = example.variant.replay
    try:
        resolve_slides(example, replay)
        return replay(example.scenario())
    except GameError as error:
        hint = ENGINE_HINTS.get(getattr(error, "code", None))
        fail(example.line, f"example {example.id}: the engine refuses it: {error}"
                           + (f" ({hint})" if hint else ""))
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


def check_expected(example: Example, steps: list[dict], fail) -> bool:
    """Every `attendu` line must match the last step; say what the engine got instead.
    True when they all do."""
    errors = []

    def failed(number, message):
        errors.append(number)
        fail(number, message)

    final = steps[-1]
    rows = final["rows"]
    for row, (cards, number) in sorted(example.expected_rows.items()):
        got = rows[row - 1] if row <= len(rows) else None
        if got != cards:
            got_text = "no such row" if got is None else _cards_text(got)
            failed(number, f"attendu rangée {row}: expected {_cards_text(cards)}, "
                           f"the engine got {got_text}")
    for key, expected, word in (("marked", example.expected_marked, "marqueurs"),
                                ("stopped", example.expected_stopped, "stops")):
        if expected is not None:
            got = sorted(r + 1 for r in final.get(key, []))
            if got != expected[0]:
                failed(expected[1], f"attendu {word}: expected rows {expected[0] or 'none'}, "
                                    f"the engine got {got or 'none'}")
    penalties = final["penalties"]
    for name, (heads, number) in sorted(example.expected_penalties.items()):
        if name not in penalties:
            failed(number, f"attendu pénalités: {name} does not play in this example "
                           f"(players: {', '.join(sorted(penalties))})")
        elif penalties[name] != heads:
            failed(number, f"attendu pénalités: expected {name} {heads}, "
                           f"the engine got {name} {penalties[name]}")
    return not errors


def _cards_text(cards) -> str:
    return " ".join(map(str, cards)) or "an empty row"


# --- markup --------------------------------------------------------------------------------

def example_html(example: Example, steps: list[dict]) -> str:
    """The section of one classic or special-card example, with the boxes under its steps."""
    comparison = example.variant.comparison
    after = [Markup(comparison(example.scenario()) if comparison else choices_html(example.scenario(), steps))]
    return example_section(example.scenario(), anchor=f"exemple-{example.id}",
                           exemple=example.id, label=example.label, after=after,
                           explorer=True)


# --- every row a too-low card could take ----------------------------------------------------
# Each drawn as the table it leaves, who takes and how many heads: the example's choices
# readable without JavaScript and in print (the browser player lets readers try them).

def choices_html(scenario: dict, steps: list[dict]) -> str:
    """The « Tous les choix possibles » block of an example; "" when it has no row choice.

    Special-card examples are left out: their tables carry markers and Stops that this
    plain drawing does not show.
    """
    if scenario.get("variant") == "speciales" or any("specials" in t for t in scenario.get("turns", ())):
        return ""  # special cards: left to that variant's own drawing (see docstring)
    blocks = [_choice_block(scenario, step) for step in steps
              if step.get("choice") and step["choice"].get("chosen") is not None]
    return "".join(blocks)


def _choice_block(scenario: dict, step: dict) -> str:
    choice = step["choice"]
    player, card, turn = choice["player"], choice["card"], step["turn"]
    figures = []
    for option in choice["options"]:
        row = option["row"]
        shown = row == choice["chosen"]
        outcome = _outcome(scenario, turn, player, row)
        if outcome is None:
            continue
        rows, takes = outcome
        title = choice_words.option_title(player, row, shown)
        svg = table_svg(rows, placed=card, taken=row, limit=scenario.get("limit", 5), label=title)
        figures.append({"shown": shown, "svg": Markup(svg), "title": title,
                        "outcome": choice_words.option_outcome(player, takes)})
    intro = choice_words.choices_intro(player, card, len(choice["options"]))
    return render("choices.html", title=choice_words.CHOICES_TITLE, intro=intro, figures=figures,
                  nbsp=choice_words.NBSP) + "\n"


def _outcome(scenario: dict, turn: int, player: str, row: int):
    """(rows at the end of `turn`, [(player, row, heads) taken in that turn]) if `player` takes
    `row`; None when that choice makes the rest of the turn unplayable as written."""
    alt = copy.deepcopy(scenario)
    alt["turns"] = alt["turns"][:turn]
    alt["turns"][-1].setdefault("choices", {})[player] = row
    try:
        steps = replay_classic(alt, draw=False)
    except GameError:
        return None
    takes = [(e["player"], e["row"], e["heads"]) for s in steps if s["turn"] == turn
             for e in s["events"] if e["type"] == "take"]
    return steps[-1]["rows"], takes
