"""With special cards a card that is not the lowest of the turn can be too low (a Stop closes
the only row it could follow): « Les règles » and the special cards page say so, and the page
shows it as a replayed example (issue 26)."""

from __future__ import annotations

import re

from .test_content_facts import visible_text


def page_text(site, url):
    return visible_text(site / url / "index.html")


def test_the_rules_page_no_longer_says_only_the_lowest_card_can_be_too_low(built_site):
    text = page_text(built_site, "regles")
    assert "Dans le jeu classique, seule la plus petite carte" in text
    html = (built_site / "regles" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'href="[^"]*variantes/cartes-speciales/#trop-faible-apres-une-carte-speciale"', html)


def test_the_special_cards_page_replays_a_too_low_card_after_a_stop(built_site):
    html = (built_site / "variantes" / "cartes-speciales" / "index.html").read_text(encoding="utf-8")
    assert 'id="trop-faible-apres-une-carte-speciale"' in html
    start = html.index('id="exemple-speciale-trop-faible"')
    section = html[start:html.index("</section>", start)]
    assert 'data-variant="speciales"' in section
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section))
    # The engine's own caption: the 15 (not the lowest card of the turn) finds no open row.
    assert "Le 15 est plus petit que la dernière carte de chaque rangée ouverte" in text
    assert "Bruno ramasse la rangée 3" in text
