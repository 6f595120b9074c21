"""The plans of comparison runs: `compare` keeps each solved run's moves in DIR/plans/ (one native move a line,
as `validate` reads them) as the run finishes, and `report --animate` turns them into HTML players in
DIR/animations/ that report.html links to."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

from puzzleplan.api import write_plan
from puzzleplan.api.runs import move_lines
from puzzleplan.common.errors import InputError
from puzzleplan.common.files import write_file
from puzzleplan.common.outputs import prepare_output_folder

log = logging.getLogger(__name__)

PLANS = "plans"
ANIMATIONS = "animations"


def run_name(row: dict[str, Any]) -> str:
    """A file name for a run: its puzzle, instance and planner made file-safe, and a short digest that
    keeps runs whose names read the same apart."""
    import hashlib  # here: only compare's kept plans are named

    key = f"{row['puzzle']}|{row['instance']}|{row['planner']}"
    readable = re.sub(r"[^A-Za-z0-9.]+", "-", f"{row['puzzle']}-{Path(row['instance']).name}-{row['planner']}")
    return f"{readable.strip('-')[:80]}-{hashlib.sha1(key.encode()).hexdigest()[:8]}"


def keep_plan(row: dict[str, Any], folder: Path) -> dict[str, Any]:
    """The row without its moves; a solved run's moves go to folder/plans/NAME.txt (a PDDL task's plan to
    folder/plans/NAME.plan, an IPC plan file), which the row names."""
    if isinstance(row.get("plan"), list):
        return _keep_pddl_plan(row, folder)
    moves = row.pop("moves", None)
    if row.get("status") != "solved" or not moves:
        return row
    try:
        lines = move_lines(row["puzzle"], moves)
    except ValueError as error:
        _not_kept(row, error)
        return row
    return _with_plan_file(row, folder, ".txt", "".join(line + "\n" for line in lines))


def _keep_pddl_plan(row: dict[str, Any], folder: Path) -> dict[str, Any]:
    """The row of a PDDL task with its plan written to folder/plans/NAME.plan (with its cost line)."""
    steps = [(step[0], tuple(step[1:])) for step in row.pop("plan")]
    if row.get("status") != "solved":
        return row
    return _with_plan_file(
        row, folder, ".plan", write_plan(steps, row.get("cost") if row.get("action_costs") else None)
    )


def _with_plan_file(row: dict[str, Any], folder: Path, suffix: str, text: str) -> dict[str, Any]:
    """The row naming its plan, written to folder/plans/NAME plus suffix; the row as it was when the file
    cannot be written (the run's row is still written, only its plan is lost)."""
    path = Path(PLANS) / f"{run_name(row)}{suffix}"
    try:
        prepare_output_folder(str(folder / PLANS), "plans folder")
        write_file(folder / path, text)
    except InputError as error:
        _not_kept(row, error)
        return row
    return dict(row, plan=str(path))


def _not_kept(row: dict[str, Any], error: Exception) -> None:
    """Warn that a run's plan is not kept, and why."""
    log.warning("%s: the plan of %s is not kept: %s", row["instance"], row["planner"], error)


def animate_runs(rows: list[dict[str, Any]], folder: Path) -> list[dict[str, Any]]:
    """An HTML player in folder/animations/ for each solved run whose plan compare kept: per run its puzzle,
    instance, planner, length and the page's path inside the folder, or the problem that kept it from
    being made (its instance file moved, say)."""
    from puzzleplan.experiments.results import is_solved, latest

    drawn = [row for row in latest(rows) if is_solved(row) and row.get("plan") and not row.get("domain")]
    return [_animated_run(row, folder) for row in drawn]  # a PDDL task (its domain named) has no puzzle to draw


def _animated_run(row: dict[str, Any], folder: Path) -> dict[str, Any]:
    """One run's entry of animate_runs, its player page written (or the problem that kept it from being made)."""
    run = {key: row.get(key) for key in ("puzzle", "instance", "planner", "length")}
    try:
        run.update(page=_animate(row, folder), problem="")
    except InputError as error:
        log.warning("no animation of %s on %s: %s", row["planner"], row["instance"], error)
        run.update(page="", problem=str(error))
    return run


def animation_summary(runs: list[dict[str, Any]], folder: Path) -> str:
    """One line saying how many animations were written where, and how many could not be."""
    made = sum(bool(run["page"]) for run in runs)
    failed = f"; {len(runs) - made} could not be made (see report.html)" if made < len(runs) else ""
    return f"wrote {made} animations in {folder / ANIMATIONS}{failed}"


def _animate(row: dict[str, Any], folder: Path) -> str:
    """Write one run's player page; its path relative to the folder."""
    from puzzleplan.api import load, write_animation
    from puzzleplan.api.runs import replay_plan_file

    if not row.get("file"):
        raise InputError("the run's row does not name its instance file", row["instance"])
    plan = _inside(folder, row["plan"])
    inst = load(row["file"], puzzle=row["puzzle"], level=row.get("level") or None)
    moves, replay = replay_plan_file(inst, plan)
    page = Path(ANIMATIONS) / f"{Path(row['plan']).stem}.html"
    prepare_output_folder(str(folder / ANIMATIONS), "animations folder")
    verdict = "VALID" if replay.valid else f"INVALID: {replay.reason}"
    summary = f"{row['planner']}: {len(moves)} moves, {verdict}"
    title = f"{row['puzzle']}: {row['instance']}"
    write_animation(inst, moves, replay.states, folder / page, title=title, summary=summary)
    return str(page)


def _inside(folder: Path, name: str) -> Path:
    """The path of a file the results row names inside the results folder; InputError when the name leads
    out of it (`../../`, an absolute path, a link pointing elsewhere): a report reads only its own folder."""
    path = (folder / name).resolve()
    if not path.is_relative_to(folder.resolve() / PLANS):
        raise InputError(f"the run's plan {name!r} is not in the results folder's {PLANS}/ folder", str(folder))
    return path
