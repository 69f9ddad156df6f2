"""Issue 26's wording fixes, each read on the built page (item numbers are the issue's)."""

from __future__ import annotations

import html as html_lib
import json
import re
from pathlib import Path

import pytest

from game.classic import cards as classic_cards
from game.classic.play import OPTIONS, Options
from game.classic.replay import replay as classic_replay
from game.messages.specials import comparison_text
from game.specials.cards import ROUNDS
from game.specials.replay import compare

ROOT = Path(__file__).resolve().parents[2]


def page(site, url: str) -> str:
    return (site / url / "index.html").read_text(encoding="utf-8")


def text(fragment: str) -> str:
    fragment = re.sub(r"<(script|style)\b.*?</\1>", " ", fragment, flags=re.S)
    plain = html_lib.unescape(re.sub(r"<[^>]+>", "", fragment))
    return re.sub(r"[\s\u00a0\u202f]+", " ", plain)


def article(site, url: str) -> str:
    html = page(site, url)
    return html[re.search(r'<article class="page"[^>]*>', html).end():html.index("</article>")]


def section(html: str, anchor: str) -> str:
    start = re.search(rf'<h([234]) id="{anchor}"', html)
    level = int(start[1])
    end = re.compile("|".join(f"<h{n}[ >]" for n in range(2, level + 1))).search(html, start.end())
    return html[start.start():end.start() if end else len(html)]


def example(html: str, anchor: str) -> tuple[dict, str]:
    start = html.index(f'id="{anchor}"')
    sec = html[html.rindex("<section", 0, start):html.index("</section>", start)]
    scenario = json.loads(html_lib.unescape(re.search(r'data-scenario="([^"]*)"', sec)[1]))
    return scenario, sec


def test_1_the_stop_comparison_calls_chloes_extra_head_her_choice(built_site):
    scenario, sec = example(page(built_site, "variantes/cartes-speciales"), "exemple-speciale-stop")
    result = compare(scenario)
    assert result["with"]["Chloé"] > result["without"]["Chloé"] == result["cheapest"]["Chloé"]
    lines = [html_lib.unescape(li) for li in re.findall(r"<li>(.*?)</li>", sec.split('comparaison">')[1])]
    chloe = [line for line in lines if line.startswith("Sans carte spéciale, Chloé")]
    assert chloe == [comparison_text("Chloé", result["with"]["Chloé"], result["without"]["Chloé"],
                                     ("Alice",), result["cheapest"]["Chloé"])]
    assert "vient de son choix" in chloe[0] and "lui coûte" not in chloe[0]


def test_3_tactique_says_every_card_is_in_play(built_site):
    body = text(section(article(built_site, "variantes/tactique-logique"), "tactique"))
    assert "vous savez exactement ce qui reste" not in body
    assert "toutes sont distribuées : aucune ne reste dans la boîte" in body
    deck = Options(variant="tactique").deck(3)
    assert deck == list(range(1, 35)) and len(deck) == 3 * 10 + 4   # 30 in hands, 4 on the table


def test_4_logique_says_who_picks_first_and_which_way(built_site):
    body = text(section(article(built_site, "variantes/tactique-logique"), "logique"))
    assert "À la première manche, convenez de qui choisit en premier" in body
    assert "en tournant vers la gauche (dans le sens des aiguilles d’une montre)" in body
    assert "c’est le voisin de gauche de celui qui a commencé à la manche précédente" in body


@pytest.mark.parametrize("n", [1, 2, 3])
def test_6_examples_1_to_3_say_only_the_card_that_matters_is_shown(built_site, n):
    html = article(built_site, f"exemples/exemple-{n}")
    scenario, _ = example(html, f"exemple-{n}")
    assert [len(turn["plays"]) for turn in scenario["turns"]] == [1]   # one card drawn
    assert "Les autres joueurs posent aussi une carte à ce tour, mais seule celle" in text(html)
    index = text(article(built_site, "exemples"))
    assert "Les exemples 1 à 3 ne montrent que la carte qui compte" in index


def test_6_examples_4_to_6_do_show_every_players_card(built_site):
    for n in (4, 5, 6):
        scenario, _ = example(article(built_site, f"exemples/exemple-{n}"), f"exemple-{n}")
        assert all(len(turn["plays"]) == 4 for turn in scenario["turns"]), n


def test_7_the_sixth_card_draws_the_four_rows_and_the_engine_agrees(built_site):
    figures = re.findall(r'<figure class="rangees">.*?</figure>',
                         section(article(built_site, "regles"), "la-sixieme-carte"), re.S)
    tables = [[[int(c) for c in re.findall(r'data-card="(\d+)"', row)]
               for row in re.split(r'<g data-row="\d+"', fig)[1:]] for fig in figures]
    assert [len(t) for t in tables] == [4, 4]
    before, after = tables
    steps = classic_replay({"rows": before, "turns": [{"plays": {"Vous": 31}}]}, draw=False)
    assert steps[-1]["rows"] == after and steps[-1]["penalties"] == {"Vous": 7}


def test_8_junior_expert_compares_with_the_last_card_of_the_row(built_site):
    body = text(article(built_site, "junior"))
    assert "Une carte ne va que sur une rangée dont la dernière carte partage une vache avec elle" in body
    assert "ne va que sur une carte qui partage" not in body


@pytest.mark.parametrize("url", ["outils", "outils/jouer"])
def test_9_the_tools_name_tactique_and_logique(built_site, url):
    html = article(built_site, url)
    assert "variante Pro" not in text(html)
    assert re.search(r'<a href="\.\./(\.\./)?variantes/tactique-logique/">Tactique ou Logique</a>', html)


def test_11_the_game_stops_when_someone_reaches_66(built_site):
    body = text(section(article(built_site, "regles"), "fin-de-partie"))
    assert "passe 66" not in body
    assert "même si quelqu’un atteint 66 têtes dès le troisième tour" in body


def test_12_the_glossary_game_entry_holds_for_every_ending(built_site):
    entry = re.search(r"<li><strong>Partie</strong>.*?</li>", article(built_site, "glossaire"), re.S)[0]
    body = text(entry)
    assert ROUNDS == 2 and "Avec les cartes spéciales, elle dure exactement deux manches" in body
    # Both other endings are the classic game's options (the special cards play two rounds).
    assert {"target", "rounds"} <= set(OPTIONS)
    assert "Dans le jeu classique, on peut aussi convenir d’un autre seuil ou d’un nombre fixe de manches" in body
    assert "Dans la règle du jeu classique, elle s’arrête" in body


def test_15_static_steps_count_from_zero_as_the_player_does(built_site):
    """Each step's label reads its data-step (the browser check: test_player_built.py,
    test_an_example_page_does_not_move_when_its_player_starts), numbered from 0 as the player's
    position is."""
    from game.messages.scripts import STEP_PLAYER   # the player's words (js/mots-data.js)
    assert STEP_PLAYER["position_start"] == "Au départ (étape 0 sur {last})"
    assert STEP_PLAYER["position"] == "Étape {k} sur {last}"
    html = page(built_site, "exemples/exemple-3")
    steps = [int(s) for s in re.findall(r'<li class="etape" id="exemple-3-etape-\d+" data-step="(\d+)"', html)]
    assert steps == list(range(len(steps)))


def test_16_the_printable_sheet_has_a_column_for_every_player(built_site):
    sheet = re.search(r'<table class="feuille-vierge">.*?</table>', page(built_site, "outils/compteur"), re.S)[0]
    heads = re.findall(r'<th scope="col">([^<]*)</th>', sheet)
    assert heads[0] == "Manche" and len(heads) - 1 == classic_cards.MAX_PLAYERS
    for row in re.findall(r"<tr><th scope=\"row\">.*?</tr>", sheet):
        assert row.count("<td></td>") == classic_cards.MAX_PLAYERS


def test_17_one_word_for_the_stickers_and_no_nous(built_site):
    for path in sorted(built_site.rglob("index.html")):
        html = path.read_text(encoding="utf-8")
        if '<article class="page"' not in html:
            continue
        body = text(html[html.index('<article class="page"'):html.index("</article>")])
        assert "gommette" not in body, path
        assert not re.search(r"\b[Nn]ous\b", body), path
    assert "autocollants en relief" in text(article(built_site, "sources"))


def test_18_and_19_home_and_tools_wording(built_site):
    home = text(article(built_site, ""))
    assert "les explique tous" not in home and "Le glossaire explique chaque mot du jeu" in home
    tools = text(article(built_site, "outils"))
    assert "ils ne voient que la table, jamais votre main" in tools


@pytest.mark.parametrize("level", ["base", "avance", "expert"])
def test_5_junior_examples_say_their_table_is_simplified(built_site, level):
    html = article(built_site, f"junior/{level}")
    sections = re.findall(r'<section class="exemple" data-variant="junior".*?</section>', html, re.S)
    assert sections
    for sec in sections:
        intro = sec[:sec.index('<ol class="etapes">')]
        assert "Situation simplifiée : seules les cartes utiles à l’exemple sont dessinées" in text(intro)


def test_2_a_long_row_cheaper_than_one_card_is_a_real_pair(built_site):
    body = text(article(built_site, "tetes-de-boeuf"))
    assert "la rangée 51 52 53 54 coûte 4 têtes, le 55 seul en coûte 7" in body
    assert sum(classic_cards.heads(c) for c in (51, 52, 53, 54)) == 4 and classic_cards.heads(55) == 7
    assert "Une longue rangée peut coûter moins cher qu’une seule carte. Voir l’exemple 3." not in body


def test_10_the_doublets_reading_is_warned_against(built_site):
    body = text(article(built_site, "tetes-de-boeuf"))
    assert "le 55 porte 7 têtes : lisez le tableau ci-dessus dans l’ordre" in body
    assert [classic_cards.heads(c) for c in (11, 22, 55, 10, 15)] == [5, 5, 7, 3, 2]
