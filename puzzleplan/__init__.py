"""puzzleplan: puzzles in their own file formats, translated into PDDL, solved by real planners, and every
plan replayed with the puzzle's real rules.

    import puzzleplan
    inst = puzzleplan.load("problems/hanoi/seed2.hanoi")        # the puzzle told by the suffix
    task = puzzleplan.translate(inst)                            # task.domain, task.problem: PDDL text
    result = puzzleplan.solve(inst, planner="fd-opt", timeout=60)   # result.status, result.proved
    check = puzzleplan.validate(inst, result.moves)              # check.valid, check.reason
    states = puzzleplan.replay(inst, result.moves)
    rows = puzzleplan.compare([inst], ["native-astar", "fd"], timeout=30)
    problem = puzzleplan.to_up(inst)                             # a unified_planning Problem

docs/api.md has the whole API with examples. The command line (`puzzleplan --help`) is a thin layer over it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from puzzleplan.common.lazy import lazy_names

# `planners` names a subpackage and an API function: the subpackage (a docstring) is imported first, so that
# importing it later leaves the package's name to the function
importlib.import_module("puzzleplan.planners")
from puzzleplan.api import planners  # noqa: E402

if TYPE_CHECKING:  # what type checkers see; at run time each name is imported on first use (__getattr__)
    from puzzleplan.api import (
        DEFAULT_PLANNER,
        Instance,
        Limits,
        Plan,
        PlanResult,
        SearchView,
        Status,
        Trace,
        TraceOptions,
        advise,
        animate,
        default_planner,
        draw,
        load,
        picture,
        plan,
        puzzles,
        read_trace,
        replay,
        solve,
        translate,
        validate,
        watch,
        write_search_page,
        write_side_by_side,
        write_trace,
    )
    from puzzleplan.api.pddl_files import PddlReport
    from puzzleplan.api.pddl_pages import write_pddl_plan_page
    from puzzleplan.api.pddl_plans import validate_pddl_plan
    from puzzleplan.api.pipeline import Proof, Report
    from puzzleplan.api.up import register_up_engines, to_up
    from puzzleplan.api.validation import Verdict
    from puzzleplan.common.errors import IllegalMove, InputError, LimitReached, PlannerFailure, PuzzleplanError
    from puzzleplan.experiments.compare import compare
    from puzzleplan.translator.pddl.task import GroundAction, PddlTask

_HOMES = {
    "puzzleplan.api.pddl_files": ("PddlReport",),
    "puzzleplan.api.pddl_pages": ("write_pddl_plan_page",),
    "puzzleplan.api.pddl_plans": ("validate_pddl_plan",),
    "puzzleplan.api.pipeline": ("Proof", "Report"),
    "puzzleplan.api.up": ("register_up_engines", "to_up"),
    "puzzleplan.api.validation": ("Verdict",),
    "puzzleplan.common.errors": ("IllegalMove", "InputError", "LimitReached", "PlannerFailure", "PuzzleplanError"),
    "puzzleplan.experiments.compare": ("compare",),
    "puzzleplan.translator.pddl.task": ("GroundAction", "PddlTask"),
}
"""The module each public name lives in, besides puzzleplan.api (the others' home): `import puzzleplan` loads
none of them, each is imported on first use (puzzleplan.common.lazy)."""

__all__ = [
    "DEFAULT_PLANNER",
    "GroundAction",
    "IllegalMove",
    "InputError",
    "Instance",
    "LimitReached",
    "Limits",
    "Plan",
    "PddlReport",
    "PddlTask",
    "PlanResult",
    "PlannerFailure",
    "Proof",
    "PuzzleplanError",
    "Report",
    "Status",
    "Trace",
    "TraceOptions",
    "Verdict",
    "advise",
    "animate",
    "default_planner",
    "compare",
    "draw",
    "load",
    "picture",
    "plan",
    "planners",
    "puzzles",
    "read_trace",
    "register_up_engines",
    "replay",
    "solve",
    "to_up",
    "translate",
    "validate",
    "write_trace",
    "SearchView",
    "watch",
    "write_search_page",
    "write_side_by_side",
    "validate_pddl_plan",
    "write_pddl_plan_page",
]

_public, __dir__ = lazy_names(__name__, _HOMES, __all__, "puzzleplan.api")

if not TYPE_CHECKING:  # type checkers see the names themselves, imported above

    def __getattr__(name: str) -> Any:
        """A public name, imported from its module on first use; puzzleplan.__version__, read from the
        installed distribution."""
        if name == "__version__":
            from importlib.metadata import version

            return version("puzzleplan")
        return _public(name)
