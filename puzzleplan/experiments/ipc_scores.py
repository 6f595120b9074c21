"""IPC scores of `compare pddl` runs, as Lab (aibasel/lab) computes them, per domain and in total.

- coverage: 1 for a task solved with a plan that validates;
- quality: the best known cost of the task (the known optimum when a file gives it, else the cheapest valid
  plan any run found) divided by the run's cost; 0 when unsolved;
- agile time score: 1 for a run that ends (solved, or unsolvable proven) within 1 s, 0 at the time limit or
  unsolved, and 1 - log(t) / log(limit) between (Lab's compute_log_score with bounds 1 s and the limit;
  the IPC's agile track uses the same with a 300 s limit).

The cost table marks each run's cost as optimal when it equals a known optimum (from the file, or found
by a planner that proves optimality) and flags a cost below a claimed optimum as a bug.
"""

from __future__ import annotations

import math
from typing import Any

from puzzleplan.common.errors import InputError
from puzzleplan.common.files import read_file
from puzzleplan.experiments.results import Grid, is_solved, outcome, seconds

COST = "cost"
"""The measure of PDDL tasks' rows."""


def read_optimal_costs(path: str) -> dict[str, float]:
    """Known optimal costs: lines `DOMAIN/PROBLEM COST` (the instance as the report names it) or
    `DOMAIN PROBLEM COST`; `#` and `;` start comments."""
    known: dict[str, float] = {}
    for number, raw in enumerate(read_file(path).splitlines(), start=1):
        words = raw.split("#", 1)[0].split(";", 1)[0].split()
        if words:
            known["/".join(words[:-1])] = _line_cost(words, path, number)
    return known


def _line_cost(words: list[str], path: str, number: int) -> float:
    """The cost a line of the optimal-costs file gives; bad input unless it is 2 or 3 words ending in a cost."""
    try:
        cost = float(words[-1])
    except ValueError:
        cost = math.nan
    if len(words) not in (2, 3) or not math.isfinite(cost) or cost < 0:
        raise InputError(
            "expected DOMAIN/PROBLEM COST or DOMAIN PROBLEM COST, such as 'depot/p01.pddl 10'", path, number
        )
    return cost


def log_score(value: float, lower: float, upper: float) -> float:
    """1 at or below `lower`, 0 at or above `upper`, logarithmic between."""
    if upper <= lower:
        return 1.0 if value <= lower else 0.0
    value = min(max(value, lower), upper)
    return (math.log(value) - math.log(upper)) / (math.log(lower) - math.log(upper))


def pddl_domains(grid: Grid) -> list[str]:
    """The groups of the grid that hold PDDL tasks (their rows are measured in cost)."""
    return [
        name
        for name in grid.puzzles
        if any(row.get("measure") == COST for _, _, rows in grid.runs(name) for row in rows.values())
    ]


def optimum(rows: dict[str, dict[str, Any]], known: float | None) -> float | None:
    """A task's known optimal cost: from the file, else the cost of a solved run that claims optimality."""
    if known is not None:
        return known
    return min(_found_costs(rows, claimed_optimal=True), default=None)


def best_cost(rows: dict[str, dict[str, Any]], known: float | None) -> float | None:
    """The best known cost of a task: the known optimum, else the cheapest valid plan found."""
    return min(_found_costs(rows) + ([known] if known is not None else []), default=None)


def _found_costs(rows: dict[str, dict[str, Any]], claimed_optimal: bool = False) -> list[float]:
    """The costs of a task's valid plans (with `claimed_optimal`, only of those claimed optimal)."""
    found = [row for row in rows.values() if is_solved(row) and row.get(COST) is not None]
    return [row[COST] for row in found if row.get("optimal") or not claimed_optimal]


def run_scores(row: dict[str, Any] | None, best: float | None) -> tuple[float, float, float]:
    """(coverage, quality, agile time score) of one run."""
    if row is None:
        return 0.0, 0.0, 0.0
    solved = is_solved(row)
    ends = solved or row.get("status") == "unsolvable"
    limit = float(row.get("timeout") or 300.0)
    agile = log_score(seconds(row), 1.0, limit) if ends else 0.0
    return float(solved), _quality(row, best) if solved else 0.0, agile


def _quality(row: dict[str, Any], best: float | None) -> float:
    """A solved run's quality score: the best known cost over its cost (1 for a free plan; 0 when unknown)."""
    cost = row.get(COST)
    if cost is None or best is None:
        return 0.0
    return 1.0 if cost == 0 else best / cost


def score_tables(rows: list[dict[str, Any]], known: dict[str, float] | None = None) -> list[dict[str, Any]]:
    """The IPC score table (coverage, quality, agile per domain and planner, and in total) and the cost table
    of PDDL runs, as report.Table's fields; none when the results hold no PDDL task."""
    grid, known = Grid.of(rows), known or {}
    domains = pddl_domains(grid)
    if not domains:
        return []
    scores = dict(
        title="IPC scores: coverage / quality (best known cost / cost) / agile time (1 - log t / log limit)",
        headers=["domain", "tasks"] + grid.planners,
        rows=_score_rows(grid, domains, known),
        note="summed over tasks; a run scores 0 unless it ends with a plan that validates (agile: or proves "
        "the task unsolvable)",
    )
    return [scores, cost_table(grid, domains, known)]


def _score_rows(grid: Grid, domains: list[str], known: dict[str, float]) -> list[list[str]]:
    """The rows of the IPC score table: per domain its task count and each planner's summed scores, then all."""
    totals = {planner: [0.0, 0.0, 0.0] for planner in grid.planners}
    score_rows = []
    for domain in domains:
        sums = _domain_scores(grid, domain, known, totals)
        score_rows.append([domain, str(len(grid.instances[domain]))] + [_triple(sums[name]) for name in grid.planners])
    count = sum(len(grid.instances[name]) for name in domains)
    return score_rows + [["all", str(count)] + [_triple(totals[name]) for name in grid.planners]]


def _domain_scores(
    grid: Grid, domain: str, known: dict[str, float], totals: dict[str, list[float]]
) -> dict[str, list[float]]:
    """Each planner's scores summed over the domain's tasks (added to `totals` as well)."""
    sums = {planner: [0.0, 0.0, 0.0] for planner in grid.planners}
    for _, instance, runs in grid.runs(domain):
        best = best_cost(runs, known.get(instance))
        for planner in grid.planners:
            for index, value in enumerate(run_scores(runs.get(planner), best)):
                sums[planner][index] += value
                totals[planner][index] += value
    return sums


def planner_scores(grid: Grid, domains: list[str], known: dict[str, float]) -> dict[str, tuple[float, float, float]]:
    """Each planner's (coverage, quality, agile) summed over the tasks of the given PDDL domains."""
    totals = {planner: [0.0, 0.0, 0.0] for planner in grid.planners}
    for domain in domains:
        _domain_scores(grid, domain, known, totals)
    return {planner: (values[0], values[1], values[2]) for planner, values in totals.items()}


def cost_records(grid: Grid, known: dict[str, float]) -> list[dict[str, Any]]:
    """costs.csv: one record per PDDL task, its known optimum and each planner's cost (empty without a valid
    plan; a planner's outcome in `status:PLANNER` when it found none)."""
    records = []
    for domain in pddl_domains(grid):
        for _, instance, runs in grid.runs(domain):
            best = optimum(runs, known.get(instance))
            record: dict[str, Any] = {"domain": domain, "problem": instance, "optimum": best}
            for planner in grid.planners:
                row = runs.get(planner)
                record[planner] = row.get(COST) if is_solved(row) and row else None
                record[f"status:{planner}"] = None if row is None else outcome(row)
            records.append(record)
    return records


def _triple(values: list[float]) -> str:
    """`3 / 2.85 / 1.92`."""
    return f"{values[0]:g} / {values[1]:.2f} / {values[2]:.2f}"


def cost_table(grid: Grid, domains: list[str], known: dict[str, float]) -> dict[str, Any]:
    """Per task: the known optimum and each planner's cost, `*` where it is cost-optimal; a cost below a
    claimed optimum is a bug (red)."""
    table_rows: list[list[str]] = []
    bugs: set[int] = set()
    for domain in domains:
        for _, instance, runs in grid.runs(domain):
            row, bug = _cost_row(grid.planners, instance, runs, known)
            if bug:
                bugs.add(len(table_rows))
            table_rows.append(row)
    return dict(
        title="Plan cost per task (* cost-optimal: equal to the known optimum)",
        headers=["task", "optimum"] + grid.planners,
        rows=table_rows,
        bugs=bugs,
        note="a red row has a plan cheaper than a claimed optimum: the optimal planner (or the file) is wrong"
        if bugs
        else "",
    )


def _cost_row(
    planners: list[str], instance: str, runs: dict[str, dict[str, Any]], known: dict[str, float]
) -> tuple[list[str], bool]:
    """A task's row of the cost table, and whether a plan in it is cheaper than the claimed optimum."""
    best = optimum(runs, known.get(instance))
    cells = [_cost_cell(runs.get(planner), best) for planner in planners]
    row = [instance, _optimum_cell(best, instance in known)] + [cell for cell, _ in cells]
    return row, any(cheaper for _, cheaper in cells)


def _optimum_cell(best: float | None, from_file: bool) -> str:
    """The optimum column: the best known cost, `(file)` when the optimal-costs file gave it, `?` if unknown."""
    return "?" if best is None else _number(best) + (" (file)" if from_file else "")


def _cost_cell(row: dict[str, Any] | None, best: float | None) -> tuple[str, bool]:
    """A planner's cell of the cost table (`-` when it did not run, its status when it found no plan, `*`
    after a cost-optimal cost) and whether its cost is below the optimum."""
    if row is None:
        return "-", False
    cost = row.get(COST) if is_solved(row) else None
    if cost is None:
        return ("-" if is_solved(row) else row.get("status", "-")), False
    if best is None:
        return _number(cost), False
    return f"{_number(cost)}{'*' if cost == best else ''}", cost < best


def _number(value: float) -> str:
    """A cost without a needless fraction."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
