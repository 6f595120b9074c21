"""The shape of the code: imports flow one way (planners -> translator), no import cycles, and the
commands a user runs most start without the heavy libraries."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("translator", "planners", "domains", "games", "logic")
HEAVY = ("scipy", "matplotlib", "unified_planning", "pyperplan", "distributed", "PIL")


def module_name(path: Path) -> str:
    """The dotted module name of a source file under ROOT."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph() -> dict[str, set[str]]:
    """module -> project modules it imports anywhere in its source (function-level imports included)."""
    modules = {
        module_name(path): path
        for package in PACKAGES
        if (ROOT / package).is_dir()
        for path in (ROOT / package).rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(
                        package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else [])
                    )
                targets.add(base)
                targets.update(f"{base}.{alias.name}" for alias in node.names)
        graph[name] = {target for target in targets if target in modules and target != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of a graph, each as the list of modules on it (depth-first search)."""
    found, state, stack = [], {}, []

    def visit(node: str) -> None:
        state[node] = "open"
        stack.append(node)
        for other in sorted(graph[node]):
            if state.get(other) == "open":
                found.append(stack[stack.index(other) :] + [other])
            elif other not in state:
                visit(other)
        stack.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def test_translator_never_imports_planners():
    """Puzzles know nothing of who solves them."""
    wrong = sorted(
        f"{source} -> {target}"
        for source, targets in import_graph().items()
        if source.startswith(("translator", "domains"))
        for target in targets
        if target.startswith("planners")
    )
    assert not wrong, wrong


def test_no_import_cycles():
    """No module imports itself through others."""
    assert cycles(import_graph()) == []


def test_cycle_finder_finds_a_cycle():
    """The check above can fail."""
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c", "a"]]


FAST_COMMANDS = [
    ["--help"],
    ["list"],
    ["solve", "hanoi", "problems/hanoi/seed2.hanoi"],
    ["solve", "tiles", "problems/tiles/seven1.tiles", "--json"],
    ["solve", "sokoban", "problems/sokoban/corridor.xsb"],
    ["solve", "sbp", "problems/sbp/tiny.sbp"],
]


@pytest.mark.parametrize("command", FAST_COMMANDS, ids=" ".join)
def test_fast_commands_import_no_heavy_library(command):
    """`--help`, `list` and native solves of small instances start without scipy, matplotlib,
    unified-planning, pyperplan or distributed (each costs from a tenth of a second to over a second)."""
    probe = (
        "import contextlib, io, json, sys\n"
        "from planners.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        f"        main({command!r})\n"
        "    except SystemExit:\n"
        "        pass\n"
        f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == []
