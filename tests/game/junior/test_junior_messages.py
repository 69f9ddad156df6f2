"""French sentences of Junior events: every event type has one, with French typography."""

from junior_helpers import card

from game.junior.variant import result
from game.messages import explain
from game.messages.junior import card_title, cows_text
from game.messages.typography import ordinal_rows

GAME = {"level": "expert", "players": ["Léa", "Tom"],
        "rows": [["A", "AB", "B", "BC", "C"], ["A"], ["D"], ["E"]],
        "hands": {"Léa": ["F", "B"], "Tom": ["BDF"]},
        "deck": ["E"],
        "moves": [{"card": "F", "row": 1}, {"card": "BDF", "row": 2}, {"card": "B", "row": 2},
                  {"card": "E", "row": 3}]}


def test_every_event_of_a_game_has_a_french_sentence():
    events = result(GAME)["events"]
    kinds = {e["type"] for e in events}
    assert kinds == {"junior_setup", "junior_take", "junior_place", "junior_draw", "junior_game_end"}
    for e in events:
        text = explain(e)
        assert text and text[0].isupper() and text.endswith(".")
        assert " :" not in text and " ;" not in text  # a non-breaking space, never a plain one


def test_stuck_player_sentence_names_the_row_taken():
    events = result(GAME)["events"]
    stuck = next(e for e in events if e["type"] == "junior_take" and e["reason"] == "stuck")
    assert explain(stuck) == ("Aucune carte de Léa ne partage de vache avec la dernière carte d’une "
                              "rangée\u00a0: Léa ramasse la deuxième rangée (une carte).")


def test_names_of_cows_rows_and_cards():
    assert cows_text("ACE") == "Afrique, Inde et Amérique du Nord"
    assert ordinal_rows([0, 2, 3]) == "la première, la troisième ou la quatrième rangée"
    assert card_title(card("AF")) == "Carte Vache\u00a0: Afrique, Écosse"


def test_game_end_names_the_winner_or_the_tie():
    end = {"type": "junior_game_end", "counts": {"a": 2, "b": 2}, "winners": ["a", "b"], "goal": "fewest"}
    assert explain(end).endswith("a et b gagnent ensemble, à égalité avec le moins de cartes.")
    one = {"type": "junior_game_end", "counts": {"a": 1, "b": 2}, "winners": ["a"], "goal": "fewest"}
    assert explain(one) == "Fin de la partie. a gagne avec le moins de cartes."   # counts: the line under
    # Nobody won a card: a tie, but not « with the most cards ».
    none = {"type": "junior_game_end", "counts": {"Léa": 0, "Hugo": 0}, "winners": ["Léa", "Hugo"], "goal": "most"}
    assert explain(none) == "Fin de la partie. Personne n’a gagné de carte\u00a0: Léa et Hugo sont à égalité."
    most = {"type": "junior_game_end", "counts": {"a": 3, "b": 3}, "winners": ["a", "b"], "goal": "most"}
    assert explain(most).endswith("a et b gagnent ensemble, à égalité avec le plus de cartes.")


def test_the_last_step_says_the_counts_once_and_expert_counts_are_not_albums():
    from game.junior.draw import step_html
    from game.junior.variant import replay
    last = replay(GAME)[-1]
    html = step_html(last)
    assert html.count("Léa 1\u00a0carte") == 1, html  # under the drawing, not again in the sentence
    assert "Cartes ramassées\u00a0:" in html and "Albums" not in html


def test_cow_origins_are_elided():
    from game.messages.junior import cows_of
    assert cows_of("CDF") == "d’Inde, du Japon et d’Écosse"
    events = result(GAME)["events"]
    text = " ".join(explain(e) for e in events)
    assert "vache Inde" not in text and "vache Écosse" not in text and "'" not in text


def test_a_card_that_fits_no_row_does_not_make_its_player_take_one():
    """RULES §4: a player takes a row only when no card of the hand fits."""
    from game.messages.junior import where_sentence
    text = where_sentence(card("F"), [], "shared")
    assert "ne peut aller nulle part" in text and "sinon" in text and "'" not in text
