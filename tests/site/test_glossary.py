"""The glossary reads like one: alphabetical (accents ignored), with the words the guide uses."""

from __future__ import annotations

import re
import unicodedata

from site_helpers import CONTENT


def terms() -> list[str]:
    text = (CONTENT / "glossaire.md").read_text(encoding="utf-8")
    return re.findall(r"^- \*\*(.+?)\*\*", text, flags=re.M)


def folded(term: str) -> str:
    return unicodedata.normalize("NFD", term.lower()).encode("ascii", "ignore").decode()


def test_glossary_is_alphabetical():
    found = terms()
    assert found == sorted(found, key=folded)


def test_glossary_has_the_words_readers_meet():
    found = set(terms())
    for term in ("Bout de rangée", "Album photo", "Carte Rangée", "Pioche", "Marqueur", "TdB",
                 "Manche", "Pile de pénalité"):
        assert term in found, term
    manche = (CONTENT / "glossaire.md").read_text(encoding="utf-8").split("**Manche**")[1].split("\n")[0]
    assert "12 tours avec les cartes spéciales" in manche
