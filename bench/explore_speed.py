"""How fast « Quel risque ? » runs: estimates per second in CPython and in Pyodide (under Node).

A 4-player mid-round position (turn 5: six cards in hand, rows of one to five cards, a few cards
already taken). One sample deals the three opponents and resolves the turn once for each card of
the hand, so a sample is six simulated turns. Issue 16 asks for 10,000 simulated turns in under
one second in the browser; Pyodide under Node runs the same WebAssembly as the browser's worker,
without the page around it: bench/explore_browser_speed.py times the real page in Chromium,
through the worker and its chunks. Each figure is the best of a few timed runs, by the wall
clock and by the process's CPU time: on a shared machine the CPU figure is the engine's own (Pyodide
under Node may report wall time for both).

    .venv/bin/python bench/explore_speed.py [--samples 3000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROGRAM = """
import json, time
from game.explore.position import Position
from game.explore.risk import estimate

position = Position.of([[3, 12, 15], [28, 30, 31], [39, 41, 42, 43, 47], [60, 66]],
                       [5, 29, 33, 48, 61, 90], 4, (), [9, 17, 22, 51, 55, 70, 84]).check()
result = {}
for mode in ("uniform", "heuristic"):
    wall = cpu = 0.0
    for _ in range(REPEAT):
        w, c = time.perf_counter(), time.process_time()
        estimate(position, SAMPLES, 2026, mode=mode)
        w, c = time.perf_counter() - w, time.process_time() - c
        wall, cpu = max(wall, SAMPLES / w), max(cpu, SAMPLES / c if c > 0 else 0)
    result[mode] = {"wall": wall, "cpu": cpu}
start = time.perf_counter()
estimate(position, 250, 1, chunk=250)
result["chunk_ms"] = 1000 * (time.perf_counter() - start)
out = json.dumps(result)
"""


def measure_cpython(samples: int, repeat: int) -> dict:
    sys.path.insert(0, str(ROOT))
    scope: dict = {"SAMPLES": samples, "REPEAT": repeat}
    exec(PROGRAM, scope)
    return json.loads(scope["out"])


def measure_pyodide(samples: int, repeat: int) -> dict | None:
    code = f"SAMPLES = {samples}\nREPEAT = {repeat}\n" + PROGRAM
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as file:
        file.write(code)
    try:
        done = subprocess.run(["node", str(ROOT / "tests" / "run_in_pyodide.mjs"), file.name],
                              cwd=ROOT, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as error:
        print(f"Pyodide: could not run ({error})", file=sys.stderr)
        return None
    finally:
        Path(file.name).unlink(missing_ok=True)
    if done.returncode != 0:
        print(f"Pyodide: failed\n{done.stderr[-2000:]}", file=sys.stderr)
        return None
    return json.loads(done.stdout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=3000, help="samples per timed run")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per figure (best kept)")
    args = parser.parse_args(argv)
    cpython = measure_cpython(args.samples, args.repeat)
    pyodide = measure_pyodide(args.samples, args.repeat)
    print("4 players, turn 5 (6 cards in hand): one sample = 6 simulated turns; samples/s, wall | CPU")
    for mode, label in (("uniform", "opponents at random"), ("heuristic", "opponents as the heuristic bot")):
        c = cpython[mode]
        line = f"{label:31} CPython {c['wall']:7,.0f} | {c['cpu']:7,.0f}"
        if pyodide:
            p = pyodide[mode]
            line += (f"   Pyodide {p['wall']:7,.0f} | {p['cpu']:7,.0f}"
                     f"   ratio CPython/Pyodide (wall) {c['wall'] / p['wall']:.2f}"
                     f"   10,000 turns in Pyodide: {10_000 / 6 / p['wall']:.2f} s")
        print(line)
    chunk = f"one 250-sample chunk (what the page asks per message): CPython {cpython['chunk_ms']:.0f} ms"
    if pyodide:
        chunk += f", Pyodide {pyodide['chunk_ms']:.0f} ms (wall)"
    print(chunk)
    return 0 if pyodide else 1


if __name__ == "__main__":
    sys.exit(main())
