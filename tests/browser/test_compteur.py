"""« Compteur »: the score sheet for a real game, plain JavaScript on a built heads table.

That a sheet survives a reload is a journey, in the three browsers (test_journeys.py)."""

from __future__ import annotations

import json

from game.classic.cards import HEADS

PAGE = "outils/compteur/"


def open_sheet(page, server):
    page.goto(server.url(PAGE))
    page.wait_for_selector("[data-compteur][data-pret]")


def add_players(page, *names):
    for name in names:
        page.fill("#compteur-nom", name)
        page.press("#compteur-nom", "Enter")


def enter_round(page, *values):
    for i, value in enumerate(values):
        page.fill(f"#compteur-manche-{i}", str(value))
    page.get_by_role("button", name="Ajouter la manche").click()


def sheet(page) -> list[list[str]]:
    return page.eval_on_selector_all(
        ".compteur-feuille tr",
        "trs => trs.map((tr) => [...tr.children].map((c) => c.textContent))")


def test_the_heads_table_is_generated_from_the_engine(built_site):
    data = json.loads((built_site / "js" / "tetes.json").read_text(encoding="utf-8"))
    assert data["heads"] == list(HEADS) and data["total"] == 171


# What a reader sees of the tool: its words and the state of each field and button.
# (The tool itself is hidden until its script shows it: its parts marked `hidden` are skipped.)
SHOWN = """(root) => {
  const words = (node) => node.nodeType === Node.TEXT_NODE ? node.data
    : node.nodeType !== Node.ELEMENT_NODE || node.hidden ? '' : [...node.childNodes].map(words).join('');
  return {text: [...root.childNodes].map(words).join('').replace(/\\s+/g, ' ').trim(),
  fields: [...root.querySelectorAll('input, button')].map((e) =>
    [e.id || e.textContent, e.value, e.checked, e.disabled, e.hidden])};
}"""


def test_the_build_writes_the_tool_as_a_new_reader_first_sees_it(page, context, server):
    """The page holds the Compteur a reader with no sheet yet sees (site_builder/blocks/
    compteur.py), so nothing moves when the script starts: the script fills it in, and changes
    neither a word nor a field of it."""
    written = context.new_page()
    written.route("**/js/compteur.js", lambda route: route.abort())
    written.goto(server.url(PAGE))
    before = written.eval_on_selector(".compteur-outil", SHOWN)
    assert written.locator(".compteur-outil").get_attribute("hidden") == ""
    open_sheet(page, server)
    assert page.eval_on_selector(".compteur-outil", SHOWN) == before
    assert "Ajoutez au moins deux joueurs" in before["text"] and "deux manches" in before["text"]


def test_bad_entries_get_a_french_message_and_change_nothing(page, server):
    open_sheet(page, server)
    add_players(page, "Alice", "Bruno")
    page.fill("#compteur-nom", "alice")
    page.press("#compteur-nom", "Enter")
    assert "joue déjà" in page.text_content("#compteur-nom-erreur")
    enter_round(page, 4, 6)
    before = sheet(page)
    for value, words in (("-3", "ne peut pas être négatif"), ("douze", "n’est pas un nombre entier"),
                         ("1,5", "«\u00a01,5\u00a0» n’est pas un nombre entier"),
                         ("172", "ne compte que 171 têtes de bœuf")):
        enter_round(page, value, 1)
        assert words in page.text_content("#compteur-manche-0-erreur")
        assert sheet(page) == before
    for field, value in (("#compteur-seuil", "99999999999999999999"), ("#compteur-manches", "10001")):
        page.fill(field, value)
        page.press(field, "Tab")
        assert "de 1 à 10\u202f000" in page.text_content(f"{field}-erreur")
    assert json.loads(stored(page))["target"] == 66 and json.loads(stored(page))["fixed"] is None
    enter_round(page, 100, 100)   # each is possible, not both in one round
    assert "plus que les 171 du paquet" in page.text_content(".compteur-saisie")
    assert sheet(page) == before


def test_a_name_is_text_never_markup(page, server):
    open_sheet(page, server)
    evil, image = "<script>alert(1)</script>", "<img src=x onerror=alert(2)>"
    add_players(page, evil, image)
    heads = page.locator(".compteur-feuille thead th")
    assert heads.nth(1).text_content() == evil and heads.nth(2).text_content() == image
    assert page.locator("[data-compteur] script, [data-compteur] img").count() == 0
    enter_round(page, 1, 2)
    assert page.text_content(".compteur-verdict") == f"{evil} mène."


def test_ticking_the_cards_adds_their_heads(page, server):
    open_sheet(page, server)
    add_players(page, "Alice", "Bruno")
    page.click(".compteur-cartes summary >> nth=0")
    for card in (55, 10, 11):
        page.check(f"#compteur-carte-0-{card}")
    assert page.input_value("#compteur-manche-0") == str(HEADS[55] + HEADS[10] + HEADS[11])
    # A card is in one pile only: ticked for Alice, it cannot be ticked for Bruno.
    assert page.is_disabled("#compteur-carte-1-55")
    # An option changed meanwhile redraws the form: the ticks, the open grid and a number typed
    # by hand stay, and the next card ticked adds to the ticks instead of starting a new sum.
    page.fill("#compteur-manche-1", "4")
    page.check("#compteur-bga")
    assert page.is_checked("#compteur-carte-0-55") and page.is_disabled("#compteur-carte-1-55")
    assert page.input_value("#compteur-manche-1") == "4"
    page.check("#compteur-carte-0-1")
    assert page.input_value("#compteur-manche-0") == str(HEADS[55] + HEADS[10] + HEADS[11] + HEADS[1])


def end_rule(page) -> str:
    """The end of the game under the sheet's caption: what a printed sheet keeps of the options."""
    return page.text_content(".compteur-feuille caption .compteur-fin")


def test_the_target_ends_the_game_and_ties_share_the_victory(page, server):
    open_sheet(page, server)
    add_players(page, "Alice", "Bruno", "Chloé")
    assert end_rule(page) == "Fin de la partie à 66\u00a0têtes de bœuf."
    page.fill("#compteur-seuil", "20")
    page.press("#compteur-seuil", "Tab")
    assert end_rule(page) == "Fin de la partie à 20\u00a0têtes de bœuf."
    page.check("#compteur-bga")
    stored = json.loads(page.evaluate("localStorage.getItem('sqp-compteur-v1')"))
    assert (stored["target"], stored["strict"], stored["bga"]) == (20, False, True), stored
    enter_round(page, 8, 19, 8)
    assert page.get_attribute("[data-compteur]", "data-etat") == "en-cours"
    enter_round(page, 2, 1, 2)
    assert sheet(page)[1:3] == [["1", "8", "19", "8"], ["2", "2", "1", "2"]], sheet(page)
    assert page.get_attribute("[data-compteur]", "data-etat") == "fini"
    verdict = page.text_content(".compteur-verdict")
    assert "Partie terminée après deux manches" in verdict and "Alice et Chloé se partagent" in verdict
    assert sheet(page)[-1] == ["Reste", "10", "0", "10"]
    page.check("#compteur-strict")   # « plus de 20 »: 20 is not enough
    assert page.get_attribute("[data-compteur]", "data-etat") == "en-cours"
    assert end_rule(page) == "Fin de la partie au-delà de 20\u00a0têtes de bœuf."
    page.fill("#compteur-manches", "3")
    page.press("#compteur-manches", "Tab")
    assert end_rule(page) == "Partie en trois manches."


def test_a_mistyped_round_is_corrected_in_place(page, server):
    """A round noted wrong three rounds ago is put right, not undone with the rounds after it: its
    number opens it filled in, a refused entry changes nothing, and the standings follow."""
    open_sheet(page, server)
    add_players(page, "Alice", "Bruno")
    page.fill("#compteur-seuil", "30")
    page.press("#compteur-seuil", "Tab")
    for values in ((5, 2), (4, 4), (20, 1)):
        enter_round(page, *values)
    assert page.get_attribute("[data-compteur]", "data-etat") == "en-cours"
    correct = page.get_by_role("button", name="Corriger la manche 2")
    correct.click()
    assert page.locator(".compteur-saisie legend").first.inner_text().startswith("Manche 2")
    assert [page.input_value(f"#compteur-manche-{i}") for i in (0, 1)] == ["4", "4"]
    assert page.evaluate("document.activeElement.id") == "compteur-manche-0"
    page.fill("#compteur-manche-0", "-1")    # refused: the round stays as it was
    page.get_by_role("button", name="Enregistrer la correction").click()
    assert "ne peut pas être négatif" in page.text_content("#compteur-manche-0-erreur")
    assert rounds_shown(page)[1] == ["4", "4"]
    page.keyboard.press("Escape")            # given up: nothing changes, the focus goes back
    assert rounds_shown(page)[1] == ["4", "4"] and "Manche 2 inchangée" in page.text_content(".compteur-annonce")
    assert page.evaluate("document.activeElement.dataset.manche") == "1"
    correct.click()
    page.fill("#compteur-manche-0", "14")    # Alice reaches 39 ≥ 30: the game ends on the correction
    page.get_by_role("button", name="Enregistrer la correction").click()
    assert rounds_shown(page) == [["5", "2"], ["14", "4"], ["20", "1"]]
    assert page.get_attribute("[data-compteur]", "data-etat") == "fini"
    said = page.text_content(".compteur-annonce")
    assert "Manche 2 corrigée" in said and "Bruno gagne" in said, said
    assert page.locator(".compteur-saisie").is_hidden()     # over: no next round to add …
    correct.click()                                         # … but a round can still be put right
    page.fill("#compteur-manche-0", "4")
    page.get_by_role("button", name="Enregistrer la correction").click()
    assert page.get_attribute("[data-compteur]", "data-etat") == "en-cours"
    reopened(page)
    assert rounds_shown(page) == [["5", "2"], ["4", "4"], ["20", "1"]]
    assert page.locator(".compteur-saisie legend").first.inner_text().startswith("Manche 4")


def test_csv_export_and_new_game(page, server):
    open_sheet(page, server)
    add_players(page, "Alice", "=Bruno")
    enter_round(page, 3, 4)
    with page.expect_download() as download:
        page.get_by_role("button", name="Exporter en CSV").click()
    text = open(download.value.path(), encoding="utf-8-sig").read()
    assert text.splitlines() == ["Manche;Alice;'=Bruno", "1;3;4", "Total;3;4"]
    page.get_by_role("button", name="Nouvelle partie (mêmes joueurs)").click()
    page.get_by_role("button", name="Confirmer").click()
    assert sheet(page)[-1] == ["Total", "0", "0"]


def reopened(page):
    """The sheet as the next visit reads it back from storage."""
    page.reload()
    page.wait_for_selector("[data-compteur][data-pret]")
    assert page.locator(".compteur-avis-texte").is_hidden(), page.text_content(".compteur-avis")


def test_the_players_are_fixed_once_a_round_is_played(page, server):
    """A player added after a round had no score for it (a total of NaN, and a reload set the
    rounds aside as unreadable): once a round is played, the players change only with a new game."""
    open_sheet(page, server)
    add_players(page, "Alice", "Bruno")
    enter_round(page, 10, 5)
    assert page.locator(".compteur-ajout").is_hidden()
    assert "pour changer de joueurs, commencez une nouvelle partie" in page.inner_text(".compteur-joueurs")
    reopened(page)
    assert rounds_shown(page) == [["10", "5"]] and page.locator(".compteur-ajout").is_hidden()
    page.get_by_role("button", name="Nouvelle partie (mêmes joueurs)").click()
    page.get_by_role("button", name="Confirmer").click()
    assert "Nouvelle partie" in page.text_content(".compteur-annonce")
    add_players(page, "Chloé")
    assert page.locator(".compteur-noms li").all_inner_texts()[2].startswith("Chloé")
    # Each player's « cocher les cartes » says whose cards it ticks.
    assert page.locator(".compteur-cartes summary").all_inner_texts()[2] == "cocher les cartes de Chloé"
    # Removing a player gives the focus back to the name field, not to the page.
    page.get_by_role("button", name="Retirer Chloé").click()
    assert page.evaluate("document.activeElement.id") == "compteur-nom"


def test_the_special_cards_are_refused_when_the_sheet_cannot_follow(page, server):
    """Switching the special cards on with more players than they seat, or off with a negative
    round: refused beside the box, in French, and the sheet reads back whole (both lost players
    or rounds on the next visit)."""
    open_sheet(page, server)
    add_players(page, *[f"J{n}" for n in range(1, 10)])
    enter_round(page, *[1] * 9)
    page.click("#compteur-speciales")
    assert not page.is_checked("#compteur-speciales")
    assert "On joue à 8 au plus avec les cartes spéciales" in page.text_content("#compteur-speciales-erreur")
    reopened(page)
    assert len(rounds_shown(page)[0]) == 9 and not page.is_checked("#compteur-speciales")

    page.get_by_role("button", name="Nouvelle partie (mêmes joueurs)").click()
    page.get_by_role("button", name="Confirmer").click()
    for n in range(9, 2, -1):
        page.get_by_role("button", name=f"Retirer J{n}").click()
    page.check("#compteur-speciales")
    enter_round(page, -3, 5)
    page.click("#compteur-speciales")
    assert page.is_checked("#compteur-speciales")
    assert "score négatif exige les cartes spéciales" in page.text_content("#compteur-speciales-erreur")
    enter_round(page, "-172", 5)    # as impossible below zero as above the deck's 171
    assert "171" in page.text_content("#compteur-manche-0-erreur")
    reopened(page)
    assert rounds_shown(page) == [["\u22123", "5"]] or rounds_shown(page) == [["-3", "5"]], rounds_shown(page)


def test_enter_goes_to_the_next_player_and_an_empty_round_is_not_saved(page, server):
    """On a phone, « suivant » (Enter) after the first score saved the round with zeros for the
    others; now it moves on, the last field saves, and a form left empty saves nothing. The round
    that ends the game says so to a screen reader, and its verdict takes the focus."""
    open_sheet(page, server)
    add_players(page, "Alice", "Bruno", "Chloé")
    page.fill("#compteur-seuil", "10")
    page.press("#compteur-seuil", "Tab")
    assert page.get_attribute("#compteur-manche-0", "enterkeyhint") == "next"
    assert page.get_attribute("#compteur-manche-2", "enterkeyhint") == "done"
    page.fill("#compteur-manche-0", "5")
    page.press("#compteur-manche-0", "Enter")
    assert page.evaluate("document.activeElement.id") == "compteur-manche-1"
    assert rounds_shown(page) == []
    page.press("#compteur-manche-1", "Enter")
    page.press("#compteur-manche-2", "Enter")   # the last field: the round, blanks as zeros
    assert rounds_shown(page) == [["5", "0", "0"]]
    page.get_by_role("button", name="Ajouter la manche").click()
    assert "champ laissé vide compte pour 0" in page.text_content(".compteur-saisie")
    assert rounds_shown(page) == [["5", "0", "0"]]
    enter_round(page, 6, 1, 2)
    assert "Partie terminée" in page.text_content(".compteur-annonce")
    assert page.evaluate("document.activeElement.className").startswith("compteur-verdict")


def test_a_long_name_fits_a_phone_and_an_emoji_counts_once(page, server):
    page.set_viewport_size({"width": 320, "height": 700})
    open_sheet(page, server)
    add_players(page, "A" * 30, "\U0001F42E" * 20)
    assert page.locator(".compteur-noms li").count() == 2, page.text_content("#compteur-nom-erreur")
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    reopened(page)
    assert page.locator(".compteur-noms li").count() == 2


# --- storage shared with other tabs, damaged or wiped sheets -----------------------------------------

STORE, BACKUP = "sqp-compteur-v1", "sqp-compteur-v1-sauvegarde"


def stored(page, key=STORE):
    return page.evaluate("(key) => localStorage.getItem(key)", key)


def put(page, value, key=STORE):
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [key, value])


def rounds_shown(page) -> list[list[str]]:
    return [row[1:] for row in sheet(page) if row and row[0].isdigit()]


def test_two_tabs_never_overwrite_each_others_rounds(page, context, server):
    open_sheet(page, server)
    add_players(page, "Alice", "Bruno")
    other = context.new_page()
    open_sheet(other, server)
    enter_round(page, 4, 6)
    # The other tab takes the new round in without a reload, and says so.
    other.wait_for_function("() => document.querySelectorAll('.compteur-feuille tbody tr').length === 1")
    assert "autre onglet" in other.text_content(".compteur-annonce")
    enter_round(other, 1, 2)
    page.wait_for_function("() => document.querySelectorAll('.compteur-feuille tbody tr').length === 2")
    for tab in (page, other):
        assert rounds_shown(tab) == [["4", "6"], ["1", "2"]]
        assert sheet(tab)[-1] == ["Total", "5", "8"]
    page.reload()
    page.wait_for_selector("[data-compteur][data-pret]")
    assert rounds_shown(page) == [["4", "6"], ["1", "2"]]


def test_an_action_on_a_sheet_changed_elsewhere_is_not_applied_blindly(page, server):
    """A write this tab has not seen (no event reached it yet): the action stops, the newer sheet
    is shown with a French notice, and what the reader typed is kept for a second try."""
    open_sheet(page, server)
    add_players(page, "Alice", "Bruno")
    enter_round(page, 4, 6)
    newer = json.loads(stored(page))
    newer["rounds"].append([10, 0])
    put(page, json.dumps(newer))            # same tab: no storage event, as in a race
    enter_round(page, 1, 2)
    assert "modifiée dans un autre onglet" in page.text_content(".compteur-avis")
    assert rounds_shown(page) == [["4", "6"], ["10", "0"]]
    assert json.loads(stored(page))["rounds"] == [[4, 6], [10, 0]]
    assert page.input_value("#compteur-manche-0") == "1"
    page.get_by_role("button", name="Ajouter la manche").click()
    assert rounds_shown(page) == [["4", "6"], ["10", "0"], ["1", "2"]]


def test_a_damaged_sheet_is_repaired_on_screen_with_a_french_notice(page, server):
    open_sheet(page, server)
    damaged = json.dumps({"players": ["Alice", "Bruno"],
                          "rounds": [5, [None, 2], ["0", "5"], [3, 4], ["5", "2"]]})
    put(page, damaged)
    page.reload()
    page.wait_for_selector("[data-compteur][data-pret]")
    notice = page.text_content(".compteur-avis")
    assert "deux manches illisibles ont été mises de côté" in notice
    assert "nombres écrits comme du texte ont été relus" in notice
    # Numbers, never text glued together (« 052 »); the sheet goes on.
    assert rounds_shown(page) == [["0", "5"], ["3", "4"], ["5", "2"]]
    assert sheet(page)[-1] == ["Total", "8", "11"]
    assert page.is_visible("#compteur-manche-0")
    assert stored(page) == damaged           # nothing rewritten behind the reader's back
    enter_round(page, 1, 1)
    assert json.loads(stored(page))["rounds"] == [[0, 5], [3, 4], [5, 2], [1, 1]]
    # Settings damaged too: each counted, in the right number.
    put(page, json.dumps({"players": ["Alice", "Bruno"], "rounds": [], "strict": "oui", "bga": 3}))
    page.reload()
    page.wait_for_selector("[data-compteur][data-pret]")
    assert "deux réglages illisibles ont repris leur valeur habituelle" in page.text_content(".compteur-avis")


def test_an_unreadable_sheet_leaves_the_last_good_one_restorable(page, server):
    open_sheet(page, server)
    add_players(page, "Alice", "Bruno", "Chloé")
    for values in ((1, 2, 3), (4, 5, 6), (7, 8, 9)):
        enter_round(page, *values)
    assert json.loads(stored(page, BACKUP))["rounds"] == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    put(page, '{"players": ["Alice", "Bru')   # cut in the middle of a write
    page.reload()
    page.wait_for_selector("[data-compteur][data-pret]")
    assert "illisible" in page.text_content(".compteur-avis")
    assert page.locator(".compteur-feuille tbody tr").count() == 0
    page.get_by_role("button", name="Restaurer la feuille sauvegardée (trois manches)").click()
    assert rounds_shown(page) == [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]]
    assert "restaurée" in page.text_content(".compteur-avis")
    page.reload()
    page.wait_for_selector("[data-compteur][data-pret]")
    assert len(rounds_shown(page)) == 3 and page.locator(".compteur-restaurer:visible").count() == 0


def test_a_new_game_can_be_undone_from_the_backup(page, server):
    open_sheet(page, server)
    add_players(page, "Alice", "Bruno")
    enter_round(page, 3, 4)
    enter_round(page, 5, 6)
    assert page.locator(".compteur-restaurer:visible").count() == 0
    page.get_by_role("button", name="Nouvelle partie (mêmes joueurs)").click()
    page.get_by_role("button", name="Confirmer").click()
    assert rounds_shown(page) == []
    page.locator(".compteur-restaurer").click()
    assert rounds_shown(page) == [["3", "4"], ["5", "6"]]


def test_with_the_special_cards_a_round_may_be_negative_and_two_rounds_end_the_game(page, server):
    open_sheet(page, server)
    add_players(page, "Alice", "Bruno")
    enter_round(page, -3, 4)                       # refused in the classic game
    assert "négatif" in page.text_content(".compteur-saisie")
    page.check("#compteur-speciales")              # the rules JSON: negative scores, two rounds
    assert end_rule(page) == "Partie en deux manches."
    enter_round(page, -3, 4)
    assert page.get_attribute("[data-compteur]", "data-etat") == "en-cours"
    enter_round(page, 2, "\u22121")               # a typographic minus is read too
    assert page.get_attribute("[data-compteur]", "data-etat") == "fini"
    assert "Alice" in page.text_content(".compteur-verdict")
    totals = sheet(page)
    assert any(row[:3] == ["Total", "\u22121", "3"] or row[:3] == ["Total", "-1", "3"] for row in totals), totals


# --- the rules come from the engine's export, not from the script ----------------------------------

def with_rules(page, built_site, change):
    """Serve js/tetes.json changed by `change(data)`: the sheet must follow what the file says."""
    data = json.loads((built_site / "js" / "tetes.json").read_text(encoding="utf-8"))
    change(data)
    page.route("**/js/tetes.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(data)))


def test_player_limits_target_and_winners_are_read_from_the_exported_rules(page, server, built_site):
    def change(data):
        classic = data["variants"]["classic"]
        classic["players"] = {"min": 3, "max": 3}
        classic["end"]["target"] = 20
        classic["winners"] = "most"
    with_rules(page, built_site, change)
    open_sheet(page, server)
    add_players(page, "Alice", "Bruno")
    assert "au moins trois joueurs" in page.text_content(".compteur-verdict")
    assert page.locator(".compteur-saisie").is_hidden()
    add_players(page, "Chloé", "David")
    assert "On joue à 3 au plus" in page.text_content("#compteur-nom-erreur")
    assert page.input_value("#compteur-seuil") == "20"
    enter_round(page, 12, 3, 0)
    assert page.text_content(".compteur-verdict") == "Alice mène."   # the most heads, as exported
    enter_round(page, 9, 0, 0)
    assert "Alice gagne" in page.text_content(".compteur-verdict")   # 21 ≥ 20: over


def test_without_the_rules_the_sheet_says_so_and_stores_nothing(page, server):
    page.route("**/js/tetes.json", lambda route: route.fulfill(status=404, body="absent"))
    page.goto(server.url(PAGE))
    page.wait_for_selector("[data-compteur][data-pret=echec]")
    assert "n’a pas pu charger les règles du jeu" in page.text_content("[data-compteur]")
    assert page.locator("#compteur-nom").count() == 0
    assert page.evaluate("localStorage.length") == 0
    assert page.locator(".feuille-vierge").is_visible()   # the blank sheet still prints

