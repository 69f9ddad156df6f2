"""No import cycle in game/ and site_builder/: between modules, nor between subpackages.

A cycle means two modules cannot be understood (or moved to another variant) one without the
other. The finder is tests/import_graph.py (`python tests/import_graph.py` prints the cycles).
"""

from __future__ import annotations

from import_graph import cycles, describe, import_graph, subpackage_graph

def write(root, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_finder_sees_a_cycle_hidden_in_a_function_and_through_relative_imports(tmp_path):
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from . import b\n",
        "pkg/b.py": "def late():\n    from pkg.sub.c import value\n    return value\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/c.py": "import os\nfrom ..a import thing\nvalue = 1\n",
        "pkg/d.py": "import pkg.a\n",  # imports into the cycle, is not part of it
    })
    graph = import_graph(tmp_path, ("pkg",))
    assert graph["pkg.sub.c"] == {"pkg.a"}  # `os` is not ours; pkg and pkg.sub are its own
    assert graph["pkg.b"] == {"pkg.sub", "pkg.sub.c"}  # pkg.sub's __init__ runs on the way
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.sub.c", "pkg.a"]]
    assert cycles(subpackage_graph(graph)) == [["pkg.a", "pkg.b", "pkg.sub", "pkg.a"]]


def test_the_finder_finds_nothing_in_a_layered_package_and_names_every_cycle(tmp_path):
    write(tmp_path, {"pkg/__init__.py": "from . import top\n", "pkg/base.py": "",
                     "pkg/mid.py": "from .base import x\n", "pkg/top.py": "from . import mid, base\n"})
    assert cycles(import_graph(tmp_path, ("pkg",))) == []
    graph = {"a": {"b"}, "b": {"a", "c"}, "c": {"b"}, "d": {"a"}}
    assert describe(cycles(graph)) == "a → b → a\nc → b → c"


def test_no_import_cycle_between_modules():
    found = cycles(import_graph())
    assert not found, "import cycles:\n" + describe(found)


def test_no_import_cycle_between_subpackages():
    found = cycles(subpackage_graph(import_graph()))
    assert not found, "import cycles between subpackages:\n" + describe(found)
