"""The rules engine of « 6 qui prend ! » and its variants: pure Python, deterministic, no I/O.

It runs unchanged in three places: the site build, the tests, and the reader's
browser (Pyodide). docs/rules.md (the rules the project adopts) is the specification; where
the code settles an ambiguity, a comment names the section.

Glossary, French game words → names in the code:

    carte                   card (an int 1..104)
    tête(s) de bœuf         heads             cards.heads(), cards.HEADS
    rangée (série, ligne)   row               table.Table.rows[i], 0-based (readers count from 1)
    poser                   place             events.Place
    sixième carte           sixth card        Take(reason="sixth")
    carte trop faible       too-low card      events.TooLow, Take(reason="too_low")
    ramasser                take              table.Table.take(), events.Take
    pile de pénalité        penalty pile      Round.piles
    tour                    turn              Round.reveal(), Round.step()
    manche                  round             play.Round
    partie                  game              state.ClassicState (the State is the game)
    écart                   gap               Place.gap
    donne                   deal              Rng.draw(), events.Deal
    draft (Logique)         pick              Round.pick(), events.DraftPick
    « à la BGA »            countdown         session.view()["scores"][i]["countdown"]

Entry points: `variants.get(name)` / `variants.of(scenario)` (every variant's replay, result,
drawing and state), `state` (the one state protocol, robots, simulate), `classic.state.ClassicState`
(full classic games), `messages.explain` (French), `python -m game replay|simulate`.
"""

from .classic.cards import HEADS, heads
from .errors import GameError
from .classic.play import Options, Round
from .classic.state import ClassicState
from .classic.replay import replay, run

__all__ = ["HEADS", "heads", "GameError", "ClassicState", "Options", "Round", "replay", "run"]
