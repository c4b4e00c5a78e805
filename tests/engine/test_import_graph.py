"""The engine's modules import one another without a cycle, even through imports
written inside functions (a cycle hidden that way still couples the two modules).

Each subpackage (``bots``, ``tally``) counts as one module here: a cycle inside a
package is that package's own business; a cycle between packages and modules is not.
Imports under ``if TYPE_CHECKING:`` are for type hints only and do not count.
"""

from __future__ import annotations

import ast
from pathlib import Path

import destijl

ROOT = Path(destijl.__file__).parent


def _node(path: Path) -> str:
    """The graph node of a source file: its module name, or its subpackage's name."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return parts[0]


def _type_checking_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for inner in node.body:
                lines.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
    return lines


def _imports(path: Path) -> set[str]:
    """The engine modules ``path`` imports, anywhere in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_lines(tree)
    package = path.relative_to(ROOT).parent.parts  # () for a top-level module
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level == 0 or node.lineno in skip:
            continue
        base = list(package)[: len(package) - (node.level - 1)] if node.level > 1 else list(package)
        target = base + (node.module.split(".") if node.module else [])
        names = target or [alias.name for alias in node.names]
        found.update([names[0]] if target else names)
    return found - {_node(path)}


def graph() -> dict[str, set[str]]:
    """Node -> the nodes it imports."""
    edges: dict[str, set[str]] = {}
    for path in ROOT.rglob("*.py"):
        edges.setdefault(_node(path), set()).update(_imports(path))
    return {node: {t for t in targets if t in edges or (ROOT / f"{t}.py").exists()}
            for node, targets in edges.items()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of nodes, or None."""
    state: dict[str, str] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = "open"
        stack.append(node)
        for target in sorted(edges.get(node, ())):
            if state.get(target) == "open":
                return [*stack[stack.index(target):], target]
            if target not in state and (found := visit(target)):
                return found
        state[node] = "done"
        stack.pop()
        return None

    for node in sorted(edges):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_engine_imports_form_no_cycle() -> None:
    assert cycle(graph()) is None, " -> ".join(cycle(graph()) or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    found = cycle({"game": {"record"}, "record": {"friends"}, "friends": {"record"}})
    assert found is not None and set(found) == {"record", "friends"} and found[0] == found[-1]
    assert cycle({"api": {"gameview"}, "friends_api": {"gameview"}, "gameview": set()}) is None


def test_the_graph_sees_imports_written_inside_functions() -> None:
    edges = graph()
    assert "api" in edges["cli"]  # cli.py imports api inside a function
    assert "bots" in edges["friends"] and "gameview" in edges["api"]
