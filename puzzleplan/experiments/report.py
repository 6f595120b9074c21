"""Tables and plots from compare results: coverage, time over commonly solved instances, plan lengths, bugs.

Tables are plain data (Table) rendered four ways: a rich terminal table, Markdown, HTML and CSV; the plots
come from puzzleplan.experiments.plots and the rows' helpers from puzzleplan.experiments.results.
The time of a run is the pipeline's `total` (translate + plan + decode + replay, inside the run's process),
or its wall time when the run was killed; geometric means clamp times to at least 1 ms.
"""

from __future__ import annotations

import csv
import html
import io
import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzleplan.common.errors import InputError
from puzzleplan.experiments.ipc_scores import COST, cost_records, pddl_domains, planner_scores, score_tables
from puzzleplan.experiments.plots import cactus_plot, scatter_name, scatter_plot
from puzzleplan.experiments.results import STATUSES, Grid, geometric_mean, is_solved, outcome, seconds


# -- tables ---------------------------------------------------------------------------------------------
@dataclass
class Table:
    """A titled table of strings; rows whose index is in `bugs` are shown in red."""

    title: str
    headers: list[str]
    rows: list[list[str]]
    bugs: set[int] = field(default_factory=set)
    note: str = ""


def _time(value: float) -> str:
    """Seconds as text."""
    return "-" if math.isnan(value) else f"{value:.3f}"


def words(grid: Grid) -> tuple[str, str]:
    """What the tables call a group of runs and its members: domain and problems when every group is a PDDL
    domain, puzzle and instances when none is, `puzzle or domain` and instances for a mix."""
    pddl = set(pddl_domains(grid))
    if pddl and pddl == set(grid.puzzles):
        return "domain", "problems"
    return ("puzzle or domain" if pddl else "puzzle"), "instances"


def coverage_table(grid: Grid) -> Table:
    """Solved instances per puzzle and planner (a plan that does not replay is not solved)."""
    group, members = words(grid)
    rows = [
        [puzzle, str(len(grid.instances[puzzle]))] + [str(_solved_count(grid, puzzle, p)) for p in grid.planners]
        for puzzle in grid.puzzles
    ]
    totals = [sum(int(row[i]) for row in rows) for i in range(1, len(grid.planners) + 2)]
    rows.append(["all"] + [str(total) for total in totals])
    return Table(f"Coverage ({members} solved)", [group, members] + grid.planners, rows)


def _solved_count(grid: Grid, puzzle: str, planner: str) -> int:
    """How many instances of a puzzle a planner solved."""
    return sum(is_solved(rows.get(planner)) for _, _, rows in grid.runs(puzzle))


def _solved(rows: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """One instance's rows by planner, only those solved with a plan that replays."""
    return {planner: row for planner, row in rows.items() if is_solved(row)}


def _solved_lengths(rows: dict[str, dict[str, Any]]) -> dict[str, int]:
    """The plan length of every planner that solved one instance."""
    return {planner: row["length"] for planner, row in _solved(rows).items()}


def outcome_counts(grid: Grid, puzzle: str | None, planner: str) -> Counter:
    """How many runs of a planner ended in each outcome."""
    return Counter(outcome(rows[planner]) for _, _, rows in grid.runs(puzzle) if planner in rows)


def outcomes_table(grid: Grid) -> Table:
    """Every run's outcome, counted per planner."""
    rows = []
    for planner in grid.planners:
        counts = outcome_counts(grid, None, planner)
        rows.append([planner] + [str(counts[s]) for s in STATUSES])
    return Table("Outcomes of all runs", ["planner", *STATUSES], rows)


def common_figures(grid: Grid, puzzle: str | None) -> dict[str, dict[str, float]]:
    """Per planner, over the commonly solved instances: time sum, time geometric mean and length sum."""
    common = grid.common(puzzle)
    figures = {}
    for planner in grid.planners_of(puzzle):
        if not all(planner in rows for rows in common):
            continue  # over all puzzles: a planner that skipped a puzzle has no figure
        times = [seconds(rows[planner]) for rows in common]
        figures[planner] = {
            "common": len(common),
            "time_sum": sum(times),
            "time_geomean": geometric_mean(times),
            "length_sum": sum(rows[planner]["length"] for rows in common),
        }
        costs = [rows[planner].get(COST) for rows in common]
        if costs and all(cost is not None for cost in costs):
            figures[planner]["cost_sum"] = sum(costs)
    return figures


def common_table(grid: Grid, key: str, title: str, fmt=_time) -> Table:
    """One figure over commonly solved instances: rows are puzzles (and all), columns planners."""
    rows = []
    for puzzle in grid.puzzles + [None]:
        figures = common_figures(grid, puzzle)
        rows.append(
            [puzzle or "all", str(len(grid.common(puzzle)))]
            + [fmt(figures[p][key]) if key in figures.get(p, {}) else "-" for p in grid.planners]
        )
    return Table(title, [words(grid)[0], "common"] + grid.planners, rows)


def shortest_counts(grid: Grid, puzzle: str | None) -> Counter:
    """Per planner: the instances where its plan is as short as the shortest any planner found."""
    counts: Counter = Counter()
    for _, _, rows in grid.runs(puzzle):
        lengths = _solved_lengths(rows)
        best = min(lengths.values(), default=None)
        counts.update(p for p, length in lengths.items() if length == best)
    return counts


def length_table(grid: Grid) -> Table:
    """Pairwise plan lengths: on how many instances the row planner's plan is shorter than the column's."""
    shorter = _shorter_counts(grid)
    best = shortest_counts(grid, None)
    table = [
        [a, str(best[a])] + ["-" if a == b else str(shorter[(a, b)]) for b in grid.planners] for a in grid.planners
    ]
    return Table(
        "Plan length: instances where the row planner's plan is shorter than the column's",
        ["planner", "shortest found"] + [f"< {p}" for p in grid.planners],
        table,
    )


def _shorter_counts(grid: Grid) -> Counter:
    """Per pair of planners (a, b): the instances where a's plan is shorter than b's."""
    shorter: Counter = Counter()
    for _, _, rows in grid.runs():
        lengths = _solved_lengths(rows)
        shorter.update(
            (a, b) for a, length_a in lengths.items() for b, length_b in lengths.items() if length_a < length_b
        )
    return shorter


def find_bugs(grid: Grid, known: dict[str, float] | None = None) -> list[list[str]]:
    """Optimal planners that disagree on a length, plans that do not replay, wrong `unsolvable` claims, and
    every plan cheaper than an optimum claimed by a planner or by the `known` optimal costs (by instance)."""
    known = known or {}
    return [
        [puzzle, instance, problem]
        for puzzle, instance, rows in grid.runs()
        for problem in _instance_bugs(rows) + _below_known(rows, known.get(instance))
    ]


def _below_known(rows: dict[str, dict[str, Any]], optimum: float | None) -> list[str]:
    """Each valid plan cheaper than the optimal cost the --optimal-costs file claims for its task."""
    if optimum is None:
        return []
    costs = {p: row[COST] for p, row in _solved(rows).items() if row.get(COST) is not None}
    cheaper = sorted((p, cost) for p, cost in costs.items() if cost < optimum - 1e-9)
    return [
        f"{p}'s plan costs {cost:g}, below the optimum {optimum:g} the optimal costs file gives" for p, cost in cheaper
    ]


def _instance_bugs(rows: dict[str, dict[str, Any]]) -> list[str]:
    """The bugs of one instance's runs: refuted optimal claims, then plans that do not replay, then
    `unsolvable` claims of an instance that others solved."""
    outcomes = {planner: outcome(row) for planner, row in rows.items()}
    invalid = [
        f"{p}'s plan does not replay: {rows[p].get('message', '')}" for p, o in outcomes.items() if o == "invalid"
    ]
    solvers = ", ".join(sorted(_solved(rows)))
    wrong = [f"{p} says unsolvable but {solvers} solved it" for p, o in outcomes.items() if o == "unsolvable"]
    return _optimality_bugs(rows) + invalid + (wrong if solvers else [])


def _optimality_bugs(rows: dict[str, dict[str, Any]]) -> list[str]:
    """Optimal claims that another run refutes, each in its own measure: `optimal_measure` (or the
    puzzle's `measure`), compared on the plan length for moves or on the row's field of that name
    (Sokoban's `pushes`); a measure no row reports is not compared."""
    solved = _solved(rows)
    optimal = {p: r for p, r in solved.items() if r.get("optimal")}
    measures = sorted({_measure(r) for r in optimal.values()})
    return [problem for measure in measures if (problem := _refuted_in(measure, solved, optimal))]


def _refuted_in(measure: str, solved: dict[str, dict[str, Any]], optimal: dict[str, dict[str, Any]]) -> str | None:
    """What refutes the optimal claims in one measure, among one instance's solved rows (None if nothing)."""
    values = {p: value for p, r in solved.items() if (value := _measured(r, measure)) is not None}
    claims = {p: values[p] for p, r in optimal.items() if _measure(r) == measure and p in values}
    return _refuted_claim(claims, values, measure)


def _refuted_claim(claims: dict[str, int], values: dict[str, int], measure: str) -> str | None:
    """What refutes the optimal claims (planner -> plan length in `measure`) of one instance: claims that
    disagree, or a plan shorter than the claimed optimum; None when nothing does."""
    if len(set(claims.values())) > 1:
        listed = ", ".join(f"{p} {value}" for p, value in sorted(claims.items()))
        return f"optimal planners disagree on the plan length in {measure}: {listed}"
    if not claims:
        return None
    claimed = next(iter(claims.values()))
    shorter = sorted(p for p, value in values.items() if value < claimed)
    if not shorter:
        return None
    found = ", ".join(f"{p} found one of {values[p]:g}" for p in shorter)
    return f"{', '.join(sorted(claims))} claim an optimal plan of {claimed:g} {measure} but {found}"


def _measure(row: dict[str, Any]) -> str:
    """What a row's optimality is about: moves, pushes, ..."""
    return row.get("optimal_measure") or row.get("measure", "moves")


def _measured(row: dict[str, Any], measure: str) -> int | None:
    """A solved row's plan in a measure: its length for moves, else the row's field of that name."""
    return row["length"] if measure == "moves" else row.get(measure)


def bugs_table(grid: Grid, known: dict[str, float] | None = None) -> Table:
    """The bugs, every row red; a note when there are none."""
    bugs = find_bugs(grid, known)
    group, members = words(grid)
    return Table(
        "Bugs: disagreeing optimal planners, invalid plans, wrong unsolvable claims, plans below a claimed optimum",
        [group, members[:-1], "bug"],
        bugs,
        set(range(len(bugs))),
        "" if bugs else "none: every optimal planner agrees and every plan replays",
    )


def build_tables(rows: list[dict[str, Any]], optimal_costs: dict[str, float] | None = None) -> list[Table]:
    """Every table of the report (with the IPC scores and costs of PDDL tasks, given their known optimal
    costs by task)."""
    grid = Grid.of(rows)
    return [
        coverage_table(grid),
        *(Table(**fields) for fields in score_tables(rows, optimal_costs)),
        outcomes_table(grid),
        common_table(grid, "time_sum", "Time sum over commonly solved instances (s)"),
        common_table(grid, "time_geomean", "Time geometric mean over commonly solved instances (s)"),
        common_table(grid, "length_sum", "Plan length sum over commonly solved instances", str),
        *_cost_sum_tables(grid),
        length_table(grid),
        bugs_table(grid, optimal_costs),
    ]


def _cost_sum_tables(grid: Grid) -> list[Table]:
    """The plan cost sum over commonly solved problems, when the results hold PDDL tasks."""
    if not pddl_domains(grid):
        return []
    return [common_table(grid, "cost_sum", "Plan cost sum over commonly solved problems", lambda v: f"{v:g}")]


def summary_records(rows: list[dict[str, Any]], known: dict[str, float] | None = None) -> list[dict[str, Any]]:
    """The CSV records: one per (puzzle, planner) and per planner over all puzzles; for PDDL domains also
    the plan cost sum over commonly solved problems and the IPC scores summed (given the known optima)."""
    grid = Grid.of(rows)
    records = []
    domains = pddl_domains(grid)
    for puzzle in grid.puzzles + [None]:
        figures, shortest = common_figures(grid, puzzle), shortest_counts(grid, puzzle)
        scored = domains if puzzle is None else [name for name in domains if name == puzzle]
        scores = planner_scores(grid, scored, known or {}) if scored else {}
        for planner in grid.planners_of(puzzle):
            record = _summary_record(grid, puzzle, planner, figures, shortest)
            record.update(_score_fields(scores.get(planner)))
            records.append(record)
    return records


def _score_fields(scores: tuple[float, float, float] | None) -> dict[str, float]:
    """A CSV record's IPC scores: coverage, quality and agile, summed over the tasks (none for puzzles)."""
    if scores is None:
        return {}
    return {f"ipc_{name}": round(value, 4) for name, value in zip(("coverage", "quality", "agile"), scores)}


def _summary_record(
    grid: Grid, puzzle: str | None, planner: str, figures: dict[str, dict[str, float]], shortest: Counter
) -> dict[str, Any]:
    """The CSV record of one planner on one puzzle (None: all puzzles): outcomes, common figures, shortest."""
    counts = outcome_counts(grid, puzzle, planner)
    record: dict[str, Any] = {"puzzle": puzzle or "all", "planner": planner, "runs": sum(counts.values())}
    record.update({status: counts[status] for status in STATUSES})
    record.update(figures.get(planner, {}), shortest=shortest[planner])
    record.update({key: round(record[key], 4) for key in ("time_sum", "time_geomean") if key in record})
    if words(grid)[0] == "domain":
        record = {"domain": record.pop("puzzle"), **record}
    return record


# -- renderers ------------------------------------------------------------------------------------------
def column_groups(table: Table, width: int) -> list[list[int]]:
    """The table's columns after the first, in groups that fit in `width` characters each beside the
    first column (a wide table is printed as several, so no planner name is cut short)."""
    natural = [max(len(table.headers[i]), *(len(row[i]) for row in table.rows)) + 3 for i in range(len(table.headers))]
    groups: list[list[int]] = [[]]
    used = natural[0] + 1
    for column in range(1, len(table.headers)):
        if groups[-1] and used + natural[column] > width:
            groups.append([])
            used = natural[0] + 1
        groups[-1].append(column)
        used += natural[column]
    return groups


def print_tables(tables: list[Table], console=None) -> None:
    """Print the tables with rich, each split into as many tables as the terminal's width needs (the
    first column repeated); long cells wrap instead of being cut; bug rows in red."""
    from rich.console import Console

    console = console or Console()
    for table in tables:
        if table.rows:
            _print_table(console, table)
        else:
            console.print(f"[bold]{table.title}[/bold]: {table.note}")


def _print_table(console, table: Table) -> None:
    """Print one table with rows, in as many parts as the console's width needs, then its note."""
    groups = column_groups(table, console.width)
    for part, columns in enumerate(groups):
        title = table.title + (f" ({part + 1}/{len(groups)})" if len(groups) > 1 else "")
        console.print(f"[bold]{title}[/bold]")
        console.print(_rich_part(table, columns))
    if table.note:
        console.print(f"  {table.note}")


def _rich_part(table: Table, columns: list[int]):
    """The rich table of the first column and the given ones; long cells fold; bug rows in red."""
    from rich.table import Table as RichTable

    shown = RichTable()
    for number in [0, *columns]:
        shown.add_column(table.headers[number], justify="left" if number == 0 else "right", overflow="fold")
    for index, row in enumerate(table.rows):
        shown.add_row(row[0], *(row[c] for c in columns), style="bold red" if index in table.bugs else None)
    return shown


def to_markdown(tables: list[Table], images: list[str]) -> str:
    """The report as Markdown; bug rows in bold, marked BUG."""
    parts = ["# puzzleplan compare report\n"]
    for table in tables:
        parts += _markdown_table(table)
    parts += [f"![{name}]({name})\n" for name in images]
    return "\n".join(parts)


def _markdown_table(table: Table) -> list[str]:
    """The Markdown lines of one table: its title, its rows (bug rows marked) and its note."""
    parts = [f"## {table.title}\n"]
    if table.rows:
        parts.append("| " + " | ".join(table.headers) + " |")
        parts.append("|" + "|".join(["---"] + ["---:"] * (len(table.headers) - 1)) + "|")
        parts += [_markdown_row(row, index in table.bugs) for index, row in enumerate(table.rows)]
    if table.note:
        parts.append(("\n" if table.rows else "") + table.note)
    return parts + [""]


def _markdown_row(row: list[str], bug: bool) -> str:
    """One Markdown table row, in bold and marked BUG for a bug."""
    cells = [c.replace("|", "\\|") for c in row]
    if bug:
        cells = [f"**BUG** {cells[0]}"] + [f"**{c}**" for c in cells[1:]]
    return "| " + " | ".join(cells) + " |"


def to_html(tables: list[Table], images: list[str], animations: Iterable[dict[str, Any]] = ()) -> str:
    """The report as one HTML page; bug rows in red; a table linking each animated run to its page."""
    out = [
        "<!DOCTYPE html>",
        '<html><head><meta charset="utf-8"><title>puzzleplan compare report</title>',
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:1em}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}td:first-child,th:first-child"
        "{text-align:left}tr.bug td{color:#c00;font-weight:bold}</style></head><body>",
        "<h1>puzzleplan compare report</h1>",
    ]
    for table in tables:
        out += _html_table(table)
    out += [f'<p><img src="{html.escape(name)}" alt="{html.escape(name)}"></p>' for name in images]
    out += _animation_table(list(animations))
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _html_table(table: Table) -> list[str]:
    """The HTML lines of one table: its title, its rows (bug rows of class "bug") and its note."""
    out = [f"<h2>{html.escape(table.title)}</h2>"]
    if table.rows:
        out.append("<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in table.headers) + "</tr>")
        for index, row in enumerate(table.rows):
            css = ' class="bug"' if index in table.bugs else ""
            out.append(f"<tr{css}>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>")
        out.append("</table>")
    if table.note:
        out.append(f"<p>{html.escape(table.note)}</p>")
    return out


def _animation_table(animations: list[dict[str, Any]]) -> list[str]:
    """The HTML lines of the table of animated runs (none when there are none)."""
    if not animations:
        return []
    out = [
        "<h2>Animations</h2>",
        "<table><tr><th>puzzle</th><th>instance</th><th>planner</th><th>moves</th><th>plan</th></tr>",
    ]
    for run in animations:
        cells = [html.escape(str(run[key])) for key in ("puzzle", "instance", "planner", "length")]
        page = run.get("page")
        cells.append(f'<a href="{html.escape(page)}">play</a>' if page else html.escape(run.get("problem", "")))
        out.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    out.append("</table>")
    return out


def to_csv(records: list[dict[str, Any]]) -> str:
    """The per-(puzzle, planner) summary as CSV."""
    buffer = io.StringIO()
    if records:
        fields = list(dict.fromkeys(key for record in records for key in record))
        writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        writer.writerows(records)
    return buffer.getvalue()


def _first_pair(rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The scatter plot drawn when none was asked for: the first two planners, if there are two."""
    planners = Grid.of(rows).planners
    return [(planners[0], planners[1])] if len(planners) > 1 else []


REPORT_FILES = ("report.md", "report.csv", "report.html", "cactus.png")
"""The files `report` writes in every case (scatter plots and animations besides)."""
COSTS_FILE = "costs.csv"
"""The per-task costs `report` writes when the results hold PDDL tasks."""


def write_report(
    rows: list[dict[str, Any]],
    folder: Path,
    pairs: list[tuple[str, str]],
    tables: list[Table] | None = None,
    animations: Iterable[dict[str, Any]] = (),
    optimal_costs: dict[str, float] | None = None,
) -> list[Path]:
    """Write report.md, report.csv, report.html (linking the animated runs), cactus.png and the scatter plots,
    and costs.csv for PDDL tasks; the paths written."""
    if not rows:
        raise InputError("the results file holds no runs", str(folder))
    tables = tables if tables is not None else build_tables(rows, optimal_costs)
    images = [cactus_plot(rows, folder / REPORT_FILES[3])]
    images += [scatter_plot(rows, a, b, folder / scatter_name(a, b)) for a, b in pairs or _first_pair(rows)]
    names = [image.name for image in images]
    written = [folder / name for name in REPORT_FILES[:3]]
    written[0].write_text(to_markdown(tables, names))
    written[1].write_text(to_csv(summary_records(rows, optimal_costs)))
    costs = cost_records(Grid.of(rows), optimal_costs or {})
    if costs:
        written.append(folder / COSTS_FILE)
        written[-1].write_text(to_csv(costs))
    written[2].write_text(to_html(tables, names, animations))
    return written + images
