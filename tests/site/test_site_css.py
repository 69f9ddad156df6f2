"""site.css: text colours meet WCAG AA in both themes, and print keeps figures whole."""

from __future__ import annotations

import re

import pytest

from site_builder.assets import STATIC

CSS = (STATIC / "site.css").read_text(encoding="utf-8")
TEXT_ON_BACKGROUND = [
    ("encre", "papier"), ("encre", "papier-2"), ("encre-douce", "papier"),
    ("encre-douce", "papier-2"), ("accent", "papier"), ("accent", "accent-fond"),
    ("encre", "accent-fond"), ("erratum", "erratum-fond"), ("note", "note-fond"),
    ("conseil", "conseil-fond"), ("encre", "note-fond"), ("encre", "erratum-fond"),
]


def _tokens(block: str) -> dict[str, str]:
    return dict(re.findall(r"--([a-z0-9-]+):\s*(#[0-9a-fA-F]{6})", block))


def _theme(name: str) -> dict[str, str]:
    light = _tokens(CSS.split("@media (prefers-color-scheme: dark)")[0])
    if name == "light":
        return light
    dark_block = CSS.split("@media (prefers-color-scheme: dark)")[1].split("/* --- Base")[0]
    return {**light, **_tokens(dark_block)}


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_text_colours_meet_wcag_aa(theme):
    tokens = _theme(theme)
    for text, background in TEXT_ON_BACKGROUND:
        ratio = contrast(tokens[text], tokens[background])
        assert ratio >= 4.5, f"{theme}: --{text} on --{background} is {ratio:.2f}:1"


CARDS_CSS = (STATIC / "cards.css").read_text(encoding="utf-8")
CARD_FACES = ("h1", "h2", "h3", "h5", "h7", "tag")   # a card of 1 to 7 heads, a tag: ink on each


def _in_scheme(css: str, media: str | None) -> str:
    """What of `css` applies under `media`: its rules before any `@media`, then the bodies of
    `media`'s blocks, which come last and so win (in `_tokens` as in the browser)."""
    base = css.split("@media")[0]
    return base + "".join(_media_blocks(css, rf"@media\s*{re.escape(media)}\s*{{")) if media else base


def _card_palette(media: str | None) -> dict[str, str]:
    """cards.css's colours (`sqp-ink`, …): the default palette, with `media`'s block over it."""
    return _tokens(_in_scheme(CARDS_CSS, media))


@pytest.mark.parametrize("media", [None, "(prefers-color-scheme: dark)", "print"])
def test_card_numbers_meet_wcag_aa_on_every_card_colour(media):
    """axe cannot judge an SVG text's contrast (tests/quality/quality_browser.py, AXE_CONFIGURE):
    the numbers and heads of the drawn cards are checked here, from the palette."""
    palette = _card_palette(media)
    assert {f"sqp-{face}" for face in (*CARD_FACES, "ink")} <= set(palette), palette
    for face in CARD_FACES:
        ratio = contrast(palette["sqp-ink"], palette[f"sqp-{face}"])
        assert ratio >= 4.5, f"{media or 'default'}: --sqp-ink on --sqp-{face} is {ratio:.2f}:1"


SCHEMES = [("light", None), ("dark", "(prefers-color-scheme: dark)")]   # site.css's, cards.css's


@pytest.mark.parametrize("theme, media", SCHEMES)
def test_the_drawings_words_beside_the_cards_meet_wcag_aa_on_the_page(theme, media):
    """The drawings' other texts stand on the page, not on a card: the row names and the players
    under their cards (`sqp-label`), the « 6ᵉ » of the danger slot (`sqp-danger`); on either
    paper (a step's background is a mix of the two)."""
    palette, page = _card_palette(media), _theme(theme)
    for text in ("sqp-label", "sqp-danger"):
        for paper in ("papier", "papier-2"):
            ratio = contrast(palette[text], page[paper])
            assert ratio >= 4.5, f"{theme}: --{text} on --{paper} is {ratio:.2f}:1"


def test_focus_is_visible_and_targets_are_large_enough():
    assert re.search(r":focus-visible\s*{[^}]*outline:\s*3px solid", CSS)
    for selector in (".sections a", ".precedent-suivant a"):
        block = CSS.split(selector + " {", 1)[1].split("}", 1)[0]
        assert "min-height: 2.75rem" in block, selector


def test_print_is_a4_without_navigation_and_never_cuts_a_figure():
    print_css = CSS.split("@media print {", 1)[1]
    assert "size: A4" in print_css
    assert re.search(r"\.sections,[^{]*\.sommaire-section,[^{]*{\s*display: none", print_css)
    keep = re.search(r"figure, \.etape[^{]*{([^}]*)}", print_css)
    assert keep and "break-inside: avoid" in keep.group(1)


COLOUR_VALUE = re.compile(r"#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla)\([^)]*\)|[01]?\.\d+|[01]")


DARK_QUERY = r"@media\s*\(\s*prefers-color-scheme\s*:\s*dark\s*\)\s*{"
WIDTH_QUERY = r"@media[^{]*\((?:max|min)-width\s*:[^{]*{"


def _media_blocks(css: str, query: str) -> list[str]:
    """The bodies of every `@media` block that `query` opens, braces matched."""
    blocks = []
    for match in re.finditer(query, css):
        depth, at = 1, match.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(css[at], 0)
            at += 1
        blocks.append(css[match.end():at - 1])
    return blocks


def _declarations(query: str) -> dict[str, list[tuple[str, str]]]:
    """Each stylesheet's declarations (property, value) inside the `@media` blocks of `query`."""
    found = {}
    for sheet in sorted(STATIC.rglob("*.css")):
        for block in _media_blocks(sheet.read_text(encoding="utf-8"), query):
            body = re.sub(r"/\*.*?\*/", "", block, flags=re.S)
            found.setdefault(sheet.name, []).extend(
                (prop, value.strip())
                for prop, value in re.findall(r"([a-z-]+)\s*:\s*([^;{}]+)(?:;|(?=}))", body))
    return found


def _colour_property(prop: str) -> bool:
    return prop in ("color", "fill", "stroke", "opacity") or prop.startswith("background") \
        or prop.endswith("-color")


def test_the_dark_scheme_changes_colours_only():
    """The quality gate runs only axe's colour rules in dark (tests/quality/quality_browser.py):
    that holds while every dark declaration is a colour (or an opacity), nothing of layout."""
    found = _declarations(DARK_QUERY)
    assert found.get("site.css") and found.get("cards.css"), "the dark blocks were not found"
    wrong = [f"{name}: {prop}: {value}" for name, pairs in found.items() for prop, value in pairs
             if not ((prop.startswith("--") or _colour_property(prop)) and COLOUR_VALUE.fullmatch(value))]
    assert wrong == []


def test_a_width_query_changes_no_colour():
    """The quality gate runs at 320 px only axe's rules that read the layout, colour in dark only
    at 1280 px (tests/quality/quality_browser.py): that holds while no width query sets a colour."""
    found = _declarations(WIDTH_QUERY)
    assert found.get("site.css") and found.get("tools.css"), "the width queries were not found"
    wrong = [f"{name}: {prop}: {value}" for name, pairs in found.items() for prop, value in pairs
             if _colour_property(prop) or prop.startswith("--") and COLOUR_VALUE.fullmatch(value)]
    assert wrong == []


JUNIOR_CSS = (STATIC / "junior.css").read_text(encoding="utf-8")


def _fill(css: str, selector: str) -> str | None:
    """The `fill` colour of the last rule of `css` whose selector list names `selector`."""
    fills = [m.group(1) for selectors, body in re.findall(r"([^{}]+){([^{}]*)}", css)
             if selector in selectors for m in [re.search(r"fill:\s*(#[0-9a-fA-F]{6})", body)] if m]
    return fills[-1] if fills else None


@pytest.mark.parametrize("theme, media", SCHEMES)
def test_junior_drawings_words_meet_wcag_aa(theme, media):
    """Junior's drawings write their words in their own ink (game/junior/draw.py), which junior.css
    may restyle (it lightens it in dark): the legend's cow types and the « ramassée » tag stand
    on the page, the row card's words on the row card, which stays light."""
    from game.junior.draw import legend_svg, table_svg
    css, page = _in_scheme(JUNIOR_CSS, media), _theme(theme)
    papers = {paper: page[paper] for paper in ("papier", "papier-2")}
    table = table_svg([[1], [2], [3], [4]], placed=5, taken=0)
    row_card = _fill(css, ".jr-row-card-bg")
    assert row_card, f"{theme}: junior.css gives the row card (.jr-row-card-bg) no fill"
    words = {
        "legend": (legend_svg(), "svg.jr-legende text", papers),
        "taken tag": (table.split('class="jr-taken-tag"', 1)[1], "svg.jr-table .jr-taken-tag", papers),
        "row card": (table.split('class="jr-row-card"', 1)[1], ".jr-row-card text",
                     {"the row card": row_card}),
    }
    for name, (svg, selector, backgrounds) in words.items():
        ink = _fill(css, selector) or re.search(r'<text[^>]* fill="(#[0-9a-f]{6})"', svg)[1]
        for background, colour in backgrounds.items():
            ratio = contrast(ink, colour)
            assert ratio >= 4.5, f"{theme}: Junior's {name} {ink} on {background} is {ratio:.2f}:1"
