"""Rows of a compare experiment's results.jsonl: the last row per run, its outcome and time, and the rows
arranged by puzzle, instance and planner (Grid), for the tables (report) and
plots (plots)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

STATUSES = ("solved", "unsolvable", "timeout", "memout", "unsupported", "error", "invalid")
MIN_TIME = 0.001
"""Times below a millisecond count as a millisecond in geometric means and on log axes."""


_NUMBER = (int, float)
FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "puzzle": (str,),
    "instance": (str,),
    "planner": (str,),
    "status": (str,),
    "time": (dict,),
    "length": (int, type(None)),
    "valid": (bool, type(None)),
    "optimal": (bool, type(None)),
    "expanded": (int, type(None)),
    "steps": (int, type(None)),
    "cost": (*_NUMBER, type(None)),
    "timeout": (*_NUMBER, type(None)),
    "memory_mb": (int, type(None)),
    "peak_memory_mb": (*_NUMBER, type(None)),
    "plan": (str, list, type(None)),
    "file": (str, type(None)),
    "level": (str, type(None)),
    "domain": (str, type(None)),
    "message": (str, type(None)),
}
"""The JSON types of a results row's fields that the report reads (other fields are not read)."""


def row_problem(row: Any) -> str:
    """What is wrong with a results row's shape ('' when nothing): not an object, a missing name, a field of
    the wrong JSON type, a time that is not a number."""
    if not isinstance(row, dict):
        return "expected a JSON object"
    missing = [key for key in ("puzzle", "instance", "planner") if key not in row]
    if missing:
        return f"expected the fields puzzle, instance and planner; {', '.join(missing)} missing"
    for key, types in FIELD_TYPES.items():
        value = row.get(key)
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            return f"the field {key!r} holds {type(value).__name__} {value!r:.40}, not {_names(types)}"
    times = row.get("time") or {}
    if not all(isinstance(value, _NUMBER) and not isinstance(value, bool) for value in times.values()):
        return "the field 'time' must map phases to numbers of seconds"
    return ""


def _names(types: tuple[type, ...]) -> str:
    """JSON names of Python types: `a string or null`."""
    json_names = {str: "a string", int: "a whole number", float: "a number", bool: "true or false"}
    json_names |= {dict: "an object", list: "a list", type(None): "null"}
    return " or ".join(dict.fromkeys(json_names[kind] for kind in types))


def latest(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per (puzzle, instance, planner): the last one written."""
    by_key = {(r["puzzle"], r["instance"], r["planner"]): r for r in rows}
    return list(by_key.values())


def outcome(row: dict[str, Any]) -> str:
    """The row's status, with a solved plan that does not replay counted as `invalid`."""
    if row.get("status") == "solved" and row.get("valid") is False:
        return "invalid"
    return str(row.get("status"))


def is_solved(row: dict[str, Any] | None) -> bool:
    """Solved with a plan that replays."""
    return row is not None and outcome(row) == "solved"


def seconds(row: dict[str, Any]) -> float:
    """The run's time: the pipeline's total, or the wall time of a killed run."""
    times = row.get("time") or {}
    return float(times.get("total", times.get("wall", 0.0)))


def geometric_mean(values: list[float]) -> float:
    """Geometric mean of times clamped to MIN_TIME (NaN for none)."""
    if not values:
        return math.nan
    return math.exp(sum(math.log(max(v, MIN_TIME)) for v in values) / len(values))


@dataclass
class Grid:
    """The results arranged by puzzle, instance and planner, in the order they first appear."""

    puzzles: list[str] = field(default_factory=list)
    planners: list[str] = field(default_factory=list)
    instances: dict[str, list[str]] = field(default_factory=dict)
    cell: dict[tuple[str, str], dict[str, dict[str, Any]]] = field(default_factory=dict)

    @classmethod
    def of(cls, rows: Iterable[dict[str, Any]]) -> Grid:
        """Arrange rows (the last row per run wins)."""
        grid = cls()
        for row in latest(rows):
            puzzle, instance, planner = row["puzzle"], row["instance"], row["planner"]
            if puzzle not in grid.instances:
                grid.puzzles.append(puzzle)
                grid.instances[puzzle] = []
            if (puzzle, instance) not in grid.cell:
                grid.instances[puzzle].append(instance)
                grid.cell[(puzzle, instance)] = {}
            if planner not in grid.planners:
                grid.planners.append(planner)
            grid.cell[(puzzle, instance)][planner] = row
        grid.puzzles.sort()
        grid.planners.sort()
        return grid

    def runs(self, puzzle: str | None = None) -> Iterable[tuple[str, str, dict[str, dict[str, Any]]]]:
        """(puzzle, instance, rows by planner) for one puzzle or all."""
        for name in [puzzle] if puzzle else self.puzzles:
            for instance in self.instances[name]:
                yield name, instance, self.cell[(name, instance)]

    def common(self, puzzle: str | None = None) -> list[dict[str, dict[str, Any]]]:
        """Rows by planner of the instances that every planner run on that puzzle solved."""
        return [rows for name in ([puzzle] if puzzle else self.puzzles) for rows in self._solved_by_all(name)]

    def _solved_by_all(self, puzzle: str) -> list[dict[str, dict[str, Any]]]:
        """Rows by planner of the puzzle's instances that every planner run on the puzzle solved."""
        planners = self._ran(puzzle)
        return [rows for _, _, rows in self.runs(puzzle) if all(is_solved(rows.get(p)) for p in planners)]

    def _ran(self, puzzle: str | None) -> set[str]:
        """The planners that ran on a puzzle (on any, for None)."""
        return {p for _, _, rows in self.runs(puzzle) for p in rows}

    def planners_of(self, puzzle: str | None) -> list[str]:
        """The planners that ran on a puzzle (all planners for None)."""
        ran = self._ran(puzzle)
        return [p for p in self.planners if p in ran]
