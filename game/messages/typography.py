"""French typography for generated sentences: non-breaking spaces and list wording."""

from __future__ import annotations

NBSP = "\u00a0"    # before « : » and inside « guillemets »
NNBSP = "\u202f"   # espace fine insécable, before ; ! ?


def quote(text: str) -> str:
    """« text » with non-breaking spaces inside the guillemets."""
    return f"«{NBSP}{text}{NBSP}»"


def fr_list(items) -> str:
    """'a', 'a et b', 'a, b et c'."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " et " + items[-1]


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


def heads(n: int) -> str:
    return plural(n, "tête de bœuf", "têtes de bœuf")


def cards(n: int) -> str:
    return plural(n, "carte")


def row_name(index: int) -> str:
    """Rows are numbered from 1 for readers; the engine counts from 0."""
    return f"rangée{NBSP}{index + 1}"
