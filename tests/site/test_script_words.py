"""js/mots-data.js: the page scripts' words (game/messages/scripts.py), as the scripts use them.

Every `T.key` a script reads (`const T = WORDS.group`) and every `NOUNS.name` exists, and each
template filled with `say(template, {…})` gets a value for every `{name}` it holds: a typo
would otherwise show « undefined » or a bare « {card} » to a reader of a page no test opens.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from site_builder import tools_assets

JS = Path(__file__).resolve().parents[2] / "site_builder" / "static" / "js"


def read_words_file(text: str) -> dict:
    """The object a `tools_assets.words_file()` exports, read back."""
    head, _, tail = tools_assets.WORDS_MODULE.partition("{}")
    if not (text.startswith(head) and text.endswith(tail)):
        raise ValueError("not a words module written by words_file()")
    return json.loads(text[len(head):len(text) - len(tail)])


WORDS = read_words_file(tools_assets.files()[tools_assets.WORDS_FILE])


def _call_arguments(text: str, start: int) -> str:
    """The text between the parenthesis at `start` and the one that closes it."""
    depth = 0
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return text[start + 1:i]
    raise ValueError("unbalanced parentheses")


def _split_first(arguments: str) -> tuple[str, str]:
    depth = 0
    for i, char in enumerate(arguments):
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(char, 0)
        if char == "," and depth == 0:
            return arguments[:i], arguments[i + 1:]
    return arguments, ""


def script_uses(path: Path) -> list[tuple[str, str, set[str] | None]]:
    """(group, key, names given or None) of each word a script reads."""
    text = path.read_text(encoding="utf-8")
    group = re.search(r"const T = WORDS\.(\w+);", text)
    uses = []
    for match in re.finditer(r"\bsay\(", text):
        template, values = _split_first(_call_arguments(text, match.end() - 1))
        names = set(re.findall(r"(?:^|[{,])\s*(\w+)\s*(?=[:,}])", values.strip()))
        for where, key in re.findall(r"\b(T|GRAMMAR)\.(\w+)", template):
            uses.append(("grammar" if where == "GRAMMAR" else group[1], key, names))
    for key in re.findall(r"\bT\.(\w+)", text):
        uses.append((group[1], key, None))
    uses += [("nouns", key, None) for key in re.findall(r"\bNOUNS\.(\w+)", text)]
    return uses


def test_every_word_a_script_reads_exists_and_gets_its_values():
    problems, seen = [], 0
    for path in sorted(JS.glob("*.js")):
        for group, key, names in script_uses(path):
            seen += 1
            table = WORDS["grammar"]["nouns"] if group == "nouns" else WORDS[group]
            if key not in table:
                problems.append(f"{path.name}: {group}.{key} is not in js/mots-data.js")
            elif names is not None:
                wanted = set(re.findall(r"\{(\w+)\}", table[key]))
                if wanted - names:
                    problems.append(f"{path.name}: {group}.{key} needs {sorted(wanted - names)}")
    assert not problems, "\n".join(problems)
    assert seen > 150   # the scan reads the scripts, it is not silently empty


def test_every_word_shipped_to_the_scripts_is_read_by_one():
    """js/mots-data.js is downloaded by every page with a player or a tool: a word only the build
    writes (the controls' labels, the Compteur's form) lives with the blocks' words
    (game/messages/blocks.py), not in it."""
    read: dict[str, set] = {}
    for path in JS.glob("*.js"):
        for group, key, _ in script_uses(path):
            read.setdefault(group, set()).add(key)
    unread = {group: sorted(set(table) - read.get(group, set()))
              for group, table in WORDS.items() if isinstance(table, dict) and group != "grammar"}
    assert {"player", "play", "sheet"} <= unread.keys()
    unread["nouns"] = sorted(set(WORDS["grammar"]["nouns"]) - read.get("nouns", set()))
    assert not any(unread.values()), unread


def test_the_check_sees_a_missing_word_and_a_missing_value(tmp_path):
    script = tmp_path / "essai.js"
    script.write_text('const T = WORDS.player;\nsay(T.quiz_right, { card: 3 });\nT.no_such_word;\n',
                      encoding="utf-8")
    uses = script_uses(script)
    assert ("player", "quiz_right", {"card"}) in uses and ("player", "no_such_word", None) in uses
    assert set(re.findall(r"\{(\w+)\}", WORDS["player"]["quiz_right"])) - {"card"} == {"row"}


def test_the_build_names_the_engine_size_in_one_place():
    """js/mots-data.js says the size the pages say (game.messages.blocks.megabytes)."""
    from game.messages.blocks import download_size, megabytes
    assert WORDS["engine_size"] is None   # no engine known yet: the build fills it
    filled = read_words_file(tools_assets.words_file(megabytes(4_369_348)))
    assert filled["engine_size"] == "4,4\u00a0Mo" and download_size(4_369_348) == "\u00a0(environ 4,4\u00a0Mo)"
