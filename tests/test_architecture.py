"""The shape of the code: one import package, imports flow one way down its layers, no import cycles, and the
commands a user runs most start without the heavy libraries."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("scipy", "matplotlib", "unified_planning", "pyperplan", "distributed", "PIL")

LAYERS = {
    "puzzleplan.common": 0,
    "puzzleplan.domains": 1,
    "puzzleplan.translator": 1,
    "puzzleplan.pictures": 2,
    "puzzleplan.planners": 2,
    "puzzleplan.api": 3,
    "puzzleplan.experiments": 4,
    "puzzleplan.envs": 4,
    "puzzleplan.app": 5,
    "puzzleplan.games": 5,
    "puzzleplan.logic": 5,
    "puzzleplan": 6,
}
"""Each room's layer: a module imports only from its own layer or those below (the shared basics know no
puzzle, the puzzles know nothing of who solves or draws them, planners nothing of the API, the API nothing
of the front ends)."""

FRONT_DOORS = {
    "puzzleplan.experiments": ("puzzleplan.api", "puzzleplan.pictures", "puzzleplan.common"),
    "puzzleplan.envs": ("puzzleplan.api", "puzzleplan.common"),
    "puzzleplan.app": ("puzzleplan.api", "puzzleplan.pictures", "puzzleplan.common", "puzzleplan.experiments"),
    "puzzleplan.games": ("puzzleplan.common",),
    "puzzleplan.logic": ("puzzleplan.common",),
}
"""What each front end may import besides its own room: the public API, the output rooms and the shared basics
(the course programs, which plan nothing, only the basics); never translator/ or planners/ internals."""


def package_dirs() -> dict[str, str]:
    """pyproject.toml's package-dir: import package -> folder of the checkout."""
    tomllib = pytest.importorskip("tomllib")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return config["tool"]["setuptools"]["package-dir"]


def modules() -> dict[str, Path]:
    """Every module of the one import package, by dotted name, with its source file in the checkout."""
    found: dict[str, Path] = {}
    for package, folder in package_dirs().items():
        for path in (ROOT / folder).rglob("*.py"):
            parts = list(path.relative_to(ROOT / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found.setdefault(".".join([package, *parts]), path)
    return found


def imported(node: ast.AST, package: str, known: dict[str, Path]) -> set[str]:
    """The project modules an import statement names (`from p import m` names p.m when m is a module)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if not isinstance(node, ast.ImportFrom):
        return set()
    base = node.module or ""
    if node.level:
        parts = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join(parts + ([base] if base else []))
    names = {f"{base}.{alias.name}" for alias in node.names}
    return {name for name in names if name in known} or {base}


def import_graph() -> dict[str, set[str]]:
    """module -> project modules it imports anywhere in its source (function-level imports included)."""
    known = modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets |= imported(node, package, known)
        graph[name] = {target for target in targets if target in known and target != name}
    return graph


def layer(module: str) -> int:
    """The layer of a module: that of the longest room name it starts with."""
    room = max((r for r in LAYERS if module == r or module.startswith(r + ".")), key=len)
    return LAYERS[room]


def test_the_package_list_holds_every_folder():
    """pyproject's packages name every folder with an __init__.py, so the wheel holds them all."""
    tomllib = pytest.importorskip("tomllib")
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    folders = {name for name, path in modules().items() if path.name == "__init__.py"}
    assert listed == folders


def test_imports_flow_down_the_layers():
    """application -> experiments -> API -> planners -> translator, never back."""
    wrong = sorted(
        f"{source} -> {target}"
        for source, targets in import_graph().items()
        for target in targets
        if layer(target) > layer(source)
    )
    assert not wrong, wrong


def test_front_ends_go_through_the_api():
    """The command line, the experiment harness and the course programs import the API, the output rooms and
    the shared basics, not translator/ or planners/: one way in."""
    wrong = sorted(
        f"{source} -> {target}"
        for source, targets in import_graph().items()
        for room, allowed in FRONT_DOORS.items()
        if source == room or source.startswith(room + ".")
        for target in targets
        if not target.startswith((room + ".", room)) and not target.startswith(allowed)
    )
    assert not wrong, wrong


def test_the_graph_sees_the_imports():
    """The graph is not empty by mistake: the command line reaches the API, the API the planners."""
    graph = import_graph()
    assert "puzzleplan.api" in graph["puzzleplan"]
    assert "puzzleplan.api.pipeline" in graph["puzzleplan.api"]
    assert "puzzleplan.planners.registry" in graph["puzzleplan.api.pipeline"]


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
        "from puzzleplan.app.cli import main\n"
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
