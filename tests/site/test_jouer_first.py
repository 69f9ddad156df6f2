"""« Jouer une manche » starts with the table (issue 26): on a phone the form came three screens
below the explanations; now one short line, then the form, then how a game goes."""

from __future__ import annotations

import html as html_lib
import re

SHORT_INTRO = 25   # words between the title (and its table of contents) and the form


def article(site) -> str:
    html = (site / "outils" / "jouer" / "index.html").read_text(encoding="utf-8")
    start = re.search(r'<article class="page"[^>]*>', html).end()
    return html[start:html.index("</article>")]


def test_the_form_comes_before_every_explanation(built_site):
    page = article(built_site)
    form = page.index("data-jouer")
    for section in ("comment-se-deroule-une-partie", "enregistrer-et-partager-une-manche"):
        assert form < page.index(f'<h2 id="{section}"'), section
    assert form < page.index("Deux niveaux de robots")
    assert form < page.index("votre prénom (il apparaît dans les explications)")   # the steps


def test_only_a_short_line_stands_between_the_title_and_the_form(built_site):
    page = article(built_site)
    before = page[:page.index("data-jouer")]
    before = re.sub(r"<(nav|h1|h2)\b.*?</\1>", " ", before, flags=re.S)   # title, contents, « La table »
    words = re.findall(r"[\w’'-]+", html_lib.unescape(re.sub(r"<[^>]+>", " ", before)))
    assert 0 < len(words) <= SHORT_INTRO, words
    # That line sends the reader to the explanations below the table.
    assert 'href="#comment-se-deroule-une-partie"' in before
