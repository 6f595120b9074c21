"""What runs when no planner is named (each puzzle's default, Fast Downward's lama-first for plain PDDL),
an optimal Fast Downward that runs an admissible configuration reading what the task uses instead of
refusing it, and the planner advisor on real tasks: a STRIPS one, one with conditional effects, one with
action costs and a puzzle file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli_contract import run

import puzzleplan
from puzzleplan.api import catalogue
from puzzleplan.common.limits import Limits
from puzzleplan.planners.registry import get_planner
from puzzleplan.translator.pddl.task import PddlTask

ROOT = Path(__file__).resolve().parent.parent
SOKOBAN = ROOT / "problems/sokoban/corridor.xsb"
FORKS = ROOT / "problems/pacman/forks.lay"
HANOI = (ROOT / "domains/hanoi.pddl", ROOT / "problems/hanoi/seed1.pddl")

SWITCHES = PddlTask(
    "switches",
    """(define (domain switches)
  (:requirements :strips :typing :conditional-effects)
  (:types lamp)
  (:predicates (on ?l - lamp) (wired ?l - lamp) (pressed))
  (:action press
    :parameters ()
    :precondition (and)
    :effect (and (pressed) (forall (?l - lamp) (when (wired ?l) (on ?l))))))
""",
    """(define (problem two) (:domain switches)
  (:objects a b c - lamp)
  (:init (wired a) (wired b))
  (:goal (and (on a) (on b) (pressed))))
""",
)
"""A task with conditional effects: one press lights the wired lamps."""


def ipc(shared_data: Path, folder: str, domain: str, problem: str) -> tuple[str, str]:
    """A domain and problem of ../shared/data/ipc (the test is skipped when they are absent)."""
    paths = shared_data / "ipc" / folder / domain, shared_data / "ipc" / folder / problem
    if not all(path.is_file() for path in paths):
        pytest.skip(f"{folder} is absent from ../shared/data/ipc")
    return str(paths[0]), str(paths[1])


# -- defaults --------------------------------------------------------------------------------------------
def test_each_puzzle_declares_its_default_and_list_shows_it(capsys):
    expected = {"pacman": "native-tsp", "tiles": "native-idastar:auto"}
    expected.update(dict.fromkeys(("sokoban", "sokoban-pushes"), "native-push-best"))
    for name in puzzleplan.puzzles():
        default = puzzleplan.default_planner(name)
        assert default == catalogue.describe(name).default_planner == expected.get(name, "native-astar")
        catalogue.check_planner(default)
    code, out, _ = run(capsys, "list")
    assert code == 0 and out.count("default: ") == len(puzzleplan.puzzles())
    assert "default: native-push-best" in out and "default: native-tsp" in out


def test_solve_without_a_planner_runs_the_puzzles_default_and_says_so(capsys):
    code, out, _ = run(capsys, "solve", str(FORKS), "--json")
    data = json.loads(out)
    assert code == 0 and (data["planner"], data["default_planner"], data["valid"]) == ("native-tsp", True, True)
    assert data["optimal"]
    code, out, _ = run(capsys, "solve", str(SOKOBAN))
    assert code == 0 and "with native-push-best (the default for sokoban): solved" in out
    code, out, _ = run(capsys, "solve", str(SOKOBAN), "--planner", "native-push-astar", "--json")
    assert "default_planner" not in json.loads(out)


def test_the_api_solves_with_the_default_and_the_tiles_default_is_astar_off_the_4x4_board():
    report = puzzleplan.solve(puzzleplan.load(SOKOBAN))
    assert (report.planner, report.extra["default_planner"], report.valid) == ("native-push-best", True, True)
    eight = puzzleplan.load(puzzle="tiles", text="init:\n8 7 6\n5 4 3\n2 1 X\n")
    report = puzzleplan.solve(eight, timeout=120)
    assert report.planner == "native-idastar:auto" and report.extra["heuristic"] == "manhattan+linear-conflicts"
    assert report.optimal and report.valid


def test_plain_pddl_without_a_planner_runs_lama_first(capsys):
    report = puzzleplan.plan(*HANOI)
    assert (report.planner, report.to_json()["default_planner"], report.check.valid) == ("fd", True, True)
    code, out, _ = run(capsys, "plan", *map(str, HANOI))
    assert code == 0 and "with fd (the default): solved" in out


def test_compare_runs_each_puzzles_default_when_asked_for_default():
    rows = puzzleplan.compare([puzzleplan.load(FORKS)], timeout=60)
    assert [(row["planner"], row["status"], row["valid"]) for row in rows] == [("default", "solved", True)]


# -- an optimal planner says no only when it must -----------------------------------------------------------
def test_fd_opt_runs_hmax_on_conditional_effects_and_the_plan_is_optimal():
    fd_opt = get_planner("fd-opt")
    configured = fd_opt.configured_for(SWITCHES)
    assert configured is not None and configured.search == "astar(hmax())" and configured.optimal
    result = configured.solve(SWITCHES, Limits(120))
    assert result.solved and result.optimal and result.plan == [("press", ())]
    assert "astar(hmax())" in result.message and get_planner("fd").configured_for(SWITCHES) is None


def test_fd_opt_plans_a_task_whose_compilation_fails_optimally(shared_data):
    domain, problem = ipc(shared_data, "miconic-fulladl", "domain.pddl", "f1-0.pddl")
    report = puzzleplan.plan(domain, problem, "fd-opt", timeout=120)
    assert report.run.result.status.value == "solved" and report.run.result.optimal and report.check.valid
    assert "astar(blind())" in report.message and report.cost == 4


# -- the advisor ------------------------------------------------------------------------------------------
def verdicts(advice: puzzleplan.api.Advice) -> dict[str, puzzleplan.api.advice.PlannerAdvice]:
    """The advice by planner name."""
    return {item.planner: item for item in advice.planners}


def test_advice_on_a_strips_task_every_pddl_planner_runs_it():
    advice = puzzleplan.advise(*HANOI)
    found = verdicts(advice)
    assert advice.default == "fd" and found["fd"].default
    assert all(found[name].verdict == "runs as is" for name in ("fd", "fd-opt", "pyperplan", "graphplan"))
    assert found["fd-opt"].optimal and not found["fd"].optimal
    assert found["native-astar"].verdict == "cannot run" and "fd" in found["native-astar"].can_run


def test_advice_on_conditional_effects_names_the_line_and_who_can(shared_data, capsys):
    domain, problem = ipc(shared_data, "miconic-fulladl", "domain.pddl", "f1-0.pddl")
    found = verdicts(puzzleplan.advise(domain, problem))
    assert found["fd"].verdict == "runs as is" and found["fd-opt"].verdict == "runs as"
    assert "astar(blind())" in found["fd-opt"].detail
    pyperplan = found["pyperplan"]
    assert pyperplan.verdict == "cannot run" and f"{domain}:102" in pyperplan.detail
    assert pyperplan.can_run == ("fd", "fd-opt") and "Error" not in pyperplan.line()
    code, out, _ = run(capsys, "advise", domain, problem, "--json")
    assert code == 0 and json.loads(out)["planners"][2]["can_run"] == ["fd", "fd-opt"]


def test_advice_on_action_costs(shared_data):
    domain, problem = ipc(shared_data, "parcprinter-08-strips", "p01-domain.pddl", "p01.pddl")
    found = verdicts(puzzleplan.advise(domain, problem))
    assert found["fd-opt"].verdict == "runs as is"
    assert (
        found["pyperplan-opt"].verdict == "cannot run"
        and f":action-costs at {domain}:64" in found["pyperplan-opt"].detail
    )


def test_advice_on_a_puzzle_file(capsys):
    code, out, _ = run(capsys, "advise", str(SOKOBAN))
    assert code == 0 and "default (what runs when no --planner is given): native-push-best" in out
    found = verdicts(puzzleplan.advise(SOKOBAN))
    assert found["native-push-best"].default and found["native-push-astar"].optimal
    assert found["native-tsp"].verdict == "cannot run" and "pacman only" in found["native-tsp"].detail
    assert "native-push-best" in found["native-tsp"].can_run
