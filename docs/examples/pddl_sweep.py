"""Read (and optionally plan) the first problems of every domain of an IPC benchmark collection, such as
aibasel/downward-benchmarks, as `puzzleplan plan` reads them; print one markdown row per domain.

    python docs/examples/pddl_sweep.py DATA [--problems N] [--strict] [--plan fd --timeout 20]

DATA is a folder of domain folders (IPC layouts: a domain.pddl beside its problems, or a domain per
problem). A refused task is one whose reading raised an InputError (bad input, exit 2 on the command line);
with --translate each refused task is also given to Fast Downward's translator, to see whether it
accepts what was refused.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from puzzleplan.api.pddl_files import plan_files, read_pddl
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits
from puzzleplan.experiments.pddl_tasks import folder_tasks
from puzzleplan.planners.fast_downward import driver_path


def translator_accepts(domain: Path, problem: Path) -> bool:
    """True when Fast Downward's translator reads the task (exit status 0)."""
    command = [sys.executable, str(driver_path()), "--translate", str(domain), str(problem)]
    return subprocess.run(command, capture_output=True, timeout=600, cwd="/tmp").returncode == 0


def sweep_task(domain: Path, problem: Path, args: argparse.Namespace) -> dict:
    """What reading (and planning) one task gave."""
    try:
        _, model = read_pddl(str(domain), str(problem), strict=args.strict)
    except InputError as error:
        accepted = translator_accepts(domain, problem) if args.translate else None
        return {"refused": str(error), "translator": accepted}
    row: dict = {"warnings": len(model.warnings)}
    if args.plan:
        report = plan_files(str(domain), str(problem), args.plan, Limits.read(args.timeout, None), strict=args.strict)
        row.update(status=report.run.result.status.value, valid=report.check.valid if report.check else None)
    return row


def main() -> None:
    """The sweep, as a markdown table and totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--problems", type=int, default=1, help="problems per domain (default 1, the first)")
    parser.add_argument("--strict", action="store_true", help="read strictly (departures refused)")
    parser.add_argument("--plan", metavar="PLANNER", help="also plan each task read with this planner")
    parser.add_argument("--timeout", default="20", help="seconds per planner run (default 20)")
    parser.add_argument("--translate", action="store_true", help="give each refused task to FD's translator")
    args = parser.parse_args()
    totals = {"domains": 0, "tasks": 0, "refused": 0, "warned": 0, "solved": 0}
    print("| domain | tasks | warned | refused | planned | first refusal |\n|---|---|---|---|---|---|")
    for folder in sorted(path for path in args.data.iterdir() if path.is_dir() and not path.name.startswith(".")):
        try:
            tasks = folder_tasks(folder)[: args.problems]
        except InputError as error:
            print(f"| {folder.name} | 0 | | | | no tasks: {error.message[:60]} |")
            continue
        rows = [sweep_task(domain, problem, args) for domain, problem in tasks]
        refused = [row for row in rows if "refused" in row]
        counts = {
            "tasks": len(rows),
            "refused": len(refused),
            "warned": sum(1 for row in rows if row.get("warnings")),
            "solved": sum(1 for row in rows if row.get("valid")),
        }
        first = refused[0]["refused"][:100].replace("|", "/") if refused else ""
        if refused and refused[0]["translator"] is not None:
            first += f" (FD's translator: {'accepts' if refused[0]['translator'] else 'refuses'})"
        statuses = [
            row["status"] + ("" if row["valid"] in (None, True) else " INVALID") for row in rows if "status" in row
        ]
        planned = ", ".join(f"{statuses.count(status)} {status}" for status in sorted(set(statuses)))
        print(f"| {folder.name} | {counts['tasks']} | {counts['warned']} | {counts['refused']} | {planned} | {first} |")
        totals["domains"] += 1
        for key in ("tasks", "refused", "warned", "solved"):
            totals[key] += counts[key]
    print("\n" + ", ".join(f"{key} {value}" for key, value in totals.items()))


if __name__ == "__main__":
    main()
