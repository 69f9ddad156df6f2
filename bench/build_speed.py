"""Print how long building the guide takes, phase by phase (`make bench`).

The target: the whole site well under a second, Pyodide's copy excepted (it is skipped when
unchanged: see the « again » line).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from site_builder.commands.build import CONTENT, build, check_links  # noqa: E402
from site_builder.content import gather_pages  # noqa: E402
from site_builder.markdown_ext import Converter  # noqa: E402
from site_builder.render import Site, render_pages  # noqa: E402

RUNS = 5


def timed(function, runs=RUNS):
    """Median and best wall time; on a busy machine the best run is the fairer figure."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - started)
    return result, statistics.median(times), min(times)


def cpu(function) -> float:
    """CPU seconds of one run: what the build costs, whatever else the machine is doing."""
    started = time.process_time()
    function()
    return time.process_time() - started


def main() -> None:
    problems: list = []
    pages, median, _ = timed(lambda: gather_pages(CONTENT, problems))
    print(f"pages: {len(pages)}")
    print(f"  gather + front matter   {median * 1000:7.1f} ms")

    converter = Converter()
    converted, median, _ = timed(lambda: {p.url: converter.convert(p, problems) for p in pages})
    examples = sum(len(c.examples) for c in converted.values())
    print(f"  markdown + {examples:2d} examples  {median * 1000:7.1f} ms (engine replays included)")
    _, median, _ = timed(lambda: check_links(pages, converted, problems))
    print(f"  links and anchors       {median * 1000:7.1f} ms")
    files, median, _ = timed(lambda: render_pages(pages, converted, Site()))
    print(f"  templates               {median * 1000:7.1f} ms ({len(files)} files)")
    assert not problems, problems

    with tempfile.TemporaryDirectory() as temp:
        out = Path(temp) / "_site"
        _, median, best = timed(lambda: build(CONTENT, out, browser_assets=False))
        print(f"whole build, no Pyodide   {median * 1000:7.1f} ms (best {best * 1000:.1f} ms, "
              f"CPU {cpu(lambda: build(CONTENT, out, browser_assets=False)) * 1000:.1f} ms)")
        _, first, _ = timed(lambda: build(CONTENT, Path(temp) / "fresh", browser_assets=True), 1)
        print(f"whole build, Pyodide copy {first * 1000:7.1f} ms (first build)")
        _, median, _ = timed(lambda: build(CONTENT, Path(temp) / "fresh", browser_assets=True), 3)
        print(f"whole build, again        {median * 1000:7.1f} ms (Pyodide unchanged)")


if __name__ == "__main__":
    main()
