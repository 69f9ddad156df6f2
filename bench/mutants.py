"""Deliberately wrong engines and pages, each of which the test suite must catch.

Each mutant is one exact text replacement in a copy of the project at a git revision (the
working tree is never touched): a wrong placement, sixth card, too-low card, scoring, special
card, Junior rule, a missing French sentence and a broken link, and page scripts that only the
browser tests reach (an unread link, a refused saved game kept). For each, the chosen tests run
in the copy and must fail; the unmutated copy must pass first. A mutant whose text is no longer
in the code is reported STALE (the code moved: update the mutant), which fails the run too.

    .venv/bin/python bench/mutants.py                 # the working tree's HEAD
    .venv/bin/python bench/mutants.py --rev main      # another revision, to compare reach
    .venv/bin/python bench/mutants.py --tests "tests/game -m 'not slow'"

Prints one line per mutant (caught / MISSED / STALE, seconds, the first failing test) and exits
1 unless every mutant is caught. Slow by nature (one test run per mutant): not part of make test.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import shlex
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Engine and build tests without browser or Node: what catches a wrong rule or page quickest.
DEFAULT_TESTS = 'tests/game tests/site -m "not browser and not node and not slow"'
print = functools.partial(print, flush=True)   # each line as it comes, even into a file


@dataclass(frozen=True)
class Mutant:
    name: str
    path: str
    old: str
    new: str
    browser: bool = False   # only browser tests reach it: run with --tests naming them


MUTANTS = (
    Mutant("placement: a card goes to the first lower row, not the closest",
           "game/classic/table.py", "if best_end < end < card and self.is_open(i):",
           "if best is None and end < card and self.is_open(i):"),
    Mutant("sixth card: a row takes a sixth card instead of being taken",
           "game/classic/play.py", "if len(cards) >= table.capacity(row):",
           "if len(cards) > table.capacity(row):"),
    Mutant("too-low card: the first row is taken whatever the player chose",
           "game/classic/play.py", 'self._take(player, card, choice, "too_low")',
           'self._take(player, card, 0, "too_low")'),
    Mutant("scoring: multiples of 11 are worth 3 heads, not 5",
           "game/card_faces.py", "    if card % 11 == 0:\n        return 5",
           "    if card % 11 == 0:\n        return 3"),
    Mutant("special card: « 7 qui prend » marks no row",
           "game/specials/moves.py", "    table.rows[row].append(card)\n    table.marked.add(row)\n",
           "    table.rows[row].append(card)\n"),
    Mutant("Junior: expert's rows need no shared cow type",
           "game/junior/rules.py", "return [i for i, r in enumerate(rows) if r and mine & cows(r[-1])], \"shared\"",
           "return [i for i, r in enumerate(rows) if r], \"shared\""),
    Mutant("French: the too-low card's sentence is missing",
           "game/messages/classic.py", '"place": _place, "too_low": _too_low,', '"place": _place,'),
    Mutant("page: a link to an example points at a missing page",
           "content/regles.md", "](exemples/exemple-3.md)", "](exemples/exemple-33.md)"),
    # Page scripts: what the browser tests alone can catch (run with --tests naming them, e.g.
    # --tests tests/browser/test_explorer.py --only explorer; left out of the default run).
    Mutant("explorer: a link in the address is not read when the page opens",
           "site_builder/static/js/explorer.js",
           "  if (location.hash.length > 1) follow();\n", "", browser=True),
    Mutant("Jouer: a refused saved game is kept, and offered again",
           "site_builder/static/js/jouer.js",
           "      keep(null);\n      button.remove();\n      return showErrors(answer.errors);",
           "      button.remove();\n      return showErrors(answer.errors);", browser=True),
)


def export(rev: str, into: Path) -> None:
    """The revision's tracked files, as `git archive` gives them, in a fresh git repository, plus
    this checkout's node_modules."""
    archive = subprocess.run(["git", "archive", "--format=tar", rev], cwd=ROOT, check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    subprocess.run(["git", "init", "-q"], cwd=into, check=True)   # some tests look for .git
    if (ROOT / "node_modules").is_dir():
        (into / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)


def run_tests(project: Path, tests: str) -> tuple[bool, str, float]:
    """(passed, first failing test, seconds): pytest stops at the first failure."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pytest", *shlex.split(tests), "-x", "-q",
                           "-p", "no:randomly", "-p", "no:cacheprovider", "-n", "0"],
                          cwd=project, capture_output=True, text=True,
                          env={**os.environ, "HYPOTHESIS_PROFILE": "fast",
                               "PYTHONDONTWRITEBYTECODE": "1"})
    failed = re.search(r"^(?:FAILED|ERROR) (\S+)", done.stdout, re.M)
    return done.returncode == 0, failed[1] if failed else done.stdout[-300:], time.monotonic() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="HEAD", help="git revision to mutate (default HEAD)")
    parser.add_argument("--tests", default=DEFAULT_TESTS, help="pytest arguments (default: %(default)s)")
    parser.add_argument("--only", help="run the mutants whose name holds this text")
    args = parser.parse_args(argv)
    # The default tests have no browser: the page-script mutants run when --tests is given.
    chosen = [m for m in MUTANTS if (not args.only or args.only in m.name)
              and (not m.browser or args.tests != DEFAULT_TESTS)]
    with tempfile.TemporaryDirectory(prefix="mutants-") as tmp:
        project = Path(tmp) / "project"
        export(args.rev, project)
        passed, failure, seconds = run_tests(project, args.tests)
        print(f"{'baseline passes' if passed else 'BASELINE FAILS'} ({seconds:.0f} s) at {args.rev}")
        if not passed:
            print(f"  {failure}")
            return 1
        missed = 0
        for mutant in chosen:
            target = project / mutant.path
            original = target.read_text(encoding="utf-8")
            if original.count(mutant.old) != 1:
                print(f"STALE   {mutant.name}: {mutant.path} no longer holds the text once")
                missed += 1
                continue
            target.write_text(original.replace(mutant.old, mutant.new), encoding="utf-8")
            try:
                passed, failure, seconds = run_tests(project, args.tests)
            finally:
                target.write_text(original, encoding="utf-8")
            missed += passed
            print(f"{'MISSED' if passed else 'caught'}  {mutant.name} ({seconds:.0f} s)"
                  + ("" if passed else f": {failure}"))
    print(f"{len(chosen) - missed} of {len(chosen)} mutants caught")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
