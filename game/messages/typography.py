"""French typography: the spaces and list wording of generated sentences, and `french()`, which
sets an author's prose (pages, titles) the same way.

Authors type plain ASCII; readers get « guillemets » with non-breaking spaces inside, a
non-breaking space before ; : ! ? (narrow U+202F before ; ! ? and %, U+00A0 before :, the
Imprimerie nationale usage), no break between a number and the noun it counts or around an
operator, typographic apostrophes and the œ ligature of « bœuf ». The gate checks every built page.
"""

from __future__ import annotations

import re

NBSP = "\u00a0"    # before « : » and inside « guillemets »
NNBSP = "\u202f"   # espace fine insécable, before ; ! ?


def quote(text: str) -> str:
    """« text » with non-breaking spaces inside the guillemets."""
    return f"«{NBSP}{text}{NBSP}»"


def fr_list(items, last: str = "et") -> str:
    """'a', 'a et b', 'a, b et c' (or 'a, b ou c' with last="ou")."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """'1 tête de bœuf', '3 têtes de bœuf' (French: 0 and 1 take the singular)."""
    word = singular if abs(n) <= 1 else (plural_form or singular + "s")
    return f"{number(n)}{NBSP}{word}"


VOWELS = "aeiouyhàâäéèêëîïôöûüÿœæAEIOUYHÀÂÄÉÈÊËÎÏÔÖÛÜŸŒÆ"


def elide(word: str, name: str) -> str:
    """« que Bruno » but « qu’Alice », « de Bruno » but « d’Émile »: French elision before a vowel
    (and a mute h: « d’Hugo »). `word` is « que », « de », « le », « la », « ne » or « je »."""
    if name[:1] in VOWELS:
        return f"{word[:-1]}’{name}"
    return f"{word} {name}"


def number(n: int) -> str:
    """A number as French print sets it: a true minus sign (−3), not a hyphen."""
    return f"\u2212{-n}" if n < 0 else str(n)


def grouped(n: int) -> str:
    """10000 → « 10 000 », with the narrow no-break space French print uses."""
    return f"{n:,}".replace(",", NNBSP)


# --- numbers: the guide's one convention (content/README.md « Numbers ») --------------------
# A count of things under ten is written in words (« cinq cartes », « trois rangées »); from ten
# on, in digits (« 12 cartes »). Values stay in digits: card numbers, têtes de bœuf and scores,
# and the numbers that name a row, a turn or a round (« rangée 2 », « tour 3 »).

WORDS = ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf")


def in_words(n: int, *, feminine: bool = False) -> str:
    """« une », « deux », … « neuf » under ten, digits from ten on (and below zero)."""
    if n == 1:
        return "une" if feminine else "un"
    return WORDS[n] if 0 <= n < len(WORDS) else number(n)


def count(n: int, singular: str, plural_form: str | None = None, *, feminine: bool = False) -> str:
    """A count of things: « une carte », « cinq cartes », « 12 cartes », « aucune carte »."""
    if n == 0:
        return f"{'aucune' if feminine else 'aucun'} {singular}"
    word = singular if abs(n) <= 1 else (plural_form or singular + "s")
    return f"{in_words(n, feminine=feminine)}{NBSP if n >= 10 else ' '}{word}"


def heads(n: int) -> str:
    """« 1 tête de bœuf », « 7 têtes de bœuf »: heads are points, always in digits."""
    return plural(n, "tête de bœuf", "têtes de bœuf")


def only_heads(n: int) -> str:
    """« qu’une tête de bœuf », « que 5 têtes de bœuf »: « que » elides before « une »."""
    return "qu’une tête de bœuf" if n == 1 else f"que {heads(n)}"


def cards(n: int) -> str:
    """« une carte », « cinq cartes », « 12 cartes »: a count of cards."""
    return count(n, "carte", feminine=True)


def row_name(index: int, *, capital: bool = False) -> str:
    """« rangée 2 » (« Rangée 2 » as a drawn label): rows are numbered from 1 for readers, the
    engine counts from 0."""
    return f"{'R' if capital else 'r'}angée{NBSP}{index + 1}"


ORDINAL_WORDS = ("première", "deuxième", "troisième", "quatrième", "cinquième", "sixième",
                 "septième")


def ordinal_row(index: int) -> str:
    """« la deuxième rangée » (0-based index), the wording of the Junior game, whose rows carry
    no number on the table."""
    if isinstance(index, int) and 0 <= index < len(ORDINAL_WORDS):
        return f"la {ORDINAL_WORDS[index]} rangée"
    return f"la rangée {index}"


def ordinal_rows(rows, last: str = "ou") -> str:
    """« la deuxième rangée », « la première, la troisième ou la quatrième rangée »."""
    return fr_list((f"la {ORDINAL_WORDS[r]}" for r in rows), last) + " rangée"


# --- an author's prose (site_builder: pages, titles) ----------------------------------------

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
    return _GERMAN_TITLE.sub("nimmt!", text)


def _straight_quotes(text: str, after_word: bool) -> str:
    """`"mot"` → `« mot »`: a quote after a space (or at the start) opens, any other closes."""
    def curly(match: re.Match) -> str:
        at = match.start()
        before = text[at - 1] if at else ("x" if after_word else " ")
        return "« " if before.isspace() or before in "([{\u2014-" else " »"
    return re.sub('"', curly, text)
