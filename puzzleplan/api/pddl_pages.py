"""The plan viewer for plain PDDL written to a file: `validate DOMAIN PROBLEM PLAN --animate page.html` and
`plan DOMAIN PROBLEM --animate page.html` write it, as `puzzleplan.write_pddl_plan_page` does (the page
itself: puzzleplan.api.pddl_files.pddl_plan_page; in a notebook, the `_repr_html_` of PddlReport and
PddlPlanVerdict)."""

from __future__ import annotations

from pathlib import Path

from puzzleplan.api.pddl_files import PlanInput, pddl_plan_page
from puzzleplan.common.errors import InputError
from puzzleplan.common.files import write_file

__all__ = ["PlanInput", "write_pddl_plan_page"]


def write_pddl_plan_page(
    domain: str | Path, problem: str | Path, plan: PlanInput, out: str | Path, title: str | None = None
) -> Path:
    """Write the viewer page of a plan (a plan file's path, or ground actions) for PDDL files to `out` (a
    .html file) and return its path; InputError for bad files or another suffix."""
    path = Path(out)
    if path.suffix.lower() not in (".html", ".htm"):
        raise InputError(f"{out}: the PDDL plan viewer writes an HTML page: name it FILE.html", "command line")
    write_file(path, pddl_plan_page(domain, problem, plan, title))
    return path
