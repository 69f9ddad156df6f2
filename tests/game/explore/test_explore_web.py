"""The explorer's worker messages: French errors on the field at fault, chunked estimates that
add up to one run, links that open the same form, and nothing that raises."""

from __future__ import annotations

import json

from game import web
from game.explore.web import read_form

FORM = {"variant": "classic", "players": "4", "rows": ["3 12 15", "28 30", "39 41 42 43 47", "60"],
        "hand": "5 29 33 48 61 90", "known": "J3\u00a0: 7", "gone": "1 2"}
UNUSED = {"marked": "", "stopped": "", "specials": ["", "", ""], "their_specials": "3"}
"""The special-card fields of a classic form, as the engine fills them (the page hides them)."""
FULL = {**FORM, "rows": FORM["rows"] + [""], **UNUSED}
SPECIAL = {"variant": "speciales", "players": "3",
           "rows": ["3 12 15", "28 30", "39 41 42 43 47 48", "60", "80 81"],
           "hand": "5 29 33 49 61 90", "known": "J3\u00a0: 7", "gone": "1 2", "marked": "3",
           "stopped": "4", "specials": ["inserer", "negatif_positif", ""],
           "their_specials": "J2\u00a0: 3\u202f; J3\u00a0: 1"}


def ask(kind, **request):
    """Through the one worker facade, as the page sends it."""
    return json.loads(web.handle(json.dumps({"type": kind, **request})))


def test_a_sound_form_gives_the_position_and_the_grid():
    answer = ask("explore_check", form=FORM)
    assert answer["ok"] and answer["highest"] == 104
    assert answer["position"]["known"] == {"p3": [7]}
    assert {1, 2, 3, 7, 60, 90} <= set(answer["used"]) and 4 not in answer["used"]


def test_each_mistake_is_worded_in_french_on_its_field():
    form = {**FORM, "rows": ["3 12 12", "x", "", "30 31 32 34 35 36"], "hand": "", "known": "J9 : 4",
            "players": "4"}
    errors = {e["field"]: e["message"] for e in ask("explore_check", form=form)["errors"]}
    assert set(errors) == {"rows[0]", "rows[1]", "rows[2]", "rows[3]", "hand", "known"}
    assert "\u00a0x\u00a0» n’est pas un numéro de carte" in errors["rows[1]"]
    assert "au plus cinq cartes" in errors["rows[3]"]
    assert "de 1 à 10 cartes" in errors["hand"]
    assert "J2 à J4" in errors["known"]
    for message in errors.values():
        assert " :" not in message and " ;" not in message and "'" not in message


def test_a_huge_number_is_no_card():
    answer = ask("explore_check", form={**FORM, "hand": "5 " + "9" * 5000, "known": ""})
    assert [e["field"] for e in answer["errors"]] == ["hand"]
    assert "n’est pas une carte" in answer["errors"][0]["message"]


def test_tactique_greys_out_the_cards_beyond_its_deck():
    answer = ask("explore_check", form={**FORM, "variant": "tactique"})
    assert answer["highest"] == 44 and not answer["ok"]
    assert any("1 à 44" in e["message"] for e in answer["errors"])


def test_an_estimate_in_chunks_equals_one_run_and_draws_its_bars():
    whole = ask("explore_estimate", form=FORM, seed="11", samples=600, chunk=600)
    answer = ask("explore_estimate", form=FORM, seed="11", samples=600)
    chunks = 1
    while not answer["finished"]:
        answer = ask("explore_estimate", form=FORM, seed="11", samples=600, start=answer["done"],
                     so_far=answer["estimate"])
        chunks += 1
    assert chunks == 3 and answer["estimate"] == whole["estimate"] and answer["html"] == whole["html"]
    html = answer["html"]
    assert html.count('class="explorer-risque"') == 6 and "graine 11" in html
    assert 'data-card="48" data-take="1.000000"' in html   # the sixth card of the third row


def test_links_and_scenarios_bring_back_the_same_form():
    fragment = ask("explore_encode", form=FORM, seed="9", mode="heuristic")["fragment"]
    opened = ask("explore_decode", fragment=fragment)
    assert opened["form"] == FULL and opened["seed"] == 9 and opened["mode"] == "heuristic"
    bad = ask("explore_decode", fragment=fragment[:-2] + "zz")
    assert not bad["ok"] and bad["errors"][0]["field"] == "lien" and "abîmé" in bad["errors"][0]["message"]
    text = ask("explore_export", form={**FORM, "gone": ""})["scenario"]
    assert ask("explore_import", text=text)["form"] == {**FULL, "gone": ""}   # J3's 7 is kept
    for junk in ("{", "[]", '{"rows": 3}'):
        answer = ask("explore_import", text=junk)
        assert not answer["ok"] and answer["errors"][0]["field"] == "scenario"
    # A card no deck holds, in a hand: the refusal names that hand as a reader would, not as code.
    wrong = json.loads(text)
    wrong["hands"]["p1"][-1] = 105
    message = ask("explore_import", text=json.dumps(wrong))["errors"][0]["message"]
    assert message == "Le moteur refuse ce scénario (la main de p1).", message


def test_a_bad_seed_is_a_field_error():
    answer = ask("explore_estimate", form=FORM, seed="-3")
    assert [e["field"] for e in answer["errors"]] == ["seed"]


def test_read_form_survives_any_shape():
    for form in (None, [], {"rows": "12"}, {"players": "douze"}, {"rows": [None, 5, [], {}]}):
        position, errors, draft = read_form(form)
        assert position is None and errors


def test_figures_are_written_the_french_way_and_never_overstate_certainty():
    from game.messages import explore as fr
    assert [fr.percent(x) for x in (0, 0.0004, 0.042, 0.31, 0.995, 0.9999, 1)] == [
        "0\u202f%", "moins de 0,1\u202f%", "4,2\u202f%", "31\u202f%", "99,5\u202f%",
        "plus de 99,9\u202f%", "100\u202f%"]
    assert fr.number(2.0) == "2" and fr.number(0.305) == "0,3" and fr.number(10) == "10"
    assert "100\u202f%" not in fr.risk_sentence(29, (0.042, 0.031, 0.056), (0.31, 0.21, 0.4))
    assert "tous les tirages, 5 têtes" in fr.risk_sentence(48, (1, 0.998, 1), (5, 5, 5))
    assert "aucun tirage" in fr.risk_sentence(33, (0, 0, 0.004), (0, 0, 0))
    assert fr.risk_sentence(33, (0, 0, 0.0002), (0, 0, 0)).endswith("reste sous 0,1\u202f%.")
    # The bar's name says no more than its sentence: never « 0 % » for a risk only shown small.
    assert fr.bar_label(33, 0).endswith("nul sur ces tirages") and "%" not in fr.bar_label(33, 0)
    assert fr.bar_label(29, 0.042).endswith("4,2\u202f%")


def test_each_line_of_figures_is_gauged_by_the_longest_it_can_hold():
    """The page keeps each line as tall as its gauge from the press on (js/explorer.js keepRoom):
    a sentence longer than the gauge would move what follows when it comes. Swept over tallies
    from one draw to 20,000, never to certain, small to large heads, special cards' negative ones."""
    from game.explore.risk import Tally
    from game.messages import explore as fr
    longest = 0
    for n in (1, 2, 25, 250, 1000, 4000, 20_000):
        takes_seen = {0, 1, 2, 5, n // 1000, n // 100, n // 20, n // 3, n // 2, n - 2, n - 1, n}
        for takes in (t for t in takes_seen if 0 <= t <= n):
            for mean in (0, 1, 2.5, 7, 13, 27):
                for spread in (0, 1, 5, 50):
                    for negative in (False, True):
                        heads = round(mean * takes) * (-1 if negative else 1)
                        tally = Tally(104, n, takes, heads, round((mean * mean + spread) * takes),
                                      negative=negative)
                        sentence = fr.risk_sentence(104, tally.take_interval(), tally.heads_interval())
                        longest = max(longest, len(sentence))
    assert longest == len(fr.RISK_GAUGE)   # the gauge is the longest, not a guess above it
    assert "entre plus de 99,9" not in fr.RISK_GAUGE   # an interval that adds nothing is not said
    for done, samples in ((1, 1000), (250, 4000), (4000, 4000), (19_750, 20_000)):
        for mode in ("uniform", "heuristic"):
            for finished in (False, True):
                assert len(fr.summary(done, samples, 2**32 - 1, mode, finished)) <= len(fr.SUMMARY_GAUGE)
    html = ask("explore_estimate", form=FORM, seed=4, samples=300, chunk=300)["html"]
    assert html.count(f'data-gabarit="{fr.RISK_GAUGE}"') == 6 and html.count(fr.SUMMARY_GAUGE) == 1


def test_a_tool_may_send_the_position_as_json():
    position = {"variant": "classic", "players": 4, "rows": [[3, 12, 15], [28, 30], [39, 41, 42, 43, 47], [60]],
                "hand": [5, 29, 33, 48, 61, 90], "known": {"p3": [7]}, "gone": [1, 2]}
    by_form = ask("explore_estimate", form=FORM, seed=4, samples=300, chunk=300)
    by_json = ask("explore_estimate", position=position, seed=4, samples=300, chunk=300)
    assert by_json["estimate"] == by_form["estimate"]
    twice = ask("explore_check", position={**position, "rows": [[3, 3], [28], [39], [60]]})
    assert [e["field"] for e in twice["errors"]] == ["rows[0]"]
    for junk in ({"rows": 5}, {"rows": [[1], [2], [3]], "hand": [4]}, None):
        answer = ask("explore_check", position=junk)
        assert not answer["ok"] and "mal formée" in answer["errors"][0]["message"]


def test_a_special_card_form_goes_to_a_link_and_back():
    checked = ask("explore_check", form=SPECIAL)
    assert checked["ok"], checked
    assert checked["position"]["marked"] == [2] and checked["position"]["stopped"] == [3]
    assert checked["position"]["their_specials"] == {"p2": 3, "p3": 1}
    fragment = ask("explore_encode", form=SPECIAL, seed="3", mode="uniform")["fragment"]
    assert fragment.startswith("v2.")
    assert ask("explore_decode", fragment=fragment)["form"] == SPECIAL
    # One number means every opponent; four rows leave the fifth field empty.
    four = {**SPECIAL, "rows": SPECIAL["rows"][:4] + [""], "their_specials": "2"}
    assert ask("explore_check", form=four)["position"]["their_specials"] == {"p2": 2, "p3": 2}
    assert ask("explore_decode", fragment=ask("explore_encode", form=four)["fragment"])["form"] == four


def test_special_card_mistakes_are_worded_on_their_field():
    def errors(**changes):
        return {e["field"]: e["message"] for e in ask("explore_check", form={**SPECIAL, **changes})["errors"]}

    assert "au moins une reste ouverte" in errors(stopped="1 2 3 4 5")["stopped"]
    assert "de 1 à 5" in errors(marked="7")["marked"]
    assert "six si elle porte le marqueur" in errors(marked="")["rows[2]"]
    assert "de zéro à trois" in errors(their_specials="5")["their_specials"]
    assert "ne se lit pas" in errors(their_specials="beaucoup")["their_specials"]
    assert "de 2 à 8 joueurs" in errors(players="9")["players"]
    assert "au plus trois" in errors(specials=["stop", "joker", ""])["specials"]
    stops = errors(stopped="1 2", marked="", rows=SPECIAL["rows"][:2] + ["39 41", "60", "80 81"],
                   specials=["stop", "stop", "stop"])["specials"]
    assert stops == ("Le paquet ne compte que quatre cartes «\u00a0Stop\u00a0»\u00a0: chaque rangée "
                     "arrêtée en montre une déjà jouée, et votre main en ajoute.")
    # Classic: the fifth row and the special fields are hidden, so never read.
    assert ask("explore_check", form={**FULL, "rows": FORM["rows"] + ["80"], "marked": "9"})["ok"]


def test_a_special_card_estimate_comes_in_small_chunks():
    answer = ask("explore_estimate", form=SPECIAL, seed=2, samples=60)
    assert answer["ok"] and answer["done"] == 25 and not answer["finished"]
    assert answer["html"].count('class="explorer-risque"') == 6


def test_a_special_card_estimate_runs_to_its_end_in_chunks():
    """Négatif = positif makes a take count below zero: the next chunk must still be accepted."""
    form = {**SPECIAL, "specials": ["negatif_positif", "", ""]}
    answer = ask("explore_estimate", form=form, seed="4", mode="uniform", samples=60, start=0, chunk=20)
    while answer["ok"] and not answer["finished"]:
        answer = ask("explore_estimate", form=form, seed="4", mode="uniform", samples=60,
                     start=answer["done"], chunk=20, so_far=answer["estimate"])
    assert answer["ok"], answer
    assert answer["done"] == 60
