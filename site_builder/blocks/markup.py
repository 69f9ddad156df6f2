"""Block markup from the Jinja2 templates of templates/blocks/, with autoescape.

Everything a template prints is escaped unless it is `Markup` (the engine's SVG and step HTML,
passed on purpose). Escaping is spelled as `html.escape` spells it (`&quot;`, `&#x27;`), as the
builder always wrote it, so moving the markup into templates changed no byte of the pages.
"""

from __future__ import annotations

import html
import json
from functools import lru_cache
from pathlib import Path

import jinja2
from markupsafe import Markup

from game import variants, web
from game.explore.codec import links_for
from game.messages.blocks import PLAYER_CONTROLS
from game.messages.explore import OPEN_LINK
from game.messages.scripts import STEP_PLAYER

from . import SITE_ROOT

TEMPLATES = Path(__file__).resolve().parents[1] / "templates" / "blocks"
PLAYER_WORDS = {**STEP_PLAYER, **PLAYER_CONTROLS}
"""The player's words in its markup: the controls' own (written here only) and the position's
(which the script rewrites as the reader steps)."""


def _escape(value):
    if isinstance(value, str) and not isinstance(value, Markup):
        return Markup(html.escape(value, quote=True))
    return value


def environment(folder: Path, **settings) -> jinja2.Environment:
    """The templates of `folder` (the blocks' here, the pages' in render.py): an undefined name
    is an error, and a line holding only a tag leaves no blank line."""
    return jinja2.Environment(loader=jinja2.FileSystemLoader(folder), trim_blocks=True,
                              lstrip_blocks=True, undefined=jinja2.StrictUndefined, **settings)


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    return environment(TEMPLATES, autoescape=True, finalize=_escape)


def render(template: str, **context) -> str:
    """The HTML of `templates/blocks/<template>` (no trailing newline: blocks are inlined)."""
    return _environment().get_template(template).render(**context)


def example_section(scenario: dict, *, anchor: str, exemple: str, label: str,
                    after=(), note: str = "", variant_early: bool = False, explorer: bool = False) -> str:
    """CONTRIBUTING.md « Example markup »: one `<li>` per step, as the engine draws it for the
    browser player too (`game.web.steps_for`: the variant's `step_html` and, at a decision, its
    box); `note`: a sentence above the steps (Junior's « Situation simplifiée »); `after`: boxes
    (Markup) under the steps. `explorer`: link each step the explorer can open to its position.

    The player steps and chooses with no engine (site_builder/branches): each step's facts, and
    whether the page's choix.json holds this example's deviations. The engine's download, which
    the controls starting it announce, is filled in by the build (commands/build.py). Its
    controls are written here too, so the page does not move when the player starts; the quiz
    and « Et si… ? » speak of the classic game only."""
    from .. import branches

    variant = variants.of(scenario)
    steps = web.steps_for(scenario)   # each step as the browser player draws it, box included
    # the permalink and words of every step's position (game/explore/codec.py)
    links = (explorer and links_for(scenario, len(steps))) or [None] * len(steps)
    items = [{"n": step["n"], "kind": step["kind"], "html": Markup(step["html"]), "label": step["label"],
              "link": link and {"href": f"{SITE_ROOT}outils/explorer/#{link['fragment']}", "text": link["text"]}}
             for step, link in zip(steps, links)]
    facts = branches.steps_data(steps)
    player = {"steps": compact_json(facts), "download": "",
              "branches": branches.BRANCHES if branches.deviations(scenario, facts) else None}
    return render("example.html", anchor=anchor, exemple=exemple, scenario=compact_json(scenario),
                  variant=variant.name, variant_early=variant_early, label=label, steps=items,
                  note=note, after=list(after), player=player, open_link=OPEN_LINK,
                  words=PLAYER_WORDS, last=len(steps) - 1, classic=variant.name == variants.DEFAULT)


def compact_json(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
