"""The facts a careful reader checked against RULES.md and the seeds (issue 13), each pinned on
the built page where it belongs, so an edit that drops or reverts one fails here.

Each entry is a short phrase of the page's visible text (spaces of any kind read as one); the
list of absent phrases holds the sentences that were wrong and were removed. Prose has no
behaviour to check; a fact the engine words (the expert level's « Cartes ramassées » rather than
« Albums ») is checked on the engine's output instead (tests/game/junior/test_junior_messages.py).
"""

from __future__ import annotations

import html
import re

import pytest

PRESENT = {
    "regles/": [
        "| David | 5 | 11 | 16 |",   # the end-of-round table names every player
        "Chaque rangée ne contient qu’une carte : 11, 20, 33 et 47.",
        "Faites ramasser les autres.",
        "une rangée ne contient qu’une ou deux cartes à 1 tête",
    ],
    "glossaire/": ["Son joueur la joue au moment de poser sa carte numérotée"],
    "variantes/": ["« Variantes Pro »"],
    "variantes/cartes-speciales/": [
        "La 5ᵉ série peut aussi servir avec une carte trop faible",
        "ni avec une carte trop faible",
        "Un Stop peut être posé à côté d’un marqueur 7 qui prend.",
        "peut forcer un adversaire à ramasser",
    ],
    "sources/": ["« 66 oder mehr »", "« 2 à 10 joueurs »", "« annule »", "« pioche »",
                 "La carte trop faible, dans la règle courte"],
    "exemples/exemple-5/": ["ou atteindre une sixième carte, qui fait ramasser"],
    "exemples/exemple-6/": ["« 3e ligne (30,43,56) »", "le 55 ne peut jamais suivre le 56",
                            "« 35 s’aligne derrière 30 » : c’est faux si le 12 a ramassé la rangée du 30"],
}
ABSENT = {
    "junior/": ["Chaque niveau reprend le précédent et ajoute une difficulté"],
    "glossaire/": ["jouée en même temps qu’une carte numérotée"],
    "outils/compteur/": ["trois à six manches"],
}


def visible_text(page) -> str:
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
    text = re.sub(r"</t[dh]>\s*<t[dh][^>]*>", " | ", text)   # table cells read as « | a | b | »
    text = re.sub(r"<tr[^>]*>\s*<t[dh][^>]*>", "| ", text)
    text = re.sub(r"</t[dh]>\s*</tr>", " |", text)
    text = html.unescape(re.sub(r"<[^>]+>", "", text))
    return re.sub(r"[\s\u00a0\u202f]+", " ", text)


def _normal(phrase: str) -> str:
    return re.sub(r"[\s\u00a0\u202f]+", " ", phrase)


@pytest.mark.parametrize("url", sorted(set(PRESENT) | set(ABSENT)))
def test_each_checked_fact_is_on_its_page(built_site, url):
    text = visible_text(built_site / url / "index.html")
    missing = [p for p in PRESENT.get(url, []) if _normal(p) not in text]
    back = [p for p in ABSENT.get(url, []) if _normal(p) in text]
    assert not missing and not back, f"{url}: missing {missing}, wrong sentences back {back}"
