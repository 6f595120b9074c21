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
    planners,
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


def __getattr__(name: str) -> str:
    """puzzleplan.__version__, read from the installed distribution on first use."""
    if name == "__version__":
        from importlib.metadata import version

        return version("puzzleplan")
    raise AttributeError(f"module 'puzzleplan' has no attribute {name!r}")


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
