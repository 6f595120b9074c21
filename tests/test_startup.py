"""Start-up: a command's time limit counts from its process's start, so `import puzzleplan` loads none of the API
and a command loads only the parts it uses (no time is asserted: what is loaded is counted instead). Each probe
runs in a fresh interpreter and prints the modules it found loaded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HEAVY = {"unified_planning", "pyperplan", "numpy", "scipy", "matplotlib", "PIL", "lark", "rich", "distributed"}
PUZZLES = {"bloxorz", "hanoi", "pacman", "sbp", "shrdlu", "sokoban", "tiles"}


def loaded_after(code: str) -> set[str]:
    """The modules loaded after running `code` in a fresh interpreter, in the checkout."""
    probe = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))\n"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def command(words: list[str]) -> str:
    """Code that runs the command line on `words`, its output thrown away."""
    return (
        "import contextlib, io\nfrom puzzleplan.app.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()):\n    try:\n        main({words!r})\n"
        "    except SystemExit:\n        pass"
    )


def tops(modules: set[str]) -> set[str]:
    """The top-level packages among `modules`."""
    return {name.split(".")[0] for name in modules}


def puzzles_of(modules: set[str]) -> set[str]:
    """The puzzles whose own modules (translator's or planners') are among `modules`."""
    return {puzzle for puzzle in PUZZLES for name in modules if puzzle in name.removeprefix("puzzleplan.").split(".")}


def test_import_puzzleplan_loads_none_of_the_api():
    """`import puzzleplan` loads the package, the lazy names' helper and nothing of the pipeline, planners or
    puzzles; no heavy library."""
    loaded = loaded_after("import puzzleplan")
    ours = {name for name in loaded if name.startswith("puzzleplan")}
    assert ours <= {
        "puzzleplan",
        "puzzleplan.api",
        "puzzleplan.common",
        "puzzleplan.common.errors",
        "puzzleplan.common.lazy",
        "puzzleplan.planners",
    }, sorted(ours)
    assert not tops(loaded) & HEAVY


def test_every_public_name_is_there_on_first_use():
    """Each name of __all__ (the package's and the API's) is found on first use and is the object its own
    module holds; dir() names them all; `planners` stays the function once the planners' subpackage is loaded;
    a name not offered is an AttributeError."""
    loaded = loaded_after(
        "import importlib, puzzleplan, puzzleplan.api\n"
        "assert set(puzzleplan.__all__) <= set(dir(puzzleplan))\n"
        "assert set(puzzleplan.api.__all__) <= set(dir(puzzleplan.api))\n"
        "assert all(getattr(puzzleplan, name) is not None for name in puzzleplan.__all__)\n"
        "assert all(getattr(puzzleplan.api, name) is not None for name in puzzleplan.api.__all__)\n"
        "import puzzleplan.planners.registry\n"
        "assert callable(puzzleplan.planners) and 'native-bfs' in puzzleplan.planners()\n"
        "assert puzzleplan.solve is puzzleplan.api.solve and puzzleplan.Instance is puzzleplan.api.instance.Instance\n"
        "assert puzzleplan.compare is importlib.import_module('puzzleplan.experiments.compare').compare\n"
        "for module in (puzzleplan, puzzleplan.api):\n"
        "    try:\n        module.no_such_name\n    except AttributeError:\n        pass\n"
        "    else:\n        raise AssertionError(module)\n"
    )
    assert "puzzleplan.experiments.compare" in loaded


def test_help_loads_no_puzzle():
    """`puzzleplan --help` loads no puzzle's modules, no PDDL checker and no heavy library."""
    loaded = loaded_after(command(["--help"]))
    assert not puzzles_of(loaded)
    assert "puzzleplan.translator.pddl.checker" not in loaded
    assert not tops(loaded) & HEAVY


@pytest.mark.parametrize("puzzle", ["hanoi", "tiles"])
def test_a_native_solve_loads_its_own_puzzle_only(puzzle):
    """A native solve loads its own puzzle's modules, not the other puzzles' (Sokoban's searches, Pac-Man's
    maze), nor the PDDL checker and the compilations that only PDDL planners need, nor a heavy library."""
    files = {"hanoi": "problems/hanoi/seed1.hanoi", "tiles": "problems/tiles/seven1.tiles"}
    loaded = loaded_after(command(["solve", puzzle, files[puzzle], "--json", "--timeout", "60"]))
    assert puzzles_of(loaded) == {puzzle}
    assert not {"puzzleplan.translator.pddl.checker", "puzzleplan.planners.compile"} & loaded
    assert not tops(loaded) & HEAVY


def test_the_probes_can_fail():
    """The probes see a loaded module: a PDDL planner's run loads the PDDL checker's and compilation's
    modules, and `list` loads every puzzle."""
    assert puzzles_of(loaded_after(command(["list"]))) == PUZZLES
    loaded = loaded_after(command(["solve", "hanoi", "problems/hanoi/seed1.hanoi", "--planner", "fd", "--json"]))
    assert {"puzzleplan.translator.pddl.checker", "puzzleplan.planners.compile"} <= loaded
