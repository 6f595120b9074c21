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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from puzzleplan.api.pddl_files import PddlReport, plan_files
from puzzleplan.api.pipeline import Report, solve_reading
from puzzleplan.api.starts import started
from puzzleplan.api.up import is_up_plan
from puzzleplan.api.validation import Verdict, validate_moves, validate_text
from puzzleplan.common.errors import IllegalMove, InputError, expect
from puzzleplan.common.files import read_file
from puzzleplan.common.limits import Limits
from puzzleplan.common.progress import phase
from puzzleplan.planners.base import PlanResult, Status
from puzzleplan.planners.up_engine import ground_actions
from puzzleplan.translator import registry
from puzzleplan.translator.capabilities import leveled, notation, reports, search_help
from puzzleplan.translator.pddl.task import GroundAction, PddlTask, write_plan
from puzzleplan.translator.puzzle import Puzzle

DEFAULT_PLANNER = "native-astar"
"""The planner `solve` uses when none is named: A* on the puzzle's own simulator (optimal)."""


@dataclass(frozen=True)
class Instance:
    """A puzzle instance read from its native format: the puzzle (rules, encoding, notation), the
    instance itself (immutable) and the label reports give it (the file, `FILE#LEVEL` in a collection)."""

    puzzle: Puzzle
    data: Any
    label: str

    @property
    def name(self) -> str:
        """The puzzle's registered name ("hanoi", "tiles", ...)."""
        return self.puzzle.name

    @property
    def initial(self) -> Any:
        """The initial state."""
        return self.puzzle.initial(self.data)

    def moves(self, state: Any = None) -> list[Any]:
        """The legal native moves in `state` (the initial state by default), in the puzzle's fixed order."""
        return list(self.puzzle.moves(self.data, self.initial if state is None else state))

    def is_goal(self, state: Any) -> bool:
        """True when `state` satisfies the instance's goal."""
        return self.puzzle.is_goal(self.data, state)

    def render(self) -> str:
        """The instance in its native file format (load(text=inst.render()) reads it back)."""
        return self.puzzle.render(self.data)

    def show(self, state: Any = None) -> str:
        """A text picture of `state` (the initial state by default)."""
        return reports(self.puzzle).show(self.data, self.initial if state is None else state)

    def format_move(self, move: Any) -> str:
        """A native move in the puzzle's notation."""
        return notation(self.puzzle).format_move(move)

    def move_json(self, move: Any) -> Any:
        """A native move as the JSON value `solve --json` writes for it."""
        return notation(self.puzzle).move_json(move)

    def read_move(self, text: str) -> Any:
        """The native move written as format_move writes it; ValueError saying what was expected."""
        return notation(self.puzzle).parse_move(text)

    def apply(self, state: Any, move: Any) -> Any:
        """The state after a native move; IllegalMove saying why the rules forbid it."""
        return self.puzzle.apply(self.data, state, move)

    def normalize(self, state: Any) -> Any:
        """`state` in the puzzle's normal form (bricks renumbered, ...), as native search sees it."""
        return search_help(self.puzzle).normalize(self.data, state)

    def show_steps(self, moves: Sequence[Any], states: Sequence[Any] | None = None) -> str:
        """A plan step by step: the first state's picture, then each numbered move and the state after it
        (`states` as replay gives them, replayed here when not given)."""
        shown = list(states) if states is not None else replay(self, moves)
        return reports(self.puzzle).show_steps(self.data, list(moves), shown)

    def successors(self, state: Any = None, prune: bool = False) -> list[tuple[Any, Any]]:
        """(move, next state) for every legal move in `state` (the initial state by default), in the puzzle's
        fixed order; with `prune`, only those the solver's search keeps (dead pushes left out)."""
        state = self.initial if state is None else state
        if prune:
            return list(self.puzzle.successors(self.data, state))
        return [(move, self.puzzle.apply(self.data, state, move)) for move in self.puzzle.moves(self.data, state)]

    def describe_goal(self) -> str:
        """What has to be reached, in words."""
        return reports(self.puzzle).describe_goal(self.data)

    @property
    def optimal_measure(self) -> str:
        """What an optimal plan of this puzzle minimizes ("moves", or "pushes" for a push-level Sokoban)."""
        return reports(self.puzzle).optimal_measure

    def plan_text(self, report: Report) -> str:
        """A solved report's plan as a file holds it: the planner's PDDL plan in IPC format when a PDDL planner
        found it, else the native moves in the puzzle's notation, one a line."""
        if report.pddl_plan:
            return write_plan(report.pddl_plan)
        return "".join(self.format_move(move) + "\n" for move in report.moves)

    def starting_at(self, start: Any) -> Instance:
        """The instance with `start` as its initial state: one of its states (from replay, say), or the start
        written as text (bloxorz: `X,Y`, the cell the block stands on, counted from 1)."""
        return Instance(self.puzzle, started(self.puzzle, self.data, start), self.label)


def puzzles() -> list[str]:
    """The registered puzzle names."""
    return list(registry.PUZZLES)


def planners() -> list[str]:
    """The registered planner names (besides the open families fd:SEARCH, pyperplan:S:H, native-astar:H, up:NAME)."""
    from puzzleplan.planners.registry import PLANNERS

    return list(PLANNERS)


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
) -> Report:
    """Solve an instance with a planner under a time limit (seconds) and an optional memory limit (MiB, or
    "2G"), decode the plan into native moves and replay them; the Report carries .status, .moves,
    .length, .optimal, .valid, .expanded, .time and .message. Given an instance file's path (with
    `puzzle` and `level` as for load), reading it counts against the time limit. `start` solves from
    another initial state (as Instance.starting_at takes it); `limits` gives both limits at once."""
    _check_call("solve()", inst, planner, timeout, memory, (Instance, str, os.PathLike))
    limits = limits or Limits.read(timeout, memory)
    if isinstance(inst, Instance):
        return solve_reading(inst.puzzle, partial(started, inst.puzzle, inst.data, start), inst.label, planner, limits)
    path = os.fspath(inst)
    game = registry.get_puzzle(puzzle or registry.puzzle_for_file(path))

    def read() -> Any:
        with phase(f"reading {path}"):
            return load(path, puzzle=game.name, level=level).starting_at(start).data

    return solve_reading(game, read, registry.instance_label(path, level), planner, limits)


def instance_of(report: Report) -> Instance | None:
    """The instance a report solved (from the start it was given), as an Instance; None when reading its file
    ran out of time."""
    if report.data is None:
        return None
    return Instance(registry.get_puzzle(report.puzzle), report.data, report.instance)


def report_json(report: Report) -> dict[str, Any]:
    """A report as the JSON object `puzzleplan solve --json` prints (its moves in the puzzle's notation)."""
    return report.to_json(registry.get_puzzle(report.puzzle))


def plan(
    domain: str | os.PathLike[str],
    problem: str | os.PathLike[str],
    planner: str = "fd",
    *,
    timeout: float = 60.0,
    memory: str | int | None = None,
) -> PddlReport:
    """Plan plain PDDL files (no puzzle) with a PDDL planner: the files are read and checked (syntax and
    requirements), the task planned and the plan replayed under PDDL semantics, all within the limits; the
    PddlReport carries .run (.result.status, .plan), .check (the replay's verdict), .cost and to_json(), the
    object `puzzleplan plan --json` prints."""
    expect(domain, (str, os.PathLike), "plan()'s domain")
    _check_call("plan()", problem, planner, timeout, memory, (str, os.PathLike))
    return plan_files(os.fspath(domain), os.fspath(problem), planner, Limits.read(timeout, memory))


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
    steps = ground_actions(plan) if is_up_plan(plan) else list(plan)
    if steps and all(_is_ground_action(step) for step in steps):
        return validate_text(inst.puzzle, inst.data, inst.label, write_plan(steps), "<PDDL plan>")
    return validate_moves(inst.puzzle, inst.data, inst.label, [_native_move(inst, step) for step in steps])


def replay(inst: Instance, moves: Iterable[Any]) -> list[Any]:
    """The states the simulator goes through replaying native moves from the initial state (the initial
    state first); IllegalMove naming the first move the rules forbid. Reaching the goal is not required."""
    puzzle, state = inst.puzzle, inst.initial
    states = [state]
    for number, move in enumerate(moves, start=1):
        try:
            state = puzzle.apply(inst.data, state, _native_move(inst, move))
        except IllegalMove as error:
            raise IllegalMove(f"move {number} {notation(puzzle).format_move(move)}: {error}") from None
        states.append(state)
    return states


def draw(inst: Instance, path: str | os.PathLike[str], state: Any = None) -> Path:
    """Draw `state` (the initial state by default) as a PNG or SVG picture at `path`; the path written."""
    from puzzleplan.pictures.output import write_picture

    write_picture(inst.puzzle, inst.data, inst.initial if state is None else state, os.fspath(path))
    return Path(path)


def animate(inst: Instance, moves: Sequence[Any], path: str | os.PathLike[str], every: int = 1) -> Path:
    """Replay native moves and write them as an animated GIF or SVG, or an HTML player page, at `path`
    (every: keep every Nth frame of a GIF or SVG); IllegalMove when a move breaks the rules."""
    native = [_native_move(inst, move) for move in moves]
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


def _is_ground_action(step: Any) -> bool:
    """True for a PDDL ground action: (name, (argument, ...)) with names as strings."""
    return (
        isinstance(step, tuple)
        and len(step) == 2
        and isinstance(step[0], str)
        and isinstance(step[1], tuple)
        and all(isinstance(argument, str) for argument in step[1])
    )


def _native_move(inst: Instance, move: Any) -> Any:
    """A move as the simulator takes it: a native move as is, a JSON list or a notation string read."""
    if isinstance(move, (list, str)):
        try:
            return notation(inst.puzzle).move_from_json(move)
        except ValueError as error:
            raise InputError(f"not a {inst.name} move: {move!r} ({error})", "moves") from None
    return move


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
    "animate",
    "draw",
    "instance_of",
    "load",
    "plan",
    "planners",
    "puzzles",
    "replay",
    "report_json",
    "solve",
    "translate",
    "validate",
    "write_animation",
    "write_plan",
]
