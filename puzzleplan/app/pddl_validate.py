"""`puzzleplan validate DOMAIN PROBLEM PLAN`: a plan for plain PDDL (no puzzle) replayed under PDDL semantics,
with the first failing step and why, or the goal left unmet, and the plan's cost."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from puzzleplan.api.validation import comparison, no_optimum
from puzzleplan.app.validate import optimum_line
from puzzleplan.common.errors import InputError
from puzzleplan.common.files import read_file
from puzzleplan.common.limits import Limits
from puzzleplan.translator.pddl.model import Task, read_task
from puzzleplan.translator.pddl.plans import PlanCheck, check_pddl_plan
from puzzleplan.translator.pddl.task import PddlTask, claimed_cost, read_plan


def _is_pddl(path: str | None) -> bool:
    """True for a file named *.pddl, or one whose text starts with (define."""
    if not path:
        return False
    if path.lower().endswith(".pddl"):
        return True
    try:
        head = Path(path).read_text(errors="replace")[:2000]
    except OSError:
        return False
    return any(line.split(";", 1)[0].strip().lower().startswith("(define") for line in head.splitlines()[:30])


def pddl_triple(args: argparse.Namespace) -> bool:
    """True when validate's words are `[pddl] DOMAIN PROBLEM PLAN` (two PDDL files before the plan); the
    words are then arranged as puzzle "pddl", file DOMAIN, plan [PROBLEM, PLAN]."""
    from puzzleplan.translator.registry import PUZZLES

    if args.puzzle == "pddl":
        return True
    if args.puzzle in PUZZLES or args.puzzle == "graphplan" or not (_is_pddl(args.puzzle) and _is_pddl(args.file)):
        return False
    args.plan = [args.file, *args.plan]
    args.puzzle, args.file = "pddl", args.puzzle
    return True


OPTIMAL_PLANNER = "fd-opt"
"""The planner `validate --optimal` asks for the optimal cost."""


def compare_with_optimal(task: PddlTask, model: Task, cost: float, limits: Limits) -> dict[str, Any]:
    """Run the optimal planner and say whether a plan of `cost` is cost-optimal (validate --optimal)."""
    from puzzleplan.api.pipeline import plan_pddl
    from puzzleplan.planners.registry import get_planner

    run = plan_pddl(task, get_planner(OPTIMAL_PLANNER), limits)
    if not (run.result.solved and run.result.optimal):
        return no_optimum(OPTIMAL_PLANNER, "cost", run.result.status.value, run.result.message)
    optimum = check_pddl_plan(model, run.plan).cost
    if optimum is None:
        return no_optimum(OPTIMAL_PLANNER, "cost", "error", f"{OPTIMAL_PLANNER}'s plan does not replay")
    return comparison(OPTIMAL_PLANNER, "cost", cost, optimum)


def run_pddl_validate(args: argparse.Namespace) -> bool:
    """Print the verdict on a PDDL plan (one JSON object under --json); True when the plan is valid."""
    domain, problem, plan_file = _three_files(args)
    task = PddlTask(Path(problem).stem, read_file(domain), read_file(problem))
    model = read_task(task.domain, task.problem, domain, problem)
    text = read_file(plan_file)
    verdict, claimed = check_pddl_plan(model, read_plan(text, plan_file)), claimed_cost(text)
    optimal = None
    if args.optimal and verdict.valid and verdict.cost is not None:
        optimal = compare_with_optimal(task, model, verdict.cost, Limits.read(args.timeout, args.memory))
    if args.json:
        data = {"domain": domain, "problem": problem, "plan": plan_file, **verdict.to_json()}
        data.update(claimed_cost=claimed, optimal=optimal)
        if args.show:
            data["state"] = verdict.state_lines()
        print(json.dumps(data))
    else:
        _print_verdict(verdict, _cost_note(claimed, verdict.cost), optimal, args.show)
    return verdict.valid


def _three_files(args: argparse.Namespace) -> tuple[str, str, str]:
    """DOMAIN PROBLEM PLAN from the command line; InputError for another number of files."""
    if len(args.plan) != 2:
        raise InputError(
            f"validate DOMAIN PROBLEM PLAN takes three files, found {1 + len(args.plan)}: "
            + " ".join([args.file, *args.plan]),
            "command line",
        )
    return args.file, args.plan[0], args.plan[1]


def _cost_note(claimed: float | None, cost: float | None) -> str:
    """A note when the plan file claims a cost other than the plan's, else ""."""
    if claimed is None or cost is None or abs(claimed - cost) <= 1e-9:
        return ""
    return f"note: the plan file claims cost {claimed:g}, the plan costs {cost:g}"


def _print_verdict(verdict: PlanCheck, note: str, optimal: dict[str, Any] | None, show: bool) -> None:
    """The verdict as text: its paragraph, the cost note, the comparison with the optimum, the state (--show)."""
    print(verdict.message())
    if note:
        print(note)
    if optimal:
        print(optimum_line(optimal))
    if show:
        print(_state_paragraph(verdict))


def _state_paragraph(verdict: PlanCheck) -> str:
    """Under --show: the state before the failed step (or after the last), one fact a line."""
    where = f"before step {verdict.failed.number}" if verdict.failed else "after the last step"
    return f"state {where}:\n" + "\n".join("  " + line for line in verdict.state_lines())
