"""Every French text a reader meets says things once, in the guide's words and conventions:
« robots », « vous », Board Game Arena by its name, no doubled space, no « » inside « », counts
and heads as content/README.md « Numbers » says, an example region named in words, each fact of
a step said once. The texts come from where they are written (reader_text.py): built pages,
templates, content/ prose, game/messages literals, the page scripts' UI strings and the steps
of every example and of played rounds.
"""

from __future__ import annotations

import re

import pytest

from game import session, variants
from game.messages import explain_all
from game.messages.classic import turn_summary
from reader_text import (BOTS, CONTENT, TEMPLATES, content_prose, js_string_problems, message_literals,
                         page_scripts, repeated_facts, slug_labels, template_runs, ui_strings,
                         wording_problems)
from quality_checks import PROSE_ATTRIBUTES, _prose_runs, html_files, parse, url_path


def report(found: list[str]) -> str:
    return "\n" + "\n".join(found[:40])


def _is_attribute(where: str) -> bool:
    return any(f" {name}>" in where for name in PROSE_ATTRIBUTES) or "description>" in where


# --- the built pages and the templates -------------------------------------------------------------

def test_every_built_page_follows_the_wording_rules(built_site):
    found = []
    for page in html_files(built_site):
        for text, where in _prose_runs(parse(page.read_text(encoding="utf-8"))):
            for problem in wording_problems(text, attribute=_is_attribute(where)):
                found.append(f"{url_path(built_site, page) or '/'} {where}: {problem}: {text.strip()[:90]!r}")
    assert not found, report(found)


def test_every_template_follows_the_wording_rules():
    found = [f"{path.name} {where}: {problem}" for path in sorted(TEMPLATES.rglob("*.html"))
             for text, where in template_runs(path) for problem in wording_problems(text)]
    assert not found, report(found)


def test_no_example_region_is_named_by_its_id(built_site):
    """A screen reader says a section's aria-label: « Exemple : cartes spéciales, Stop », never
    « Exemple speciale-stop »."""
    found = [f"{url_path(built_site, page)}: {problem}" for page in html_files(built_site)
             for problem in slug_labels(page.read_text(encoding="utf-8"))]
    assert not found, report(found)
    labels = re.findall(r'<section class="exemple"[^>]*aria-label="([^"]*)"',
                        (built_site / "variantes" / "cartes-speciales" / "index.html").read_text())
    assert len(labels) == 8 and all(label.startswith("Exemple") for label in labels), labels


# --- the sources themselves: content, messages, scripts -----------------------------------------------

def test_no_bots_in_any_source_of_reader_text():
    found = [f"{page.relative_to(CONTENT)}:{line}: {text.strip()[:80]}"
             for page in sorted(CONTENT.rglob("*.md")) if page.name != "README.md"
             for line, text in content_prose(page) if BOTS.search(text)]
    found += [f"game/messages/{name}:{line}: {text[:80]}" for name, line, text in message_literals()
              if BOTS.search(text)]
    found += [f"{path.name}:{line}: {text[:80]}" for path in page_scripts()
              for line, text in ui_strings(path) if BOTS.search(text)]
    assert not found, report(found)


def _script_words(group: str) -> list[str]:
    """The page scripts' words of one group of js/mots-data.js, each `{value}` as « X » (as the
    script fills it)."""
    from game.messages import scripts

    def leaves(value):
        if isinstance(value, str):
            yield re.sub(r"\{\w+\}", "X", value)
        elif isinstance(value, dict):
            for item in value.values():
                yield from leaves(item)
    return list(leaves(scripts.words()[group]))


def test_the_words_of_the_page_scripts_follow_the_typography_of_the_pages():
    found = [f"{group}: {problem}: {text[:80]!r}" for group in ("player", "play", "sheet")
             for text in _script_words(group) for problem in js_string_problems(text)]
    assert not found, report(found)


@pytest.mark.parametrize("group, at_least", [("player", 25), ("play", 15), ("sheet", 30)])
def test_the_words_of_each_script_are_read(group, at_least):
    """The extraction is not silently empty: each script's labels are there, as shown."""
    strings = _script_words(group)
    assert len(strings) >= at_least, strings
    if group == "player":
        assert "Corrigez les champs signalés\u00a0: rien n’a été changé." in strings


def test_the_page_scripts_share_one_words_module():
    """NBSP and the plural rule live in js/mots.js; no script keeps a copy of its own."""
    for path in page_scripts():
        text = path.read_text(encoding="utf-8")
        if path.name == "mots.js":
            continue
        assert not re.search(r"const\s+N{1,2}BSP\s*=", text), f"{path.name} defines its own NBSP"
        assert not re.search(r'\?\s*"s"\s*:\s*""', text), f"{path.name} has its own plural rule"
        if "NBSP" in text or "plural(" in text or "count(" in text:
            assert 'from "./mots.js"' in text, path.name


# --- the steps -----------------------------------------------------------------------------------------

def _content_example_steps():
    from test_generated_french import FENCE, ROOT
    from site_builder.blocks.classic import parse_example, resolve_slides
    from game.junior.variant import replay as junior_replay
    from site_builder.blocks import handler
    for page in sorted((ROOT / "content").rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            example = parse_example(match[1].splitlines(), 1, lambda at, message: None)
            resolve_slides(example, example.variant.replay)
            yield from example.variant.replay(example.scenario())
        for match in re.finditer(r"^```junior-exemple\n(.*?)^```$", text, flags=re.S | re.M):
            html = handler("junior-exemple")(match[1].splitlines(), 1, page, lambda *a: None)
            scenario = re.search(r'data-scenario="([^"]*)"', html)[1]
            import html as html_module
            import json
            yield from junior_replay(json.loads(html_module.unescape(scenario)))


def _played_round_steps(variant: str, seed: int):
    """The steps of one round the reader plays against robots (first card, cheapest row); a
    Junior game (which « Jouer » does not export) is played by robots alone."""
    if variant.startswith("junior"):
        from game.junior.scenario import to_scenario
        from game.junior.variant import replay
        from game.junior.state import run_game
        first, moves, _ = run_game(variant[7:], ["Léa", "Olivier", "Emma"], seed)
        return replay(to_scenario(first, moves))
    state = session.start("Camille", ["heuristic", "random", "heuristic"], {"variant": variant}, seed=seed)[0]
    for _ in range(500):
        now = session.phase(state)
        if now in ("round_over", "game_over"):
            break
        view = session.view(state)
        if now == "play":
            state = session.decide(state, "play", view["hand"][0]["card"])[0]
        elif now == "row":
            cheapest = min(view["choice"]["options"], key=lambda o: o["heads"])
            state = session.decide(state, "row", cheapest["row"])[0]
        elif now == "pick":
            state = session.decide(state, "pick", view["pool"][0]["card"])[0]
        else:
            state = session.decide(state, "move", seed % len(view["decision"]["options"]))[0]
    data = session.scenario(state)
    return variants.of(data).replay(data, draw=False)


PLAYED = [(v, s) for v in ("classic", "logique", "speciales", "junior-base", "junior-expert") for s in (1, 2, 3)]


def test_each_step_of_every_example_says_each_fact_once():
    steps = list(_content_example_steps())
    assert len(steps) > 60
    found = [f"{problem}: {step['text']}" for step in steps
             for problem in repeated_facts(step["text"], step["events"])]
    assert not found, report(found)


@pytest.mark.parametrize("variant, seed", PLAYED)
def test_each_step_of_a_played_round_says_each_fact_once(variant, seed):
    steps = _played_round_steps(variant, seed)
    assert len(steps) > 5
    found = [f"{problem}: {step['text']}" for step in steps
             for problem in repeated_facts(step["text"], step["events"]) + wording_problems(step["text"])]
    assert not found, report(found)


def test_a_too_low_card_with_five_rows_names_its_row_and_price_once():
    """5ᵉ série: the row chosen, taken with the card just played, is said once, then the total."""
    made = {"type": "choice_made", "turn": 2, "player": "Chloé", "card": 3, "row": 0, "heads": 1,
            "cheapest": 1, "costs": [{"row": 0, "heads": 1}, {"row": 2, "heads": 1}]}
    removed = {"type": "special_row_removed", "turn": 2, "player": "Chloé", "card": 3, "row": 0,
               "cards": [8, 3], "heads": 2, "reason": "too_low"}
    text = explain_all([made, removed])
    assert text.count("rangée\u00a01") == 1 and "2\u00a0têtes de bœuf en tout" in text
    assert repeated_facts(text, [made, removed]) == []


def test_a_turn_with_negatif_positif_says_what_was_taken_and_what_is_scored():
    text = turn_summary(1, {"Alice": 11, "Bruno": 0}, {"Alice": -3, "Bruno": 0})
    assert text == "Fin du tour 1\u00a0: Alice a ramassé 11\u00a0têtes de bœuf et marque \u22123."
    assert turn_summary(1, {"Alice": 5}) == "Fin du tour 1\u00a0: Alice a ramassé 5\u00a0têtes de bœuf."


def test_the_jouer_page_says_how_many_turns_each_variant_plays():
    """« Jouer une manche » offers every variant: the turns it states are the engine's hands."""
    from game.classic.play import HAND_SIZE
    from game.specials.cards import NUMBER_CARDS_EACH
    text = (CONTENT / "outils" / "jouer.md").read_text(encoding="utf-8")
    assert f"après {HAND_SIZE} tours dans le jeu classique" in text
    assert f"après {NUMBER_CARDS_EACH} avec les cartes spéciales" in text
    assert "Après dix tours" not in text


# --- the checks see what they are for -----------------------------------------------------------------

OLD_FIFTH_ROW_STEP = (
    "Le 3 est plus petit que la dernière carte de chaque rangée (la plus petite est le 8)\u00a0: Chloé "
    "ne peut le poser nulle part et doit ramasser la rangée de son choix. Chloé choisit la rangée\u00a01 "
    "(1\u00a0tête de bœuf)\u00a0: c’est l’un des choix les moins coûteux. Le 3 ne peut aller nulle part "
    "et son joueur ramasse la rangée\u00a01. Comme il y a cinq rangées, Chloé ramasse la rangée et aussi "
    "sa propre carte\u00a0: 8 et 3, soit 2\u00a0têtes de bœuf.")


def test_the_fact_check_sees_a_step_that_says_a_take_three_times():
    events = [{"type": "too_low"}, {"type": "choice_made"}, {"type": "special_row_removed"}]
    problems = repeated_facts(OLD_FIFTH_ROW_STEP, events)
    assert any("3 statements of a take for 1" in p for p in problems), problems
    assert any("nulle part" in p for p in problems), problems


@pytest.mark.parametrize("text, fault", [
    ("les outils (la partie contre les bots)", "robot"),
    ("«\u00a0\u00a0Jouer", "doubled space"),
    ("«\u00a0Jouer «\u00a0Stop\u00a0» sur la rangée 2\u00a0»", "nested"),
    ("Et si je ne jouais pas ma carte spéciale\u202f?", "first person"),
    ("Que jouerait le robot à ma place\u202f?", "first person"),
    ("À la BGA", "BGA"),
    ("comptez quelques secondes pour 1 000 tirages", "thousands"),
    ("Bruno ramasse les 5\u00a0cartes (1, 2, 3, 4 et 5).", "count under ten in digits"),
    ("Après dix tours, la manche est finie.", "count of ten or more in words"),
    ("Le 55, lui, en porte sept têtes.", "heads are in digits"),
    ("Rangée 2 bloquée par une carte stop.", "card name"),
    ("Composition proposée des 52 cartes vaches", "card name"),
    ("Carte vache\u00a0: Afrique, Inde", "card name"),
    ("Le moins de têtes gagne.", "a quantity does not win"),
    ("Si votre carte serait la sixième, vous ramassez les cinq cartes.", "« si » with a conditional"),
    ("jouez le 37, même s’il serait la sixième carte de la rangée 2", "« si » with a conditional"),
])
def test_the_wording_check_sees_each_fault(text, fault):
    assert any(fault in p for p in wording_problems(text)), wording_problems(text)


def test_the_wording_check_accepts_the_conventions():
    for good in ("On joue de 2 à 8 joueurs.", "Albums\u00a0: Emma 6\u00a0cartes, Olivier 0\u00a0carte",
                 "Si vous posez cette carte, « est-ce que je ramasse ? »", "Chloé ramasse la rangée 1",
                 "chacun a trois cartes en main et 10 tours à jouer", "le 40 en porte 3",
                 "Si elle prend la rangée du 30, le 55 serait la sixième carte.", "la carte Stop",
                 "Celui qui a le moins de têtes gagne.", "pour 1\u202f000 tirages",
                 "les rangées 1 3 et 4"):
        assert wording_problems(good) == [], good


def test_the_script_reader_joins_strings_and_sees_their_faults(tmp_path):
    script = tmp_path / "essai.js"
    script.write_text(
        'import { NBSP } from "./mots.js";\n'
        'const T = {\n'
        '  ok: "Corrigez les champs" + NBSP + ": rien n’a changé.",\n'
        '  colon: "avec les cartes spéciales (deux manches ; une manche)",\n'
        '  quote: `L\'exemple ${name} est fini`,\n'
        '  bga: "À la BGA",\n'
        '};\n'
        'const re = /["\']/g; // a regular expression, not a string\n'
        'throw new Error("the engine did not answer: try again");\n', encoding="utf-8")
    strings = dict((text, line) for line, text in ui_strings(script))
    assert strings["Corrigez les champs\u00a0: rien n’a changé."] == 3
    assert not any("engine did not answer" in s for s in strings)
    problems = {text: js_string_problems(text) for text in strings}
    assert problems["Corrigez les champs\u00a0: rien n’a changé."] == []
    assert any("';' without a no-break space" in p for p in problems["avec les cartes spéciales (deux manches ; une manche)"])
    assert any("straight apostrophe" in p for p in problems["L'exemple X est fini"])
    assert any("BGA" in p for p in problems["À la BGA"])


def test_the_slug_check_sees_an_id_in_an_aria_label():
    page = ('<section class="exemple" id="exemple-speciale-stop" data-exemple="speciale-stop" '
            'aria-label="Exemple speciale-stop"></section><section data-exemple="3" aria-label="Exemple 3">'
            '</section><nav aria-label="Sur cette page"></nav>')
    problems = slug_labels(page)
    assert len(problems) == 1 and "speciale-stop" in problems[0]


@pytest.mark.parametrize("block, body", [
    ("exemple", ["id: regles-tour", "rangée 1: 8", "rangée 2: 21", "rangée 3: 40", "rangée 4: 60", "tour: Alice 15"]),
    ("junior-exemple", ["id: lea", "niveau: base", "joueurs: A, B", "rangée 1: Afrique", "pioche: Inde",
                        "coup: A rangée 1"]),
])
def test_an_example_named_only_by_a_word_id_needs_a_title(block, body):
    from site_builder.blocks import handler
    problems = []
    assert handler(block)(body, 10, CONTENT / "x.md", lambda line, message: problems.append((line, message))) is None
    assert any(line == 10 and "needs a 'titre:' line" in message for line, message in problems), problems
    titled = body + ["titre: Exemple : essai"]
    problems.clear()
    markup = handler(block)(titled, 10, CONTENT / "x.md", lambda line, message: problems.append((line, message)))
    assert problems == [] and 'aria-label="Exemple\u00a0: essai"' in markup


def test_the_french_helpers_are_defined_once_in_typography():
    """One plural, one list, one row name, one heads and cards wording (issue 15): the other
    message modules import them from game/messages/typography.py."""
    import ast
    from reader_text import MESSAGES
    helpers = {"plural", "fr_list", "join_words", "row_name", "heads", "heads_text", "cards",
               "cards_text", "count", "in_words", "ordinal_row", "ordinal_rows", "rows_text"}
    found = [f"{path.name}: def {node.name}" for path in sorted(MESSAGES.glob("*.py")) if path.name != "typography.py"
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.FunctionDef) and node.name in helpers]
    assert not found, found


def test_the_logique_draft_is_called_choix_des_cartes():
    from game.messages.advice import status
    text = status("pick", 2, 0, "Camille")
    assert text.startswith("Manche 2, choix des cartes") and "tirage" not in text
