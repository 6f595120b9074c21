"""Fast Downward's plans for the first problems of an IPC folder, judged by unified-planning's plan validator
as its factory picks one for the problem's kind, and by sequential_plan_validator asked for by name.

    python docs/examples/up_validators.py FOLDER [COUNT]

FOLDER holds a domain.pddl and problems named p*.pddl (e.g. the rovers folder of aibasel/downward-benchmarks).
Each plan is first replayed by puzzleplan under PDDL semantics; only valid plans are judged.
"""

from __future__ import annotations

import sys
from pathlib import Path

import unified_planning.shortcuts as up
from unified_planning.io import PDDLReader
from unified_planning.plans import ActionInstance, SequentialPlan

import puzzleplan


def verdicts(domain: Path, problem: Path, plan: list) -> list[tuple[str, str]]:
    """(validator, verdict) of the factory's choice for the problem's kind, then of the named one."""
    task = PDDLReader().parse_problem(str(domain), str(problem))
    actions = {action.name.lower(): action for action in task.actions}
    objects = {obj.name.lower(): obj for obj in task.all_objects}
    steps = SequentialPlan([ActionInstance(actions[name], [objects[arg] for arg in args]) for name, args in plan])
    found = []
    for how in ({"problem_kind": task.kind, "plan_kind": steps.kind}, {"name": "sequential_plan_validator"}):
        with up.PlanValidator(**how) as validator:
            found.append((validator.name, validator.validate(task, steps).status.name))
    return found


def main() -> None:
    """One line a problem: its plan's length and the two verdicts."""
    up.get_environment().credits_stream = None
    folder, count = Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 12
    for problem in sorted(folder.glob("p*.pddl"))[:count]:
        report = puzzleplan.plan(folder / "domain.pddl", problem, "fd", timeout=60)
        if report.check is None or not report.check.valid:
            print(problem.name, "no valid plan:", report.run.result.status.value)
            continue
        print(problem.name, len(report.run.plan), verdicts(folder / "domain.pddl", problem, report.run.plan))


if __name__ == "__main__":
    main()
