"""Files the « Outils » pages need beyond the static ones, generated from the engine at build time.

The score sheet (js/compteur.js) runs without Pyodide, yet must never retype a rule: the heads of
each card come from `game.classic.cards.HEADS` through this JSON, written next to the scripts.
"""

from __future__ import annotations

import json
from pathlib import Path

from game.classic.cards import HEADS, HIGHEST, total_heads, classic_deck

HEADS_FILE = "js/tetes.json"


def heads_table() -> dict:
    """{"heads": [0, h(1), …, h(104)], "total": 171}: index = card number."""
    return {"heads": list(HEADS), "highest": HIGHEST, "total": total_heads(classic_deck())}


def files() -> dict[str, str]:
    """Site path → content of every generated file (for a builder that renders in memory)."""
    return {HEADS_FILE: json.dumps(heads_table(), separators=(",", ":")) + "\n"}


def write(out_dir: Path) -> None:
    """Write the generated files under the site folder `out_dir`."""
    for name, text in files().items():
        target = Path(out_dir) / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
