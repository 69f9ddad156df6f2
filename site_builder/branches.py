"""What the step player needs to step, choose a row and play the quiz with no engine download.

The build already replays every example with the engine; the browser's would answer the same.
So each example section carries `data-pas` (every step's decision and quiz facts: `steps_data`),
and each page holding a decision gets `choix.json` (`BRANCHES`): the worker's answer to every
single deviation from the example (one other row at one decision; in Junior, one card put in
another row, refusals included). A second deviation asks the engine. No rule here: every answer
is `game.web.handle`'s, byte for byte what the worker would post.
"""

from __future__ import annotations

import json
import re
from html import unescape

from game import web

BRANCHES = "choix.json"   # beside the page's index.html, fetched relative to the page
STEP_KEYS = ("n", "kind", "choice", "target")


def steps_data(page_steps: list[dict]) -> list[dict]:
    """Per step of `web.steps_for`: its number and kind, the decision (options, chosen, costs),
    the quiz's target, and `nrows` (rows on the table): what the player acts on, without markup
    or text (the page's steps already hold those)."""
    return [{key: step.get(key) for key in STEP_KEYS} | {"nrows": len(step["rows"])}
            for step in page_steps]


def deviations(scenario: dict, steps: list[dict]) -> list[tuple[int, int]]:
    """(step, row) of every single deviation the player offers: each other option of a row
    choice; in Junior, each other row for the card placed at a step (the engine may refuse it)."""
    junior = scenario.get("variant") == "junior"
    found = []
    for step in steps:
        if junior and step.get("target"):
            found += [(step["n"], r) for r in range(step["nrows"]) if r != step["target"]["row"]]
        elif not junior and step.get("choice"):
            choice = step["choice"]
            found += [(step["n"], o["row"]) for o in choice["options"] if o["row"] != choice.get("chosen")]
    return found


def branches(scenario: dict, steps: list[dict]) -> dict[str, dict]:
    """`"step:row"` → the worker's answer to `choose` (ok or refused; its steps' explorer links
    included)."""
    return {f"{n}:{row}": json.loads(web.handle(json.dumps({"type": "choose", "scenario": scenario,
                                                            "step": n, "row": row})))
            for n, row in deviations(scenario, steps)}


# The opening tag of an example section with deviations, as templates/blocks/example.html writes
# it (attributes escaped by the template, so no `"` inside a value).
_SECTION = re.compile(r'<section class="exemple"[^>]*? data-exemple="([^"]*)" data-scenario="([^"]*)"'
                      r'[^>]*? data-pas="([^"]*)" data-choix=')


def page_branches(page_html: str) -> str | None:
    """The text of a page's `choix.json` ({example id: branches}), or None when no example of
    the page offers a choice. The steps are the ones the page holds: no second replay."""
    data = {unescape(ident): branches(json.loads(unescape(scenario)), json.loads(unescape(steps)))
            for ident, scenario, steps in _SECTION.findall(page_html)}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) if data else None
