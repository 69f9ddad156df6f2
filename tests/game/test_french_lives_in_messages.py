"""A variant's modules and the page scripts hold no French: every word a reader sees comes from
game/messages/ (the scripts get theirs through js/mots-data.js, game/messages/scripts.py).

The scan reads each module's string literals, docstrings aside (they are English and may quote a
French rule name), and flags the marks of French wording: accented letters, the typographic
apostrophe, guillemets, the (no-break) space French puts before « ! ? ; ». A script's strings are
read by tests/site/reader_text.py (comments, regular expressions and English errors aside); one is
French when it has those marks or common French words, or when it is word for word one of the
scripts' messages (« Joueur », « Total »: words with no mark of their own).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import game
from game.messages import scripts
from reader_text import js_strings, ui_strings

GAME = Path(game.__file__).parent
VARIANT_FOLDERS = ("classic", "specials", "junior")
STATIC = GAME.parent / "site_builder" / "static"
FRENCH = re.compile(r"[’éèàçêûôîœ«»\u00a0\u202f]|\w [!?;]")


def french_literals(path: Path, root: Path = GAME.parent) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    return [f"{path.relative_to(root)}:{node.lineno}: {node.value[:60]!r}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings and FRENCH.search(node.value)]


def test_the_scan_sees_french_in_code_but_not_in_a_docstring(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""Le « 6 » : a docstring."""\nTITLE = "la variante spéciale"\n'
                      'def f():\n    "Une carte."\n    return f"jouer le {1}\\u00a0!"\n', encoding="utf-8")
    found = [line.split(": ", 1)[1] for line in french_literals(module, tmp_path)]
    assert found == ["'la variante spéciale'", "'\\xa0!'"]


def test_no_variant_module_words_french_itself():
    found = [hit for folder in VARIANT_FOLDERS for path in sorted((GAME / folder).rglob("*.py"))
             for hit in french_literals(path)]
    assert not found, "French outside game/messages/:\n" + "\n".join(found)


def _leaves(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item)


SCRIPT_MESSAGES = {re.sub(r"\{\w+\}", "X", text).strip()
                   for group in (scripts.STEP_PLAYER, scripts.PLAY, scripts.SCORE_SHEET)
                   for text in _leaves(group) if re.search(r"[A-ZÀ-Ý]|\w \w", text)}
"""The scripts' messages as js_strings joins a script's literal (each value as « X »); a
lower-case word alone (« aucune », a noun of the grammar) may also be a class or a value."""


def script_french(path: Path) -> list[str]:
    found = {(line, text) for line, text in ui_strings(path)}
    found |= {(line, text) for line, text in js_strings(path)
              if text.strip() in SCRIPT_MESSAGES or FRENCH.search(text)}
    return [f"{path.name}:{line}: {text[:60]!r}" for line, text in sorted(found)]


def page_scripts() -> list[Path]:
    return sorted((STATIC / "js").glob("*.js")) + [STATIC / "sw.js"]


def test_the_script_scan_sees_french_put_back_in_a_script(tmp_path):
    script = tmp_path / "essai.js"
    script.write_text(
        '// Un commentaire en français, qui reste permis.\n'
        'const box = el("div", { class: "joueur-commandes", "data-quiz": "aucune" });\n'
        'box.append(el("th", {}, "Joueur"), `Joueur ${i + 1}`, "Rangée " + (row + 1));\n'
        'const help = "Les cartes se posent, " + "une par une";\n'
        'const re = /^Exemple\\b/;\n'
        'throw new Error("the words did not load");\n', encoding="utf-8")
    found = [line.split(": ", 1)[1] for line in script_french(script)]
    assert found == ["'Joueur'", "'Joueur X'", "'Rangée '", "'Les cartes se posent, une par une'"]


def test_the_script_scan_fails_on_a_real_script_given_back_a_word(tmp_path):
    script = tmp_path / "jouer-board.js"
    text = (STATIC / "js" / "jouer-board.js").read_text(encoding="utf-8")
    script.write_text(text.replace("T.show_all", '"Tout montrer"'), encoding="utf-8")
    assert [hit.split(": ", 1)[1] for hit in script_french(script)] == ["'Tout montrer'"]


def test_no_page_script_words_french_itself():
    found = [hit for path in page_scripts() for hit in script_french(path)]
    assert not found, "French in a page script (put it in game/messages/scripts.py):\n" + "\n".join(found)


def stylesheet_words(text: str) -> list[str]:
    """The words a stylesheet writes itself: letters in the strings of its `content:` values
    (CSS escapes such as `\\A0` left out; `attr(…)` reads the markup, whose words are Python's)."""
    found = []
    for value in re.findall(r"content:\s*([^;}]+)", text):
        for string in re.findall(r'"((?:[^"\\]|\\.)*)"', value):
            words = re.sub(r"\\[0-9A-Fa-f]{1,6}\s?", "", string)
            if re.search(r"[^\W\d_]", words):
                found.append(string)
    return found


def test_the_stylesheet_scan_sees_a_word_but_not_a_sign_or_an_escape():
    assert stylesheet_words('.a::before { content: "Étape " attr(data-step) " · au départ"; }'
                            '.b::after { content: " \\2605"; } .c::before { content: attr(x) "\\A0: "; }'
                            '.d::before { content: "⚠\\FE0E  "; }') == ["Étape ", " · au départ"]


def test_no_stylesheet_words_french_itself():
    """The step labels were CSS (« Étape 2 · ramassage »): now the markup's, from messages."""
    found = [f"{path.name}: {word!r}" for path in sorted(STATIC.glob("*.css"))
             for word in stylesheet_words(path.read_text(encoding="utf-8"))]
    assert not found, "French in a stylesheet (put it in game/messages/):\n" + "\n".join(found)
