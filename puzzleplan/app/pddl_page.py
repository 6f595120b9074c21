"""`--animate FILE.html` of `validate DOMAIN PROBLEM PLAN` and `plan DOMAIN PROBLEM`: the page's name checked
before any work is done, the plan viewer page written (puzzleplan.api.pddl_pages), and a line saying where
it went (on standard error under --json, so that standard output stays one JSON object)."""

from __future__ import annotations

import sys
from pathlib import Path

from puzzleplan.api.pddl_pages import PlanInput, write_pddl_plan_page
from puzzleplan.common.errors import InputError
from puzzleplan.common.outputs import check_output_file


def check_page(path: str | None, inputs: list[str]) -> Path | None:
    """The --animate page to write (None without one); InputError for a name that is no .html file or a
    place it cannot be written."""
    if path is None:
        return None
    if Path(path).suffix.lower() not in (".html", ".htm"):
        raise InputError("for PDDL files --animate writes the plan viewer, an HTML page: name it FILE.html", str(path))
    return check_output_file(path, "plan viewer page", inputs)


def write_page(page: Path, domain: str, problem: str, plan: PlanInput, as_json: bool) -> None:
    """Write the plan viewer page and say where it went."""
    written = write_pddl_plan_page(domain, problem, plan, page)
    size = written.stat().st_size
    print(f"plan viewer: {written} ({size:,} bytes)", file=sys.stderr if as_json else sys.stdout)
