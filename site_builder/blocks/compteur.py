"""```compteur (empty body): the score sheet as a reader with no sheet yet first sees it.

js/compteur.js fills this markup in (the stored sheet, the reader's names) instead of drawing
the tool from nothing after the page has painted, so the text below the tool does not move when
the script starts. Its words are game/messages/blocks.py COMPTEUR, and the script's own where the
script rewrites them (scripts.py SCORE_SHEET); its numbers are the engine's, as js/tetes.json
gives them to the script.
"""

from __future__ import annotations

from game import variants
from game.messages import blocks as say
from game.messages.scripts import SCORE_SHEET
from game.messages.typography import count, number

from . import register_drawing
from .markup import render


def compteur() -> str:
    classic = variants.get("classic").tool_numbers()
    specials = variants.get("speciales").tool_numbers()
    fill = {"players": count(variants.get("classic").min_players, "joueur"),
            "rounds": count(specials["end"]["rounds"], "manche", feminine=True),
            "minus_three": number(-3)}
    return render("compteur.html", words=SCORE_SHEET, page=say.COMPTEUR,
                  target=classic["end"]["target"],
                  no_players=SCORE_SHEET["no_players"].format_map(fill),
                  specials=say.COMPTEUR["specials"].format_map(fill))


register_drawing("compteur", compteur)
