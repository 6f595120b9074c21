"""Compile a PDDL task down to the fragment a planner accepts (unified-planning compilers), and map
plans back. unified-planning is imported only here, and only when a compilation is needed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from puzzleplan.common.files import natural_key
from puzzleplan.common.limits import time_limit
from puzzleplan.common.progress import phase
from puzzleplan.planners.base import Status
from puzzleplan.translator.pddl.task import GroundAction, PddlTask

# requirement flag -> the unified-planning compilation that removes it, in the order they are applied
_REMOVERS = (
    ({":conditional-effects", ":adl"}, "CONDITIONAL_EFFECTS_REMOVING"),
    (
        {
            ":disjunctive-preconditions",
            ":existential-preconditions",
            ":universal-preconditions",
            ":quantified-preconditions",
            ":adl",
        },
        "QUANTIFIERS_REMOVING",
    ),
    (
        {
            ":disjunctive-preconditions",
            ":existential-preconditions",
            ":universal-preconditions",
            ":quantified-preconditions",
            ":adl",
        },
        "DISJUNCTIVE_CONDITIONS_REMOVING",
    ),
    ({":negative-preconditions", ":adl"}, "NEGATIVE_CONDITIONS_REMOVING"),
)
_HARMLESS = {":strips", ":typing", ":equality"}
_REMOVABLE = set().union(*(flags for flags, _ in _REMOVERS)) | _HARMLESS
"""Requirements a planner may lack: a compilation removes them, or they need no support."""


@dataclass
class Compiled:
    """A task in the planner's fragment and the function that maps its plans back to the original."""

    task: PddlTask
    map_back: Callable[[list[GroundAction]], list[GroundAction]]
    compilations: tuple[str, ...] = ()


def needs_compilation(task: PddlTask, fragment: frozenset[str]) -> bool:
    """True when the task declares requirements that the fragment lacks."""
    return bool(task.requirements - fragment - ({":strips"} if ":strips" in fragment else set()))


class CompilationFailed(Exception):
    """The task cannot be brought down to the planner's fragment; `status` says how the run ends."""

    status = Status.ERROR


class UnsupportedTask(CompilationFailed):
    """The task needs requirements that the planner lacks and no compilation removes."""

    status = Status.UNSUPPORTED


def compile_for(task: PddlTask, fragment: frozenset[str], timeout: float | None = None) -> Compiled:
    """The task itself when the planner accepts it, otherwise its compilation with unified-planning,
    interrupted after `timeout` seconds (TimeLimitExceeded) when running in the main thread."""
    if not needs_compilation(task, fragment):
        return Compiled(task, lambda plan: plan)
    beyond = task.requirements - fragment - _REMOVABLE
    if beyond:
        costs = (
            " (it would read the costs as a syntax error, or plan as if every action cost 1): choose a planner"
            " with action costs, such as fd, fd-opt or up:symk-opt"
        )
        raise UnsupportedTask(
            f"the task needs {' '.join(sorted(beyond))}, which this planner does not support and no compilation "
            f"removes{costs if ':action-costs' in beyond else ''}"
        )
    try:
        with time_limit(timeout), phase("compiling the task with unified-planning"):
            return _compile_with_up(task, fragment)
    except RecursionError:  # its reader (pyparsing) recurses once per level of a formula
        raise UnsupportedTask("the task's formulas nest too deeply for unified-planning to compile them") from None


def sorted_declarations(text: str) -> str:
    """PDDL text with the names of every `(:constants` and `(:objects` line sorted: unified-planning's
    writer lists them in the order of a set, which changes with the hash seed, and planners break ties
    by declaration order (the same task must give the same plan on every run)."""
    lines, inside = [], False
    for line in text.splitlines():
        stripped = line.strip().lower()
        if stripped.startswith(("(:constants", "(:objects")):
            inside = True
        elif inside and stripped == ")":
            inside = False
        elif inside and " - " in line:
            line = _sorted_names(line)
        lines.append(line)
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


def _sorted_names(line: str) -> str:
    """A declaration line `NAME NAME ... - TYPE` with its names in natural order, its indent kept."""
    names, _, type_name = line.partition(" - ")
    indent = line[: len(line) - len(line.lstrip())]
    return f"{indent}{' '.join(sorted(names.split(), key=natural_key))} - {type_name}"


def _compile_with_up(task: PddlTask, fragment: frozenset[str]) -> Compiled:
    """Parse with unified-planning, apply the removing compilations the fragment needs, write PDDL."""
    import unified_planning.shortcuts as up
    from unified_planning.engines import CompilationKind
    from unified_planning.exceptions import UPException, UPNoSuitableEngineAvailableException
    from unified_planning.io import PDDLReader, PDDLWriter
    from unified_planning.plans import ActionInstance

    up.get_environment().credits_stream = None
    problem = PDDLReader().parse_problem_string(task.domain, task.problem)
    missing = task.requirements - fragment
    map_backs, names = [], []
    for flags, kind_name in _REMOVERS:
        if not (flags & missing):
            continue
        kind = getattr(CompilationKind, kind_name)
        try:
            compiler = up.Compiler(problem_kind=problem.kind, compilation_kind=kind)
        except UPNoSuitableEngineAvailableException:
            features = ", ".join(sorted(feature.lower() for feature in problem.kind.features))
            raise UnsupportedTask(
                f"the planner lacks {' '.join(sorted(flags & missing))} and no unified-planning compiler "
                f"({kind_name.lower()}) takes a task with these features: {features}"
            ) from None
        try:
            with compiler:
                result = compiler.compile(problem, kind)
        except UPException as error:  # a compiler that refuses (or fails on) this task: the planner cannot have it
            reason = " ".join(str(error).split())[:300]
            raise UnsupportedTask(
                f"the planner lacks {' '.join(sorted(flags & missing))} and unified-planning's compiler "
                f"({kind_name.lower()}) fails on this task: {type(error).__name__}: {reason}"
            ) from None
        problem = result.problem
        map_backs.append(result.map_back_action_instance)
        names.append(kind_name.lower())
    writer = PDDLWriter(problem)
    compiled = PddlTask(task.name, sorted_declarations(writer.get_domain()), sorted_declarations(writer.get_problem()))

    def map_back(plan: list[GroundAction]) -> list[GroundAction]:
        original = []
        for name, args in plan:
            action = writer.get_item_named(name)
            instance = ActionInstance(action, [up.ObjectExp(writer.get_item_named(a)) for a in args])
            for back in reversed(map_backs):
                instance = back(instance)
                if instance is None:
                    break
            if instance is not None:
                original.append(
                    (instance.action.name.lower(), tuple(str(p).lower() for p in instance.actual_parameters))
                )
        return original

    return Compiled(compiled, map_back, tuple(names))
