"""Plots of compare results with matplotlib's object API (no pyplot state): a cactus plot and a time
scatter for two planners. matplotlib is imported only when a plot is drawn."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from puzzleplan.common.errors import InputError
from puzzleplan.experiments.results import MIN_TIME, Grid, is_solved, latest, seconds


def _figure():
    """A matplotlib Figure and its axes, without pyplot's global state."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7, 4.5), layout="constrained")
    return figure, figure.add_subplot()


def _limit(rows: list[dict[str, Any]]) -> float:
    """The largest timeout of the runs."""
    return max((float(r.get("timeout") or 0) for r in rows), default=0.0) or 1.0


def _lowest(rows: list[dict[str, Any]]) -> float:
    """Where time axes start: half the fastest solved run's time, at least MIN_TIME."""
    return max(MIN_TIME, min((seconds(r) for r in rows if is_solved(r)), default=1.0) / 2)


def cactus_plot(rows: list[dict[str, Any]], path: Path) -> Path:
    """Instances solved (y) within a time (x, log) per planner."""
    grid = Grid.of(rows)
    rows = latest(rows)
    lowest = _lowest(rows)
    figure, axes = _figure()
    for planner in grid.planners:
        times = _solved_times(rows, planner, lowest)
        if times:
            axes.step([lowest] + times, range(len(times) + 1), where="post", label=f"{planner} ({len(times)})")
    limit = _limit(rows)
    axes.axvline(limit, color="grey", linestyle=":", label=f"timeout {limit:g}s")
    axes.set_xscale("log")
    axes.set_xlabel("time per instance (s, log scale)")
    axes.set_ylabel("instances solved")
    axes.set_title(
        f"Cactus plot: {sum(len(v) for v in grid.instances.values())} instances, {len(grid.puzzles)} puzzles"
    )
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(loc="lower right", fontsize="small")
    figure.savefig(path, dpi=110)
    return path


def _solved_times(rows: list[dict[str, Any]], planner: str, lowest: float) -> list[float]:
    """The times of a planner's solved runs, in increasing order, at least `lowest`."""
    return sorted(max(seconds(r), lowest) for r in rows if r["planner"] == planner and is_solved(r))


def scatter_plot(rows: list[dict[str, Any]], first: str, second: str, path: Path) -> Path:
    """Time of `first` (x) against `second` (y) per instance; unsolved runs drawn on the `unsolved` line."""
    grid = Grid.of(rows)
    _check_ran(grid, first, second)
    limit, lowest = _limit(latest(rows)), _lowest(latest(rows))
    failed = limit * 2
    figure, axes = _figure()
    colours = iter(["tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple", "tab:brown"] * 10)
    for puzzle in grid.puzzles:
        points = _scatter_points(grid, puzzle, first, second, failed, lowest)
        if points:
            axes.scatter(*zip(*points), label=f"{puzzle} ({len(points)})", color=next(colours), alpha=0.7)
    axes.plot([lowest, failed], [lowest, failed], color="grey", linewidth=0.8)
    for line in (axes.axhline, axes.axvline):
        line(failed, color="grey", linestyle="--", linewidth=0.8)
    axes.text(lowest * 1.2, failed * 1.1, "unsolved", fontsize="small", color="grey")
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlim(lowest / 1.5, failed * 1.6)
    axes.set_ylim(lowest / 1.5, failed * 1.6)
    axes.set_xlabel(f"{first}: time (s)")
    axes.set_ylabel(f"{second}: time (s)")
    axes.set_title(f"{first} vs {second}: below the diagonal {second} is faster")
    if axes.get_legend_handles_labels()[0]:
        axes.legend(loc="lower right", fontsize="small")
    figure.savefig(path, dpi=110)
    return path


def _check_ran(grid: Grid, first: str, second: str) -> None:
    """InputError unless both planners of a scatter plot have results."""
    missing = [p for p in (first, second) if p not in grid.planners]
    if missing:
        raise InputError(
            f"no results for planner {missing[0]!r}; planners in the results: {', '.join(grid.planners)}",
            "command line",
        )


def _scatter_points(
    grid: Grid, puzzle: str, first: str, second: str, failed: float, lowest: float
) -> list[tuple[float, float]]:
    """The (first's time, second's time) of each instance of a puzzle both ran and either solved."""
    return [
        (_point(rows[first], failed, lowest), _point(rows[second], failed, lowest))
        for _, _, rows in grid.runs(puzzle)
        if first in rows and second in rows and (is_solved(rows[first]) or is_solved(rows[second]))
    ]


def _point(row: dict[str, Any], failed: float, lowest: float) -> float:
    """A run's time on the scatter plot; unsolved runs on the `failed` line."""
    return max(seconds(row), lowest) if is_solved(row) else failed


def scatter_name(first: str, second: str) -> str:
    """The file name of a scatter plot (planner names made file-safe)."""
    safe = [re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_") for name in (first, second)]
    return f"scatter-{safe[0]}-vs-{safe[1]}.png"
