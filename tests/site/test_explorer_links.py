"""« Ouvrir dans l’explorateur » on every worked example: a plain link (no JavaScript needed) to
the explorer, its fragment the start's position encoded by the engine's codec, and each step's
link for the player to follow (data-etapes)."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import urlsplit

from game.explore import codec
from game.explore.steps import position_at

from site_helpers import pages_of

SECTION = re.compile(r'<section class="exemple" id="(?P<id>[^"]+)" data-exemple="[^"]*" '
                     r'data-scenario="(?P<scenario>[^"]*)" data-variant="(?P<variant>\w+)".*?</section>',
                     re.S)
LINK = re.compile(r'<p class="exemple-explorateur" data-etapes="(?P<steps>[^"]*)"><a href="(?P<href>[^"]*)" '
                  r'data-explorateur>Ouvrir dans l’explorateur</a><span data-explorateur-texte>'
                  r'(?P<text>[^<]*)</span></p>')


def test_every_worked_example_links_its_start_to_the_explorer(built_site):
    explorer = (built_site / "outils" / "explorer" / "index.html").resolve()
    seen = {"classic": 0, "speciales": 0}
    for page in pages_of(built_site):
        html = page.read_text(encoding="utf-8")
        for section in SECTION.finditer(html):
            scenario = json.loads(unescape(section["scenario"]))
            found = LINK.search(section.group(0))
            assert found, f"{page.relative_to(built_site)}: {section['id']} has no explorer link"
            href = urlsplit(unescape(found["href"]))
            assert (page.parent / href.path / "index.html").resolve() == explorer
            start = codec.decode(href.fragment)
            assert start.position == position_at(scenario, 0)   # the start, as the engine sees it
            steps = json.loads(unescape(found["steps"]))
            assert steps[0]["fragment"] == href.fragment and steps[0]["text"] == unescape(found["text"])
            for n, link in enumerate(steps):
                assert link == codec.link_at(scenario, n)
            seen[section["variant"]] += 1
    # Every example of the guide, the special-card ones included (the explorer takes them).
    assert seen["classic"] >= 8 and seen["speciales"] >= 7, seen


def test_junior_examples_have_no_explorer_link(built_site):
    junior = [p for p in pages_of(built_site) if 'data-variant="junior"' in p.read_text(encoding="utf-8")]
    assert junior
    for page in junior:
        assert "exemple-explorateur" not in page.read_text(encoding="utf-8")
