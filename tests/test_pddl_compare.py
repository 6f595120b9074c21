"""`compare pddl` on IPC folder layouts and `report`'s IPC scores (coverage, quality, agile time)."""

from __future__ import annotations

import csv
import json
import math
import re
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

from puzzleplan.app.cli import main
from puzzleplan.common.errors import InputError
from puzzleplan.experiments.compare import PDDL_PLANNERS
from puzzleplan.experiments.ipc_scores import log_score, read_optimal_costs, run_scores
from puzzleplan.experiments.pddl_tasks import domain_for, folder_tasks, pddl_tasks
from puzzleplan.experiments.report import summary_records

DOMAIN = """(define (domain lamps)
  (:requirements :strips :typing :action-costs)
  (:types lamp)
  (:predicates (on ?l - lamp) (wired ?l - lamp))
  (:functions (total-cost) - number)
  (:action wire :parameters (?l - lamp) :precondition (and) :effect (and (wired ?l) (increase (total-cost) 2)))
  (:action switch :parameters (?l - lamp) :precondition (wired ?l) :effect (and (on ?l) (increase (total-cost) 1))))
"""


def problem(name: str, lamps: int) -> str:
    objects = " ".join(f"l{number}" for number in range(lamps))
    goal = " ".join(f"(on l{number})" for number in range(lamps))
    return (
        f"(define (problem {name}) (:domain lamps) (:objects {objects} - lamp)\n"
        f"  (:init (= (total-cost) 0)) (:goal (and {goal})) (:metric minimize (total-cost)))\n"
    )


@pytest.mark.parametrize(
    "files, problem_name, domain_name",
    [
        (["domain.pddl", "p01.pddl", "p02.pddl"], "p01.pddl", "domain.pddl"),
        (["p01-domain.pddl", "p01.pddl", "p02-domain.pddl", "p02.pddl"], "p02.pddl", "p02-domain.pddl"),
        (["domain_p01.pddl", "p01.pddl"], "p01.pddl", "domain_p01.pddl"),
        (["p01-domain.pddl", "p01-airport1-p1.pddl"], "p01-airport1-p1.pddl", "p01-domain.pddl"),
    ],
)
def test_ipc_layouts(tmp_path, files, problem_name, domain_name):
    for name in files:
        (tmp_path / name).write_text("")
    assert domain_for(tmp_path / problem_name) == tmp_path / domain_name
    assert all(not problem.name.startswith("domain") for _, problem in folder_tasks(tmp_path))


def test_a_problem_without_a_domain_is_bad_input(tmp_path):
    (tmp_path / "p01.pddl").write_text("")
    with pytest.raises(InputError, match="no domain file"):
        domain_for(tmp_path / "p01.pddl")
    with pytest.raises(InputError, match="folders only"):
        pddl_tasks([str(tmp_path), str(tmp_path / "p01.pddl")])


def test_tasks_are_checked_before_anything_runs(tmp_path):
    (tmp_path / "domain.pddl").write_text(DOMAIN.replace(":action-costs", ""))
    (tmp_path / "p01.pddl").write_text(problem("p01", 1))
    assert [task[2].name for task in pddl_tasks([str(tmp_path)])] == ["p01.pddl"]  # read with a warning
    with pytest.raises(InputError, match=":action-costs") as caught:
        pddl_tasks([str(tmp_path)], strict=True)
    assert caught.value.source == str(tmp_path / "domain.pddl")
    (tmp_path / "domain.pddl").write_text(DOMAIN.replace(":action-costs", ":action-costs :teleportation"))
    with pytest.raises(InputError, match="unknown requirement :teleportation"):
        pddl_tasks([str(tmp_path)])


def test_the_agile_time_score_is_labs_log_score():
    assert log_score(0.2, 1, 300) == 1 and log_score(300, 1, 300) == 0 and log_score(900, 1, 300) == 0
    assert math.isclose(log_score(math.sqrt(300), 1, 300), 0.5)
    solved = {"status": "solved", "valid": True, "cost": 4, "timeout": 100, "time": {"total": 10.0}}
    assert run_scores(solved, 3) == (1.0, 0.75, 0.5)
    assert run_scores(dict(solved, valid=False), 3) == (0.0, 0.0, 0.0)
    assert run_scores({"status": "unsolvable", "timeout": 100, "time": {"total": 1.0}}, None) == (0.0, 0.0, 1.0)


def test_optimal_costs_file(tmp_path):
    path = tmp_path / "optimal.txt"
    path.write_text("# known optima\nlamps/p01.pddl 3\nlamps p02.pddl 6 ; from the IPC results\n")
    assert read_optimal_costs(str(path)) == {"lamps/p01.pddl": 3.0, "lamps/p02.pddl": 6.0}
    path.write_text("lamps/p01.pddl three\n")
    with pytest.raises(InputError) as caught:
        read_optimal_costs(str(path))
    assert caught.value.line == 1


def test_compare_pddl_and_its_report(tmp_path, capsys):
    folder = tmp_path / "lamps"
    folder.mkdir()
    (folder / "domain.pddl").write_text(DOMAIN)
    for number in (1, 2):
        (folder / f"p0{number}.pddl").write_text(problem(f"p0{number}", number))
    out = tmp_path / "out"
    command = ["compare", "pddl", str(folder), "--timeout", "30", "--jobs", "2"]  # the PDDL planners by default
    assert main([*command, "--out", str(out)]) == 0
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert sorted({row["planner"] for row in rows}) == sorted(PDDL_PLANNERS) == ["fd", "fd-opt", "pyperplan"]
    versions = {row["planner"]: row["planner_version"] for row in rows}
    assert re.fullmatch(r"Fast Downward \S+ \(revision [0-9a-f]+; up-fast-downward \S+\)", versions["fd"])
    assert versions["fd-opt"] == versions["fd"] and versions["pyperplan"] == f"pyperplan {version('pyperplan')}"
    by_run = {(row["instance"], row["planner"]): row for row in rows}
    assert by_run[("lamps/p02.pddl", "fd-opt")]["cost"] == 6 and by_run[("lamps/p02.pddl", "fd-opt")]["valid"]
    assert by_run[("lamps/p01.pddl", "pyperplan")]["status"] == "unsupported"  # it has no action costs
    plan = out / by_run[("lamps/p01.pddl", "fd")]["plan"]
    assert plan.read_text().splitlines()[-1] == "; cost = 3 (general cost)"
    assert main(["validate", str(folder / "domain.pddl"), str(folder / "p01.pddl"), str(plan)]) == 0
    assert main([*command, "--out", str(out), "--resume"]) == 0
    assert "6 runs, 6 already in" in capsys.readouterr().out
    optimal = tmp_path / "optimal.txt"
    optimal.write_text("lamps/p01.pddl 3\n")
    assert main(["report", str(out), "--optimal-costs", str(optimal)]) == 0
    report = Path(out / "report.md").read_text()
    scores = r"\| lamps \| 2 \| 2 / 2\.00 / [0-2]\.\d\d \| 2 / 2\.00 / [0-2]\.\d\d \| 0 / 0\.00 / 0\.00 \|"
    assert re.search(scores, report)  # agile 2.00 when both runs end within 1 s (not so on a loaded machine)
    assert "| lamps/p01.pddl | 3 (file) | 3* | 3* | unsupported |" in report
    assert "| domain | problems | fd | fd-opt | pyperplan |" in report and "| puzzle " not in report
    assert "## Bugs" in report and "none: every optimal planner agrees" in report
    records = {(r["domain"], r["planner"]): r for r in csv.DictReader((out / "report.csv").open())}
    fd = records[("lamps", "fd")]
    assert (fd["ipc_coverage"], fd["ipc_quality"]) == ("2.0", "2.0") and float(fd["ipc_agile"]) > 0
    assert records[("all", "pyperplan")]["ipc_coverage"] == "0.0"
    costs = {r["problem"]: r for r in csv.DictReader((out / "costs.csv").open())}
    assert (costs["lamps/p02.pddl"]["optimum"], costs["lamps/p02.pddl"]["fd-opt"]) == ("6", "6")
    assert costs["lamps/p01.pddl"]["status:pyperplan"] == "unsupported" and costs["lamps/p01.pddl"]["pyperplan"] == ""
    both = [row for row in rows if row["planner"] != "pyperplan"]  # solved in common: cost sums
    sums = {(r["domain"], r["planner"]): r["cost_sum"] for r in summary_records(both)}
    assert sums[("lamps", "fd")] == sums[("all", "fd-opt")] == 9
    optimal.write_text("lamps/p01.pddl 4\nlamps/p02.pddl 6\n")  # a claimed optimum above the plans found
    assert main(["report", str(out), "--optimal-costs", str(optimal)]) == 0
    bugs = Path(out / "report.md").read_text().split("## Bugs")[1]
    for planner in ("fd", "fd-opt"):
        assert f"{planner}'s plan costs 3, below the optimum 4 the optimal costs file gives" in bugs
    assert "p02" not in bugs


def test_validate_optimal_compares_the_cost_with_fd_opt(tmp_path, capsys):
    (tmp_path / "domain.pddl").write_text(DOMAIN)
    (tmp_path / "p01.pddl").write_text(problem("p01", 1))
    (tmp_path / "plan").write_text("(wire l0)\n(wire l0)\n(switch l0)\n")
    files = [str(tmp_path / name) for name in ("domain.pddl", "p01.pddl", "plan")]
    assert main(["validate", *files, "--optimal"]) == 0
    assert "optimal: no, 5 cost where fd-opt finds 3" in capsys.readouterr().out
    assert main(["validate", *files, "--optimal", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["optimal"]["optimum"] == 3


def test_compare_pddl_on_a_dask_cluster_with_a_memory_limit(tmp_path):
    distributed = pytest.importorskip("distributed")
    (tmp_path / "domain.pddl").write_text(DOMAIN)
    (tmp_path / "p01.pddl").write_text(problem("p01", 2))
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, host="127.0.0.1", protocol="tcp", dashboard_address=None
    ) as cluster:
        words = ["compare", "pddl", str(tmp_path / "domain.pddl"), str(tmp_path / "p01.pddl"), "--planners", "fd"]
        assert (
            main([*words, "--memory", "2G", "--scheduler", cluster.scheduler_address, "--out", str(tmp_path / "o")])
            == 0
        )
    (row,) = [json.loads(line) for line in (tmp_path / "o" / "results.jsonl").read_text().splitlines()]
    assert row["puzzle"] == "lamps" and row["instance"] == "lamps/p01.pddl" and row["memory_mb"] == 2048
    assert row["status"] == "solved" and row["valid"] and row["cost"] == 6 and row["peak_memory_mb"] > 0


def test_planner_versions_name_the_package_that_runs():
    from puzzleplan.api.runs import planner_version

    ours = f"puzzleplan {version('puzzleplan')}"
    assert planner_version("native-astar") == planner_version("graphplan") == planner_version("up:graphplan") == ours
    assert planner_version("fd:astar(blind())") == planner_version("fd-opt")
    up = version("unified-planning")
    for engine, package in (("symk-opt", "up-symk"), ("fast-downward-opt", "up-fast-downward"), ("enhsp", "up-enhsp")):
        try:
            expected = f"{package} {version(package)}; unified-planning {up}"
        except PackageNotFoundError:
            continue  # the engine is not installed here
        assert planner_version(f"up:{engine}") == expected
