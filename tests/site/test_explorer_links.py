"""« Ouvrir dans l’explorateur » on every worked example: each step that the explorer can open
holds a link to it, its fragment that step's position encoded by the engine's codec, written
hidden in the step (the explorer needs scripts, and so does the player that shows it)."""

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
                     re.DOTALL)
STEP = re.compile(r'<li class="etape" id="[^"]+-etape-(?P<n>\d+)"[^>]*>(?P<inside>.*?)</li>\n', re.DOTALL)
LINK = re.compile(r'<p class="exemple-explorateur" hidden data-avant-script><a href="(?P<href>[^"]*)" '
                  r'data-explorateur>Ouvrir dans l’explorateur</a><span data-explorateur-texte>'
                  r'(?P<text>[^<]*)</span></p>$')


def test_every_step_of_every_worked_example_links_its_position_to_the_explorer(built_site):
    explorer = (built_site / "outils" / "explorer" / "index.html").resolve()
    seen, linked, unlinked = {"classic": 0, "speciales": 0}, 0, 0
    for page in pages_of(built_site):
        html = page.read_text(encoding="utf-8")
        for section in SECTION.finditer(html):
            scenario = json.loads(unescape(section["scenario"]))
            where = f"{page.relative_to(built_site)}: {section['id']}"
            steps = list(STEP.finditer(section.group(0)))
            assert [int(step["n"]) for step in steps] == list(range(len(steps))), where
            for step in steps:
                n, found = int(step["n"]), LINK.search(step["inside"])
                expected = codec.link_at(scenario, n)
                if expected is None:   # no card to play next: nothing the explorer could open
                    assert "exemple-explorateur" not in step["inside"], f"{where} step {n}"
                    unlinked += 1
                    continue
                assert found, f"{where} step {n} has no explorer link"
                href = urlsplit(unescape(found["href"]))
                assert (page.parent / href.path / "index.html").resolve() == explorer
                assert {"fragment": href.fragment, "text": unescape(found["text"])} == expected
                linked += 1
            start = codec.decode(urlsplit(unescape(LINK.search(steps[0]["inside"])["href"])).fragment)
            assert start.position == position_at(scenario, 0), where   # as the engine sees it
            seen[section["variant"]] += 1
    # Every example of the guide, the special-card ones included (the explorer takes them).
    assert seen["classic"] >= 8 and seen["speciales"] >= 7, seen
    assert linked > 40 and unlinked > 5, (linked, unlinked)


def test_junior_examples_have_no_explorer_link(built_site):
    junior = [p for p in pages_of(built_site) if 'data-variant="junior"' in p.read_text(encoding="utf-8")]
    assert junior
    for page in junior:
        assert "exemple-explorateur" not in page.read_text(encoding="utf-8")
