"""Files the « Outils » pages need beyond the static ones, generated from the engine at build time.

The score sheet (js/compteur.js) and « Jouer une manche » (js/jouer.js) must never retype a rule:
the heads of each card, and each variant's numbers (players, hand, rows, end of game, winners),
come from game/ through this JSON, written next to the scripts. Its shape is documented in
CONTRIBUTING.md « Rules for the tools (js/tetes.json) ». The page scripts' French words come the
same way, from game/messages/scripts.py through js/mots.json, so no script holds French either.
"""

from __future__ import annotations

import json

from game import variants
from game.messages import scripts as script_words
from game.classic import play as classic
from game.classic.cards import HEADS, HIGHEST, classic_deck, tactique_deck, total_heads
from game.classic.table import LIMIT

HEADS_FILE = "js/tetes.json"
WORDS_FILE = "js/mots.json"


def heads_table() -> dict:
    """{"heads": [0, h(1), …, h(104)], "highest": 104, "total": 171}: index = card number."""
    return {"heads": list(HEADS), "highest": HIGHEST, "total": total_heads(classic_deck())}


def _classic(name: str) -> dict:
    """Classic, Tactique, Logique: 10 cards each, 4 rows; the end is a target or a number of rounds."""
    default = classic.Options()
    players = range(classic.MIN_PLAYERS, classic.MAX_PLAYERS + 1)
    return {
        # number cards in play by number of players (Tactique and Logique use 1..10n+4 only)
        "deal": {"hand": classic.HAND_SIZE, "specials": 0, "rows": classic.ROWS,
                 "deck": {str(n): len(classic_deck() if name == "classic" else tactique_deck(n))
                          for n in players}},
        "max_rows": classic.ROWS, "row_limit": LIMIT,
        # Options.game_over: after the round where the highest total `compare`s the target
        # (with strict, « plus de 66 », `strict_compare`), or after `rounds` rounds when set
        "end": {"target": default.target, "compare": ">=", "strict_compare": ">",
                "strict": default.strict, "rounds": default.rounds},
        "winners": "fewest", "negative_scores": False,
    }


def _specials(name: str) -> dict:
    """« 6 qui surprend ! »: 12 number cards and 3 special cards each, exactly 2 rounds."""
    from game.specials import cards

    return {
        "deal": {"hand": cards.NUMBER_CARDS_EACH, "specials": cards.SPECIAL_CARDS_EACH,
                 "rows": cards.ROWS,
                 "deck": {str(n): HIGHEST for n in range(cards.MIN_PLAYERS, cards.MAX_PLAYERS + 1)}},
        "max_rows": cards.MAX_ROWS, "row_limit": LIMIT,
        "end": {"target": None, "compare": None, "strict_compare": None, "strict": False,
                "rounds": cards.ROUNDS},
        "winners": "fewest",
        "negative_scores": True,   # Négatif = positif: a round's heads may go below zero (−3)
    }


def _junior(name: str) -> dict:
    """Junior: no heads, no target (the game ends with the cards); deal and winners by level."""
    from game.junior import cows, rules

    players = range(cows.MIN_PLAYERS, cows.MAX_PLAYERS + 1)
    return {
        "deal": {level: {"hand": 0 if level == "base" else rules.HAND_SIZE, "specials": 0,
                         "rows": cows.ROWS if level == "expert" else 0,
                         "deck": {str(n): cows.DECK_SIZE for n in players}}
                 for level in rules.LEVELS},
        "max_rows": cows.ROWS,
        "row_limit": {level: rules.EXPERT_TAKE_AT - 1 if level == "expert" else None
                      for level in rules.LEVELS},
        "end": None,
        "winners": {level: rules.default_goal(level) for level in rules.LEVELS},
        "negative_scores": False,
    }


FAMILIES = {"game.classic.variant": _classic, "game.specials.variant": _specials,
            "game.junior.variant": _junior}
"""Registry module → the numbers of its variants; a variant of another module gets the common part."""


def rules_table() -> dict:
    """{name: {title, players: {min, max}, …numbers of its family}} for every registered variant."""
    out = {}
    for name in variants.names():
        variant = variants.get(name)
        entry = {"title": variant.title,
                 "players": {"min": variant.min_players, "max": variant.max_players}}
        family = FAMILIES.get(variants.MODULES[name])
        out[name] = {**entry, **(family(name) if family else {})}
    return out


def files() -> dict[str, str]:
    """Site path → content of every generated file (for a builder that renders in memory)."""
    data = {**heads_table(), "variants": rules_table()}
    return {HEADS_FILE: _json(data), WORDS_FILE: words_file()}


def words_file(engine_size: str | None = None) -> str:
    """js/mots.json: the page scripts' words (game/messages/scripts.py); the build names the
    engine's download size once it knows it (commands/build.py `announce_engine_download`)."""
    return _json(script_words.words(engine_size))


def _json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
