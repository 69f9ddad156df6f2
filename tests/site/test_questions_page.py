"""« Questions fréquentes » (issue 26): each table dispute answered under its own anchor with a
link to the rule that settles it, and the « En classe » figures checked against the engine."""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from game.classic import cards as classic_cards
from game.classic.play import Options
from game.classic.state import ClassicState
from game.junior import cows
from game.specials.cards import NEGATIVE, STOP
from game.specials.moves import Refused
from game.specials.round import SpecialRound
from game.state import simulate
from site_builder.blocks.markup import PLAYER_WORDS

PAGE = "questions/"
DISPUTES = ["choisir-ou-va-ma-carte", "regarder-ma-pile", "deux-cartes-egales",
            "logique-qui-choisit-en-premier", "carte-speciale-impossible"]
RULE_PAGES = ("regles/", "variantes/", "junior/")


def page_html(site: Path, url: str) -> str:
    return (site / url / "index.html").read_text(encoding="utf-8")


def flat(fragment: str) -> str:
    text = html_lib.unescape(re.sub(r"<[^>]+>", "", fragment))
    return re.sub(r"[\s\u00a0\u202f]+", " ", text)


def answer(html: str, anchor: str) -> str:
    """The markup from the heading `anchor` to the next heading of the same or a higher level."""
    start = re.search(rf'<h([23]) id="{anchor}"', html)
    assert start, f"no heading #{anchor}"
    level = int(start[1])
    end = re.compile("|".join(f"<h{n}[ >]" for n in range(2, level + 1))).search(html, start.end())
    return html[start.start():end.start() if end else html.index("</article>")]


def rule_links(fragment: str) -> list[str]:
    """The answer's links to another page's anchor (the heading's own permalink left out)."""
    hrefs = re.findall(r'<a href="([^"]+)"', re.sub(r'<a [^>]*class="headerlink"[^>]*>', "", fragment))
    return [h for h in hrefs if "#" in h and not h.startswith("#")]


@pytest.mark.parametrize("anchor", DISPUTES)
def test_each_dispute_has_its_anchor_and_a_link_to_the_rule_that_settles_it(built_site, anchor):
    fragment = answer(page_html(built_site, PAGE), anchor)
    assert flat(fragment).split("#")[0].rstrip().endswith("?"), "the heading is the question"
    links = rule_links(fragment)
    assert links, f"#{anchor} links to no rule"
    base = f"https://x/depot/{PAGE}"
    for href in links:
        target = urlparse(urljoin(base, href))
        path = target.path.removeprefix("/depot/")
        assert path.startswith(RULE_PAGES), f"#{anchor}: {href} is not a rule page"
        assert f'id="{target.fragment}"' in page_html(built_site, path), f"{href}: no such anchor"


def test_the_page_is_listed_with_the_annexes_and_linked_from_home(built_site):
    glossary = page_html(built_site, "glossaire/")
    annexes = re.search(r'<nav class="sommaire-section".*?</nav>', glossary, re.S)[0]
    assert '<a href="../questions/">Questions fréquentes</a>' in annexes
    assert 'href="questions/">questions fréquentes</a>' in page_html(built_site, "")


def test_choosing_where_a_card_goes_is_refused_except_for_a_too_low_card(built_site):
    text = flat(answer(page_html(built_site, PAGE), "choisir-ou-va-ma-carte"))
    assert text.split("?", 1)[1].lstrip(" #").startswith("Non.")
    assert "La seule exception est la carte trop faible" in text
    assert "vous choisissez alors la rangée que vous ramassez, n’importe laquelle" in text


def test_equal_cards_cannot_meet_because_every_number_is_unique(built_site):
    deck = classic_cards.classic_deck()
    assert len(deck) == len(set(deck)) == 104
    text = flat(answer(page_html(built_site, PAGE), "deux-cartes-egales"))
    assert "les 104 cartes portent chacune un numéro différent" in text
    assert "chacun pose sa carte à son tour" in text   # Junior: identical cows, one player at a time


def test_logique_first_picker_and_direction_are_the_engines(built_site):
    text = flat(answer(page_html(built_site, PAGE), "logique-qui-choisit-en-premier"))
    assert "Dans « Jouer une manche », c’est vous." in text
    assert "À la manche suivante, le voisin de gauche du premier joueur commence" in text
    players = ["vous", "gauche", "face", "droite"]
    game = ClassicState(players, variant="logique", seed=3)
    assert game.round.draft["order"] == players   # round 1: the first seat (the reader)
    game.round = None
    game.history.append({p: 0 for p in players})
    assert game.new_round().draft["order"] == players[1:] + players[:1]   # then one seat left


def test_a_special_card_that_cannot_apply_stays_in_the_hand(built_site):
    text = flat(answer(page_html(built_site, PAGE), "carte-speciale-impossible"))
    assert "elle reste dans votre main pour plus tard" in text
    assert "Vous seul décidez de jouer ou non une de vos cartes spéciales" in text
    rnd = SpecialRound(["a", "b"], {"a": [30, 31], "b": [60, 61]}, {"a": [NEGATIVE], "b": [STOP]},
                       [[10], [20], [40], [50]], log=[])
    rnd.reveal({"a": 30, "b": 60})
    with pytest.raises(Refused):   # Négatif = positif while taking nothing
        rnd.resolve({"card": NEGATIVE, "chosen": 20})
    assert rnd.specials["a"] == [NEGATIVE] and rnd.table.rows == [[10], [20], [40], [50]]
    assert rnd.resolve(None) and rnd.table.rows[1] == [20, 30]   # the number card, normally


def test_the_class_figures_add_up_and_fit_the_player_limits(built_site):
    text = flat(answer(page_html(built_site, PAGE), "combien-de-boites"))
    low, high = classic_cards.MIN_PLAYERS, classic_cards.MAX_PLAYERS
    assert f"Le jeu se joue de {low} à {high} joueurs" in text
    assert "formez 5 tables de 5 élèves, soit 5 boîtes" in text and 5 * 5 == 25
    assert "3 tables de 7 et une de 4 demandent une boîte de moins" in text and 3 * 7 + 4 == 25
    assert all(low <= n <= high for n in (5, 7, 4))
    assert f"se joue de {cows.MIN_PLAYERS} à {cows.MAX_PLAYERS}" in text and cows.MAX_PLAYERS >= 5
    tactique = flat(answer(page_html(built_site, PAGE), "ce-que-le-jeu-fait-travailler"))
    assert f"on ne garde que les cartes de 1 à {Options(variant='tactique').deck(5)[-1]}" in tactique


def test_the_round_counts_stated_are_what_five_players_really_take(built_site):
    text = flat(answer(page_html(built_site, PAGE), "combien-de-temps"))
    assert "dure en moyenne près de quatre manches à cinq joueurs" in text
    assert "jusqu’à 33 têtes, deux manches environ" in text
    to_66 = simulate("classic", players=5, games=300, seed=1, bot="heuristic")
    to_33 = simulate("classic", players=5, games=300, seed=1, bot="heuristic", options={"target": 33})
    assert 3.4 <= to_66["rounds_per_game"] < 4.0
    assert 1.6 <= to_33["rounds_per_game"] < 2.4


def test_the_quiz_and_what_if_are_described_with_the_players_own_words(built_site):
    text = flat(answer(page_html(built_site, PAGE), "le-quiz-et-et-si"))
    script = " ".join(v for v in PLAYER_WORDS.values() if isinstance(v, str)).replace("\u00a0", " ")
    for label in ["Quiz : devinez où va chaque carte avant de la voir posée", "Rejouer avec ces cartes",
                  "Revenir à l’exemple", "Aucune rangée", "Où va la carte"]:
        assert label in text, label
        assert label in script, f"the player no longer says « {label} » (game/messages/)"
    # Offered on the classic examples the page names, and on no special-card or Junior one.
    for url in ["regles/", *(f"exemples/exemple-{n}/" for n in range(1, 7))]:
        assert 'data-variant="classic"' in page_html(built_site, url), url
    for url in ["variantes/cartes-speciales/", "junior/base/"]:
        assert 'data-variant="classic"' not in page_html(built_site, url), url


def test_the_session_plan_lasts_forty_five_minutes(built_site):
    plan = answer(page_html(built_site, PAGE), "une-seance-de-45-minutes")
    minutes = [int(m) for m in re.findall(r"<li><strong>[^<\d]*(\d+)\s*minutes", plan.replace("\u00a0", " "))]
    assert len(minutes) == 4 and sum(minutes) == 45
