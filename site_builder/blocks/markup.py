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

from game import variants
from game.explore.codec import links_for

TEMPLATES = Path(__file__).resolve().parents[1] / "templates" / "blocks"


def _escape(value):
    if isinstance(value, str) and not isinstance(value, Markup):
        return Markup(html.escape(value, quote=True))
    return value


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        finalize=_escape,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )


def render(template: str, **context) -> str:
    """The HTML of `templates/blocks/<template>` (no trailing newline: blocks are inlined)."""
    return _environment().get_template(template).render(**context)



def example_section(scenario: dict, steps: list[dict], *, anchor: str, exemple: str, label: str,
                    after=(), note: str = "", variant_early: bool = False, explorer: bool = False) -> str:
    """CONTRIBUTING.md « Example markup »: one `<li>` per step, drawn by the scenario's variant
    (the same `step_html` the browser player uses); `note`: a sentence above the steps (Junior's
    « Situation simplifiée »); `after`: boxes (Markup) under the steps.
    `explorer`: link the example to the explorer, each step to its position (game/explore),
    when the explorer can open the start."""
    variant = variants.of(scenario)
    data = json.dumps(scenario, ensure_ascii=False, separators=(",", ":"))
    # the permalink and words of every step's position (game/explore/codec.py)
    links = links_for(scenario, len(steps)) if explorer else None
    items = [{"n": step["n"], "kind": step["kind"], "html": Markup(variant.step_html(step))}
             for step in steps]
    player = player_data(scenario)
    return render("example.html", anchor=anchor, exemple=exemple, scenario=data,
                  variant=variant.name, variant_early=variant_early, label=label, steps=items,
                  note=note, after=list(after), explorer=links and _explorer_link(links),
                  player=player)


def player_data(scenario: dict) -> dict:
    """What the browser player steps and chooses with, no engine needed (site_builder/branches):
    each step's facts and whether the page's choix.json holds this example's deviations. The
    engine's download, which the controls starting it announce, is filled in by the build once
    it knows the browser assets (commands/build.py `announce_engine_download`)."""
    from .. import branches

    steps = branches.steps_data(scenario)
    return {"steps": json.dumps(steps, ensure_ascii=False, separators=(",", ":")),
            "branches": branches.BRANCHES if branches.has_deviations(scenario, steps) else None,
            "download": ""}


EXPLORER_PAGE = "outils/explorer/"


def _explorer_link(links: list) -> dict:
    from game.messages.explore import OPEN_LINK

    from . import SITE_ROOT
    start = links[0]
    return {"href": f"{SITE_ROOT}{EXPLORER_PAGE}#{start['fragment']}", "label": OPEN_LINK,
            "text": start["text"],
            "steps": json.dumps(links, ensure_ascii=False, separators=(",", ":"))}
