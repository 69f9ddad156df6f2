"""```compteur (empty body): the score sheet as a reader with no sheet yet first sees it.

js/compteur.js fills this markup in (the stored sheet, the reader's names) instead of drawing
the tool from nothing after the page has painted, so the text below the tool does not move when
the script starts. The words are the script's own (game/messages/scripts.py SCORE_SHEET) and the
numbers the engine's, as js/tetes.json gives them to the script.
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
    words = dict(SCORE_SHEET)
    fill = {"players": count(variants.get("classic").min_players, "joueur"),
            "rounds": count(specials["end"]["rounds"], "manche", feminine=True),
            "minus_three": number(-3)}
    return render("compteur.html", words=words, page=say.COMPTEUR, target=classic["end"]["target"],
                  no_players=words["no_players"].format_map(fill),
                  specials=words["specials"].format_map(fill))


register_drawing("compteur", compteur)
