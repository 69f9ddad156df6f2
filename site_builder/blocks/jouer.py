"""```jouer (empty body): « Jouer une manche »'s form, generated from the variant registry.

The variant menu lists every registered variant (a "choice" option whose field is "variante",
such as Junior's level, gives one entry per choice), the robot count goes up to the largest
table, and each option with an `input` gets its field with the engine's default and limits:
a new variant's options reach the form with no edit here nor in content/outils/jouer.md.
"""

from __future__ import annotations

import json

from game import variants
from game.messages import blocks as say

from . import SITE_ROOT, register_drawing
from .markup import PLAYER_WORDS, Markup, render

DEFAULT_BOTS = 3


def menu() -> list[tuple[str, str, str, int]]:
    """(value, data-options JSON or "", French label, most robots) of each entry of the variant
    menu: the robots are the variant's players but the reader (js/jouer.js offers no more)."""
    out = []
    for name in variants.names():
        variant = variants.get(name)
        robots = variant.max_players - 1
        split = [(key, spec) for key, spec in variant.options.items()
                 if spec.kind == "choice" and spec.field == "variante"]
        if not split:
            out.append((name, "", variant.menu or variant.title, robots))
            continue
        key, spec = split[0]
        out += [(f"{name}-{choice}", json.dumps({key: choice}, separators=(",", ":")), label, robots)
                for choice, label in zip(spec.choices, spec.labels or spec.choices)]
    return out


def fields() -> list[tuple[str, variants.Option]]:
    """(option name, spec) of every option the form shows, once each, in registry order."""
    seen: dict[str, tuple[str, variants.Option]] = {}
    for name in variants.names():
        for key, spec in variants.get(name).options.items():
            if spec.input and spec.input not in seen:
                seen[spec.input] = (key, spec)
    return list(seen.values())


def jouer_form() -> str:
    largest = max(variants.get(name).max_players for name in variants.names())
    return render("jouer_form.html", words=say.JOUER, root=Markup(SITE_ROOT), bots=range(1, largest),
                  default_bots=DEFAULT_BOTS, menu=menu(), fields=fields(), step_words=PLAYER_WORDS)


register_drawing("jouer", jouer_form)
