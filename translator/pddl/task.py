"""Shared PDDL writing (deterministic: sorted objects and facts) and IPC plan reading/writing."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from puzzleplan.common.errors import InputError, quote
from puzzleplan.common.files import natural_key

GroundAction = tuple[str, tuple[str, ...]]
"""A ground action: its lower-case name and its arguments, e.g. ("move", ("disk1", "disk2", "b"))."""

STRIPS = frozenset({":strips", ":typing"})
"""The fragment every planner accepts."""


@dataclass(frozen=True)
class PddlTask:
    """A PDDL domain and problem as text, with the requirements the domain declares and the files the
    texts are of (in messages about a line of the texts: their lines are the files' lines)."""

    name: str
    domain: str
    problem: str
    sources: tuple[str, str] = ("the domain", "the problem")

    @property
    def requirements(self) -> frozenset[str]:
        """The :requirements flags the domain declares (":strips" when it declares none)."""
        match = re.search(r"\(:requirements([^)]*)\)", self.domain, re.IGNORECASE)
        if not match:
            return frozenset({":strips"})
        return frozenset(flag.lower() for flag in match.group(1).split())


def action_arities(task: PddlTask) -> dict[str, int]:
    """The actions the task's domain declares, with their numbers of parameters."""
    found = re.finditer(r"\(:action\s+([^\s()]+)\s+:parameters\s*\(([^)]*)\)", task.domain, re.IGNORECASE)
    return {match.group(1).lower(): match.group(2).count("?") for match in found}


def atom(*parts: object) -> str:
    """A PDDL atom such as (on disk1 disk2)."""
    return "(" + " ".join(str(part) for part in parts) + ")"


def problem_text(
    name: str,
    domain: str,
    objects: Mapping[str, Iterable[str]],
    init: Iterable[str],
    goal: Iterable[str] | str,
    metric: str | None = None,
) -> str:
    """A PDDL problem: objects grouped by type, init facts sorted, goal a conjunction or a formula, and
    an optional metric such as `minimize (total-cost)`."""
    lines = [f"(define (problem {name})", f"  (:domain {domain})", *_objects_section(objects), "  (:init"]
    lines.extend("    " + fact for fact in sorted(set(init), key=natural_key))
    lines.append("  )")
    lines += _goal_section(goal)
    if metric:
        lines.append(f"  (:metric {metric})")
    lines.append(")")
    return "\n".join(lines) + "\n"


def _objects_section(objects: Mapping[str, Iterable[str]]) -> list[str]:
    """The lines of (:objects ...): each type's objects (if any) in natural order, types sorted."""
    lines = ["  (:objects"]
    for type_name in sorted(objects):
        names = sorted(set(objects[type_name]), key=natural_key)
        if names:
            lines.append("    " + " ".join(names) + f" - {type_name}")
    return [*lines, "  )"]


def _goal_section(goal: Iterable[str] | str) -> list[str]:
    """The lines of (:goal ...): a formula as written, or the conjunction of facts (sorted)."""
    if isinstance(goal, str):
        return [f"  (:goal {goal})"]
    return ["  (:goal (and", *("    " + fact for fact in sorted(set(goal), key=natural_key)), "  ))"]


_PLAN_LINE = re.compile(
    r"^\s*(?:[0-9]+(?:\.[0-9]+)?\s*:\s*)?\(\s*([^()\s]+)((?:\s+[^()\s]+)*)\s*\)\s*(?:\[[^\]]*\])?\s*$"
)


ANY_STEP = "(ACTION ARGUMENT ...)"
"""A plan step as an error message shows it when there is no domain to take an example from."""


def example_step(domain: str) -> str:
    """A plan step of the domain's first action, its parameters as the domain names them: `(move ?b ?from
    ?to)`, for error messages about plans of that domain (ANY_STEP when it declares no action)."""
    found = re.search(r"\(:action\s+([^\s()]+)\s+:parameters\s*\(([^)]*)\)", domain, re.IGNORECASE)
    if not found:
        return ANY_STEP
    return atom(found.group(1).lower(), *re.findall(r"\?[^\s()]+", found.group(2)))


def read_plan(text: str, source: str = "<plan>", example: str | Callable[[], str] = ANY_STEP) -> list[GroundAction]:
    """Read a plan in IPC format: one `(action arg ...)` a line, `;` comments, optional `t:` prefixes; a line
    that is not a step is an error showing `example` (a step of the domain the plan is for: example_step)."""
    plan: list[GroundAction] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split(";", 1)[0].strip()
        if not line:
            continue
        match = _PLAN_LINE.match(line)
        if not match:
            shown = example() if callable(example) else example
            raise InputError(f"expected a plan step such as '{shown}', found {line!r}", source, number)
        plan.append((match.group(1).lower(), tuple(arg.lower() for arg in match.group(2).split())))
    return plan


def looks_like_pddl_plan(text: str) -> bool:
    """True when the first non-comment line of `text` is a parenthesized action."""
    for raw in text.splitlines():
        line = raw.split(";", 1)[0].strip()
        if line:
            return bool(_PLAN_LINE.match(line))
    return False


def write_plan(plan: Iterable[GroundAction], cost: float | None = None) -> str:
    """A plan in IPC format with the cost line planners write: `; cost = N (general cost)` for a task with
    action costs (`cost`, its total-cost), `; cost = N (unit cost)` (the number of steps) without."""
    steps = [atom(name, *args) for name, args in plan]
    if cost is None:
        return "\n".join(steps + [f"; cost = {len(steps)} (unit cost)"]) + "\n"
    shown = str(int(cost)) if float(cost).is_integer() else f"{cost:g}"
    return "\n".join(steps + [f"; cost = {shown} (general cost)"]) + "\n"


_COST_LINE = re.compile(r"^\s*;\s*cost\s*=\s*(\S*?)(?=\s|\(|$)", re.IGNORECASE | re.MULTILINE)
_COST = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")


def claimed_cost(text: str, source: str = "<plan>") -> float | None:
    """The cost a plan file states in its last `; cost = N (...)` line, if it has one; InputError naming the
    line for a cost that is no finite number (`1e400`, `abc`)."""
    found = list(_COST_LINE.finditer(text))
    if not found:
        return None
    word = found[-1].group(1)
    cost = float(word) if _COST.fullmatch(word) else math.inf
    if not math.isfinite(cost):
        line = text.count("\n", 0, found[-1].start()) + 1
        raise InputError(f"expected a finite number after '; cost =', found {quote(word)}", source, line)
    return cost


@contextmanager
def task_files(task: PddlTask, prefix: str = "puzzleplan-") -> Iterator[tuple[Path, Path, Path]]:
    """(folder, domain.pddl, problem.pddl) of the task written into a temporary folder, removed after."""
    import tempfile  # here: a native search writes no file

    with tempfile.TemporaryDirectory(prefix=prefix) as work:
        folder = Path(work)
        domain, problem = folder / "domain.pddl", folder / "problem.pddl"
        domain.write_text(task.domain)
        problem.write_text(task.problem)
        yield folder, domain, problem
