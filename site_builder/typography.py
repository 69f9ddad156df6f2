"""French typography for reader-visible text (never for code).

Authors type plain ASCII; readers get « guillemets » with non-breaking spaces inside, a
non-breaking space before ; : ! ? (narrow U+202F before ; ! ? and %, U+00A0 before :, the
Imprimerie nationale usage), no break between a number and the noun it counts or around an
operator, typographic apostrophes and the œ ligature of « bœuf ». The engine's sentences
(game/messages) follow the same rule; the gate checks both in every built page.
"""

from __future__ import annotations

import re

from game.messages.typography import NBSP, NNBSP  # one definition of the two spaces

__all__ = ["NBSP", "NNBSP", "french"]

_OE_WORDS = re.compile(r"\b([bBcCsSmM]|[nN]|[vV]|man)oe(ufs?|urs?|ud|u[sx]?|uvres?)\b")
"""bœuf(s), cœur(s), sœur(s), nœud, vœu(x), manœuvre(s)."""
_OEIL = re.compile(r"\b([oO])e(il|uvre|uf)")
_SPACE_BEFORE_HIGH = re.compile(r"[ \u00a0\u202f]+([;!?])")
_SPACE_BEFORE_COLON = re.compile(r"[ \u00a0\u202f]+:")
_OPEN_GUILLEMET = re.compile(r"«[ \u00a0\u202f]*")
_CLOSE_GUILLEMET = re.compile(r"[ \u00a0\u202f]*»")
_ELLIPSIS = re.compile(r"\.\.\.")
_GLUED_HIGH = re.compile(r"(?<=[\w»)\u2019])([;!?])(?=\s|$|[»)!?])")
_GLUED_COLON = re.compile(r"(?<=[\w»)\u2019]):(?=\s|$)")
_PERCENT = re.compile(r"(?<=\d)[ \u00a0]%")
_OPERATOR = re.compile(r"(?<=\d) ([×=+−]) (?=[\w(−])|(?<=[\w)]) ([×=+−]) (?=−?\d)")
"""« 10 × 2 + 4 = 24 » never breaks at an operator's space."""
UNITS = ("cartes?|têtes?|tours?|joueurs?|joueuses?|manches?|rangées?|ans|minutes?|secondes?|"
         "heures?|points?|élèves|boîtes?|vaches?|lignes?|colonnes?|pages?|fois|mots|albums?")
"""The nouns a number counts in the guide's prose: « 104 cartes » keeps its number on its line.
tests/quality/quality_checks.py checks the built pages with the same list."""
_NUMBER_NOUN = re.compile(rf"(?<![\w,.])(\d+) (?=(?:{UNITS})\b)")
_GERMAN_TITLE = re.compile(r"\bnimmt[\u00a0\u202f]!")
"""« 6 nimmt! » is a German title: German puts no space before « ! »."""


def french(text: str, after_word: bool = False) -> str:
    """Apply French typography to one run of prose.

    `after_word` says the run follows other text with no space (e.g. the tail after
    `<em>mot</em>`), so a leading straight quote there closes rather than opens.
    """
    if not text:
        return text
    text = _straight_quotes(text, after_word)
    text = text.replace("'", "\u2019")
    text = _OE_WORDS.sub(lambda m: m.group(1) + "œ" + m.group(2), text)
    text = _OEIL.sub(lambda m: ("Œ" if m.group(1) == "O" else "œ") + m.group(2), text)
    text = _ELLIPSIS.sub("…", text)
    text = _OPEN_GUILLEMET.sub("«" + NBSP, text)
    text = _CLOSE_GUILLEMET.sub(NBSP + "»", text)
    text = _SPACE_BEFORE_HIGH.sub(NNBSP + r"\1", text)
    text = _SPACE_BEFORE_COLON.sub(NBSP + ":", text)
    text = _GLUED_HIGH.sub(NNBSP + r"\1", text)
    text = _GLUED_COLON.sub(NBSP + ":", text)
    text = _PERCENT.sub(NNBSP + "%", text)
    text = _OPERATOR.sub(lambda m: NBSP + (m[1] or m[2]) + NBSP, text)
    text = _NUMBER_NOUN.sub(r"\1" + NBSP, text)
    text = _GERMAN_TITLE.sub("nimmt!", text)
    return text


def _straight_quotes(text: str, after_word: bool) -> str:
    """`"mot"` → `« mot »`: a quote after a space (or at the start) opens, any other closes."""
    if '"' not in text:
        return text
    out = []
    for index, char in enumerate(text):
        if char != '"':
            out.append(char)
            continue
        before = text[index - 1] if index else ("x" if after_word else " ")
        out.append("« " if before.isspace() or before in "([{\u2014-" else " »")
    return "".join(out)
