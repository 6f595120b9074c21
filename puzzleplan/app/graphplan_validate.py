"""The verdict on Graphplan's printed plans, printed (`graphplan --validate PLAN -o OPS -f FACTS` and
`puzzleplan validate graphplan OPS FACTS PLAN`); puzzleplan.api.graphplan replays the plan step by step with
Graphplan's semantics, then, when a native instance of a puzzle lies beside the facts file, as native moves;
with --optimal, against Fast Downward's fewest actions and the bundled Graphplan's fewest time steps."""

from __future__ import annotations

import argparse
import json

from puzzleplan.api.graphplan import validate_graphplan
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits


def print_graphplan(data: dict, show: bool) -> None:
    """The human report of a Graphplan plan's verdict."""
    from puzzleplan.app.validate import counted, optimum_line

    if data["valid"]:
        print(f"Graphplan replay: VALID, {counted({'actions': data['actions'], 'steps': data['steps']})}")
    else:
        _print_invalid(data, show)
    native = data.get("native")
    if native:
        print(_native_line(native))
    for comparison in data.get("optimal", []):
        print(optimum_line(comparison))


def _print_invalid(data: dict, show: bool) -> None:
    """Where and why a Graphplan plan fails, with the state before it (or at the end) under --show."""
    where = f"time step {data['failed_step']} (line {data['line']})" if data["failed_step"] else "the end"
    print(f"Graphplan replay: INVALID at {where}: {data['message']}")
    if show:
        print("state before it (facts that operators change):" if data["failed_step"] else "state at the end:")
        print("  " + " ".join(data["state_before"]))


def _native_line(native: dict) -> str:
    """The verdict of the plan replayed as a puzzle's native moves."""
    from puzzleplan.app.validate import counted

    if not native["valid"]:
        return f"native replay ({native['puzzle']} {native['instance']}): INVALID: {native['message']}"
    return f"native replay ({native['puzzle']} {native['instance']}): VALID, {counted({'moves': len(native['moves'])})}"


def run_graphplan_validate(args: argparse.Namespace, limits: Limits) -> bool:
    """`puzzleplan validate graphplan OPS FACTS PLAN`: print the verdict; True when the plan is valid."""
    if len(args.plan) != 2:
        raise InputError("validate graphplan takes three files: OPS FACTS PLAN", "command line")
    if args.level:
        raise InputError("--level does not apply to Graphplan files", "command line")
    data = validate_graphplan(args.file, args.plan[0], args.plan[1], limits, args.optimal)
    if args.json:
        print(json.dumps(data))
    else:
        print_graphplan(data, args.show)
    return data["valid"] and data.get("native", {}).get("valid", True)
