"""A variant's modules hold no French: every word a reader sees comes from game/messages/.

The scan reads each module's string literals, docstrings aside (they are English and may quote a
French rule name), and flags the marks of French wording: accented letters, the typographic
apostrophe, guillemets, the (no-break) space French puts before « ! ? ; ».
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import game

GAME = Path(game.__file__).parent
VARIANT_FOLDERS = ("classic", "specials", "junior")
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
