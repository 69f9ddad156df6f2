"""The reach check's mutants (bench/mutants.py) still apply to today's code.

The runner is slow (one test run per mutant) and stays out of `make test`; what can silently go
wrong between its runs is a mutant whose text moved with the code, which the runner would only
report as STALE the next time someone runs it. So each mutant's text must be in its file exactly
once, and its replacement must change that file: the wrong engine or page it stands for can still
be made.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _mutants():
    spec = importlib.util.spec_from_file_location("mutants", ROOT / "bench" / "mutants.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module.MUTANTS


MUTANTS = _mutants()


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.name.split(":")[0] for m in MUTANTS])
def test_each_mutant_still_applies_once(mutant):
    text = (ROOT / mutant.path).read_text(encoding="utf-8")
    assert text.count(mutant.old) == 1, f"{mutant.path} no longer holds the text of « {mutant.name} » once"
    assert text.replace(mutant.old, mutant.new) != text


def test_the_mutants_cover_what_the_reach_check_promises():
    """The README promises these kinds of wrong engine and page; one mutant at least for each."""
    kinds = {m.name.split(":")[0] for m in MUTANTS}
    assert {"placement", "sixth card", "too-low card", "scoring", "special card", "Junior",
            "French", "page"} <= kinds
