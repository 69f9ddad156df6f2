"""French typography of every sentence the engine writes (game/messages), not only of pages.

The build's typography pass never touches generated text (steps, captions, SVG titles) and the
browser shows the same text straight from the engine, so the sentences themselves must be right:
typographic apostrophe ’, a true minus sign −, no sentence opening on a bare number, elision
before a name (« qu’Alice », « d’Emma »). The sentences come from seeded bot games of every
family (classic, Logique, special cards, the three Junior levels), every worked example of
content/, and the drawing labels.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.classic.bots import HeuristicBot
from round_robots import RoundRandom as RandomBot, RoundRandomSpecial, play_game, play_special_round
from game.classic.state import ClassicState
from game.junior.scenario import to_scenario
from game.junior.variant import replay as junior_replay
from game.junior.state import run_game
from game.messages import explain
from game.messages import blocks as labels
from site_builder.blocks.classic import parse_example, resolve_slides

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```exemple\n(.*?)^```$", flags=re.S | re.M)
PLAYERS = ["Alice", "Bruno", "Chloé", "Émile"]


def classic_sentences():
    for seed in range(1, 4):
        for variant, options in (("classic", {}), ("logique", {"rounds": 1})):
            game = ClassicState(PLAYERS, variant=variant, options=options, seed=seed)
            play_game(game, {p: (RandomBot(game.rng) if i % 2 else HeuristicBot(game.rng))
                             for i, p in enumerate(PLAYERS)})
            yield from (explain(e) for e in game.log)


def special_sentences():
    from game.specials.bots import SpecialBot
    from game.specials.state import SpecialState
    for seed in range(1, 4):
        game = SpecialState(PLAYERS, seed=seed)
        play_game(game, {p: (RoundRandomSpecial(game.rng, rate=0.9) if i % 2 else SpecialBot(game.rng))
                         for i, p in enumerate(PLAYERS)}, play_special_round)
        yield from (explain(e) for e in game.log)


def junior_sentences():
    from game.junior.draw import step_html
    for level, seed in (("base", 1), ("avance", 2), ("expert", 3)):
        first, moves, _ = run_game(level, ["Léa", "Olivier", "Emma"], seed)
        for step in junior_replay(to_scenario(first, moves)):
            yield step["text"]
            yield from _svg_and_html_text(step_html(step))


def example_sentences():
    for page in sorted((ROOT / "content").rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            example = parse_example(match[1].splitlines(), line, lambda at, message: None)
            variant = example.variant
            resolve_slides(example, variant.replay)
            for step in variant.replay(example.scenario()):
                yield step["text"]
                # the special cards' own names (« 7 qui prend ») are titles, not sentences
                yield from _svg_and_html_text(step["svg"] if variant.name == "speciales"
                                              else variant.step_html(step))


def label_sentences():
    yield labels.choice_caption("Alice", 10)
    yield labels.choice_caption("Émile", 10)
    yield labels.penalties_text({"Alice": -3, "Bruno": 5})
    yield labels.table_label([[10, 20], [33]], placed=20, taken=1)


def _svg_and_html_text(markup: str):
    """Text nodes and titles of generated markup (tags dropped)."""
    yield from (t for t in re.split(r"<[^>]+>", markup) if t.strip())


SOURCES = {"classic": classic_sentences, "specials": special_sentences, "junior": junior_sentences,
           "examples": example_sentences, "labels": label_sentences}


def french_problems(sentence: str) -> list[str]:
    problems = []
    if "'" in sentence:
        problems.append("straight apostrophe ' (use ’)")
    if re.search(r"(?<![\w\-–])-\d", sentence):
        problems.append("hyphen used as a minus sign (use −, U+2212)")
    for start in re.split(r"(?<=[.!?])\s+", sentence):
        if start[:1].isdigit() and re.search(r"[a-zà-ÿ]", start):  # a drawn number or list is not one
            problems.append(f"sentence opens on a bare number: «{start[:30]}»")
    if re.search(r"\b(que|de|le|la) [AEIOUYÉÈÊ][a-zé]", sentence):
        problems.append("no elision before a name or vowel (« qu’Alice », « d’Émile »)")
    if re.search(r"\bbots?\b", sentence):
        problems.append("« bot »: the guide says « robot »")
    return problems


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_generated_sentences_follow_french_typography(source):
    sentences = list(SOURCES[source]())
    assert len(sentences) > 3
    bad = {s: p for s in set(sentences) if (p := french_problems(s))}
    assert not bad, "\n".join(f"{problems}: {s}" for s, problems in list(bad.items())[:15])


# The names of games and cards open on a digit and are no bare number (« 6 qui prend ! »).
NAMES = re.compile(r"\b(?:6|7)[\s\u00a0]+qui[\s\u00a0]+(?:prend|surprend)(?:[\s\u00a0]+Junior)?[\s\u00a0\u202f]*!?"
                   r"|6[\s\u00a0]+nimmt!(?:[\s\u00a0]+25[\s\u00a0]+Jahre)?|5ᵉ[\s\u00a0]+série")
PROSE = {"p", "li", "dd", "figcaption", "blockquote"}


def content_sentences(site: Path):
    """(page, text) of every prose block of the built pages (paragraphs, list items), drawings
    and code left out, game and card names blanked."""
    from quality_checks import NOT_PROSE, html_files, parse, walk

    def text_of(node) -> str:
        if node.tag in NOT_PROSE or node.tag in ("svg", "ol", "ul"):
            return " "
        return "".join(child if isinstance(child, str) else text_of(child) for child in node.children)

    for page in html_files(site):
        for node in walk(parse(page.read_text(encoding="utf-8"))):
            if node.tag in PROSE:
                yield page.relative_to(site).as_posix(), NAMES.sub("Le jeu", " ".join(text_of(node).split()))


def test_content_prose_follows_the_same_rules(built_site):
    """The pages' own prose, not only the engine's sentences: « Un paquet de 104 cartes », never
    a sentence opening on « 104 cartes »."""
    found = [f"{page}: {problems}: {text[:90]}" for page, text in content_sentences(built_site)
             if text and (problems := french_problems(text))]
    assert not found, "\n".join(found[:20])


def test_content_prose_is_read_from_every_page(built_site):
    pages = {page for page, _ in content_sentences(built_site)}
    assert {"regles/index.html", "junior/index.html", "variantes/cartes-speciales/index.html"} <= pages
    assert french_problems("104 cartes, numérotées de 1 à 104.")


@pytest.mark.parametrize("sentence, fault", [
    ("Rangées que Alice peut ramasser", "elision"),
    ("La carte d'Emma", "apostrophe"),
    ("Alice marque -3.", "minus"),
    ("Tour 2. 28 ouvre une rangée.", "bare number"),
    ("Le conseil du bot prudent", "robot"),
])
def test_the_check_sees_each_fault(sentence, fault):
    assert any(fault in p for p in french_problems(sentence)), french_problems(sentence)
