"""The Python API: load a puzzle instance, translate it to PDDL, solve it with any planner, validate and
replay a plan with the puzzle's real rules, and draw states and plans.

    >>> import puzzleplan
    >>> inst = puzzleplan.load("problems/hanoi/seed1.hanoi")
    >>> result = puzzleplan.solve(inst, planner="native-bfs")
    >>> result.status.value, result.length, result.valid
    ('solved', 7, True)

Errors in what is given (a malformed file, an unknown puzzle or planner, a move the notation does not have)
are raised as InputError, whose str() names the file, the line and what was expected. An instance that
cannot be solved, a timeout or an unavailable planner are results (Status), not exceptions.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzleplan.common.errors import InputError, expect
from puzzleplan.common.lazy import lazy_names

if TYPE_CHECKING:  # at run time each is imported where it is used, so that `import puzzleplan.api` is cheap
    from puzzleplan.api.advice import Advice
    from puzzleplan.api.instance import Instance, replay
    from puzzleplan.api.pddl_files import PddlReport
    from puzzleplan.api.pddl_files import plan_files as plan_files  # (tests reach it here)
    from puzzleplan.api.pipeline import Report
    from puzzleplan.api.trace_files import read_trace, write_trace
    from puzzleplan.api.validation import Verdict
    from puzzleplan.api.watching import SearchView, write_search_page, write_side_by_side
    from puzzleplan.common.limits import Limits
    from puzzleplan.common.trace import Trace, TraceOptions
    from puzzleplan.planners.base import PlanResult, Status
    from puzzleplan.translator.pddl.task import GroundAction, PddlTask, write_plan

_HOMES = {
    "puzzleplan.api.advice": ("Advice",),
    "puzzleplan.api.instance": ("Instance", "replay"),
    "puzzleplan.api.pddl_files": ("PddlReport", "plan_files"),
    "puzzleplan.api.pipeline": ("Report",),
    "puzzleplan.api.trace_files": ("read_trace", "write_trace"),
    "puzzleplan.api.validation": ("Verdict",),
    "puzzleplan.api.watching": ("SearchView", "write_search_page", "write_side_by_side"),
    "puzzleplan.common.limits": ("Limits",),
    "puzzleplan.common.trace": ("Trace", "TraceOptions"),
    "puzzleplan.planners.base": ("PlanResult", "Status"),
    "puzzleplan.translator.pddl.task": ("GroundAction", "PddlTask", "write_plan"),
}
"""Where each name the API passes on from its parts lives: each is imported on first use
(puzzleplan.common.lazy), as the package's own names are."""

DEFAULT_PLANNER = "default"
"""The planner `solve` uses when none is named: `default`, each puzzle's own best (default_planner()); the
pipeline's DEFAULT."""


def puzzles() -> list[str]:
    """The registered puzzle names."""
    from puzzleplan.translator import registry

    return list(registry.PUZZLES)


def planners() -> list[str]:
    """The registered planner names (besides the open families fd:SEARCH, pyperplan:S:H, native-astar:H, up:NAME)."""
    from puzzleplan.planners.registry import PLANNERS

    return list(PLANNERS)


def default_planner(puzzle: str | Instance) -> str:
    """The planner `solve` runs on a puzzle (or an instance's puzzle) when none is named: the one the
    measurements in docs/benchmarks.md found best there (`puzzleplan list` shows it per puzzle)."""
    from puzzleplan.api.instance import Instance
    from puzzleplan.api.pipeline import chosen_planner
    from puzzleplan.translator import registry

    game = puzzle.puzzle if isinstance(puzzle, Instance) else registry.get_puzzle(puzzle)
    return chosen_planner(game, DEFAULT_PLANNER)


def advise(
    target: Instance | str | os.PathLike[str],
    problem: str | os.PathLike[str] | None = None,
    *,
    puzzle: str | None = None,
    level: str | None = None,
    timeout: float = 30.0,
) -> Advice:
    """What every registered planner does with a task, nothing planned: an Instance or an instance file
    (`puzzle` and `level` as for load), or a PDDL domain file with its `problem` file. Each PlannerAdvice
    says runs as is / runs after compiling away X / runs as another configuration / cannot run because Y
    (the feature, FILE:LINE) with the planners that can; `optimal` and `default` mark them. Compilations
    are tried, each within `timeout` seconds."""
    from puzzleplan.api.advice import pddl_advice, puzzle_advice
    from puzzleplan.api.instance import Instance
    from puzzleplan.api.pddl_files import read_pddl

    if isinstance(target, Instance):
        return puzzle_advice(target.puzzle, target.data, target.label, timeout)
    if problem is not None:
        domain_path, problem_path = os.fspath(target), os.fspath(problem)
        return pddl_advice(read_pddl(domain_path, problem_path)[0], domain_path, problem_path, timeout)
    inst = load(target, puzzle=puzzle, level=level)
    return puzzle_advice(inst.puzzle, inst.data, inst.label, timeout)


def load(
    path: str | os.PathLike[str] | None = None,
    *,
    puzzle: str | None = None,
    text: str | None = None,
    level: str | None = None,
    source: str | None = None,
) -> Instance:
    """Read an instance from a file (the puzzle told by its suffix unless named) or from `text` in the
    puzzle's native format; `level` picks one level of a multi-level file (a Sokoban collection); `source`
    names the text in errors and in the label (default the path, or "<text>")."""
    from puzzleplan.api.instance import Instance
    from puzzleplan.common.files import read_file
    from puzzleplan.translator import registry
    from puzzleplan.translator.capabilities import leveled

    expect(path, (str, os.PathLike, type(None)), "load()'s path")
    for value, what in ((puzzle, "puzzle"), (text, "text"), (level, "level"), (source, "source")):
        expect(value, (str, type(None)), f"load()'s {what}")
    if path is None:
        _check_text_load(text, puzzle, source)
    source = source or ("<text>" if path is None else os.fspath(path))
    game = registry.get_puzzle(puzzle or registry.puzzle_for_file(source))
    body = text if text is not None else read_file(os.fspath(path or source))
    try:
        data = leveled(game).parse_level(body, source, level)
    except InputError as error:
        raise error.located(source) from None
    return Instance(game, data, registry.instance_label(source, level))


def _check_text_load(text: str | None, puzzle: str | None, source: str | None) -> None:
    """InputError unless a load without a path has the text and the puzzle's name."""
    if text is None:
        raise InputError("load needs the path of an instance file, or its text as text=...", "load()")
    if puzzle is None:
        raise InputError("load(text=...) needs the puzzle's name as puzzle=...", source or "<text>")


def translate(inst: Instance) -> PddlTask:
    """The PDDL of an instance: task.domain and task.problem as text, written deterministically."""
    return inst.puzzle.encode(inst.data)


def solve(
    inst: Instance | str | os.PathLike[str],
    planner: str = DEFAULT_PLANNER,
    *,
    timeout: float = 60.0,
    memory: str | int | None = None,
    puzzle: str | None = None,
    level: str | None = None,
    start: Any = None,
    limits: Limits | None = None,
    trace: bool | TraceOptions = False,
) -> Report:
    """Solve an instance with a planner under a time limit (seconds) and an optional memory limit (MiB, or
    "2G"), decode the plan into native moves and replay them; the Report carries .status, .moves,
    .length, .optimal, .valid, .expanded, .time and .message; with `trace` (True, or TraceOptions(limit=N)
    to keep every expansion up to N, then a sample) also .trace, the search's trace (docs/traces.md), and
    InputError for a planner that cannot record one.
    Given an instance file's path (with
    `puzzle` and `level` as for load), reading it counts against the time limit. `start` solves from
    another initial state (as Instance.starting_at takes it); `limits` gives both limits at once."""
    from functools import partial

    from puzzleplan.api.instance import Instance
    from puzzleplan.api.pipeline import solve_reading
    from puzzleplan.api.starts import started
    from puzzleplan.common.limits import Limits
    from puzzleplan.common.progress import phase
    from puzzleplan.translator import registry

    _check_call("solve()", inst, planner, timeout, memory, (Instance, str, os.PathLike))
    limits = limits or Limits.read(timeout, memory)
    options = trace_options(trace)
    if isinstance(inst, Instance):
        from_start = partial(started, inst.puzzle, inst.data, start)
        return solve_reading(inst.puzzle, from_start, inst.label, planner, limits, options)
    path = os.fspath(inst)
    game = registry.get_puzzle(puzzle or registry.puzzle_for_file(path))

    def read() -> Any:
        with phase(f"reading {path}"):
            return load(path, puzzle=game.name, level=level).starting_at(start).data

    return solve_reading(game, read, registry.instance_label(path, level), planner, limits, options)


def trace_options(trace: bool | TraceOptions) -> TraceOptions | None:
    """What `solve(trace=...)` asks to keep: None for no trace, the defaults for True."""
    from puzzleplan.common.trace import TraceOptions

    if isinstance(trace, TraceOptions):
        return trace
    return TraceOptions() if trace else None


def instance_of(report: Report) -> Instance | None:
    """The instance a report solved (from the start it was given), as an Instance; None when reading its file
    ran out of time."""
    from puzzleplan.api.instance import Instance
    from puzzleplan.translator import registry

    if report.data is None:
        return None
    return Instance(registry.get_puzzle(report.puzzle), report.data, report.instance)


def report_json(report: Report) -> dict[str, Any]:
    """A report as the JSON object `puzzleplan solve --json` prints (its moves in the puzzle's notation)."""
    from puzzleplan.translator import registry

    return report.to_json(registry.get_puzzle(report.puzzle))


def plan(
    domain: str | os.PathLike[str],
    problem: str | os.PathLike[str],
    planner: str = DEFAULT_PLANNER,
    *,
    timeout: float = 60.0,
    memory: str | int | None = None,
    strict: bool = False,
    trace: bool | TraceOptions = False,
    limits: Limits | None = None,
) -> PddlReport:
    """Plan plain PDDL files (no puzzle) with a PDDL planner (by default Fast Downward's lama-first): the files
    are read and checked (syntax and requirements), the task planned and the plan replayed under PDDL
    semantics, all within the limits; the PddlReport carries .run (.result.status, .plan), .check (the
    replay's verdict), .cost, .warnings (one line per departure from the PDDL standard that the planners
    accept; `strict=True` refuses them as InputError, as VAL would) and to_json(), the object `puzzleplan
    plan --json` prints. With `trace` (graphplan only), its .trace holds the planning graph and the backward
    search. `limits` gives both limits at once, as for solve."""
    from dataclasses import replace

    from puzzleplan.api.pddl_files import pddl_planner, plan_files, planner_of
    from puzzleplan.api.pipeline import ended, traced
    from puzzleplan.common.limits import Limits
    from puzzleplan.common.recorder import recording

    expect(domain, (str, os.PathLike), "plan()'s domain")
    _check_call("plan()", problem, planner, timeout, memory, (str, os.PathLike))
    recorder = traced(pddl_planner(planner_of(planner)), planner, trace_options(trace))
    limits = limits or Limits.read(timeout, memory)
    with recording(recorder):
        report = plan_files(os.fspath(domain), os.fspath(problem), planner, limits, strict=strict)
    if recorder is None:
        return report
    return replace(report, trace=ended(recorder.trace, report.run.result.status, list(report.run.plan)))


def _check_call(call: str, target: Any, planner: Any, timeout: Any, memory: Any, targets: tuple[type, ...]) -> None:
    """TypeError at the door of solve() or plan() for an argument of a wrong type."""
    expect(target, targets, f"{call}'s {'instance' if call == 'solve()' else 'problem'}")
    expect(planner, str, f"{call}'s planner")
    expect(timeout, (int, float), f"{call}'s timeout (seconds)")
    expect(memory, (int, float, str, type(None)), f"{call}'s memory (MiB, or a size such as '2G')")


Plan = str | os.PathLike[str] | Sequence[Any]
"""A plan as validate takes it: plan text in any notation the puzzle reads (or a PDDL plan), a plan
file's path, native moves, moves as JSON values, PDDL ground actions (name, (args...)) or a
unified-planning SequentialPlan."""


def validate(inst: Instance, plan: Plan) -> Verdict:
    """Replay a plan with the puzzle's real rules: Verdict .valid, .reason (the first bad step, or the unmet
    goal), .failed_at, .moves, .measures and .states. A str is plan text, or a plan file's path when it
    names an existing file and holds no line break; a PathLike is always a file."""
    from puzzleplan.api.up import is_up_plan
    from puzzleplan.api.validation import validate_text
    from puzzleplan.common.files import read_file

    if not is_up_plan(plan):
        expect(plan, (str, os.PathLike, Sequence), "validate()'s plan")
    if isinstance(plan, os.PathLike) or (isinstance(plan, str) and "\n" not in plan and Path(plan).is_file()):
        return validate_text(inst.puzzle, inst.data, inst.label, read_file(plan), os.fspath(plan))
    if isinstance(plan, str):
        return validate_text(inst.puzzle, inst.data, inst.label, plan, "<plan>")
    return _validate_steps(inst, plan)


def _validate_steps(inst: Instance, plan: Sequence[Any]) -> Verdict:
    """Validate a plan given as steps: PDDL ground actions (or a unified-planning plan of them), else native
    moves or moves as JSON values."""
    from puzzleplan.api.instance import native_move
    from puzzleplan.api.up import is_up_plan
    from puzzleplan.api.validation import validate_moves, validate_text
    from puzzleplan.planners.up_engine import ground_actions
    from puzzleplan.translator.pddl.task import write_plan

    steps = ground_actions(plan) if is_up_plan(plan) else list(plan)
    if steps and all(_is_ground_action(step) for step in steps):
        return validate_text(inst.puzzle, inst.data, inst.label, write_plan(steps), "<PDDL plan>")
    return validate_moves(inst.puzzle, inst.data, inst.label, [native_move(inst, step) for step in steps])


def draw(inst: Instance, path: str | os.PathLike[str], state: Any = None) -> Path:
    """Draw `state` (the initial state by default) as a PNG or SVG picture at `path`; the path written."""
    from puzzleplan.pictures.output import write_picture

    write_picture(inst.puzzle, inst.data, inst.initial if state is None else state, os.fspath(path))
    return Path(path)


def picture(inst: Instance, state: Any = None, scale: float = 1.0) -> Any:
    """`state` (the initial state by default) drawn as draw() draws it in a PNG, as an RGB Pillow image
    `scale` times the drawing's size."""
    from puzzleplan.pictures.drawings import drawer_of
    from puzzleplan.pictures.raster import smooth_image

    return smooth_image(drawer_of(inst.puzzle).scene(inst.data, inst.initial if state is None else state), scale)


def animate(inst: Instance, moves: Sequence[Any], path: str | os.PathLike[str], every: int = 1) -> Path:
    """Replay native moves and write them as an animated GIF or SVG, or an HTML player page, at `path`
    (every: keep every Nth frame of a GIF or SVG); IllegalMove when a move breaks the rules."""
    from puzzleplan.api.instance import native_move, replay

    native = [native_move(inst, move) for move in moves]
    write_animation(inst, native, replay(inst, native), path, every=every)
    return Path(path)


def write_animation(
    inst: Instance,
    moves: Sequence[Any],
    states: Sequence[Any],
    path: str | os.PathLike[str],
    *,
    every: int = 1,
    title: str = "",
    summary: str = "",
) -> dict[str, Any]:
    """Write replayed states (the first, then the state after each native move; fewer when the plan broke
    off) as animate does, an HTML player titled `title` (the puzzle's name by default) with `summary` under
    it; what was written: "file", "frames", "bytes" and "seconds"."""
    from puzzleplan.pictures import output

    return output.write_animation(inst.puzzle, inst.data, moves, states, os.fspath(path), every, title, summary)


def watch(
    inst: Instance,
    planners: Sequence[str] = ("native-bfs", "native-astar"),
    *,
    timeout: float = 60.0,
    trace: bool | TraceOptions = True,
) -> SearchView:
    """Solve an instance with one or two planners, each recording its trace, to watch the searches side by
    side: in a notebook the view shows the page, .save(path) writes it with the traces beside it, and
    .reports holds the runs' reports."""
    from puzzleplan.api.watching import SearchView, watchable

    if len(planners) not in (1, 2):
        raise InputError(f"watch runs one or two planners, not {len(planners)}", "planners")
    reports = [solve(inst, planner, timeout=timeout, trace=trace) for planner in planners]
    return SearchView(inst, [report.trace for report in reports if watchable(report.trace)], reports)


def _is_ground_action(step: Any) -> bool:
    """True for a PDDL ground action: (name, (argument, ...)) with names as strings."""
    return (
        isinstance(step, tuple)
        and len(step) == 2
        and isinstance(step[0], str)
        and isinstance(step[1], tuple)
        and all(isinstance(argument, str) for argument in step[1])
    )


__all__ = [
    "DEFAULT_PLANNER",
    "GroundAction",
    "Instance",
    "Limits",
    "PddlTask",
    "Plan",
    "PlanResult",
    "Report",
    "Status",
    "Trace",
    "TraceOptions",
    "advise",
    "animate",
    "default_planner",
    "draw",
    "instance_of",
    "load",
    "plan",
    "planners",
    "puzzles",
    "read_trace",
    "replay",
    "report_json",
    "solve",
    "translate",
    "validate",
    "write_animation",
    "write_plan",
    "write_trace",
    "SearchView",
    "watch",
    "write_search_page",
    "write_side_by_side",
]

if not TYPE_CHECKING:  # type checkers see the names themselves, imported above
    __getattr__, __dir__ = lazy_names(__name__, _HOMES, __all__)
