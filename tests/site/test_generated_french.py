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

from game.classic.bots import HeuristicBot, RandomBot, play_game
from game.classic.play import Game, Options
from game.junior.scenario import replay as junior_replay, run_game, to_scenario
from game.messages import explain
from game.messages import labels
from site_builder.blocks.classic import parse_example, resolve_slides

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```exemple\n(.*?)^```$", flags=re.S | re.M)
PLAYERS = ["Alice", "Bruno", "Chloé", "Émile"]


def classic_sentences():
    for seed in range(1, 4):
        for options in (Options(), Options(variant="logique", rounds=1)):
            log: list = []
            game = Game(PLAYERS, options, seed=seed, log=log)
            play_game(game, {p: (RandomBot(game.rng) if i % 2 else HeuristicBot(game.rng))
                             for i, p in enumerate(PLAYERS)})
            yield from (explain(e) for e in log)


def special_sentences():
    from game.specials.bots import RandomSpecialBot, SpecialBot
    from game.specials.bots import play_game as play_specials
    from game.specials.play import SpecialGame
    for seed in range(1, 4):
        log: list = []
        game = SpecialGame(PLAYERS, seed=seed, log=log)
        play_specials(game, {p: (RandomSpecialBot(game.rng, rate=0.9) if i % 2 else SpecialBot(game.rng))
                             for i, p in enumerate(PLAYERS)})
        yield from (explain(e) for e in log)


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


@pytest.mark.parametrize("sentence, fault", [
    ("Rangées que Alice peut ramasser", "elision"),
    ("La carte d'Emma", "apostrophe"),
    ("Alice marque -3.", "minus"),
    ("Tour 2. 28 ouvre une rangée.", "bare number"),
    ("Le conseil du bot prudent", "robot"),
])
def test_the_check_sees_each_fault(sentence, fault):
    assert any(fault in p for p in french_problems(sentence)), french_problems(sentence)
