"""Valid worker requests of every message type, from real states of every variant.

The property tests of tests/game/test_hostile_input.py mutate these: a mutation of a valid request reaches
deep into each handler (a valid state with one tampered move, a sound form with one bad field),
where a random message would stop at the first check.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from game import web

HERE = Path(__file__).parent / "game"
READER = "Zoé"

# Per variant: the options a reader picks in the Jouer form (as the page sends them: text).
PLAY_OPTIONS = {
    "classic": {"variant": "classic", "target": "12", "strict": False, "rounds": None},
    "tactique": {"variant": "tactique", "target": "66", "strict": True, "rounds": "1"},
    "logique": {"variant": "logique", "target": "66", "strict": False, "rounds": "2"},
    "speciales": {"variant": "speciales", "target": "66", "strict": False, "rounds": None},
    "junior": {"variant": "junior", "level": "avance", "target": "66", "strict": False, "rounds": None},
    "junior-expert": {"variant": "junior", "level": "expert", "target": "66", "strict": False, "rounds": None},
}

FORM = {"variant": "classic", "players": "4", "rows": ["3 12 15", "28 30", "39 41 42 43 47", "60"],
        "hand": "5 29 33 48 61 90", "known": "J3\u00a0: 7", "gone": "1 2"}
TACTIQUE_FORM = {"variant": "tactique", "players": "3", "rows": ["3", "12", "20", "30"],
                 "hand": "5 9 22 31", "known": "", "gone": ""}
SPECIALS_FORM = {"variant": "speciales", "players": "3", "rows": ["3 12", "28", "39 41", "60", "70"],
                 "hand": "5 29 33", "known": "", "gone": "", "marked": "2", "stopped": "4",
                 "specials": ["stop", "", ""], "their_specials": "J2\u00a0: 1 ; J3\u00a0: 3"}


def ask(kind: str, **request) -> dict:
    return json.loads(web.handle(json.dumps({"type": kind, **request})))


def _read(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["scenario"] if isinstance(data, dict) and "scenario" in data else data


@cache
def scenarios() -> dict[str, list[dict]]:
    """The test scenarios of each variant family (a few each: they are mutated, not exhausted)."""
    out = {}
    for family in ("classic", "specials", "junior"):
        paths = sorted((HERE / family / "scenarios").glob("*.json"))
        out[family] = [_read(p) for p in paths[:6]]
    return out


def _next_request(state: dict, view: dict) -> tuple[str, dict] | None:
    """The reader's next move in this state, as the page would send it."""
    phase = view["phase"]
    if phase == "play":
        return "play_card", {"state": state, "card": view["hand"][0]["card"]}
    if phase == "row":
        return "play_choose", {"state": state, "row": view["choice"]["options"][0]["row"], "shown": 1}
    if phase == "pick":
        return "play_pick", {"state": state, "card": view["pool"][0]["card"]}
    if phase == "move":
        return "play_move", {"state": state, "index": 0}
    if phase == "round_over":
        return "play_next", {"state": state}
    return None


@cache
def play_states() -> list[tuple[dict, dict]]:
    """(state, view) pairs along real games of every variant, every phase they reach."""
    out = []
    for n, options in enumerate(PLAY_OPTIONS.values()):
        answer = ask("play_new", reader=READER, bots=["heuristic", "random"], options=options, seed=n + 1)
        assert answer["ok"], answer
        seen: dict[str, int] = {}
        for _ in range(400):
            state, view = answer["state"], answer["view"]
            if seen.get(view["phase"], 0) < 2:
                out.append((state, view))
            seen[view["phase"]] = seen.get(view["phase"], 0) + 1
            step = _next_request(state, view)
            if step is None:
                break
            answer = ask(step[0], **step[1])
            assert answer["ok"], answer
    return out


def _move_request(kind: str, state: dict, view: dict) -> dict:
    """A request of `kind` for this state: the move the view offers, or a plausible one."""
    step = _next_request(state, view)
    if step is not None and step[0] == kind:
        return step[1]
    hand = view["hand"][0]["card"] if view["hand"] else 1
    return {"play_card": {"state": state, "card": hand}, "play_choose": {"state": state, "row": 0},
            "play_pick": {"state": state, "card": hand}, "play_move": {"state": state, "index": 0}
            }.get(kind, {"state": state})


@cache
def exports() -> list[dict]:
    out = []
    for state, _ in play_states():
        answer = ask("play_export", state=state)
        if answer["ok"]:
            out.append(answer["scenario"])
    return out


@cache
def valid_requests() -> dict[str, list[dict]]:
    """type → valid requests (without "type"), for every message type of the handler table."""
    families = scenarios()
    every = [s for group in families.values() for s in group]
    states = play_states()
    requests: dict[str, list[dict]] = {
        "replay": [{"scenario": s} for s in every],
        "choose": [],
        "what_if": [],
        "play_new": [{"reader": READER, "bots": ["heuristic"] * (1 + n % 3), "options": o, "seed": n}
                     for n, o in enumerate(PLAY_OPTIONS.values())],
        "play_load": [{"scenario": s} for s in exports()],
    }
    for s in every:
        steps = ask("replay", scenario=s).get("steps", [])
        decisions = [st for st in steps if st.get("choice") or st.get("target")]
        for step in decisions[:1] or steps[:1]:
            requests["choose"].append({"scenario": s, "step": step["n"], "row": 0})
    for s in families["classic"]:
        if s.get("variant", "classic") == "classic":
            requests["what_if"].append({
                "scenario": s, "rows": [" ".join(map(str, r)) for r in s["rows"]],
                "plays": [{p: str(c) for p, c in t["plays"].items()} for t in s["turns"]]})
    # A loaded Junior round keeps its deal in the saved state (not a seed): fuzz that shape too.
    loaded = [ask("play_load", scenario=s) for s in exports() if s.get("variant") == "junior"]
    assert loaded and all(a["ok"] and "deal" in a["state"]["game"] for a in loaded), loaded[:1]
    for kind in ("play_card", "play_choose", "play_pick", "play_move", "play_next", "play_advice",
                 "play_review", "play_export", "play_view"):
        requests[kind] = [_move_request(kind, state, view)
                          for state, view in states + [(a["state"], a["view"]) for a in loaded]]
    forms = [FORM, TACTIQUE_FORM, SPECIALS_FORM]
    checked = [ask("explore_check", form=f) for f in forms]
    assert all(c["ok"] for c in checked), checked
    fragments = [ask("explore_encode", form=f, seed="7", mode="uniform")["fragment"] for f in forms]
    texts = [ask("explore_export", form=f)["scenario"] for f in forms]
    first = ask("explore_estimate", form=FORM, seed="3", mode="uniform", samples=40, start=0, chunk=20)
    requests.update({
        "explore_check": [{"form": f} for f in forms] + [{"position": c["position"]} for c in checked],
        "explore_encode": [{"form": f, "seed": "7", "mode": m} for f in forms for m in ("uniform", "heuristic")],
        "explore_decode": [{"fragment": f} for f in fragments],
        "explore_export": [{"form": f} for f in forms],
        "explore_import": [{"text": t} for t in texts],
        "explore_estimate": [
            {"form": FORM, "seed": "3", "mode": "uniform", "samples": 40, "start": 0, "chunk": 20},
            {"form": FORM, "seed": "3", "mode": "uniform", "samples": 40, "start": 20, "chunk": 20,
             "so_far": first["estimate"]},
            {"form": TACTIQUE_FORM, "seed": "9", "mode": "heuristic", "samples": 10, "chunk": 10},
            {"form": SPECIALS_FORM, "seed": "4", "mode": "heuristic", "samples": 4, "chunk": 2}],
        "explore_link": [{"state": state} for state, view in states if view["phase"] == "play"][:6],
    })
    missing = set(web.HANDLERS) - {k for k, v in requests.items() if v}
    assert not missing, f"no valid request for {sorted(missing)}"
    return requests


# The fields a reader types in, per message type: (path into the request, the field named on error).
def reader_fields(kind: str, request: dict) -> list[tuple[tuple, str]]:
    if kind == "play_new":
        fields = [(("reader",), "reader")]
        options = request.get("options", {})
        for key, field in (("target", "target"), ("rounds", "rounds"), ("level", "variante")):
            if key in options:
                fields.append((("options", key), field))
        return fields
    if kind == "what_if":
        rows = [(("rows", i), f"rows[{i}]") for i in range(len(request["rows"]))]
        plays = [(("plays", t, p), f"turns[{t}].plays.{p}")
                 for t, turn in enumerate(request["plays"]) for p in turn]
        return rows + plays
    if kind.startswith("explore_") and "form" in request:
        form = [(("form", key), key) for key in ("players", "hand", "known", "gone", "variant")]
        form += [(("form", "rows", i), f"rows[{i}]") for i in range(4)]
        if "seed" in request:
            form.append((("seed",), "seed"))
        return form
    return []
