"""The explorer's worker messages: the page's form in, French errors or markup out.

The page holds no rule: it sends the text of its fields, and these handlers parse them, check the
position (`Position.problems`), encode links, run the estimate in chunks and draw its bars.
Messages (`type`), routed here by game/web.py's HANDLERS:
- `explore_check`    {form}                                  → {position, fragment, used, highest}
- `explore_estimate` {form, seed, samples, mode, start, so_far} → {estimate, done, finished, html}
- `explore_encode`   {form, seed, mode}                      → {fragment}
- `explore_decode`   {fragment}                              → {form, seed, mode, used, highest}
- `explore_export`   {form}                                  → {scenario: JSON text}
- `explore_import`   {text}                                  → {form, used, highest}
- `explore_link`     {state}                                 → {fragment, text}: « Ouvrir dans
                     l’explorateur » now in « Jouer une manche » (an example's steps carry theirs)
A function here returns its answer or raises; game/web.py words every refusal in the one shape
(on a field of FIELDS), with the cards the grid greys out (`used`, `highest`) whenever the form
could be read.
A `form` is {variant, players, rows: [4 or 5 texts], hand, known, gone}: what the reader typed,
plus with the special cards {marked, stopped, specials: [3 kinds or ""], their_specials}
(special_fields.py); instead of `form`, a tool may send `position` (Position.to_json).
"""

from __future__ import annotations

import json
import re
from html import escape

from ..classic.draw import card_svg
from ..errors import GameError, Refusal, fault
from ..untrusted import check_plain, is_digits, is_whole
from ..messages import explore as fr
from ..messages import reader_errors
from . import codec, special_fields
from .position import JSON_KEYS, MAX_PLAYERS, MAX_ROWS, MIN_PLAYERS, ROWS, VARIANTS, Position
from .risk import MODES, Estimate, estimate

FIELDS = ("rows[0]", "rows[1]", "rows[2]", "rows[3]", "rows[4]", "hand", "players", "known", "gone",
          "variant", "marked", "stopped", "specials", "their_specials", "seed", "samples", "mode",
          "lien", "scenario")
"""The page's fields: a refusal names one of them, or none."""
DEFAULT_SAMPLES = 4000
CHUNK = 250
"""Samples per message: about a tenth of a second in the browser, so « Stop » answers at once."""
CHUNK_SPECIALS = 25
"""The same with the special cards, whose robots try every special move on a copy of the round."""

_WORDS = re.compile(r"[\s,;]+")
_KNOWN = re.compile(r"^\s*j\s*(\d+)\s*:\s*(.*)$", re.IGNORECASE | re.DOTALL)


# --- form ⇄ position ------------------------------------------------------------------------------

def _cards(text, field: str, errors: dict) -> list[int]:
    cards = []
    for word in (w for w in _WORDS.split(str(text or "").strip()) if w):
        if not is_digits(word, len(word)):
            errors.setdefault(field, (fr.not_a_number(word[:20]), f"{field}: {word[:20]!r} is not a number"))
            return []
        if len(word) > 6:   # « 1234567… »: a number, but no card (and no huge int to parse)
            errors.setdefault(field, (fr.for_code("card_out_of_deck"), f"{field}: {word[:20]}… is no card"))
            return []
        cards.append(int(word))
    return cards


def _players(value, errors: dict) -> int:
    text = str(value if value is not None else "").strip()
    if not is_digits(text, 2) or not MIN_PLAYERS <= int(text) <= MAX_PLAYERS:
        errors.setdefault("players", (fr.for_code("players_range"), f"players: {text[:20]!r} refused"))
        return 4
    return int(text)


def _known(text, players: int, errors: dict) -> dict:
    """« J2 : 5 17 ; J3 : 40 » (or one per line) → {"p2": [5, 17], "p3": [40]}.

    An opponent beyond the table is refused before anything is built for it (« J99999999 »)."""
    known: dict[str, list[int]] = {}
    for part in (p for p in re.split(r"[;\n]+", str(text or "")) if p.strip()):
        match = _KNOWN.match(part)
        if not match or not match.group(1).isascii():
            errors.setdefault("known", (fr.bad_known(part.strip()[:40]), f"known: {part.strip()[:40]!r} unreadable"))
            return {}
        digits = match.group(1)
        number = int(digits) if len(digits) <= 2 else MAX_PLAYERS + 1
        if not 2 <= number <= players:
            errors.setdefault("known", (fr.for_code("no_such_opponent", players=players),
                                        f"known: no opponent J{digits[:20]} among {players} players"))
            return {}
        cards = _cards(match.group(2), "known", errors)
        known.setdefault(f"p{number}", []).extend(cards)
    return known


def read_form(form) -> tuple[Position | None, list[dict], Position]:
    """(position or None, French errors by field, the best-effort position for the card grid)."""
    if not isinstance(form, dict):
        form = {}
    errors: dict[str, tuple[str, str]] = {}
    variant = form.get("variant", "classic")
    if variant not in VARIANTS:
        errors["variant"] = (fr.for_code("variant_unknown"), f"variant {str(variant)[:20]!r} unknown")
        variant = "classic"
    special = variant == "speciales"
    players = _players(form.get("players", 4), errors)
    texts = form.get("rows") if isinstance(form.get("rows"), list) else []
    texts = (list(texts) + [""] * MAX_ROWS)[:MAX_ROWS if special else ROWS]
    rows = [_cards(t, f"rows[{i}]", errors) for i, t in enumerate(texts)]
    if len(rows) > ROWS and not rows[ROWS] and not str(texts[ROWS]).strip():
        rows.pop()   # the fifth row is for a 5ᵉ série: an empty field means four rows
    hand = _cards(form.get("hand", ""), "hand", errors)
    known = _known(form.get("known", ""), players, errors)
    gone = _cards(form.get("gone", ""), "gone", errors)
    found: dict[str, str] = {}   # special_fields.py words its own French errors
    extra = special_fields.read(form, players, found) if special else {}
    for field, message in found.items():
        errors.setdefault(field, (message, f"{field}: refused"))
    draft = Position.of(rows, hand, players, known, gone, variant, **extra)
    for problem in draft.problems():
        field = problem.field or "rows"
        field = "known" if field.startswith("known") else "rows[0]" if field == "rows" else field
        errors.setdefault(field, (fr.for_code(problem.code, card=problem.card, highest=draft.highest,
                                              hand=len(hand), players=players, field=field,
                                              variant=variant, facts=problem.facts),
                                  problem.message))
    listed = [fault(f, message, detail) for f, (message, detail) in errors.items()]
    return (None if listed else draft), listed, draft


def read_request(request: dict) -> tuple[Position | None, list[dict], Position]:
    """The request's `form` (what a reader typed) or `position` (Position.to_json, from a tool)."""
    if "position" not in request:
        return read_form(request.get("form"))
    data = request["position"]
    empty = Position.of([(), (), (), ()], ())
    try:
        position = Position.of(**{key: data[key] for key in JSON_KEYS if key in data})
        numbers = [position.players, *position.hand, *position.gone, *position.marked,
                   *position.stopped, *position.their_specials,
                   *(c for cards in (*position.rows, *position.known) for c in cards)]
        # Whole numbers where numbers go and kinds as text: the form's checks then word every
        # other mistake on its field.
        if len(position.rows) not in (ROWS, MAX_ROWS) or not all(is_whole(n) for n in numbers) \
                or not isinstance(position.variant, str) \
                or not all(isinstance(k, str) for k in position.specials):
            raise ValueError("four or five rows of whole numbers, and special-card kinds")
    except GameError as error:   # an opponent beyond any table, refused before it is built
        players = data.get("players", 4)
        players = players if is_whole(players) and MIN_PLAYERS <= players <= MAX_PLAYERS else MAX_PLAYERS
        return None, [fault(error.field, fr.for_code(error.code, players=players), error.message)], empty
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return None, [fault(None, fr.for_code("shape"), f"malformed position: {str(error)[:80]}")], empty
    return read_form(to_form(position))   # problems are then reported on the fields they concern


def to_form(position: Position) -> dict:
    """The texts of the form for a position (what `read_form` reads back)."""
    known = "\u202f; ".join(f"{fr.player_name(i)}\u00a0: {' '.join(map(str, k))}"
                       for i, k in enumerate(position.known) if k)
    rows = [" ".join(map(str, r)) for r in position.rows]
    return {"variant": position.variant, "players": str(position.players),
            "rows": (rows + [""] * MAX_ROWS)[:MAX_ROWS],
            "hand": " ".join(map(str, position.hand)), "known": known,
            "gone": " ".join(map(str, position.gone)), **special_fields.texts(position)}


def _grid(draft: Position) -> dict:
    """What the 1–104 grid greys out: cards placed somewhere, and cards beyond the deck."""
    return {"used": sorted(c for c in draft.used() if isinstance(c, int) and 1 <= c <= 104),
            "highest": draft.highest}


# --- messages -------------------------------------------------------------------------------------

def refuse(error: GameError, request: dict | None = None) -> Refusal:
    """An engine refusal (a link, a stale estimate, hostile JSON), on its form field."""
    field = (error.field or "").removeprefix("form.").split(".")[0] or None
    field = "lien" if field == "link" else field
    if error.code == "stale_estimate":
        return Refusal([fault(field, fr.ESTIMATE_STALE, error.message)])
    if error.code in ("hostile", "shape", "chunk_range", "mode_unknown") or field not in FIELDS:
        return Refusal([fault(field if field in FIELDS else None, reader_errors.BAD_REQUEST, error.message)])
    return Refusal([fault(field, fr.for_code(error.code, field=field), error.message)])


def _checked(request: dict, *, settings: bool = False) -> tuple[Position, int, str]:
    """The request's position, seed and mode (the seed checked with `settings`), or Refusal with
    every field at fault and the grid of what could be read."""
    position, errors, draft = read_request(request)
    seed_text = str(request.get("seed", 1)).strip()
    seed = int(seed_text) if is_digits(seed_text, 10) else -1
    if settings and not 0 <= seed < 2**32:
        errors.append(fault("seed", fr.for_code("seed_range"), f"seed {seed_text[:20]!r} refused"))
    if errors:
        raise Refusal(errors, **_grid(draft))
    mode = request.get("mode", "uniform")
    return position, seed, mode if mode in MODES else "uniform"


def check_message(request: dict) -> dict:
    position, _, _ = _checked(request)
    return {"ok": True, "position": position.to_json(), "fragment": codec.encode(position),
            **_grid(position)}


def encode_message(request: dict) -> dict:
    position, seed, mode = _checked(request, settings=True)
    return {"ok": True, "fragment": codec.encode(position, seed=seed, mode=mode)}


def decode_message(request: dict) -> dict:
    link = codec.decode(request.get("fragment"))
    return {"ok": True, "form": to_form(link.position), "seed": link.seed, "mode": link.mode,
            **_grid(link.position)}


def export_message(request: dict) -> dict:
    position, _, _ = _checked(request)
    return {"ok": True, "scenario": json.dumps(codec.to_scenario(position), ensure_ascii=False)}


def import_message(request: dict) -> dict:
    text = request.get("text", "")
    try:
        data = json.loads(text) if isinstance(text, str) else text
        check_plain(data)   # what a scenario may hold: no deep nesting, no huge number
    except (ValueError, RecursionError) as error:
        raise Refusal([fault("scenario", fr.SCENARIO_UNREADABLE, f"unreadable: {str(error)[:100]}")]) from None
    try:
        position = codec.from_scenario(data)
    except GameError as error:
        message = fr.scenario_refused(error.field or "scenario") if error.code != "shape" \
            else fr.SCENARIO_UNREADABLE
        raise Refusal([fault("scenario", message, error.message)]) from None
    return {"ok": True, "form": to_form(position), **_grid(position)}


def estimate_message(request: dict) -> dict:
    """One chunk of an estimate; the page sends back `so_far` until `finished` (or « Stop »)."""
    position, seed, mode = _checked(request, settings=True)
    chunk = CHUNK_SPECIALS if position.variant == "speciales" else CHUNK
    result = estimate(position, request.get("samples", DEFAULT_SAMPLES), seed, mode=mode,
                      start=request.get("start", 0), chunk=request.get("chunk", chunk),
                      so_far=Estimate.from_json(request.get("so_far")))
    return {"ok": True, "estimate": result.to_json(), "done": result.done,
            "samples": result.samples, "finished": result.finished, "seed": seed,
            "html": risk_html(result)}


def risk_html(result: Estimate) -> str:
    """The bars beside the hand: for each card, its risk, interval and expected heads."""
    items = []
    for tally in result.tallies:
        take, heads = tally.take_interval(), tally.heads_interval()
        p, low, high = take
        items.append(
            f'<li class="explorer-risque" data-card="{tally.card}" data-take="{p:.6f}" '
            f'data-heads="{heads[0]:.6f}">'
            f'<span class="explorer-carte">{card_svg(tally.card)}</span>'
            f'<svg class="explorer-barre" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" '
            f'aria-label="{escape(fr.bar_label(tally.card, p))}">'
            f'<rect class="explorer-fond" x="0" y="0" width="100" height="10"/>'
            f'<rect class="explorer-part" x="0" y="1.5" width="{100 * p:.2f}" height="7"/>'
            f'<line class="explorer-intervalle" x1="{100 * low:.2f}" x2="{100 * high:.2f}" y1="5" y2="5"/>'
            f'</svg>'
            f'{_gauged(fr.risk_sentence(tally.card, take, heads), fr.RISK_GAUGE)}</li>')
    summary = fr.summary(result.done, result.samples, result.seed, result.mode, result.finished)
    return (f'{_gauged(summary, fr.SUMMARY_GAUGE, "explorer-resume")}'
            f'<ol class="explorer-risques">{"".join(items)}</ol>')


def room_html() -> dict:
    """The room the figures take from the press of « Quel risque ? » until they come (js/explorer.js
    keepRoom, which puts one `room_line` per card of the hand in place of `{lines}`): the summary
    saying they are awaited, and lines of `risk_html`'s shape, each as tall as its figures will be."""
    line = ('<li class="explorer-place" aria-hidden="true"><span class="explorer-carte"></span>'
            f'<span class="explorer-barre"></span>{_gauged("", fr.RISK_GAUGE)}</li>')
    return {"room": f'{_gauged(fr.WAITING, fr.SUMMARY_GAUGE, "explorer-resume")}'
                    '<ol class="explorer-risques">{lines}</ol>', "room_line": line}


def _gauged(text: str, gauge: str, cls: str = "") -> str:
    """A line as tall as the longest it may hold (game/messages/explore.py « the room »)."""
    cls = f' class="{cls}"' if cls else ""
    return f'<p{cls} data-gabarit="{escape(gauge)}"><span>{escape(text, quote=False)}</span></p>'


def link_message(request: dict) -> dict:
    """The permalink of the game in progress (`state`); a position the explorer cannot take
    (Junior, a draft, no card to play) is a refusal: no link shown."""
    from . import steps

    try:
        return {"ok": True, "fragment": codec.encode(steps.position_in_game(request.get("state"))),
                "text": ""}
    except GameError as error:
        raise Refusal([fault(None, fr.NO_LINK, error.message)]) from None


__all__ = ["read_form", "to_form", "risk_html", "refuse"]
