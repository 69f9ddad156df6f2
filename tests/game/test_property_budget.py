"""Every property test takes its number of examples from the Hypothesis profile.

HYPOTHESIS_PROFILE (tests/conftest.py) sets how hard `make test-fast`, a bare pytest and
`make test` search; a property that needs more or fewer asks for a share of it with
`tests/hypothesis_budget.scaled`. A hard-coded `max_examples` would ignore the profile.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ALLOWED = {TESTS / "conftest.py", TESTS / "hypothesis_budget.py"}   # where the profile is defined


def hard_coded(path: Path, root: Path = TESTS) -> list[str]:
    """`file:line` of every `max_examples=` keyword in a test module."""
    return [f"{path.relative_to(root)}:{node.lineno}"
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.keyword) and node.arg == "max_examples"]


def test_the_scan_finds_a_hard_coded_count(tmp_path):
    module = tmp_path / "t.py"
    module.write_text("@settings(max_examples=300, deadline=None)\ndef f(): pass\n"
                      "@settings(parent=scaled(3))\ndef g(): pass\n", encoding="utf-8")
    assert hard_coded(module, tmp_path) == ["t.py:1"]


def test_no_property_test_hard_codes_its_number_of_examples():
    found = [hit for path in sorted(TESTS.rglob("*.py")) if path not in ALLOWED
             for hit in hard_coded(path)]
    assert not found, "max_examples outside the profile (use hypothesis_budget.scaled):\n" + "\n".join(found)
