"""The planner advisor: for a puzzle instance or a plain PDDL task, what every registered planner does with
it (runs it as it is, runs it after compiling features away, runs another configuration of itself, or
cannot run it and why: the feature and the file and line that use it), which planners are optimal, and
which one runs when none is named. Nothing is planned; compilations are tried, within a time limit."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any

from puzzleplan.api.pipeline import DEFAULT, chosen_planner
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import TimeLimitExceeded
from puzzleplan.planners.base import Planner, simulates
from puzzleplan.planners.compile import CompilationFailed, compile_for, needs_compilation
from puzzleplan.planners.registry import PLANNERS, get_planner
from puzzleplan.translator.capabilities import encodings_of, search_help
from puzzleplan.translator.pddl.model import FEATURES, used_features
from puzzleplan.translator.pddl.task import PddlTask
from puzzleplan.translator.puzzle import Puzzle

RUNS, COMPILES, CONFIGURED, CANNOT = "runs as is", "runs after compiling", "runs as", "cannot run"
HARMLESS = frozenset({":strips", ":typing", ":equality"})
"""Requirements every PDDL planner here reads."""


@dataclass(frozen=True)
class PlannerAdvice:
    """What one planner does with the task: `verdict` (RUNS, COMPILES, CONFIGURED or CANNOT), why or how
    (`detail`), whether its plans are optimal, whether it is the default, and for CANNOT the planners that
    can run the task."""

    planner: str
    verdict: str
    detail: str = ""
    optimal: bool = False
    default: bool = False
    can_run: tuple[str, ...] = ()

    def line(self) -> str:
        """The advice in one line, as `puzzleplan advise` prints it."""
        text = self.verdict + (f" {self.detail}" if self.verdict in (COMPILES, CONFIGURED) else "")
        if self.verdict == CANNOT:
            text += f", because {self.detail}; planners that can: {', '.join(self.can_run) or 'none'}"
        marks = [mark for mark, on in (("optimal", self.optimal), ("the default", self.default)) if on]
        return text + (f" [{', '.join(marks)}]" if marks else "")


@dataclass(frozen=True)
class Advice:
    """The advice on one task: what it is, the planner that runs when none is named, and every planner's."""

    subject: str
    default: str
    planners: tuple[PlannerAdvice, ...]

    def to_json(self) -> dict[str, Any]:
        """What `puzzleplan advise --json` prints."""
        return {
            "subject": self.subject,
            "default": self.default,
            "planners": [dict(asdict(item), can_run=list(item.can_run)) for item in self.planners],
        }


@dataclass
class _Task:
    """What is advised on: the puzzle (None for plain PDDL), the PDDL a planner of a fragment gets (the
    instance encoded for it, or the files' task), the names of its domain and problem, the compilations'
    time limit."""

    puzzle: Puzzle | None
    pddl: Callable[[frozenset[str]], PddlTask]
    sources: tuple[str, str]
    timeout: float


def puzzle_advice(puzzle: Puzzle, instance: Any, label: str, timeout: float = 30.0) -> Advice:
    """The advice on a puzzle instance."""
    about = _Task(puzzle, partial(encodings_of(puzzle).encode_for, instance), ("domain.pddl", "problem.pddl"), timeout)
    return _advice(about, f"{puzzle.name} {label}", chosen_planner(puzzle, DEFAULT))


def pddl_advice(task: PddlTask, domain: str, problem: str, timeout: float = 30.0) -> Advice:
    """The advice on plain PDDL files."""
    from puzzleplan.api.pddl_files import PDDL_DEFAULT

    about = _Task(None, lambda fragment: task, (domain, problem), timeout)
    return _advice(about, f"{domain} {problem}", PDDL_DEFAULT)


def _advice(about: _Task, subject: str, default: str) -> Advice:
    """Every registered planner's advice (the default first when it is not a registered name), with the
    planners that can run the task named in each CANNOT."""
    names = list(PLANNERS) if default in PLANNERS else [default, *PLANNERS]
    found = [_one(about, name, name == default) for name in names]
    able = tuple(item.planner for item in found if item.verdict != CANNOT)
    return Advice(subject, default, tuple(_with_able(item, able) for item in found))


def _with_able(item: PlannerAdvice, able: tuple[str, ...]) -> PlannerAdvice:
    """A CANNOT advice with the planners that can run the task; others as they are."""
    if item.verdict != CANNOT:
        return item
    return PlannerAdvice(item.planner, item.verdict, item.detail, item.optimal, item.default, able)


def _one(about: _Task, name: str, default: bool) -> PlannerAdvice:
    """One planner's advice."""
    aliases = search_help(about.puzzle).planner_aliases if about.puzzle else {}
    planner = get_planner(aliases.get(name, name))
    verdict, detail = _verdict(about, planner)
    return PlannerAdvice(name, verdict, detail, bool(getattr(planner, "optimal", False)), default)


def _verdict(about: _Task, planner: Planner[Any]) -> tuple[str, str]:
    """(verdict, detail) for one planner."""
    ok, why = planner.available()
    if not ok:
        return CANNOT, f"it is not installed here ({why})"
    if about.puzzle is not None and planner.puzzles is not None and about.puzzle.name not in planner.puzzles:
        return CANNOT, f"it is written for {', '.join(planner.puzzles)} only"
    if simulates(planner):
        if about.puzzle is None:
            return CANNOT, "it searches a puzzle's simulator, and plain PDDL has none"
        return RUNS, ""
    fragment = frozenset(planner.fragment or ())
    task = about.pddl(fragment)
    if not needs_compilation(task, fragment):
        return RUNS, ""
    return _compiled_verdict(about, task, planner, fragment)


def _compiled_verdict(about: _Task, task: PddlTask, planner: Planner[Any], fragment: frozenset[str]) -> tuple[str, str]:
    """The verdict for a task that needs what the planner lacks: compiled away, another configuration of the
    planner, or CANNOT naming each feature and where the files use it."""
    beyond = _beyond(task, fragment, about.sources)
    try:
        compiled = compile_for(task, fragment, about.timeout)
        steps = f" ({', '.join(compiled.compilations)})" if compiled.compilations else ""
        return COMPILES, "away " + " ".join(flag for flag, _ in beyond) + steps
    except (CompilationFailed, TimeLimitExceeded):
        pass
    configure = getattr(planner, "configured_for", None)
    configured = configure(task) if configure else None
    if configured is not None:
        return CONFIGURED, f"{configured.search}, which reads what the task uses"
    uses = ", ".join(f"{FEATURES.get(flag, flag)} ({flag} at {where})" for flag, where in beyond)
    return CANNOT, f"it does not read {uses}, and no compilation removes them"


def _beyond(task: PddlTask, fragment: frozenset[str], sources: tuple[str, str]) -> list[tuple[str, str]]:
    """The features the task uses that the planner lacks, each with the file and line of its first use
    (the flags the task declares beyond the fragment, when it uses none of them)."""
    try:
        used = used_features(task.domain, task.problem, *sources)
    except InputError:
        used = {}
    lacking = sorted(set(used) - fragment - HARMLESS) or sorted(task.requirements - fragment - HARMLESS)
    return [(flag, _where(used.get(flag), sources[0])) for flag in lacking]


def _where(use: tuple[str, int] | None, domain: str) -> str:
    """`FILE:LINE` of a feature's first use, or where it is declared."""
    return f"{use[0]}:{use[1]}" if use else f"declared in the :requirements of {domain}"
