"""A refused Junior move: English in the engine, French for the reader from game.messages.

The rules raise GameError with a `code` and the `facts` of the refusal; game.messages words
them. The French sentences below are the ones readers saw when the rules wrote them directly.
"""

import json

import pytest
from junior_helpers import card, french, refused

from game.junior.rules import new_state
from game.web import handle


def base(deck):
    return new_state("base", ["Olivier", "Emma"], rows=[[card("A")], [card("F")], [], [card("C")]],
                     deck=deck)


AVANCE = new_state("avance", ["Olivier", "Emma"], rows=[[card("A")], [], [], []],
                   hands={"Olivier": [card("B"), card("AB")], "Emma": [card("C")]}, deck=[card("D")])
EXPERT = new_state("expert", ["Léa", "Tom"], rows=[[card("C")], [], [card("D")], [card("EF")]],
                   hands={"Léa": [card("A"), card("DEF")], "Tom": [card("B")]})

CASES = [
    ("junior_over", (base([]), "Olivier", card("F", 1), 0), "La partie est terminée."),
    ("junior_unknown_player", (base([card("F", 1)]), "Zoé", card("F", 1), 0),
     "Zoé ne joue pas dans cette partie (joueurs\u00a0: Olivier et Emma)."),
    ("junior_not_your_turn", (base([card("F", 1)]), "Emma", card("F", 1), 0),
     "Ce n’est pas à Emma de jouer\u00a0: c’est au tour d’Olivier."),
    ("junior_no_such_row", (base([card("F", 1)]), "Olivier", card("F", 1), 4),
     "Il n’y a pas de rangée 4\u00a0: les rangées sont numérotées de 0 à 3 dans le scénario."),
    ("junior_not_top_card", (base([card("F", 1)]), "Olivier", card("B"), 0),
     f"Au jeu de base, Olivier joue la carte du dessus de la pioche (carte {card('F', 1)}, Écosse), "
     f"pas la carte {card('B')}."),
    ("junior_not_in_hand", (AVANCE, "Olivier", card("C"), 0),
     f"La carte Inde ({card('C')}) n’est pas dans la main d’Olivier."),
    ("junior_not_in_hand", (AVANCE, "Olivier", True, 0), "La 'True' n’est pas dans la main d’Olivier."),
    ("junior_no_new_cow", (base([card("F", 1)]), "Olivier", card("F", 1), 1),
     "La carte Écosse n’ajoute aucune nouvelle vache à la deuxième rangée\u00a0: elle doit aller dans "
     "la première, la troisième ou la quatrième rangée, où elle ajoute une vache."),
    ("junior_no_shared_cow", (EXPERT, "Léa", card("DEF"), 0),
     "La carte Japon, Amérique du Nord et Écosse ne partage aucune vache avec la dernière carte de la "
     "première rangée (Inde). Elle peut aller dans la troisième ou la quatrième rangée."),
    ("junior_no_shared_cow", (EXPERT, "Léa", card("DEF"), 1),
     "La carte Japon, Amérique du Nord et Écosse ne peut pas aller dans la deuxième rangée, qui est "
     "vide. Elle peut aller dans la troisième ou la quatrième rangée."),
]
FRENCH_MARKS = ("’", "\u00a0", "\u202f", "«", "rangée", "carte", "vache", " la ", " est ", " pas ")


@pytest.mark.parametrize("code, move, sentence", CASES)
def test_each_refusal_is_english_in_the_engine_and_the_same_french_for_the_reader(code, move, sentence):
    error = refused(*move)
    assert error.code == code
    assert not any(mark in error.message for mark in FRENCH_MARKS), error.message
    assert json.loads(json.dumps(error.facts)) == error.facts   # the facts travel as JSON
    assert french(error) == sentence


def test_the_worker_shows_the_french_sentence_and_keeps_the_english_as_detail():
    scenario = {"variant": "junior", "level": "base", "players": ["Olivier", "Emma"],
                "rows": [["A"], ["F"], [], ["C"]], "deck": ["F"], "moves": [{"row": 1}]}
    answer = json.loads(handle(json.dumps({"type": "replay", "scenario": scenario})))
    [error] = answer["errors"]
    assert error["field"] == "moves[0]"
    assert error["message"] == CASES[7][2]
    assert error["detail"] == f"card {card('F', 1)} (F) adds no new cow to row 1: it must go to row(s) 0, 2, 3"
