"""`puzzleplan validate DOMAIN PROBLEM PLAN`: a plan for plain PDDL (no puzzle) replayed under PDDL semantics,
with the first failing step and why, or the goal left unmet, and the plan's cost."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path

from puzzleplan.api.pddl_plans import PddlPlanVerdict, validate_pddl_plan
from puzzleplan.app.guarded import command_limits
from puzzleplan.app.pddl_page import check_page, write_page
from puzzleplan.app.validate import optimum_line
from puzzleplan.common.errors import InputError


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
    from puzzleplan.api import puzzles

    if args.puzzle == "pddl":
        return True
    if args.puzzle in puzzles() or args.puzzle == "graphplan" or not (_is_pddl(args.puzzle) and _is_pddl(args.file)):
        return False
    args.plan = [args.file, *args.plan]
    args.puzzle, args.file = "pddl", args.puzzle
    return True


def run_pddl_validate(args: argparse.Namespace) -> bool:
    """Print the verdict on a PDDL plan (one JSON object under --json); True when the plan is valid."""
    domain, problem, plan_file = _three_files(args)
    page = check_page(args.animate, [domain, problem, plan_file])
    limits = command_limits(args) if args.optimal else None
    verdict = validate_pddl_plan(domain, problem, plan_file, optimal=limits, strict=getattr(args, "strict", False))
    print_warnings(verdict.warnings)
    if args.json:
        print(json.dumps(verdict.to_json(state=args.show)))
    else:
        _print_verdict(verdict, args.show)
    if page:
        write_page(page, domain, problem, plan_file, args.json)
    return verdict.valid


def print_warnings(warnings: Iterable[str]) -> None:
    """The reading's warnings, one a line, on stderr."""
    for line in warnings:
        print(line, file=sys.stderr)


def _three_files(args: argparse.Namespace) -> tuple[str, str, str]:
    """DOMAIN PROBLEM PLAN from the command line; InputError for another number of files."""
    if len(args.plan) != 2:
        raise InputError(
            f"validate DOMAIN PROBLEM PLAN takes three files, found {1 + len(args.plan)}: "
            + " ".join([args.file, *args.plan]),
            "command line",
        )
    return args.file, args.plan[0], args.plan[1]


def _print_verdict(verdict: PddlPlanVerdict, show: bool) -> None:
    """The verdict as text: its paragraph, the cost note, the comparison with the optimum, the state (--show)."""
    print(verdict.check.message())
    if verdict.cost_note:
        print(verdict.cost_note)
    if verdict.optimal:
        print(optimum_line(verdict.optimal))
    if show:
        print(_state_paragraph(verdict))


def _state_paragraph(verdict: PddlPlanVerdict) -> str:
    """Under --show: the state before the failed step (or after the last), one fact a line."""
    check = verdict.check
    where = f"before step {check.failed.number}" if check.failed else "after the last step"
    return f"state {where}:\n" + "\n".join("  " + line for line in check.state_lines())
