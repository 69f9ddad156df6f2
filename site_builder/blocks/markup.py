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
                    after=(), variant_early: bool = False) -> str:
    """CONTRIBUTING.md « Example markup »: one `<li>` per step, drawn by the scenario's variant
    (the same `step_html` the browser player uses); `after`: boxes (Markup) under the steps."""
    variant = variants.of(scenario)
    data = json.dumps(scenario, ensure_ascii=False, separators=(",", ":"))
    items = [{"n": step["n"], "kind": step["kind"], "html": Markup(variant.step_html(step))}
             for step in steps]
    return render("example.html", anchor=anchor, exemple=exemple, scenario=data,
                  variant=variant.name, variant_early=variant_early, label=label, steps=items,
                  after=list(after))
