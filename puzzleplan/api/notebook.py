"""How a report and a verdict show themselves in a notebook (Jupyter calls _repr_html_): a report as its figures
with the plan player (and the search player when the run was traced), a verdict as valid or why not. An
instance shows itself with html_pieces.instance_html."""

from __future__ import annotations

from html import escape
from typing import Any

from puzzleplan.api.html_pieces import table
from puzzleplan.api.instance import Instance
from puzzleplan.api.watching import framed, search_html, watchable
from puzzleplan.common.errors import InputError
from puzzleplan.planners.base import Status
from puzzleplan.translator.registry import get_puzzle

PLAYER_HEIGHT = 760
"""Pixels high the plan player is shown in a notebook."""


def report_html(report: Any) -> str:
    """A report (puzzleplan.Report): its figures, its message, the plan player of a solved run and the
    search player of a traced one."""
    rows = {
        "planner": report.planner,
        "status": report.status.value,
        "optimal": report.optimal if report.status is Status.SOLVED else None,
        "length": report.length,
        "valid": report.valid,
        "expanded": report.expanded,
        "seconds": round(report.time.get("total", 0.0), 3),
    }
    parts = [table(rows, f"{report.puzzle} {report.instance}")]
    if report.message:
        parts.append(f"<p>{escape(report.message)}</p>")
    inst = None if report.data is None else Instance(get_puzzle(report.puzzle), report.data, report.instance)
    if inst is not None and report.status is Status.SOLVED and report.states:
        parts.append(framed(_plan_page(inst, report), PLAYER_HEIGHT))
    if inst is not None and watchable(report.trace):
        parts.append(framed(search_html(inst, [report.trace])))
    return "".join(parts)


def _plan_page(inst: Instance, report: Any) -> str:
    """The plan player page of a solved report ('' when the puzzle has no drawing)."""
    from puzzleplan.pictures.drawings import drawer_of
    from puzzleplan.pictures.player import player_page

    try:
        drawing = drawer_of(inst.puzzle)
    except InputError:
        return ""
    scenes = drawing.scenes(inst.data, report.moves, report.states)
    summary = f"{report.planner}: {report.length} moves, " + ("VALID" if report.valid else "INVALID")
    moves = [inst.format_move(move) for move in report.moves]
    return player_page(scenes, moves, f"{inst.name}: {inst.label}", summary)


def verdict_html(verdict: Any) -> str:
    """A verdict (puzzleplan.Verdict): valid or not, and why not: the first bad move and the state before it."""
    rows = {
        "plan": verdict.plan,
        "read as": verdict.notation,
        "verdict": "VALID" if verdict.valid else "INVALID",
        "moves": len(verdict.moves),
        "first bad move": verdict.failed_at,
        "why": verdict.reason or None,
    }
    where = f"the state before move {verdict.failed_at}" if verdict.failed_at else "the state the plan ends in"
    state = f"<p>{where}:</p><pre>{escape(verdict.state_text)}</pre>" if verdict.state_text else ""
    return table(rows, f"{verdict.puzzle} {verdict.instance}") + state
