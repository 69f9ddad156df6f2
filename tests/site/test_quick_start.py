"""The home page as a quick start and the drawings' key (issue 26): read on the built pages."""

from __future__ import annotations

import html as html_lib
import re

from game.classic.cards import heads

from .test_content_facts import visible_text

WORDS_PER_MINUTE = 200  # a slow adult reader of French; the page promises under five minutes


def page_html(site, url: str) -> str:
    return (site / url / "index.html").read_text(encoding="utf-8")


def article(html: str) -> str:
    start = re.search(r'<article class="page"[^>]*>', html)
    assert start, "no <article class=page>"
    return html[start.start():html.index("</article>")]


def words(fragment: str) -> int:
    fragment = re.sub(r"<(svg|nav)\b.*?</\1>", " ", fragment, flags=re.S)
    text = html_lib.unescape(re.sub(r"<[^>]+>", " ", fragment))
    return len(re.findall(r"[\w’'-]+", text))  # « l’aide-mémoire » is one word


def section(html: str, anchor: str) -> str:
    start = html.index(f'id="{anchor}"')
    end = html.find("<h2", start)
    return html[start:end if end > 0 else len(html)]


def test_the_thirty_seconds_say_the_deal_the_restart_and_the_heads(built_site):
    text = re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ",
                                                         section(page_html(built_site, ""), "en-30-secondes"))))
    text = re.sub(r"[\u00a0\u202f]", " ", text)
    assert "Chacun reçoit 10 cartes, et quatre cartes retournées commencent les quatre rangées" in text
    assert "vous ramassez les cinq autres, et votre carte commence la rangée" in text
    home = visible_text(built_site / "index.html")
    values = sorted({heads(card) for card in range(1, 105)})
    assert f"{', '.join(map(str, values[:-1]))} ou {values[-1]} petites têtes de bœuf" in home


def test_the_home_page_has_the_setup_checklist_in_order(built_site):
    checklist = section(page_html(built_site, ""), "la-partie-pas-a-pas")
    steps = re.findall(r"<li><strong>(.*?)</strong>", checklist)
    assert [html_lib.unescape(s).replace("\u00a0", " ") for s in steps] == [
        "Mélanger", "Distribuer 10 cartes", "Ouvrir quatre rangées", "Jouer un tour",
        "Finir la manche", "S’arrêter à 66"]


def test_the_home_page_links_prominently_to_the_printable_summary(built_site):
    html = page_html(built_site, "")
    link = re.search(r'<p class="appel"><a href="([^"]+)">([^<]+)</a></p>', html)
    assert link and link[1] == "aide-memoire/"
    assert link[2].replace("\u00a0", " ") == "Jouer ce soir : imprimer l’aide-mémoire"
    # The link sits before the first drawing: seen without scrolling past the rules.
    assert html.index('class="appel"') < html.index('<figure class="rangees">')


def test_home_and_summary_read_in_under_the_five_minutes_the_page_states(built_site):
    home = page_html(built_site, "")
    assert "se lisent en moins de cinq minutes" in visible_text(built_site / "index.html")
    total = words(article(home)) + words(article(page_html(built_site, "aide-memoire")))
    assert total <= 5 * WORDS_PER_MINUTE, f"{total} words: more than five minutes"


def key_entries(html: str) -> list[tuple[str, str]]:
    key = re.search(r'<figure class="legende-dessins".*?</figure>', html, re.S)
    assert key, "no drawings key"
    return [(svg, html_lib.unescape(text)) for svg, text in
            re.findall(r"<li>(<svg.*?</svg>)<span>(.*?)</span></li>", key[0], re.S)]


def test_the_key_follows_the_first_drawing_of_the_home_page(built_site):
    html = page_html(built_site, "")
    first = html.index('<figure class="rangees">')
    after = html[html.index("</figure>", first) + len("</figure>"):].lstrip()
    assert after.startswith('<figure class="legende-dessins"')


def test_the_key_names_one_colour_per_value_of_heads_and_the_dashed_slot(built_site):
    for url in ("", "aide-memoire"):
        entries = key_entries(page_html(built_site, url))
        drawn = [int(m[1]) for svg, _ in entries if (m := re.search(r'class="h(\d)"', svg))]
        assert drawn == sorted({heads(card) for card in range(1, 105)}), url
        for (svg, text), value in zip(entries, drawn):
            assert text.startswith("Carte ") and text.endswith((f" {value}\u00a0tête", f" {value}\u00a0têtes")), text
        slot, text = entries[-1]
        assert 'stroke-dasharray' in slot and ">6<tspan" in slot and "pointillés" in text
        assert len({text.split("\u00a0:")[0] for _, text in entries[:-1]}) == len(drawn), "colours repeat"


def test_the_summary_heads_table_reads_top_down_like_the_heads_page(built_site):
    """Item 13: read top down, the first matching line gives the heads (the 55 gets 7, not 2)."""
    def column(url):
        table = re.search(r"<table>.*?</table>", page_html(built_site, url), re.S)[0]
        return [int(cells[-1]) for cells in
                (re.findall(r"<td[^>]*>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", table, re.S))
                if cells]
    assert column("aide-memoire") == column("tetes-de-boeuf") == [7, 5, 3, 2, 1]


def test_each_variant_page_links_prominently_to_its_printable_sheet(built_site):
    """Issue 26: one-page aide-mémoires for the special cards and each Junior level, linked at the
    top of their pages (the print gate, tests/quality, checks each fits one A4 page)."""
    for url, sheet in (("variantes/cartes-speciales", "aide-memoire-speciales"),
                       ("junior/base", "aide-memoire-base"), ("junior/avance", "aide-memoire-avance"),
                       ("junior/expert", "aide-memoire-expert")):
        body = article(page_html(built_site, url))
        calls = re.findall(r'<p class="appel"><a href="([^"]+)">([^<]+)</a></p>', body)
        assert [href for href, _ in calls] == [f"../{sheet}/"], (url, calls)
        assert calls[0][1].startswith("Jouer ce soir\u00a0: imprimer l’aide-mémoire")
        assert body.index('class="appel"') < body.index("<h2"), url   # before the first section
        assert (built_site / url.split("/")[0] / sheet / "index.html").exists()
