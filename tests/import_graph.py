"""The import graph of our own packages, and its cycles (Tarjan's strongly connected components).

Every `import` and `from … import` counts, at module level or inside a function: a late import
only hides a cycle from the interpreter, not from the reader. An edge goes to the module named
(`from game.classic import draw` → game.classic.draw) and to the packages above it that the
import runs (game.classic's __init__), but not to the importer's own packages, which Python has
always started already. `subpackage_graph` folds modules into their subpackage (game.classic,
game.junior, …) to show tangles between parts of the code.

`python tests/import_graph.py` prints the cycles of game/ and site_builder/.
"""

from __future__ import annotations

import ast
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "site_builder")


def module_files(root: Path = ROOT, packages=PACKAGES) -> dict[str, Path]:
    """Dotted module name → file, for every .py of the packages (a package is its __init__)."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def import_graph(root: Path = ROOT, packages=PACKAGES) -> dict[str, set[str]]:
    """Module → the modules of ours it imports (see the module docstring for what counts)."""
    files = module_files(root, packages)
    return {name: _edges(name, path, files) for name, path in files.items()}


def subpackage_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The same imports between parts: game.classic.draw → game.classic, game.errors stays."""
    packages = {name for name in graph if any(other.startswith(name + ".") for other in graph)}

    def part(name: str) -> str:
        first_two = ".".join(name.split(".")[:2])
        return first_two if first_two in packages else name

    folded: dict[str, set[str]] = {}
    for name, targets in graph.items():
        folded.setdefault(part(name), set()).update(part(t) for t in targets)
    return {name: targets - {name} for name, targets in folded.items()}


def _edges(name: str, path: Path, known) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    named = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            named.update(_ours(alias.name, known) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.module, node.level, package)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                named.add(submodule if submodule in known else _ours(base, known))
    named.discard(None)
    edges = set(named)
    for target in named:  # the packages the import runs on the way
        edges.update(p for p in _ancestors(target) if p in known)
    return edges - _ancestors(name) - {name}


def _absolute(module: str | None, level: int, package: str) -> str:
    if level == 0:
        return module or ""
    parts = package.split(".")
    return ".".join(parts[: len(parts) - (level - 1)] + ([module] if module else []))


def _ours(dotted: str, known) -> str | None:
    """The longest leading part of `dotted` that is one of our modules (None: not ours)."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in known:
            return ".".join(parts[:end])
    return None


def _ancestors(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:end]) for end in range(1, len(parts))}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative (no recursion limit); components sorted, in a stable order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        work.append((node, iter(sorted(graph.get(node, ())))))

    for start in sorted(graph):
        if start in index:
            continue
        work: list = []
        visit(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while not component or component[-1] != node:
                        component.append(stack.pop())
                        on_stack.discard(component[-1])
                    components.append(sorted(component))
            elif child not in index:
                visit(child)
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return sorted(components)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """For each tangle (2+ modules that reach each other, or a module importing itself), the
    shortest cycle through each of its members, as [a, b, …, a]; a cycle is listed once."""
    found: list[list[str]] = []
    seen: set[frozenset] = set()
    for component in strongly_connected(graph):
        if len(component) == 1 and component[0] not in graph.get(component[0], ()):
            continue
        for member in component:
            cycle = _shortest_cycle(graph, member, set(component))
            key = frozenset(zip(cycle, cycle[1:]))
            if key not in seen:
                seen.add(key)
                found.append(cycle)
    return found


def _shortest_cycle(graph, start: str, inside: set[str]) -> list[str]:
    came_from: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for child in sorted(graph[node]):
            if child == start:
                chain = [node]
                while came_from[chain[-1]] is not None:
                    chain.append(came_from[chain[-1]])
                return [*reversed(chain), start]
            if child in inside and child not in came_from:
                came_from[child] = node
                queue.append(child)
    raise ValueError(f"{start} is in no cycle")


def describe(found: list[list[str]]) -> str:
    return "\n".join(" → ".join(cycle) for cycle in found)


if __name__ == "__main__":
    modules = import_graph()
    for title, graph in (("modules", modules), ("subpackages", subpackage_graph(modules))):
        print(f"{title}:\n{describe(cycles(graph)) or 'no import cycle'}")
